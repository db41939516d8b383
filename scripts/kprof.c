// SPDX-License-Identifier: GPL-2.0
/*
 * kprof: a QEMU TCG plugin that counts the guest instructions executed at
 * each address, between two executions of a marker instruction, for
 * make profile.  Under icount (one vCPU), the counts are as deterministic
 * as the guest's clock, and nothing is added to the guest: the kernel's
 * functions can be set side by side, instruction for instruction, on two
 * kernels.
 *
 * The markers are 8-byte NOPs, "nopl DISP(%rax,%rax,1)", whose
 * displacement spells "kpr1" (start) or "kpr0" (stop), which a guest
 * program executes around the work to measure (tests/xdp_bench.c).  A
 * start zeroes the counts; a stop writes them to OUT.N, for the Nth
 * window, as lines "ADDRESS COUNT" (hexadecimal address, decimal count).
 *
 * Usage: qemu-system-x86_64 ... -plugin kprof.so,out=PREFIX
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

static const unsigned char marker[] = {	/* and then '0' or '1' */
	0x0f, 0x1f, 0x84, 0x00, 'k', 'p', 'r'
};

/* One per translated instruction: a retranslation gets a new one, and the
 * dump adds them up by address.  They live in chunks that never move, as
 * the translated code increments them in place.
 */
struct site {
	uint64_t pc;
	uint64_t count;
};

#define CHUNK_SITES	65536

struct chunk {
	struct chunk *next;
	size_t used;
	struct site sites[CHUNK_SITES];
};

static struct chunk *chunks;
static const char *out = "kprof";
static unsigned int window;

static struct site *new_site(uint64_t pc)
{
	struct site *s;

	if (!chunks || chunks->used == CHUNK_SITES) {
		struct chunk *c = calloc(1, sizeof(*c));

		if (!c) {
			fprintf(stderr, "kprof: out of memory\n");
			exit(1);
		}
		c->next = chunks;
		chunks = c;
	}
	s = &chunks->sites[chunks->used++];
	s->pc = pc;
	return s;
}

static void zero_counts(void)
{
	struct chunk *c;
	size_t i;

	for (c = chunks; c; c = c->next)
		for (i = 0; i < c->used; i++)
			c->sites[i].count = 0;
}

static void dump_counts(void)
{
	char path[4096];
	struct chunk *c;
	size_t i;
	FILE *f;

	snprintf(path, sizeof(path), "%s.%u", out, window++);
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		return;
	}
	for (c = chunks; c; c = c->next)
		for (i = 0; i < c->used; i++)
			if (c->sites[i].count)
				fprintf(f, "%016" PRIx64 " %" PRIu64 "\n",
					c->sites[i].pc, c->sites[i].count);
	fclose(f);
}

/* The guest is stopped while these run: a window ends exactly here */
static void on_start(unsigned int vcpu_index, void *udata)
{
	zero_counts();
}

static void on_stop(unsigned int vcpu_index, void *udata)
{
	dump_counts();
}

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t i, n = qemu_plugin_tb_n_insns(tb);

	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		struct site *s = new_site(qemu_plugin_insn_vaddr(insn));

		qemu_plugin_register_vcpu_insn_exec_inline(insn,
				QEMU_PLUGIN_INLINE_ADD_U64, &s->count, 1);
		const unsigned char *data = qemu_plugin_insn_data(insn);

		if (qemu_plugin_insn_size(insn) != sizeof(marker) + 1 ||
		    memcmp(data, marker, sizeof(marker)))
			continue;
		if (data[sizeof(marker)] == '1')
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_start,
					QEMU_PLUGIN_CB_NO_REGS, NULL);
		else if (data[sizeof(marker)] == '0')
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_stop,
					QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
					   const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	for (i = 0; i < argc; i++) {
		if (!strncmp(argv[i], "out=", 4)) {
			out = argv[i] + 4;
		} else {
			fprintf(stderr, "kprof: unknown argument %s\n", argv[i]);
			return -1;
		}
	}
	if (!info->system_emulation || info->system.smp_vcpus != 1) {
		fprintf(stderr, "kprof: needs system emulation on one vCPU\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
	return 0;
}
