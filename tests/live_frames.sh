#!/bin/sh
# A live-frames client built against Debian's libbpf sends 2000 frames, of
# 64 and of 9000 bytes, out of a veth end, and its peer counts them all.
set -e
ns=xdp_live_eco
ip netns del $ns 2>/dev/null || true
ip netns add $ns
trap 'ip netns del $ns' EXIT
# IPv6 would send packets of its own (DAD, router solicitations), which
# the peer would count
ip netns exec $ns sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
	net.ipv6.conf.default.disable_ipv6=1
ip -n $ns link add lfe0 type veth peer name lfe1
ip -n $ns link set lfe0 mtu 9000 up
ip -n $ns link set lfe1 mtu 9000 up
ip netns exec $ns ./xdp_live_eco ./xdp_live_eco.bpf.o lfe0 lfe1
