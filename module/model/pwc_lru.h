/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_lru.h - a set-associative (by default fully associative), true-LRU
 * table of (key, value) pairs: the building block of STC, UPTC and the
 * IOTLB.  The caller names the set of each key (pwc_lru_set()); LRU is
 * per set.  Each entry may carry a coverage (a pwc_key() and its level) so
 * that range invalidation can find it.
 */
#ifndef _PWC_LRU_H
#define _PWC_LRU_H

#include "pwc.h"

struct pwc_lru {
	u32 size;
	u32 ways;		/* entries per set: set s is s*ways .. +ways-1 */
	u32 sets;
	u64 *key;
	u64 *val;
	u64 *stamp;		/* 0: invalid; else the last touch */
	u64 *cover;		/* pwc_key() of the region the entry covers */
	u8 *cover_level;	/* the level of that key */
};

/*
 * @size entries in sets of @ways (0: one set); -EINVAL if @ways does not
 * divide @size (pwc_set_ways()).
 */
int pwc_lru_init(struct pwc_lru *t, u32 size, u32 ways);
void pwc_lru_free(struct pwc_lru *t);
void pwc_lru_clear(struct pwc_lru *t);

/* The set of a key whose set index is @index: @index mod sets. */
static inline u32 pwc_lru_set(const struct pwc_lru *t, u64 index)
{
	return t->sets > 1 ? index % t->sets : 0;
}

static inline int pwc_lru_find(const struct pwc_lru *t, u32 set, u64 key)
{
	u32 i, end = (set + 1) * t->ways;

	for (i = set * t->ways; i < end; i++)
		if (t->key[i] == key && t->stamp[i])
			return i;
	return -1;
}

/*
 * Insert @key (not present) into @set with recency @stamp, evicting the
 * set's LRU entry when it is full; true if a valid entry was evicted.
 */
bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 stamp, u64 key, u64 val,
		    u64 cover, unsigned int cover_level);

/* pwc_lru_insert() as a model's fill, counted in its statistics. */
static inline void pwc_model_lru_insert(struct pwc_model *m,
					struct pwc_lru *t, u32 set, u64 key,
					u64 val, u64 cover,
					unsigned int cover_level)
{
	m->stats.fills++;
	if (pwc_lru_insert(t, set, pwc_tick(m), key, val, cover, cover_level))
		m->stats.evictions++;
}

/* Drop entries whose coverage overlaps [start, end); returns how many. */
u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end);

#endif /* _PWC_LRU_H */
