#!/bin/sh
# Configure and build a kernel source tree for one of the configs in config/:
#   vm            allnoconfig + tools/testing/selftests/bpf/config +
#                 config/vm.config; builds bzImage (with BTF) for the VM
#   compile-test  allnoconfig + config/compile-test.config; builds only the
#                 hardware drivers the series converts (drivers/net/),
#                 vhost_net and page_pool
#   stress        the vm config + config/stress.config (lockdep), for
#                 make stress
#   bench         allnoconfig + config/vm.config + config/bench.config: the
#                 VM kernel without KASAN and debug info, for make bench
# Usage: build-kernel.sh CONFIG [SRC]   (SRC defaults to the generated tree)
# BUILD_TARGETS, if set, replaces the config's make targets (make check).
# KCONFIG_UNDEFINED_OK=1 lets an option of config/ that no Kconfig of SRC
# defines go unset (make check, at a patch before the one adding it).
set -eu
. "$(dirname "$0")/lib.sh"

name=$1
src=${2:-$TREE}
out=$(objdir "$src" "$name")
case $name in
vm)		frags="$src/tools/testing/selftests/bpf/config $TOP/config/vm.config"
		targets=bzImage ;;
stress)		frags="$src/tools/testing/selftests/bpf/config $TOP/config/vm.config $TOP/config/stress.config"
		targets=bzImage ;;
compile-test)	frags=$TOP/config/compile-test.config
		# page_pool has no user in the VM config
		targets="drivers/net/ drivers/vhost/ net/core/page_pool.o" ;;
bench)		frags="$TOP/config/vm.config $TOP/config/bench.config"
		targets=bzImage ;;
*)		die "unknown config '$name'" ;;
esac
targets=${BUILD_TARGETS:-$targets}

mkdir -p "$out"
log=$out/config-merge.log
# shellcheck disable=SC2086
(cd "$src" && scripts/kconfig/merge_config.sh -n -O "$out" $frags) > "$log" 2>&1 ||
	{ cat "$log" >&2; die "kernel config $name failed"; }
# The BPF selftests' list asks for things this trimmed kernel may not
# carry; only an option of our own fragment that did not stick is fatal.
mine=$TOP/config/$name.config
missing=$(sed -n 's/^Requested value:[[:space:]]*\(CONFIG_\)/\1/p' "$log" | grep -Fx -f "$mine" || true)
if [ "${KCONFIG_UNDEFINED_OK:-0}" = 1 ]; then
	missing=$(for o in $missing; do
		sym=${o%%=*}
		grep -rqsx --include='Kconfig*' "config ${sym#CONFIG_}" "$src" && echo "$o" || true
	done)
fi
[ -z "$missing" ] || die "options of config/$name.config not in the final .config:
$missing"

say "building $(basename "$src") for $name ($(git -C "$src" rev-parse --short HEAD)) with -j$JOBS"
# shellcheck disable=SC2086
kmake "$src" "$out" $targets
