/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc.h - the PWC model library: software models of page-walk caches
 * (the rows of pwc_models.h) with the semantics of
 * Documentation/models.rst.  Plain C shared by pwcsim.ko and the userspace
 * tools; no locking inside: the caller serialises every call on a model.
 */
#ifndef _PWC_H
#define _PWC_H

#include "pwc_env.h"

#define PWC_MAX_LEVELS 5
/* Cap on every size parameter of a spec (entries, blocks, ways, ...). */
#define PWC_MAX_ENTRIES 65536
/* Most keys the ideal model keeps per level. */
#define PWC_IDEAL_MAX_KEYS PWC_MAX_ENTRIES
/* Largest storage budget --budget-bits accepts. */
#define PWC_MAX_BUDGET_BITS BIT_ULL(32)
/* Longest spec string, with its terminating NUL. */
#define PWC_SPEC_LEN 96
/* Storage of a model without bound (ideal). */
#define PWC_BITS_UNBOUNDED U64_MAX
/* Storage accounting (Documentation/models.rst): a valid bit, ... */
#define PWC_VALID_BITS 1
/* ... a 9-bit index tag per level, ... */
#define PWC_TAG_BITS 9
/* ... and a 64-bit table base per entry. */
#define PWC_BASE_BITS 64

/* Address geometry: x86-64, 4 KiB pages, 9 index bits per level. */
static inline unsigned int pwc_shift(unsigned int level)
{
	return 12 + 9 * (level - 1);
}

/* The 9-bit index of level @level (1 = PTE table ... 5 = PGD with LA57). */
static inline unsigned int pwc_index(u64 va, unsigned int level)
{
	return (va >> pwc_shift(level)) & 511;
}

/*
 * The tags of the path from the top level down to @level: the virtual
 * address bits 56..shift(level), i.e. the indices L5..L@level.  With
 * 4-level paging, bits 56..48 of a canonical user address are zero, so
 * the same key serves both geometries.
 */
static inline u64 pwc_key(u64 va, unsigned int level)
{
	return (va & (BIT_ULL(57) - 1)) >> pwc_shift(level);
}

/*
 * The ways per set of a cache of @entries entries given @ways (0: fully
 * associative): @entries when @ways is 0 or not smaller, else @ways if it
 * divides @entries, else 0 (an invalid geometry: the ops' check rejects it).
 * Set s holds the entries s x ways .. s x ways + ways - 1.
 */
static inline u32 pwc_set_ways(u32 entries, u32 ways)
{
	if (!ways || ways >= entries)
		return entries;
	return entries % ways ? 0 : ways;
}

/* Does the region of key @key at @level overlap [start, end)? */
static inline bool pwc_key_overlaps(u64 key, unsigned int level, u64 start,
				    u64 end)
{
	u64 lo = key << pwc_shift(level);
	u64 hi = lo + (1ULL << pwc_shift(level)); /* exclusive */

	return lo < end && start < hi;
}

/**
 * struct pwc_walk - one page-table walk, as the walker saw it
 * @va: the virtual address translated
 * @base: @base[k] is PBA(Lk), the physical base of the level-k table read,
 *	for @end <= k <= @levels; @base[@levels] is the root
 * @levels: 4 or 5
 * @end: the lowest level whose entry the walk read: 1 for a 4 KiB leaf,
 *	2 for a 2 MiB leaf, 3 for a 1 GiB leaf, or the level of the
 *	non-present entry that ended the walk as a fault
 * @fault: the walk ended on a non-present entry
 * @repeats: in a batch's array of walks (pwc_access_batch()), how many
 *	addresses after this walk's own, in a row, repeat it down to its L1
 *	table (pwc_walk_repeats()): the array holds no walk of theirs, this
 *	one stands for all @repeats + 1 (pwc_walks_merge(), or the
 *	producer); 0 for a walk of one address
 */
struct pwc_walk {
	u64 va;
	u64 base[PWC_MAX_LEVELS + 1];
	u8 levels;
	u8 end;
	u8 fault;
	u32 repeats;
};

