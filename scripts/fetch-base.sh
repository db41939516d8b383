#!/bin/sh
# Fetch the pristine Linux base that BASE names (Debian's orig tarball; see
# BASES in lib.sh), verify it, and keep it in the cache as a one-commit git
# repository tagged "base".
# The system's apt configuration is not touched (apt_source in lib.sh).
set -eu
. "$(dirname "$0")/lib.sh"

[ -d "$BASE_REPO/.git" ] && git -C "$BASE_REPO" rev-parse -q --verify base >/dev/null && exit 0

mkdir -p "$CACHE"
tarball=$CACHE/$BASE_TARBALL
if [ ! -f "$tarball" ]; then
	say "downloading $BASE_TARBALL with apt (private state in $CACHE/apt)"
	apt_source "$BASE_SUITE" "linux=$BASE_VERSION-1" "$CACHE/apt/dl"
	mv "$CACHE/apt/dl/$BASE_TARBALL" "$tarball.part"
	rm -rf "$CACHE/apt/dl"
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
