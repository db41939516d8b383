// SPDX-License-Identifier: GPL-2.0
/* Attach the demo XDP program to a device in native mode, run a command,
 * and print what the program saw.
 * Usage: xdp_demo OBJ IFNAME pass|drop|tx COMMAND [ARG...]
 * Prints: "seen PACKETS BYTES" after the command's own output.
 */
#include <errno.h>
#include <net/if.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/if_link.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "xdp_demo.h"

int main(int argc, char **argv)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	struct bpf_map *bss;
	struct demo_state state = {};
	int ifindex, status, zero = 0, err;
	pid_t pid;

	if (argc < 5) {
		fprintf(stderr, "usage: %s OBJ IFNAME pass|drop|tx COMMAND...\n", argv[0]);
		return 2;
	}
	if (!strcmp(argv[3], "pass"))
		state.action = XDP_PASS;
	else if (!strcmp(argv[3], "drop"))
		state.action = XDP_DROP;
	else if (!strcmp(argv[3], "tx"))
		state.action = XDP_TX;
	else
		return 2;
	ifindex = if_nametoindex(argv[2]);
	if (!ifindex) {
		fprintf(stderr, "%s: %s\n", argv[2], strerror(errno));
		return 1;
	}

	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj)
		return 1;
	bss = bpf_object__find_map_by_name(obj, ".bss");
	prog = bpf_object__find_program_by_name(obj, "xdp_demo");
	if (!bss || !prog || bpf_object__load(obj))
		return 1;
	if (bpf_map_update_elem(bpf_map__fd(bss), &zero, &state, BPF_ANY))
		return 1;

	err = bpf_xdp_attach(ifindex, bpf_program__fd(prog),
			     XDP_FLAGS_DRV_MODE, NULL);
	if (err) {
		fprintf(stderr, "attach to %s: %s\n", argv[2], strerror(-err));
		return 1;
	}

	pid = fork();
	if (!pid) {
		execvp(argv[4], argv + 4);
		_exit(127);
	}
	waitpid(pid, &status, 0);

	bpf_map_lookup_elem(bpf_map__fd(bss), &zero, &state);
	bpf_xdp_detach(ifindex, XDP_FLAGS_DRV_MODE, NULL);
	printf("seen %llu %llu\n", (unsigned long long)state.packets,
	       (unsigned long long)state.bytes);
	bpf_object__close(obj);
	return 0;
}
