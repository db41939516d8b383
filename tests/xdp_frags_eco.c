// SPDX-License-Identifier: GPL-2.0
/* Load xdp_frags_eco.bpf.o with Debian's libbpf and run it with
 * BPF_PROG_TEST_RUN on a 9000-byte packet: the load flag, the helper
 * numbers and the bytes that come back must all be right.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>

#define PKT_LEN	9000
#define SRC_OFF	4000
#define DST_OFF	8000

static unsigned char in[PKT_LEN], out[PKT_LEN + 4096], want[PKT_LEN];
static int failed;

static void check(int ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	failed |= !ok;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "xdp_frags_eco.bpf.o";
	struct bpf_program *prog, *plain;
	struct bpf_object *obj;
	struct bpf_map *bss;
	__u32 seen_len = 0;
	int i, err, zero = 0, one = 1, pa, fd;

	LIBBPF_OPTS(bpf_test_run_opts, topts,
		.data_in = in,
		.data_size_in = sizeof(in),
		.data_out = out,
		.data_size_out = sizeof(out),
		.repeat = 1,
	);

	for (i = 0; i < PKT_LEN; i++)
		in[i] = i * 7 + (i >> 9);
	memcpy(want, in, sizeof(want));
	memcpy(want + DST_OFF, in + SRC_OFF, 16);

	obj = bpf_object__open_file(path, NULL);
	if (!obj) {
		fprintf(stderr, "open %s: %s\n", path, strerror(errno));
		return 1;
	}
	prog = bpf_object__find_program_by_name(obj, "xdp_frags_eco");
	plain = bpf_object__find_program_by_name(obj, "xdp_no_frags_eco");
	check(prog && plain, "programs found");
	if (!prog || !plain)
		return 1;

	err = bpf_object__load(obj);
	check(!err, "the kernel loads the program");
	if (err)
		return 1;

	/* BPF_PROG_TEST_RUN gives fragments to any XDP program, as
	 * upstream's does
	 */
	err = bpf_prog_test_run_opts(bpf_program__fd(plain), &topts);
	check(!err && topts.retval == XDP_PASS &&
	      topts.data_size_out == PKT_LEN && !memcmp(out, in, PKT_LEN),
	      "the plain SEC(\"xdp\") program runs on the 9000-byte packet too");
	topts.data_size_out = sizeof(out);

	/* What tells the two apart is BPF_F_XDP_HAS_FRAGS, which libbpf
	 * passes for SEC("xdp.frags") only: a prog array takes only
	 * programs that agree on it
	 */
	pa = bpf_map_create(BPF_MAP_TYPE_PROG_ARRAY, "eco_progs", 4, 4, 2, NULL);
	fd = bpf_program__fd(plain);
	check(pa >= 0 && !bpf_map_update_elem(pa, &zero, &fd, 0),
	      "a prog array takes the plain program");
	fd = bpf_program__fd(prog);
	check(bpf_map_update_elem(pa, &one, &fd, 0) == -EINVAL,
	      "and refuses the xdp.frags one beside it (EINVAL)");
	if (pa >= 0)
		close(pa);

	err = bpf_prog_test_run_opts(bpf_program__fd(prog), &topts);
	check(!err, "BPF_PROG_TEST_RUN on a 9000-byte packet");
	check(topts.retval == XDP_TX, "the program returns XDP_TX");
	check(topts.data_size_out == PKT_LEN, "9000 bytes come back");
	check(!memcmp(out, want, PKT_LEN),
	      "bytes 4000..4015 were copied to 8000..8015, nothing else changed");

	bss = bpf_object__find_map_by_name(obj, ".bss");
	check(bss && !bpf_map_lookup_elem(bpf_map__fd(bss), &zero, &seen_len),
	      "read the program's globals");
	check(seen_len == PKT_LEN, "bpf_xdp_get_buff_len() saw 9000 bytes");

	bpf_object__close(obj);
	return failed;
}
