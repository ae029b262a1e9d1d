// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_cpwc.c - CPWC, the paper's tree-structured compressed page-walk
 * cache: direct-mapped upper stages (L4 and L3; also L5 with 5-level
 * paging) and an L2 stage of B fully associative blocks of W entries, each
 * block owned by at most one L3 entry through that entry's mask.
 *
 * Set mapping: the top stage is indexed by the low log2(E_top) bits of its
 * index; each lower stage k by the set of its parent stage followed by the
 * low log2(E_k / E_k+1) bits of the level-k index (the paper's "L3
 * identifier").  A stage-k set therefore belongs to exactly one parent set,
 * and replacing or dropping an entry drops its whole subtree: a hit always
 * returns the base of the request's own path.
 */
#include "pwc.h"

/* The most L3 mask bits (l3 x blocks) a configuration may hold. */
#define CPWC_MAX_MASK_BITS BIT_ULL(24)

/*
 * An L2 entry's word key2[i]: (owning L3 set + 1) << 10 | valid << 9 | tag
 * (0: never owned), so a lookup compares every block in one pass with one
 * word, and the free entries of a set are those whose word is its owner
 * part alone.  A block freed keeps its words (struct pwc_cpwc).
 */
#define CPWC_VALID2 BIT_ULL(9)
#define CPWC_TAG2 511ULL

static u64 cpwc_owner2(u32 s3)
{
	return (u64)(s3 + 1) << 10;
}

/*
 * The path hint: a direct-mapped table from a hash of a path's key down to
 * L2 (pwc_key(va, 2)) to the L2 entry (and its block) that last held it,
 * written when a lookup's scan finds an entry or a fill places one, and
 * checked on use: the entry must be valid with the request's L2 tag, and
 * the L3 set owning its block valid and holding the request's path down to
 * L3 (``path3``).  Such a hit is the lookup's own answer: the L3 set is
 * then the request's (sets are a function of that path), every stage above
 * it hits (an L3 entry is dropped with its ancestors), and the set's blocks
 * hold the L2 tag at most once (a fill places an L2 entry only after its
 * lookup found none, having dropped a stale one first).  A hint that fails
 * the check is ignored: the lookup takes the stages and the scan.
 */
#define CPWC_HINT_BITS 11

static u32 cpwc_hint_slot(u64 key2)
{
	return (key2 * 0x9E3779B97F4A7C15ULL) >> (64 - CPWC_HINT_BITS);
}

/* A hint: entry @i, block @b (both below 2^16: PWC_MAX_ENTRIES). */
static u32 cpwc_hint(u32 i, u32 b)
{
	return b << 16 | i;
}

struct pwc_cpwc_stage {
	u16 *tag;
	u8 *valid;
	u64 *pba;		/* PBA(L(k-1)) */
};

struct pwc_cpwc {
	u32 e[PWC_MAX_LEVELS + 1];	/* entries of upper stage k */
	struct pwc_cpwc_stage st[PWC_MAX_LEVELS + 1];
	u32 words;			/* u64 words of one L3 mask */
	u64 *mask;			/* e[3] x words */
	u64 *path3;			/* an L3 entry's pwc_key(va, 3) */
	u32 blocks, ways;
	u64 ways_inv;			/* 2^32 / ways, rounded up */
	/*
	 * A block in @free is unowned (cpwc_owned()), and nothing else of
	 * it is trusted: dropping an L3 entry frees its blocks with no
	 * write to them, and a claim sets them up again.
	 */
	s32 *owner;			/* L3 set owning a block */
	u64 *free;			/* bitmap of the unowned blocks */
	u64 *bstamp;			/* latest hit or fill in a block */
	u32 *valid2;			/* per L3 set: its valid L2 entries */
	u64 *key2;			/* CPWC_VALID2; one spare word, 0 */
	u64 *pba2;			/* PBA(L1) */
	u64 *stamp2;
	u32 hint[1U << CPWC_HINT_BITS];	/* cpwc_hint(), checked on use */
	u8 levels;			/* geometry of the entries held */
	u8 ratio_bits[PWC_MAX_LEVELS + 1];	/* log2(e[k] / parent e) */
};

/* The number of sets of stage k, with the stage above k+1 of E = 1 on top. */
static u32 cpwc_parent_e(const struct pwc_cpwc *c, unsigned int k)
{
	return k >= c->levels ? 1 : c->e[k + 1];
}

/* Set the geometry (4 or 5 levels) and the set-index widths it implies. */
static void cpwc_set_levels(struct pwc_cpwc *c, unsigned int levels)
{
	unsigned int k;

	c->levels = levels;
	for (k = 3; k <= levels && k <= PWC_MAX_LEVELS; k++)
		c->ratio_bits[k] = __ffs64(c->e[k] / cpwc_parent_e(c, k));
}

/* Stage @k's set of @va below the parent set @s (cpwc_sets()). */
static __always_inline u32 cpwc_set_at(const struct pwc_cpwc *c, u64 va,
				       unsigned int k, u32 s)
{
	unsigned int b = c->ratio_bits[k];

	return (s << b) | (pwc_index(va, k) & ((1U << b) - 1));
}

/* The set of @va at every stage, the levels written out (4 or 5). */
static void cpwc_sets(const struct pwc_cpwc *c, u64 va, u32 *set)
{
	u32 s = 0;

	if (c->levels == 5) {
		s = cpwc_set_at(c, va, 5, 0);
		set[5] = s;
	}
	set[4] = cpwc_set_at(c, va, 4, s);
	set[3] = cpwc_set_at(c, va, 3, set[4]);
}

static u64 *cpwc_mask(struct pwc_cpwc *c, u32 s3)
{
	return &c->mask[(size_t)s3 * c->words];
}

/*
 * The block of L2 entry @i: @i / ways by a multiplication, exact for
 * every @i and ways below 2^16 + 1 (blocks x ways <= PWC_MAX_ENTRIES):
 * a division on every fill cost more than the rest of the placement.
 */
static u32 cpwc_block_of(const struct pwc_cpwc *c, u32 i)
{
	return (u32)((i * c->ways_inv) >> 32);
}

/* Is block @b owned (struct pwc_cpwc: else nothing of it is trusted)? */
static bool cpwc_owned(const struct pwc_cpwc *c, u32 b)
{
	return !(c->free[b / 64] & 1ULL << (b % 64));
}

/*
 * Owned block @b unowned, its valid entries counted in *@count and taken
 * from its owner's.
 */
static void cpwc_release_block(struct pwc_cpwc *c, u32 b, u64 *count)
{
	u32 i, s3 = c->owner[b], n = 0;

	for (i = b * c->ways; i < (b + 1) * c->ways; i++)
		n += (c->key2[i] & CPWC_VALID2) >> 9;
	*count += n;
	c->valid2[s3] -= n;
	cpwc_mask(c, s3)[b / 64] &= ~(1ULL << (b % 64));
	c->free[b / 64] |= 1ULL << (b % 64);
}

/*
 * Give block @b to L3 set @s3, all its entries free (@own: its
 * cpwc_owner2()).
 */
static __always_inline void cpwc_claim_block(struct pwc_cpwc *c, u32 b,
					     u32 s3, u64 own)
{
	u32 i, end = (b + 1) * c->ways;

	c->owner[b] = s3;
	cpwc_mask(c, s3)[b / 64] |= 1ULL << (b % 64);
	c->free[b / 64] &= ~(1ULL << (b % 64));
	for (i = b * c->ways; i < end; i++)
		c->key2[i] = own;
}

/* Drop the entry of stage k, set s, and everything below it. */
static void cpwc_drop(struct pwc_cpwc *c, unsigned int k, u32 s, u64 *count)
{
	u32 ratio, child, wd;
	u64 *mask;

	if (!c->st[k].valid[s])
		return;
	c->st[k].valid[s] = 0;
	(*count)++;
	if (k == 3) {
		/* its blocks freed, their valid entries counted */
		*count += c->valid2[s];
		c->valid2[s] = 0;
		mask = cpwc_mask(c, s);
		for (wd = 0; wd < c->words; wd++) {
			c->free[wd] |= mask[wd];
			mask[wd] = 0;
		}
		return;
	}
	ratio = 1U << c->ratio_bits[k - 1];	/* e[k - 1] / e[k] */
	for (child = s * ratio; child < (s + 1) * ratio; child++)
		cpwc_drop(c, k - 1, child, count);
}

static void cpwc_clear(struct pwc_model *m)
{
	struct pwc_cpwc *c = m->priv;
	unsigned int k;
	u32 b;

	for (k = 3; k <= PWC_MAX_LEVELS; k++)
		if (c->st[k].valid)
			memset(c->st[k].valid, 0, c->e[k]);
	memset(c->mask, 0, (size_t)c->e[3] * c->words * sizeof(u64));
	memset(c->key2, 0, (size_t)c->blocks * c->ways * sizeof(u64));
	memset(c->valid2, 0, c->e[3] * sizeof(*c->valid2));
	memset(c->free, 0, c->words * sizeof(u64));
	for (b = 0; b < c->blocks; b++) {
		c->owner[b] = -1;
		c->free[b / 64] |= 1ULL << (b % 64);
		c->bstamp[b] = 0;
	}
}

/* @c's arrays (its geometry set), in one block; n2 = blocks x ways. */
static void *cpwc_arrays(struct pwc_cpwc *c, size_t n2)
{
	struct pwc_part part[9 + 3 * (PWC_MAX_LEVELS - 2)] = {
		{ &c->mask, (size_t)c->e[3] * c->words * sizeof(u64) },
		{ &c->path3, c->e[3] * sizeof(*c->path3) },
		{ &c->owner, c->blocks * sizeof(*c->owner) },
		{ &c->free, c->words * sizeof(*c->free) },
		{ &c->bstamp, c->blocks * sizeof(*c->bstamp) },
		{ &c->valid2, c->e[3] * sizeof(*c->valid2) },
		/* The spare word: a hint (0 at first) names an entry if n2 = 0. */
		{ &c->key2, (n2 + 1) * sizeof(*c->key2) },
		{ &c->pba2, n2 * sizeof(*c->pba2) },
		{ &c->stamp2, n2 * sizeof(*c->stamp2) },
	};
	unsigned int k, n = 9;

	for (k = 3; k <= PWC_MAX_LEVELS; k++) {
		part[n++] = (struct pwc_part){ &c->st[k].tag,
					       c->e[k] * sizeof(u16) };
		part[n++] = (struct pwc_part){ &c->st[k].valid, c->e[k] };
		part[n++] = (struct pwc_part){ &c->st[k].pba,
					       c->e[k] * sizeof(u64) };
	}
	return pwc_zalloc_parts(part, n);
}

static int cpwc_init(struct pwc_model *m)
{
	struct pwc_cpwc *c;
	unsigned int k;

	c = pwc_zalloc(sizeof(*c));
	if (!c)
		return -ENOMEM;
	m->priv = c;
	c->blocks = m->cfg.blocks;
	c->ways = m->cfg.ways;
	c->ways_inv = c->ways ? (BIT_ULL(32) + c->ways - 1) / c->ways : 0;
	c->words = (c->blocks + 63) / 64;
	for (k = 3; k <= PWC_MAX_LEVELS; k++)
		c->e[k] = m->cfg.e[k];
	m->mem = cpwc_arrays(c, (size_t)c->blocks * c->ways);
	if (!m->mem)
		return -ENOMEM;
	cpwc_set_levels(c, 4);
	cpwc_clear(m);
	return 0;
}

/*
 * One pass over the L2 entries of the blocks L3 set @s3 owns (its mask),
 * in entry order, for tag @idx2: the entry that holds them, or -1, and in
 * *@free the lowest free entry of those blocks (rule 1 of a fill), or -1.
 * No other block can hold either.  The pass stops at a hit: the fill
 * after a hit places nothing (*@free is then not needed and is set to -2,
 * "not known").
 */
static s64 cpwc_scan2(const struct pwc_cpwc *c, u32 s3, unsigned int idx2,
		      s64 *free)
{
	u64 own = cpwc_owner2(s3), q = own | CPWC_VALID2 | idx2, bits;
	const u64 *mask = &c->mask[(size_t)s3 * c->words];
	s64 lo = -1;
	u32 wd, i, end;

	for (wd = 0; wd < c->words; wd++) {
		for (bits = mask[wd]; bits; bits &= bits - 1) {
			i = (wd * 64 + __ffs64(bits)) * c->ways;
			for (end = i + c->ways; i < end; i++) {
				if (c->key2[i] == q) {
					*free = -2;
					return i;
				}
				if (c->key2[i] == own && lo < 0)
					lo = i;
			}
		}
	}
	*free = lo;
	return -1;
}

/* The state one lookup leaves for the fill of the same walk. */
struct cpwc_probe {
	u32 set[PWC_MAX_LEVELS + 1];	/* cpwc_sets(), valid with @sets */
	s64 free;		/* cpwc_scan2()'s, valid with @scanned */
	bool sets, scanned;
};

/* The entry and block of the checked hint for @w's path, or false. */
static inline bool cpwc_hinted(const struct pwc_cpwc *c,
			       const struct pwc_walk *w, u32 *i, u32 *b)
{
	u64 key2 = pwc_key(w->va, 2), word;
	u32 hint = c->hint[cpwc_hint_slot(key2)], s3;

	*i = hint & 0xffff;
	*b = hint >> 16;
	word = c->key2[*i];
	if ((word & (CPWC_VALID2 | CPWC_TAG2)) != (CPWC_VALID2 | (key2 & 511)) ||
	    !cpwc_owned(c, *b))
		return false;
	/*
	 * A valid entry of an owned block is its owner's, a valid L3 set:
	 * dropping the set (cpwc_drop(), also before a refill) frees its
	 * blocks, a claim writes every entry of its block, and clearing
	 * frees all.
	 */
	s3 = (word >> 10) - 1;
	return c->path3[s3] == key2 >> 9;
}

/* An L2 hit on entry @i of block @b: it and its block become the MRU. */
static inline void cpwc_hit(struct pwc_model *m, struct pwc_result *r, u32 i,
			    u32 b)
{
	struct pwc_cpwc *c = m->priv;

	r->start = 1;
	r->pba = c->pba2[i];
	c->stamp2[i] = pwc_tick(m);
	c->bstamp[b] = c->stamp2[i];
}

/* Does stage @k hit (then the start, and its base)? */
static __always_inline bool cpwc_stage_hit(const struct pwc_cpwc *c,
					   const struct pwc_walk *w,
					   const u32 *set, struct pwc_result *r,
					   unsigned int k)
{
	if (!c->st[k].valid[set[k]] ||
	    c->st[k].tag[set[k]] != pwc_index(w->va, k))
		return false;
	r->start = k - 1;
	r->pba = c->st[k].pba[set[k]];
	return true;
}

/*
 * The lookup the long way, when the hint did not hit: the stages from the
 * top while they hit (the levels written out: 4 or 5), then the scan
 * (which refreshes the hint).
 */
static void cpwc_probe_stages(struct pwc_model *m, const struct pwc_walk *w,
			      struct pwc_result *r, struct cpwc_probe *p)
{
	struct pwc_cpwc *c = m->priv;
	u32 *set = p->set, i;
	s64 found;

	cpwc_sets(c, w->va, set);
	p->sets = true;
	if ((w->levels == 5 && !cpwc_stage_hit(c, w, set, r, 5)) ||
	    !cpwc_stage_hit(c, w, set, r, 4) ||
	    !cpwc_stage_hit(c, w, set, r, 3))
		return;
	found = cpwc_scan2(c, set[3], pwc_index(w->va, 2), &p->free);
	p->scanned = true;
	if (found < 0)
		return;
	i = found;
	c->hint[cpwc_hint_slot(pwc_key(w->va, 2))] =
		cpwc_hint(i, cpwc_block_of(c, i));
	cpwc_hit(m, r, i, cpwc_block_of(c, i));
}

static void cpwc_probe(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r, struct cpwc_probe *p)
{
	struct pwc_cpwc *c = m->priv;
	u32 i, b;

	p->sets = false;
	p->scanned = false;
	r->start = w->levels;
	if (c->levels != w->levels)
		return;
	if (cpwc_hinted(c, w, &i, &b))
		cpwc_hit(m, r, i, b);
	else
		cpwc_probe_stages(m, w, r, p);
}

static void cpwc_lookup(struct pwc_model *m, const struct pwc_walk *w,
			struct pwc_result *r)
{
	struct cpwc_probe p;

	cpwc_probe(m, w, r, &p);
}

/*
 * Place (L2 tag, PBA(L1)) for L3 set @s3: the three rules of the paper.
 * @free: rule 1's entry as the lookup's scan found it (-1: none), or -2
 * when the entries changed since.
 */
static void cpwc_place2(struct pwc_model *m, u32 s3, u64 key2, u64 pba,
			s64 free)
{
	struct pwc_cpwc *c = m->priv;
	unsigned int idx2 = key2 & CPWC_TAG2;
	u64 oldest, own = cpwc_owner2(s3);
	u32 wd, b, i, slot, lru;

	/* 1. the lowest invalid entry of the lowest owned block with one */
	if (free == -2)
		cpwc_scan2(c, s3, idx2, &free);
	if (free >= 0) {
		slot = free;
		goto place;
	}
	/* 2. the lowest unowned block, entry 0 */
	for (wd = 0; wd < c->words; wd++) {
		if (c->free[wd]) {
			b = wd * 64 + __ffs64(c->free[wd]);
			cpwc_claim_block(c, b, s3, own);
			slot = b * c->ways;
			goto place;
		}
	}
	/* 3. the least recently used block of the whole L2 PWC */
	lru = 0;
	oldest = c->bstamp[0];
	for (b = 1; b < c->blocks; b++) {
		if (c->bstamp[b] < oldest) {
			oldest = c->bstamp[b];
			lru = b;
		}
	}
	slot = lru * c->ways;
	if ((u32)c->owner[lru] == s3) {
		for (i = slot; i < (lru + 1) * c->ways; i++)
			if (c->stamp2[i] < c->stamp2[slot])
				slot = i;
		m->stats.evictions++;
	} else {
		cpwc_release_block(c, lru, &m->stats.evictions);
		cpwc_claim_block(c, lru, s3, own);
	}
place:
	m->stats.fills++;
	c->valid2[s3] += !(c->key2[slot] & CPWC_VALID2);
	c->key2[slot] = own | CPWC_VALID2 | idx2;
	c->pba2[slot] = pba;
	c->stamp2[slot] = pwc_tick(m);
	b = cpwc_block_of(c, slot);
	c->bstamp[b] = c->stamp2[slot];
	c->hint[cpwc_hint_slot(key2)] = cpwc_hint(slot, b);
}

/*
 * Stage @k, which missed, filled with PBA(L(k-1)) from the walk, its old
 * entry dropped with its subtree; false if the walk did not read it.
 */
static __always_inline bool cpwc_fill_stage(struct pwc_model *m,
					    const struct pwc_walk *w,
					    const u32 *set, unsigned int k)
{
	struct pwc_cpwc *c = m->priv;

	if (k - 1 < w->end)
		return false;
	cpwc_drop(c, k, set[k], &m->stats.evictions);
	c->st[k].tag[set[k]] = pwc_index(w->va, k);
	c->st[k].pba[set[k]] = w->base[k - 1];
	c->st[k].valid[set[k]] = 1;
	if (k == 3)
		c->path3[set[3]] = pwc_key(w->va, 3);
	m->stats.fills++;
	return true;
}

static void cpwc_fill(struct pwc_model *m, const struct pwc_walk *w,
		      const struct pwc_result *r, struct cpwc_probe *p)
{
	struct pwc_cpwc *c = m->priv;
	u32 *set = p->set;
	unsigned int top, from = r->start;
	s64 i, free = p->scanned ? p->free : -2;

	if (c->levels != w->levels) {
		cpwc_clear(m);
		cpwc_set_levels(c, w->levels);
	}
	if (!p->sets)
		cpwc_sets(c, w->va, set);
	if (r->stale) {
		/* The stage that supplied a wrong base is refilled. */
		free = -2;
		from = r->start + 1;
		if (from >= 3) {
			cpwc_drop(c, from, set[from], &m->stats.evictions);
		} else {
			i = cpwc_scan2(c, set[3], pwc_index(w->va, 2), &free);
			free = -2;
			if (i >= 0) {
				c->key2[i] = cpwc_owner2(set[3]);
				c->valid2[set[3]]--;
				m->stats.evictions++;
			}
		}
	}
	/* Stages k <= from missed, written out; set[3]'s blocks freed. */
	top = from < w->levels ? from : w->levels;
	if (top >= 3) {
		if ((top >= 5 && !cpwc_fill_stage(m, w, set, 5)) ||
		    (top >= 4 && !cpwc_fill_stage(m, w, set, 4)) ||
		    !cpwc_fill_stage(m, w, set, 3))
			return;
		free = -1;
	}
	if (from >= 2 && w->end == 1)
		cpwc_place2(m, set[3], pwc_key(w->va, 2), w->base[1], free);
}

/*
 * Lookup and fill the long way, the fill using what the lookup's scan
 * found: for a walk the hint did not hit, or (@hinted) after a hinted hit
 * that was stale.
 */
static noinline void cpwc_access_slow(struct pwc_model *m,
				      const struct pwc_walk *w,
				      struct pwc_result *r, bool hinted)
{
	struct pwc_cpwc *c = m->priv;
	struct cpwc_probe p = { .sets = false, .scanned = false };

	if (!hinted) {
		r->start = w->levels;
		if (c->levels == w->levels)
			cpwc_probe_stages(m, w, r, &p);
		pwc_shadow_check(w, r);
		if (r->start == 1 && !r->stale)
			return;		/* an L2 hit fills nothing */
	}
	cpwc_fill(m, w, r, &p);
}

/*
 * Lookup and fill.  A hinted hit that is not stale is the whole access
 * (an L2 hit fills nothing); anything else goes through
 * cpwc_access_slow(), out of line so that the hinted hit saves and
 * restores no registers for it.
 */
static __always_inline void cpwc_access(struct pwc_model *m,
					const struct pwc_walk *w,
					struct pwc_result *r)
{
	struct pwc_cpwc *c = m->priv;
	u32 i, b;

	if (c->levels == w->levels && cpwc_hinted(c, w, &i, &b)) {
		cpwc_hit(m, r, i, b);
		r->accesses = 1;	/* the start's entry, as checked */
		if (pwc_l2_hit_ok(w, r->pba))
			return;
		r->accesses = 0;
		pwc_shadow_check(w, r);
		cpwc_access_slow(m, w, r, true);
		return;
	}
	cpwc_access_slow(m, w, r, false);
}

static void cpwc_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		       struct pwc_result *r)
{
	pwc_batch_loop(m, w, n, r, cpwc_access, false);
}

