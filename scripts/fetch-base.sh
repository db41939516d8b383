#!/bin/sh
# Fetch the pristine Linux base that BASE names (Debian's orig tarball; see
# BASES in lib.sh), verify it, and keep it in the cache as a one-commit git
# repository tagged "base".
# The system's apt configuration is not touched: apt gets a private state
# directory and a private sources list.
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$BASE_REPO/.git" ] && git -C "$BASE_REPO" rev-parse -q --verify base >/dev/null && exit 0

mkdir -p "$CACHE"
tarball=$CACHE/$BASE_TARBALL
if [ ! -f "$tarball" ]; then
	say "downloading $BASE_TARBALL with apt (private state in $CACHE/apt)"
	apt=$CACHE/apt
	mkdir -p "$apt/lists/partial" "$apt/dl"
	# the machine's own mirror: the stanza of its security suite for a
	# security update, the first one otherwise
	case $BASE_SUITE in
	*-security)	uri=$(awk '/^URIs:/ { u = $2 } /^Suites:.*-security/ { print u; exit }' \
				/etc/apt/sources.list.d/debian.sources 2>/dev/null)
			[ -n "$uri" ] || uri=http://deb.debian.org/debian-security ;;
	*)		uri=$(sed -n 's/^URIs:[[:space:]]*//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
			[ -n "$uri" ] || uri=http://deb.debian.org/debian ;;
	esac
	echo "deb-src $uri $BASE_SUITE main" > "$apt/sources.list"
	opts="-o Dir::Etc::sourcelist=$apt/sources.list -o Dir::Etc::sourceparts=- -o Dir::State::Lists=$apt/lists -o APT::Get::List-Cleanup=0"
	# shellcheck disable=SC2086
	apt-get -q $opts update >&2
	# shellcheck disable=SC2086
	(cd "$apt/dl" && apt-get -q $opts source --download-only "linux=$BASE_VERSION-1" >&2)
	mv "$apt/dl/$BASE_TARBALL" "$tarball.part"
	rm -rf "$apt/dl"
	mv "$tarball.part" "$tarball"
fi

say "verifying sha256 of $BASE_TARBALL"
sum=$(sha256sum "$tarball" | cut -d' ' -f1)
if [ "$sum" != "$BASE_SHA256" ]; then
	mv "$tarball" "$tarball.bad"
	die "$BASE_TARBALL has sha256 $sum, expected $BASE_SHA256; moved aside to $tarball.bad, refusing to use it"
fi

say "importing the base into $BASE_REPO"
tmp=$BASE_REPO.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
tar -xJf "$tarball" -C "$tmp" --strip-components=1
git -C "$tmp" init -q
# -f: the tarball ships files that its own .gitignore matches (test_progs.c)
git -C "$tmp" add -A -f
GIT_COMMITTER_DATE="2024-07-27 00:00:00 +0000" git -C "$tmp" -c user.name="$PROJECT_NAME" -c user.email="$PROJECT_EMAIL" \
	commit -q -m "Linux $BASE_VERSION" --date='2024-07-27 00:00:00 +0000'
git -C "$tmp" tag base
rm -rf "$BASE_REPO"
mv "$tmp" "$BASE_REPO"
