#!/bin/sh
# make fuzz: the series' randomized test_run selftest (test_progs -t
# xdp_frags_fuzz) at length, in the VM on the KASAN kernel: FUZZ_N inputs
# (default 1000000) from FUZZ_SEED (default: the clock).  make test runs
# 20000 of them.  It prints the seed, and on a failure the command that
# replays the failing input.
set -eu
. "$(dirname "$0")/lib.sh"

out=$RESULTS/fuzz
say "booting $(basename "$TREE") in QEMU for ${FUZZ_N:-1000000} fuzz inputs (log: $out)"
VM_TIMEOUT=${VM_TIMEOUT:-14400} exec "$TOP/scripts/vm.sh" \
	"$(objdir "$TREE" vm)/arch/x86/boot/bzImage" "$out" \
	env XDP_FRAGS_FUZZ_N="${FUZZ_N:-1000000}" XDP_FRAGS_FUZZ_SEED="${FUZZ_SEED:-}" \
	sh -c 'cd "$1/tools/testing/selftests/bpf" && start=$(date +%s) &&
		./test_progs -v -t xdp_frags_fuzz; rc=$?;
		echo "$(($(date +%s) - start)) s in the guest"; exit $rc' sh "$TREE"