/* The key (pwc_key) of the path held by stage k, set s. */
static u64 cpwc_path_key(const struct pwc_cpwc *c, unsigned int k, u32 s)
{
	u64 key = 0;
	unsigned int j;
	u32 sj = s;

	/* Walk up: the parent of set s at stage j is s / (e[j] / e[j+1]). */
	for (j = k; j <= c->levels; j++) {
		key |= (u64)c->st[j].tag[sj] << (9 * (j - k));
		if (j < c->levels)
			sj /= c->e[j] / c->e[j + 1];
	}
	return key;
}

/*
 * Every entry whose region overlaps [start, end) dropped, with its
 * subtree.  An L2 entry's region lies in its L3 entry's, so the L3
 * entries dropped take every overlapping L2 entry with their blocks.
 */
static void cpwc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	struct pwc_cpwc *c = m->priv;
	unsigned int k;
	u32 s;

	for (k = c->levels; k >= 3; k--)
		for (s = 0; s < c->e[k]; s++)
			if (c->st[k].valid[s] &&
			    pwc_key_overlaps(cpwc_path_key(c, k, s), k, start,
					     end))
				cpwc_drop(c, k, s, &m->stats.invalidations);
}

/* " mask=0b..." with block 0 leftmost, as the paper writes it. */
static void cpwc_dump_mask(struct pwc_cpwc *c, u32 s, struct pwc_out *o)
{
	const u64 *mask = cpwc_mask(c, s);
	char bits[65];
	u32 b, i;

	pwc_printf(o, " mask=0b");
	for (b = 0; b < c->blocks && !pwc_out_full(o); b += 64) {
		for (i = 0; i < 64 && b + i < c->blocks; i++)
			bits[i] = mask[b / 64] & (1ULL << i) ? '1' : '0';
		bits[i] = '\0';
		pwc_printf(o, "%s", bits);
	}
}

