#!/bin/sh
# A program built against Debian's libbpf headers, loaded by Debian's
# libbpf, uses the multi-buffer UAPI (section, load flag, helpers 188-190).
set -e
./xdp_frags_eco ./xdp_frags_eco.bpf.o
