#!/bin/sh
# For every patch in the series: scripts/checkpatch.pl --strict on the
# exported file, then the kernel (vm and compile-test configs) built with
# that patch on top of the ones before it, in a worktree of its own.
# Prints one line per patch; exits non-zero if any patch fails either.
# CHECK_BUILD=0 skips the builds.
set -u
. "$(dirname "$0")/lib.sh"

PATCHES=$TOP/patches
wt=$BUILD/linux-check
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree' first"
if [ "${CHECK_BUILD:-1}" = 1 ] && [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
	git -C "$TREE" worktree add -q --detach "$wt" base || die "cannot create $wt"
fi

# Two findings of checkpatch are wrong for this series, and are dropped:
# - FILE_PATH_CHANGES ("does MAINTAINERS need updating?") for a patch
#   whose new files all have a MAINTAINERS entry already;
# - BIT_MACRO in tools/include/uapi/, a copy of a UAPI header, where
#   BIT() does not exist (checkpatch exempts include/uapi/ only).
known_false() {	# known_false PATCH < checkpatch output
	covered=1
	for f in $(awk '/^diff --git / { f = substr($4, 3) } /^new file mode/ { print f }' "$1"); do
		(cd "$TREE" && scripts/get_maintainer.pl --no-git --no-git-fallback \
			--no-rolestats -f "$f" 2>/dev/null) | grep -q '@' || covered=0
	done
	awk -v covered=$covered 'BEGIN { RS = ""; ORS = "\n\n" }
		/^WARNING: added, moved or deleted file/ && covered { next }
		/^CHECK: Prefer using the BIT macro/ && /FILE: tools\/include\/uapi\// { next }
		{ print }'
}

bad=0
n=0
printf '%-64s %6s %8s %6s  %s\n' patch errors warnings checks builds
for p in $(cat "$PATCHES/series"); do
	n=$((n + 1))
	# Debian's python3, which has the modules spdxcheck.py needs
	sum=$(cd "$TREE" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --no-summary \
		"$PATCHES/$p" 2>&1 | known_false "$PATCHES/$p")
	e=$(printf '%s\n' "$sum" | grep -c '^ERROR:')
	w=$(printf '%s\n' "$sum" | grep -c '^WARNING:')
	c=$(printf '%s\n' "$sum" | grep -c '^CHECK:')
	builds=skipped
	if [ "${CHECK_BUILD:-1}" = 1 ]; then
		commit=$(git -C "$TREE" rev-list --reverse base..HEAD | sed -n "${n}p")
		git -C "$wt" checkout -q "$commit"
		log=$BUILD/check-$n.log
		if "$TOP/scripts/build-kernel.sh" vm "$wt" > "$log" 2>&1 &&
		   "$TOP/scripts/build-kernel.sh" compile-test "$wt" >> "$log" 2>&1; then
			builds=yes
			grep -q 'warning:' "$log" && builds="yes, with warnings (see $log)"
		else
			builds="NO (see $log)"
		fi
	fi
	printf '%-64s %6s %8s %6s  %s\n' "$p" "$e" "$w" "$c" "$builds"
	[ $((e + w + c)) = 0 ] || { printf '%s\n' "$sum" | sed 's/^/    /'; bad=1; }
	case $builds in yes|skipped) ;; *) bad=1 ;; esac
done
exit $bad
