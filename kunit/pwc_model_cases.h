/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_model_cases.h - the PWC model test cases, one source compiled twice:
 * into pwcsim.ko as KUnit suite pwc_model (kunit/pwc_model_kunit.c) and
 * into userspace/asan/model-test under ASan/UBSan
 * (userspace/tests/model-test.c).
 *
 * The includer provides struct pwc_test, PWC_EXPECT_EQ(t, a, b),
 * PWC_EXPECT_TRUE(t, cond), PWC_FAIL(t, msg), PWC_TEST_SCALE (how many
 * thousand addresses the property tests use), and for the case table at
 * the end, its element type PWC_CASE_TYPE and PWC_CASE(fn).
 */
#include "pwc.h"
#include "pwc_hset.h"
#include "pwc_lru.h"
#include "pwc_synth.h"
#include "pwc_tlb.h"

static struct pwc_model *pwc_case_model(struct pwc_test *t, const char *spec)
{
	struct pwc_config cfg;
	struct pwc_model *m;
	char err[128];

	if (pwc_parse_spec(spec, &cfg, err, sizeof(err))) {
		PWC_FAIL(t, "a test spec was rejected");
		return NULL;
	}
	m = pwc_create(&cfg);
	if (!m)
		PWC_FAIL(t, "pwc_create failed");
	return m;
}

/* One access on the synthetic table; returns the start level. */
static unsigned int pwc_case_access(struct pwc_model *m,
				    const struct pwc_synth *pt, u64 va,
				    struct pwc_result *r)
{
	struct pwc_walk w;

	pwc_synth_walk(pt, va, &w);
	if (pwc_access(m, &w, r))
		return 0;
	return r->start;
}

static bool pwc_case_dump_has(struct pwc_model *m, const char *needle)
{
	static char buf[8192];
	struct pwc_out o = { .buf = buf, .size = sizeof(buf) };

	pwc_dump(m, &o);
	return strstr(buf, needle);
}

/* The paper's section 2.4 example, checked state by state (Figure 2). */
static void paper_example(struct pwc_test *t)
{
	static const u64 va[3] = { 0x7F72B010F1F0ULL, 0x7F72BC30F1F0ULL,
				   0x7FF2FC30F1F0ULL };
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_result r;
	struct pwc_model *m;
	char s[128];

	m = pwc_case_model(t, "cpwc:l4=2,l3=4,blocks=4,ways=8");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, va[0], &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	snprintf(s, sizeof(s), "set 0: L4=254 PBA(L3)=0x%llx\n",
		 pwc_synth_base(4, va[0], 3));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, s));
	snprintf(s, sizeof(s), "set 0: L3=458 PBA(L2)=0x%llx mask=0b1000\n",
		 pwc_synth_base(4, va[0], 2));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, s));
	snprintf(s, sizeof(s), "block 0 (L3 set 0): [0] L2=384 PBA(L1)=0x%llx\n",
		 pwc_synth_base(4, va[0], 1));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, s));

	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, va[1], &r), 2);
	PWC_EXPECT_EQ(t, r.accesses, 2);
	snprintf(s, sizeof(s), "[0] L2=384 PBA(L1)=0x%llx [1] L2=481 PBA(L1)=0x%llx\n",
		 pwc_synth_base(4, va[0], 1), pwc_synth_base(4, va[1], 1));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, s));

	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, va[2], &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "set 1: L4=255 "));
	snprintf(s, sizeof(s), "set 3: L3=459 PBA(L2)=0x%llx mask=0b0100\n",
		 pwc_synth_base(4, va[2], 2));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, s));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "block 1 (L3 set 3): [0] L2=481 "));
	/* The first two are still held: both hit at the L2 stage now. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, va[0], &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, va[1], &r), 1);
	PWC_EXPECT_EQ(t, m->stats.lookups, 5);
	PWC_EXPECT_EQ(t, m->stats.accesses, 4 + 2 + 4 + 1 + 1);
	pwc_destroy(m);
}

/* Tables 5 and 6 from the formulas; 5,280 bits hold TPC 24, CPWC 62. */
static void storage_formulas(struct pwc_test *t)
{
	struct pwc_config c;
	unsigned int n;

	for (n = 1; n <= 300; n++) {
		pwc_parse_spec("tpc", &c, NULL, 0);
		c.entries = n;
		PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 220ULL * n);
		PWC_EXPECT_EQ(t, pwc_bits(&c, 5), 293ULL * n);
		pwc_parse_spec("cpwc", &c, NULL, 0);
		c.blocks = n;
		PWC_EXPECT_EQ(t, pwc_bits(&c, 4), (6ULL + n) * 74 + 4 * n);
		pwc_parse_spec("uptc", &c, NULL, 0);
		c.entries = n;
		PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 114ULL * n);
	}
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_TPC, 5280, 4, &c), 0);
	PWC_EXPECT_EQ(t, c.entries, 24);
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_CPWC, 5280, 4, &c), 0);
	PWC_EXPECT_EQ(t, c.blocks, 62);
	PWC_EXPECT_EQ(t, c.e[4], 2);
	PWC_EXPECT_EQ(t, c.e[3], 4);
	PWC_EXPECT_EQ(t, c.ways, 1);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 5280);
	/* The largest that fits: one more block would not. */
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_CPWC, 5279, 4, &c), 0);
	PWC_EXPECT_EQ(t, c.blocks, 61);
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_STC, 5280, 4, &c), 0);
	PWC_EXPECT_EQ(t, c.e[4], 5);
	PWC_EXPECT_EQ(t, c.e[3], 10);
	PWC_EXPECT_EQ(t, c.e[2], 40);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 5 * 74 + 10 * 83 + 40 * 92);
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_UPTC, 5280, 4, &c), 0);
	PWC_EXPECT_EQ(t, c.entries, 46);
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_TPC, 219, 4, &c),
		      -ENOSPC);
	PWC_EXPECT_EQ(t, pwc_size_for_budget(PWC_KIND_TPC, 1ULL << 32, 4, &c),
		      -ERANGE);
	pwc_parse_spec("ideal", &c, NULL, 0);
	PWC_EXPECT_TRUE(t, pwc_bits(&c, 4) == PWC_BITS_UNBOUNDED);
	pwc_parse_spec("none", &c, NULL, 0);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 0);
}

/* Same L4/L3, L2 indices a, b, c: longest prefix, MRU among equals, LRU. */
static void tpc_lru_and_prefix(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x7f0000000000ULL, b = a + (1 << 21), c = a + (2 << 21);
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "tpc:entries=2");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b, &r), 2);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, c, &r), 2);	/* evicts a */
	PWC_EXPECT_EQ(t, m->stats.evictions, 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 2);	/* evicts b */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, c, &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b, &r), 2);
	/* Another L3 under the same L4: only the L4 part matches. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1ULL << 30), &r), 3);
	PWC_EXPECT_EQ(t, r.accesses, 3);
	PWC_EXPECT_EQ(t, m->stats.fills, 6);
	PWC_EXPECT_EQ(t, m->stats.stale, 0);
	pwc_destroy(m);
}

static void tpc_huge_leaves(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4, .n2m = 1, .n1g = 1 };
	u64 h2 = 0x40000000ULL, h1 = 0x80000000ULL;
	struct pwc_result r;
	struct pwc_model *m;

	pt.huge2m[0] = (struct pwc_synth_range){ h2, h2 + (2 << 20) };
	pt.huge1g[0] = (struct pwc_synth_range){ h1, h1 + (1 << 30) };
	m = pwc_case_model(t, "tpc:entries=4");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, h2, &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 3);	/* L4, L3, the L2 leaf */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, h2 + 0x12345, &r), 2);
	PWC_EXPECT_EQ(t, r.accesses, 1);
	/* The partial entry is replaced in place, not duplicated. */
	PWC_EXPECT_EQ(t, m->stats.fills, 2);
	PWC_EXPECT_EQ(t, m->stats.evictions, 0);
	PWC_EXPECT_TRUE(t, !pwc_case_dump_has(m, "entry 1:"));
	pwc_destroy(m);

	/* A 1 GiB leaf: L4 and the L3 leaf, then the L3 leaf alone. */
	m = pwc_case_model(t, "tpc:entries=4");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, h1 + 0x234567, &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 2);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, h1 + 0x3000000, &r), 3);
	PWC_EXPECT_EQ(t, r.accesses, 1);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "entry 0: L4=0 PBA(L3)="));
	pwc_destroy(m);
}

/*
 * TPC's full-path hint (pwc_tpc.c) pointing at entry 0 after that entry
 * changed: it now holds another path, a partial path with the same tags,
 * a path of other paging levels, or nothing.  Each lookup must be the
 * scan's answer, not a full hit.
 */
static void tpc_stale_hints(struct pwc_test *t)
{
	/* static: three tables would overflow a kernel stack frame */
	static const struct pwc_synth p4 = { .levels = 4 },
		p5 = { .levels = 5 },
		huge = { .levels = 4, .n2m = 1,
			 .huge2m = { { 0x7f0000000000ULL,
				       0x7f0000000000ULL + (2 << 20) } } };
	u64 a = 0x7f0000000000ULL, b = a + (1 << 21);	/* L2 0 and 1 */
	struct pwc_result r;
	struct pwc_walk w;
	struct pwc_model *m;

	m = pwc_case_model(t, "tpc:entries=1");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 1);
	/* Entry 0 now holds b's path: a shares its L4 and L3 tags only. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, b, &r), 2);
	pwc_synth_walk(&p4, a, &w);
	pwc_lookup(m, &w, &r);		/* the lookup alone, no fill */
	PWC_EXPECT_EQ(t, r.start, 2);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 2);
	/* A's 2 MiB leaf: entry 0 holds a's L4 and L3 tags, depth 2. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &huge, a, &r), 1);
	PWC_EXPECT_EQ(t, r.stale, 1);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "entry 0: L4=254 L3=0 PBA"));
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 2);
	/* The same address at 5 levels: no entry of 5 levels. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p5, a, &r), 5);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 4);
	/* Invalidated: the entry's tags are still a's full path. */
	pwc_invalidate(m, a, a + 4096);
	PWC_EXPECT_EQ(t, m->stats.invalidations, 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 1);
	pwc_clear(m);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &p4, a, &r), 4);
	PWC_EXPECT_EQ(t, m->stats.stale, 1);
	pwc_destroy(m);
}

/* STC fills only the caches of the entries the walk read. */
static void stc_fills_what_it_read(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x100000000000ULL;		/* L4 32 */
	u64 d = 0x200000000000ULL;		/* L4 64 */
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "stc:l4=1,l3=2,l2=2");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	PWC_EXPECT_EQ(t, m->stats.fills, 3);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, d, &r), 4); /* L4 a gone */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 8, &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1 << 21), &r), 2);
	/* Neither walk read L4, so the L4 cache still lacks a's entry. */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1ULL << 30), &r), 4);
	PWC_EXPECT_EQ(t, m->stats.fills, 3 + 3 + 0 + 1 + 3);
	pwc_destroy(m);
}

/* UPTC: 1 access + one per upper entry missed; the leaf is not cached. */
static void uptc_sequential(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x7f0000000000ULL;
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "uptc:entries=3");
	if (!m)
		return;
	pwc_case_access(m, &pt, a, &r);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	PWC_EXPECT_EQ(t, m->stats.fills, 3);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 1);
	PWC_EXPECT_EQ(t, r.accesses, 1);
	/*
	 * Another L2 index: the PMD entry misses (start 2), and the fill
	 * evicts the least recently used entry.
	 */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1 << 21), &r), 2);
	PWC_EXPECT_EQ(t, r.accesses, 2);
	PWC_EXPECT_EQ(t, m->stats.evictions, 1);
	pwc_destroy(m);

	/*
	 * Each missed entry is filled before the next level is looked up.
	 * Two entries, a 4-level walk: after the first walk they hold the L3
	 * and L2 entries.  The second walk misses L4 and fills it at once,
	 * evicting L3 (least recent), so L3 misses and its fill evicts L2,
	 * which then misses too: 4 accesses.  Filling after all the lookups
	 * would have hit L3 and L2 (2 accesses).
	 */
	m = pwc_case_model(t, "uptc:entries=2");
	if (!m)
		return;
	pwc_case_access(m, &pt, a, &r);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	PWC_EXPECT_EQ(t, m->stats.fills, 6);
	PWC_EXPECT_EQ(t, m->stats.evictions, 4);
	pwc_destroy(m);
}

/*
 * The LRU kernel of STC, UPTC and the IOTLB (pwc_lru.h: hash index,
 * per-level hints, recency lists) against a plain stamped true-LRU table
 * scanned slot by slot, on random finds, touches, inserts, drops,
 * invalidations and clears: the same entry found, the same victim, the
 * same evictions and invalidations, the same slots valid with the same
 * keys, a touched or inserted entry the most recent.  Hints go stale as
 * their entries are touched, dropped, evicted and reused.
 */
#define LRU_REF_MAX 64

struct lru_ref {
	u64 key[LRU_REF_MAX], stamp[LRU_REF_MAX], clock;	/* stamp 0: free */
	u32 ways;
};