/**
 * struct pwc_result - what one lookup reported
 * @start: the start level: the lowest level whose PBA the cache supplied,
 *	or the top level on a miss (for a model that walks from the root
 *	through its cache: the highest level read from memory)
 * @accesses: page-table memory accesses of the walk
 * @stale: the cache supplied a table base the real walk does not have
 * @pba: the table base the cache supplied for @start (0 on a miss)
 *
 * Words, not bytes: a result is a local of the batch loop, and gcc
 * tests packed bytes by merging them (Documentation/models.rst).
 */
struct pwc_result {
	u32 start;
	u32 accesses;
	u32 stale;
	u64 pba;
};

/* The models, in the order tools list them (pwc_models.h). */
enum pwc_kind {
#define PWC_MODEL(KIND, name) PWC_KIND_##KIND,
#include "pwc_models.h"
#undef PWC_MODEL
	PWC_KIND_COUNT,
};

/**
 * struct pwc_config - a model's kind and sizes, as a spec string gives them
 * @kind: which model
 * @entries: the entries of a model of one table
 * @e: @e[k], the entries of a model's level-k table or stage (each
 *	model's file says which k it has)
 * @blocks: the L2 blocks of a model that has them
 * @ways: entries per set (0, the default: one set, fully associative;
 *	pwc_set_ways()), or per L2 block
 */
struct pwc_config {
	enum pwc_kind kind;
	u32 entries;
	u32 e[PWC_MAX_LEVELS + 1];
	u32 blocks;
	u32 ways;
};

/**
 * struct pwc_stats - counters of one model
 * @lookups: translation requests
 * @hits: @hits[s] counts lookups with start level s < levels: s = 1 is an
 *	L2-stage hit (PBA(L1) supplied), s = 2 an L3-stage hit, ...
 * @misses: lookups that started at the top level
 * @accesses: page-table memory accesses, summed
 * @fills: entries written
 * @evictions: valid entries displaced by a fill
 * @invalidations: valid entries dropped by pwc_invalidate()
 * @stale: lookups whose supplied base differed from the real walk's
 */
struct pwc_stats {
	u64 lookups;
	u64 hits[PWC_MAX_LEVELS + 1];
	u64 misses;
	u64 accesses;
	u64 fills;
	u64 evictions;
	u64 invalidations;
	u64 stale;
};

struct pwc_model;

/**
 * struct pwc_out - output sink for pwc_dump()
 * @buf: the buffer, always NUL-terminated; NULL to measure the text
 * @size: bytes at @buf
 * @len: bytes written (without the NUL); with no @buf, bytes the whole
 *	text needs
 * @line: @len at the end of the last whole line written
 * @full: the text did not fit: it was cut after the last whole line and
 *	nothing more is formatted (dumps stop when they see it)
 * @hide_phys: print physical addresses as 0 (pwc_out_pa())
 * @yield: if set, called with @yield_ctx after every PWC_OUT_YIELD_BYTES
 *	of text (the kernel's scheduling point in long dumps)
 * @yield_ctx: its argument
 * @yield_at: @len at which @yield is called next
 */
struct pwc_out {
	char *buf;
	size_t size;
	size_t len;
	size_t line;
	bool full;
	bool hide_phys;
	void (*yield)(void *ctx);
	void *yield_ctx;
	size_t yield_at;
};

#define PWC_OUT_YIELD_BYTES 4096

__printf(2, 3) void pwc_printf(struct pwc_out *o, const char *fmt, ...);

static inline bool pwc_out_full(const struct pwc_out *o)
{
	return o->full;
}

/* A physical address as the reader of @o may see it. */
static inline u64 pwc_out_pa(const struct pwc_out *o, u64 pa)
{
	return o->hide_phys ? 0 : pa;
}

/**
 * struct pwc_param - one parameter of a model's spec ("entries=24")
 * @name: its name in the spec
 * @offset: offsetof() its u32 in struct pwc_config
 * @quiet: left out of the canonical spec while at the default
 * @shape: a shape, not a size: a spec that gives only shapes ("tpc:ways=1")
 *	is still sized to a storage budget, keeping them
 * @level: the paging level whose cache it sizes, if only walks of that
 *	many levels have one ("l5"): refused with fewer (0: any walk)
 */
