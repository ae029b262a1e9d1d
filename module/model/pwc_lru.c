// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_lru.c - the set-associative true-LRU table of the models that keep
 * one and of the IOTLB (pwc_lru.h): its allocation, the hash index's
 * updates, the victim choice, insertion and invalidation.
 */
#include "pwc_lru.h"

/*
 * @t's arrays, in one block: with no entries, @key and @valid still hold
 * one, invalid, for the hints to read (pwc_lru_find_at()).
 */
static void *pwc_lru_arrays(struct pwc_lru *t, u32 buckets)
{
	u32 size = t->size, one = size ? size : 1;
	const struct pwc_part part[] = {
		{ &t->key, one * sizeof(*t->key) },
		{ &t->valid, one * sizeof(*t->valid) },
		{ &t->hint2, PWC_LRU_HINTS2 * sizeof(*t->hint2) },
		{ &t->val, size * sizeof(*t->val) },
		{ &t->cover, size * sizeof(*t->cover) },
		{ &t->cover_level, size * sizeof(*t->cover_level) },
		{ &t->chain, size * sizeof(*t->chain) },
		{ &t->home, size * sizeof(*t->home) },
		{ &t->index, buckets * sizeof(*t->index) },
		{ &t->rec.prev, (size + t->sets) * sizeof(u32) },
		{ &t->rec.next, (size + t->sets) * sizeof(u32) },
		{ &t->rec.nfree, t->sets * sizeof(u32) },
		{ &t->rec.first, t->sets * sizeof(u32) },
	};

	return pwc_zalloc_parts(part, ARRAY_SIZE(part));
}

int pwc_lru_init(struct pwc_lru *t, u32 size, u32 ways)
{
	u32 buckets = 2;

	memset(t, 0, sizeof(*t));
	ways = pwc_set_ways(size, ways);
	if (!ways && size)
		return -EINVAL;
	if (size) {
		while (buckets < 8 * size)
			buckets *= 2;
		t->size = size;
		t->ways = ways;
		t->sets = size / ways;
		t->mask = buckets - 1;
	}
	t->mem = pwc_lru_arrays(t, size ? buckets : 0);
	if (!t->mem) {
		memset(t, 0, sizeof(*t));
		return -ENOMEM;
	}
	pwc_lru_clear(t);
	return 0;
}

void pwc_lru_free(struct pwc_lru *t)
{
	pwc_free(t->mem);
	memset(t, 0, sizeof(*t));
}

void pwc_lru_clear(struct pwc_lru *t)
{
	t->gen++;
	if (!t->size)
		return;
	memset(t->valid, 0, t->size * sizeof(*t->valid));
	memset(t->index, 0, (t->mask + 1) * sizeof(*t->index));
	pwc_recency_reset(&t->rec, t->size, t->ways);
}

/*
 * Entry @i out of its bucket's chain; inline, so that an evicting insert
 * keeps its registers (Documentation/models.rst).
 */
static __always_inline void pwc_lru_unindex(struct pwc_lru *t, u32 i)
{
	u32 *link = &t->index[t->home[i]];

	while (*link != i + 1)
		link = &t->chain[*link - 1];
	*link = t->chain[i];
}

/* Entry @i, of set @set, holding @key, first in its bucket's chain. */
static void pwc_lru_index(struct pwc_lru *t, u32 set, u32 i, u64 key)
{
	u32 b = pwc_lru_bucket(t, set, key);

	t->home[i] = b;
	t->chain[i] = t->index[b];
	t->index[b] = i + 1;
}

void pwc_lru_drop(struct pwc_lru *t, u32 i)
{
	t->gen++;
	pwc_lru_unindex(t, i);
	pwc_recency_release(&t->rec, i);
	t->valid[i] = 0;
}

bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 key, u64 val, u64 cover,
		    unsigned int cover_level)
{
	u32 i = pwc_recency_victim(&t->rec, set, t->valid);
	bool evicted = t->valid[i];

	t->gen++;
	if (evicted)
		pwc_lru_unindex(t, i);
	t->key[i] = key;
	t->val[i] = val;
	t->cover[i] = cover;
	t->cover_level[i] = cover_level;
	t->valid[i] = 1;
	pwc_recency_link(&t->rec, set, i);
	pwc_lru_index(t, set, i, key);
	/*
	 * found first at its level next time (pwc_lru_find_at(), which
	 * checks a hint before it trusts it; level 2 keeps its own per
	 * slot): stored without a test of the level, which mispredicted
	 * once a walk on a stream of misses
	 */
	t->hint[cover_level] = i;
	return evicted;
}

u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end)
{
	u64 n = 0;
	u32 i;

	for (i = 0; i < t->size; i++) {
		if (t->valid[i] &&
		    pwc_key_overlaps(t->cover[i], t->cover_level[i], start,
				     end)) {
			pwc_lru_drop(t, i);
			n++;
		}
	}
	return n;
}
