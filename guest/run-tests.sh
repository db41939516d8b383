#!/bin/sh
# In-VM test runner.  Runs the series' selftests of interest (test_progs,
# xskxceiver, the veth multi-buffer tests) and the project's own checks,
# then has kmemleak scan for what they leaked, printing one line per test
# ("PASS name", "FAIL name" or "SKIP name") to stdout and to
# /run/out/results.  A failing test's log follows its line.  This VM is
# built to run every test: scripts/test.sh counts a skip apart, and fails
# the run for it.
# Usage: run-tests.sh TREE [SET]
#   SET is half of the suite; scripts/test.sh boots a VM for each, at
#   the same time, so that both host cores are busy:
#   suite (the default): xdp_nicsim's mvneta and ice ports but their
#     reconf subtests, the rest of test_progs, xskxceiver, the random
#     veth test's traffic part;
#   vm2: the random veth test's teardown part and the reconf subtests,
#     which need both vCPUs on one host thread (scripts/test.sh),
#     xdp_nicsim's i40e ports under swiotlb=force, the veth
#     multi-buffer test and tests/*.sh.
#   Each ends with kmemleak's scan; results of vm2 are named vm2/NAME.
set -u
tree=$1
set=${2:-suite}

# The suite's parameters, sized so that it fits a CI job on a slow host;
# the docs point here rather than repeat them.
FUZZ_N=3000		# xdp_frags_fuzz inputs (make fuzz: a million)
RANDOM_FRAMES=60000	# test_xdp_veth_random.sh's traffic part (default 200,000)
TEARDOWN_FRAMES=2000	# its teardown part: frames first,
TEARDOWN_SECONDS=60	# then attach/detach under traffic this long
top=$(pwd)
results=/run/out/results
logs=/run/out/logs
: > "$results"
mkdir -p "$logs"

result() {	# result PASS|FAIL|SKIP NAME [LOG]; NAME is SET/NAME outside the suite
	if [ "$set" = suite ]; then
		echo "$1 $2"
	else
		echo "$1 $set/$2"
	fi | tee -a "$results"
	if [ "$1" = FAIL ] && [ -n "${3:-}" ]; then
		sed 's/^/    | /' "$3" | tail -n 60
	fi
}

# The guest runs on every vCPU QEMU gave it (scripts/vm.sh says how
# many): with one, no test here could race.
online=$(nproc)
if [ "$online" = "${VM_CPUS:-?}" ]; then
	result PASS "cpus ($online online)"
else
	echo "$online CPUs online, ${VM_CPUS:-?} offered" > "$logs/cpus.log"
	result FAIL "cpus ($online online)" "$logs/cpus.log"
fi

# selftest NAME SCRIPT [ARG...]: one result for a selftest script
selftest() {
	name=$1
	shift
	start=$(date +%s)
	sh "$@" > "$logs/$name.log" 2>&1
	case $? in
	0)	result PASS "$name" ;;
	4)	result SKIP "$name" "$logs/$name.log" ;;	# kselftest's skip
	*)	result FAIL "$name" "$logs/$name.log" ;;
	esac
	took "$name" "$start"
}

# tp_log NAME: what test_progs printed for test NAME, read from stdin.
# It prints a test's log before the test's result line, so this is
# everything after the previous test's line; subtests that passed are
# left out, so that the failing ones' logs show.
tp_log() {
	awk -v name="$1" '
	/^#[0-9]+ [^ \/]+:(OK|SKIP|FAIL)$/ {
		if (index($0, " " name ":")) {
			printf "%s%s\n", buf, $0
			exit
		}
		buf = ""
		next
	}
	/^#[0-9]+\/[0-9]+ .*:OK$/ { next }
	{ buf = buf $0 "\n" }'
}

# took PART START: how long a part of the suite took, for whoever must
# fit the suite into a CI job's time
took() {
	echo "($1 took $(($(date +%s) - $2)) s)"
}

# progs LOG ARG...: test_progs with ARG (which tests), one result a test
progs() {
	log=$logs/$1.log
	shift
	start=$(date +%s)
	(cd "$tree/tools/testing/selftests/bpf" &&
	 XDP_FRAGS_FUZZ_N=$FUZZ_N ./test_progs "$@") > "$log" 2>&1
	rc=$?
	took "test_progs $*" "$start"
	# a line a test, and one a skipped subtest: a test whose subtests
	# were skipped is OK itself
	sed -n -e 's/^#[0-9]* \([^/:]*\):\(OK\|SKIP\|FAIL\)$/\2 \1/p' \
	       -e 's/^#[0-9]*\/[0-9]* \(.*\):SKIP$/SKIP \1/p' \
		"$log" > "$log.list"
	while read -r status name; do
		case $status in
		OK)	result PASS "test_progs/$name" ;;
		SKIP)	result SKIP "test_progs/$name" ;;
		*)	tp_log "$name" < "$log" > "$logs/tp-$name.log"
			result FAIL "test_progs/$name" "$logs/tp-$name.log" ;;
		esac
	done < "$log.list"
	if [ "$rc" != 0 ] && ! grep -q '^FAIL' "$log.list"; then
		result FAIL "test_progs $* (exit $rc)" "$log"
	fi
}

