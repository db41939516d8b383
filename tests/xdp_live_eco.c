// SPDX-License-Identifier: GPL-2.0
/* A live-frames client built against Debian's libbpf: BPF_PROG_TEST_RUN
 * with BPF_F_TEST_XDP_LIVE_FRAMES, a batch size and an xdp_md naming the
 * ingress device sends FRAMES frames out of IFACE, and a program on its
 * veth peer PEER counts them: 64-byte frames, then 9000-byte ones.  They
 * go in calls of CALL_FRAMES, each waited for: veth's ring holds 256
 * frames, and its NAPI need not run before a call ends.
 *
 * Usage: xdp_live_eco OBJ IFACE PEER
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <net/if.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#define FRAMES		2000
#define CALL_FRAMES	200
#define BATCH		64
#define JUMBO	9000

static unsigned char pkt[JUMBO];
static int failed;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	failed |= !ok;
}

static __u32 bss_word(struct bpf_object *obj, size_t off)
{
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	__u32 zero = 0, val[4] = {};

	if (!bss || bpf_map_lookup_elem(bpf_map__fd(bss), &zero, val))
		return -1;
	return val[off];
}

/* the program's stats, in .bss */
enum { SENT, COUNTED, COUNTED_LEN };

static void run(struct bpf_object *obj, const char *name, int ifindex,
		__u32 len)
{
	struct bpf_program *prog = bpf_object__find_program_by_name(obj, name);
	struct bpf_map *bss = bpf_object__find_map_by_name(obj, ".bss");
	struct xdp_md ctx = {
		.data_end = len,
		.ingress_ifindex = ifindex,
	};
	LIBBPF_OPTS(bpf_test_run_opts, opts,
		.data_in = pkt,
		.data_size_in = len,
		.ctx_in = &ctx,
		.ctx_size_in = sizeof(ctx),
		.repeat = CALL_FRAMES,
		.batch_size = BATCH,
		.flags = BPF_F_TEST_XDP_LIVE_FRAMES,
	);
	__u32 zero = 0, clear[4] = {}, sent;
	int err = 0, i;
	char what[128];

	bpf_map_update_elem(bpf_map__fd(bss), &zero, clear, 0);
	for (sent = 0; sent < FRAMES && !err; sent += CALL_FRAMES) {
		err = bpf_prog_test_run_opts(bpf_program__fd(prog), &opts);
		/* the peer's NAPI may run after the call returns */
		for (i = 0; i < 500 &&
		     bss_word(obj, COUNTED) < sent + CALL_FRAMES; i++)
			usleep(10000);
	}
	snprintf(what, sizeof(what), "%s: %u live frames of %u bytes: %s",
		 name, FRAMES, len, err ? strerror(errno) : "sent");
	check(!err, what);
	check(bss_word(obj, SENT) == FRAMES, "the program saw every frame");
	snprintf(what, sizeof(what), "the peer counted %u frames",
		 bss_word(obj, COUNTED));
	check(bss_word(obj, COUNTED) == FRAMES, what);
	check(bss_word(obj, COUNTED_LEN) == len, "of the length sent");
}

int main(int argc, char **argv)
{
	struct bpf_program *count;
	struct bpf_object *obj;
	int ifindex, peer, i;

	if (argc != 4) {
		fprintf(stderr, "usage: %s OBJ IFACE PEER\n", argv[0]);
		return 2;
	}
	ifindex = if_nametoindex(argv[2]);
	peer = if_nametoindex(argv[3]);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj || !ifindex || !peer) {
		fprintf(stderr, "%s, %s, %s: %s\n", argv[1], argv[2], argv[3],
			strerror(errno));
		return 1;
	}
	check(!bpf_object__load(obj), "the kernel loads the programs");
	count = bpf_object__find_program_by_name(obj, "xdp_count");
	check(!bpf_xdp_attach(peer, bpf_program__fd(count), XDP_FLAGS_DRV_MODE,
			      NULL), "the counter attaches to the peer");
	if (failed)
		return 1;

	/* Ethernet, to nobody, of a local experimental type */
	memset(pkt, 0xff, 6);
	memcpy(pkt + 6, "\x02\0\0\0\0\x01\x88\xb5", 8);
	for (i = 14; i < JUMBO; i++)
		pkt[i] = i;

	run(obj, "xdp_gen", ifindex, 64);
	run(obj, "xdp_gen_frags", ifindex, JUMBO);

	bpf_xdp_detach(peer, XDP_FLAGS_DRV_MODE, NULL);
	bpf_object__close(obj);
	return failed;
}
