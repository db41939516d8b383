#!/bin/sh
# The demo, in the VM: jumbo frames through XDP on veth.  A program loaded
# with fragments (SEC("xdp.frags")) runs on vb at MTU 9000 and, in turn,
# sends UDP datagrams back (XDP_TX), forwards them to another veth pair
# (XDP_REDIRECT), and passes them to the stack (XDP_PASS).  It runs on the
# layout of the series' selftest test_xdp_veth_frags.sh, with its driver.
# Then live frames of BPF_PROG_TEST_RUN send jumbo frames out of veth.
# Usage: demo.sh TREE
set -eu
COUNT=${DEMO_COUNT:-2000}
SIZE=8972

# The selftest sets the layout up, runs this script again in it (from its
# own directory), and takes it down.
if [ "${2:-}" != in-layout ]; then
	exec sh "$1/tools/testing/selftests/bpf/test_xdp_veth_frags.sh" \
		sh "$(realpath "$0")" "$1" in-layout
fi

echo
echo "Jumbo frames through XDP on veth, MTU 9000 (layout: test_xdp_veth_frags.sh)."
echo "netns xvf_a sends $COUNT UDP datagrams of $SIZE bytes ($((SIZE + 42))-byte frames)"
echo "to 198.18.0.2 back to back; a program with fragments runs on vb."
echo
printf '%-13s %6s %8s %7s %12s  %s\n' action sent "xdp saw" intact "bytes intact" "where they arrived"
for mode in tx redirect pass; do
	out=$(./xdp_veth_frags $mode burst "$COUNT" $SIZE)
	set -- $(echo "$out" | sed -n 's/^burst //p')
	seen=$(echo "$out" | awk -v m=$mode '$1 == "seen" && $2 == m { print $3 }')
	case $mode in
	tx)		act=XDP_TX where="back in xvf_a (the program swapped addresses)" ;;
	redirect)	act=XDP_REDIRECT where="xvf_c, through vc -> vd" ;;
	pass)		act=XDP_PASS where="xvf_b's stack" ;;
	esac
	printf '%-13s %6d %8d %7d %12d  %s\n' $act "$1" "${seen:-0}" "$2" "$3" "$where"
done
echo
echo "intact: arrived with every byte as sent.  Rates and costs per packet are"
echo "make bench's to measure (base against patched, under icount)."
echo
echo "The kernel as the generator: BPF_PROG_TEST_RUN with live frames"
echo "(BPF_F_TEST_XDP_LIVE_FRAMES) sends 2000 frames of 64 and then of 9000"
echo "bytes out of a veth end, and a program on its peer counts them"
echo "(tests/live_frames.sh, a client built against Debian's libbpf):"
(cd "$(dirname "$(realpath "$0")")/../tests" && sh live_frames.sh)
