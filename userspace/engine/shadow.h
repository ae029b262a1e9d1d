/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shadow.h - a shadow address space: a child process that maps, at the
 * same virtual addresses, every page an address stream touches, and
 * touches it, so the kernel builds real page tables (and real huge pages)
 * for pwcsim.ko to walk.  Regions are mapped lazily, 2 MiB at a time, with
 * MAP_FIXED_NOREPLACE; the footprint is capped.
 */
#ifndef SHADOW_H
#define SHADOW_H

#include <stdbool.h>
#include <sys/types.h>

#include "pwc_hset.h"

enum shadow_thp { SHADOW_THP_MADVISE, SHADOW_THP_ALWAYS, SHADOW_THP_NEVER };

struct shadow {
	pid_t pid;
	int cmd, ack;			/* pipes to and from the child */
	enum shadow_thp thp;
	unsigned long long max_footprint, footprint;
	struct pwc_hset pages;		/* pages already touched */
};

/*
 * Start the child.  @attach_fd, if not -1, is a /dev/pwcsim descriptor
 * the child attaches to itself (so no privilege is needed).
 */
int shadow_start(struct shadow *s, enum shadow_thp thp,
		 unsigned long long max_footprint, int attach_fd);
/* Make every address of @va[0..n) mapped and touched in the child. */
int shadow_touch(struct shadow *s, const unsigned long long *va,
		 unsigned int n);
void shadow_stop(struct shadow *s);

#endif /* SHADOW_H */
