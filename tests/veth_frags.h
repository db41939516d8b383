/* SPDX-License-Identifier: GPL-2.0 */
/* State shared by the veth multi-buffer test programs and their loader
 * (the .bss map), and the parameters of the edit they make.
 */
#ifndef VETH_FRAGS_H
#define VETH_FRAGS_H

enum { SEEN_PASS, SEEN_PEER, SEEN_DROP, SEEN_TX, SEEN_REDIRECT, SEEN_EDIT,
       SEEN_TAIL, SEEN_MAX };

/* veth's first buffer ends 3520 bytes into the frame on x86-64 with
 * 4 KiB pages: the edit straddles it.
 */
#define EDIT_OFFSET	3516
#define EDIT_TRIM	100
#define EDIT_MIN_LEN	4000
/* frags_tail trims this much off the end and grows it back */
#define TAIL_DELTA	100

struct veth_frags_state {
	struct {
		__u64 frames;
		__u64 bytes;		/* fragments included */
	} seen[SEEN_MAX];
	__u64 edited;
	__u32 redirect_ifindex;
	__u8 redirect_mac[6];
	__u8 pad[2];
};

#endif