static int lru_ref_find(const struct lru_ref *f, u32 set, u64 key)
{
	u32 i;

	for (i = set * f->ways; i < (set + 1) * f->ways; i++)
		if (f->stamp[i] && f->key[i] == key)
			return i;
	return -1;
}

/* The slot filled: the set's first free one, else its oldest. */
static u32 lru_ref_insert(struct lru_ref *f, u32 set, u64 key, bool *evicted)
{
	u32 i, v = set * f->ways;

	for (i = v; i < (set + 1) * f->ways; i++) {
		if (!f->stamp[i]) {
			v = i;
			break;
		}
		if (f->stamp[i] < f->stamp[v])
			v = i;
	}
	*evicted = f->stamp[v];
	f->key[v] = key;
	f->stamp[v] = ++f->clock;
	return v;
}

/*
 * One random operation of lru_kernel_vs_reference() (@x: its random
 * bits) on the table and the reference: the mismatches it shows.
 */
static unsigned int lru_ref_step(struct pwc_lru *lru, struct lru_ref *f,
				 u32 x, unsigned int *hinted)
{
	unsigned int lvl = 1 + (x >> 4) % PWC_MAX_LEVELS, bad = 0;
	u64 key = (x >> 8) % (3 * lru->size + 2), lo, hi;
	u32 set = pwc_lru_set(lru, key), i;
	bool ev, rev;
	int a, b;

	if (x % 64 == 0) {
		pwc_lru_clear(lru);
		memset(f->stamp, 0, sizeof(f->stamp));
	} else if (x % 16 == 1) {
		/* drop the entry of the key, if held */
		a = lru_ref_find(f, set, key);
		if (a >= 0) {
			pwc_lru_drop(lru, a);
			f->stamp[a] = 0;
		}
	} else if (x % 16 == 2) {
		/* keys lo .. hi - 1, each a 4 KiB region */
		lo = key;
		hi = lo + (x >> 20) % 4 + 1;
		a = 0;
		for (i = 0; i < lru->size; i++) {
			if (f->stamp[i] && f->key[i] >= lo && f->key[i] < hi) {
				f->stamp[i] = 0;
				a++;
			}
		}
		bad += pwc_lru_invalidate(lru, lo << 12, hi << 12) != (u64)a;
	} else {
		if (lru->hint[lvl] < lru->size &&
		    lru->key[lru->hint[lvl]] == key)
			(*hinted)++;
		a = pwc_lru_find_at(lru, set, key, lvl);
		b = lru_ref_find(f, set, key);
		bad += a != b;
		if (b >= 0) {
			f->stamp[b] = ++f->clock;
			pwc_lru_touch(lru, b);
			return bad + !pwc_lru_front(lru, b);
		}
		ev = pwc_lru_insert(lru, set, key, 0, key, 1);
		i = lru_ref_insert(f, set, key, &rev);
		bad += ev != rev;
		bad += pwc_lru_find(lru, set, key) != (int)i;
		bad += !pwc_lru_front(lru, i);
	}
	for (i = 0; i < lru->size; i++)
		bad += pwc_lru_valid(lru, i) != !!f->stamp[i] ||
		       (f->stamp[i] && lru->key[i] != f->key[i]);
	return bad;
}

static void lru_kernel_vs_reference(struct pwc_test *t)
{
	static const u32 geo[][2] = { { 1, 0 }, { 2, 0 }, { 5, 0 }, { 9, 0 },
				      { 40, 0 }, { 64, 64 }, { 8, 1 },
				      { 6, 2 }, { 12, 4 }, { 48, 4 },
				      { 64, 8 } };
	unsigned int g, n, bad, hinted;
	static struct lru_ref f;	/* 1 KiB: off the kernel stack */
	struct pwc_lru lru;
	u64 seed = 99;

	for (g = 0; g < ARRAY_SIZE(geo); g++) {
		if (pwc_lru_init(&lru, geo[g][0], geo[g][1])) {
			PWC_FAIL(t, "pwc_lru_init failed");
			return;
		}
		memset(&f, 0, sizeof(f));
		f.ways = lru.ways;
		bad = 0;
		hinted = 0;
		for (n = 0; n < PWC_TEST_SCALE * 1000; n++) {
			seed = seed * 6364136223846793005ULL +
			       1442695040888963407ULL;
			bad += lru_ref_step(&lru, &f, seed >> 33, &hinted);
		}
		PWC_EXPECT_EQ(t, bad, 0);
		/* the hints were tried (and not only on what they still hold) */
		PWC_EXPECT_TRUE(t, hinted > 0);
		pwc_lru_free(&lru);
	}
}

/*
 * TPC (pwc_tpc.c: hint, the set's most recent entry proven by prefix
 * counters, recency lists, scan) against a plain TPC written from
 * pwc-models.md section 3 and models.rst, scanned slot by slot with
 * stamps: random walks of either paging level over few L5/L4/L3/L2
 * values (so that prefixes are shared at every depth), with 2 MiB and
 * 1 GiB leaves, faults, tables that move (stale hits), invalidations and
 * clears, fully associative and in sets.  Every access's start level,
 * base and staleness must agree, and the fills, evictions and
 * invalidations counted (pwc_case_vs_reference()).
 */
#define TPC_REF_MAX 64

/*
 * The first member of a reference of pwc_case_vs_reference(): its
 * geometry, and what it counts as a model's statistics do.
 */
struct pwc_case_ref_head {
	u32 n, ways;
	u64 fills, evictions, invalidations;
};

/*
 * The victim of the set of @h's ways from entry @set, by @stamp (0: a
 * free entry): its first free entry, else its least recent; counted as
 * an eviction if it was valid.
 */
static u32 pwc_case_ref_victim(struct pwc_case_ref_head *h, const u64 *stamp,
			       u32 set)
{
	u32 i, v = set;

	for (i = set; i < set + h->ways && stamp[v]; i++)
		if (!stamp[i] || stamp[i] < stamp[v])
			v = i;
	h->evictions += !!stamp[v];
	return v;
}

struct tpc_ref {
	struct pwc_case_ref_head h;
	u64 prefix[TPC_REF_MAX], stamp[TPC_REF_MAX], clock;	/* 0: invalid */
	u64 pba[TPC_REF_MAX][PWC_MAX_LEVELS + 1];
	u8 depth[TPC_REF_MAX], levels[TPC_REF_MAX];
};

/* How many top tags of @key (pwc_key(va, 2), @levels) entry @i matches. */
static unsigned int tpc_ref_match(const struct tpc_ref *f, u32 i, u64 key,
				  unsigned int levels)
{
	unsigned int d, m = 0, low;

	if (!f->stamp[i] || f->levels[i] != levels)
		return 0;
	for (d = 1; d <= f->depth[i]; d++) {
		low = 9 * (levels - 1 - d);
		if (key >> low != f->prefix[i] >> low)
			break;
		m = d;
	}
	return m;
}

static void tpc_ref_access(void *ref, const struct pwc_walk *w,
			   struct pwc_result *r)
{
	struct tpc_ref *f = ref;
	unsigned int levels = w->levels, m, best = 0, depth, k;
	u32 sets = f->h.n / f->h.ways, set = pwc_index(w->va, 2) % sets * f->h.ways;
	u64 key = pwc_key(w->va, 2), prefix;
	u32 i, win = 0, v;

	*r = (struct pwc_result){ .start = levels };
	for (i = set; i < set + f->h.ways; i++) {
		m = tpc_ref_match(f, i, key, levels);
		if (m > best || (m && m == best && f->stamp[i] > f->stamp[win])) {
			best = m;
			win = i;
		}
	}
	if (best) {
		f->stamp[win] = ++f->clock;
		r->start = levels - best;
		r->pba = f->pba[win][r->start];
	}
	pwc_shadow_check(w, r);
	if (r->start == 1 && !r->stale)
		return;
	depth = levels - w->end < levels - 1 ? levels - w->end : levels - 1;
	if (!depth)
		return;
	prefix = key >> (9 * (levels - 1 - depth)) << (9 * (levels - 1 - depth));
	v = set + f->h.ways;
	for (i = set; i < set + f->h.ways; i++)	/* the same path, as deep */
		if (f->stamp[i] && f->depth[i] == depth &&
		    f->levels[i] == levels && f->prefix[i] == prefix)
			v = i;
	if (v == set + f->h.ways)
		v = pwc_case_ref_victim(&f->h, f->stamp, set);
	f->h.fills++;
	f->prefix[v] = prefix;
	f->depth[v] = depth;
	f->levels[v] = levels;
	f->stamp[v] = ++f->clock;
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		f->pba[v][k] = k >= levels - depth && k < levels ?
			       w->base[k] : 0;
}

static void tpc_ref_invalidate(void *ref, u64 start, u64 end)
{
	struct tpc_ref *f = ref;
	unsigned int top;
	u32 i;

	for (i = 0; i < f->h.n; i++) {
		top = f->levels[i];
		if (f->stamp[i] &&
		    pwc_key_overlaps(f->prefix[i] >> (9 * (top - 2)), top,
				     start, end)) {
			f->stamp[i] = 0;
			f->h.invalidations++;
		}
	}
}

/*
 * A random walk from @x: indices from few values, its leaf or fault,
 * its bases a function of the path above each table and of @gen (a
 * bumped @gen moves every table).
 */
static void tpc_ref_walk(u64 x, u64 gen, struct pwc_walk *w)
{
	unsigned int k, levels = x % 16 ? 4 : 5;

	memset(w, 0, sizeof(*w));
	w->levels = levels;
	w->va = (x >> 4) % 2 << 48 | (x >> 5) % 2 << 39 | (x >> 6) % 3 << 30 |
		(x >> 8) % 6 << 21 | (x >> 11) % 512 << 12;
	switch ((x >> 20) % 8) {
	case 0:
		w->end = 2;			/* a 2 MiB leaf */
		break;
	case 1:
		w->end = 3;			/* a 1 GiB leaf */
		break;
	case 2:
		w->end = 1 + (x >> 23) % levels;	/* a fault */
		w->fault = 1;
		break;
	default:
		w->end = 1;
	}
	for (k = w->end; k <= levels; k++)
		w->base[k] = ((pwc_key(w->va, k + 1) * 0x9E3779B97F4A7C15ULL +
			       gen * 0xff51afd7ed558ccdULL + k) >> 24) << 12;
}

/*
 * UPTC against a plain stamped table scanned slot by slot, walked as
 * pwc_uptc.c's header says (from the root, each missed entry filled
 * before the next level, a cached entry where the walk ends dropped as
 * stale, a hit whose value moved stale and corrected), on the walks,
 * moving tables, invalidations and clears of pwc_case_vs_reference(): the
 * same results and counters.  Consecutive walks often share their path
 * above L2, with the tables under it moved or not: the kept upper path
 * (struct pwc_uptc) must see what the plain walk sees.
 */
#define UPTC_REF_MAX 64

struct uptc_ref {
	struct pwc_case_ref_head h;
	u64 key[UPTC_REF_MAX], val[UPTC_REF_MAX], cover[UPTC_REF_MAX];
	u64 stamp[UPTC_REF_MAX], clock;		/* stamp 0: free */
	u8 level[UPTC_REF_MAX];
};

static void uptc_ref_access(void *ref, const struct pwc_walk *w,
			    struct pwc_result *r)
{
	struct uptc_ref *f = ref;
	unsigned int k, levels = w->levels;
	u32 set, i, v;
	u64 key;

	*r = (struct pwc_result){ .start = w->end, .accesses = 1 };
	for (k = levels; k >= 2; k--) {
		key = w->base[k] + 8 * pwc_index(w->va, k);
		set = pwc_index(w->va, k) % (f->h.n / f->h.ways) * f->h.ways;
		v = set + f->h.ways;
		for (i = set; i < set + f->h.ways; i++)
			if (f->stamp[i] && f->key[i] == key)
				v = i;
		if (k <= w->end) {		/* the leaf or not present */
			if (v < set + f->h.ways) {
				r->stale = 1;
				f->stamp[v] = 0;
				f->h.evictions++;
			}
			break;
		}
		if (v < set + f->h.ways) {
			f->stamp[v] = ++f->clock;
			if (f->val[v] != w->base[k - 1]) {
				r->stale = 1;
				f->val[v] = w->base[k - 1];
			}
			continue;
		}
		if (r->start == w->end)
			r->start = k;
		r->accesses++;
		v = pwc_case_ref_victim(&f->h, f->stamp, set);
		f->h.fills++;
		f->key[v] = key;
		f->val[v] = w->base[k - 1];
		f->cover[v] = pwc_key(w->va, k);
		f->level[v] = k;
		f->stamp[v] = ++f->clock;
	}
	r->pba = w->base[r->start];
}

/* A reference of pwc_case_vs_reference(): its operations on @f. */
struct pwc_case_ref {
	const char *kind;
	size_t size;	/* of the reference, struct pwc_case_ref_head first */
	/* where its stamps are (0: a free entry) and their bytes: a clear */
	size_t stamp_at, stamp_bytes;
	void (*access)(void *f, const struct pwc_walk *w,
		       struct pwc_result *r);
	void (*invalidate)(void *f, u64 start, u64 end);
};

