#!/bin/sh
# For every patch in the series: scripts/checkpatch.pl --strict on the
# exported file, then, in a worktree of its own with that patch on top of
# the ones before it, a build of what the series can break:
# - every kernel file the series touches, in the config that builds it
#   (vm, or compile-test for the hardware drivers and page_pool);
# - the files using the AF_XDP driver API, whose headers it changes;
# - tools/lib/bpf, when the patch touches tools/;
# and a link check: no object may use a function that the series defines
# but that does not exist yet at this patch.  A full vmlinux after every
# patch would cost about as much as a cold build each time on 2 cores;
# "make check" builds the whole of both configs at the tip first.
# Prints one line per patch; exits non-zero if any patch fails.
# CHECK_BUILD=0 skips the builds; CHECK_FROM=N starts the builds at
# patch N, CHECK_ONLY='N M ...' builds those patches alone (checkpatch
# still sees every patch).
set -u
. "$(dirname "$0")/lib.sh"

PATCHES=$TOP/patches
wt=$BUILD/linux-check
[ -d "$TREE/.git" ] || die "no tree at $TREE; run 'make tree' first"
if [ "${CHECK_BUILD:-1}" = 1 ] && [ ! -d "$wt/.git" ] && [ ! -f "$wt/.git" ]; then
	git -C "$TREE" worktree add -q --detach "$wt" base || die "cannot create $wt"
fi

# Three findings of checkpatch are wrong for this series, and are dropped:
# - FILE_PATH_CHANGES ("does MAINTAINERS need updating?") for a patch
#   whose new files all have a MAINTAINERS entry already;
# - BIT_MACRO in tools/include/uapi/, a copy of a UAPI header, where
#   BIT() does not exist (checkpatch exempts include/uapi/ only);
# - UNKNOWN_COMMIT_ID for a Fixes: tag: the base is a release tarball in
#   one commit, without upstream's history.
known_false() {	# known_false PATCH < checkpatch output
	covered=1
	for f in $(awk '/^diff --git / { f = substr($4, 3) } /^new file mode/ { print f }' "$1"); do
		(cd "$TREE" && scripts/get_maintainer.pl --no-git --no-git-fallback \
			--no-rolestats -f "$f" 2>/dev/null) | grep -q '@' || covered=0
	done
	awk -v covered=$covered 'BEGIN { RS = ""; ORS = "\n\n" }
		/^WARNING: added, moved or deleted file/ && covered { next }
		/^CHECK: Prefer using the BIT macro/ && /FILE: tools\/include\/uapi\// { next }
		/^WARNING: Unknown commit id .*\nFixes: / { next }
		{ print }'
}

# objects CONFIG: the objects of the check that the tip's build of CONFIG
# has, one per line.
objects() {
	tipobj=$(objdir "$TREE" "$1")
	{
		git -C "$TREE" diff --name-only base..HEAD -- '*.c'
		git -C "$TREE" grep -l -e 'xdp_sock_drv\.h' -e 'xsk_buff_pool\.h' \
			HEAD -- '*.c' | sed 's/^HEAD://'
	} | grep -v '^tools/' | sort -u | while read -r f; do
		[ -f "$tipobj/${f%.c}.o" ] && echo "${f%.c}.o"
	done
}

# object_paths SRC: the objects of the check in the builds of tree SRC,
# those whose source SRC has (a file of a later patch leaves its object
# behind when the worktree goes back)
object_paths() {
	for name in vm compile-test; do
		for o in $(objects $name); do
			[ -f "$1/${o%.o}.c" ] && echo "$(objdir "$1" $name)/$o"
		done
	done
}

# built_objects: every object in the worktree's builds whose source it
# has, whether or not the series touches it (nicsim builds i40e's and
# ice's sources into its own objects at the tip, the drivers' own objects
# define the same functions before that)
built_objects() {
	for name in vm compile-test; do
		out=$(objdir "$wt" $name)
		[ -d "$out" ] || continue
		(cd "$out" && find . -name '*.o' ! -name '*.mod.o') | sed 's,^\./,,' |
			while read -r o; do
				[ -f "$wt/${o%.o}.c" ] || [ -f "$wt/${o%.o}.S" ] &&
					echo "$out/$o"
			done
	done
}

# check_links LOG: every symbol that an object of the check needs and that
# the series' objects define at the tip must be defined at this patch too.
check_links() {
	{
		object_paths "$wt" | xargs nm -g --undefined-only 2>/dev/null
		built_objects | xargs nm -g --defined-only 2>/dev/null
	} | awk -v tip="$tipdefs" 'BEGIN { while ((getline l < tip) > 0) t[l] = 1 }
			$1 == "U" { u[$2] = 1; next }
			NF == 3 && $2 ~ /[A-TV-Z]/ { d[$3] = 1 }
			END { for (s in u) if ((s in t) && !(s in d)) print "undefined: " s }' >> "$1"
	! grep -q '^undefined: ' "$1"
}

# dirs CONFIG: the directories of the check's objects that the worktree
# has.  Kbuild builds a directory as the patch's Makefiles and config say,
# where an object that this patch does not have yet, or does not build in
# this config, would be a target with no rule.
dirs() {
	objects "$1" | sed 's,/[^/]*$,/,' | sort -u | while read -r d; do
		[ -d "$wt/$d" ] && echo "$d"
	done
}

build_at() {	# build_at COMMIT LOG
	git -C "$wt" checkout -q "$1" || return 1
	for name in vm compile-test; do
		BUILD_TARGETS=$(dirs $name | tr '\n' ' ') KCONFIG_UNDEFINED_OK=1 \
			"$TOP/scripts/build-kernel.sh" $name "$wt" >> "$2" 2>&1 || return 1
	done
	if git -C "$wt" diff --quiet "$1~" "$1" -- tools/; then :; else
		make -C "$wt/tools/lib/bpf" -j"$JOBS" >> "$2" 2>&1 || return 1
	fi
	check_links "$2"
}

if [ "${CHECK_BUILD:-1}" = 1 ]; then
	# What the series' objects define at the tip, from "make kernel".
	tipdefs=$BUILD/check-tip-symbols
	object_paths "$TREE" | xargs nm -g --defined-only 2>/dev/null |
		awk 'NF == 3 && $2 ~ /[A-TV-Z]/ { print $3 }' | sort -u > "$tipdefs"
	[ -s "$tipdefs" ] || die "no objects at the tip; run 'make check'"
fi

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
	build=0
	if [ "${CHECK_BUILD:-1}" = 1 ]; then
		case " ${CHECK_ONLY:-$n} " in
		*" $n "*) [ "$n" -ge "${CHECK_FROM:-1}" ] && build=1 ;;
		esac
	fi
	if [ $build = 1 ]; then
		commit=$(git -C "$TREE" rev-list --reverse base..HEAD | sed -n "${n}p")
		log=$BUILD/check-$n.log
		: > "$log"
		if build_at "$commit" "$log"; then
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
