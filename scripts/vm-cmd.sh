#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The one-test loop: boot the VM kernel that "make tests" built, run one
# shell command in the generated tree's tools/testing/selftests/bpf, and
# print its output; nothing is rebuilt.  Exits with the command's status
# (1 if the guest's kernel log has a report, 124 on timeout).
# Usage: vm-cmd.sh COMMAND   e.g. vm-cmd.sh './test_progs -t xdp_nicsim/ice0'
# Output in build/results/vm (VM_TIMEOUT, VM_MEM as for scripts/vm.sh).
set -eu
. "$(dirname "$0")/lib.sh"

usage() { echo "usage: $0 COMMAND   (make vm CMD='./test_progs -t NAME')" >&2; exit 2; }
[ $# = 1 ] && [ -n "$1" ] || usage
case $1 in -h|--help) usage ;; esac

kernel=$(objdir "$TREE" vm)/arch/x86/boot/bzImage
[ -f "$kernel" ] || die "no kernel at $kernel: run 'make tests' first"
VM_MEM=${VM_MEM:-5G} VM_TIMEOUT=${VM_TIMEOUT:-3600} \
	exec "$TOP/scripts/vm.sh" "$kernel" "$RESULTS/vm" \
	sh -c "cd '$TREE/tools/testing/selftests/bpf' && $1"
