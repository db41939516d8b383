#!/bin/sh
# Export the commits of the generated tree (base..HEAD) into patches/:
# numbered format-patch files, the cover letter from the branch description,
# and patches/series.  Applying the result with mktree.sh gives back the
# same commits.
set -eu
. "$(dirname "$0")/lib.sh"

PATCHES=$TOP/patches
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree' first"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes; commit them first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$TREE" format-patch -q --zero-commit --no-signature --cover-letter \
	--subject-prefix="PATCH v$SERIES_VERSION" \
	--cover-from-description=subject -o "$tmp" base..HEAD
# A stable date for the cover letter: that of the newest commit.
date=$(git -C "$TREE" log -1 --format=%aD)
sed -i "s/^Date: .*/Date: $date/" "$tmp/0000-cover-letter.patch"

rm -f "$PATCHES"/*.patch
mv "$tmp"/*.patch "$PATCHES"/
(cd "$PATCHES" && ls [0-9]*.patch | grep -v '^0000-' > series)
want=$(cd "$PATCHES" && cat series $(cat series) | sha256sum | cut -c1-16)
echo "$want $(git -C "$TREE" rev-parse HEAD)" > "$TREE/.git/xdp-mb-stamp"
say "exported $(grep -c . "$PATCHES/series") patches to $PATCHES"
