/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_lru.h - a fully associative, true-LRU table of (key, value) pairs:
 * the building block of STC and UPTC.  Each entry may carry a coverage
 * (a pwc_key() and its level) so that range invalidation can find it.
 */
#ifndef _PWC_LRU_H
#define _PWC_LRU_H

#include "pwc.h"

struct pwc_lru {
	u32 size;
	u64 *key;
	u64 *val;
	u64 *stamp;		/* 0: invalid; else the last touch */
	u64 *cover;		/* pwc_key() of the region the entry covers */
	u8 *cover_level;	/* the level of that key */
	u32 hint[PWC_MAX_LEVELS + 1];	/* per level: the entry found last */
};

int pwc_lru_init(struct pwc_lru *t, u32 size);
void pwc_lru_free(struct pwc_lru *t);
void pwc_lru_clear(struct pwc_lru *t);

static inline int pwc_lru_find(const struct pwc_lru *t, u64 key)
{
	u32 i;

	for (i = 0; i < t->size; i++)
		if (t->key[i] == key && t->stamp[i])
			return i;
	return -1;
}

/*
 * pwc_lru_find() trying first the entry that the last find or insert at
 * @level returned (keys are held once, so the result is the same): the
 * entries a walk's upper levels hit are found without a scan.
 */
static inline int pwc_lru_find_at(struct pwc_lru *t, u64 key,
				  unsigned int level)
{
	u32 h = t->hint[level];
	int i;

	if (h < t->size && t->key[h] == key && t->stamp[h])
		return h;
	i = pwc_lru_find(t, key);
	if (i >= 0)
		t->hint[level] = i;
	return i;
}

/*
 * Insert @key (not present) with recency @stamp, evicting the LRU entry
 * when full; true if a valid entry was evicted.
 */
bool pwc_lru_insert(struct pwc_lru *t, u64 stamp, u64 key, u64 val,
		    u64 cover, unsigned int cover_level);

/* pwc_lru_insert() as a model's fill, counted in its statistics. */
static inline void pwc_model_lru_insert(struct pwc_model *m,
					struct pwc_lru *t, u64 key, u64 val,
					u64 cover, unsigned int cover_level)
{
	m->stats.fills++;
	if (pwc_lru_insert(t, pwc_tick(m), key, val, cover, cover_level))
		m->stats.evictions++;
}

/* Drop entries whose coverage overlaps [start, end); returns how many. */
u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end);

#endif /* _PWC_LRU_H */
