// SPDX-License-Identifier: GPL-2.0
/*
 * run_synthetic.c - the userspace backend of the run engine
 * (run_engine.h, --userspace, and `replay`): an IOTLB, the synthetic page
 * table (pwc_synth.h) and the models, all in this process: up to
 * RUN_MAX_MODELS models in one model set, fed the same walks; with the
 * options only it has, huge ranges, per-access results, dumps and a
 * model's every size from one pass (size_sweep.h).
 */
#include <stdio.h>
#include <stdlib.h>

#include "pwc_synth.h"
#include "pwc_tlb.h"
#include "engine/run_engine.h"
#include "engine/size_sweep.h"

/* Addresses per feed: any size works; this keeps the batch in cache. */
#define RUN_SYNTHETIC_BATCH 65536

struct run_synthetic {
	struct model_set set;
	struct pwc_synth pt;
	struct pwc_tlb tlb;
	struct pwc_tlb also;			/* run_config.tlb_also */
	void (*on_walk)(void *arg, unsigned long long va);
	void *walk_arg;
	bool shortcut;			/* repeats merged: not --no-shortcut */
	void (*on_results)(void *arg, const unsigned long long *va,
			   unsigned int n, const struct pwc_result *res);
	void *results_arg;
	struct pwc_result *res;		/* MODEL_SET_BATCH per model */
	bool dump;
	bool warned;			/* of an address above 4 levels' */
	unsigned long long fed;		/* addresses taken (feeds before) */
	const struct size_sweep *sweep;	/* run_config.sizes, or NULL */
	void *sw;			/* the sweep's state */
	enum pwc_kind sizes_kind;
	unsigned int sizes;
	unsigned int nw;				/* walks held */
	unsigned long long reads;		/* theirs with no cache */
	/* TLB misses walked and fed to the models at once */
	struct pwc_walk w[MODEL_SET_BATCH];
};

/*
 * The walks held, merged unless --no-shortcut (pwc_walks_merge()),
 * through every model's batch op and the sweep of sizes; 0, or -1 with a
 * message.
 */
static int synthetic_flush(struct run_synthetic *s)
{
	int ret = s->sw ? s->sweep->walks(s->sw, s->w, s->nw) : 0;
	unsigned int nw = s->shortcut ? pwc_walks_merge(s->w, s->nw) : s->nw;

	model_set_access_batch(&s->set, s->w, nw, s->nw, s->reads, NULL);
	s->nw = 0;
	s->reads = 0;
	return ret;
}

/* run_config.sizes: its model's sweep, checked; 0, or -1 with a message */
static int synthetic_sweep(struct run_synthetic *s,
			   const struct run_config *cfg)
{
	const char *name = pwc_kind_name(cfg->sizes_kind);

	s->sweep = size_sweep_of(cfg->sizes_kind);
	if (!s->sweep) {
		fprintf(stderr, "pwcsim: %s has no sweep of sizes\n", name);
		return -1;
	}
	if (cfg->sizes > s->sweep->max) {
		fprintf(stderr, "pwcsim: %s's sweep gives at most %u sizes\n",
			name, s->sweep->max);
		return -1;
	}
	if (s->pt.n2m || s->pt.n1g) {
		fprintf(stderr, "pwcsim: sweeps of sizes are for 4 KiB leaves only\n");
		return -1;
	}
	s->sizes_kind = cfg->sizes_kind;
	s->sizes = cfg->sizes;
	return 0;
}

static int synthetic_start(struct run_backend *b, const struct run_config *cfg,
			   int pid, struct run_result *res)
{
	struct run_synthetic *s = calloc(1, sizeof(*s));
	unsigned int i;

	b->priv = s;
	if (!s) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	res->levels = cfg->levels ? cfg->levels : 4;
	if (cfg->synth)
		s->pt = *cfg->synth;
	s->pt.levels = res->levels;
	s->shortcut = !cfg->no_shortcut;
	s->on_results = cfg->on_results;
	s->results_arg = cfg->results_arg;
	s->dump = cfg->dump;
	if (s->on_results && cfg->tlb) {
		fprintf(stderr, "pwcsim: per-access results are for a stream without an IOTLB\n");
		return -1;
	}
	if (cfg->sizes && synthetic_sweep(s, cfg))
		return -1;
	if (s->on_results)
		s->res = malloc((size_t)MODEL_SET_BATCH *
				(cfg->nspecs ? cfg->nspecs : 1) *
				sizeof(*s->res));
	if (s->sweep)
		s->sw = s->sweep->create(res->levels, cfg->sizes);
	if ((s->on_results && !s->res) || (s->sweep && !s->sw)) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	model_set_init(&s->set, res->levels);
	for (i = 0; i < cfg->nspecs; i++)
		if (model_set_add(&s->set, cfg->specs[i], cfg->budget))
			return -1;
	if (pwc_tlb_init(&s->tlb, cfg->tlb, cfg->tlb2m ? PWC_TLB_2M : 0) ||
	    pwc_tlb_init(&s->also, cfg->tlb_also, 0)) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	res->n = cfg->nspecs;
	s->on_walk = cfg->on_walk;
	s->walk_arg = cfg->walk_arg;
	b->batch = RUN_SYNTHETIC_BATCH;
	return 0;
}

/*
 * The second IOTLB (run_config.tlb_also, 4 KiB pages): looked up, and
 * filled on its own misses with the page (no walk: the synthetic table
 * has no other leaf, and is left as the models' walks build it).
 */
static void synthetic_also(struct run_synthetic *s,
			   const unsigned long long *va, unsigned int n)
{
	struct pwc_walk w = { .levels = (u8)s->pt.levels, .end = 1 };
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!pwc_tlb_lookup(&s->also, va[i])) {
			w.va = va[i];
			pwc_tlb_fill(&s->also, &w);
		}
}

