#!/bin/sh
# Multi-buffer XDP on veth at MTU 9000, end to end (run in the VM).
#
# On the layout of guest/veth-topology.sh, with the programs on vb in
# native mode (tests/veth_frags drives them), check: the MTU rules and
# their messages; ping -s 8972; UDP datagrams of every size class, byte
# for byte, through XDP_PASS, XDP_TX, XDP_REDIRECT (vb -> vc -> vd), an
# editing program and, in generic mode, one that trims and regrows the
# tail, with the sender's checksum offload off and on; exact XDP_DROP
# counters; frames that veth itself must
# free (dropped by the program of the device they were redirected to, or
# sent with XDP_TX to a peer without a program); and no page leak after
# 230k jumbo frames from pktgen, 140k of them dropped.
set -u
OBJ=./veth_frags.bpf.o
ECO=./xdp_frags_eco.bpf.o
failed=0

ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }

# expect_refusal MESSAGE COMMAND...: the command fails and says MESSAGE.
expect_refusal() {
	msg=$1
	shift
	if out=$("$@" 2>&1); then
		fail "accepted: $*"
	elif echo "$out" | grep -qF "$msg"; then
		ok "refused: $* ($msg)"
	else
		fail "refused without '$msg': $*: $out"
	fi
}

expect_ok() {
	if out=$("$@" 2>&1); then ok "$*"; else fail "$*: $out"; fi
}

xdp_prog_id() { ip -n "$1" -d link show dev "$2" | sed -n 's/.*prog\/xdp id \([0-9]*\).*/\1/p'; }

# rx_stat NS DEV NAME: a veth per-queue counter from ethtool -S, summed
rx_stat() {
	ip netns exec "$1" ethtool -S "$2" |
		awk -v n="$3" '$1 ~ "^rx_queue_[0-9]+_" n ":$" { s += $2 } END { print s + 0 }'
}

# since NS DEV NAME BEFORE: how much rx_stat NS DEV NAME grew from BEFORE
since() { echo $(($(rx_stat "$1" "$2" "$3") - $4)); }

# trace_sum FIELD PATTERN: the sum of FIELD=N over the trace lines that
# match PATTERN
trace_sum() {
	grep -e "$2" "$T/trace" | sed -n "s/.* $1=\([0-9]*\).*/\1/p" |
		awk '{ s += $1 } END { print s + 0 }'
}

# expect_count WHAT WANT GOT: an exact count
expect_count() {
	if [ "$3" = "$2" ]; then ok "$1: $3"; else fail "$1: $3, want $2"; fi
}

. ../guest/veth-topology.sh
veth_topology_up
MAC_VB=$(mac b vb)

echo "== MTU rules"
expect_refusal "Peer MTU is too large to set XDP without fragments; load the program with BPF_F_XDP_HAS_FRAGS" \
	ip -n b link set dev vb xdpdrv obj $OBJ sec xdp
expect_ok ip -n b link set dev vb xdpdrv obj $ECO sec xdp.frags
id=$(xdp_prog_id b vb)
expect_refusal "Peer MTU is too large to set XDP without fragments" \
	ip -force -n b link set dev vb xdpdrv obj $OBJ sec xdp
[ -n "$id" ] && [ "$(xdp_prog_id b vb)" = "$id" ] &&
	ok "the frags program stays attached after the refused replacement" ||
	fail "vb's program changed from '$id' to '$(xdp_prog_id b vb)'"
expect_ok ip -n a link set dev va mtu 65535
expect_refusal "mtu greater than device maximum" ip -n a link set dev va mtu 65536
expect_ok ip -n b link set dev vb xdpdrv off
expect_ok ip -n a link set dev va mtu 1500
expect_ok ip -n b link set dev vb xdpdrv obj $OBJ sec xdp
expect_ok ip -n a link set dev va mtu 3506
expect_refusal "mtu greater than device maximum" ip -n a link set dev va mtu 3507
expect_ok ip -n b link set dev vb xdpdrv off
expect_ok ip -n a link set dev va mtu 9000