/*
 * @ref's kind of model and @ref on @f, in each geometry, on the same
 * PWC_TEST_SCALE * 1000 random operations from @seed: walks of
 * tpc_ref_walk() (every table moved now and then: stale hits), range
 * invalidations of 2 MiB to 4 GiB, and clears.  The same start, base,
 * staleness and accesses walk by walk, the same counts, and streams that
 * reached every case the counters decide.
 */
static void pwc_case_vs_reference(struct pwc_test *t,
				  const struct pwc_case_ref *ref, void *f,
				  u64 seed)
{
	static const u32 geo[][2] = { { 1, 0 }, { 2, 0 }, { 4, 0 },
				      { 5, 0 }, { 24, 0 }, { 46, 0 },
				      { 64, 0 }, { 24, 4 }, { 12, 3 },
				      { 8, 1 }, { 8, 4 }, { 64, 8 } };
	struct pwc_case_ref_head *c = f;
	struct pwc_result r, q;
	unsigned int g, n, bad;
	struct pwc_model *m;
	struct pwc_walk w;
	u64 x, gen = 0;
	char spec[48];
	u32 ways;

	for (g = 0; g < ARRAY_SIZE(geo); g++) {
		ways = geo[g][1] ? geo[g][1] : geo[g][0];
		snprintf(spec, sizeof(spec), "%s:entries=%u,ways=%u",
			 ref->kind, geo[g][0], ways);
		m = pwc_case_model(t, spec);
		if (!m)
			return;
		memset(f, 0, ref->size);
		c->n = geo[g][0];
		c->ways = ways;
		bad = 0;
		for (n = 0; n < PWC_TEST_SCALE * 1000; n++) {
			seed = seed * 6364136223846793005ULL +
			       1442695040888963407ULL;
			x = seed >> 17;
			if (x % 1024 == 0) {
				pwc_clear(m);
				memset((char *)f + ref->stamp_at, 0,
				       ref->stamp_bytes);
			} else if (x % 64 == 1) {
				tpc_ref_walk(x >> 10, gen, &w);
				x = w.va >> 21 << 21;	/* 2 MiB .. 4 GiB */
				w.va = x + (2ULL << (20 + (seed >> 60) % 12));
				pwc_invalidate(m, x, w.va);
				ref->invalidate(f, x, w.va);
			} else if (x % 256 == 2) {
				gen++;
			} else {
				tpc_ref_walk(x >> 10, gen, &w);
				if (pwc_access(m, &w, &r))
					bad++;
				ref->access(f, &w, &q);
				bad += r.start != q.start || r.pba != q.pba ||
				       r.stale != q.stale ||
				       r.accesses != q.accesses;
			}
		}
		PWC_EXPECT_EQ(t, bad, 0);
		PWC_EXPECT_EQ(t, m->stats.fills, c->fills);
		PWC_EXPECT_EQ(t, m->stats.evictions, c->evictions);
		PWC_EXPECT_EQ(t, m->stats.invalidations, c->invalidations);
		PWC_EXPECT_TRUE(t, m->stats.hits[2] && m->stats.hits[3] &&
				m->stats.stale && c->invalidations);
		/* a full path: more entries than UPTC's path needs */
		PWC_EXPECT_TRUE(t, m->stats.hits[1] || geo[g][0] < 4);
		pwc_destroy(m);
	}
}

/* TPC against tpc_ref (4 KiB: off the kernel stack). */
static void tpc_vs_reference(struct pwc_test *t)
{
	static const struct pwc_case_ref ref = {
		"tpc", sizeof(struct tpc_ref), offsetof(struct tpc_ref, stamp),
		TPC_REF_MAX * sizeof(u64), tpc_ref_access,
		tpc_ref_invalidate,
	};
	static struct tpc_ref f;

	pwc_case_vs_reference(t, &ref, &f, 7);
}

static void uptc_ref_invalidate(void *ref, u64 start, u64 end)
{
	struct uptc_ref *f = ref;
	u32 i;

	for (i = 0; i < f->h.n; i++)
		if (f->stamp[i] &&
		    pwc_key_overlaps(f->cover[i], f->level[i], start, end)) {
			f->stamp[i] = 0;
			f->h.invalidations++;
		}
}

/* UPTC against uptc_ref (off the kernel stack). */
static void uptc_vs_reference(struct pwc_test *t)
{
	static const struct pwc_case_ref ref = {
		"uptc", sizeof(struct uptc_ref),
		offsetof(struct uptc_ref, stamp),
		UPTC_REF_MAX * sizeof(u64), uptc_ref_access,
		uptc_ref_invalidate,
	};
	static struct uptc_ref f;

	pwc_case_vs_reference(t, &ref, &f, 11);
}

/* Does @m hold anything (storage: none, or a copy of it, does not)? */
static bool pwc_case_caches(const struct pwc_model *m)
{
	return pwc_bits(&m->cfg, 4) != 0;
}

/* pwc_access_nofill() counts a lookup and changes no entry: every model. */
static void access_nofill(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x7f0000000000ULL;
	struct pwc_result r;
	struct pwc_model *m;
	struct pwc_walk w;
	unsigned int i;

	for (i = 0; i < PWC_KIND_COUNT; i++) {
		m = pwc_case_model(t, pwc_kind_name(i));
		if (!m)
			return;
		pwc_synth_walk(&pt, a, &w);
		PWC_EXPECT_EQ(t, pwc_access_nofill(m, &w, &r), 0);
		PWC_EXPECT_EQ(t, r.start, 4);
		PWC_EXPECT_EQ(t, m->stats.lookups, 1);
		PWC_EXPECT_EQ(t, m->stats.fills, 0);
		/* still a miss: nothing was filled */
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
		if (pwc_case_caches(m))
			PWC_EXPECT_TRUE(t, m->stats.fills > 0);
		PWC_EXPECT_TRUE(t, pwc_cost(m) >= 1);
		pwc_destroy(m);
	}
}

/* A dump stops at the end of the last whole line that fits. */
static void dump_truncates_at_lines(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_out o = {};
	struct pwc_result r;
	struct pwc_model *m;
	char buf[300];
	unsigned int i;

	m = pwc_case_model(t, "tpc:entries=8");
	if (!m)
		return;
	for (i = 0; i < 8; i++)
		pwc_case_access(m, &pt, 0x7f0000000000ULL + i * (1ULL << 21),
				&r);
	pwc_dump(m, &o);		/* measure: the whole text */
	PWC_EXPECT_TRUE(t, o.len > sizeof(buf));
	PWC_EXPECT_TRUE(t, !o.full);
	memset(&o, 0, sizeof(o));
	o.buf = buf;
	o.size = sizeof(buf);
	pwc_dump(m, &o);
	PWC_EXPECT_TRUE(t, o.full);
	PWC_EXPECT_TRUE(t, o.len > 0 && o.len < sizeof(buf));
	PWC_EXPECT_EQ(t, o.len ? buf[o.len - 1] : 0, '\n');
	PWC_EXPECT_EQ(t, strlen(buf), o.len);
	/* the most recent entry first */
	PWC_EXPECT_TRUE(t, !strncmp(buf, "  entry 7: L4=254 L3=0 L2=", 26));
	/* physical addresses hidden on request */
	memset(&o, 0, sizeof(o));
	o.buf = buf;
	o.size = sizeof(buf);
	o.hide_phys = true;
	pwc_dump(m, &o);
	PWC_EXPECT_TRUE(t, strstr(buf, "PBA(L3)=0x0 PBA(L2)=0x0 PBA(L1)=0x0\n"));
	pwc_destroy(m);
}

/* The three placement rules and the release of another owner's block. */
static void cpwc_block_rules(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 p = 0x7f0000000000ULL;		/* L3 index 0: set 0 */
	u64 q = p + (1ULL << 30);		/* L3 index 1: set 1 */
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "cpwc:l4=1,l3=2,blocks=2,ways=1");
	if (!m)
		return;
	pwc_case_access(m, &pt, p, &r);			/* block 0 */
	pwc_case_access(m, &pt, p + (1 << 21), &r);	/* rule 2: block 1 */
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "mask=0b11\n"));
	pwc_case_access(m, &pt, p + (1 << 21), &r);	/* block 1 is MRU */
	PWC_EXPECT_EQ(t, r.start, 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, q, &r), 3);
	/* rule 3: the LRU block (0) is taken from set 0 */
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "block 0 (L3 set 1): [0] L2=0 "));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "mask=0b01\n"));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "mask=0b10\n"));
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, p, &r), 2);
	/* rule 3 again: now block 1 is LRU and owned by set 0 itself */
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "block 0 (L3 set 1)"));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "block 1 (L3 set 0): [0] L2=0 "));
	pwc_destroy(m);

	/* W = 2: rule 1 fills the owned block before claiming another. */
	m = pwc_case_model(t, "cpwc:l4=1,l3=2,blocks=2,ways=2");
	if (!m)
		return;
	pwc_case_access(m, &pt, p, &r);
	pwc_case_access(m, &pt, p + (1 << 21), &r);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "mask=0b10\n"));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "[0] L2=0 "));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "[1] L2=1 "));
	pwc_destroy(m);
}

/* Replacing an L4 entry drops its L3 group and their blocks. */
static void cpwc_tree_invariant(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x100000000000ULL, b = 0x200000000000ULL;
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "cpwc:l4=1,l3=1,blocks=4,ways=1");
	if (!m)
		return;
	pwc_case_access(m, &pt, a, &r);
	pwc_case_access(m, &pt, a + (1 << 21), &r);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b, &r), 4);
	/* a's L4, L3 and both L2 entries were displaced */
	PWC_EXPECT_EQ(t, m->stats.evictions, 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	/* the same L3 set under another L4 never hits */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b + (1 << 21), &r), 4);
	PWC_EXPECT_EQ(t, m->stats.stale, 0);
	pwc_destroy(m);
}

/*
 * CPWC's path hint (the L2 entry that last held a path) is checked on use:
 * an entry it names that now holds another L2 tag, or the same L2 tag for
 * another path of the same L3 set, is no hit.
 */
static void cpwc_hint_checked(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x7f0000000000ULL;		/* L3 index 0, L2 index 0 */
	u64 b = a + (1ULL << 30);		/* L3 index 1: the same set */
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "cpwc:l4=1,l3=1,blocks=1,ways=1");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 1);
	/* rule 3: L2 index 1 takes a's entry, which a's hint names */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1 << 21), &r), 2);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 2);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 1);
	/* b takes the L3 set and the block with the same L2 tag */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b, &r), 3);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "block 0 (L3 set 0): [0] L2=0 "));
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 3);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 1);
	PWC_EXPECT_EQ(t, m->stats.stale, 0);
	pwc_destroy(m);
}

/*
 * CPWC's counts against its contents: after every few random operations
 * (tpc_ref_walk()'s walks at the paging levels of the spec, every table
 * moved now and then: stale hits; range invalidations), the entries it
 * holds (pwc_redundancy()'s parts:
 * the upper stages' valid entries and the valid L2 entries of owned
 * blocks) are its fills less its evictions and invalidations.  An L3
 * entry dropped frees its blocks without a look at them (struct
 * pwc_cpwc) and counts its L2 entries from a tally kept by every place,
 * eviction and invalidation of one; a tally wrong by one shows here.
 */
static void cpwc_counts_entries(struct pwc_test *t)
{
	static const char *const spec[] = {
		"cpwc:l4=2,l3=4,blocks=62,ways=1",
		"cpwc:l4=1,l3=2,blocks=5,ways=3",
		"cpwc:l4=4,l3=16,blocks=8,ways=4",
		"cpwc:l4=1,l3=1,blocks=2,ways=2",	/* rule 3, own */
		"cpwc:l4=2,l3=4,blocks=3,ways=1",	/* rule 3, another's */
		"cpwc:l4=2,l3=8,blocks=16,ways=2,l5=2",
	};
	unsigned int g, n, bad;
	u64 seed = 0xc0de, x, y, gen = 0, parts, redundant;
	struct pwc_result r;
	struct pwc_model *m;
	struct pwc_walk w;

	for (g = 0; g < ARRAY_SIZE(spec); g++) {
		m = pwc_case_model(t, spec[g]);
		if (!m)
			return;
		bad = 0;
		for (n = 0; n < PWC_TEST_SCALE * 1000; n++) {
			seed = seed * 6364136223846793005ULL +
			       1442695040888963407ULL;
			x = seed >> 17;
			/* its paging levels: a change of them clears */
			y = (x >> 10 & ~15ULL) | (g == 5 ? 0 : 1);
			if (x % 64 == 1) {
				tpc_ref_walk(y, gen, &w);
				x = w.va >> 21 << 21;	/* 2 MiB .. 4 GiB */
				pwc_invalidate(m, x, x + (2ULL << (20 +
							 (seed >> 60) % 12)));
			} else if (x % 128 == 2) {
				gen++;
			} else {
				tpc_ref_walk(y, gen, &w);
				bad += pwc_access(m, &w, &r) != 0;
			}
			if (n % 8)
				continue;
			pwc_redundancy(m, &parts, &redundant);
			bad += parts != m->stats.fills - m->stats.evictions -
					m->stats.invalidations;
		}
		PWC_EXPECT_EQ(t, bad, 0);
		PWC_EXPECT_TRUE(t, m->stats.evictions && m->stats.stale &&
				m->stats.invalidations && m->stats.hits[1]);
		pwc_destroy(m);
	}
}

