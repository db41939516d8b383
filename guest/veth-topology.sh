# Sourced: the veth pairs of the jumbo-frame tests and demo, in three
# network namespaces, at MTU 9000, without IPv6 or ARP chatter.
#
#   a: va 198.18.0.1  <->  b: vb 198.18.0.2, vc  <->  c: vd 198.18.0.2
#
# Addresses are from 198.18.0.0/15, the range set aside for benchmarks.
# tests/veth_frags drives XDP programs on this layout.

mac() { ip -n "$1" link show "$2" | awk '/link\/ether/ { print $2 }'; }

veth_topology_up() {
	for ns in a b c; do
		ip netns add $ns
		ip netns exec $ns sysctl -qw net.ipv6.conf.all.disable_ipv6=1 \
			net.ipv6.conf.default.disable_ipv6=1
	done
	ip link add va netns a type veth peer name vb netns b
	ip link add vc netns b type veth peer name vd netns c
	ip -n a addr add 198.18.0.1/24 dev va
	ip -n b addr add 198.18.0.2/24 dev vb
	ip -n c addr add 198.18.0.2/24 dev vd
	for d in a:va b:vb b:vc c:vd; do
		ip -n "${d%:*}" link set "${d#*:}" mtu 9000 up
	done
	# Have the sender compute UDP checksums itself, as on a real wire;
	# tests/veth_frags.sh turns veth's offload back on where it checks
	# that XDP finishes what the offload left undone.
	ip netns exec a ethtool -K va tx off >/dev/null
	ip -n a neigh add 198.18.0.2 lladdr "$(mac b vb)" dev va
	ip -n b neigh add 198.18.0.1 lladdr "$(mac a va)" dev vb
	ip -n c neigh add 198.18.0.1 lladdr "$(mac b vc)" dev vd
}

veth_topology_down() {
	for ns in a b c; do ip netns del $ns; done
}
