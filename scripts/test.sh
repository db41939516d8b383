#!/bin/sh
# Boot the patched kernel, run the in-VM tests, and print the verdict:
# one line per test, the skipped ones again apart, then "N passed,
# N failed, N skipped".  The VM itself counts as a test: a kernel report
# in its log, a timeout or a crash fails it.  The VM is built to run
# every test, so a skip fails the run as well, though it is not counted
# as a failure.
# Usage: test.sh [CONFIG]   the kernel of config/CONFIG.config: vm (make
#                           test, the default) or stress (make stress)
set -u
. "$(dirname "$0")/lib.sh"

config=${1:-vm}
case $config in
vm)	out=$RESULTS/test
	# the debug kernel's suite took 30 to 60 min under TCG, as the host
	# was fast or slow: the timeout is for a hung guest
	VM_TIMEOUT=${VM_TIMEOUT:-4800} ;;
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
rm -rf "$out"	# nothing of an earlier run may count, or mislead
mkdir -p "$out"
start=$(date +%s)
# Two VMs at once, each with half of the suite (guest/run-tests.sh says
# which): most tests keep one host core busy, and each VM one.  The
# random veth test's teardown part attaches and detaches programs under
# traffic, and each time the kernel rewrites the BPF dispatcher's entry
# while the other vCPU runs it.  Multi-threaded TCG can then keep running
# the entry's transient int3 for good (docs/tests.md, "Known problems");
# two vCPUs on one host thread cannot, and so the second VM has them.
# The second VM also bounces every DMA mapping through swiotlb, for the
# simulated NICs' tests that it runs (guest/run-tests.sh), with 128 MiB
# of bounce buffers: ice's ethtool -G to 4096 RX descriptors maps 64 MiB
# of them while its old rings still hold theirs.
say "booting $(basename "$TREE") twice in QEMU: half of the tests with both vCPUs on one host thread (log: $out/vm2), and the other half (log: $out)"
VM_TCG=single VM_APPEND=swiotlb=65536,force \
	"$TOP/scripts/vm.sh" "$kernel" "$out/vm2" guest/run-tests.sh "$TREE" vm2 \
	> "$out/vm2.out" 2>&1 &
pid2=$!
"$TOP/scripts/vm.sh" "$kernel" "$out" guest/run-tests.sh "$TREE"
vmrc=$?
wait $pid2
rc2=$?
say "the second VM"
cat "$out/vm2.out"

pass=$(cat "$out/results" "$out/vm2/results" 2>/dev/null | grep -c '^PASS ')
fail=$(cat "$out/results" "$out/vm2/results" 2>/dev/null | grep -c '^FAIL ')
skip=$(cat "$out/results" "$out/vm2/results" 2>/dev/null | grep -c '^SKIP ')
# verdict NAME RC LOG: the VM's own result
verdict() {
	if [ "$2" = 0 ]; then
		echo "PASS $1 (clean kernel log, guest finished)"
		pass=$((pass + 1))
	else
		echo "FAIL $1 (exit $2; see above and $3)"
		fail=$((fail + 1))
	fi
}
verdict vm $vmrc "$out/console.log"
verdict vm2 $rc2 "$out/vm2/console.log"
if [ "$skip" != 0 ]; then
	say "skipped, though this VM should run them:"
	cat "$out/results" "$out/vm2/results" 2>/dev/null | grep '^SKIP '
fi
say "the VMs took $((($(date +%s) - start) / 60)) min $((($(date +%s) - start) % 60)) s (each part's time is in its log above)"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" = 0 ] && [ "$skip" = 0 ]