static void bounds_none_ideal(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_model *none, *ideal;
	struct pwc_result r;
	unsigned int i, pass;
	u64 va, acc_first = 0;

	none = pwc_case_model(t, "none");
	ideal = pwc_case_model(t, "ideal");
	if (!none || !ideal)
		goto out;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < 3000; i++) {
			va = 0x7f0000000000ULL + (u64)(i * 7919 % 3000) * 4096 *
			     37;
			pwc_case_access(none, &pt, va, &r);
			PWC_EXPECT_EQ(t, r.start, 4);
			PWC_EXPECT_EQ(t, r.accesses, 4);
			pwc_case_access(ideal, &pt, va, &r);
			if (pass)
				PWC_EXPECT_EQ(t, r.start, 1);
		}
		if (!pass)
			acc_first = ideal->stats.accesses;
	}
	/* The second pass only cost the leaf read of each walk. */
	PWC_EXPECT_EQ(t, ideal->stats.accesses, acc_first + 3000);
	PWC_EXPECT_EQ(t, none->stats.accesses, 4 * 6000);
out:
	pwc_destroy(none);
	pwc_destroy(ideal);
}

/*
 * ideal past its cap (pwc_ideal.c): 65,536 + 100 2 MiB regions, 129 1 GiB
 * ones: the first 65,536 L2 keys kept, the 100 after not, each counted
 * as an eviction (the tools' sign that an unbounded model met its cap),
 * and a region not kept found again only at L3; the dump says the L2
 * map is full.
 */
static void ideal_cap(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_model *m = pwc_case_model(t, "ideal");
	struct pwc_result r;
	u64 i, base = 0x100000000000ULL;

	if (!m)
		return;
	for (i = 0; i < PWC_IDEAL_MAX_KEYS + 100; i++)
		pwc_case_access(m, &pt, base + (i << 21), &r);
	PWC_EXPECT_EQ(t, m->stats.evictions, 100);
	PWC_EXPECT_EQ(t, m->stats.fills, PWC_IDEAL_MAX_KEYS + 129 + 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, base, &r), 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, base + ((i - 1) << 21), &r),
		      2);
	PWC_EXPECT_EQ(t, m->stats.evictions, 101);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "keys to L2: 65536 (full"));
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "keys to L3: 129\n"));
	pwc_destroy(m);
}

/*
 * ideal's map (pwc_hset.h): a key added once, a second add of it refused
 * with its value kept, and 1,000 more through its growths (64 slots to
 * 2,048), each found with its value; then the keys of one 1 GiB region
 * dropped at level 2, the rest kept.
 */
static void hset_add_grow_drop(struct pwc_test *t)
{
	struct pwc_hset h = { 0 };
	unsigned int i, bad = 0;
	s64 at;

	PWC_EXPECT_EQ(t, pwc_hset_find(&h, 5), -1);
	PWC_EXPECT_EQ(t, pwc_hset_add(&h, 5, 50), 1);
	PWC_EXPECT_EQ(t, pwc_hset_add(&h, 5, 51), 0);
	PWC_EXPECT_EQ(t, h.used, 1);
	at = pwc_hset_find(&h, 5);
	PWC_EXPECT_TRUE(t, at >= 0 && h.val[at] == 50);
	for (i = 0; i < 1000; i++)
		bad += pwc_hset_add(&h, 1000 + 7 * i, i) != 1;
	for (i = 0; i < 1000; i++)
		bad += pwc_hset_add(&h, 1000 + 7 * i, 0) != 0;
	for (i = 0; i < 1000; i++) {
		at = pwc_hset_find(&h, 1000 + 7 * i);
		bad += at < 0 || h.val[at] != i;
	}
	PWC_EXPECT_EQ(t, bad, 0);
	PWC_EXPECT_EQ(t, h.used, 1001);
	PWC_EXPECT_EQ(t, h.cap, 2048);
	PWC_EXPECT_EQ(t, pwc_hset_find(&h, 1001), -1);
	/* level-2 keys 1000 .. 7993; [1024, 1536) is one 1 GiB region */
	PWC_EXPECT_EQ(t, pwc_hset_drop_overlapping(&h, 2, 1024ULL << 21,
						   1536ULL << 21), 73);
	PWC_EXPECT_EQ(t, h.used, 1001 - 73);
	PWC_EXPECT_EQ(t, pwc_hset_find(&h, 1028), -1);
	PWC_EXPECT_TRUE(t, pwc_hset_find(&h, 1021) >= 0);
	PWC_EXPECT_TRUE(t, pwc_hset_find(&h, 1539) >= 0);
	pwc_hset_free(&h);
}

static void five_level(struct pwc_test *t)
{
	static const char *const specs[] = {
		"tpc:entries=8", "cpwc:l4=2,l3=4,blocks=8,ways=1,l5=2",
		"stc:l4=2,l3=2,l2=4", "uptc:entries=8", "ideal",
	};
	struct pwc_synth pt = { .levels = 5 };
	u64 a = 0x7f0000000000ULL, hi = (1ULL << 48) | a;
	struct pwc_result r;
	struct pwc_model *m;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(specs); i++) {
		m = pwc_case_model(t, specs[i]);
		if (!m)
			return;
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 5);
		PWC_EXPECT_EQ(t, r.accesses, 5);
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 1);
		PWC_EXPECT_EQ(t, r.accesses, 1);
		/* another L5 index: nothing below the root is shared */
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, hi, &r), 5);
		PWC_EXPECT_EQ(t, r.accesses, 5);
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + (1 << 21), &r),
			      2);
		PWC_EXPECT_EQ(t, m->stats.stale, 0);
		pwc_destroy(m);
	}
}

static u64 pwc_case_rand(u64 *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* A GPU-like random stream: a few L4/L3 regions, many L2 indices. */
static u64 pwc_case_va(u64 *seed, unsigned int levels)
{
	u64 x = pwc_case_rand(seed);
	u64 va = (0xfeULL + (x & 1)) << 39;	/* L4 indices 254, 255 */

	va += ((x >> 1) & 3) << 30;		/* four L3 indices */
	va += ((x >> 3) % 300) << 21;		/* 300 L2 indices */
	va += ((x >> 12) & 511) << 12;
	if (levels == 5 && (x >> 40) % 8 == 0)
		va |= 1ULL << 48;
	return va;
}

/*
 * UPTC on a table used at two levels (L2 walks through the L3 table): a
 * walk's L2 entry is then, for some addresses, the L3 entry of the path
 * the walk before kept (struct pwc_uptc), which a walk that takes that
 * path must find in the list like any other, stale and corrected; against
 * the reference, walk by walk, with other regions between.
 */
static void uptc_shared_table(struct pwc_test *t)
{
	static struct uptc_ref f;
	static const u32 size[] = { 5, 8, 46 };
	struct pwc_result r, q;
	struct pwc_walk w = { .levels = 4, .end = 1 };
	unsigned int g, n, bad;
	struct pwc_model *m;
	u64 seed = 0x5eed, x;
	char spec[32];

	for (g = 0; g < ARRAY_SIZE(size); g++) {
		snprintf(spec, sizeof(spec), "uptc:entries=%u", size[g]);
		m = pwc_case_model(t, spec);
		if (!m)
			return;
		memset(&f, 0, sizeof(f));
		f.h.n = size[g];
		f.h.ways = size[g];
		bad = 0;
		for (n = 0; n < PWC_TEST_SCALE * 100; n++) {
			x = pwc_case_rand(&seed);
			/* L4 index 3, L3 index 5 (else 6), L2 index 4 .. 11 */
			w.va = 3ULL << 39 | (5ULL + (x % 8 == 0)) << 30 |
			       (4 + x / 8 % 8) << 21;
			w.base[4] = 0x10000;
			w.base[3] = 0x20000;
			w.base[2] = 0x20000;	/* the L3 table again */
			w.base[1] = 0x30000 + (x / 8 % 8 << 12);
			pwc_access(m, &w, &r);
			uptc_ref_access(&f, &w, &q);
			bad += r.start != q.start || r.pba != q.pba ||
			       r.stale != q.stale || r.accesses != q.accesses;
		}
		PWC_EXPECT_EQ(t, bad, 0);
		PWC_EXPECT_EQ(t, m->stats.fills, f.h.fills);
		PWC_EXPECT_EQ(t, m->stats.evictions, f.h.evictions);
		PWC_EXPECT_TRUE(t, m->stats.stale > 0);
		pwc_destroy(m);
	}
}

static const char *const pwc_case_specs[] = {
	"tpc:entries=24", "tpc:entries=3", "cpwc:l4=2,l3=4,blocks=62,ways=1",
	"cpwc:l4=1,l3=2,blocks=5,ways=3", "cpwc:l4=4,l3=16,blocks=8,ways=4",
	"cpwc:l4=2,l3=8,blocks=16,ways=2,l5=2", "stc:l4=2,l3=4,l2=16",
	"uptc:entries=40", "ideal", "none",
};

/* The tree invariant as a property: every hit is the request's own base. */
static void no_false_hits(struct pwc_test *t)
{
	struct pwc_synth pt = { .n2m = 1 };
	unsigned int i, levels, n, bad;
	u64 seed, va, hits;
	struct pwc_result r;
	struct pwc_model *m;
	struct pwc_walk w;

	/* 2 MiB leaves in part of the space mix in shorter walks */
	pt.huge2m[0] = (struct pwc_synth_range){ 0x7f0000000000ULL,
						 0x7f0000000000ULL + (64 << 21) };
	for (levels = 4; levels <= 5; levels++) {
		pt.levels = levels;
		for (i = 0; i < ARRAY_SIZE(pwc_case_specs); i++) {
			m = pwc_case_model(t, pwc_case_specs[i]);
			if (!m)
				return;
			seed = 0x9e3779b97f4a7c15ULL + i;
			bad = 0;
			hits = 0;
			for (n = 0; n < PWC_TEST_SCALE * 1000; n++) {
				va = pwc_case_va(&seed, levels);
				pwc_synth_walk(&pt, va, &w);
				pwc_access(m, &w, &r);
				if (r.start < levels) {
					hits++;
					if (r.pba != w.base[r.start] ||
					    r.start < w.end)
						bad++;
				}
				if (r.stale)
					bad++;
			}
			PWC_EXPECT_EQ(t, bad, 0);
			PWC_EXPECT_EQ(t, m->stats.stale, 0);
			/* every model that caches must have hit something */
			if (pwc_case_caches(m))
				PWC_EXPECT_TRUE(t, hits > 0);
			PWC_EXPECT_EQ(t, m->stats.lookups, PWC_TEST_SCALE * 1000);
			pwc_destroy(m);
		}
	}
}

/* After invalidating a range, no address in it hits; others still may. */
static void invalidate_ranges(struct pwc_test *t)
{
	static const u64 sizes[] = { 1ULL << 12, 1ULL << 21, 1ULL << 30,
				     1ULL << 39 };
	struct pwc_synth pt = { .levels = 4 };
	u64 seed, va, start, probe[4], other = 0x100000000000ULL;
	unsigned int i, s, n, p, survived = 0;
	struct pwc_result r;
	struct pwc_model *m;
	struct pwc_walk w;
	bool other_cached;

	for (i = 0; i < ARRAY_SIZE(pwc_case_specs); i++) {
		for (s = 0; s <= ARRAY_SIZE(sizes); s++) {
			m = pwc_case_model(t, pwc_case_specs[i]);
			if (!m)
				return;
			seed = 12345 + s;
			for (n = 0; n < 2000; n++)
				pwc_case_access(m, &pt, pwc_case_va(&seed, 4),
						&r);
			pwc_case_access(m, &pt, other, &r);
			va = pwc_case_va(&seed, 4);
			pwc_case_access(m, &pt, va, &r);
			/* is another top-level region cached before? */
			pwc_synth_walk(&pt, other, &w);
			pwc_lookup(m, &w, &r);
			other_cached = r.start < 4;
			if (s < ARRAY_SIZE(sizes)) {
				start = va & ~(sizes[s] - 1);
				pwc_invalidate(m, start, start + sizes[s]);
			} else {
				start = 0;
				pwc_invalidate(m, 0, 1ULL << 57);
			}
			if (pwc_case_caches(m))
				PWC_EXPECT_TRUE(t, m->stats.invalidations > 0);
			probe[0] = start;
			probe[1] = va;
			probe[2] = s < ARRAY_SIZE(sizes) ?
				   start + sizes[s] - 1 : other;
			probe[3] = s < ARRAY_SIZE(sizes) ?
				   start + sizes[s] / 2 : 0x7f0000000000ULL;
			for (p = 0; p < 4; p++) {
				pwc_synth_walk(&pt, probe[p], &w);
				pwc_lookup(m, &w, &r);
				PWC_EXPECT_EQ(t, r.start, 4);
			}
			/* another top-level region, if it was cached, is */
			if (s < ARRAY_SIZE(sizes) && other_cached) {
				pwc_synth_walk(&pt, other, &w);
				pwc_lookup(m, &w, &r);
				PWC_EXPECT_TRUE(t, r.start < 4);
				survived++;
			}
			pwc_destroy(m);
		}
	}
	/* the check above must have run for most models */
	PWC_EXPECT_TRUE(t, survived >= 20);
}

/* Tables that changed under a cache: counted as stale, then corrected. */
static void stale_hits_corrected(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 va = 0x7f0000000000ULL;
	struct pwc_result r;
	struct pwc_model *m;
	struct pwc_walk w;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(pwc_case_specs); i++) {
		m = pwc_case_model(t, pwc_case_specs[i]);
		if (!m)
			return;
		pwc_case_access(m, &pt, va, &r);
		pwc_case_access(m, &pt, va + 4096, &r);
		/* the L1 table was replaced (a remap without invalidation) */
		pwc_synth_walk(&pt, va, &w);
		w.base[1] += 0x1000;
		pwc_access(m, &w, &r);
		if (!pwc_case_caches(m)) {
			PWC_EXPECT_EQ(t, m->stats.stale, 0);
		} else if (m->cfg.kind == PWC_KIND_UPTC) {
			/* UPTC caches the PMD entry that points to it */
			PWC_EXPECT_EQ(t, m->stats.stale, 1);
		} else {
			PWC_EXPECT_EQ(t, r.start, 1);
			PWC_EXPECT_EQ(t, m->stats.stale, 1);
		}
		/* corrected by the fill: the next lookup is a clean hit */
		pwc_access(m, &w, &r);
		PWC_EXPECT_EQ(t, r.stale, 0);
		if (pwc_case_caches(m))
			PWC_EXPECT_EQ(t, r.start, 1);
		pwc_destroy(m);
	}
}

