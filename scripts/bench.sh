#!/bin/sh
# make bench: what the series costs XDP, base against patched.  Both trees
# are built from the same config (config/bench.config: no KASAN, no debug
# info), each kernel boots twice and runs guest/bench.sh:
#   - under icount (one vCPU, 1 ns of guest time = 1 instruction): the
#     instruction counts, deterministic and free of host noise;
#   - under multi-threaded TCG: wall-clock packets/s, kept only as a
#     patched/base ratio.
# The icount boot runs QEMU's kprof plugin (scripts/kprof.c), which counts
# the instructions at each address without adding any to the guest, so
# that the simulated NICs' own share of each row is known
# (scripts/profile-report.sh): the A side carries only the model
# patches that apply to the base.  Then scripts/bench-report.sh writes
# $BENCH_RESULTS/results.md.
# BENCH_ONLY=PATTERN runs only the workloads matching that shell pattern
# (guest/bench.sh), e.g. 'mvneta/*'; the report then lists the others as
# missing.
# Usage: bench.sh [profile]
#   profile (make profile): the same workloads, under icount only, with
#   QEMU's kprof plugin (scripts/kprof.c) counting the instructions at each
#   address in each timed run; instead of the figures, the instructions
#   per frame of each kernel function, base against patched
#   ($RESULTS/profile/profile.md, scripts/profile-report.sh).
set -eu
. "$(dirname "$0")/lib.sh"

clocks="icount wall"
profile=
case ${1:-} in
'')	;;
profile)
	clocks=icount
	profile=profile
	BENCH_RESULTS=$RESULTS/profile ;;
*)	die "usage: bench.sh [profile]" ;;
esac
"$TOP/scripts/build-kprof.sh"

# The A side is the base with the series' simulated NIC only (patch
# "net: nicsim: ..."), so that the base's own drivers run on it as well;
# it adds a device and changes no code of the base.
grep -e '-net-nicsim-' "$TOP/patches/series" > "$BUILD/bench-base.series"
# (make bench made the patched tree)
SERIES=$BUILD/bench-base.series TREE=$BASE_TREE "$TOP/scripts/mktree.sh"
"$TOP/scripts/build-kernel.sh" bench "$BASE_TREE"
"$TOP/scripts/build-kernel.sh" bench "$TREE"
say "building the project's test programs"
make -C "$TOP/tests" -j"$JOBS" KTREE="$TREE"
# The AF_XDP rows run the series' xskxceiver on both kernels.  It needs
# no BTF, but the selftests' Makefile wants a vmlinux to be named.
say "building xskxceiver"
bpfsel=$TREE/tools/testing/selftests/bpf
make -C "$bpfsel" -j"$JOBS" VMLINUX_BTF="$(objdir "$TREE" bench)/vmlinux" "$bpfsel/xskxceiver"

# Both icount runs, then both wall-clock runs back to back, so that the
# wall-clock pair sees the most similar host load.
for clock in $clocks; do
	for side in base patched; do
		tree=$TREE
		[ $side = base ] && tree=$BASE_TREE
		say "bench: $side kernel ($(basename "$tree")), $clock"
		icount=0 kprof=
		[ $clock = icount ] && icount=1 kprof=$BUILD/kprof.so
		rm -rf "$BENCH_RESULTS/$side-$clock/kprof"
		VM_ICOUNT=$icount VM_KPROF=$kprof VM_TIMEOUT=${VM_TIMEOUT:-3600} "$TOP/scripts/vm.sh" \
			"$(objdir "$tree" bench)/arch/x86/boot/bzImage" \
			"$BENCH_RESULTS/$side-$clock" guest/bench.sh "$TREE" "${BENCH_ONLY:-*}" $profile
		echo "$(git -C "$tree" rev-list --count base..HEAD) patches, tree HEAD $(git -C "$tree" rev-parse --short HEAD)" \
			> "$BENCH_RESULTS/$side.tree"
	done
done
git -C "$TOP" describe --always --dirty > "$BENCH_RESULTS/project.commit"
if [ -n "$profile" ]; then
	"$TOP/scripts/profile-report.sh" "$BENCH_RESULTS"
else
	PROFILE_QUIET=1 "$TOP/scripts/profile-report.sh" "$BENCH_RESULTS"
	"$TOP/scripts/bench-report.sh"
fi