echo "== ping -s 8972 through XDP_PASS"
out=$(./veth_frags $OBJ pass exec ping -q -n -c 5 -i 0.1 -W 2 -M do -s 8972 198.18.0.2 2>&1)
echo "$out"
echo "$out" | grep -q ' 5 received' && echo "$out" | grep -qx 'seen pass 5 45070' &&
	ok "5 pings of 8972 bytes answered, the program saw 5 frames of 9014 bytes" ||
	fail "ping -s 8972"

# Payload sizes: small, around one page, around veth's first buffer (3520
# bytes of frame: payload 3478), around its first fragment (+4096), up to
# the MTU, and one that IPv4 must fragment.
SIZES="1 2 18 64 100 512 1000 1472 1500 2048 3000 3477 3478 3479 4000 4054 4096 5000 6000 7573 7574 7575 8000 8192 8900 8971 8972 9000"
T=/sys/kernel/tracing
echo 1 > $T/events/xdp/xdp_bulk_tx/enable
# Each action with the sender's checksum offload off, then on (veth's
# default): the sender leaves the UDP checksum CHECKSUM_PARTIAL, and veth
# must finish it before XDP_TX or XDP_REDIRECT takes the frame out of its
# skb, or the receiver drops the datagram.  generic-tail runs vb's
# program in generic mode, where a jumbo frame is one linear buffer.
for csum in off on; do
	ip netns exec a ethtool -K va tx $csum >/dev/null
	for mode in pass tx redirect edit generic-tail; do
		echo "== UDP through $mode, checksum offload $csum"
		echo > $T/trace
		./veth_frags $OBJ $mode udp $SIZES && ok "UDP through $mode, offload $csum" ||
			fail "UDP through $mode, offload $csum"
		[ $mode = tx ] || continue
		# XDP_TX goes through veth's bulk queue, which reports each flush
		expect_count "frames xdp_bulk_tx reported sent, none dropped" 29 \
			"$(trace_sum sent 'xdp_bulk_tx: .* drops=0 ')"
	done
done
ip netns exec a ethtool -K va tx off >/dev/null
echo 0 > $T/events/xdp/xdp_bulk_tx/enable

echo "== XDP_DROP counters"
drops0=$(rx_stat b vb xdp_drops)
./veth_frags $OBJ drop udp 9000 8972 5000 3478 64 && ok "dropped datagrams seen and gone" ||
	fail "UDP through drop"
expect_count "frames vb's xdp_drops counted" 6 "$(since b vb xdp_drops "$drops0")"

echo "== frames veth frees itself: dropped after a redirect, or unsendable"
# vd's program drops what vb redirects to vc: veth frees those frames.
drops0=$(rx_stat c vd xdp_drops)
./veth_frags $OBJ redirect-drop udp 9000 8972 5000 3478 64 &&
	ok "redirected datagrams dropped by vd's program" || fail "UDP through redirect-drop"
expect_count "frames vd's xdp_drops counted" 6 "$(since c vd xdp_drops "$drops0")"
# With no program on va, vb's XDP_TX has nowhere to go: veth frees the
# whole bulk and says why.
echo > $T/trace
echo 1 > $T/events/xdp/xdp_bulk_tx/enable
errs0=$(rx_stat b vb xdp_tx_errors)
./veth_frags $OBJ tx-nopeer udp 9000 8972 5000 3478 64 &&
	ok "datagrams bounced towards a peer without a program are gone" || fail "UDP through tx-nopeer"
echo 0 > $T/events/xdp/xdp_bulk_tx/enable
expect_count "frames vb's xdp_tx_errors counted" 6 "$(since b vb xdp_tx_errors "$errs0")"
expect_count "frames xdp_bulk_tx reported dropped with ENXIO" 6 \
	"$(trace_sum drops 'xdp_bulk_tx: .* sent=0 .* err=-6$')"