static void rejected_specs(struct pwc_test *t)
{
	static const char *const bad[][2] = {
		{ "", "unknown model" },
		{ "foo", "unknown model" },
		{ "tpc:entries=0", "must not be zero" },
		{ "tpc:entries=", "needs a decimal value" },
		{ "tpc:entries", "needs a decimal value" },
		{ "tpc:entries=24x", "unexpected" },
		{ "tpc:entries=0x10", "unexpected 'x10'" },	/* not a zero */
		{ "tpc:entries=24,", "unexpected" },
		{ "tpc:entries=-1", "needs a decimal value" },
		{ "tpc:entries=65537", "over the cap" },
		{ "tpc:entries=99999999999999999999", "over the cap" },
		{ "tpc:size=3", "unknown parameter" },
		{ "tpc:entries=1,entries=2", "given twice" },
		{ "none:x=1", "takes no parameters" },
		{ "ideal:", "takes no parameters" },
		{ "cpwc:l4=3", "not a power of two" },
		{ "cpwc:l4=4,l3=2", "l3/l4" },
		{ "cpwc:l4=1024,l3=1024", "l4/l5" },
		{ "cpwc:blocks=65536,ways=2", "over the cap" },
		{ "cpwc:l5=4,l4=2", "l4/l5" },
		{ "stc:l4=0", "must not be zero" },
		{ "TPC", "unknown model" },
		{ "tpc:ways=0", "must not be zero" },
		{ "tpc:ways=65537", "over the cap" },
		{ "tpc:entries=24,ways=5", "entries=24 is not a multiple of ways=5" },
		{ "tpc:entries=24,ways=25", "ways=25 is more than entries=24" },
		{ "uptc:ways=4", "entries=46 is not a multiple of ways=4" },
		{ "stc:l4=3,l3=4,l2=16,ways=2", "l4=3 is not a multiple of ways=2" },
		{ "stc:ways=3", "l4=5 is not a multiple of ways=3" },
		{ "none:ways=1", "takes no parameters" },
	};
	static const char *const good[][2] = {
		{ "tpc", "tpc:entries=24" },
		{ "cpwc", "cpwc:l4=2,l3=4,blocks=62,ways=1" },
		{ "cpwc:ways=2,blocks=8,l3=8,l4=4,l5=2",
		  "cpwc:l4=4,l3=8,blocks=8,ways=2,l5=2" },
		{ "stc:l2=32,l3=8,l4=4", "stc:l4=4,l3=8,l2=32" },
		{ "uptc:entries=40", "uptc:entries=40" },
		{ "tpc:ways=1", "tpc:entries=24,ways=1" },
		{ "tpc:ways=24", "tpc:entries=24,ways=24" },
		{ "tpc:ways=8,entries=64", "tpc:entries=64,ways=8" },
		{ "stc:ways=5", "stc:l4=5,l3=10,l2=40,ways=5" },
		{ "stc:l4=1,l3=2,l2=4,ways=2", "stc:l4=1,l3=2,l2=4,ways=2" },
		{ "uptc:ways=2", "uptc:entries=46,ways=2" },
		{ "none", "none" },
		{ "ideal", "ideal" },
	};
	struct pwc_config c;
	char err[160], buf[PWC_SPEC_LEN];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(bad); i++) {
		PWC_EXPECT_EQ(t, pwc_parse_spec(bad[i][0], &c, err,
						sizeof(err)), -EINVAL);
		PWC_EXPECT_TRUE(t, strstr(err, bad[i][1]));
	}
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		PWC_EXPECT_EQ(t, pwc_parse_spec(good[i][0], &c, err,
						sizeof(err)), 0);
		pwc_format_spec(&c, buf, sizeof(buf));
		PWC_EXPECT_TRUE(t, !strcmp(buf, good[i][1]));
	}
}

/* Both models' dumps, whole, are the same text. */
static bool pwc_case_same_dump(struct pwc_model *a, struct pwc_model *b)
{
	const size_t size = 32768;
	struct pwc_out oa = { .size = size }, ob = { .size = size };
	bool same = false;

	oa.buf = pwc_zalloc(size);
	ob.buf = pwc_zalloc(size);
	if (oa.buf && ob.buf) {
		pwc_dump(a, &oa);
		pwc_dump(b, &ob);
		same = !oa.full && !ob.full && !strcmp(oa.buf, ob.buf);
	}
	pwc_free(oa.buf);
	pwc_free(ob.buf);
	return same;
}

#define PWC_CASE_BATCH 64

/*
 * A batch case's addresses, walks (one an address, and merged) and
 * results, off the stack.
 */
struct batch_case_bufs {
	u64 va[PWC_CASE_BATCH];
	struct pwc_walk w[PWC_CASE_BATCH];
	struct pwc_walk mw[PWC_CASE_BATCH];
	struct pwc_result rb[PWC_CASE_BATCH];
};

/* The instances of one spec that a batch case compares. */
struct batch_models {
	struct pwc_model *walk;		/* pwc_access() of each walk */
	struct pwc_model *batch;	/* pwc_access_batch() */
	struct pwc_model *stats;	/* the same without results (NULL) */
};

/*
 * The @nm walks @mw, standing for the @n addresses of the walks @w (one
 * each), through pwc_access_batch() on @p->batch, with results in @rb,
 * and on @p->stats, with none, then @w through pwc_access() one by one
 * on @p->walk: how many results differ (a refused batch, or walks that
 * stand for other than @n addresses, counts one).
 */
static unsigned int batch_vs_walks(struct batch_models *p,
				   const struct pwc_walk *w, u32 n,
				   const struct pwc_walk *mw, u32 nm,
				   struct pwc_result *rb)
{
	struct pwc_result ra;
	unsigned int j, bad = 0;

	if (pwc_walks_addresses(mw, nm) != n)
		bad++;
	if (pwc_access_batch(p->batch, mw, nm, rb, 0))
		bad++;
	if (pwc_access_batch(p->stats, mw, nm, NULL, 0))
		bad++;
	for (j = 0; j < n; j++) {
		pwc_access(p->walk, &w[j], &ra);
		if (ra.start != rb[j].start || ra.accesses != rb[j].accesses ||
		    ra.stale != rb[j].stale || ra.pba != rb[j].pba)
			bad++;
	}
	return bad;
}

/* The instances of @spec in @p (NULL where not made); all made? */
static bool batch_models_make(struct pwc_test *t, const char *spec,
			      struct batch_models *p)
{
	p->walk = pwc_case_model(t, spec);
	p->batch = pwc_case_model(t, spec);
	p->stats = pwc_case_model(t, spec);
	return p->walk && p->batch && p->stats;
}

static void batch_models_free(struct batch_models *p)
{
	pwc_destroy(p->walk);
	pwc_destroy(p->batch);
	pwc_destroy(p->stats);
}

/*
 * No result differed (@bad), nor the statistics, nor the dumps, nor the
 * recency clocks (with the walks merged, the batch's may be behind:
 * a repeat it counted without a lookup ticks nothing); and the batch
 * without results left its model exactly as the one with them.
 */
static void batch_expect_same(struct pwc_test *t, struct batch_models *p,
			      unsigned int bad, bool marked)
{
	struct pwc_model *a = p->walk, *b = p->batch, *c = p->stats;

	PWC_EXPECT_EQ(t, bad, 0);
	PWC_EXPECT_TRUE(t, !memcmp(&a->stats, &b->stats, sizeof(a->stats)));
	PWC_EXPECT_TRUE(t, pwc_case_same_dump(a, b));
	if (marked)
		PWC_EXPECT_TRUE(t, a->clock >= b->clock);
	else
		PWC_EXPECT_EQ(t, a->clock, b->clock);
	PWC_EXPECT_TRUE(t, !memcmp(&b->stats, &c->stats, sizeof(b->stats)));
	PWC_EXPECT_TRUE(t, pwc_case_same_dump(b, c));
	PWC_EXPECT_EQ(t, b->clock, c->clock);
}

/*
 * Are the @nm walks @mw the @n walks @w (one an address) merged
 * (@merge: as pwc_walks_merge() merges a copy), or those walks as they
 * are?  1 if not, else 0.
 */
static unsigned int batch_same_merge(const struct pwc_walk *w, u32 n,
				     const struct pwc_walk *mw, u32 nm,
				     bool merge)
{
	struct pwc_walk *c = pwc_zalloc(n * sizeof(*c));
	unsigned int i, bad = 0;

	if (!c)
		return 1;
	memcpy(c, w, n * sizeof(*c));
	if (merge && pwc_walks_merge(c, n) != nm)
		bad = 1;
	for (i = 0; !bad && i < nm; i++)
		bad = i >= n || c[i].va != mw[i].va ||
		      c[i].repeats != mw[i].repeats ||
		      !pwc_walk_repeats(&c[i], &mw[i]);
	pwc_free(c);
	return bad;
}

/*
 * One model of batch_exact(): pwc_access() and pwc_access_batch() on
 * instances of @spec, compared, over a stream where three walks in four
 * stay in the 2 MiB region of the one before, the batch's walks merged
 * (@marked: pwc_synth_walks()'s merge, which must be pwc_walks_merge()'s)
 * or one an address, in @b.  The recency ticks the batch saved (0
 * unless @marked).
 */
static u64 batch_case_one(struct pwc_test *t, const char *spec,
			  unsigned int levels, struct batch_case_bufs *b,
			  bool marked)
{
	u64 *va = b->va;
	struct pwc_walk *w = b->w, *mw = b->mw;
	struct pwc_synth pt = { .levels = levels };
	struct batch_models p;
	unsigned int j, n, nm, bad = 0;
	u64 seed = 0x51ed270b27e1f3a5ULL + levels, saved = 0, reads;

	if (!batch_models_make(t, spec, &p))
		goto out;
	for (n = 0; n < PWC_TEST_SCALE * 1000; n += PWC_CASE_BATCH) {
		for (j = 0; j < PWC_CASE_BATCH; j++) {
			if (pwc_case_rand(&seed) % 4 == 0 || (!n && !j))
				va[j] = pwc_case_va(&seed, levels);
			else
				va[j] = (va[(j ? j : PWC_CASE_BATCH) - 1] &
					 ~((1ULL << 21) - 1)) |
					(pwc_case_rand(&seed) &
					 ((1ULL << 21) - 1));
		}
		pwc_synth_walks(&pt, va, PWC_CASE_BATCH, false, w, &reads);
		nm = pwc_synth_walks(&pt, va, PWC_CASE_BATCH, marked, mw,
				     &reads);
		bad += batch_same_merge(w, PWC_CASE_BATCH, mw, nm, marked);
		bad += batch_vs_walks(&p, w, PWC_CASE_BATCH, mw, nm, b->rb);
	}
	batch_expect_same(t, &p, bad, marked);
	saved = p.walk->clock - p.batch->clock;
out:
	batch_models_free(&p);
	return saved;
}

