// SPDX-License-Identifier: GPL-2.0
/* The benchmark's driver (make bench), run in the VM by guest/bench.sh.
 *
 *   xdp_bench run OBJ PROG SIZE REPEAT TIMES
 *	BPF_PROG_TEST_RUN of PROG on a SIZE-byte frame, REPEAT runs per call.
 *   xdp_bench veth OBJ PROG|none SIZE COUNT TIMES SRC RX [TARGET TARGET_PEER]
 *	PROG in native mode on veth RX; pktgen sends COUNT frames of SIZE
 *	bytes into its peer SRC.  An XDP_TX program's frames land on SRC, an
 *	XDP_REDIRECT program's on TARGET_PEER through TARGET: both get an
 *	XDP_DROP program, without which veth drops them.
 *   xdp_bench routed OBJ PROG|none SIZE COUNT TIMES PASS|none NS
 *	Frames that a host forwards into a container: pktgen sends COUNT
 *	frames of SIZE bytes into va, for 198.18.1.3; vb runs PASS (native)
 *	or no program; the namespace routes them out of vc to vd, in netns
 *	NS, which runs PROG or hands them to its stack.  Under an XDP_PASS
 *	program veth copies each frame into pages of its own, which veth
 *	may then hand to vd's program without another copy.
 *   xdp_bench nicsim OBJ PROG|none SIZE COUNT TIMES DEV [BURST]
 *	PROG in native mode on DEV, a hardware driver on a simulated NIC
 *	(drivers/net/nicsim); COUNT frames of SIZE bytes, FCS included,
 *	written one by one to the model's rx, which raises its interrupt
 *	after every BURST frames (1), so that a NAPI poll takes BURST
 *	frames.  An XDP_REDIRECT program's frames go back out of DEV (its
 *	ndo_xdp_xmit).
 *   xdp_bench nicsim-rx OBJ zc|zc-sg|copy|packet SIZE COUNT TIMES DEV
 *	The same frames, received in user space at DEV's queue 0: by an
 *	AF_XDP socket in zero-copy or copy mode on a HugeTLB UMEM of 16 KiB
 *	chunks, or in zero-copy mode with XDP_USE_SG on one of 4 KiB chunks
 *	(zc-sg: a frame in several), behind PROG xdp_xsk_mb, or by an
 *	AF_PACKET TPACKET_V3 ring (no program).  After each write() the receiver takes what reached
 *	its ring and gives the buffers back, as an application that keeps
 *	up does; every frame must reach it.
 *   xdp_bench live OBJ PROG SIZE COUNT TIMES RX TARGET TARGET_PEER
 *	The kernel as the generator: BPF_PROG_TEST_RUN with live frames runs
 *	PROG (an XDP_REDIRECT one) on COUNT frames of SIZE bytes, as if they
 *	had come in on RX, in batches of 64; the devmap sends them through
 *	TARGET to TARGET_PEER's XDP_DROP program.  Timed around the call.
 *   xdp_bench copy SIZE COUNT TIMES
 *	COUNT pread()s of a SIZE-byte tmpfs file: one copy of SIZE bytes.
 *   xdp_bench window SECS
 *	Only make profile's markers, SECS seconds apart, around what other
 *	processes run meanwhile (the AF_XDP and AF_PACKET rows).
 *
 * Each prints on stdout the minimum over TIMES calls of CLOCK_MONOTONIC
 * nanoseconds per packet (run, veth, routed, live, copy); "copy" adds the cost
 * per byte.
 * Under QEMU's icount a nanosecond of guest time is one instruction.
 * Details of each call go to stderr.  Exit status 2: the kernel refused
 * the setup; 3: frames did not all reach the programs.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <time.h>
#include <unistd.h>
#include <linux/if_link.h>
#include <linux/if_packet.h>
#include <linux/if_xdp.h>
#include <bpf/libbpf.h>
/* From the series' selftests: shared with test_xdp_veth_frags.sh's driver */
#include "xdp_veth_util.h"

