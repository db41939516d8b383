#!/bin/sh
# The demo, in the VM: jumbo frames through XDP on veth.  A program loaded
# with fragments (SEC("xdp.frags")) runs on vb at MTU 9000 and, in turn,
# sends UDP datagrams back (XDP_TX), forwards them to another veth pair
# (XDP_REDIRECT), and passes them to the stack (XDP_PASS).
set -eu
cd tests
. ../guest/veth-topology.sh
COUNT=${DEMO_COUNT:-2000}
SIZE=8972

veth_topology_up

echo
echo "Jumbo frames through XDP on veth, MTU 9000 (layout: guest/veth-topology.sh)."
echo "netns a sends $COUNT UDP datagrams of $SIZE bytes ($((SIZE + 42))-byte frames) to"
echo "198.18.0.2 as fast as it can; a program with fragments runs on vb."
echo
printf '%-13s %6s %8s %7s %12s %9s %7s  %s\n' action sent "xdp saw" intact "bytes intact" frames/s Gbit/s "where they arrived"
for mode in tx redirect pass; do
	out=$(./veth_frags ./veth_frags.bpf.o $mode burst "$COUNT" $SIZE)
	set -- $(echo "$out" | sed -n 's/^burst //p')
	sent=$1 intact=$2 bytes=$3 secs=$4
	seen=$(echo "$out" | awk -v m=$mode '$1 == "seen" && $2 == m { print $3 }')
	case $mode in
	tx)		act=XDP_TX where="back in netns a (the program swapped addresses)" ;;
	redirect)	act=XDP_REDIRECT where="netns c, through vc -> vd" ;;
	pass)		act=XDP_PASS where="netns b's stack" ;;
	esac
	awk -v act=$act -v sent="$sent" -v seen="${seen:-0}" -v intact="$intact" \
	    -v bytes="$bytes" -v secs="$secs" -v size=$SIZE -v where="$where" 'BEGIN {
		fps = secs > 0 ? intact / secs : 0
		printf "%-13s %6d %8d %7d %12d %9.0f %7.3f  %s\n", act, sent, seen,
			intact, bytes, fps, fps * (size + 42) * 8 / 1e9, where
	}'
done
veth_topology_down
echo
echo "intact: arrived with every byte as sent.  Rates are from a TCG-emulated"
echo "VM, one datagram size, sender and receiver on the same vCPU: compare"
echo "them with each other, not with hardware."
