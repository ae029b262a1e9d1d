// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_lru.c - the set-associative true-LRU table used by STC, UPTC and the
 * IOTLB.
 */
#include "pwc_lru.h"

int pwc_lru_init(struct pwc_lru *t, u32 size, u32 ways)
{
	memset(t, 0, sizeof(*t));
	ways = pwc_set_ways(size, ways);
	if (!ways && size)
		return -EINVAL;
	t->size = size;
	t->ways = ways;
	t->sets = ways ? size / ways : 0;
	t->key = pwc_zalloc(size * sizeof(*t->key));
	t->val = pwc_zalloc(size * sizeof(*t->val));
	t->stamp = pwc_zalloc(size * sizeof(*t->stamp));
	t->cover = pwc_zalloc(size * sizeof(*t->cover));
	t->cover_level = pwc_zalloc(size * sizeof(*t->cover_level));
	if (!t->key || !t->val || !t->stamp || !t->cover || !t->cover_level) {
		pwc_lru_free(t);
		return -ENOMEM;
	}
	return 0;
}

void pwc_lru_free(struct pwc_lru *t)
{
	pwc_free(t->key);
	pwc_free(t->val);
	pwc_free(t->stamp);
	pwc_free(t->cover);
	pwc_free(t->cover_level);
	memset(t, 0, sizeof(*t));
}

void pwc_lru_clear(struct pwc_lru *t)
{
	memset(t->stamp, 0, t->size * sizeof(*t->stamp));
}

bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 stamp, u64 key, u64 val,
		    u64 cover, unsigned int cover_level)
{
	u32 i, victim = set * t->ways, end = victim + t->ways;
	bool evicted;

	for (i = victim; i < end; i++) {
		if (!t->stamp[i]) {
			victim = i;
			break;
		}
		if (t->stamp[i] < t->stamp[victim])
			victim = i;
	}
	evicted = t->stamp[victim];
	t->key[victim] = key;
	t->val[victim] = val;
	t->cover[victim] = cover;
	t->cover_level[victim] = cover_level;
	t->stamp[victim] = stamp;
	return evicted;
}

u64 pwc_lru_invalidate(struct pwc_lru *t, u64 start, u64 end)
{
	u64 n = 0;
	u32 i;

	for (i = 0; i < t->size; i++) {
		if (t->stamp[i] &&
		    pwc_key_overlaps(t->cover[i], t->cover_level[i], start,
				     end)) {
			t->stamp[i] = 0;
			n++;
		}
	}
	return n;
}