struct pwc_param {
	const char *name;
	size_t offset;
	bool quiet;
	bool shape;
	unsigned char level;
};

#define PWC_PARAM(pname, field) \
	{ .name = pname, .offset = offsetof(struct pwc_config, field) }
/* "l5=N": the L5 cache of 5-level walks; quiet at the default. */
#define PWC_PARAM_L5(field) \
	{ .name = "l5", .offset = offsetof(struct pwc_config, field), \
	  .quiet = true, .level = 5 }
/* "ways=W" of a set-associative model: quiet at 0 (fully associative), a shape. */
#define PWC_PARAM_WAYS \
	{ .name = "ways", .offset = offsetof(struct pwc_config, ways), \
	  .quiet = true, .shape = true }

/**
 * struct pwc_ops - one model: its spec, its storage and its behaviour
 * @name: the spec's name ("tpc")
 * @defaults: the configuration of the bare name (@kind is set for it)
 * @params: the spec's parameters, in canonical order; @nparams of them
 * @check: NULL, or -EINVAL with a message in @err for a bad configuration
 * @bits: storage of a configuration (NULL: none); PWC_BITS_UNBOUNDED
 * @size: NULL for a model that ignores budgets; else set @cfg (holding
 *	the defaults) to @n steps of growth: the storage must grow linearly
 *	in @n, and every parameter be at least @n
 */
struct pwc_ops {
	const char *name;
	struct pwc_config defaults;
	const struct pwc_param *params;
	unsigned int nparams;
	int (*check)(const struct pwc_config *cfg, char *err, size_t errlen);
	u64 (*bits)(const struct pwc_config *cfg, unsigned int levels);
	void (*size)(struct pwc_config *cfg, u32 n);
	int (*init)(struct pwc_model *m);
	/* Frees what @priv holds; @priv and @mem are freed by the core */
	void (*destroy)(struct pwc_model *m);
	/* The lookup alone: @r's start and base, recency touched, no fill */
	void (*lookup)(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r);
	/*
	 * Lookup, shadow check and fill of one walk (the same as @lookup,
	 * pwc_shadow_check() and the model's fill), @r zeroed on entry and
	 * whole on return (its accesses too)
	 */
	void (*access)(struct pwc_model *m, const struct pwc_walk *w,
		       struct pwc_result *r);
	/*
	 * pwc_access_batch() of @n valid walks: the model's @access
	 * inlined into pwc_batch_loop(); @r: the results, or NULL
	 */
	void (*batch)(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		      struct pwc_result *r);
	void (*invalidate)(struct pwc_model *m, u64 start, u64 end);
	void (*clear)(struct pwc_model *m);
	void (*dump)(struct pwc_model *m, struct pwc_out *o);
	/* NULL, or the index+base parts held and those another entry repeats */
	void (*redundancy)(struct pwc_model *m, u64 *parts, u64 *redundant);
	/* The most entries one access or invalidation visits (pwc_cost()) */
	u64 (*cost)(const struct pwc_model *m);
	/*
	 * The lookup probes one level after another, each keyed by what the
	 * level above gave; else (false) every level at once.
	 * The timed IOMMU charges a cycle per probe (pwc_lookup_cycles()).
	 */
	bool serial_lookup;
};

/**
 * struct pwc_model - one model instance
 * @ops: the model's operations
 * @cfg: its configuration
 * @stats: its counters
 * @clock: recency stamp source for LRU (one tick per touch)
 * @priv: the model's own state (pwc_zalloc()), freed with the model
 * @mem: its arrays in one block (pwc_zalloc_parts()), freed with it
 */
struct pwc_model {
	const struct pwc_ops *ops;
	struct pwc_config cfg;
	struct pwc_stats stats;
	u64 clock;
	void *priv;
	void *mem;
};

