// SPDX-License-Identifier: GPL-2.0
/* Drive the veth multi-buffer tests (guest/veth-topology.sh sets up the
 * network namespaces, for tests/veth_frags.sh and guest/demo.sh):
 *
 *   a: va 198.18.0.1  <->  b: vb 198.18.0.2, vc  <->  c: vd 198.18.0.2
 *
 * The program for MODE runs on vb in native mode; a peer program runs on
 * va (for XDP_TX) and on vd (for redirects from vb to vc), as veth wants.
 * Two modes drop frames where veth returns them to their memory model:
 * redirect-drop has vd's program drop what vb redirects to vc, and
 * tx-nopeer bounces frames with XDP_TX towards a va with no program.
 *
 * Usage: veth_frags OBJ MODE udp SIZE...   send one UDP datagram of each
 *                                           payload SIZE, a -> b, and check
 *                                           every byte that arrives
 *        veth_frags OBJ MODE burst N SIZE  send N datagrams of SIZE back to
 *                                           back, then count those intact
 *        veth_frags OBJ MODE exec CMD...   run CMD with the programs attached
 * MODE: pass | drop | tx | redirect | edit | redirect-drop | tx-nopeer |
 *       generic-tail (vb's program in generic mode, trimming and growing
 *       the tail of each datagram and putting its bytes back)
 * VETH_FRAGS_TARGET names another device of netns b to redirect to.
 * Both print what each program saw; udp also checks those counts, and
 * exits 1 on any mismatch.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <netinet/in.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "veth_frags.h"

#define MTU		9000
#define PORT_A		40000
#define PORT_B		40001
#define MAX_PAYLOAD	65507

static const char *const seen_name[SEEN_MAX] = {
	"pass", "peer", "drop", "tx", "redirect", "edit", "tail",
};

struct mode {
	const char *name;
	const char *prog;	/* on vb */
	int slot;		/* its counter */
	const char *peer_ns;	/* where the peer program runs, if anywhere */
	const char *peer_dev;
	const char *peer_prog;
	int peer_slot;
	const char *recv_ns;	/* where the datagram should arrive */
	__u32 xdp_flags;	/* vb's attach mode, native if 0 */
};

static const struct mode modes[] = {
	{ "pass",     "frags_pass",     SEEN_PASS,     NULL, NULL, NULL, 0, "b", 0 },
	{ "drop",     "frags_drop",     SEEN_DROP,     NULL, NULL, NULL, 0, NULL, 0 },
	{ "tx",       "frags_tx",       SEEN_TX,       "a",  "va", "frags_peer", SEEN_PEER, "a", 0 },
	{ "redirect", "frags_redirect", SEEN_REDIRECT, "c",  "vd", "frags_peer", SEEN_PEER, "c", 0 },
	{ "edit",     "frags_edit",     SEEN_EDIT,     NULL, NULL, NULL, 0, "b", 0 },
	{ "redirect-drop", "frags_redirect", SEEN_REDIRECT, "c", "vd", "frags_drop", SEEN_DROP, NULL, 0 },
	{ "tx-nopeer", "frags_tx",      SEEN_TX,       NULL, NULL, NULL, 0, NULL, 0 },
	/* generic XDP: the program sees one linear buffer of the whole frame */
	{ "generic-tail", "frags_tail", SEEN_TAIL,     NULL, NULL, NULL, 0, "b",
	  XDP_FLAGS_SKB_MODE },
};

static struct veth_frags_state state;
static int bss_fd;

static void enter_ns(const char *name)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/run/netns/%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0 || setns(fd, CLONE_NEWNET)) {
		perror(path);
		exit(1);
	}
	close(fd);
}

static int ifindex_in(const char *ns, const char *dev)
{
	int ifindex;

	enter_ns(ns);
	ifindex = if_nametoindex(dev);
	if (!ifindex) {
		fprintf(stderr, "%s in netns %s: %s\n", dev, ns, strerror(errno));
		exit(1);
	}
	return ifindex;
}

static void attach(struct bpf_object *obj, const char *prog_name,
		   const char *ns, const char *dev, __u32 flags)
{
	struct bpf_program *prog = bpf_object__find_program_by_name(obj, prog_name);
	int err, ifindex = ifindex_in(ns, dev);

	if (!prog) {
		fprintf(stderr, "no program %s\n", prog_name);
		exit(1);
	}
	err = bpf_xdp_attach(ifindex, bpf_program__fd(prog), flags, NULL);
	if (err) {
		fprintf(stderr, "attach %s to %s: %s\n", prog_name, dev, strerror(-err));
		exit(1);
	}
}

static void detach(const char *ns, const char *dev, __u32 flags)
{
	bpf_xdp_detach(ifindex_in(ns, dev), flags, NULL);
}

static void mac_in(const char *ns, const char *dev, unsigned char *mac)
{
	struct ifreq ifr = {};
	int fd;

	enter_ns(ns);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	strncpy(ifr.ifr_name, dev, IFNAMSIZ - 1);
	if (fd < 0 || ioctl(fd, SIOCGIFHWADDR, &ifr)) {
		perror(dev);
		exit(1);
	}
	memcpy(mac, ifr.ifr_hwaddr.sa_data, 6);
	close(fd);
}

