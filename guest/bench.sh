#!/bin/sh
# The benchmark, in the VM (make bench): every workload in turn, the same
# on every kernel.  One line per workload, to stdout and /run/out/bench.txt:
#   WORKLOAD FIGURE...        guest ns per packet (instructions under icount)
#   WORKLOAD n/a (REASON)     the kernel refused the setup or lost frames
# The driver's details go to /run/out/bench.log.
#
# What is measured (see tests/xdp_bench.c):
#   run/ACTION/SIZE    BPF_PROG_TEST_RUN, REPEAT runs per call, min of RUNS
#   veth/ACTION/SIZE   pktgen (clone_skb 0) into veth va, native XDP on its
#                      peer vb; pktgen's own start-to-end time per frame,
#                      min of VETH_RUNS.  veth/none is the same traffic with
#                      no XDP program: veth then hands the skb to the stack
#                      (netif_rx), a different path, so it is reported as a
#                      row of its own rather than subtracted from the others.
#                      Frames that pass go up to UDP, where no socket takes
#                      them.  XDP_TX frames land on va, XDP_REDIRECT frames
#                      (devmap -> vc) on vd; each has an XDP_DROP program.
#   */ACTION_mb/9000   the same with fragments: xdp.frags programs, MTU 9000
#   veth/none/9000     the reference: 9000-byte frames, no XDP
#   pktgen/9000        pktgen alone: its 9000-byte frames into a dummy
#                      device, which frees them; with copy/9000, the
#                      floor of a path that fills a frame and copies it
#   routed/VB+VD/9000  9000-byte frames that the namespace forwards into a
#                      container: pktgen into va for 198.18.1.3, routed
#                      from vb out of vc to vd in netns ${NS}_c.  VB is
#                      vb's program (pass_mb: veth copies each frame into
#                      pages) or none; VD is vd's (drop_mb) or none (its
#                      stack, no socket).  pass_mb+drop_mb is the
#                      handover: vd's program gets the pages vb's copy
#                      made.  none+drop_mb copies on vd instead.
#   mvneta/ACTION/SIZE mvneta's own datapath on a simulated NETA port
#   i40e/ACTION/SIZE   i40e's on a simulated XL710 port,
#   ice/ACTION/SIZE    and ice's on a simulated E810 port
#                      (drivers/net/nicsim, moved into the namespace):
#                      NICSIM_FRAMES frames written one by one to the
#                      model's rx, timed around the writes, min of
#                      VETH_RUNS; the write() and the model are in every
#                      row, on every kernel.  Frames are not IP: those that
#                      pass die at the stack's protocol lookup.  XDP_TX and
#                      XDP_REDIRECT (devmap to the port itself, so through
#                      ndo_xdp_xmit) frames are gathered by the model.
#   */ACTION/SIZEx32   the same, 32 frames a NAPI poll (the model's
#                      rx_hold)
#   */ACTION_mb/9018   the same at MTU 9000, frames of 9014 bytes, with
#                      the programs that take fragments
#   xsk/PORT-KIND/9014 those frames received in user space at the
#                      port's queue 0: AF_XDP in zero-copy (zc) or copy
#                      mode on 16 KiB HugeTLB chunks, or AF_PACKET
#                      TPACKET_V3 (packet); each buffer given back as
#                      soon as it is read.  The base has no such chunks:
#                      n/a but for packet
#   live/ACTION/SIZE   the kernel as the generator: live frames of
#                      BPF_PROG_TEST_RUN run vb's XDP_REDIRECT program as
#                      if the frames had come in on vb, and the devmap
#                      sends them out of vc to vd's XDP_DROP; the call's
#                      time per frame.  veth/redirect without pktgen and
#                      the veth transmit from va.  The base has no live
#                      frames: n/a.
#   copy/9000          the floor: one copy of 9000 bytes, pread() of a
#                      tmpfs file; per call, and per byte (slope vs 64 B)
#   xsk/KIND/9014      receiving 9014-byte frames at the far end of a
#                      veth pair at MTU 9000, which an AF_XDP copy-mode
#                      sender (xskxceiver -B send) fills: AF_PACKET
#                      TPACKET_V3 (packet), AF_XDP copy mode on 9270-byte
#                      HugeTLB chunks under generic (xdp) or veth's
#                      native (xdpdrv) XDP.  Guest ns per frame that
#                      reached user space over XSK_SECS, after a second
#                      of warm-up, the sender's work included: under
#                      icount both share the vCPU.
#                      The base has no such chunks, so no sender: n/a.
# Usage: bench.sh TREE [PATTERN [profile]]  (from the project's top
# directory): TREE is the patched tree, whose xskxceiver both kernels run;
# with a shell PATTERN, only the workloads whose names match it, e.g.
# 'veth/*/64'.
# Under make profile (profile), QEMU's kprof plugin (scripts/kprof.c)
# writes the instructions of each timed run of xdp_bench to
# /run/out/kprof-window.N; each workload's are moved to
# /run/out/kprof/WORKLOAD/, with the frames of a run in its file
# "frames".  An xsk row has a run of its own, whose middle XSK_SECS
# xdp_bench window brackets; its frames are the calls of the
# receiver's function for each frame, which file "frames" names as
# "calls FUNCTION" for scripts/profile-report.sh to count.
set -u
xskxceiver=$1/tools/testing/selftests/bpf/xskxceiver
only=${2:-*}
profile=${3:-}
nosender=
cd tests

