#!/bin/sh
# Boot the patched kernel and run the demo (guest/demo.sh) in it.
set -eu
. "$(dirname "$0")/lib.sh"

say "booting $(basename "$TREE") in QEMU for the demo"
exec "$TOP/scripts/vm.sh" "$(objdir "$TREE" vm)/arch/x86/boot/bzImage" \
	"$RESULTS/demo" guest/demo.sh "$TREE"