/*
 * pwc_access_batch() against pwc_access() walk by walk: the same results,
 * statistics, dumps (which show each table's recency order) and clocks
 * (a batch without results leaves its model as one with them), at 4 and
 * 5 levels, for the default models, set-associative ones and tables too
 * small to hold a path; with the repeats marked, the same but for the
 * ticks of the repeats counted without a lookup, of which a TPC of 24 on
 * this stream saves many.
 */
static void batch_exact(struct pwc_test *t)
{
	static const char *const spec[] = {
		"tpc:entries=24", "tpc:entries=1",
		"cpwc:l4=2,l3=4,blocks=62,ways=1",
		"cpwc:l4=1,l3=1,blocks=1,ways=1",
		"cpwc:l4=2,l3=8,blocks=16,ways=2,l5=2",
		"stc:l4=5,l3=10,l2=40", "stc:l4=1,l3=1,l2=1",
		"uptc:entries=46", "uptc:entries=4", "uptc:entries=3",
		"uptc:entries=1", "ideal", "none",
		"tpc:entries=24,ways=1", "tpc:entries=24,ways=4",
		"stc:l4=4,l3=8,l2=32,ways=2", "uptc:entries=48,ways=4",
		"uptc:entries=48,ways=3", "uptc:entries=46,ways=1",
	};
	struct batch_case_bufs *b = pwc_zalloc(sizeof(*b));
	unsigned int i, levels;
	u64 saved;

	if (!b) {
		PWC_FAIL(t, "no memory");
		return;
	}
	for (levels = 4; levels <= 5; levels++) {
		for (i = 0; i < ARRAY_SIZE(spec); i++) {
			batch_case_one(t, spec[i], levels, b, false);
			saved = batch_case_one(t, spec[i], levels, b, true);
			if (!i)
				PWC_EXPECT_TRUE(t, saved > 1000);
		}
	}
	pwc_free(b);
}

/*
 * One model of batch_stale_exact(): per-walk pwc_access() against
 * pwc_access_batch() on walks whose tables move (a real page table's
 * bases change under the cache), each that repeats the one before, tables
 * and all, merged into it (pwc_walks_merge()), in @b: the batch must see
 * every stale base as pwc_access() does.  The number of stale results.
 */
static u64 batch_stale_one(struct pwc_test *t, const char *spec,
			   unsigned int levels, struct batch_case_bufs *b)
{
	struct pwc_walk *w = b->w, *mw = b->mw;
	struct pwc_synth pt = { .levels = levels };
	u64 seed = 0x2545f4914f6cdd1dULL + levels, va;
	u8 gen[8] = { 0 };
	struct batch_models p;
	unsigned int j, k, n, nm, bad = 0;
	u64 stale = 0;

	if (!batch_models_make(t, spec, &p))
		goto out;
	for (n = 0; n < PWC_TEST_SCALE * 1000; n += PWC_CASE_BATCH) {
		for (j = 0; j < PWC_CASE_BATCH; j++) {
			/* a few 2 MiB regions, so that paths come back */
			va = pwc_case_va(&seed, levels) & ~(7ULL << 24) &
			     ~((1ULL << 21) - 1);
			va |= (pwc_case_rand(&seed) % 8) << 21;
			pwc_synth_walk(&pt, va, &w[j]);
			/* one in 16 walks moves the tables of a region */
			if (pwc_case_rand(&seed) % 16 == 0)
				gen[pwc_index(va, 2) % 8]++;
			for (k = 1; k < levels; k++)
				w[j].base[k] ^= (u64)(gen[pwc_index(va, 2) % 8] %
						      16) << 60;
		}
		memcpy(mw, w, sizeof(b->mw));
		nm = pwc_walks_merge(mw, PWC_CASE_BATCH);
		bad += batch_vs_walks(&p, w, PWC_CASE_BATCH, mw, nm, b->rb);
	}
	batch_expect_same(t, &p, bad, true);
	stale = p.batch->stats.stale;
out:
	batch_models_free(&p);
	return stale;
}

/*
 * pwc_access_batch() against pwc_access() walk by walk where bases move
 * and hits are stale: the same results, statistics and dumps at 4 and 5
 * levels, and stale hits seen by every model that caches (none, whose
 * every walk starts at the root, has none).
 */
static void batch_stale_exact(struct pwc_test *t)
{
	static const char *const spec[] = {
		"tpc", "tpc:entries=4", "cpwc", "cpwc:l4=1,l3=2,blocks=4,ways=2",
		"stc", "uptc", "uptc:entries=8,ways=4", "ideal",
	};
	struct batch_case_bufs *b = pwc_zalloc(sizeof(*b));
	unsigned int i, levels;

	if (!b) {
		PWC_FAIL(t, "no memory");
		return;
	}
	for (levels = 4; levels <= 5; levels++) {
		for (i = 0; i < ARRAY_SIZE(spec); i++)
			PWC_EXPECT_TRUE(t, batch_stale_one(t, spec[i], levels,
							   b) > 0);
		PWC_EXPECT_EQ(t, batch_stale_one(t, "none", levels, b), 0);
	}
	pwc_free(b);
}

/*
 * ideal's batch on a large L2 map (pwc_ideal.c: past 32,768 slots it
 * looks up its walks in runs, each prefetched one run ahead, each run's
 * results after the addresses of the runs before) against pwc_access()
 * walk by walk: about 18,000 2 MiB regions in KUnit, 45,000 in
 * userspace (where the map's arrays then pass 2 MiB: pwc_zalloc_large()'s
 * huge-page path), a third of the walks in the region of the walk
 * before, at 4 and 5 levels.
 */
static void ideal_large_batch(struct pwc_test *t)
{
	struct batch_case_bufs *b = pwc_zalloc(sizeof(*b));
	struct pwc_synth pt = { 0 };
	struct batch_models p;
	unsigned int j, n, nm, bad, levels;
	u64 *va, x, seed, reads;

	if (!b) {
		PWC_FAIL(t, "no memory");
		return;
	}
	va = b->va;
	for (levels = 4; levels <= 5; levels++) {
		pt.levels = levels;
		seed = 0x1dea1ULL + levels;
		bad = 0;
		if (!batch_models_make(t, "ideal", &p))
			goto next;
		for (n = 0; n < PWC_TEST_SCALE * 1500; n += PWC_CASE_BATCH) {
			for (j = 0; j < PWC_CASE_BATCH; j++) {
				x = pwc_case_rand(&seed);
				if (j && x % 3 == 0)	/* the region before */
					va[j] = (va[j - 1] & ~0x1fffffULL) |
						(x >> 8 & 0x1ff000);
				else	/* one of 65,536 regions */
					va[j] = (x >> 16 & 0xffff) << 21 |
						(x >> 40 & 0x1ff000) |
						(u64)(levels == 5 &&
						      x >> 62 == 0) << 48;
			}
			pwc_synth_walks(&pt, va, PWC_CASE_BATCH, false, b->w,
					&reads);
			nm = pwc_synth_walks(&pt, va, PWC_CASE_BATCH, true,
					     b->mw, &reads);
			bad += batch_vs_walks(&p, b->w, PWC_CASE_BATCH, b->mw,
					      nm, b->rb);
		}
		batch_expect_same(t, &p, bad, true);
		/* past 32,768 slots: more than 16,384 L2 keys */
		PWC_EXPECT_TRUE(t, p.batch->stats.fills > 17000);
next:
		batch_models_free(&p);
	}
	pwc_free(b);
}

/* Walks of batch_long_hits(): more than a model logs before it must flush. */
#define PWC_CASE_LONG 1000

/*
 * One model of batch_long_hits(): batches of PWC_CASE_LONG walks, each
 * in another 2 MiB region than the walk before (none a repeat), nearly
 * all among 22 regions visited in random order, one in 300 in a new one
 * (a fill, which once the model is full evicts its least recent entry:
 * the order of the touches before it decides which), through
 * pwc_access_batch() and pwc_access(), compared.  The batch's
 * statistics in @st.
 */
static void batch_long_one(struct pwc_test *t, const char *spec,
			   unsigned int levels, u64 *va, struct pwc_walk *w,
			   struct pwc_result *rb, struct pwc_stats *st)
{
	struct pwc_synth pt = { .levels = levels };
	u64 seed = 0x7c3a9e5d1f2b4687ULL + levels, x, home[22], reads;
	unsigned int j, n, bad = 0, at = 0, next;
	struct batch_models p;

	for (j = 0; j < ARRAY_SIZE(home); j++)
		home[j] = pwc_case_va(&seed, levels) & ~0x1fffffULL;
	if (!batch_models_make(t, spec, &p))
		goto out;
	for (n = 0; n < PWC_TEST_SCALE / 10 + 1; n++) {
		for (j = 0; j < PWC_CASE_LONG; j++) {
			x = pwc_case_rand(&seed);
			if (x % 300 == 0) {
				va[j] = pwc_case_va(&seed, levels);
			} else {
				next = (at + 1 + x % 21) % 22;
				va[j] = home[next] | (x >> 32 & 0x1ff000);
				at = next;
			}
			if (j && !((va[j] ^ va[j - 1]) >> 21))
				va[j] ^= 1ULL << 21;	/* not a repeat */
		}
		/* merged: none repeats, so each address keeps its walk */
		if (pwc_synth_walks(&pt, va, PWC_CASE_LONG, true, w,
				    &reads) != PWC_CASE_LONG)
			bad++;
		bad += batch_vs_walks(&p, w, PWC_CASE_LONG, w, PWC_CASE_LONG,
				      rb);
	}
	batch_expect_same(t, &p, bad, true);
	*st = p.batch->stats;
out:
	batch_models_free(&p);
}

/*
 * Batches longer than TPC's log of full-path hits (pwc_tpc.c: a batch
 * makes their touches when the log is full, and at its end), of walks
 * that visit a few regions in random order, against pwc_access() walk
 * by walk, for each model, at 4 and 5 levels: a TPC of 24 hits nearly
 * every walk at L2, fills its log more than once a batch, and evicts.
 */
static void batch_long_hits(struct pwc_test *t)
{
	static const char *const spec[] = {
		"tpc:entries=24", "tpc:entries=24,ways=4", "tpc:entries=8",
		"cpwc:l4=2,l3=4,blocks=62,ways=1", "stc:l4=5,l3=10,l2=40",
		"uptc:entries=46", "ideal", "none",
	};
	struct pwc_result *rb = pwc_zalloc(PWC_CASE_LONG * sizeof(*rb));
	struct pwc_walk *w = pwc_zalloc(PWC_CASE_LONG * sizeof(*w));
	u64 *va = pwc_zalloc(PWC_CASE_LONG * sizeof(*va));
	struct pwc_stats st = { 0 };
	unsigned int i, levels;

	if (!rb || !w || !va) {
		PWC_FAIL(t, "no memory");
		goto out;
	}
	for (levels = 4; levels <= 5; levels++) {
		for (i = 0; i < ARRAY_SIZE(spec); i++) {
			batch_long_one(t, spec[i], levels, va, w, rb, &st);
			if (i)
				continue;
			PWC_EXPECT_TRUE(t, st.hits[1] * 10 > st.lookups * 9);
			PWC_EXPECT_TRUE(t, st.evictions > 0);
		}
	}
out:
	pwc_free(va);
	pwc_free(w);
	pwc_free(rb);
}

/* A table, walks and results, off the stack: a kernel frame is small. */
struct batch_bufs {
	struct pwc_synth pt;
	struct pwc_result r[8];
	struct pwc_walk w[8];
};

/*
 * A batch holding one walk that is not a walk (levels other than 4 or 5,
 * end outside 1..levels) is refused whole: -EINVAL, no statistic and no
 * recency tick, for every model; pwc_walks_valid() agrees walk by walk;
 * so are the walk's lookup alone and its access (each result zeroed) and
 * its access without a fill.
 */
