#!/bin/sh
# Export the commits of the generated tree (base..HEAD) into patches/:
# each posting's format-patch files, named NN-name-00KK-*.patch, with a
# cover letter (NN-name-0000-cover-letter.patch) from covers/NN-name, and
# patches/series, every patch in order, for git am and mktree.sh.  A cover source starts with its headers:
#   Tree: bpf-next                     (the subject prefix's tree)
#   First: <subject of the posting's first patch>
#   Subject: <the cover letter's subject>
# then a blank line and the cover letter's text.  A posting runs up to the
# next one's first patch; every patch must be in one.
set -eu
. "$(dirname "$0")/lib.sh"

PATCHES=$TOP/patches
COVERS=$TOP/covers
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree' first"
[ -z "$(git -C "$TREE" status --porcelain --untracked-files=no)" ] ||
	die "$TREE has uncommitted changes; commit them first"

header() {	# header FILE NAME
	sed -n "s/^$2: //p;/^\$/q" "$1" | head -1
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Each commit, and the posting it starts, if any
git -C "$TREE" log --reverse --format='%H %s' base..HEAD > "$tmp/commits"
cut -d' ' -f2- "$tmp/commits" > "$tmp/commits.subj"
: > "$tmp/starts"
for c in "$COVERS"/[0-9][0-9]-*; do
	first=$(header "$c" First)
	grep -qxF "$first" "$tmp/commits.subj" ||
		die "$(basename "$c"): no patch \"$first\""
	printf '%s\t%s\n' "$first" "$c" >> "$tmp/starts"
done
awk -v tmp="$tmp" '
	BEGIN { FS = "\t"; while ((getline l < (tmp "/starts")) > 0) {
		split(l, f, "\t"); start[f[1]] = f[2] } FS = " " }
	{ sha = $1; subj = substr($0, length($1) + 2)
	  if (subj in start) { if (cur) print cur, from, last; cur = start[subj]; from = sha }
	  else if (!cur) { print "error: no posting starts at " subj > "/dev/stderr"; exit 1 }
	  last = sha }
	END { if (cur) print cur, from, last }
' "$tmp/commits" > "$tmp/postings" || die "the first patch starts no posting"

: > "$tmp/series"
while read -r cover from to; do
	name=$(basename "$cover")
	out=$tmp/$name
	git -C "$TREE" format-patch -q --zero-commit --no-signature --cover-letter \
		--subject-prefix="PATCH v$SERIES_VERSION $(header "$cover" Tree)" \
		-o "$out" "$from~1..$to"
	# The cover letter: its subject and text, and a stable date, that
	# of the posting's newest commit.
	date=$(git -C "$TREE" log -1 --format=%aD "$to")
	sed -n '/^$/,$p' "$cover" | sed 1d > "$tmp/blurb"
	awk -v subj="$(header "$cover" Subject)" -v date="$date" -v blurb="$tmp/blurb" '
		/^Date: / { print "Date: " date; next }
		/\*\*\* SUBJECT HERE \*\*\*/ { sub(/\*\*\* SUBJECT HERE \*\*\*/, subj) }
		/^\*\*\* BLURB HERE \*\*\*$/ { while ((getline l < blurb) > 0) print l; next }
		{ print }
	' "$out/0000-cover-letter.patch" > "$tmp/cover" &&
		mv "$tmp/cover" "$out/0000-cover-letter.patch"
	# One flat directory: the posting's name leads each file's name
	mkdir -p "$tmp/out"
	for f in "$out"/*.patch; do
		mv "$f" "$tmp/out/$name-$(basename "$f")"
	done
	(cd "$tmp/out" && ls "$name"-[0-9]*.patch | grep -v -e '-0000-cover-letter') >> "$tmp/series"
done < "$tmp/postings"

rm -rf "$PATCHES"
mkdir -p "$PATCHES"
mv "$tmp"/out/*.patch "$tmp/series" "$PATCHES"/
want=$(cd "$PATCHES" && cat series $(cat series) | sha256sum | cut -c1-16)
echo "$want $(git -C "$TREE" rev-parse HEAD)" > "$TREE/.git/xdp-mb-stamp"
say "exported $(grep -c . "$PATCHES/series") patches in $(wc -l < "$tmp/postings") postings to $PATCHES"