static void __attribute__((noreturn)) fail(int status, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

/* Where make profile's instruction counts start and stop (scripts/kprof.c):
 * 8-byte NOPs that the plugin recognises, and any CPU ignores.
 */
static inline void kprof_start(void)
{
	asm volatile(".byte 0x0f, 0x1f, 0x84, 0x00, 'k', 'p', 'r', '1'" ::: "memory");
}

static inline void kprof_stop(void)
{
	asm volatile(".byte 0x0f, 0x1f, 0x84, 0x00, 'k', 'p', 'r', '0'" ::: "memory");
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

struct bench_prog {
	struct bpf_object *obj;
	int fd;
	int bss;
};

/* Load only program NAME of the object: a kernel without fragments
 * support refuses the xdp.frags ones, which must not spoil the rest.
 * A non-zero REDIRECT_IFINDEX goes into the devmap's slot 0.
 */
static void load(struct bench_prog *bp, const char *path, const char *name,
		 int redirect_ifindex)
{
	struct bpf_program *prog, *p;
	struct bpf_map *map;
	__u32 zero = 0;
	int err;

	bp->obj = bpf_object__open_file(path, NULL);
	if (!bp->obj)
		fail(1, "open %s: %s", path, strerror(errno));
	prog = bpf_object__find_program_by_name(bp->obj, name);
	if (!prog)
		fail(1, "%s has no program %s", path, name);
	bpf_object__for_each_program(p, bp->obj)
		bpf_program__set_autoload(p, p == prog);
	err = bpf_object__load(bp->obj);
	if (err)
		fail(2, "load %s: %s", name, strerror(-err));
	bp->fd = bpf_program__fd(prog);
	map = bpf_object__find_map_by_name(bp->obj, ".bss");
	if (!map)
		fail(1, "%s has no .bss", path);
	bp->bss = bpf_map__fd(map);
	if (redirect_ifindex) {
		map = bpf_object__find_map_by_name(bp->obj, "bench_port");
		if (!map || bpf_map_update_elem(bpf_map__fd(map), &zero,
						&redirect_ifindex, BPF_ANY))
			fail(2, "devmap: %s", strerror(errno));
	}
}

static unsigned long long seen(const struct bench_prog *bp)
{
	unsigned long long n = 0;
	__u32 zero = 0;

	if (bp->obj && bpf_map_lookup_elem(bp->bss, &zero, &n))
		fail(1, "read .bss: %s", strerror(errno));
	return n;
}

static int ifindex(const char *name)
{
	int i = dev_ifindex(name);

	if (i < 0)
		fail(1, "%s: %s", name, strerror(-i));
	return i;
}

/* The link's fd stays open until exit, which detaches the program: it
 * must not stay behind and hold the device's MTU down.
 */
static void attach(const struct bench_prog *bp, const char *prog,
		   const char *dev)
{
	int fd = xdp_link_attach(bp->fd, ifindex(dev), XDP_FLAGS_DRV_MODE);

	if (fd < 0)
		fail(2, "attach %s to %s: %s", prog, dev, strerror(-fd));
}

static int cmd_run(char **argv)
{
	unsigned int size = atoi(argv[2]), repeat = atoi(argv[3]);
	int times = atoi(argv[4]), i, err;
	double best = 0, t;
	struct bench_prog bp;
	void *data;

	load(&bp, argv[0], argv[1], 0);
	data = calloc(1, size);
	if (!data)
		return 1;
	for (i = 0; i < times; i++) {
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = data,
			    .data_size_in = size, .repeat = repeat);

		kprof_start();
		t = now_ns();
		err = bpf_prog_test_run_opts(bp.fd, &opts);
		t = (now_ns() - t) / repeat;
		kprof_stop();
		if (err)
			fail(2, "test_run %s, %u bytes: %s", argv[1], size,
			     strerror(-err));
		fprintf(stderr, "  %s %u B: %.2f ns/run (kernel: %u)\n",
			argv[1], size, t, opts.duration);
		if (!i || t < best)
			best = t;
	}
	printf("%.2f\n", best);
	return 0;
}

/* pktgen's COUNT frames of SIZE bytes from SRC to DST through RX, TIMES
 * runs: the minimum of pktgen's time per frame.  Each of the two
 * programs of PROGS that was loaded must see every frame.
 */
static double pktgen_runs(const char *src, const char *rx, const char *dst,
			  unsigned int size, unsigned int count, int times,
			  const struct bench_prog *const progs[2])
{
	unsigned long long sent, n0[2], n;
	unsigned char mac[ETH_ALEN];
	double best = 0, usec, t;
	int i, j, err;

	err = dev_mac(rx, mac);
	if (err)
		fail(1, "%s: %s", rx, strerror(-err));
	err = pktgen_setup(src, count, size, "198.18.0.1", dst, mac);
	if (err)
		fail(1, "pktgen setup on %s: %s", src, strerror(-err));
	for (i = 0; i < times; i++) {
		for (j = 0; j < 2; j++)
			n0[j] = seen(progs[j]);
		kprof_start();
		err = pktgen_cmd("pgctrl", "start");
		kprof_stop();
		err = err ?: pktgen_result(src, &sent, &usec);
		if (err)
			fail(1, "pktgen run on %s: %s", src, strerror(-err));
		t = usec * 1000 / sent;
		fprintf(stderr, "  %u B to %s: %llu frames in %.0f us, %.2f ns/frame\n",
			size, dst, sent, usec, t);
		if (sent != count)
			fail(3, "pktgen sent %llu of %u frames", sent, count);
		for (j = 0; j < 2; j++) {
			n = seen(progs[j]) - n0[j];
			if (progs[j]->obj && n != sent)
				fail(3, "program %d saw %llu of %llu frames", j, n, sent);
		}
		if (!i || t < best)
			best = t;
	}
	pktgen_cmd("kpktgend_0", "rem_device_all");
	return best;
}

static int cmd_veth(int argc, char **argv)
{
	const char *obj = argv[0], *prog = argv[1], *src = argv[5], *rx = argv[6];
	unsigned int size = atoi(argv[2]), count = atoi(argv[3]);
	struct bench_prog main = {}, peer = {};
	const struct bench_prog *const progs[2] = { &main, &peer };
	const char *peer_dev = NULL;
	const char *peer_prog;
	int redirect, mb;

	redirect = !!strstr(prog, "redirect");
	if (redirect && argc < 9)
		fail(1, "%s needs TARGET and TARGET_PEER", prog);
	mb = strlen(prog) > 3 && !strcmp(prog + strlen(prog) - 3, "_mb");
	peer_prog = mb ? "xdp_drop_mb" : "xdp_drop";
	if (strstr(prog, "_tx"))
		peer_dev = src;
	else if (redirect)
		peer_dev = argv[8];

	if (strcmp(prog, "none")) {
		load(&main, obj, prog, redirect ? ifindex(argv[7]) : 0);
		attach(&main, prog, rx);
	}
	if (peer_dev) {
		load(&peer, obj, peer_prog, 0);
		attach(&peer, peer_prog, peer_dev);
	}
	printf("%.2f\n", pktgen_runs(src, rx, "198.18.0.2", size, count,
				     atoi(argv[4]), progs));
	return 0;
}

static int cmd_live(char **argv)
{
	const char *obj = argv[0], *prog = argv[1], *target_peer = argv[7];
	unsigned int size = atoi(argv[2]), count = atoi(argv[3]);
	int times = atoi(argv[4]), i, err;
	struct bench_prog main = {}, peer = {};
	const char *peer_prog;
	unsigned long long n0, n;
	double best = 0, t;
	struct xdp_md ctx = {
		.data_end = size,
		.ingress_ifindex = ifindex(argv[5]),
	};
	void *data;

	peer_prog = strstr(prog, "_mb") ? "xdp_drop_mb" : "xdp_drop";
	load(&main, obj, prog, ifindex(argv[6]));
	load(&peer, obj, peer_prog, 0);
	attach(&peer, peer_prog, target_peer);
	data = calloc(1, size);
	if (!data)
		return 1;
	for (i = 0; i < times; i++) {
		LIBBPF_OPTS(bpf_test_run_opts, opts, .data_in = data,
			    .data_size_in = size, .ctx_in = &ctx,
			    .ctx_size_in = sizeof(ctx), .repeat = count,
			    .batch_size = 64,
			    .flags = BPF_F_TEST_XDP_LIVE_FRAMES);
		int wait;

		n0 = seen(&peer);
		kprof_start();
		t = now_ns();
		err = bpf_prog_test_run_opts(main.fd, &opts);
		t = (now_ns() - t) / count;
		kprof_stop();
		if (err)
			fail(2, "live frames %s, %u bytes: %s", prog, size,
			     strerror(-err));
		/* the peer's NAPI may still be at the last batch */
		for (wait = 0; wait < 100 && seen(&peer) - n0 < count; wait++)
			usleep(10000);
		n = seen(&peer) - n0;
		fprintf(stderr, "  %s %u B: %u frames, %.2f ns/frame, %llu at %s\n",
			prog, size, count, t, n, target_peer);
		if (n != count)
			fail(3, "%s saw %llu of %u frames", target_peer, n, count);
		if (!i || t < best)
			best = t;
	}
	printf("%.2f\n", best);
	return 0;
}

static int cmd_routed(char **argv)
{
	const char *obj = argv[0], *prog = argv[1], *pass = argv[5];
	unsigned int size = atoi(argv[2]), count = atoi(argv[3]);
	struct bench_prog vb = {}, vd = {};
	const struct bench_prog *const progs[2] = { &vb, &vd };
	int times = atoi(argv[4]), home, err;

	if (strcmp(pass, "none")) {
		load(&vb, obj, pass, 0);
		attach(&vb, pass, "vb");
	}
	if (strcmp(prog, "none")) {
		home = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
		err = netns_enter(argv[6]);
		if (home < 0 || err)
			fail(1, "netns %s: %s", argv[6], strerror(err ? -err : errno));
		load(&vd, obj, prog, 0);
		attach(&vd, prog, "vd");
		if (setns(home, CLONE_NEWNET))
			fail(1, "back from netns %s: %s", argv[6], strerror(errno));
		close(home);
	}
	printf("%.2f\n", pktgen_runs("va", "vb", "198.18.1.3", size, count,
				     times, progs));
	return 0;
}

/* The time per frame includes the write() and the model's work, the same
 * on every kernel.  A frame is not IP (ETH_P_802_EX1): one that passes is
 * dropped by the stack at the protocol lookup.
 */
/* Open the simulated NIC's debugfs FILE of DEV */
static int sim_open(const char *dev, const char *file)
{
	char path[128];
	int fd;

	/* ip netns exec mounts a sysfs of its own over debugfs' mount point */
	snprintf(path, sizeof(path), "/sys/kernel/debug/nicsim/%s/%s", dev,
		 file);
	fd = open(path, O_WRONLY);
	if (fd < 0 && errno == ENOENT &&
	    !mount("debugfs", "/sys/kernel/debug", "debugfs", 0, NULL))
		fd = open(path, O_WRONLY);
	if (fd < 0)
		fail(2, "%s: %s", path, strerror(errno));
	return fd;
}

static void sim_hold(int fd, int hold)
{
	if (write(fd, hold ? "1" : "0", 1) != 1)
		fail(3, "rx_hold: %s", strerror(errno));
}

/* What reached user space since the last call: set by cmd_nicsim_rx() */
static unsigned int (*user_take)(void);

static void nicsim_frame(unsigned char *frame, const char *dev)
{
	int err = dev_mac(dev, frame);

	if (err)
		fail(1, "%s: %s", dev, strerror(-err));
	memcpy(frame + ETH_ALEN, "\x02\x00\x00\x00\xbe\x01", ETH_ALEN);
	frame[12] = 0x88;
	frame[13] = 0xb5;
}

/* COUNT frames of SIZE bytes into DEV's model, TIMES over: the minimum
 * ns per frame.  With user_take, every frame must reach user space.
 */
static double nicsim_runs(const char *dev, const struct bench_prog *main,
			  const char *prog, unsigned int size,
			  unsigned int count, int times, unsigned int burst)
{
	static unsigned char frame[ETH_FRAME_LEN * 8];
	unsigned long long n0, n, taken;
	unsigned int stalls = 0;
	int i, k, fd, hold = -1;
	double best = 0, t;
	unsigned int j;

	if (size < ETH_ZLEN || size > sizeof(frame))
		fail(1, "frame size %u out of range", size + ETH_FCS_LEN);
	nicsim_frame(frame, dev);
	fd = sim_open(dev, "rx");
	if (burst > 1)
		hold = sim_open(dev, "rx_hold");
	for (i = 0; i < times; i++) {
		n0 = seen(main);
		taken = 0;
		kprof_start();
		t = now_ns();
		for (j = 0; j < count; j++) {
			if (hold >= 0 && j % burst == 0)
				sim_hold(hold, 1);
			/* a ring without buffers: the kernel runs behind
			 * (its softirqs went to ksoftirqd), wait for it
			 */
			while (write(fd, frame, size) != size) {
				if (errno != ENOBUFS || ++stalls > 10000)
					fail(3, "frame %u into %s: %s", j, dev,
					     strerror(errno));
				usleep(100);
				if (user_take)
					taken += user_take();
			}
			if (hold >= 0 && j % burst == burst - 1)
				sim_hold(hold, 0);
			if (user_take)
				taken += user_take();
		}
		t = (now_ns() - t) / count;
		kprof_stop();
		/* Untimed, what is still on its way: frames a deferred
		 * softirq has yet to take, and the last block of TPACKET_V3,
		 * whose timer closes it 1 ms after its first frame
		 */
		for (k = 0; k < 200; k++) {
			if (seen(main) - n0 == (main->obj ? count : 0) &&
			    (!user_take || taken == count))
				break;
			usleep(10000);
			if (user_take)
				taken += user_take();
		}
		n = seen(main) - n0;
		fprintf(stderr, "  %s %u B, %u a poll: %.2f ns/frame; program saw %llu, user space took %llu; %u stalls\n",
			prog, size + ETH_FCS_LEN, burst, t, n, taken, stalls);
		if (main->obj && n != count)
			fail(3, "%s saw %llu of %u frames", prog, n, count);
		if (user_take && taken != count)
			fail(3, "user space took %llu of %u frames", taken,
			     count);
		if (!i || t < best)
			best = t;
	}
	close(fd);
	if (hold >= 0)
		close(hold);
	return best;
}

static int cmd_nicsim(int argc, char **argv)
{
	const char *obj = argv[0], *prog = argv[1], *dev = argv[5];
	unsigned int size = atoi(argv[2]) - ETH_FCS_LEN, count = atoi(argv[3]);
	unsigned int burst = argc > 6 ? atoi(argv[6]) : 1;
	struct bench_prog main = {};

	if (!burst || count % burst)
		fail(1, "a burst of %u does not divide %u frames", burst, count);
	if (strcmp(prog, "none")) {
		load(&main, obj, prog,
		     strstr(prog, "redirect") ? ifindex(dev) : 0);
		attach(&main, prog, dev);
	}
	printf("%.2f\n", nicsim_runs(dev, &main, prog, size, count,
				     atoi(argv[4]), burst));
	return 0;
}

#ifndef SOL_XDP
#define SOL_XDP		283
#endif
/* upstream 6.6's, which Debian's 6.1 headers lack */
#ifndef XDP_USE_SG
#define XDP_USE_SG	(1 << 4)
#endif
#ifndef XDP_PKT_CONTD
#define XDP_PKT_CONTD	(1 << 0)
#endif

/* The receivers of cmd_nicsim_rx().  AF_XDP: UMEM chunks of 16 KiB, a
 * frame of MTU 9000 in each (or of 4 KiB, three a frame, with XDP_USE_SG),
 * twice as many as the driver's Rx ring has
 * descriptors (ice: 2048), all on the fill ring at first, as an
 * application keeps it: a zero-copy driver that finds the fill ring
 * short of its free descriptors polls again and again (without
 * XDP_USE_NEED_WAKEUP, as here)
 */
#define RX_RING		4096
#define XSK_CHUNKS	4096
#define XSK_CHUNK	16384
#define XSK_SG_CHUNK	4096
#define PK_BLOCK	(1 << 20)
#define PK_BLOCKS	8

static struct {
	__u32 *rx_prod, *rx_cons, *fill_prod;
	struct xdp_desc *rx;
	__u64 *fill;
	__u32 rx_n, fill_n;
	unsigned char *ring;		/* TPACKET_V3's */
	unsigned int block;
} rcv;

/* Each frame's chunks go straight back to the fill ring; a frame is the
 * descriptor without XDP_PKT_CONTD that ends it
 */
static unsigned int xsk_take(void)
{
	__u32 prod = __atomic_load_n(rcv.rx_prod, __ATOMIC_ACQUIRE);
	unsigned int n = 0;

	for (; rcv.rx_n != prod; rcv.rx_n++) {
		struct xdp_desc *d = &rcv.rx[rcv.rx_n % RX_RING];

		rcv.fill[rcv.fill_n++ % RX_RING] = d->addr;
		n += !(d->options & XDP_PKT_CONTD);
	}
	__atomic_store_n(rcv.rx_cons, rcv.rx_n, __ATOMIC_RELEASE);
	__atomic_store_n(rcv.fill_prod, rcv.fill_n, __ATOMIC_RELEASE);
	return n;
}

/* Blocks the kernel has closed go back to it */
static unsigned int packet_take(void)
{
	struct tpacket_block_desc *b;
	unsigned int n = 0;

	for (;;) {
		b = (void *)(rcv.ring + rcv.block * PK_BLOCK);
		if (!(__atomic_load_n(&b->hdr.bh1.block_status,
				      __ATOMIC_ACQUIRE) & TP_STATUS_USER))
			return n;
		n += b->hdr.bh1.num_pkts;
		__atomic_store_n(&b->hdr.bh1.block_status, TP_STATUS_KERNEL,
				 __ATOMIC_RELEASE);
		rcv.block = (rcv.block + 1) % PK_BLOCKS;
	}
}

static void *ring_map(int fd, size_t len, off_t pgoff)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		       pgoff);

	if (p == MAP_FAILED)
		fail(1, "mmap ring: %s", strerror(errno));
	return p;
}