OBJ=./xdp_bench.bpf.o
RUNS=5			# test_run calls per workload; the minimum counts
REPEAT=2000000		# runs per test_run call
VETH_RUNS=3		# pktgen runs per veth workload; the minimum counts
FRAMES=50000		# frames per pktgen run
FRAMES_MB=20000		# the same at 9000 bytes
NICSIM_FRAMES=20000	# frames per simulated-NIC run
NICSIM_JUMBO=4000	# the same, of 9018 bytes
XSK_SECS=2		# guest seconds per AF_XDP or AF_PACKET run
NS=bench

out=/run/out/bench.txt
log=/run/out/bench.log
: > "$out"
: > "$log"
echo "test_run: $REPEAT runs per call, minimum of $RUNS calls; veth: minimum of $VETH_RUNS runs of $FRAMES frames ($FRAMES_MB at 9000 B); simulated NICs: minimum of $VETH_RUNS runs of $NICSIM_FRAMES frames ($NICSIM_JUMBO at 9018 B)" \
	> /run/out/settings

# row NAME DRIVER-ARGS...: one workload; its figure, or why there is none
row() {
	name=$1
	shift
	# shellcheck disable=SC2254
	case $name in $only) ;; *) return 0 ;; esac
	echo "== $name" >> "$log"
	if fig=$(ip netns exec $NS ./xdp_bench "$@" 2>> "$log"); then
		echo "$name $fig"
	else
		echo "$name n/a ($(tail -n 1 "$log"))"
	fi | tee -a "$out"
	kprof_windows "$name" "${5:-}"
}

# kprof_windows WORKLOAD FRAMES: file the plugin's windows of the workload
kprof_windows() {
	set -- "$1" "$2" /run/out/kprof-window.*
	[ -e "$3" ] || return 0
	mkdir -p "/run/out/kprof/$1"
	echo "$2" > "/run/out/kprof/$1/frames"
	dir=/run/out/kprof/$1
	shift 2
	for w in "$@"; do
		mv "$w" "$dir/${w##*.}"
	done
}

mtu() {
	for d in va vb vc vd; do ip -n $NS link set dev $d mtu "$1"; done
}