/* The registry (pwc_registry.c): a kind's ops; NULL past the last. */
const struct pwc_ops *pwc_kind_ops(enum pwc_kind kind);
const char *pwc_kind_name(enum pwc_kind kind);
/* Does @kind grow with a storage budget (pwc_size_for_budget())? */
bool pwc_kind_sized(enum pwc_kind kind);

/* Specs: "tpc:entries=24", "cpwc:l4=2,l3=4,blocks=62,ways=1", ... */
int pwc_parse_spec(const char *spec, struct pwc_config *cfg, char *err,
		   size_t errlen);
/*
 * The one call from a spec to a configuration: a spec as parsed, or a
 * bare name ("tpc") or one giving only shapes ("tpc:ways=1") sized to
 * @budget_bits of storage at @levels (0: no budget: the defaults), the
 * shapes kept.  -EINVAL (also: the sized geometry does not divide),
 * -ENOSPC (nothing fits), -ERANGE (over the cap), with a message in @err.
 */
int pwc_config_from_spec(const char *spec, u64 budget_bits,
			 unsigned int levels, struct pwc_config *cfg,
			 char *err, size_t errlen);
int pwc_format_spec(const struct pwc_config *cfg, char *buf, size_t len);
/*
 * The largest configuration of @kind within @bits; the defaults for a
 * kind that is not sized.  -ENOSPC if not even the smallest fits, -ERANGE
 * if the result is over the cap.
 */
int pwc_size_for_budget(enum pwc_kind kind, u64 bits, unsigned int levels,
			struct pwc_config *cfg);
/*
 * @kind's defaults grown to @n steps (its ops' size: a model of one table
 * @n entries, ...); -EINVAL if @kind is not sized or the result is over
 * the cap.
 */
int pwc_size_steps(enum pwc_kind kind, u32 n, struct pwc_config *cfg);

/*
 * The check of "entries=E,ways=W" of a model of one table: W at most E
 * and dividing it; -EINVAL with a message naming @name otherwise.
 */
int pwc_check_ways(const char *name, const struct pwc_config *cfg, char *err,
		   size_t errlen);

/* Storage in bits per the paper's accounting (Documentation/models.rst). */
u64 pwc_bits(const struct pwc_config *cfg, unsigned int levels);

struct pwc_model *pwc_create(const struct pwc_config *cfg);
void pwc_destroy(struct pwc_model *m);

/*
 * A model's arrays in one zeroed allocation: each part's pointer (@at, the
 * address of a pointer member) is set to @bytes of the block, each part
 * PWC_PART_ALIGN-aligned, a part of 0 bytes included.  Returns the block,
 * freed by pwc_free() alone, or NULL with no pointer set.
 */
#define PWC_PART_ALIGN 64
struct pwc_part {
	void *at;
	size_t bytes;
};

void *pwc_zalloc_parts(const struct pwc_part *part, unsigned int n);

/*
 * The shadow check (is the supplied base the real walk's?) and the cost;
 * a second call changes nothing.
 */
static inline void pwc_shadow_check(const struct pwc_walk *w,
				    struct pwc_result *r)
{
	if (!r->stale && r->start < w->levels &&
	    (r->start < w->end || r->pba != w->base[r->start]))
		r->stale = 1;
	if (!r->accesses)
		r->accesses = r->start >= w->end ? r->start - w->end + 1 : 1;
}

/*
 * Is @pba, supplied by a hit on the full path down to L2, the walk's own
 * PBA(L1)?  Then the hit is not stale (start 1, one access).
 */
static inline bool pwc_l2_hit_ok(const struct pwc_walk *w, u64 pba)
{
	return w->end == 1 && pba == w->base[1];
}

/* A result's statistics (pwc_access()'s accounting). */
static inline void pwc_account(struct pwc_model *m, const struct pwc_walk *w,
			       const struct pwc_result *r)
{
	m->stats.lookups++;
	if (r->start < w->levels)
		m->stats.hits[r->start]++;
	else
		m->stats.misses++;
	m->stats.accesses += r->accesses;
	m->stats.stale += r->stale;
}

