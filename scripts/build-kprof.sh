#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build make profile's QEMU plugin, scripts/kprof.c, into $BUILD/kprof.so,
# against the plugin API header of QEMU's Debian source package (the
# upstream tarball of the installed QEMU's version), fetched once into
# the cache.
set -eu
. "$(dirname "$0")/lib.sh"

so=$BUILD/kprof.so
upstream=$(dpkg-query -W -f='${Version}' qemu-system-x86 | sed 's/^[0-9]*://; s/[+-].*//')
inc=$CACHE/qemu-$upstream
if [ ! -f "$inc/qemu-plugin.h" ]; then
	say "fetching the plugin API header of QEMU $upstream (Debian's source package)"
	dl=$CACHE/apt/dl-qemu
	rm -rf "$dl"
	apt_source "$(. /etc/os-release && echo "$VERSION_CODENAME")" qemu "$dl"
	orig=$(ls "$dl"/qemu_"$upstream"*.orig.tar.xz 2>/dev/null | head -n 1)
	[ -n "$orig" ] || die "Debian's qemu source is not of version $upstream: $(ls "$dl")"
	mkdir -p "$inc"
	tar -xJOf "$orig" --wildcards '*/include/qemu/qemu-plugin.h' > "$inc/qemu-plugin.h.part"
	mv "$inc/qemu-plugin.h.part" "$inc/qemu-plugin.h"
	rm -rf "$dl"
fi
[ "$so" -nt "$TOP/scripts/kprof.c" ] && exit 0
mkdir -p "$BUILD"
gcc -shared -fPIC -O2 -Wall -I"$inc" "$TOP/scripts/kprof.c" -o "$so"
