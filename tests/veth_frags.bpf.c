// SPDX-License-Identifier: GPL-2.0
/* XDP programs for the veth multi-buffer tests.  Each counts the frames
 * and bytes (fragments included) it sees in its own slot of state.seen,
 * then acts on UDP datagrams: pass, drop, reflect (XDP_TX), redirect to
 * another veth, or edit them across fragment boundaries.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <linux/udp.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "veth_frags.h"

struct veth_frags_state state;

static void count(int slot, struct xdp_md *ctx)
{
	__sync_fetch_and_add(&state.seen[slot].frames, 1);
	__sync_fetch_and_add(&state.seen[slot].bytes, bpf_xdp_get_buff_len(ctx));
}

/* The IPv4 header of a UDP datagram or fragment, or NULL. */
static struct iphdr *udp_ip(void *data, void *data_end)
{
	struct ethhdr *eth = data;
	struct iphdr *ip = (void *)(eth + 1);

	if ((void *)(ip + 1) > data_end || eth->h_proto != bpf_htons(ETH_P_IP) ||
	    ip->ihl != 5 || ip->protocol != IPPROTO_UDP)
		return NULL;
	return ip;
}

static void swap_mac(struct ethhdr *eth)
{
	unsigned char mac[ETH_ALEN];

	__builtin_memcpy(mac, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, mac, ETH_ALEN);
}

static __u16 ip_checksum(struct iphdr *ip)
{
	__u16 *w = (__u16 *)ip;
	__u32 sum = 0;
	int i;

	ip->check = 0;
	for (i = 0; i < (int)sizeof(*ip) / 2; i++)
		sum += w[i];
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	return ~sum;
}

SEC("xdp.frags")
int frags_pass(struct xdp_md *ctx)
{
	count(SEEN_PASS, ctx);
	return XDP_PASS;
}

/* For the peers that must run XDP: veth hands XDP_TX and redirected
 * frames only to a device with a program.
 */
SEC("xdp.frags")
int frags_peer(struct xdp_md *ctx)
{
	count(SEEN_PEER, ctx);
	return XDP_PASS;
}

SEC("xdp.frags")
int frags_drop(struct xdp_md *ctx)
{
	count(SEEN_DROP, ctx);
	return XDP_DROP;
}

/* Send UDP back where it came from: swapping addresses and ports keeps
 * both checksums valid.  Only a first fragment carries the ports.
 */
SEC("xdp.frags")
int frags_tx(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	void *data = (void *)(long)ctx->data;
	struct iphdr *ip = udp_ip(data, data_end);
	struct udphdr *udp;
	__be32 addr;
	__be16 port;

	count(SEEN_TX, ctx);
	if (!ip)
		return XDP_PASS;
	swap_mac(data);
	addr = ip->saddr;
	ip->saddr = ip->daddr;
	ip->daddr = addr;
	if (!(ip->frag_off & bpf_htons(0x1fff))) {
		udp = (void *)(ip + 1);
		if ((void *)(udp + 1) > data_end)
			return XDP_ABORTED;
		port = udp->source;
		udp->source = udp->dest;
		udp->dest = port;
	}
	return XDP_TX;
}

/* Forward UDP to another veth, addressed to the device behind it. */
SEC("xdp.frags")
int frags_redirect(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	struct ethhdr *eth = (void *)(long)ctx->data;
	struct iphdr *ip = udp_ip(eth, data_end);

	count(SEEN_REDIRECT, ctx);
	if (!ip)
		return XDP_PASS;
	__builtin_memcpy(eth->h_dest, state.redirect_mac, ETH_ALEN);
	return bpf_redirect(state.redirect_ifindex, 0);
}

/* On an unfragmented datagram of at least EDIT_MIN_LEN bytes: copy its
 * last 8 bytes over the 8 at EDIT_OFFSET, which straddle the end of the
 * first buffer, then trim EDIT_TRIM bytes off the end and fix up the
 * headers (no UDP checksum).
 */
SEC("xdp.frags")
int frags_edit(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	void *data = (void *)(long)ctx->data;
	struct iphdr *ip = udp_ip(data, data_end);
	__u32 len = bpf_xdp_get_buff_len(ctx);
	struct udphdr *udp;
	__u8 tail[8];

	count(SEEN_EDIT, ctx);
	if (!ip || ip->frag_off & bpf_htons(0x3fff) || len < EDIT_MIN_LEN)
		return XDP_PASS;
	udp = (void *)(ip + 1);
	if ((void *)(udp + 1) > data_end)
		return XDP_ABORTED;
	if (len > 0xffff ||
	    bpf_xdp_load_bytes(ctx, len - sizeof(tail), tail, sizeof(tail)) ||
	    bpf_xdp_store_bytes(ctx, EDIT_OFFSET, tail, sizeof(tail)))
		return XDP_ABORTED;

	/* The headers sit in the first buffer, which trimming the last
	 * fragment leaves alone; re-check their bounds all the same.
	 */
	if (bpf_xdp_adjust_tail(ctx, -EDIT_TRIM))
		return XDP_ABORTED;
	ip = (void *)(long)ctx->data + sizeof(struct ethhdr);
	udp = (void *)(ip + 1);
	if ((void *)(udp + 1) > (void *)(long)ctx->data_end)
		return XDP_ABORTED;
	ip->tot_len = bpf_htons(bpf_ntohs(ip->tot_len) - EDIT_TRIM);
	ip->check = ip_checksum(ip);
	udp->len = bpf_htons(bpf_ntohs(udp->len) - EDIT_TRIM);
	udp->check = 0;
	__sync_fetch_and_add(&state.edited, 1);
	return XDP_PASS;
}

/* Without the frags flag, for the attach refusals. */
SEC("xdp")
int single_pass(struct xdp_md *ctx)
{
	return XDP_PASS;
}

/* Trim TAIL_DELTA bytes off every datagram of more than twice that and
 * grow them back, then put the bytes back in: the datagram arrives as
 * sent.  In generic mode a jumbo frame is one linear buffer larger than
 * a page.
 */
SEC("xdp.frags")
int frags_tail(struct xdp_md *ctx)
{
	__u32 len = bpf_xdp_get_buff_len(ctx);
	__u8 tail[TAIL_DELTA];

	count(SEEN_TAIL, ctx);
	if (len < 2 * TAIL_DELTA || len > 0xffff ||
	    !udp_ip((void *)(long)ctx->data, (void *)(long)ctx->data_end))
		return XDP_PASS;
	if (bpf_xdp_load_bytes(ctx, len - TAIL_DELTA, tail, sizeof(tail)) ||
	    bpf_xdp_adjust_tail(ctx, -TAIL_DELTA) ||
	    bpf_xdp_get_buff_len(ctx) != len - TAIL_DELTA ||
	    bpf_xdp_adjust_tail(ctx, TAIL_DELTA) ||
	    bpf_xdp_store_bytes(ctx, len - TAIL_DELTA, tail, sizeof(tail)))
		return XDP_ABORTED;
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
