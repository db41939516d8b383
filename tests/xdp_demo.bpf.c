// SPDX-License-Identifier: GPL-2.0
/* The demo's XDP program: counts what it sees, then passes, drops, or
 * answers ICMP echo requests itself (XDP_TX), as the loader asks.
 */
#include <linux/bpf.h>
#include <linux/if_ether.h>
#include <linux/in.h>
#include <linux/ip.h>
#include <bpf/bpf_helpers.h>
#include <bpf/bpf_endian.h>
#include "xdp_demo.h"

#define ICMP_ECHOREPLY	0
#define ICMP_ECHO	8

struct icmp_echo {
	__u8 type;
	__u8 code;
	__sum16 checksum;
};

struct demo_state state;

/* Turn an ICMP echo request into the reply, in place. */
static int reflect_echo(struct xdp_md *ctx)
{
	void *data_end = (void *)(long)ctx->data_end;
	void *data = (void *)(long)ctx->data;
	struct ethhdr *eth = data;
	unsigned char mac[ETH_ALEN];
	struct icmp_echo *icmp;
	struct iphdr *ip;
	__be32 addr;
	__u32 sum;

	ip = (void *)(eth + 1);
	icmp = (void *)(ip + 1);
	if ((void *)(icmp + 1) > data_end ||
	    eth->h_proto != bpf_htons(ETH_P_IP) || ip->ihl != 5 ||
	    ip->protocol != IPPROTO_ICMP || icmp->type != ICMP_ECHO)
		return XDP_PASS;

	__builtin_memcpy(mac, eth->h_dest, ETH_ALEN);
	__builtin_memcpy(eth->h_dest, eth->h_source, ETH_ALEN);
	__builtin_memcpy(eth->h_source, mac, ETH_ALEN);
	addr = ip->saddr;
	ip->saddr = ip->daddr;
	ip->daddr = addr;

	/* type 8 -> 0: add 0x0800 to the one's complement sum */
	icmp->type = ICMP_ECHOREPLY;
	sum = (__u32)icmp->checksum + bpf_htons(ICMP_ECHO << 8);
	icmp->checksum = (sum & 0xffff) + (sum >> 16);
	return XDP_TX;
}

SEC("xdp.frags")
int xdp_demo(struct xdp_md *ctx)
{
	__sync_fetch_and_add(&state.packets, 1);
	__sync_fetch_and_add(&state.bytes, bpf_xdp_get_buff_len(ctx));
	if (state.action == XDP_TX)
		return reflect_echo(ctx);
	return state.action;
}

/* For the peer: veth forwards XDP_TX frames only to a peer that runs XDP. */
SEC("xdp")
int xdp_pass(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
