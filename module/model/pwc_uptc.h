/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_uptc.h - what UPTC (pwc_uptc.c) shares with the one pass over every
 * UPTC size (userspace/engine/uptc_stack.c): the key of an entry.
 */
#ifndef _PWC_UPTC_H
#define _PWC_UPTC_H

#include "pwc.h"

/* The key of the level-@k entry of @va's path: the entry's address. */
static inline u64 pwc_uptc_key(u64 base, u64 va, unsigned int k)
{
	return base + 8 * pwc_index(va, k);
}

#endif /* _PWC_UPTC_H */