static void cpwc_dump(struct pwc_model *m, struct pwc_out *o)
{
	struct pwc_cpwc *c = m->priv;
	unsigned int k;
	u32 s, b, i;

	for (k = c->levels; k >= 3; k--) {
		pwc_printf(o, "  L%u PWC (%u entries, direct-mapped):\n", k,
			   c->e[k]);
		for (s = 0; s < c->e[k] && !pwc_out_full(o); s++) {
			if (!c->st[k].valid[s]) {
				pwc_printf(o, "    set %u: -\n", s);
				continue;
			}
			pwc_printf(o, "    set %u: L%u=%u PBA(L%u)=0x%llx", s, k,
				   c->st[k].tag[s], k - 1,
				   pwc_out_pa(o, c->st[k].pba[s]));
			if (k == 3)
				cpwc_dump_mask(c, s, o);
			pwc_printf(o, "\n");
		}
	}
	pwc_printf(o, "  L2 PWC (%u blocks x %u entries):\n", c->blocks,
		   c->ways);
	for (b = 0; b < c->blocks && !pwc_out_full(o); b++) {
		if (!cpwc_owned(c, b))
			continue;
		pwc_printf(o, "    block %u (L3 set %d):", b, c->owner[b]);
		for (i = 0; i < c->ways && !pwc_out_full(o); i++) {
			if (c->key2[b * c->ways + i] & CPWC_VALID2)
				pwc_printf(o, " [%u] L2=%u PBA(L1)=0x%llx", i,
					   (u32)(c->key2[b * c->ways + i] &
						 CPWC_TAG2),
					   pwc_out_pa(o,
						      c->pba2[b * c->ways + i]));
		}
		pwc_printf(o, "\n");
	}
}