echo "== redirect of a multi-buffer frame to a device that cannot send one"
# tun takes single-buffer frames only: the 9014-byte frame must be dropped
# whole, traced as an exception, and the 1042-byte one must get through.
ip netns exec b python3 ./tap_read.py tap0 30 > /tmp/tap.out &
reader=$!
i=0
while ! grep -q ready /tmp/tap.out && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
echo > $T/trace
echo 1 > $T/events/xdp/xdp_exception/enable
echo 1 > $T/events/xdp/xdp_redirect_err/enable
drops0=$(rx_stat b vb drops)
VETH_FRAGS_TARGET=tap0 ./veth_frags $OBJ redirect burst 1 1000
VETH_FRAGS_TARGET=tap0 ./veth_frags $OBJ redirect burst 1 8972
sleep 1
kill $reader
echo 0 > $T/events/xdp/xdp_exception/enable
echo 0 > $T/events/xdp/xdp_redirect_err/enable
drops=$(since b vb drops "$drops0")
grep -qx 1042 /tmp/tap.out && ! grep -qx 9014 /tmp/tap.out &&
	ok "tap0 got the 1042-byte frame and not the 9014-byte one" ||
	fail "tap0 got frames of: $(grep -v ready /tmp/tap.out | tr '\n' ' ')"
grep -q 'xdp_redirect_err:.*err=-95' $T/trace &&
	ok "the redirect failed with EOPNOTSUPP" || fail "no xdp_redirect_err with err=-95"
grep -q 'xdp_exception:.*action=REDIRECT' $T/trace &&
	ok "the drop was traced as an XDP_REDIRECT exception" || fail "no xdp_exception"
expect_count "drops vb counted" 1 "$drops"
grep xdp_ $T/trace | tail -n 4

echo "== no leak after 230k jumbo frames (pktgen, 9000-byte frames)"
# pktgen COUNT: COUNT 9000-byte UDP frames from va to vb, as a shell
# command to run in netns a.
pktgen() {
	echo "echo rem_device_all > /proc/net/pktgen/kpktgend_0
	echo add_device va > /proc/net/pktgen/kpktgend_0
	for c in 'count $1' 'pkt_size 9000' 'clone_skb 0' 'delay 0' \\
		'dst 198.18.0.2' 'dst_mac $MAC_VB' 'udp_dst_min 9' 'udp_dst_max 9'; do
		echo \"\$c\" > /proc/net/pktgen/va
	done
	echo start > /proc/net/pktgen/pgctrl
	echo rem_device_all > /proc/net/pktgen/kpktgend_0"
}
free_pages() { sleep 1; awk '$1 == "nr_free_pages" { print $2 }' /proc/vmstat; }
# A leak of one page in 25 frames would show; the slack is for KASAN's
# quarantine of freed objects and the page allocator's per-CPU lists.
./veth_frags $OBJ drop exec sh -c "$(pktgen 5000)" >/dev/null	# warm up
for run in drop:100000 tx:30000 redirect:30000 pass:30000 redirect-drop:20000 tx-nopeer:20000; do
	mode=${run%:*} frames=${run#*:} slot=${run%%[:-]*}
	before=$(free_pages)
	out=$(./veth_frags $OBJ $mode exec sh -c "$(pktgen $frames)")
	after=$(free_pages)
	seen=$(echo "$out" | awk -v s="$slot" '$1 == "seen" && $2 == s { print $3 }')
	lost=$((before - after))
	if [ "${seen:-0}" -ge "$frames" ] && [ "$lost" -lt 4096 ]; then
		ok "$mode: the program saw $seen frames; free pages changed by $((-lost))"
	else
		fail "$mode: the program saw ${seen:-0} frames; $lost pages not returned"
	fi
done

veth_topology_down
echo "$failed failed"
[ "$failed" = 0 ]
