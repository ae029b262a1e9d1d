// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_hset.c - the growing hash map (pwc_hset.h).  Linear probing, load at
 * most one half; deletion rebuilds the table in place of tombstones.
 */
#include "pwc_hset.h"

/* @key (absent) into empty slot @i (pwc_hset_slot()) with @val. */
static void pwc_hset_fill(struct pwc_hset *h, u64 i, u64 key, u64 val)
{
	h->key[i] = key + 1;
	h->val[i] = val;
	h->used++;
}

/*
 * Move every entry into a table of @cap slots, dropping those that
 * overlap [start, end) at @level when @dropped is given.
 */
static int pwc_hset_rebuild(struct pwc_hset *h, u64 cap, unsigned int level,
			    u64 start, u64 end, u64 *dropped)
{
	struct pwc_hset n = { .cap = cap };
	const struct pwc_part part[] = {
		{ &n.key, cap * sizeof(u64) },
		{ &n.val, cap * sizeof(u64) },
	};
	u64 i;

	n.mem = pwc_zalloc_parts(part, ARRAY_SIZE(part));
	if (!n.mem)
		return -ENOMEM;
	for (i = 0; i < h->cap; i++) {
		if (!h->key[i])
			continue;
		if (dropped && pwc_key_overlaps(h->key[i] - 1, level, start,
						end)) {
			(*dropped)++;
			continue;
		}
		pwc_hset_fill(&n, pwc_hset_slot(&n, h->key[i] - 1),
			      h->key[i] - 1, h->val[i]);
	}
	pwc_free(h->mem);
	*h = n;
	return 0;
}

/*
 * One probe finds @key or the empty slot that ends its run, where it goes
 * unless the table must grow first (then its slot is found again after).
 */
int pwc_hset_add(struct pwc_hset *h, u64 key, u64 val)
{
	u64 i;

	if (h->cap) {
		i = pwc_hset_slot(h, key);
		if (h->key[i])
			return 0;
		if (2 * (h->used + 1) <= h->cap) {
			pwc_hset_fill(h, i, key, val);
			return 1;
		}
	}
	if (pwc_hset_rebuild(h, h->cap ? 2 * h->cap : 64, 0, 0, 0, NULL))
		return -ENOMEM;
	pwc_hset_fill(h, pwc_hset_slot(h, key), key, val);
	return 1;
}

u64 pwc_hset_drop_overlapping(struct pwc_hset *h, unsigned int level,
			      u64 start, u64 end)
{
	u64 dropped = 0;

	if (!h->cap)
		return 0;
	/*
	 * The same size needs no more memory than the table has; if even
	 * that allocation fails, forget everything (still coherent).
	 */
	if (pwc_hset_rebuild(h, h->cap, level, start, end, &dropped)) {
		dropped = h->used;
		pwc_hset_free(h);
	}
	return dropped;
}

void pwc_hset_free(struct pwc_hset *h)
{
	pwc_free(h->mem);
	memset(h, 0, sizeof(*h));
}
