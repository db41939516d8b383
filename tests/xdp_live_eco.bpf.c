// SPDX-License-Identifier: GPL-2.0
/* Live frames as a traffic generator writes them, against Debian's
 * headers: a program that sends every frame out of the device it came in
 * on, one for jumbo frames, and a counter for the peer.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* one object, so that its layout in .bss is fixed */
struct {
	__u32 sent, counted, counted_len;
} stats;

SEC("xdp")
int xdp_gen(struct xdp_md *ctx)
{
	stats.sent++;
	return XDP_TX;
}

SEC("xdp.frags")
int xdp_gen_frags(struct xdp_md *ctx)
{
	stats.sent++;
	return XDP_TX;
}

SEC("xdp.frags")
int xdp_count(struct xdp_md *ctx)
{
	__sync_fetch_and_add(&stats.counted, 1);
	stats.counted_len = bpf_xdp_get_buff_len(ctx);
	return XDP_DROP;
}

char _license[] SEC("license") = "GPL";
