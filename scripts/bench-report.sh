#!/bin/sh
# Turn make bench's VM outputs ($BENCH_RESULTS/{base,patched}-{icount,wall}/
# bench.txt, written by guest/bench.sh) into $BENCH_RESULTS/results.md,
# and print it.
set -eu
. "$(dirname "$0")/lib.sh"

r=$BENCH_RESULTS
for f in base-icount base-wall patched-icount patched-wall; do
	[ -f "$r/$f/bench.txt" ] || die "no $r/$f/bench.txt; run make bench"
done
[ -f "$r/model.txt" ] || die "no $r/model.txt; run make bench"
[ -f "$r/floor.txt" ] || : > "$r/floor.txt"

{
cat <<EOF2
# XDP benchmark: base 5.10.223 against the series

$(date -u '+%Y-%m-%d %H:%M UTC'), project at $(cat "$r/project.commit" 2>/dev/null || echo '?');
base: $(cat "$r/base.tree" 2>/dev/null || echo '?'); patched: $(cat "$r/patched.tree" 2>/dev/null || echo '?').
Both kernels: config/bench.config (config/vm.config without KASAN and
debug info), QEMU TCG.  **Instructions** are guest nanoseconds under
\`-icount shift=0\` (one vCPU; 1 ns = 1 instruction), deterministic, the
minimum of several runs.  They count instructions, not cycles or cache
misses.  **pps ratio** is wall-clock packets/s, patched/base, from a
second boot of each kernel without icount: host noise included (on a
shared, loaded host it scatters widely), a sanity check only.

Repeats: $(cat "$r/patched-icount/settings" 2>/dev/null || echo '?').

- test_run: BPF_PROG_TEST_RUN, timed around the call (the kernel's own
  figure is whole ns).  The packet is built once per call, not per run,
  so its size changes little.  They run without live frames: the action
  is only returned, never carried out, so these rows are **the program
  call only**, not the cost of XDP_TX or XDP_PASS.
- veth: pktgen (clone_skb 0) into veth va, native XDP on its peer vb,
  pktgen's own time from first to last frame, divided by frames.  It
  includes pktgen building each skb.  "no XDP" is the same traffic without a program:
  veth then takes another path (netif_rx to the stack), so it is a row of
  its own and is not subtracted; the Δ column is the cost difference in
  instructions, which pktgen's share does not dilute.  Frames that pass
  go up to UDP and are dropped there (no socket); XDP_TX frames go to va,
  XDP_REDIRECT (devmap) frames through veth vc to vd, each running
  XDP_DROP.
- mvneta, i40e, ice: the driver's own datapath on its simulated NIC, a
  NETA, an XL710 or an E810 port (drivers/net/nicsim), fed by frames
  written one by one to the model's rx; the write() and the model's
  work are in every figure, so the ratio is diluted by them.  The base
  side carries the model patches that apply to the base ("net: nicsim:
  ..."), not those that need the series.  "model" is what the model's
  own functions execute more a frame on the series (the kprof plugin
  counts them in the same icount run, scripts/profile-report.sh), and
  patched/base leaves it out: (patched - model) / base, the driver's
  cost.
  XDP_PASS frames are not IP: the stack drops them at its protocol
  lookup.  XDP_REDIRECT goes through a devmap back to the port (its
  ndo_xdp_xmit).
- Target of the series: every single-buffer workload within +0.5%
  instructions/packet of base (reported, not asserted).

EOF2
awk -v out="$r" '
function label(name,   p, a, s, frags, burst, sz) {
	split(name, p, "/")
	a = p[2]; frags = sub(/_mb$/, "", a)
	a = a == "none" ? "no XDP (stack)" : "XDP_" toupper(a)
	s = (p[1] == "run" ? "test_run (program call only)" : p[1]) " " a
	burst = split(p[3], sz, "x") > 1 ? ", " sz[2] " a poll" : ""
	return s (frags ? " (frags)" : "") ", " sz[1] " B" burst
}
function cell(k) { return (k in v) ? v[k] : "missing" }
FILENAME ~ /model\.txt$/ { model[$1] = $3 - $2; next }
FILENAME ~ /floor\.txt$/ { fall[$1] = $2; frecv[$1] = $3; next }
function num(k) { return (k in v) && v[k] ~ /^[0-9.]+$/ }
FNR == 1 { side = FILENAME; sub(/\/bench\.txt$/, "", side); sub(/.*\//, "", side) }
{
	k = side SUBSEP $1
	$1 = ""; sub(/^ /, "")
	v[k] = $0
	if (side == "patched-icount") order[++n] = substr(k, length(side) + 2)
}
END {
	print "## Single buffer: instructions per packet\n"
	print "| workload | base | patched | Δ | model | patched/base | pps patched/base |"
	print "|---|---:|---:|---:|---:|---:|---:|"
	for (i = 1; i <= n; i++) {
		w = order[i]
		if (w ~ /_mb\// || w ~ /^(copy|xsk|routed|pktgen|live)\//)
			continue
		b = "base-icount" SUBSEP w; p = "patched-icount" SUBSEP w
		bw = "base-wall" SUBSEP w; pw = "patched-wall" SUBSEP w
		d = ratio = pps = "n/a"
		m = w ~ /^(mvneta|i40e|ice)\// && (w in model) ? model[w] : 0
		if (num(b) && num(p)) {
			d = sprintf("%+.1f", v[p] - v[b])
			ratio = sprintf("%.4f", (v[p] - m) / v[b])
			if ((v[p] - m) / v[b] > 1.005)
				ratio = ratio " (over +0.5%)"
		}
		if (num(bw) && num(pw))
			pps = sprintf("%.3f", v[bw] / v[pw])
		printf "| %s | %s | %s | %s | %s | %s | %s |\n", label(w), cell(b), cell(p), d,
			w ~ /^(mvneta|i40e|ice)\// ? ((w in model) ? sprintf("%+.1f", m) : "missing") : "",
			ratio, pps
	}
	c = "patched-icount" SUBSEP "copy/9000"
	split(cell(c), cp, " ")
	print "\n## With fragments, 9000 B (patched only)\n"
	print "Floor: one in-kernel copy of 9000 bytes, pread() of a tmpfs file"
	print "(page cache to user space): " cp[1] " instructions/call; per byte, the"
	print "slope between 64 and 9000 B (no fixed syscall cost): " cp[2] " instructions.\n"
	print "| workload | instructions/packet | per byte | per byte / copy floor |"
	print "|---|---:|---:|---:|"
	for (i = 1; i <= n; i++) {
		w = order[i]
		if (w !~ /_mb\// || w ~ /^(routed|live)\//)
			continue
		p = "patched-icount" SUBSEP w
		if (num(p) && cp[2] > 0)
			printf "| %s | %s | %.3f | %.2f |\n", label(w), v[p], v[p] / 9000, v[p] / 9000 / cp[2]
		else if (num(p))
			printf "| %s | %s | %.3f | |\n", label(w), v[p], v[p] / 9000
		else
			printf "| %s | %s | | |\n", label(w), cell(p)
	}
	print "\ntest_run builds the packet once per call, not per run: its per-byte"
	print "figure shows that a fragmented packet costs the program nothing extra."
	pg = "patched-icount" SUBSEP "pktgen/9000"
	dm = "patched-icount" SUBSEP "veth/drop_mb/9000"
	if (num(pg) && cp[2] > 0 && num(dm))
		printf "\nTwo-pass floor of the veth rows: pktgen alone (into a dummy device, %s) plus one copy of 9000 bytes at the per-byte slope (%.0f): %.0f instructions; veth XDP_DROP with fragments is %.3f times it (target: at most 1.1).\n", v[pg], cp[2] * 9000, v[pg] + cp[2] * 9000, v[dm] / (v[pg] + cp[2] * 9000)
	fl = ""
	split("mvneta i40e ice", fp, " ")
	for (i = 1; i <= 3; i++)
		for (w in fall)
			if (index(w, fp[i] "/") == 1 && fall[w] > frecv[w])
				fl = fl sprintf("%s%s %.0f of %.0f, %.3f times the floor", fl ? "; " : "", fp[i], frecv[w], fall[w], fall[w] / (fall[w] - frecv[w]))
	if (fl)
		printf "\nTwo-pass floor of the driver rows: XDP_DROP with fragments less its receive side (the driver, NAPI and its softirq, the program, the kernel'"'"'s XDP and page_pool functions; make profile), which leaves the write() of the frame with its copy from user space and the port'"'"'s DMA into the driver'"'"'s buffers (the model, with the FCS the NETA computes): receive side %s (target: at most 1.05).\n", fl
	print "\n## The kernel as the generator: live frames (patched)\n"
	print "BPF_PROG_TEST_RUN with live frames runs the XDP_REDIRECT program as if"
	print "the frames had come in on vb, in batches of 64, and the devmap sends"
	print "them out of vc to the XDP_DROP program on vd: the veth XDP_REDIRECT"
	print "row without pktgen building an skb and veth carrying it from va to"
	print "vb.  The base has no live frames.\n"
	print "| frames | live frames | pktgen into veth | live / pktgen |"
	print "|---|---:|---:|---:|"
	split("redirect/64 redirect/1500 redirect_mb/9000", lv, " ")
	for (i = 1; i <= 3; i++) {
		p = "patched-icount" SUBSEP "live/" lv[i]
		g = "patched-icount" SUBSEP "veth/" lv[i]
		split(lv[i], sz, "/")
		fr = sz[1] ~ /_mb$/ ? " (frags)" : ""
		if (num(p) && num(g))
			printf "| %s B%s | %s | %s | %.2f |\n", sz[2], fr, v[p], v[g], v[p] / v[g]
		else
			printf "| %s B%s | %s | %s | |\n", sz[2], fr, cell(p), cell(g)
	}
	print "\n## Jumbo frames forwarded into a container, 9000 B (patched)\n"
	print "pktgen into va; vb passes each frame (pass_mb: veth copies it into"
	print "pages) or has no program; the namespace forwards it from vb out of vc"
	print "to vd, in a namespace of its own, whose program drops it (drop_mb) or"
	print "whose stack does (none: no socket).  With both programs, veth hands"
	print "the pages of the copy made on vb to the program on vd; with the"
	print "program on vd alone, vd copies.\n"
	print "| vb | vd | instructions/frame |"
	print "|---|---|---:|"
	split("none+none none+drop_mb pass_mb+none pass_mb+drop_mb", rt, " ")
	for (i = 1; i <= 4; i++) {
		split(rt[i], ab, "+")
		printf "| %s | %s | %s |\n", ab[1], ab[2], cell("patched-icount" SUBSEP "routed/" rt[i] "/9000")
	}
	rk = "patched-icount" SUBSEP "routed/"
	if (num(rk "pass_mb+drop_mb/9000") && num(rk "pass_mb+none/9000") &&
	    num(rk "none+drop_mb/9000") && num(rk "none+none/9000")) {
		printf "\nXDP_DROP on vd against the stack of vd: %.3f with the handover (target: at most 1.0), %.3f when vd copies.\n",
			v[rk "pass_mb+drop_mb/9000"] / v[rk "pass_mb+none/9000"],
			v[rk "none+drop_mb/9000"] / v[rk "none+none/9000"]
		printf "XDP_DROP on vd costs %+.0f instructions a frame against the stack with the handover, %+.0f when vd copies.\n",
			v[rk "pass_mb+drop_mb/9000"] - v[rk "pass_mb+none/9000"],
			v[rk "none+drop_mb/9000"] - v[rk "none+none/9000"]
	}
	pk = "patched-icount" SUBSEP "xsk/packet/9014"
	print "\n## AF_XDP against AF_PACKET, 9014-byte frames on veth (patched)\n"
	print "An AF_XDP copy-mode sender fills one end of a veth pair at MTU 9000;"
	print "the receiver at the other end is an AF_PACKET TPACKET_V3 ring or an"
	print "AF_XDP socket in copy mode on 9270-byte HugeTLB chunks, behind"
	print "generic or the native XDP of veth.  Instructions per frame that reached"
	print "user space, that of the sender included (one vCPU), counted from a"
	print "second after the receiver is ready.  The base cannot register such"
	print "chunks, so it has no sender and no row.\n"
	print "| receiver | instructions/frame | frames per 10^9 instructions | rate vs AF_PACKET |"
	print "|---|---:|---:|---:|"
	split("packet xdp xdpdrv", kinds, " ")
	split("AF_PACKET TPACKET_V3|AF_XDP copy, generic XDP|AF_XDP copy, native XDP", names, "|")
	for (i = 1; i <= 3; i++) {
		p = "patched-icount" SUBSEP "xsk/" kinds[i] "/9014"
		if (num(p) && num(pk))
			printf "| %s | %s | %.0f | %.2f |\n", names[i], v[p], 1e9 / v[p], v[pk] / v[p]
		else
			printf "| %s | %s | | |\n", names[i], cell(p)
	}
	print "\n## AF_XDP against AF_PACKET, 9014-byte frames on the simulated NICs\n"
	print "Frames of MTU 9000 written one by one to the rx of the port model, as in the"
	print "rows above, received in user space at queue 0: by an AF_XDP socket on"
	print "16 KiB HugeTLB chunks in zero-copy or copy mode, or on 4 KiB chunks in"
	print "zero-copy mode with XDP_USE_SG, a frame in three (the program"
	print "redirects each frame to it), or by an AF_PACKET TPACKET_V3 ring with"
	print "no program; each buffer goes back as soon as it is read.  Every row"
	print "holds the write() and the model, whose copy of the frame into the"
	print "buffers stands for the DMA of the NIC.  The floor is XDP_DROP of the"
	print "same frames by a program with fragments (the model, the receive of"
	print "the driver into its own buffers, a verdict); \"above the floor\" is"
	print "what delivery into user space adds to it.  The base cannot register"
	print "16 KiB chunks (n/a) and has no fragments; its AF_PACKET figure is the"
	print "A side of that row.\n"
	print "| port | receiver | instructions/frame | above the floor | frames per 10^9 instructions | rate vs AF_PACKET | base |"
	print "|---|---|---:|---:|---:|---:|---:|"
	split("mvneta i40e ice", ports, " ")
	split("zc zc-sg copy packet", kinds, " ")
	split("AF_XDP zero-copy|AF_XDP zero-copy, 4 KiB chunks (XDP_USE_SG)|AF_XDP copy mode|AF_PACKET TPACKET_V3", names, "|")
	for (i = 1; i <= 3; i++) {
		fl = "patched-icount" SUBSEP ports[i] "/drop_mb/9018"
		pk = "patched-icount" SUBSEP "xsk/" ports[i] "-packet/9014"
		printf "| %s | XDP_DROP with fragments (floor) | %s | | | | |\n", ports[i], cell(fl)
		for (j = 1; j <= 4; j++) {
			w = "xsk/" ports[i] "-" kinds[j] "/9014"
			p = "patched-icount" SUBSEP w
			b = "base-icount" SUBSEP w
			above = rate = fps = ""
			if (num(p)) {
				fps = sprintf("%.0f", 1e9 / v[p])
				if (num(fl))
					above = sprintf("%+.0f", v[p] - v[fl])
				if (num(pk))
					rate = sprintf("%.2f", v[pk] / v[p])
			}
			printf "| %s | %s | %s | %s | %s | %s | %s |\n", ports[i], names[j], cell(p), above, fps, rate, cell(b)
		}
	}
}' "$r/model.txt" "$r/floor.txt" "$r/base-icount/bench.txt" "$r/patched-icount/bench.txt" \
   "$r/base-wall/bench.txt" "$r/patched-wall/bench.txt"
} > "$r/results.md"
cat "$r/results.md"