static int udp_socket(const char *ns, const char *addr, int port)
{
	struct sockaddr_in sin = { .sin_family = AF_INET, .sin_port = htons(port) };
	struct timeval tv = { .tv_sec = 2 };
	int fd, size = 1 << 20;

	enter_ns(ns);
	fd = socket(AF_INET, SOCK_DGRAM, 0);
	inet_pton(AF_INET, addr, &sin.sin_addr);
	if (fd < 0 || bind(fd, (void *)&sin, sizeof(sin))) {
		perror("udp socket");
		exit(1);
	}
	setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	return fd;
}

static void read_state(void)
{
	int zero = 0;

	if (bpf_map_lookup_elem(bss_fd, &zero, &state)) {
		perror("read counters");
		exit(1);
	}
}

static void print_seen(void)
{
	int i;

	read_state();
	for (i = 0; i < SEEN_MAX; i++)
		if (state.seen[i].frames)
			printf("seen %s %llu %llu\n", seen_name[i],
			       (unsigned long long)state.seen[i].frames,
			       (unsigned long long)state.seen[i].bytes);
}

/* Frames and bytes on the wire, Ethernet header included, for a UDP
 * payload of @size bytes: IPv4 fragments it when it exceeds the MTU.
 */
static void wire(int size, unsigned long long *frames, unsigned long long *bytes)
{
	int udp = size + 8, per_frag = (MTU - 20) & ~7;
	int n = udp + 20 <= MTU ? 1 : (udp + per_frag - 1) / per_frag;

	*frames += n;
	*bytes += udp + n * (20 + 14);
}

static void fill(unsigned char *buf, int size, unsigned int seed)
{
	unsigned int x = seed * 2654435761u | 1;
	int i;

	for (i = 0; i < size; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		buf[i] = x >> 24;
	}
	if (size >= 4)
		memcpy(buf, &seed, 4);
}

/* What the edit program makes of a payload, and its new length. */
static int edit(unsigned char *buf, int size)
{
	int off = EDIT_OFFSET - 42;

	if (size + 42 < EDIT_MIN_LEN || size + 28 > MTU)
		return size;
	memcpy(buf + off, buf + size - 8, 8);
	return size - EDIT_TRIM;
}

static int run_udp(const struct mode *m, int nsizes, char **sizes)
{
	static unsigned char sent[MAX_PAYLOAD], want[MAX_PAYLOAD], got[MAX_PAYLOAD];
	unsigned long long frames = 0, bytes = 0, edited = 0;
	struct sockaddr_in dst = { .sin_family = AF_INET, .sin_port = htons(PORT_B) };
	int tx, rx, i, failed = 0;

	inet_pton(AF_INET, "198.18.0.2", &dst.sin_addr);
	tx = udp_socket("a", "198.18.0.1", PORT_A);
	if (!m->recv_ns)
		rx = udp_socket("b", "198.18.0.2", PORT_B);
	else if (!strcmp(m->recv_ns, "a"))
		rx = tx;
	else
		rx = udp_socket(m->recv_ns, "198.18.0.2", PORT_B);
	if (!m->recv_ns) {
		struct timeval tv = { .tv_usec = 200000 };

		setsockopt(rx, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));
	}

	for (i = 0; i < nsizes; i++) {
		int size = atoi(sizes[i]), len, n;

		if (size < 1 || size > MAX_PAYLOAD)
			return 2;
		fill(sent, size, size + 1);
		memcpy(want, sent, size);
		len = size;
		if (!strcmp(m->name, "edit") && edit(want, size) != size) {
			len = size - EDIT_TRIM;
			edited++;
		}
		wire(size, &frames, &bytes);

		if (sendto(tx, sent, size, 0, (void *)&dst, sizeof(dst)) != size) {
			printf("FAIL %d: send: %s\n", size, strerror(errno));
			failed++;
			continue;
		}
		n = recv(rx, got, sizeof(got), 0);
		if (!m->recv_ns) {
			if (n >= 0) {
				printf("FAIL %d: arrived although dropped\n", size);
				failed++;
			} else {
				printf("ok %d: dropped\n", size);
			}
		} else if (n < 0) {
			printf("FAIL %d: nothing arrived: %s\n", size, strerror(errno));
			failed++;
		} else if (n != len || memcmp(got, want, len)) {
			int at = 0;

			while (at < n && at < len && got[at] == want[at])
				at++;
			printf("FAIL %d: got %d bytes, want %d; first difference at %d\n",
			       size, n, len, at);
			failed++;
		} else {
			printf("ok %d: %d bytes intact\n", size, n);
		}
	}

	read_state();
	print_seen();
	if (state.seen[m->slot].frames != frames || state.seen[m->slot].bytes != bytes) {
		printf("FAIL %s program saw %llu frames, %llu bytes; want %llu, %llu\n",
		       m->name, (unsigned long long)state.seen[m->slot].frames,
		       (unsigned long long)state.seen[m->slot].bytes, frames, bytes);
		failed++;
	}
	if (m->peer_ns && state.seen[m->peer_slot].frames != frames) {
		printf("FAIL peer program saw %llu frames; want %llu\n",
		       (unsigned long long)state.seen[m->peer_slot].frames, frames);
		failed++;
	}
	if (state.edited != edited) {
		printf("FAIL edited %llu datagrams; want %llu\n",
		       (unsigned long long)state.edited, edited);
		failed++;
	}
	return failed ? 1 : 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Prints "burst SENT INTACT BYTES SECONDS": datagrams sent, those that
 * arrived byte for byte, their payload bytes, and the time from the first
 * send to the last arrival (or the send, if nothing comes back).
 */
