// SPDX-License-Identifier: GPL-2.0
/* The benchmark's XDP programs (make bench): each does the least it can
 * besides its verdict, so that what is measured is the driver's XDP path.
 * "seen" counts the frames a program ran on, so the loader can tell that
 * every frame got there.  The _mb copies are the same programs loaded with
 * fragments allowed (BPF_F_XDP_HAS_FRAGS, from the section name).
 */
#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>

/* XDP_REDIRECT target: slot 0, set by the loader */
struct {
	__uint(type, BPF_MAP_TYPE_DEVMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} bench_port SEC(".maps");

/* AF_XDP: the socket of queue 0, set by the loader */
struct {
	__uint(type, BPF_MAP_TYPE_XSKMAP);
	__uint(max_entries, 1);
	__type(key, __u32);
	__type(value, __u32);
} bench_xsk SEC(".maps");

__u64 seen;

#define BENCH_PROG(name, sec, verdict)			\
SEC(sec)						\
int name(struct xdp_md *ctx)				\
{							\
	__sync_fetch_and_add(&seen, 1);			\
	return verdict;					\
}

BENCH_PROG(xdp_drop, "xdp", XDP_DROP)
BENCH_PROG(xdp_pass, "xdp", XDP_PASS)
BENCH_PROG(xdp_tx, "xdp", XDP_TX)
BENCH_PROG(xdp_redirect, "xdp", bpf_redirect_map(&bench_port, 0, 0))
BENCH_PROG(xdp_drop_mb, "xdp.frags", XDP_DROP)
BENCH_PROG(xdp_pass_mb, "xdp.frags", XDP_PASS)
BENCH_PROG(xdp_tx_mb, "xdp.frags", XDP_TX)
BENCH_PROG(xdp_redirect_mb, "xdp.frags", bpf_redirect_map(&bench_port, 0, 0))
BENCH_PROG(xdp_xsk_mb, "xdp.frags", bpf_redirect_map(&bench_xsk, 0, 0))

char _license[] SEC("license") = "GPL";
