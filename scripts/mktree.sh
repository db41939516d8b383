#!/bin/sh
# Generate the kernel tree: the base as one commit, then every patch listed in
# patches/series applied with "git am".  An existing tree is reused when it
# already holds exactly this series, and reset in place when patches/ changed
# (so make rebuilds only what the patches touch).  A tree holding commits that
# were never exported is left alone: export them first, or FORCE=1.
# SERIES=/dev/null gives the base alone (the A side of make bench).
set -eu
. "$(dirname "$0")/lib.sh"

PATCHES=$TOP/patches
series=${SERIES:-$PATCHES/series}
stamp=$TREE/.git/xdp-mb-stamp
want=$(cd "$PATCHES" && cat "$series" $(cat "$series") 2>/dev/null | sha256sum | cut -c1-16)

"$TOP/scripts/fetch-base.sh"

if [ ! -d "$TREE/.git" ]; then
	say "cloning the base into $TREE"
	mkdir -p "$(dirname "$TREE")"
	git clone -q --shared --no-checkout "$BASE_REPO" "$TREE"
	git -C "$TREE" config user.name "$PROJECT_NAME"
	git -C "$TREE" config user.email "$PROJECT_EMAIL"
	git -C "$TREE" checkout -q -b series base
elif [ -f "$stamp" ]; then
	read -r had head < "$stamp"
	now=$(git -C "$TREE" rev-parse HEAD)
	if [ "$now" != "$head" ] && [ "${FORCE:-0}" != 1 ]; then
		[ "$had" = "$want" ] || die "$TREE has commits that are not in patches/, and patches/ changed too; run 'make export' or 'make tree FORCE=1' (drops them)"
		say "$TREE has commits not yet exported to patches/; using it as it is"
		exit 0
	fi
	[ "$had" = "$want" ] && [ "$now" = "$head" ] && exit 0
fi

say "applying $(wc -l < "$series") patches to the base"
git -C "$TREE" am --abort 2>/dev/null || true
git -C "$TREE" reset -q --hard base

for p in $(cat "$series" 2>/dev/null); do
	if ! git -C "$TREE" am -q "$PATCHES/$p" >/dev/null 2>&1; then
		printf '\nerror: patch %s does not apply:\n' "$p" >&2
		git -C "$TREE" apply --check -v "$PATCHES/$p" 2>&1 | grep -v '^Checking patch' >&2 || true
		git -C "$TREE" am --abort 2>/dev/null || true
		die "the series stops at $p"
	fi
done
echo "$want $(git -C "$TREE" rev-parse HEAD)" > "$stamp"
say "tree ready: $TREE ($(git -C "$TREE" rev-list --count base..HEAD) patches)"