/*
 * The upper stages and the L3 masks (invalidation), and the fill's scans
 * of every block and way.
 */
static u64 cpwc_cost(const struct pwc_model *m)
{
	const struct pwc_cpwc *c = m->priv;
	u64 n = 3ULL * c->blocks * c->ways + (u64)c->e[3] * c->words;
	unsigned int k;

	for (k = 3; k <= PWC_MAX_LEVELS; k++)
		n += c->e[k];
	return n;
}

static void cpwc_redundancy(struct pwc_model *m, u64 *parts, u64 *redundant)
{
	struct pwc_cpwc *c = m->priv;
	unsigned int k;
	u32 s, t, i, j;

	/* One part per entry; a part is redundant if another holds its path. */
	*parts = 0;
	*redundant = 0;
	for (k = 3; k <= c->levels; k++) {
		for (s = 0; s < c->e[k]; s++) {
			if (!c->st[k].valid[s])
				continue;
			(*parts)++;
			for (t = 0; t < s; t++)
				if (c->st[k].valid[t] &&
				    cpwc_path_key(c, k, t) ==
				    cpwc_path_key(c, k, s)) {
					(*redundant)++;
					break;
				}
		}
	}
	for (i = 0; i < c->blocks * c->ways; i++) {
		if (!cpwc_owned(c, i / c->ways) || !(c->key2[i] & CPWC_VALID2))
			continue;
		(*parts)++;
		for (j = 0; j < i; j++)
			if (cpwc_owned(c, j / c->ways) &&
			    c->key2[j] & CPWC_VALID2 &&
			    (c->key2[j] & CPWC_TAG2) ==
			    (c->key2[i] & CPWC_TAG2) &&
			    cpwc_path_key(c, 3, c->owner[j / c->ways]) ==
			    cpwc_path_key(c, 3, c->owner[i / c->ways])) {
				(*redundant)++;
				break;
			}
	}
}

