#!/bin/sh
# Boot a kernel under QEMU and run one command in the guest.
# Usage: vm.sh BZIMAGE OUTDIR COMMAND [ARG...]
#   The host's root is the guest's root (9p, read-only); OUTDIR is shared
#   writable and mounted at /run/out in the guest.  The command's output
#   is streamed here and kept in OUTDIR/output.log, the serial console in
#   OUTDIR/console.log, the guest's kernel log in OUTDIR/dmesg.
#   Exits with the command's status, or 124 on timeout.  Any kernel report
#   (oops, BUG, WARN, KASAN, kmemleak) in the guest log fails the run.
# Environment: VM_TIMEOUT (s, default 1800), VM_MEM (default 2G),
#   VM_APPEND: more kernel parameters (scripts/test.sh: swiotlb=65536,force),
#   VM_ICOUNT=1 for one vCPU with deterministic instruction counting,
#   VM_TCG=single for two vCPUs on one host thread (see docs/tests.md, "Known
#   problems": multi-threaded TCG can run stale code after a text poke),
#   VM_KPROF=PLUGIN (with VM_ICOUNT=1) to count instructions per address
#   with scripts/kprof.c, into OUTDIR/kprof-window.N (make profile).
set -eu
. "$(dirname "$0")/lib.sh"

kernel=$1
out=$2
shift 2
[ -f "$kernel" ] || die "no kernel image at $kernel"
mkdir -p "$out"
out=$(cd "$out" && pwd)
rm -f "$out/rc" "$out/dmesg" "$out/output.log" "$out/console.log"

cpus=2
if grep -qwE 'vmx|svm' /proc/cpuinfo && [ -w /dev/kvm ]; then
	accel="-accel kvm -cpu host"
elif [ "${VM_ICOUNT:-0}" = 1 ]; then
	accel="-accel tcg,thread=single -icount shift=0,align=off,sleep=off -cpu max"
	cpus=1
	[ -z "${VM_KPROF:-}" ] || accel="$accel -plugin $VM_KPROF,out=$out/kprof-window"
else
	accel="-accel tcg,thread=${VM_TCG:-multi} -cpu max"
fi

# The command, as the guest's init will run it, told how many vCPUs it
# was given.
{
	echo "export VM_CPUS=$cpus"
	echo "cd '$TOP'"
	# each argument single-quoted, a quote in it as '\''
	for a in "$@"; do printf "'%s' " "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"; done
	echo
} > "$out/job"

: > "$out/output.log"
tail -n +1 -f "$out/output.log" &
tailpid=$!
rc=0
# shellcheck disable=SC2086
timeout --foreground "${VM_TIMEOUT:-1800}" qemu-system-x86_64 $accel -smp $cpus -m "${VM_MEM:-2G}" \
	-nographic -no-reboot -kernel "$kernel" \
	-fsdev local,id=root,path=/,security_model=none,readonly=on \
	-device virtio-9p-pci,fsdev=root,mount_tag=/dev/root \
	-fsdev local,id=out,path="$out",security_model=none \
	-device virtio-9p-pci,fsdev=out,mount_tag=out \
	-append "console=ttyS0 root=/dev/root rootfstype=9p rootflags=trans=virtio,version=9p2000.L,msize=512000 ro init=$TOP/guest/init.sh panic=-1 nokaslr pci=noacpi random.trust_cpu=on ${VM_APPEND:-}" \
	> "$out/console.log" 2>&1 </dev/null || rc=$?
sleep 1
kill "$tailpid" 2>/dev/null || true

if [ "$rc" = 124 ]; then
	printf '\nerror: the VM did not finish within %s s; last console lines:\n' "${VM_TIMEOUT:-1800}" >&2
	tail -n 30 "$out/console.log" >&2
	exit 124
fi
"$TOP/scripts/scan-log.sh" "$out/console.log" "$out/dmesg" || exit 1
[ -f "$out/rc" ] || { tail -n 30 "$out/console.log" >&2; die "the guest stopped before its command finished"; }
exit "$(cat "$out/rc")"