/* An AF_XDP socket on DEV's queue 0, bound with FLAGS, its UMEM of
 * CHUNK-byte chunks, each of them on its fill ring; its fd
 */
static int xsk_open(const char *dev, __u16 flags, __u32 chunk)
{
	struct sockaddr_xdp sxdp = {
		.sxdp_family = AF_XDP,
		.sxdp_ifindex = ifindex(dev),
		.sxdp_flags = flags,
	};
	struct xdp_umem_reg mr = {
		.len = (__u64)XSK_CHUNKS * chunk,
		.chunk_size = chunk,
	};
	struct xdp_mmap_offsets off;
	socklen_t optlen = sizeof(off);
	int fd, n = RX_RING, i;
	unsigned char *m;
	void *umem;

	umem = mmap(NULL, mr.len, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
	if (umem == MAP_FAILED)
		fail(1, "HugeTLB UMEM: %s", strerror(errno));
	mr.addr = (__u64)(unsigned long)umem;
	fd = socket(AF_XDP, SOCK_RAW, 0);
	if (fd < 0)
		fail(2, "AF_XDP socket: %s", strerror(errno));
	if (setsockopt(fd, SOL_XDP, XDP_UMEM_REG, &mr, sizeof(mr)))
		fail(2, "UMEM of %u-byte chunks: %s", chunk, strerror(errno));
	if (setsockopt(fd, SOL_XDP, XDP_UMEM_FILL_RING, &n, sizeof(n)) ||
	    setsockopt(fd, SOL_XDP, XDP_UMEM_COMPLETION_RING, &n, sizeof(n)) ||
	    setsockopt(fd, SOL_XDP, XDP_RX_RING, &n, sizeof(n)) ||
	    getsockopt(fd, SOL_XDP, XDP_MMAP_OFFSETS, &off, &optlen))
		fail(1, "AF_XDP rings: %s", strerror(errno));
	m = ring_map(fd, off.fr.desc + RX_RING * sizeof(__u64),
		     XDP_UMEM_PGOFF_FILL_RING);
	rcv.fill_prod = (void *)(m + off.fr.producer);
	rcv.fill = (void *)(m + off.fr.desc);
	m = ring_map(fd, off.rx.desc + RX_RING * sizeof(struct xdp_desc),
		     XDP_PGOFF_RX_RING);
	rcv.rx_prod = (void *)(m + off.rx.producer);
	rcv.rx_cons = (void *)(m + off.rx.consumer);
	rcv.rx = (void *)(m + off.rx.desc);
	for (i = 0; i < XSK_CHUNKS; i++)
		rcv.fill[i] = (__u64)i * chunk;
	rcv.fill_n = XSK_CHUNKS;
	__atomic_store_n(rcv.fill_prod, rcv.fill_n, __ATOMIC_RELEASE);
	/* a zero-copy bind restarts the queue pair, in a work item on ice */
	for (i = 0; i < 1000; i++) {
		if (!bind(fd, (void *)&sxdp, sizeof(sxdp)))
			return fd;
		if (errno != EBUSY)
			break;
		usleep(10000);
	}
	fail(2, "bind to %s: %s", dev, strerror(errno));
}

static void packet_open(const char *dev)
{
	struct tpacket_req3 req = {
		.tp_block_size = PK_BLOCK,
		.tp_block_nr = PK_BLOCKS,
		.tp_frame_size = PK_BLOCK,
		.tp_frame_nr = PK_BLOCKS,
		.tp_retire_blk_tov = 1,
	};
	struct sockaddr_ll sll = {
		.sll_family = AF_PACKET,
		.sll_protocol = htons(ETH_P_ALL),
		.sll_ifindex = ifindex(dev),
	};
	int fd, v = TPACKET_V3;

	fd = socket(AF_PACKET, SOCK_RAW, htons(ETH_P_ALL));
	if (fd < 0 ||
	    setsockopt(fd, SOL_PACKET, PACKET_VERSION, &v, sizeof(v)) ||
	    setsockopt(fd, SOL_PACKET, PACKET_RX_RING, &req, sizeof(req)))
		fail(1, "TPACKET_V3 ring: %s", strerror(errno));
	rcv.ring = ring_map(fd, (size_t)PK_BLOCK * PK_BLOCKS, 0);
	if (bind(fd, (void *)&sll, sizeof(sll)))
		fail(1, "bind to %s: %s", dev, strerror(errno));
}

static int cmd_nicsim_rx(char **argv)
{
	const char *obj = argv[0], *kind = argv[1], *dev = argv[5];
	unsigned int size = atoi(argv[2]) - ETH_FCS_LEN, count = atoi(argv[3]);
	const char *prog = "xdp_xsk_mb";
	struct bench_prog main = {};
	struct bpf_map *map;
	cpu_set_t cpu0;
	__u32 zero = 0;
	int fd;

	/* The model takes a frame on the queue of the CPU that writes it */
	CPU_ZERO(&cpu0);
	CPU_SET(0, &cpu0);
	if (sched_setaffinity(0, sizeof(cpu0), &cpu0))
		fail(1, "CPU 0: %s", strerror(errno));

	if (!strcmp(kind, "packet")) {
		packet_open(dev);
		user_take = packet_take;
		prog = "none";
	} else {
		load(&main, obj, prog, 0);
		attach(&main, prog, dev);
		if (!strcmp(kind, "zc-sg"))
			fd = xsk_open(dev, XDP_ZEROCOPY | XDP_USE_SG,
				      XSK_SG_CHUNK);
		else
			fd = xsk_open(dev, strcmp(kind, "zc") ? XDP_COPY :
								XDP_ZEROCOPY,
				      XSK_CHUNK);
		map = bpf_object__find_map_by_name(main.obj, "bench_xsk");
		if (!map || bpf_map_update_elem(bpf_map__fd(map), &zero, &fd,
						BPF_ANY))
			fail(1, "xskmap: %s", strerror(errno));
		user_take = xsk_take;
	}
	printf("%.2f\n", nicsim_runs(dev, &main, prog, size, count,
				     atoi(argv[4]), 1));
	return 0;
}

/* Minimum ns per pread() of LEN bytes from the start of FD. */
static double preads(int fd, char *buf, size_t len, int count, int times)
{
	double best = 0, t;
	int i, j;

	for (i = 0; i < times; i++) {
		t = now_ns();
		for (j = 0; j < count; j++)
			if (pread(fd, buf, len, 0) != (ssize_t)len)
				fail(1, "pread: %s", strerror(errno));
		t = (now_ns() - t) / count;
		fprintf(stderr, "  pread %zu B: %.2f ns/call\n", len, t);
		if (!i || t < best)
			best = t;
	}
	return best;
}

/* The floor: the same bytes copied once, from the page cache to user
 * space.  The cost per byte is the slope between SIZE and 64 bytes, which
 * leaves out the system call's fixed cost.
 */
static int cmd_copy(char **argv)
{
	size_t size = atoi(argv[0]);
	int count = atoi(argv[1]), times = atoi(argv[2]), fd;
	const char *path = "/tmp/xdp_bench.copy";
	double big, small;
	char *buf;

	buf = malloc(size);
	if (!buf || size <= 64)
		return 1;
	memset(buf, 0x5a, size);
	fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, buf, size) != (ssize_t)size)
		fail(1, "%s: %s", path, strerror(errno));
	big = preads(fd, buf, size, count, times);
	small = preads(fd, buf, 64, count, times);
	close(fd);
	unlink(path);
	printf("%.2f %.4f\n", big, (big - small) / (size - 64));
	return 0;
}

