// SPDX-License-Identifier: GPL-2.0
/* An XDP program as a user writes it today, built against Debian's
 * libbpf-dev and linux-libc-dev headers rather than the kernel tree's:
 * the "xdp.frags" section and the fragment helpers, by their upstream
 * numbers.  It copies 16 bytes from the first fragment to the second
 * and records the packet length it saw.  Its twin in plain "xdp" is
 * never given such a packet by a device, a map or a tail call, but
 * BPF_PROG_TEST_RUN gives it one, as upstream's does.
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

#define SRC_OFF	4000
#define DST_OFF	8000

__u32 seen_len;

SEC("xdp.frags")
int xdp_frags_eco(struct xdp_md *ctx)
{
	__u8 buf[16];

	seen_len = bpf_xdp_get_buff_len(ctx);
	if (bpf_xdp_load_bytes(ctx, SRC_OFF, buf, sizeof(buf)))
		return XDP_ABORTED;
	if (bpf_xdp_store_bytes(ctx, DST_OFF, buf, sizeof(buf)))
		return XDP_ABORTED;
	return XDP_TX;
}

SEC("xdp")
int xdp_no_frags_eco(struct xdp_md *ctx)
{
	return XDP_PASS;
}

char _license[] SEC("license") = "GPL";
