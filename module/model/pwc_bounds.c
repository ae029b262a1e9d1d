// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_bounds.c - the bounds of every figure: "none" (no cache, every walk
 * from the root) and "ideal" (unbounded per level: only compulsory misses).
 *
 * ideal keeps, per level k = top .. 2, a growing open-addressing hash set
 * of the keys (tags from the top down to Lk) it has seen, with PBA(L(k-1)).
 * The deepest known key gives the start level; the walk fills the keys of
 * the entries it read, as STC does.  If memory runs out, a key is simply
 * not added (the model then under-reports hits, never over-reports).
 */
#include "pwc.h"

struct pwc_hset {
	u64 cap;	/* power of two, or 0 */
	u64 used;
	u64 *key;	/* key + 1; 0 = empty */
	u64 *val;
};

struct pwc_ideal {
	struct pwc_hset h[PWC_MAX_LEVELS + 1];
	u8 levels;
};

static u64 hset_hash(u64 key)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return key;
}

static s64 hset_find(const struct pwc_hset *h, u64 key)
{
	u64 i;

	if (!h->cap)
		return -1;
	for (i = hset_hash(key) & (h->cap - 1); h->key[i];
	     i = (i + 1) & (h->cap - 1))
		if (h->key[i] == key + 1)
			return i;
	return -1;
}

static void hset_put(struct pwc_hset *h, u64 key, u64 val)
{
	u64 i;

	for (i = hset_hash(key) & (h->cap - 1); h->key[i];
	     i = (i + 1) & (h->cap - 1))
		;
	h->key[i] = key + 1;
	h->val[i] = val;
	h->used++;
}

/* Rebuild into @cap slots, keeping the keys @keep accepts. */
static int hset_rebuild(struct pwc_hset *h, u64 cap, unsigned int level,
			u64 start, u64 end, u64 *dropped)
{
	struct pwc_hset n = { .cap = cap };
	u64 i;

	n.key = pwc_zalloc(cap * sizeof(u64));
	n.val = pwc_zalloc(cap * sizeof(u64));
	if (!n.key || !n.val) {
		pwc_free(n.key);
		pwc_free(n.val);
		return -ENOMEM;
	}
	for (i = 0; i < h->cap; i++) {
		if (!h->key[i])
			continue;
		if (dropped && pwc_key_overlaps(h->key[i] - 1, level, start,
						end)) {
			(*dropped)++;
			continue;
		}
		hset_put(&n, h->key[i] - 1, h->val[i]);
	}
	pwc_free(h->key);
	pwc_free(h->val);
	*h = n;
	return 0;
}

static void hset_free(struct pwc_hset *h)
{
	pwc_free(h->key);
	pwc_free(h->val);
	memset(h, 0, sizeof(*h));
}

static int ideal_init(struct pwc_model *m)
{
	struct pwc_ideal *d = pwc_zalloc(sizeof(*d));

	if (!d)
		return -ENOMEM;
	d->levels = 4;
	m->priv = d;
	return 0;
}

static void ideal_clear(struct pwc_model *m)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		hset_free(&d->h[k]);
}

static void ideal_destroy(struct pwc_model *m)
{
	if (!m->priv)
		return;
	ideal_clear(m);
	pwc_free(m->priv);
}

static void ideal_lookup(struct pwc_model *m, const struct pwc_walk *w,
			 struct pwc_result *r)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;
	s64 i;

	r->start = w->levels;
	if (d->levels != w->levels)
		return;
	for (k = 2; k <= w->levels; k++) {
		i = hset_find(&d->h[k], pwc_key(w->va, k));
		if (i >= 0) {
			r->start = k - 1;
			r->pba = d->h[k].val[i];
			return;
		}
	}
}

static void ideal_fill(struct pwc_model *m, const struct pwc_walk *w,
		       const struct pwc_result *r)
{
	struct pwc_ideal *d = m->priv;
	struct pwc_hset *h;
	unsigned int k;
	u64 key;
	s64 i;

	if (d->levels != w->levels) {
		ideal_clear(m);
		d->levels = w->levels;
	}
	if (r->stale) {
		k = r->start + 1;
		i = hset_find(&d->h[k], pwc_key(w->va, k));
		if (i >= 0 && r->start >= w->end)
			d->h[k].val[i] = w->base[r->start];
	}
	for (k = r->start; k >= 2 && k - 1 >= w->end; k--) {
		h = &d->h[k];
		key = pwc_key(w->va, k);
		if (hset_find(h, key) >= 0)
			continue;
		if (2 * (h->used + 1) > h->cap &&
		    hset_rebuild(h, h->cap ? 2 * h->cap : 64, k, 0, 0, NULL))
			continue;
		hset_put(h, key, w->base[k - 1]);
		m->stats.fills++;
	}
}

static void ideal_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	/* Rebuilding at the same size cannot need more memory than it has;
	 * if even that fails, forget the level entirely (still coherent). */
	for (k = 2; k <= PWC_MAX_LEVELS; k++) {
		if (!d->h[k].cap)
			continue;
		if (hset_rebuild(&d->h[k], d->h[k].cap, k, start, end,
				 &m->stats.invalidations)) {
			m->stats.invalidations += d->h[k].used;
			hset_free(&d->h[k]);
		}
	}
}

static void ideal_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_ideal *d = m->priv;
	unsigned int k;

	for (k = d->levels; k >= 2; k--)
		pwc_printf(o, "  keys to L%u: %llu\n", k, d->h[k].used);
}

const struct pwc_ops pwc_ideal_ops = {
	.name = "ideal",
	.init = ideal_init,
	.destroy = ideal_destroy,
	.lookup = ideal_lookup,
	.fill = ideal_fill,
	.invalidate = ideal_invalidate,
	.clear = ideal_clear,
	.dump = ideal_dump,
};

static int none_init(struct pwc_model *m)
{
	return 0;
}

static void none_lookup(struct pwc_model *m, const struct pwc_walk *w,
			struct pwc_result *r)
{
	r->start = w->levels;
}

static void none_fill(struct pwc_model *m, const struct pwc_walk *w,
		      const struct pwc_result *r)
{
}

static void none_invalidate(struct pwc_model *m, u64 start, u64 end)
{
}

static void none_clear(struct pwc_model *m)
{
}

static void none_dump(struct pwc_model *m, struct pwc_out *o)
{
	pwc_printf(o, "  (no cache)\n");
}

const struct pwc_ops pwc_none_ops = {
	.name = "none",
	.init = none_init,
	.lookup = none_lookup,
	.fill = none_fill,
	.invalidate = none_invalidate,
	.clear = none_clear,
	.dump = none_dump,
};
