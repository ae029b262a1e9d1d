// SPDX-License-Identifier: GPL-2.0
/*
 * engine-test.c - the synthetic backend of the run engine (run_synthetic.c)
 * with more models than a pwcsim.ko session holds: every model of one run
 * (the sized models at ten budgets, and ideal and none) must end with the
 * statistics it has when run alone on the same stream, so a model that is
 * dropped, not fed, fed twice or reported in another's place fails.  This is what makes `pwcsim report`'s budget sweep one pass.
 * Then walks merged with those that repeat them (each walk's @repeats,
 * pwc_batch_loop()) against the same walks one an address, for every
 * kind of the registry and tables too small for a path: the same results,
 * statistics and dumps, and fewer recency ticks where a model that keeps
 * a clock hits.
 * Ends with "engine-test: N passed, N failed".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "engine/run_engine.h"
#include "engine/stream_cache.h"
#include "tests/expect.h"

static const unsigned long long budgets[] = {
	600, 1000, 2000, 3000, 5280, 8000, 12000, 20000, 40000, 80000,
};

#define NBUDGETS (sizeof(budgets) / sizeof(budgets[0]))
#define NSPECS_MAX (NBUDGETS * PWC_KIND_COUNT)

static char spec_buf[NSPECS_MAX][PWC_SPEC_LEN];
static const char *specs[NSPECS_MAX];
static struct run_result all, one;

/* The sized models at every budget, then the unsized ones; their number. */
static unsigned int make_specs(unsigned int levels)
{
	struct pwc_config pc;
	unsigned int b, k, n = 0;

	for (b = 0; b < NBUDGETS; b++)
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			if (pwc_size_for_budget(k, budgets[b], levels, &pc))
				pwc_size_for_budget(PWC_KIND_NONE, 0, 0, &pc);
			pwc_format_spec(&pc, spec_buf[n], PWC_SPEC_LEN);
			specs[n] = spec_buf[n];
			n++;
		}
	for (k = 0; k < PWC_KIND_COUNT; k++)
		if (!pwc_kind_sized(k))
			specs[n++] = pwc_kind_name(k);
	return n;
}

static void one_pass(const char *name, unsigned int levels)
{
	struct run_config cfg = { .specs = specs, .tlb = 64,
				  .userspace = true, .levels = levels };
	struct run_source src = { .w = workload_find(name) };
	unsigned int i, n = make_specs(levels), same = 0;
	char what[160];

	workload_opts_init(&src.wo);
	if (!src.w || workload_size("small", src.w, &src.wo)) {
		expect(0, "the workload");
		return;
	}
	/*
	 * every request, a window of them: behind the L2 the small inputs,
	 * copied in, make no walk
	 */
	src.wo.at = GPU_AT_COALESCED;
	src.wo.window = 20000;
	cfg.nspecs = n;
	snprintf(what, sizeof(what), "%s L%u: %u models (> %d) in one run",
		 name, levels, n, PWCSIM_MAX_MODELS);
	expect(n > 2 * PWCSIM_MAX_MODELS && n <= RUN_MAX_MODELS &&
	       !run_stream(&cfg, &src, &all) && all.n == n && all.walks,
	       what);
	cfg.nspecs = 1;
	for (i = 0; i < n; i++) {
		cfg.specs = &specs[i];
		if (run_stream(&cfg, &src, &one))
			break;
		same += !strcmp(one.models[0].spec, all.models[i].spec) &&
			!memcmp(&one.models[0].st, &all.models[i].st,
				sizeof(one.models[0].st)) &&
			one.models[0].redundant == all.models[i].redundant &&
			one.models[0].parts == all.models[i].parts &&
			one.walks == all.walks && one.uncached == all.uncached &&
			one.tlb_hits == all.tlb_hits &&
			one.addresses == all.addresses;
	}
	snprintf(what, sizeof(what),
		 "%s L%u: each model as when run alone (%u of %u)",
		 name, levels, same, n);
	expect(same == n, what);
}

#define REPEAT_BATCH 256
#define REPEAT_DUMP 65536

/* @m's dump, in @buf (REPEAT_DUMP bytes). */
static void dump_of(struct pwc_model *m, char *buf)
{
	struct pwc_out o = { .buf = buf, .size = REPEAT_DUMP };

	buf[0] = 0;
	pwc_dump(m, &o);
}

/*
 * The next @n addresses of repeat_case()'s stream (@x: its state): 255
 * in 256 in the 2 MiB region of the address before (@va[@n - 1] before the
 * first, unless @first).
 */
static void repeat_stream(unsigned long long *va, unsigned int n,
			    unsigned long long *x, bool first)
{
	unsigned long long prev = va[n - 1];
	unsigned int i;

	for (i = 0; i < n; i++) {
		*x ^= *x << 13;
		*x ^= *x >> 7;
		*x ^= *x << 17;
		if (*x % 256 == 0 || (first && !i))	/* a new region */
			va[i] = (*x >> 8) & ((1ULL << 47) - 1) &
				~((64ULL - 1) << 30);
		else
			va[i] = (prev & ~((1ULL << 21) - 1)) |
				((*x >> 20) & ((1ULL << 21) - 1));
		prev = va[i];
	}
}

