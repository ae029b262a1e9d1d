// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_lru.c - the set-associative true-LRU table used by STC, UPTC and the
 * IOTLB (pwc_lru.h): its allocation, the hash index's updates, insertion
 * and invalidation.
 */
#include "pwc_lru.h"

int pwc_lru_init(struct pwc_lru *t, u32 size, u32 ways)
{
	u32 buckets = 2;

	memset(t, 0, sizeof(*t));
	ways = pwc_set_ways(size, ways);
	if (!ways && size)
		return -EINVAL;
	if (!size)
		return 0;
	while (buckets < 2 * size)
		buckets *= 2;
	t->size = size;
	t->ways = ways;
	t->sets = size / ways;
	t->mask = buckets - 1;
	t->key = pwc_zalloc(size * sizeof(*t->key));
	t->val = pwc_zalloc(size * sizeof(*t->val));
	t->valid = pwc_zalloc(size * sizeof(*t->valid));
	t->cover = pwc_zalloc(size * sizeof(*t->cover));
	t->cover_level = pwc_zalloc(size * sizeof(*t->cover_level));
	t->prev = pwc_zalloc(size * sizeof(*t->prev));
	t->next = pwc_zalloc(size * sizeof(*t->next));
	t->home = pwc_zalloc(size * sizeof(*t->home));
	t->mru = pwc_zalloc(t->sets * sizeof(*t->mru));
	t->lru = pwc_zalloc(t->sets * sizeof(*t->lru));
	t->nfree = pwc_zalloc(t->sets * sizeof(*t->nfree));
	t->low = pwc_zalloc(t->sets * sizeof(*t->low));
	t->index = pwc_zalloc(buckets * sizeof(*t->index));
	if (!t->key || !t->val || !t->valid || !t->cover || !t->cover_level ||
	    !t->prev || !t->next || !t->home || !t->mru || !t->lru ||
	    !t->nfree || !t->low || !t->index) {
		pwc_lru_free(t);
		return -ENOMEM;
	}
	pwc_lru_clear(t);
	return 0;
}

void pwc_lru_free(struct pwc_lru *t)
{
	pwc_free(t->key);
	pwc_free(t->val);
	pwc_free(t->valid);
	pwc_free(t->cover);
	pwc_free(t->cover_level);
	pwc_free(t->prev);
	pwc_free(t->next);
	pwc_free(t->home);
	pwc_free(t->mru);
	pwc_free(t->lru);
	pwc_free(t->nfree);
	pwc_free(t->low);
	pwc_free(t->index);
	memset(t, 0, sizeof(*t));
}

void pwc_lru_clear(struct pwc_lru *t)
{
	u32 s;

	if (!t->size)
		return;
	memset(t->valid, 0, t->size * sizeof(*t->valid));
	memset(t->index, 0, (t->mask + 1) * sizeof(*t->index));
	for (s = 0; s < t->sets; s++) {
		t->mru[s] = PWC_LRU_NIL;
		t->lru[s] = PWC_LRU_NIL;
		t->nfree[s] = t->ways;
		t->low[s] = s * t->ways;
	}
}

/* Is bucket @h, of an entry now at @b, where a probe from @home passes? */
static bool pwc_lru_between(u32 home, u32 gap, u32 b, u32 mask)
{
	/* The probe from home reaches b; it must not jump over the gap. */
	return ((gap - home) & mask) < ((b - home) & mask);
}

/* Remove entry @i from the hash index (backward-shift deletion). */
static void pwc_lru_unindex(struct pwc_lru *t, u32 i)
{
	u32 gap = t->home[i], b, e;

	while (t->index[gap] != i + 1)
		gap = (gap + 1) & t->mask;
	for (b = (gap + 1) & t->mask; t->index[b]; b = (b + 1) & t->mask) {
		e = t->index[b] - 1;
		if (pwc_lru_between(t->home[e], gap, b, t->mask)) {
			t->index[gap] = t->index[b];
			gap = b;
		}
	}
	t->index[gap] = 0;
}

static void pwc_lru_index(struct pwc_lru *t, u32 set, u32 i)
{
	u32 b = pwc_lru_bucket(t, set, t->key[i]);

	t->home[i] = b;
	while (t->index[b])
		b = (b + 1) & t->mask;
	t->index[b] = i + 1;
}

/* Take entry @i out of its set's recency list. */
static void pwc_lru_unlink(struct pwc_lru *t, u32 set, u32 i)
{
	u32 p = t->prev[i], n = t->next[i];

	if (p != PWC_LRU_NIL)
		t->next[p] = n;
	else
		t->mru[set] = n;
	if (n != PWC_LRU_NIL)
		t->prev[n] = p;
	else
		t->lru[set] = p;
}

void pwc_lru_drop(struct pwc_lru *t, u32 i)
{
	u32 set = pwc_lru_set_of(t, i);

	pwc_lru_unindex(t, i);
	pwc_lru_unlink(t, set, i);
	t->valid[i] = 0;
	t->nfree[set]++;
	if (i < t->low[set])
		t->low[set] = i;
}

bool pwc_lru_insert(struct pwc_lru *t, u32 set, u64 key, u64 val, u64 cover,
		    unsigned int cover_level)
{
	bool evicted = !t->nfree[set];
	u32 i;

	if (evicted) {
		i = t->lru[set];
		pwc_lru_unindex(t, i);
		pwc_lru_unlink(t, set, i);
	} else {
		/* The first free entry in slot order, as a scan finds it. */
		for (i = t->low[set]; t->valid[i]; i++)
			;
		t->low[set] = i + 1;
		t->nfree[set]--;
		t->valid[i] = 1;
	}
	t->key[i] = key;
	t->val[i] = val;
	t->cover[i] = cover;
	t->cover_level[i] = cover_level;
	pwc_lru_index(t, set, i);
	t->prev[i] = PWC_LRU_NIL;
	t->next[i] = t->mru[set];
	if (t->mru[set] != PWC_LRU_NIL)
		t->prev[t->mru[set]] = i;
	else
		t->lru[set] = i;
	t->mru[set] = i;
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
