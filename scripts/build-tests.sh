#!/bin/sh
# Build the tests that run in the VM: the BPF selftests' test_progs from the
# generated tree (against the VM kernel's BTF), and the project's own test
# programs in tests/.
set -eu
. "$(dirname "$0")/lib.sh"

vmlinux=$(objdir "$TREE" vm)/vmlinux
[ -f "$vmlinux" ] || die "no $vmlinux; build the kernel first"
say "building test_progs"
make -C "$TREE/tools/testing/selftests/bpf" -j"$JOBS" VMLINUX_BTF="$vmlinux" test_progs
# The AF_XDP selftest, once the series carries it
bpfsel=$TREE/tools/testing/selftests/bpf
if [ -f "$bpfsel/xskxceiver.c" ]; then
	say "building xskxceiver"
	make -C "$bpfsel" -j"$JOBS" VMLINUX_BTF="$vmlinux" "$bpfsel/xskxceiver"
fi
say "building the project's tests"
make -C "$TOP/tests" -j"$JOBS" KTREE="$TREE"
