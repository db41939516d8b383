#!/bin/sh
# Boot the patched kernel, run the in-VM tests, and print the verdict:
# one line per test, then "N passed, N failed".  The VM itself counts as
# a test: a kernel report in its log, a timeout or a crash fails it.
# Usage: test.sh [CONFIG]   the kernel of config/CONFIG.config: vm (make
#                           test, the default) or stress (make stress)
set -u
. "$(dirname "$0")/lib.sh"

config=${1:-vm}
case $config in
vm)	out=$RESULTS/test
	# the debug kernel's suite takes about 42 min under TCG
	VM_TIMEOUT=${VM_TIMEOUT:-3600} ;;
*)	out=$RESULTS/$config
	# and lockdep's perhaps half as long again
	VM_TIMEOUT=${VM_TIMEOUT:-7200} ;;
esac
export VM_TIMEOUT
# xskxceiver registers a 4 GiB UMEM, and vmap() maps no more pages than
# the guest has RAM (guest RAM is allocated by QEMU only as it is touched)
VM_MEM=${VM_MEM:-5G}
export VM_MEM
kernel=$(objdir "$TREE" "$config")/arch/x86/boot/bzImage
say "booting $(basename "$TREE") in QEMU and running the tests (log: $out)"
rm -rf "$out"	# nothing of an earlier run may count, or mislead
"$TOP/scripts/vm.sh" "$kernel" "$out" guest/run-tests.sh "$TREE"
vmrc=$?

pass=$(cat "$out/results" 2>/dev/null | grep -c '^PASS ')
fail=$(cat "$out/results" 2>/dev/null | grep -c '^FAIL ')
if [ "$vmrc" = 0 ]; then
	echo "PASS vm (clean kernel log, guest finished)"
	pass=$((pass + 1))
else
	echo "FAIL vm (exit $vmrc; see above and $out/console.log)"
	fail=$((fail + 1))
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
