/* SPDX-License-Identifier: GPL-2.0 */
/* State shared by the demo's XDP program and its loader (the .bss map). */
#ifndef XDP_DEMO_H
#define XDP_DEMO_H

struct demo_state {
	__u32 action;		/* XDP_PASS, XDP_DROP or XDP_TX; set by the loader */
	__u32 pad;
	__u64 packets;		/* frames the program saw */
	__u64 bytes;		/* their length, fragments included */
};

#endif
