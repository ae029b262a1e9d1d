/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_lru.h - a set-associative (by default fully associative), true-LRU
 * table of (key, value) pairs: the one LRU kernel of STC, UPTC and the
 * IOTLB.  The caller names the set of each key (pwc_lru_set()); LRU is
 * per set.  Each entry may carry a coverage (a pwc_key() and its level) so
 * that range invalidation can find it.
 *
 * Every operation but invalidation and clearing is O(1): a hash index
 * from (set, key) to the entry finds a key without scanning the set, and
 * each set keeps its valid entries in a list from the most to the least
 * recently used, so the victim is the list's tail (or, while the set has
 * a free entry, the first free entry in slot order).
 */
#ifndef _PWC_LRU_H
#define _PWC_LRU_H

#include "pwc.h"

#define PWC_LRU_NIL ((u32)~0U)	/* no entry */

struct pwc_lru {
	u32 size;
	u32 ways;		/* entries per set: set s is s*ways .. +ways-1 */
	u32 sets;
	u64 *key;
	u64 *val;
	u8 *valid;
	u64 *cover;		/* pwc_key() of the region the entry covers */
	u8 *cover_level;	/* the level of that key */
	u32 *prev, *next;	/* per entry: its set's recency list */
	u32 *mru, *lru;		/* per set: the list's head and tail */
	u32 *nfree;		/* per set: free entries */
	u32 *low;		/* per set: no free entry below it */
	u32 *index;		/* hash buckets: entry + 1, 0 = empty */
	u32 *home;		/* per entry: its bucket of first choice */
	u32 mask;		/* buckets - 1 */
	u32 hint[PWC_MAX_LEVELS + 1];	/* per level: the entry found last */
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

static inline bool pwc_lru_valid(const struct pwc_lru *t, u32 i)
{
	return t->valid[i];
}

/* The bucket of first choice of (@set, @key). */
static inline u32 pwc_lru_bucket(const struct pwc_lru *t, u32 set, u64 key)
{
	return ((key + set * 0x9e3779b97f4a7c15ULL) * 0xff51afd7ed558ccdULL >>
		32) & t->mask;
}

/* The entry holding @key in @set, or -1 (a key is held once in its set). */
static inline int pwc_lru_find(const struct pwc_lru *t, u32 set, u64 key)
{
	u32 b, e, lo = set * t->ways;

	if (!t->size)
		return -1;
	for (b = pwc_lru_bucket(t, set, key); t->index[b];
	     b = (b + 1) & t->mask) {
		e = t->index[b] - 1;
		if (t->key[e] == key && e - lo < t->ways)
			return e;
	}
	return -1;
}

/*
 * pwc_lru_find() trying first the entry that the last find at @level
 * returned, if it still holds @key: the entries a walk's upper levels hit
 * are found without hashing.  A key is held at most once in its set, and
 * a caller whose keys determine their set (STC, the IOTLB, UPTC with
 * page-aligned table bases) gets what pwc_lru_find() gives.
 */
static inline int pwc_lru_find_at(struct pwc_lru *t, u32 set, u64 key,
				  unsigned int level)
{
	u32 h = t->hint[level];
	int i;

	if (h < t->size && t->key[h] == key && t->valid[h])
		return h;
	i = pwc_lru_find(t, set, key);
	if (i >= 0)
		t->hint[level] = i;
	return i;
}

/* The set of entry @i. */
static inline u32 pwc_lru_set_of(const struct pwc_lru *t, u32 i)
{
	return t->sets > 1 ? i / t->ways : 0;
}

/* Make entry @i (valid, of @set) the most recently used of its set. */
static inline void pwc_lru_touch_in(struct pwc_lru *t, u32 set, u32 i)
{
	u32 p, n;

	if (t->mru[set] == i)
		return;		/* already the most recent: nothing moves */
	p = t->prev[i];
	n = t->next[i];
	t->next[p] = n;		/* p exists: @i is not the head */
	if (n != PWC_LRU_NIL)
		t->prev[n] = p;
	else
		t->lru[set] = p;
	t->prev[i] = PWC_LRU_NIL;
	t->next[i] = t->mru[set];
	t->prev[t->mru[set]] = i;
	t->mru[set] = i;
}

/* Make entry @i (valid) the most recently used of its set. */
static inline void pwc_lru_touch(struct pwc_lru *t, u32 i)
{
	pwc_lru_touch_in(t, pwc_lru_set_of(t, i), i);
}

/* Drop entry @i (valid). */
void pwc_lru_drop(struct pwc_lru *t, u32 i);

/*
 * Insert @key (not present in @set) as the most recent entry of @set,
 * into the first free entry of the set or else in place of its least
 * recently used one; true if a valid entry was evicted.
 */
bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 key, u64 val, u64 cover,
		    unsigned int cover_level);

/*
 * pwc_lru_insert() as a model's fill, counted in its statistics, taking
 * a tick of its clock as a stamped LRU did.
 */
static inline void pwc_model_lru_insert(struct pwc_model *m,
					struct pwc_lru *t, u32 set, u64 key,
					u64 val, u64 cover,
					unsigned int cover_level)
{
	m->stats.fills++;
	pwc_tick(m);
	if (pwc_lru_insert(t, set, key, val, cover, cover_level))
		m->stats.evictions++;
}

/* Drop entries whose coverage overlaps [start, end); returns how many. */
u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end);

#endif /* _PWC_LRU_H */