# Two veth pairs in a namespace of their own, not the three namespaces of
# guest/veth-topology.sh: all recorded figures are for this layout.  No
# IPv6 (its router and listener reports would cross the pairs mid-run),
# static neighbours (no ARP).
ip netns add $NS
ip netns exec $NS sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
ip -n $NS link add va type veth peer name vb
ip -n $NS link add vc type veth peer name vd
ip -n $NS addr add 198.18.0.1/24 dev va
ip -n $NS addr add 198.18.0.2/24 dev vb
for d in va vb vc vd; do ip -n $NS link set dev $d up; done
ip -n $NS neigh add 198.18.0.2 lladdr "$(ip netns exec $NS cat /sys/class/net/vb/address)" dev va
ip -n $NS neigh add 198.18.0.1 lladdr "$(ip netns exec $NS cat /sys/class/net/va/address)" dev vb

for size in 64 1500; do
	for a in drop pass tx; do
		row run/$a/$size run $OBJ xdp_$a $size $REPEAT $RUNS
	done
done
mtu 1500
for size in 64 1500; do
	for a in none drop pass tx redirect; do
		prog=xdp_$a
		[ $a = none ] && prog=none
		row veth/$a/$size veth $OBJ $prog $size $FRAMES $VETH_RUNS va vb vc vd
	done
	row live/redirect/$size live $OBJ xdp_redirect $size $FRAMES $VETH_RUNS vb vc vd
done

# With fragments (a kernel without them has n/a here)
for a in drop pass tx; do
	row run/${a}_mb/9000 run $OBJ xdp_${a}_mb 9000 $REPEAT $RUNS
done
mtu 9000
for a in drop pass tx redirect; do
	row veth/${a}_mb/9000 veth $OBJ xdp_${a}_mb 9000 $FRAMES_MB $VETH_RUNS va vb vc vd
done
row veth/none/9000 veth $OBJ none 9000 $FRAMES_MB $VETH_RUNS va vb vc vd
row live/redirect_mb/9000 live $OBJ xdp_redirect_mb 9000 $FRAMES_MB $VETH_RUNS vb vc vd
ip -n $NS link add pg0 type dummy
ip -n $NS link set pg0 mtu 9000 up
row pktgen/9000 veth $OBJ none 9000 $FRAMES_MB $VETH_RUNS pg0 pg0
ip -n $NS link del pg0
row copy/9000 copy 9000 20000 $RUNS

# The routed rows: vd moves into a namespace of its own, where
# 198.18.1.3 is its address, and $NS forwards to it.  pktgen's source
# address is va's, local to $NS, hence accept_local.
ip netns add ${NS}_c
ip netns exec ${NS}_c sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
ip -n $NS link set vd netns ${NS}_c
ip -n ${NS}_c addr add 198.18.1.3/24 dev vd
ip -n ${NS}_c link set vd up
ip -n $NS addr add 198.18.1.2/24 dev vc
ip -n $NS neigh add 198.18.1.3 lladdr "$(ip netns exec ${NS}_c cat /sys/class/net/vd/address)" dev vc
ip netns exec $NS sysctl -qw net.ipv4.ip_forward=1 net.ipv4.conf.all.accept_local=1
for vb in none pass_mb; do
	for vd in none drop_mb; do
		pass=xdp_$vb prog=xdp_$vd
		[ $vb = none ] && pass=none
		[ $vd = none ] && prog=none
		row routed/$vb+$vd/9000 routed $OBJ $prog 9000 $FRAMES_MB $VETH_RUNS $pass ${NS}_c
	done
done
ip netns del ${NS}_c

