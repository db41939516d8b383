#!/bin/sh
# The AF_XDP figure of the cover letter, in the VM: AF_XDP copy mode with
# 9K chunks on HugeTLB (SKB mode, and veth native XDP with fragments)
# against AF_PACKET TPACKET_V3, each receiving 9014-byte frames that a
# copy-mode AF_XDP sender pushes into the other end of a veth pair at
# MTU 9000.  xskxceiver -B prints frames/s per receiver; three rounds.
# Usage: xsk-figure.sh TREE   (after make test has built xskxceiver)
set -eu
bin=$1/tools/testing/selftests/bpf/xskxceiver
secs=${SECS:-10}
ip netns add xsk_tx
ip netns add xsk_rx
ip link add veth_tx netns xsk_tx type veth peer name veth_rx netns xsk_rx
ip -n xsk_tx link set veth_tx mtu 9000 address 02:02:02:02:02:02 up
ip -n xsk_rx link set veth_rx mtu 9000 address 04:04:04:04:04:04 up
"$bin" -B send -d $((secs * 9 + 30)) &
sleep 5
for round in 1 2 3; do
	"$bin" -B xdpdrv -d "$secs"
	"$bin" -B xdp -d "$secs"
	"$bin" -B packet -d "$secs"
done
wait
