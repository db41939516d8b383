#!/bin/sh
# The demo, in the VM: an XDP program on a veth pair across two network
# namespaces, in turn passing, answering (XDP_TX) and dropping pings.
# Addresses are from 198.18.0.0/15, the range set aside for benchmarks.
set -eu
cd tests
A=198.18.0.1
B=198.18.0.2
COUNT=20
SIZE=1000

ip netns add a
ip netns add b
ip link add va type veth peer name vb
ip link set va netns a
ip link set vb netns b
ip -n a addr add $A/24 dev va
ip -n b addr add $B/24 dev vb
ip -n a link set va up
ip -n b link set vb up
# Static neighbours: no ARP frames in the counts.
ip -n a neigh add $B lladdr "$(ip netns exec b cat /sys/class/net/vb/address)" dev va
ip -n b neigh add $A lladdr "$(ip netns exec a cat /sys/class/net/va/address)" dev vb
# veth hands XDP_TX frames only to a peer that runs XDP itself.
ip -n a link set dev va xdpdrv obj xdp_demo.bpf.o sec xdp

echo
echo "XDP on veth: netns a (va $A) pings netns b (vb $B), where the"
echo "program runs in native mode; $COUNT pings of $SIZE bytes per action."
echo
printf '%-10s %6s %12s %14s %8s  %s\n' action sent "program saw" "bytes it saw" replies "who answered"
for mode in pass tx drop; do
	out=$(ip netns exec b ./xdp_demo ./xdp_demo.bpf.o vb $mode \
		ip netns exec a ping -q -n -c $COUNT -i 0.02 -W 1 -s $SIZE $B 2>&1 || true)
	sent=$(echo "$out" | sed -n 's/^\([0-9]*\) packets transmitted.*/\1/p')
	replies=$(echo "$out" | sed -n 's/.* \([0-9]*\) received.*/\1/p')
	seen=$(echo "$out" | sed -n 's/^seen \([0-9]*\) \([0-9]*\)$/\1/p')
	bytes=$(echo "$out" | sed -n 's/^seen \([0-9]*\) \([0-9]*\)$/\2/p')
	case $mode in
	pass)	who="the stack of netns b" ;;
	tx)	who="the XDP program (echo reflector)" ;;
	drop)	who="nobody: dropped before the stack" ;;
	esac
	printf '%-10s %6s %12s %14s %8s  %s\n' "XDP_$(echo $mode | tr a-z A-Z)" \
		"${sent:-?}" "${seen:-?}" "${bytes:-?}" "${replies:-?}" "$who"
done
echo
echo "Each frame the program saw is $((SIZE + 8 + 20 + 14)) bytes: $SIZE of ping payload,"
echo "ICMP, IPv4 and Ethernet headers."