static const struct pwc_param cpwc_params[] = {
	PWC_PARAM("l4", e[4]),
	PWC_PARAM("l3", e[3]),
	PWC_PARAM("blocks", blocks),
	PWC_PARAM("ways", ways),
	PWC_PARAM_L5(e[5]),
};

#define cpwc_err(...) \
	do { if (errlen) snprintf(err, errlen, __VA_ARGS__); } while (0)

static int cpwc_check(const struct pwc_config *c, char *err, size_t errlen)
{
	unsigned int k;

	for (k = 3; k <= 5; k++) {
		if (!is_power_of_2(c->e[k])) {
			cpwc_err("cpwc: l%u=%u is not a power of two", k,
				 c->e[k]);
			return -EINVAL;
		}
	}
	for (k = 3; k <= 4; k++) {
		if (c->e[k] < c->e[k + 1] || c->e[k] / c->e[k + 1] > 512) {
			cpwc_err("cpwc: l%u/l%u = %u/%u must be a power of two from 1 to 512",
				 k, k + 1, c->e[k], c->e[k + 1]);
			return -EINVAL;
		}
	}
	if ((u64)c->blocks * c->ways > PWC_MAX_ENTRIES) {
		cpwc_err("cpwc: blocks x ways = %llu is over the cap %u",
			 (u64)c->blocks * c->ways, PWC_MAX_ENTRIES);
		return -EINVAL;
	}
	if ((u64)c->blocks * c->e[3] > CPWC_MAX_MASK_BITS) {
		cpwc_err("cpwc: l3 x blocks = %llu mask bits is over the cap %llu",
			 (u64)c->blocks * c->e[3], CPWC_MAX_MASK_BITS);
		return -EINVAL;
	}
	return 0;
}