static void batch_rejects_bad_walks(struct pwc_test *t)
{
	static const struct {
		u8 levels, end;
	} bad[] = { { 3, 1 }, { 6, 1 }, { 0, 0 }, { 4, 0 }, { 4, 5 },
		    { 5, 6 }, { 255, 1 }, { 4, 255 } };
	struct batch_bufs *b = pwc_zalloc(sizeof(*b));
	struct pwc_walk *w;
	struct pwc_model *m;
	enum pwc_kind kind;
	unsigned int i, j;

	if (!b) {
		PWC_FAIL(t, "no memory");
		return;
	}
	w = b->w;
	b->pt.levels = 4;
	for (kind = 0; kind < PWC_KIND_COUNT; kind++) {
		m = pwc_case_model(t, pwc_kind_name(kind));
		if (!m)
			break;
		for (i = 0; i < ARRAY_SIZE(bad); i++) {
			for (j = 0; j < ARRAY_SIZE(b->w); j++)
				pwc_synth_walk(&b->pt, (u64)j << 30 | j << 21,
					       &w[j]);
			PWC_EXPECT_TRUE(t, pwc_walks_valid(w, ARRAY_SIZE(b->w)));
			w[5].levels = bad[i].levels;
			w[5].end = bad[i].end;
			PWC_EXPECT_TRUE(t, !pwc_walk_valid(&w[5]));
			b->r[0].start = 9;
			PWC_EXPECT_EQ(t, pwc_lookup(m, &w[5], &b->r[0]),
				      -EINVAL);
			PWC_EXPECT_EQ(t, b->r[0].start, 0);
			PWC_EXPECT_EQ(t, pwc_access_nofill(m, &w[5], &b->r[0]),
				      -EINVAL);
			/* zeroed too: the module copies it out (before, not) */
			b->r[0].start = 9;
			b->r[0].accesses = 9;
			PWC_EXPECT_EQ(t, pwc_access(m, &w[5], &b->r[0]), -EINVAL);
			PWC_EXPECT_EQ(t, b->r[0].start, 0);
			PWC_EXPECT_EQ(t, b->r[0].accesses, 0);
			PWC_EXPECT_TRUE(t, !pwc_walks_valid(w, ARRAY_SIZE(b->w)));
			PWC_EXPECT_TRUE(t, pwc_walks_valid(w, 5));
			PWC_EXPECT_EQ(t, pwc_access_batch(m, w, ARRAY_SIZE(b->w),
							  b->r, 0),
				      -EINVAL);
			PWC_EXPECT_EQ(t, m->stats.lookups, 0);
			PWC_EXPECT_EQ(t, m->clock, 0);
		}
		PWC_EXPECT_EQ(t, pwc_access_batch(m, w, 5, b->r, 0), 0);
		PWC_EXPECT_EQ(t, m->stats.lookups, 5);
		pwc_destroy(m);
	}
	/* pwc_synth_valid(): a table's walks are walks, huge leaves too */
	b->pt.n2m = 1;
	b->pt.huge2m[0] = (struct pwc_synth_range){ 0, 3ULL << 21 };
	b->pt.n1g = 1;
	b->pt.huge1g[0] = (struct pwc_synth_range){ 5ULL << 30, 6ULL << 30 };
	for (i = 0; i <= PWC_MAX_LEVELS; i++) {	/* no table of more */
		b->pt.levels = i;
		for (j = 0; j < ARRAY_SIZE(b->w); j++)
			pwc_synth_walk(&b->pt, (u64)j << 30 | j << 21, &w[j]);
		PWC_EXPECT_EQ(t, pwc_synth_valid(&b->pt),
			      pwc_walks_valid(w, ARRAY_SIZE(b->w)));
		PWC_EXPECT_EQ(t, pwc_synth_valid(&b->pt), i == 4 || i == 5);
	}
	pwc_free(b);
}

/*
 * pwc_walks_merge() merges exactly the walks that repeat the one before
 * -- not one in another 2 MiB region, through another table base, ending
 * at a huge leaf or a fault, or at other paging levels -- and does not
 * read the counts it is given.
 */
static void batch_merge_cases(struct pwc_test *t, struct batch_bufs *b)
{
	/* the walks kept, and the repeats of the first, after each change */
	static const u32 kept[] = { 3, 3, 3, 3, 3, 1 };
	static const u32 first[] = { 1, 1, 1, 0, 1, 3 };
	struct pwc_walk *w;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(kept); i++) {
		for (w = b->w; w < b->w + 4; w++)
			pwc_synth_walk(&b->pt, 0x7f0000200000ULL +
				       (w - b->w) * 4096, w);
		w = b->w;
		switch (i) {
		case 0:
			w[2].va += 1ULL << 21;
			break;
		case 1:
			w[2].base[3] ^= 1ULL << 40;
			break;
		case 2:
			w[2].end = 2;
			break;
		case 3:
			w[1].levels = 5;
			w[1].base[5] = w[1].base[4];
			break;
		case 4:
			w[2].fault = 1;
			break;
		case 5:
			w[1].repeats = 3;	/* not read */
			break;
		}
		PWC_EXPECT_EQ(t, pwc_walks_merge(w, 4), kept[i]);
		PWC_EXPECT_EQ(t, w[0].repeats, first[i]);
		PWC_EXPECT_EQ(t, pwc_walks_addresses(w, kept[i]), 4);
		PWC_EXPECT_TRUE(t, pwc_walks_valid(w, kept[i]));
	}
}

/*
 * A walk with repeats that does not end at L1 is refused as a bad walk
 * is: -EINVAL, nothing counted.  A merged walk's repeats are looked up
 * as it until one hits at L2, the rest counted as that hit, each with
 * its result and none past them.
 */
static void batch_merged_walk(struct pwc_test *t, struct batch_bufs *b)
{
	struct pwc_walk *w = b->w;
	struct pwc_model *m = pwc_case_model(t, "tpc");
	unsigned int j;

	if (!m)
		return;
	pwc_synth_walk(&b->pt, 0x7f0000200000ULL, w);
	w->end = 2;
	w->repeats = 1;
	PWC_EXPECT_TRUE(t, pwc_walk_valid(w));
	PWC_EXPECT_TRUE(t, !pwc_walks_valid(w, 1));
	PWC_EXPECT_EQ(t, pwc_access_batch(m, w, 1, b->r, 0), -EINVAL);
	PWC_EXPECT_EQ(t, m->stats.lookups, 0);
	PWC_EXPECT_EQ(t, m->clock, 0);
	/* a miss, its repeat looked up (a hit), two more counted */
	w->end = 1;
	w->repeats = 3;
	for (j = 0; j < ARRAY_SIZE(b->r); j++)
		b->r[j].start = 9;
	PWC_EXPECT_EQ(t, pwc_access_batch(m, w, 1, b->r, 0), 0);
	PWC_EXPECT_EQ(t, m->stats.lookups, 4);
	PWC_EXPECT_EQ(t, m->stats.misses, 1);
	PWC_EXPECT_EQ(t, m->stats.hits[1], 3);
	PWC_EXPECT_EQ(t, b->r[0].start, 4);
	for (j = 1; j < 4; j++) {
		PWC_EXPECT_EQ(t, b->r[j].start, 1);
		PWC_EXPECT_EQ(t, b->r[j].accesses, 1);
	}
	PWC_EXPECT_EQ(t, b->r[4].start, 9);
	/* the path held: all eight hits, one looked up */
	w->repeats = 7;
	PWC_EXPECT_EQ(t, pwc_access_batch(m, w, 1, NULL, 0), 0);
	PWC_EXPECT_EQ(t, m->stats.lookups, 12);
	PWC_EXPECT_EQ(t, m->stats.hits[1], 11);
	pwc_destroy(m);
}

/* Walks merged (batch_merge_cases()) and batches of them. */
static void batch_merges_runs(struct pwc_test *t)
{
	struct batch_bufs *b = pwc_zalloc(sizeof(*b));

	if (!b) {
		PWC_FAIL(t, "no memory");
		return;
	}
	b->pt.levels = 4;
	batch_merge_cases(t, b);
	batch_merged_walk(t, b);
	pwc_free(b);
}

/* Budgets size entries and keep the ways; the storage ignores the ways. */
static void set_geometry_budget(struct pwc_test *t)
{
	struct pwc_config c, fa;
	char err[160];

	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=4", 5280, 4, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 24);
	PWC_EXPECT_EQ(t, c.ways, 4);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc", 5280, 4, &fa, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 4), pwc_bits(&fa, 4));
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=1", 4 * 5280, 4, &c,
					      err, sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 96);
	PWC_EXPECT_EQ(t, c.ways, 1);
	/*
	 * 24 entries are no whole number of 5-way sets: sized to the
	 * largest that is, 20 (it failed before, though 20 fit)
	 */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=5", 5280, 4, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 20);
	PWC_EXPECT_EQ(t, c.ways, 5);
	/* at 5 levels 18 entries fit: 16 of 4-way sets */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=4", 5280, 5, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 16);
	/* more ways than fit: refused, sized to the budget */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=1000", 5280, 4, &c,
					      err, sizeof(err)), -EINVAL);
	PWC_EXPECT_TRUE(t, strstr(err, "no size within 5280 bits fits the shape given"));
	PWC_EXPECT_TRUE(t, strstr(err, "at the smallest, tpc: ways=1000 is more than entries=1"));
	/* without a budget the defaults are checked, and said to be */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=5", 0, 4, &c, err,
					      sizeof(err)), -EINVAL);
	PWC_EXPECT_TRUE(t, strstr(err, "entries=24 is not a multiple of ways=5"));
	PWC_EXPECT_TRUE(t, strstr(err, "the default size"));
	/* a size given in the spec wins over the budget, as before */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:entries=8,ways=4", 5280, 4,
					      &c, err, sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 8);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("stc:ways=1", 2 * 5280, 4, &c,
					      err, sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.e[4], 10);
	PWC_EXPECT_EQ(t, c.e[2], 80);
	/* l4=5 is odd: sized to l4=4, l3=8, l2=32 */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("stc:ways=2", 5280, 4, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.e[4], 4);
	PWC_EXPECT_EQ(t, c.e[2], 32);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("uptc:ways=2", 5280, 4, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.entries, 46);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 4), 46 * 114);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("tpc:ways=1", 219, 4, &c, err,
					      sizeof(err)), -ENOSPC);
	/* a geometry that does not divide is refused at creation too */
	pwc_parse_spec("tpc", &c, NULL, 0);
	c.ways = 5;
	PWC_EXPECT_TRUE(t, !pwc_create(&c));
	pwc_parse_spec("uptc", &c, NULL, 0);
	c.ways = 4;
	PWC_EXPECT_TRUE(t, !pwc_create(&c));
}

/*
 * A parameter sizing the L5 cache is refused at 4 levels, even at its
 * default: a spec that said "l5=2" would name a cache that neither runs
 * nor counts in the bits.  At 5 levels it is taken, and counted.
 */
static void level_params(struct pwc_test *t)
{
	static const char *const spec[] = {
		"stc:l5=2", "stc:l4=2,l3=4,l2=8,l5=1", "cpwc:l5=1",
		"cpwc:l4=2,l3=4,blocks=8,l5=2",
	};
	struct pwc_config c, d;
	char err[160];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(spec); i++) {
		PWC_EXPECT_EQ(t, pwc_config_from_spec(spec[i], 0, 4, &c, err,
						      sizeof(err)), -EINVAL);
		PWC_EXPECT_TRUE(t, strstr(err, "l5 is for walks of 5 levels, and these have 4"));
		PWC_EXPECT_EQ(t, pwc_config_from_spec(spec[i], 5280, 4, &c,
						      err, sizeof(err)),
			      -EINVAL);
		PWC_EXPECT_EQ(t, pwc_config_from_spec(spec[i], 0, 5, &c, err,
						      sizeof(err)), 0);
	}
	PWC_EXPECT_EQ(t, pwc_config_from_spec("stc:l5=2", 0, 5, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.e[5], 2);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("stc", 0, 5, &d, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, pwc_bits(&c, 5), pwc_bits(&d, 5) + 74);
	/* the other parameters, and a bare name, at 4 levels as before */
	PWC_EXPECT_EQ(t, pwc_config_from_spec("stc:l4=2,l3=4,l2=8", 0, 4, &c,
					      err, sizeof(err)), 0);
	PWC_EXPECT_EQ(t, pwc_config_from_spec("cpwc", 5280, 4, &c, err,
					      sizeof(err)), 0);
	PWC_EXPECT_EQ(t, c.blocks, 62);
}

/* Start levels of the walks to L2 indices @l2[] under one L4/L3 entry. */
static void pwc_case_l2_starts(struct pwc_test *t, const char *spec,
			       const unsigned int *l2, const unsigned int *want,
			       unsigned int n)
{
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_result r;
	struct pwc_model *m;
	unsigned int i;

	m = pwc_case_model(t, spec);
	if (!m)
		return;
	for (i = 0; i < n; i++)
		PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, 0x7f0000000000ULL +
						 ((u64)l2[i] << 21), &r),
			      want[i]);
	pwc_destroy(m);
}

/*
 * TPC sets by hand: the set is the L2 index mod the sets; a lookup sees
 * its own set only, so a path held in another set gives no partial hit.
 */
static void tpc_sets(struct pwc_test *t)
{
	static const unsigned int l2[] = { 0, 4, 0, 1, 1 };
	static const unsigned int fa[] = { 4, 2, 1, 2, 1 };
	static const unsigned int dm[] = { 4, 2, 2, 4, 1 };
	static const unsigned int l2b[] = { 0, 2, 4, 0, 1, 2, 0 };
	static const unsigned int fab[] = { 4, 2, 2, 1, 2, 1, 1 };
	static const unsigned int sa[] = { 4, 2, 2, 2, 4, 2, 1 };
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_result r;
	struct pwc_model *m;

	pwc_case_l2_starts(t, "tpc:entries=4", l2, fa, ARRAY_SIZE(l2));
	/* direct-mapped, 4 sets: 0 and 4 share set 0, 1 is alone in set 1 */
	pwc_case_l2_starts(t, "tpc:entries=4,ways=1", l2, dm, ARRAY_SIZE(l2));
	pwc_case_l2_starts(t, "tpc:entries=4,ways=4", l2, fa, ARRAY_SIZE(l2));
	/* 2 sets of 2: 0, 2, 4 compete for set 0, LRU within it */
	pwc_case_l2_starts(t, "tpc:entries=4", l2b, fab, ARRAY_SIZE(l2b));
	pwc_case_l2_starts(t, "tpc:entries=4,ways=2", l2b, sa,
			   ARRAY_SIZE(l2b));

	/* where the entries sit: set s is entries s x ways .. */
	m = pwc_case_model(t, "tpc:entries=4,ways=2");
	if (!m)
		return;
	pwc_case_access(m, &pt, 0x7f0000000000ULL + (1 << 21), &r);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "entry 2: L4=254 L3=0 L2=1 "));
	pwc_case_access(m, &pt, 0x7f0000000000ULL + (6 << 21), &r);
	PWC_EXPECT_TRUE(t, pwc_case_dump_has(m, "entry 0: L4=254 L3=0 L2=6 "));
	PWC_EXPECT_EQ(t, m->stats.evictions, 0);
	pwc_destroy(m);
}