/*
 * @spec fed a stream of 4 KiB-leaf walks at @levels, 255 in 256 in the
 * 2 MiB region of the one before, through pwc_access_batch() merged (the
 * synthetic table's merge, which must be pwc_walks_merge()'s) and one an
 * address, batch by batch: results, statistics and
 * dumps must agree; a model with a recency clock that hit at L2 must have
 * ticked less merged (repeats counted without a lookup), and no
 * model more.  @hits: the model must hit at L2 on this stream.
 */
static void repeat_case(const char *spec, unsigned int levels,
			  bool hits)
{
	static unsigned long long va[REPEAT_BATCH];
	static struct pwc_walk w[REPEAT_BATCH];
	static struct pwc_walk plain[REPEAT_BATCH], merged[REPEAT_BATCH];
	static struct pwc_result ra[REPEAT_BATCH], rb[REPEAT_BATCH];
	static char da[REPEAT_DUMP], db[REPEAT_DUMP];
	struct pwc_synth pt = { .levels = levels };
	struct pwc_config cfg;
	struct pwc_model *a, *b;
	unsigned long long x = 0x9e3779b97f4a7c15ULL, reads;
	unsigned int i, n, nw, diff = 0;
	char what[160];

	if (pwc_config_from_spec(spec, 0, levels, &cfg, what, sizeof(what))) {
		expect(0, what);
		return;
	}
	a = pwc_create(&cfg);
	b = pwc_create(&cfg);
	for (n = 0; a && b && n < 200; n++) {
		repeat_stream(va, REPEAT_BATCH, &x, !n);
		pwc_synth_walks(&pt, va, REPEAT_BATCH, false, plain, &reads);
		nw = pwc_synth_walks(&pt, va, REPEAT_BATCH, true, w, &reads);
		/* the synthetic table's merge is pwc_walks_merge()'s */
		memcpy(merged, plain, sizeof(merged));
		diff += pwc_walks_merge(merged, REPEAT_BATCH) != nw ||
			pwc_walks_addresses(w, nw) != REPEAT_BATCH;
		for (i = 0; i < nw; i++)
			diff += !pwc_walk_repeats(&merged[i], &w[i]) ||
				merged[i].va != w[i].va ||
				merged[i].repeats != w[i].repeats;
		pwc_access_batch(a, plain, REPEAT_BATCH, ra, 0);
		/* with results every other batch, without the others */
		pwc_access_batch(b, w, nw, n % 2 ? NULL : rb, 0);
		if (n % 2)
			memcpy(rb, ra, sizeof(rb));
		for (i = 0; i < REPEAT_BATCH; i++)
			diff += ra[i].start != rb[i].start ||
				ra[i].accesses != rb[i].accesses ||
				ra[i].stale != rb[i].stale ||
				ra[i].pba != rb[i].pba;
	}
	if (a && b) {
		dump_of(a, da);
		dump_of(b, db);
	}
	snprintf(what, sizeof(what),
		 "%s L%u: merged repeats, the same results, statistics and dump",
		 spec, levels);
	expect(a && b && !diff &&
	       !memcmp(&a->stats, &b->stats, sizeof(a->stats)) &&
	       !strcmp(da, db), what);
	snprintf(what, sizeof(what), "%s L%u: %s", spec, levels,
		 hits ? "L2 hits, repeats counted without a lookup" :
		 "where it hit, repeats counted without a lookup");
	expect(a && b && (!hits || a->stats.hits[1]) &&
	       b->clock <= a->clock &&
	       (!a->clock || !a->stats.hits[1] || b->clock < a->clock), what);
	pwc_destroy(a);
	pwc_destroy(b);
}

/*
 * @kind, if sized, in tables too small for a path: its smallest size,
 * and four steps of it in sets of two (where that geometry is valid).
 * From the registry: a new model is taken too.
 */
static void small_cases(enum pwc_kind kind, unsigned int levels)
{
	/* ways 0: the size's own */
	static const unsigned int steps[] = { 1, 4 }, ways[] = { 0, 2 };
	const struct pwc_ops *ops = pwc_kind_ops(kind);
	struct pwc_config cfg;
	char spec[PWC_SPEC_LEN];
	unsigned int i;

	for (i = 0; pwc_kind_sized(kind) && i < 2; i++) {
		if (pwc_size_steps(kind, steps[i], &cfg))
			continue;
		if (ways[i])
			cfg.ways = ways[i];
		if ((ops->check && ops->check(&cfg, NULL, 0)) ||
		    pwc_format_spec(&cfg, spec, sizeof(spec)) < 0)
			continue;
		repeat_case(spec, levels, false);
	}
}

int main(void)
{
	unsigned int k, levels;

	struct run_config cfg = { .specs = specs, .nspecs = RUN_MAX_MODELS + 1,
				  .userspace = true };
	struct run_source src = { .w = workload_find("2mm") };

	one_pass("2mm", 4);
	one_pass("BFS", 5);
	workload_opts_init(&src.wo);
	expect(run_stream(&cfg, &src, &all) == -1,
	       "more than RUN_MAX_MODELS models: refused");
	stream_cache_clear();
	for (levels = 4; levels <= 5; levels++) {
		/* every kind of the registry; tables too small for a path */
		for (k = 0; k < PWC_KIND_COUNT; k++)
			repeat_case(pwc_kind_name(k), levels,
				      k != PWC_KIND_NONE);
		for (k = 0; k < PWC_KIND_COUNT; k++)
			small_cases(k, levels);
	}
	return expect_done("engine-test");
}