/*
 * Does @w repeat @prev down to its L1 table: a 4 KiB leaf (or a fault at
 * L1) in the same 2 MiB region, at the same paging levels, through the
 * same tables?  Then a model looks up both alike: a lookup reads a walk's
 * tags above its L1 index and its table bases, never the page itself.
 */
static inline bool pwc_walk_repeats(const struct pwc_walk *w,
				    const struct pwc_walk *prev)
{
	unsigned int k;

	if ((w->va ^ prev->va) >> 21 || w->levels != prev->levels ||
	    w->end != 1 || prev->end != 1 || w->fault != prev->fault)
		return false;
	for (k = 1; k <= w->levels && k <= PWC_MAX_LEVELS; k++)
		if (w->base[k] != prev->base[k])
			return false;
	return true;
}

/* A model's access op (struct pwc_ops), for pwc_batch_loop(). */
typedef void (*pwc_access_fn)(struct pwc_model *m, const struct pwc_walk *w,
			      struct pwc_result *r);

/*
 * The one batch loop: @access (a model's own, inlined: each model's batch
 * op is this loop's one caller with its access function) and the
 * accounting of each address of @n valid walks, each standing for its
 * @repeats + 1 addresses; @r: one result an address, or NULL.  Returns
 * the addresses.  The counters that the access functions never touch are
 * kept in locals and stored once.
 *
 * A walk's repeats are looked up as the walk itself (a lookup reads no
 * address bit below the L1 index) until a result is a non-stale L2 hit;
 * the repeats left are then that hit again, counted without a lookup or
 * a test of their own: the hit filled nothing and left what it touched
 * the most recent of the model's tables, in the order it touched them,
 * so the same lookup would find the same entries and touch them in the
 * same order, changing nothing but the recency clock
 * (Documentation/models.rst: the contract every model keeps).
 * @stateless (a constant: the model keeps nothing, its result a function
 * of the walk alone): every repeat is the walk's result again, whatever
 * it is.
 */
static __always_inline u64 pwc_batch_loop(struct pwc_model *m,
					  const struct pwc_walk *w, u32 n,
					  struct pwc_result *r,
					  pwc_access_fn access,
					  bool stateless)
{
	u64 hits[PWC_MAX_LEVELS + 1] = { 0 }, misses = 0, accesses = 0;
	u64 stale = 0, other = 0, at = 0, times, rest, j;
	struct pwc_result x;
	unsigned int k;
	u32 i, done;	/* @done: w[i]'s repeats looked up so far */

	for (i = 0, done = 0; i < n;) {
		x = (struct pwc_result){ 0 };
		access(m, &w[i], &x);
		if (x.start == 1 && !x.stale) {
			/*
			 * The stream's common result, counted at the end (a
			 * non-stale L2 hit reads the leaf alone), with the
			 * rest of the walk's addresses.
			 */
			rest = w[i].repeats - done;
			for (j = 0; r && j <= rest; j++)
				r[at + j] = x;
			at += rest + 1;
			i++;
			done = 0;
			continue;
		}
		times = stateless ? (u64)w[i].repeats + 1 : 1;
		for (j = 0; r && j < times; j++)
			r[at + j] = x;
		at += times;
		other += times;
		if (x.start < w[i].levels)
			hits[x.start] += times;
		else
			misses += times;
		accesses += times * x.accesses;
		stale += times * x.stale;
		if (stateless || done == w[i].repeats) {
			i++;
			done = 0;
		} else {
			done++;	/* the next address: looked up again */
		}
	}
	/* the L2 hits and their repeats: every address not counted above */
	hits[1] += at - other;
	accesses += at - other;
	m->stats.lookups += at;
	for (k = 0; k <= PWC_MAX_LEVELS; k++)
		m->stats.hits[k] += hits[k];
	m->stats.misses += misses;
	m->stats.accesses += accesses;
	m->stats.stale += stale;
	return at;
}

/* Is @w a walk pwc_access() accepts? */
static inline bool pwc_walk_valid(const struct pwc_walk *w)
{
	return w->levels >= 4 && w->levels <= PWC_MAX_LEVELS && w->end >= 1 &&
	       w->end <= w->levels;
}

