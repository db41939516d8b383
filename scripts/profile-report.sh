#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Turn make profile's counts (DIR/{base,patched}-icount/kprof/WORKLOAD/N,
# the instructions at each address in the Nth timed run of a workload,
# written by scripts/kprof.c and filed by guest/bench.sh) into
# DIR/profile.md, and print it: for each workload, the instructions per
# frame of each kernel function, base against patched, the functions
# that changed most first, then AF_XDP against AF_PACKET on the series;
# and DIR/model.txt, for scripts/bench-report.sh: "WORKLOAD BASE PATCHED",
# the instructions per frame of the simulated NICs' own functions; and
# DIR/floor.txt, "WORKLOAD ALL RECEIVE" for each driver's XDP_DROP with
# fragments: all its instructions a frame, and the receive side's.
# Of a workload's runs, the one with the fewest instructions counts on
# each side, as the bench's minimum does.
# Usage: profile-report.sh DIR   (PROFILE_TOP: rows per workload, 25;
# PROFILE_QUIET=1: write, do not print)
set -eu
. "$(dirname "$0")/lib.sh"

[ $# = 1 ] || die "usage: profile-report.sh DIR"
r=$1
top=${PROFILE_TOP:-25}

# per_function SYSTEM.MAP COUNTS: "FUNCTION INSTRUCTIONS" for each function
# with instructions in COUNTS; addresses below the kernel's are "[user]",
# those above its image (from __init_end: modules and the BPF JIT's
# programs) "[bpf]"
per_function() {
	{
		awk '$2 ~ /^[tT]$/ { print $1, "S", $3 }
		     $3 == "__init_end" { print $1, "S", "[bpf]" }' "$1"
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

# frames RUN-DIR SYSTEM.MAP COUNTS: the frames of a run, its file "frames";
# where that says "calls FUNCTION", the executions of FUNCTION's first
# instruction in COUNTS
frames() {
	set -- "$(cat "$1/frames")" "$2" "$3"
	case $1 in
	calls\ *)
		awk -v f="${1#calls }" '
			FNR == NR { if ($3 == f) a = $1; next }
			$1 == a { n += $2 }
			END { print n + 0 }' "$2" "$3" ;;
	*)	echo "$1" ;;
	esac
}

# nicsim_functions TREE WHICH: the functions of drivers/net/nicsim's
# objects in TREE's bench kernel, which hold the drivers' own code as
# well: the simulated NICs' (WHICH=model, those named nicsim_, i40sim_
# and so on), or the drivers' (WHICH=driver, the rest)
nicsim_functions() {
	nm "$(objdir "$1" bench)"/drivers/net/nicsim/*.o |
		awk -v model=$([ "$2" = model ] && echo 1 || echo 0) '
			$2 ~ /^[tT]$/ && ($3 ~ /^[a-z0-9]*sim_/) == model { print $3 }' |
		sort -u
}

# receive FUNCTIONS FRAMES PER-FUNCTION: the instructions per frame of the
# receive side: the driver's FUNCTIONS, NAPI and its softirq, the XDP
# program and the kernel's XDP and page_pool functions
receive() {
	awk -v n="$2" 'FNR == NR { d[$1] = 1; next }
		$1 in d || $1 ~ /^(__)?(xdp_|bpf_|page_pool|napi_|netif_receive|gro_)/ ||
		$1 ~ /^(net_rx_action|__softirqentry_text_start|\[bpf\])$/ { s += $2 }
		END { printf "%.1f\n", s / n }' "$1" "$3"
}

# model FUNCTIONS FRAMES PER-FUNCTION: the instructions per frame that the
# model's own functions execute
model() {
	awk -v n="$2" 'FNR == NR { m[$1] = 1; next }
		$1 in m { s += $2 } END { printf "%.1f\n", s / n }' "$1" "$3"
}

# compare TITLE DIR-A MAP-A NAME-A DIR-B MAP-B NAME-B: the table of one
# workload's cheapest run on each side, per frame and function
compare() {
	ca=$(cheapest "$2")
	cb=$(cheapest "$5")
	fa=$(frames "$2" "$3" "$ca")
	fb=$(frames "$5" "$6" "$cb")
	per_function "$3" "$ca" > "$r/a.fn"
	per_function "$6" "$cb" > "$r/b.fn"
	la=base
	[ "$3" = "$pmap" ] && la=patched
	ma=$(model "$r/$la.model" "$fa" "$r/a.fn")
	mb=$(model "$r/patched.model" "$fb" "$r/b.fn")
	echo "$1 $ma $mb" >> "$r/model.txt"
	if [ "$fa" = "$fb" ]; then
		echo "## $1 ($fb frames a run)"
	else
		echo "## $1 ($fa and $fb frames a run)"
	fi
	echo
	echo "| function | $4 | $7 | Δ |"
	echo "|---|---:|---:|---:|"
	awk -v fa="$fa" -v fb="$fb" -v top="$top" '
		FNR == 1 { side++ }
		{ v[side, $1] = $2 / (side == 1 ? fa : fb); fn[$1] = 1 }
		END {
			for (f in fn) {
				d = v[2, f] - v[1, f]
				print (d < 0 ? -d : d), f, v[1, f] + 0, v[2, f] + 0, d
				tb += v[1, f]; tp += v[2, f]
			}
			print -1, "(all)", tb, tp, tp - tb
		}' "$r/a.fn" "$r/b.fn" | sort -rn | awk -v top="$top" '
		$2 == "(all)" { all = sprintf("| **all** | %.1f | %.1f | %+.1f |", $3, $4, $5); next }
		NR <= top { printf "| %s | %.1f | %.1f | %+.1f |\n", $2, $3, $4, $5; next }
		{ ob += $3; op += $4 }
		END {
			if (ob || op)
				printf "| (the other functions) | %.1f | %.1f | %+.1f |\n", ob, op, op - ob
			print all
		}'
	echo "| of which the model (drivers/net/nicsim) | $ma | $mb | $(awk -v a="$ma" -v b="$mb" 'BEGIN { printf "%+.1f", b - a }') |"
	echo
}

{
cat <<EOF2
# Instructions per frame, by kernel function, base against the series

$(date -u '+%Y-%m-%d %H:%M UTC'), project at $(cat "$r/project.commit" 2>/dev/null || echo '?');
base: $(cat "$r/base.tree" 2>/dev/null || echo '?'); patched: $(cat "$r/patched.tree" 2>/dev/null || echo '?').
Both kernels: config/bench.config, QEMU TCG under icount, with the kprof
plugin counting every instruction the guest executes at each address
while xdp_bench times a run, or, on an xsk row, for XSK_SECS in the
middle of a run of its own (scripts/kprof.c): what a function executes
itself, not in the functions it calls.  Per frame: the run's count
divided by its frames, on an xsk row the calls of the receiver's
function for each frame (tpacket_rcv, __xsk_rcv).  Last, AF_XDP set
against AF_PACKET on the series alone.  The $top functions whose count changed most,
then the rest together.

EOF2
bmap=$(objdir "$BASE_TREE" bench)/System.map
pmap=$(objdir "$TREE" bench)/System.map
nicsim_functions "$BASE_TREE" model > "$r/base.model"
nicsim_functions "$TREE" model > "$r/patched.model"
: > "$r/model.txt"
for dir in "$r"/patched-icount/kprof/*/*/*; do
	[ -d "$dir" ] || continue
	w=${dir#"$r"/patched-icount/kprof/}
	b=$r/base-icount/kprof/$w
	[ -d "$b" ] || continue
	compare "$w" "$b" "$bmap" base "$dir" "$pmap" patched
done
# AF_XDP against AF_PACKET on the same traffic, both on the series
k=$r/patched-icount/kprof/xsk
for kind in xdpdrv xdp; do
	if [ -d "$k/packet/9014" ] && [ -d "$k/$kind/9014" ]; then
		compare "xsk/$kind/9014 against xsk/packet/9014, patched" \
			"$k/packet/9014" "$pmap" packet "$k/$kind/9014" "$pmap" "$kind"
	fi
done
} > "$r/profile.md"
# The drivers' XDP_DROP of frames with fragments (patched only), split
# into the receive side and the rest, the write() and the port's DMA,
# for bench-report.sh's two-pass floor: "WORKLOAD ALL RECEIVE" a frame
nicsim_functions "$TREE" driver > "$r/patched.driver"
: > "$r/floor.txt"
for dir in "$r"/patched-icount/kprof/*/drop_mb/*; do
	[ -d "$dir" ] || continue
	w=${dir#"$r"/patched-icount/kprof/}
	case $w in veth/*|run/*) continue ;; esac
	c=$(cheapest "$dir")
	f=$(frames "$dir" "$pmap" "$c")
	per_function "$pmap" "$c" > "$r/a.fn"
	echo "$w $(awk -v n="$f" '{ s += $2 } END { printf "%.1f", s / n }' "$r/a.fn") $(receive "$r/patched.driver" "$f" "$r/a.fn")" >> "$r/floor.txt"
done
rm -f "$r/a.fn" "$r/b.fn" "$r/base.model" "$r/patched.model" "$r/patched.driver"
[ -n "${PROFILE_QUIET:-}" ] || cat "$r/profile.md"