# xdp_nicsim is split between the VMs: mvneta's and ice's ports here,
# i40e's (and l2fwd, from an i40e port to an ice port and back, zero-copy)
# in vm2, whose kernel bounces every DMA mapping through swiotlb
# (scripts/test.sh): a driver that reads a buffer without syncing it for
# the CPU, or hands one to the device without syncing it back, gets
# stale bytes.  The first VM also runs every other xdp test of the base
# and of the series, plus the selftest the series repairs (none of them
# maps DMA); xdp_frags_fuzz runs FUZZ_N inputs.  (The split keeps the
# two VMs about as long.)
# Each port's reconf subtest attaches and detaches programs while both
# vCPUs run them, as the teardown test does: that needs both vCPUs on
# one host thread ("Known problems" in docs/tests.md; an mvneta0/reconf
# hung so in the first VM), and runs in vm2.  (-b's part before the
# slash names tests, and "elsewhere" none: the part after it leaves out
# the subtests named so.)
suite_progs() {
	progs test_progs_nicsim -t xdp_nicsim/mvneta0/,ice0 -b elsewhere/reconf
	progs test_progs -t xdp,test_global_funcs -b xdp_nicsim
}

bounce_progs() {
	progs test_progs_nicsim -t xdp_nicsim/i40e0,mvneta0/reconf,ice0/reconf,l2fwd
}

xsk() {
	# AF_XDP: xskxceiver prints "PASS|FAIL|SKIP [SKB |DRV ]NAME[: detail]"
	# per test.
	xsk=$tree/tools/testing/selftests/bpf/test_xsk.sh
	if [ -x "$xsk" ]; then
		log=$logs/xsk.log
		start=$(date +%s)
		sh "$xsk" > "$log" 2>&1
		rc=$?
		took xskxceiver "$start"
		awk '$1 == "PASS" || $1 == "FAIL" || $1 == "SKIP" {
			n = $2
			if (n == "SKB" || n == "DRV")
				n = tolower(n) "/" $3
			sub(/:$/, "", n)
			print $1, "xsk/" n
		}' "$log" |
		while read -r status name; do
			result "$status" "$name"
		done
		if [ "$rc" != 0 ]; then
			grep -v '^PASS ' "$log" | sed 's/^/    | /' | tail -n 40
			grep -q '^FAIL ' "$log" || result FAIL "xsk (exit $rc)" "$log"
		fi
	fi

}

# veth multi-buffer, end to end, then under random traffic: one result
# for each script, whose "ok:" and "FAIL:" lines are in its log
veth_frags() {
	veth=$tree/tools/testing/selftests/bpf/test_xdp_veth_frags.sh
	[ -x "$veth" ] && selftest veth_frags "$veth"
}

# (the teardown part, SECONDS 0 here, is vm2's)
veth_random() {
	veth=$tree/tools/testing/selftests/bpf/test_xdp_veth_random.sh
	[ -x "$veth" ] && selftest veth_random "$veth" "$RANDOM_FRAMES" 0
}

# What needs the distribution's own tools: tests/*.sh, each exits 0 on
# success.
project_tests() {
	for t in "$top"/tests/*.sh; do
		[ -f "$t" ] || continue
		name=$(basename "$t" .sh)
		log=$logs/$name.log
		if (cd "$top/tests" && sh "$t") > "$log" 2>&1; then
			result PASS "$name"
		else
			result FAIL "$name" "$log"
		fi
	done
}

# The random veth test's teardown part: TEARDOWN_FRAMES frames of its
# first part, then teardown under traffic for TEARDOWN_SECONDS, and for
# at least two rounds of the script's changes (MTU, veth pair): on one
# TCG thread each takes about 6 s, and more on a busy host.
teardown() {
	veth=$tree/tools/testing/selftests/bpf/test_xdp_veth_random.sh
	[ -x "$veth" ] && selftest veth_random_teardown "$veth" "$TEARDOWN_FRAMES" "$TEARDOWN_SECONDS"
}

# Leaks over the whole suite: kmemleak reports an object only once two
# scans have found nothing pointing at it, and the scan must wait for
# what RCU and work items still hold to be freed.
leaks() {
	kml=/sys/kernel/debug/kmemleak
	if [ -w $kml ]; then
		log=$logs/kmemleak.log
		echo scan > $kml
		sleep 5
		echo scan > $kml
		cat $kml > "$log"
		if [ -s "$log" ]; then
			result FAIL "kmemleak ($(grep -c '^unreferenced object' "$log") objects)" "$log"
		else
			result PASS "kmemleak (nothing unreferenced after the suite)"
		fi
	fi
}

# The DMA API's errors over the whole suite (CONFIG_DMA_API_DEBUG): only
# the first is a WARN in the log, the rest are counted; and the checks
# must not have stopped for want of entries.
dma_api() {
	d=/sys/kernel/debug/dma-api
	[ -r $d/error_count ] || return 0
	log=$logs/dma-api.log
	grep . $d/error_count $d/disabled $d/min_free_entries > "$log"
	if [ "$(cat $d/error_count)" = 0 ] && [ "$(cat $d/disabled)" = N ]; then
		result PASS "dma-api (no error; $(cat $d/min_free_entries) entries to spare at least)"
	else
		result FAIL "dma-api ($(cat $d/error_count) errors)" "$log"
	fi
}

# (The teardown test also checks kmemleak itself, against its own start.)
case $set in
suite)	suite_progs; xsk; veth_random; dma_api; leaks ;;
vm2)	teardown; bounce_progs; veth_frags; project_tests; dma_api; leaks ;;
*)	echo "run-tests.sh: no test set \"$set\"" >&2; exit 2 ;;
esac
exit 0