static int run_burst(const struct mode *m, int count, int size)
{
	static unsigned char want[MAX_PAYLOAD], got[MAX_PAYLOAD];
	struct sockaddr_in dst = { .sin_family = AF_INET, .sin_port = htons(PORT_B) };
	struct timeval tv = { .tv_usec = 500000 };
	int tx, rx, i, n, sent = 0, intact = 0, rcvbuf = 64 << 20;
	double start, end;

	if (size < 4 || size > MAX_PAYLOAD || count < 1)
		return 2;
	inet_pton(AF_INET, "198.18.0.2", &dst.sin_addr);
	tx = udp_socket("a", "198.18.0.1", PORT_A);
	rx = !m->recv_ns ? udp_socket("b", "198.18.0.2", PORT_B) :
	     !strcmp(m->recv_ns, "a") ? tx : udp_socket(m->recv_ns, "198.18.0.2", PORT_B);
	setsockopt(rx, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	setsockopt(rx, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof(tv));

	start = now();
	end = start;
	for (i = 0; i < count; i++) {
		fill(want, size, i + 1);
		if (sendto(tx, want, size, 0, (void *)&dst, sizeof(dst)) == size)
			sent++;
	}
	if (!m->recv_ns)
		end = now();
	while ((n = recv(rx, got, sizeof(got), 0)) >= 0) {
		unsigned int seed;

		end = now();
		memcpy(&seed, got, 4);
		if (n != size || seed < 1 || seed > (unsigned int)count)
			continue;
		fill(want, size, seed);
		intact += !memcmp(got, want, size);
	}
	printf("burst %d %d %llu %.6f\n", sent, intact,
	       (unsigned long long)intact * size, end - start);
	print_seen();
	return 0;
}

int main(int argc, char **argv)
{
	const struct mode *m = NULL;
	struct bpf_object *obj;
	struct bpf_map *bss;
	int i, zero = 0, rc, status;
	pid_t pid;

	if (argc < 5)
		goto usage;
	for (i = 0; i < (int)(sizeof(modes) / sizeof(modes[0])); i++)
		if (!strcmp(argv[2], modes[i].name))
			m = &modes[i];
	if (!m)
		goto usage;

	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj || bpf_object__load(obj)) {
		fprintf(stderr, "cannot load %s\n", argv[1]);
		return 1;
	}
	bss = bpf_object__find_map_by_name(obj, ".bss");
	if (!bss)
		return 1;
	bss_fd = bpf_map__fd(bss);
	if (!strcmp(m->prog, "frags_redirect") && getenv("VETH_FRAGS_TARGET")) {
		mac_in("b", getenv("VETH_FRAGS_TARGET"), state.redirect_mac);
		state.redirect_ifindex = ifindex_in("b", getenv("VETH_FRAGS_TARGET"));
	} else if (!strcmp(m->prog, "frags_redirect")) {
		mac_in("c", "vd", state.redirect_mac);
		state.redirect_ifindex = ifindex_in("b", "vc");
	}
	if (bpf_map_update_elem(bss_fd, &zero, &state, BPF_ANY))
		return 1;

	if (m->peer_ns)
		attach(obj, m->peer_prog, m->peer_ns, m->peer_dev,
		       XDP_FLAGS_DRV_MODE);
	attach(obj, m->prog, "b", "vb", m->xdp_flags ?: XDP_FLAGS_DRV_MODE);

	if (!strcmp(argv[3], "udp")) {
		rc = run_udp(m, argc - 4, argv + 4);
	} else if (!strcmp(argv[3], "burst") && argc == 6) {
		rc = run_burst(m, atoi(argv[4]), atoi(argv[5]));
	} else if (!strcmp(argv[3], "exec")) {
		enter_ns("a");
		pid = fork();
		if (!pid) {
			execvp(argv[4], argv + 4);
			_exit(127);
		}
		waitpid(pid, &status, 0);
		rc = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
		print_seen();
	} else {
		goto usage;
	}

	detach("b", "vb", m->xdp_flags ?: XDP_FLAGS_DRV_MODE);
	if (m->peer_ns)
		detach(m->peer_ns, m->peer_dev, XDP_FLAGS_DRV_MODE);
	bpf_object__close(obj);
	return rc;
usage:
	fprintf(stderr, "usage: %s OBJ MODE udp SIZE...|burst N SIZE|exec CMD...\n",
		argv[0]);
	return 2;
}
