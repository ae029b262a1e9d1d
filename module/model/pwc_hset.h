/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_hset.h - a growing open-addressing hash map of u64 keys to u64
 * values: the unbounded store of the "ideal" model, also used by the
 * userspace tools to count distinct pages and paths.
 */
#ifndef _PWC_HSET_H
#define _PWC_HSET_H

#include "pwc.h"

struct pwc_hset {
	u64 cap;	/* power of two, or 0 */
	u64 used;
	u64 *key;	/* key + 1; 0 = empty */
	u64 *val;
	void *mem;	/* key and val (pwc_zalloc_parts()) */
};

static inline u64 pwc_hset_hash(u64 key)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return key;
}

/* The slot of @key, or -1 (inline: the ideal model's lookup). */
/*
 * The slot of @key in @h (whose cap is not 0): the slot holding it, else
 * the empty slot that ends its run, where it would go.  The one probe of
 * a find, an add and a rebuild's put.
 */
static inline u64 pwc_hset_slot(const struct pwc_hset *h, u64 key)
{
	u64 i;

	for (i = pwc_hset_hash(key) & (h->cap - 1);
	     h->key[i] && h->key[i] != key + 1; i = (i + 1) & (h->cap - 1))
		;
	return i;
}

static inline s64 pwc_hset_find(const struct pwc_hset *h, u64 key)
{
	u64 i;

	if (!h->cap)
		return -1;
	i = pwc_hset_slot(h, key);
	return h->key[i] ? (s64)i : -1;
}

/*
 * Start reading the slot where a probe for @key begins, ahead of the
 * probe: on a map larger than the caches, a batch of walks overlaps
 * their misses (pwc_ideal.c).
 */
static inline void pwc_hset_prefetch(const struct pwc_hset *h, u64 key)
{
	if (h->cap)
		pwc_prefetch(&h->key[pwc_hset_hash(key) & (h->cap - 1)]);
}

/* Add @key (if absent); 1 if added, 0 if present, -ENOMEM. */
int pwc_hset_add(struct pwc_hset *h, u64 key, u64 val);
/* Drop keys whose level-@level region overlaps [start, end); how many. */
u64 pwc_hset_drop_overlapping(struct pwc_hset *h, unsigned int level,
			      u64 start, u64 end);
void pwc_hset_free(struct pwc_hset *h);

#endif /* _PWC_HSET_H */