static int cmd_window(char **argv)
{
	kprof_start();
	sleep(atoi(argv[0]));
	kprof_stop();
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 7 && !strcmp(argv[1], "run"))
		return cmd_run(argv + 2);
	if ((argc == 9 || argc == 11) && !strcmp(argv[1], "veth"))
		return cmd_veth(argc - 2, argv + 2);
	if (argc == 9 && !strcmp(argv[1], "routed"))
		return cmd_routed(argv + 2);
	if ((argc == 8 || argc == 9) && !strcmp(argv[1], "nicsim"))
		return cmd_nicsim(argc - 2, argv + 2);
	if (argc == 8 && !strcmp(argv[1], "nicsim-rx"))
		return cmd_nicsim_rx(argv + 2);
	if (argc == 10 && !strcmp(argv[1], "live"))
		return cmd_live(argv + 2);
	if (argc == 5 && !strcmp(argv[1], "copy"))
		return cmd_copy(argv + 2);
	if (argc == 3 && !strcmp(argv[1], "window"))
		return cmd_window(argv + 2);
	fprintf(stderr,
		"usage: %s run OBJ PROG SIZE REPEAT TIMES\n"
		"       %s veth OBJ PROG|none SIZE COUNT TIMES SRC RX [TARGET TARGET_PEER]\n"
		"       %s routed OBJ PROG|none SIZE COUNT TIMES PASS|none NS\n"
		"       %s nicsim OBJ PROG|none SIZE COUNT TIMES DEV [BURST]\n"
		"       %s nicsim-rx OBJ zc|copy|packet SIZE COUNT TIMES DEV\n"
		"       %s live OBJ PROG SIZE COUNT TIMES RX TARGET TARGET_PEER\n"
		"       %s copy SIZE COUNT TIMES\n"
		"       %s window SECS\n", argv[0], argv[0], argv[0],
		argv[0], argv[0], argv[0], argv[0], argv[0]);
	return 2;
}
