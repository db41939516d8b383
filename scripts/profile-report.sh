#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Turn make profile's counts (DIR/{base,patched}-icount/kprof/WORKLOAD/N,
# the instructions at each address in the Nth timed run of a workload,
# written by scripts/kprof.c and filed by guest/bench.sh) into
# DIR/profile.md, and print it: for each workload, the instructions per
# frame of each kernel function, base against patched, the functions
# that changed most first.  Of a workload's runs, the one with the fewest
# instructions counts on each side, as the bench's minimum does.
# Usage: profile-report.sh DIR   (PROFILE_TOP: rows per workload, 25)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || die "usage: profile-report.sh DIR"
r=$1
top=${PROFILE_TOP:-25}

# per_function SYSTEM.MAP COUNTS: "FUNCTION INSTRUCTIONS" for each function
# with instructions in COUNTS; addresses below the kernel's are "[user]"
per_function() {
	{
		awk '$2 ~ /^[tT]$/ { print $1, "S", $3 }' "$1"
		awk '{ print $1, "C", $2 }' "$2"
	} | LC_ALL=C sort -k1,1 -k2,2r | awk '
		BEGIN { f = "[user]" }
		$2 == "S" { f = $3; next }
		{ n[f] += $3 }
		END { for (f in n) print f, n[f] }'
}

# cheapest WORKLOAD-DIR: the run with the fewest instructions
cheapest() {
	for w in "$1"/[0-9]*; do
		printf '%s %s\n' "$(awk '{ s += $2 } END { print s + 0 }' "$w")" "$w"
	done | sort -n | awk 'NR == 1 { print $2 }'
}

{
cat <<EOF2
# Instructions per frame, by kernel function, base against the series

$(date -u '+%Y-%m-%d %H:%M UTC'), project at $(cat "$r/project.commit" 2>/dev/null || echo '?');
base: $(cat "$r/base.tree" 2>/dev/null || echo '?'); patched: $(cat "$r/patched.tree" 2>/dev/null || echo '?').
Both kernels: config/bench.config, QEMU TCG under icount, with the kprof
plugin counting every instruction the guest executes at each address
while xdp_bench times a run (scripts/kprof.c): what a function executes
itself, not in the functions it calls.  Per frame: the run's count
divided by its frames.  The $top functions whose count changed most,
then the rest together.

EOF2
for dir in "$r"/patched-icount/kprof/*/*/*; do
	[ -d "$dir" ] || continue
	w=${dir#"$r"/patched-icount/kprof/}
	b=$r/base-icount/kprof/$w
	[ -d "$b" ] || continue
	frames=$(cat "$dir/frames")
	per_function "$(objdir "$BASE_TREE" bench)/System.map" "$(cheapest "$b")" > "$r/base.fn"
	per_function "$(objdir "$TREE" bench)/System.map" "$(cheapest "$dir")" > "$r/patched.fn"
	echo "## $w ($frames frames a run)"
	echo
	echo "| function | base | patched | Δ |"
	echo "|---|---:|---:|---:|"
	awk -v frames="$frames" -v top="$top" '
		FNR == 1 { side++ }
		{ v[side, $1] = $2 / frames; fn[$1] = 1 }
		END {
			for (f in fn) {
				d = v[2, f] - v[1, f]
				print (d < 0 ? -d : d), f, v[1, f] + 0, v[2, f] + 0, d
				tb += v[1, f]; tp += v[2, f]
			}
			print -1, "(all)", tb, tp, tp - tb
		}' "$r/base.fn" "$r/patched.fn" | sort -rn | awk -v top="$top" '
		$2 == "(all)" { all = sprintf("| **all** | %.1f | %.1f | %+.1f |", $3, $4, $5); next }
		NR <= top { printf "| %s | %.1f | %.1f | %+.1f |\n", $2, $3, $4, $5; next }
		{ ob += $3; op += $4 }
		END {
			if (ob || op)
				printf "| (the other functions) | %.1f | %.1f | %+.1f |\n", ob, op, op - ob
			print all
		}'
	echo
done
} > "$r/profile.md"
rm -f "$r/base.fn" "$r/patched.fn"
cat "$r/profile.md"