/* STC by hand: the L2-keyed cache direct-mapped in two sets. */
static void stc_sets(struct pwc_test *t)
{
	static const unsigned int l2[] = { 0, 2, 0, 1, 2 };
	static const unsigned int fa[] = { 4, 2, 1, 2, 2 };
	static const unsigned int dm[] = { 4, 2, 2, 2, 2 };
	struct pwc_synth pt = { .levels = 4 };
	struct pwc_result r;
	struct pwc_model *m;

	pwc_case_l2_starts(t, "stc:l4=1,l3=1,l2=2", l2, fa, ARRAY_SIZE(l2));
	pwc_case_l2_starts(t, "stc:l4=1,l3=1,l2=2,ways=1", l2, dm,
			   ARRAY_SIZE(l2));
	pwc_case_l2_starts(t, "stc:l4=1,l3=1,l2=2,ways=2", l2, fa,
			   ARRAY_SIZE(l2));

	/* the L3-keyed cache, direct-mapped in two sets by the L3 index */
	m = pwc_case_model(t, "stc:l4=1,l3=2,l2=2,ways=1");
	if (!m)
		return;
	pwc_case_access(m, &pt, 0x7f0000000000ULL, &r);		/* L3 = 0 */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, 0x7f0000000000ULL +
					 (2ULL << 30), &r), 3);	/* L3 = 2 */
	/* L3 = 2 took set 0 from L3 = 0: only the L4 entry is left */
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, 0x7f0000000000ULL +
					 (1ULL << 21), &r), 3);
	/* L3 = 1 goes to set 1 and keeps L3 = 0 */
	pwc_case_access(m, &pt, 0x7f0000000000ULL + (1ULL << 30), &r);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, 0x7f0000000000ULL +
					 (5ULL << 21), &r), 2);
	pwc_destroy(m);
}

/*
 * UPTC by hand: 4 entries direct-mapped, the set an entry's own level
 * index mod 4.  At L4 = 254 (set 2), L3 = 0 (set 0), L2 = 0 (set 0) the
 * L3 and L2 entries evict each other; at L2 = 1 (set 1) all three stay.
 */
static void uptc_sets(struct pwc_test *t)
{
	struct pwc_synth pt = { .levels = 4 };
	u64 a = 0x7f0000000000ULL, b = a + (1 << 21);
	struct pwc_result r;
	struct pwc_model *m;

	m = pwc_case_model(t, "uptc:entries=4,ways=1");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a, &r), 4);
	PWC_EXPECT_EQ(t, r.accesses, 4);
	PWC_EXPECT_EQ(t, m->stats.evictions, 1);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 3);
	PWC_EXPECT_EQ(t, r.accesses, 3);	/* L3, L2 and the leaf */
	PWC_EXPECT_EQ(t, m->stats.evictions, 3);
	pwc_destroy(m);

	m = pwc_case_model(t, "uptc:entries=4,ways=1");
	if (!m)
		return;
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b, &r), 4);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, b + 4096, &r), 1);
	PWC_EXPECT_EQ(t, r.accesses, 1);
	PWC_EXPECT_EQ(t, m->stats.evictions, 0);
	pwc_destroy(m);

	/* fully associative: a is held whole */
	m = pwc_case_model(t, "uptc:entries=4");
	if (!m)
		return;
	pwc_case_access(m, &pt, a, &r);
	PWC_EXPECT_EQ(t, pwc_case_access(m, &pt, a + 4096, &r), 1);
	pwc_destroy(m);
}

/*
 * ways = entries is the fully associative model, access by access; and a
 * set-associative TPC is its sets as separate fully associative TPCs of
 * W entries, each fed the walks of its set (an independent check of the
 * set index and of LRU per set).
 */
static void sets_agree(struct pwc_test *t)
{
	static const char *const same[][2] = {
		{ "tpc:entries=24", "tpc:entries=24,ways=24" },
		{ "tpc:entries=3", "tpc:entries=3,ways=3" },
		{ "stc:l4=2,l3=4,l2=16", "stc:l4=2,l3=4,l2=16,ways=16" },
		{ "stc", "stc:ways=64" },
		{ "uptc:entries=40", "uptc:entries=40,ways=40" },
	};
	struct pwc_synth pt = { .n2m = 1 };
	struct pwc_model *a, *b, *part[6];
	struct pwc_result ra, rb;
	unsigned int i, n, levels, diff;
	struct pwc_walk w;
	u64 seed;

	pt.huge2m[0] = (struct pwc_synth_range){ 0xfe8000000000ULL,
						 0xfe8000000000ULL + (32 << 21) };
	for (levels = 4; levels <= 5; levels++) {
		pt.levels = levels;
		for (i = 0; i < ARRAY_SIZE(same); i++) {
			a = pwc_case_model(t, same[i][0]);
			b = pwc_case_model(t, same[i][1]);
			if (!a || !b) {
				pwc_destroy(a);
				pwc_destroy(b);
				return;
			}
			seed = 0x51ed270b27a1f1ULL + i;
			diff = 0;
			for (n = 0; n < PWC_TEST_SCALE * 1000; n++) {
				pwc_synth_walk(&pt, pwc_case_va(&seed, levels),
					       &w);
				pwc_access(a, &w, &ra);
				pwc_access(b, &w, &rb);
				diff += ra.start != rb.start ||
					ra.accesses != rb.accesses;
			}
			PWC_EXPECT_EQ(t, diff, 0);
			PWC_EXPECT_TRUE(t, !memcmp(&a->stats, &b->stats,
						   sizeof(a->stats)));
			pwc_destroy(a);
			pwc_destroy(b);
		}
	}

	/* tpc:entries=24,ways=4: 6 sets, each a tpc:entries=4 */
	pt.levels = 4;
	a = pwc_case_model(t, "tpc:entries=24,ways=4");
	for (i = 0; i < 6; i++)
		part[i] = pwc_case_model(t, "tpc:entries=4");
	seed = 77;
	diff = 0;
	for (n = 0; a && n < PWC_TEST_SCALE * 1000; n++) {
		pwc_synth_walk(&pt, pwc_case_va(&seed, 4), &w);
		pwc_access(a, &w, &ra);
		i = pwc_index(w.va, 2) % 6;
		if (!part[i])
			break;
		pwc_access(part[i], &w, &rb);
		diff += ra.start != rb.start || ra.accesses != rb.accesses;
	}
	PWC_EXPECT_EQ(t, diff, 0);
	/* and the stream did exercise the sets: misses, L2 and L3 hits */
	PWC_EXPECT_TRUE(t, a && a->stats.hits[1] && a->stats.hits[2] &&
			a->stats.evictions);
	pwc_destroy(a);
	for (i = 0; i < 6; i++)
		pwc_destroy(part[i]);
}

/*
 * The IOTLB: true LRU over 4 KiB pages (2 MiB entries with PWC_TLB_2M),
 * no entry for a fault, and a fill of a page it holds (no lookup first)
 * touches that entry rather than adding a second one, which an
 * invalidation would then leave behind.
 */
static void tlb_fill_lookup(struct pwc_test *t)
{
	/* off the stack: a kernel frame is small */
	struct pwc_synth *pt = pwc_zalloc(sizeof(*pt));
	struct pwc_walk w;
	struct pwc_tlb tlb;
	u64 page = 1ULL << 12;
	unsigned int i;

	if (!pt || pwc_tlb_init(&tlb, 4, 0)) {
		PWC_FAIL(t, "no memory");
		pwc_free(pt);
		return;
	}
	pt->levels = 4;
	pt->n2m = 1;
	pt->huge2m[0].start = 1ULL << 30;
	pt->huge2m[0].end = 2ULL << 30;
	pwc_synth_walk(pt, 0, &w);
	pwc_tlb_fill(&tlb, &w);
	pwc_tlb_fill(&tlb, &w);		/* held: a touch */
	PWC_EXPECT_EQ(t, tlb.fills, 1);
	PWC_EXPECT_TRUE(t, pwc_tlb_lookup(&tlb, 0x123));
	for (i = 1; i <= 3; i++) {
		pwc_synth_walk(pt, i * page, &w);
		pwc_tlb_fill(&tlb, &w);
	}
	pwc_synth_walk(pt, 4 * page, &w);
	pwc_tlb_fill(&tlb, &w);		/* evicts page 0, the LRU */
	PWC_EXPECT_EQ(t, tlb.evictions, 1);
	PWC_EXPECT_TRUE(t, !pwc_tlb_lookup(&tlb, 0));
	PWC_EXPECT_TRUE(t, pwc_tlb_lookup(&tlb, page));
	/* page 1 filled again, then dropped: no second copy stays */
	pwc_synth_walk(pt, page, &w);
	pwc_tlb_fill(&tlb, &w);
	pwc_tlb_invalidate(&tlb, page, 2 * page);
	PWC_EXPECT_TRUE(t, !pwc_tlb_lookup(&tlb, page));
	PWC_EXPECT_TRUE(t, pwc_tlb_lookup(&tlb, 2 * page));
	w.fault = 1;
	w.va = 9 * page;
	pwc_tlb_fill(&tlb, &w);		/* a fault: nothing cached */
	PWC_EXPECT_TRUE(t, !pwc_tlb_lookup(&tlb, 9 * page));
	/* a 2 MiB leaf: one page without PWC_TLB_2M, the region with it */
	pwc_synth_walk(pt, 1ULL << 30, &w);
	PWC_EXPECT_EQ(t, w.end, 2);
	pwc_tlb_fill(&tlb, &w);
	PWC_EXPECT_TRUE(t, !pwc_tlb_lookup(&tlb, (1ULL << 30) + page));
	pwc_tlb_free(&tlb);
	if (pwc_tlb_init(&tlb, 4, PWC_TLB_2M)) {
		PWC_FAIL(t, "no memory");
		pwc_free(pt);
		return;
	}
	pwc_tlb_fill(&tlb, &w);
	PWC_EXPECT_TRUE(t, pwc_tlb_lookup(&tlb, (1ULL << 30) + 5 * page));
	PWC_EXPECT_TRUE(t, !pwc_tlb_lookup(&tlb, (1ULL << 30) + (2ULL << 20)));
	pwc_tlb_free(&tlb);
	pwc_free(pt);
}

static PWC_CASE_TYPE pwc_model_case_table[] = {
	PWC_CASE(paper_example),
	PWC_CASE(storage_formulas),
	PWC_CASE(tpc_lru_and_prefix),
	PWC_CASE(tpc_huge_leaves),
	PWC_CASE(tpc_stale_hints),
	PWC_CASE(stc_fills_what_it_read),
	PWC_CASE(uptc_sequential),
	PWC_CASE(lru_kernel_vs_reference),
	PWC_CASE(tpc_vs_reference),
	PWC_CASE(uptc_vs_reference),
	PWC_CASE(uptc_shared_table),
	PWC_CASE(access_nofill),
	PWC_CASE(dump_truncates_at_lines),
	PWC_CASE(cpwc_block_rules),
	PWC_CASE(cpwc_tree_invariant),
	PWC_CASE(cpwc_hint_checked),
	PWC_CASE(cpwc_counts_entries),
	PWC_CASE(bounds_none_ideal),
	PWC_CASE(ideal_cap),
	PWC_CASE(hset_add_grow_drop),
	PWC_CASE(five_level),
	PWC_CASE(no_false_hits),
	PWC_CASE(invalidate_ranges),
	PWC_CASE(stale_hits_corrected),
	PWC_CASE(rejected_specs),
	PWC_CASE(batch_exact),
	PWC_CASE(batch_stale_exact),
	PWC_CASE(ideal_large_batch),
	PWC_CASE(batch_long_hits),
	PWC_CASE(batch_rejects_bad_walks),
	PWC_CASE(batch_merges_runs),
	PWC_CASE(set_geometry_budget),
	PWC_CASE(level_params),
	PWC_CASE(tpc_sets),
	PWC_CASE(stc_sets),
	PWC_CASE(uptc_sets),
	PWC_CASE(sets_agree),
	PWC_CASE(tlb_fill_lookup),
	{}
};
