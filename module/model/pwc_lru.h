/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_lru.h - a set-associative (by default fully associative), true-LRU
 * table of (key, value) pairs: the one LRU kernel of the models' tables
 * and the IOTLB.  The caller names the set of each key (pwc_lru_set());
 * LRU is per set.  Each entry may carry a coverage (a pwc_key() and its
 * level) so that range invalidation can find it.
 *
 * A hash index from (set, key) to the entry finds a key without scanning
 * the set: per bucket, a chain of the entries whose (set, key) hash there,
 * most recently inserted first.  Eight buckets per entry keep chains
 * short: a find or a removal rarely follows a link.  Recency is, per set,
 * a circular list of its valid entries from the most recent to the least
 * (pwc_lru_touch() moves an entry to the front), and nothing else: no
 * stamps to write on a hit.  The victim is the set's first free entry in
 * slot order, else the list's last entry, found with no scan.
 */
#ifndef _PWC_LRU_H
#define _PWC_LRU_H

#include "pwc_recency.h"

/* Slots of the level-2 hints (a power of two; pwc_lru_find_at()). */
#define PWC_LRU_HINTS2 64

struct pwc_lru {
	u32 size;
	u32 ways;		/* entries per set: set s is s*ways .. +ways-1 */
	u32 sets;
	u64 *key;
	u64 *val;
	u8 *valid;
	u64 *cover;		/* pwc_key() of the region the entry covers */
	u8 *cover_level;	/* the level of that key */
	u32 *index;		/* per bucket: its chain's first entry + 1, 0: none */
	u32 *chain;		/* per entry: the next entry + 1 of its chain */
	u32 *home;		/* per entry: its bucket */
	u32 mask;		/* buckets - 1 */
	struct pwc_recency rec;	/* recency, free entries (pwc_recency.h) */
	/*
	 * per level: the entry found last; for level 2, whose keys change
	 * from walk to walk, per slot of the key's hash (0 at first: with no
	 * entries, @key and @valid still hold one, invalid)
	 */
	u32 hint[PWC_MAX_LEVELS + 1];
	u32 *hint2;		/* PWC_LRU_HINTS2 of them */
	/*
	 * bumped by every change of which keys are held or of a value
	 * (insert, drop, clear, and a caller's own write of @val[i]): equal
	 * gens, equal contents
	 */
	u32 gen;
	void *mem;		/* the arrays (pwc_zalloc_parts()) */
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

/*
 * The bucket of (@set, @key): one multiplication, its high half (a set
 * is below 2^16, its bits put above a key's own in the product's).
 */
static inline u32 pwc_lru_bucket(const struct pwc_lru *t, u32 set, u64 key)
{
	return ((key ^ (u64)set << 48) * 0xff51afd7ed558ccdULL >> 32) &
	       t->mask;
}

/* The entry holding @key in @set, or -1 (a key is held once in its set). */
static inline int pwc_lru_find(const struct pwc_lru *t, u32 set, u64 key)
{
	u32 e, lo = set * t->ways;

	if (!t->size)
		return -1;
	for (e = t->index[pwc_lru_bucket(t, set, key)]; e; e = t->chain[e - 1])
		if (t->key[e - 1] == key && e - 1 - lo < t->ways)
			return e - 1;
	return -1;
}

/*
 * pwc_lru_find() of @key, whose set index is @index (pwc_lru_set()),
 * trying first the entry that the last find at @level returned (at level
 * 2, the last of the keys that share @key's hint slot), if it still holds
 * @key: the entries a walk's upper levels hit, and the L2 entries of a
 * few regions visited in turn, are found without computing the set or
 * hashing.  A key is held at most once in its set, and a caller whose
 * keys determine their set (a table keyed by its path, the IOTLB, one
 * keyed by an entry's address in page-aligned tables) gets what
 * pwc_lru_find() gives.
 */
static inline int pwc_lru_find_at(struct pwc_lru *t, u64 index, u64 key,
				  unsigned int level)
{
	u32 *hint = level == 2 ?
		    &t->hint2[(key * 0x9e3779b97f4a7c15ULL) >> 58 &
			      (PWC_LRU_HINTS2 - 1)] : &t->hint[level];
	u32 h = *hint;	/* an entry, or 0 (an invalid one) */
	int i;

	if (t->key[h] == key && t->valid[h])
		return h;
	i = pwc_lru_find(t, pwc_lru_set(t, index), key);
	if (i >= 0)
		*hint = i;
	return i;
}

/*
 * Valid entry @i touched: moved to the front of its set's list with no
 * test whether it is there already (taking it out and putting it back
 * leaves it there): which entries a walk's touches find at the front is a
 * branch no predictor learns.  A caller whose touches nearly always find
 * the entry at the front tests pwc_lru_front() first.
 */
static inline void pwc_lru_touch(struct pwc_lru *t, u32 i)
{
	pwc_recency_touch(&t->rec, i);
}

/* Is valid entry @i the most recent of its set? */
static inline bool pwc_lru_front(const struct pwc_lru *t, u32 i)
{
	return pwc_recency_front(&t->rec, pwc_recency_set_of(&t->rec, i)) == i;
}

/* Drop entry @i (valid). */
void pwc_lru_drop(struct pwc_lru *t, u32 i);

/*
 * Insert @key (not present in @set) into @set as its most recent entry,
 * into the set's first free entry or else in place of its least recently
 * used one; true if a valid entry was evicted.
 */
bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 key, u64 val, u64 cover,
		    unsigned int cover_level);

/* pwc_lru_insert() as a model's fill, counted in its statistics. */
static inline void pwc_model_lru_insert(struct pwc_model *m,
					struct pwc_lru *t, u32 set, u64 key,
					u64 val, u64 cover,
					unsigned int cover_level)
{
	m->stats.fills++;
	if (pwc_lru_insert(t, set, key, val, cover, cover_level))
		m->stats.evictions++;
}

/* Drop entries whose coverage overlaps [start, end); returns how many. */
u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end);

#endif /* _PWC_LRU_H */