# sim_rows NETDEV NAME: a hardware driver on its simulated NIC: single
# buffers one a NAPI poll, and XDP_TX and XDP_REDIRECT 32 a poll too, as
# at line rate, where what a poll does once is shared
sim_rows() {
	ip link set dev "$1" netns $NS 2>> "$log" || return 0
	ip netns exec $NS sh -c "echo 1 > /proc/sys/net/ipv6/conf/$1/disable_ipv6"
	ip -n $NS link set dev "$1" mtu 1500 up
	for size in 64 1500; do
		for a in none drop pass tx redirect; do
			prog=xdp_$a
			[ $a = none ] && prog=none
			row "$2/$a/$size" nicsim $OBJ $prog $size $NICSIM_FRAMES $VETH_RUNS "$1"
		done
		for a in tx redirect; do
			row "$2/$a/${size}x32" nicsim $OBJ xdp_$a $size $NICSIM_FRAMES $VETH_RUNS "$1" 32
		done
	done
	# Frames of MTU 9000 (9018 B with the FCS): programs with fragments,
	# and the receivers of xsk/PORT-KIND/9014 in user space
	ip -n $NS link set dev "$1" mtu 9000
	for a in drop tx redirect; do
		row "$2/${a}_mb/9018" nicsim $OBJ xdp_${a}_mb 9018 $NICSIM_JUMBO $VETH_RUNS "$1"
	done
	for k in zc zc-sg copy packet; do
		row "xsk/$2-$k/9014" nicsim-rx $OBJ $k 9018 $NICSIM_JUMBO $VETH_RUNS "$1"
	done
}
sim_rows mvneta0 mvneta
sim_rows i40e0 i40e
sim_rows ice0 ice

# xsk_row KIND FUNCTION: one receiver of xsk/KIND/9014 on xskxceiver's
# layout (namespaces xsk_tx and xsk_rx, veth_tx <-> veth_rx), the best of
# VETH_RUNS runs; one sender runs from before the first row to after the
# last.  FUNCTION: the receiver's kernel function called once per frame.
xsk_row() {
	name=xsk/$1/9014
	# shellcheck disable=SC2254
	case $name in $only) ;; *) return 0 ;; esac
	echo "== $name" >> "$log"
	if [ -n "$nosender" ]; then
		echo "$name n/a (no sender: the kernel refused its UMEM; see bench.log)" | tee -a "$out"
		return 0
	fi
	best=
	for run in $(seq "$VETH_RUNS"); do
		fig=$("$xskxceiver" -B "$1" -d $XSK_SECS 2>> "$log" |
		      tee -a "$log" | awk '$1 == "BENCH" && $4 > 0 {
			printf "%.1f\n", $6 * 1e9 / $4 }')
		[ -n "$fig" ] || continue
		if [ -z "$best" ] || awk -v a="$fig" -v b="$best" 'BEGIN { exit !(a < b) }'; then
			best=$fig
		fi
	done
	echo "$name ${best:-n/a (no frame arrived; see bench.log)}" | tee -a "$out"
	[ -n "$profile" ] && [ -n "$best" ] || return 0
	"$xskxceiver" -B "$1" -d $((XSK_SECS + 3)) >> "$log" 2>&1 &
	rx=$!
	sleep 2
	./xdp_bench window $XSK_SECS
	wait $rx
	kprof_windows "$name" "calls $2"
}
if [ -x "$xskxceiver" ]; then
	# the UMEMs of sender and receiver (test_xsk.sh wants 48 for one)
	echo 96 > /proc/sys/vm/nr_hugepages
	ip netns add xsk_tx
	ip netns add xsk_rx
	ip link add veth_tx netns xsk_tx type veth peer name veth_rx netns xsk_rx
	ip -n xsk_tx link set veth_tx mtu 9000 address 02:02:02:02:02:02 up
	ip -n xsk_rx link set veth_rx mtu 9000 address 04:04:04:04:04:04 up
	"$xskxceiver" -B send -d $((((XSK_SECS + 1) * VETH_RUNS + XSK_SECS + 4) * 3 + 10)) \
		>> "$log" 2>&1 &
	sender=$!
	sleep 1
	kill -0 $sender 2>/dev/null || nosender=1
	xsk_row packet tpacket_rcv
	xsk_row xdp __xsk_rcv
	xsk_row xdpdrv __xsk_rcv
	kill $sender 2>/dev/null
	wait $sender 2>/dev/null
	ip netns del xsk_tx
	ip netns del xsk_rx
fi

ip netns del $NS