/*
 * 74 E4 + (74 + B) E3 + 74 B W (+ 74 E5): an entry of every stage is a
 * valid bit, a 9-bit tag and a base; an L3 entry also has a B-bit mask.
 */
static u64 cpwc_bits(const struct pwc_config *c, unsigned int levels)
{
	const u64 entry = PWC_VALID_BITS + PWC_TAG_BITS + PWC_BASE_BITS;
	u64 bits;

	bits = entry * c->e[4] + (entry + c->blocks) * c->e[3] +
	       entry * c->blocks * c->ways;
	if (levels == 5)
		bits += entry * c->e[5];
	return bits;
}

/* Budgets grow the L2 blocks; the upper stages keep their defaults. */
static void cpwc_size(struct pwc_config *cfg, u32 n)
{
	cfg->blocks = n;
}

const struct pwc_ops pwc_cpwc_ops = {
	.name = "cpwc",
	.defaults = { .e = { [5] = 1, [4] = 2, [3] = 4 }, .blocks = 62,
		      .ways = 1 },
	.params = cpwc_params,
	.nparams = ARRAY_SIZE(cpwc_params),
	.check = cpwc_check,
	.bits = cpwc_bits,
	.size = cpwc_size,
	.init = cpwc_init,
	.lookup = cpwc_lookup,
	.access = cpwc_access,
	.batch = cpwc_batch,
	.invalidate = cpwc_invalidate,
	.clear = cpwc_clear,
	.dump = cpwc_dump,
	.redundancy = cpwc_redundancy,
	.cost = cpwc_cost,
};