/* run_engine.h: an address stream checked against the table's geometry */
bool run_user_addresses(const unsigned long long *va, unsigned int n,
			unsigned long long before, unsigned int levels,
			bool *warned)
{
	unsigned long long any = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		any |= va[i];
	if (any >> 57) {
		for (i = 0; !(va[i] >> 57); i++)
			;
		fprintf(stderr, "pwcsim: address %llu of the stream, 0x%llx, is not a user address (no paging translates one above 0x%llx, 57 bits)\n",
			before + i + 1, va[i], (1ULL << 57) - 1);
		return false;
	}
	if (levels == 4 && any >> 47 && !*warned) {
		for (i = 0; !(va[i] >> 47); i++)
			;
		fprintf(stderr, "pwcsim: warning: address %llu of the stream, 0x%llx, is above 4-level paging's user addresses (0x7fffffffffff): its bits 56..48 are kept as tags above L4 (5-level tables: --levels 5)\n",
			before + i + 1, va[i]);
		*warned = true;
	}
	if (levels == 5 && any >> 56 && !*warned) {
		for (i = 0; !(va[i] >> 56); i++)
			;
		fprintf(stderr, "pwcsim: warning: address %llu of the stream, 0x%llx, is above 5-level paging's user addresses (0xffffffffffffff): replayed, its L5 index in the kernel's half\n",
			before + i + 1, va[i]);
		*warned = true;
	}
	return true;
}

static int synthetic_feed(struct run_backend *b, const unsigned long long *va,
			  unsigned int n)
{
	struct run_synthetic *s = b->priv;
	unsigned long long reads;
	unsigned int i, k;

	if (!run_user_addresses(va, n, s->fed, s->pt.levels, &s->warned))
		return -1;
	s->fed += n;
	if (s->also.t.size)
		synthetic_also(s, va, n);

	if (!s->tlb.t.size) {	/* no IOTLB: every address is a walk */
		for (i = 0; s->on_walk && i < n; i++)
			s->on_walk(s->walk_arg, va[i]);
		for (i = 0; i < n; i += k) {
			k = n - i < MODEL_SET_BATCH ? n - i : MODEL_SET_BATCH;
			if (model_set_access_va(&s->set, &s->pt, &va[i], k,
						s->res, s->shortcut) ||
			    (s->sw && s->sweep->walks(s->sw, s->set.w,
						      s->set.nw)))
				return -1;
			if (s->on_results)
				s->on_results(s->results_arg, &va[i], k,
					      s->res);
		}
		return 0;
	}
	for (i = 0; i < n; i++) {
		if (pwc_tlb_lookup(&s->tlb, va[i]))
			continue;
		if (s->on_walk)
			s->on_walk(s->walk_arg, va[i]);
		pwc_synth_walks(&s->pt, &va[i], 1, false, &s->w[s->nw],
				&reads);
		s->reads += reads;
		pwc_tlb_fill(&s->tlb, &s->w[s->nw]);
		if (++s->nw == MODEL_SET_BATCH && synthetic_flush(s))
			return -1;
	}
	return synthetic_flush(s);
}

/* The rows of the swept model at sizes 1 .. run_config.sizes; 0 or -1. */
static int synthetic_sizes(struct run_synthetic *s, struct run_result *res)
{
	struct model_result *x;
	unsigned int c;

	res->sizes = calloc(s->sizes, sizeof(*res->sizes));
	if (!res->sizes) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	for (c = 1; c <= s->sizes; c++) {
		x = &res->sizes[c - 1];
		/* every size up to the bound is a valid configuration */
		if (pwc_size_steps(s->sizes_kind, c, &x->cfg) ||
		    pwc_format_spec(&x->cfg, x->spec, sizeof(x->spec)) < 0)
			abort();
		x->given = x->spec;
		s->sweep->stats(s->sw, c, &x->st);
	}
	res->nsizes = s->sizes;
	return 0;
}

/* Each model's pwc_dump() text; 0 or -1. */
static int synthetic_dumps(struct run_synthetic *s, struct run_result *res)
{
	unsigned int i;

	res->dumps = calloc(s->set.n ? s->set.n : 1, sizeof(*res->dumps));
	if (!res->dumps) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	for (i = 0; i < s->set.n; i++) {
		res->dumps[i] = model_set_dump(&s->set, i);
		if (!res->dumps[i])
			return -1;
	}
	return 0;
}

static int synthetic_finish(struct run_backend *b, struct run_result *res)
{
	struct run_synthetic *s = b->priv;

	model_set_results(&s->set, res->models);
	res->tlb_lookups = s->tlb.lookups;
	res->tlb_hits = s->tlb.hits;
	res->tlb_also_lookups = s->also.lookups;
	res->tlb_also_hits = s->also.hits;
	res->walks = s->set.walks;
	res->uncached = s->set.uncached;
	if (s->sizes && synthetic_sizes(s, res))
		return -1;
	return s->dump ? synthetic_dumps(s, res) : 0;
}

static void synthetic_stop(struct run_backend *b)
{
	struct run_synthetic *s = b->priv;

	if (!s)
		return;
	model_set_free(&s->set);
	pwc_tlb_free(&s->tlb);
	pwc_tlb_free(&s->also);
	if (s->sw)
		s->sweep->destroy(s->sw);
	free(s->res);
	free(s);
	b->priv = NULL;
}

const struct run_backend_ops run_synthetic_ops = {
	.start = synthetic_start,
	.feed = synthetic_feed,
	.finish = synthetic_finish,
	.stop = synthetic_stop,
};