/*
 * pwc_access_batch() flag: the caller has checked the walks with
 * pwc_walks_valid() (once for all the models it feeds them to).
 */
#define PWC_BATCH_VALID 1u

/*
 * pwc_walk_valid() of each of @n walks, and a walk with repeats ends at
 * L1 (pwc_walk_repeats(): its repeats are not in the array to check).
 */
bool pwc_walks_valid(const struct pwc_walk *w, u32 n);
/*
 * The walks of @n addresses, one each (their @repeats not read), merged
 * in place: each walk that repeats the one before (pwc_walk_repeats())
 * becomes a repeat of the walk kept before it.  Returns the walks kept,
 * at the array's start, each with its @repeats.
 */
u32 pwc_walks_merge(struct pwc_walk *w, u32 n);

/* The addresses @n walks stand for: each its @repeats + 1. */
static inline u64 pwc_walks_addresses(const struct pwc_walk *w, u32 n)
{
	u64 at = n;
	u32 i;

	for (i = 0; i < n; i++)
		at += w[i].repeats;
	return at;
}

/*
 * pwc_access() of the addresses of @n walks in turn, each walk standing
 * for its @repeats + 1 (pwc_walks_merge()), in one call (the model's
 * batch op); -EINVAL, with nothing done, if one of them is not a walk or
 * has repeats but does not end at L1 (pwc_walks_valid()).  @r: a result
 * for each address (pwc_walks_addresses()), or NULL when only the
 * statistics are wanted.  @flags: PWC_BATCH_VALID or 0.
 */
int pwc_access_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		     struct pwc_result *r, unsigned int flags);

/*
 * Lookup and shadow check only: no statistics, no fill; -EINVAL, with
 * @r zeroed and the model untouched, if @w is not a walk (as
 * pwc_access()).
 */
int pwc_lookup(struct pwc_model *m, const struct pwc_walk *w,
	       struct pwc_result *r);
/*
 * Lookup, shadow check, accounting and fill of one walk; -EINVAL, with
 * @r zeroed and the model untouched, if @w is not a walk (levels other
 * than 4 or 5, end outside 1..levels).
 */
int pwc_access(struct pwc_model *m, const struct pwc_walk *w,
	       struct pwc_result *r);
/* pwc_access() without the fill: a walk that must not be cached. */
int pwc_access_nofill(struct pwc_model *m, const struct pwc_walk *w,
		      struct pwc_result *r);
/*
 * The most entries one pwc_access() or pwc_invalidate() of @m visits: the
 * unit in which pwcsim.ko budgets work between scheduling points.
 */
u64 pwc_cost(const struct pwc_model *m);
void pwc_invalidate(struct pwc_model *m, u64 start, u64 end);
void pwc_reset(struct pwc_model *m);
void pwc_clear(struct pwc_model *m);
void pwc_dump(struct pwc_model *m, struct pwc_out *o);
bool pwc_redundancy(struct pwc_model *m, u64 *parts, u64 *redundant);

/*
 * Internal to the model sources: the registry's rows (pwc_models.h), one
 * declaration of them all (pwc_models_end, never defined, ends the list).
 */
#define PWC_MODEL(KIND, name) pwc_##name##_ops,
extern const struct pwc_ops
#include "pwc_models.h"
	pwc_models_end;
#undef PWC_MODEL

/*
 * Core cycles of one lookup of @m at @levels, for the timed IOMMU
 * (userspace/iommu/): one for a cache probed at every level at once (the
 * paper's 147 ps direct-mapped PWC and 154 ps CPWC in 16 nm, each within
 * a cycle of GPGPU-Sim's 700 MHz GTX 480 core clock), one a level below
 * the root for a serial lookup.
 */
static inline unsigned int pwc_lookup_cycles(const struct pwc_model *m,
					     unsigned int levels)
{
	return m->ops->serial_lookup ? levels - 1 : 1;
}

static inline u64 pwc_tick(struct pwc_model *m)
{
	return ++m->clock;
}

#endif /* _PWC_H */
