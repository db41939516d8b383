#!/bin/sh
# Build the tests that run in the VM: the BPF selftests from the generated
# tree (against the VM kernel's BTF), and the project's own programs in
# tests/.
set -eu
. "$(dirname "$0")/lib.sh"

vmlinux=$(objdir "$TREE" vm)/vmlinux
[ -f "$vmlinux" ] || die "no $vmlinux; build the kernel first"
say "building test_progs"
make -C "$TREE/tools/testing/selftests/bpf" -j"$JOBS" VMLINUX_BTF="$vmlinux" test_progs
# The series' stand-alone selftests: AF_XDP (xskxceiver) and veth
# multi-buffer (xdp_veth_frags, xdp_veth_random), each built once the
# tree carries it
bpfsel=$TREE/tools/testing/selftests/bpf
for prog in xskxceiver xdp_veth_frags xdp_veth_random; do
	[ -f "$bpfsel/$prog.c" ] || continue
	say "building $prog"
	make -C "$bpfsel" -j"$JOBS" VMLINUX_BTF="$vmlinux" "$bpfsel/$prog"
done
say "building the project's programs"
make -C "$TOP/tests" -j"$JOBS" KTREE="$TREE"
