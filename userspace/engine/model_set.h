/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model_set.h - the models one run compares side by side: created from
 * spec strings (bare names sized to a storage budget), fed the same walks,
 * and reported in one statistics table (the same shape for every command).
 */
#ifndef MODEL_SET_H
#define MODEL_SET_H

#include "pwc.h"
#include "pwc_synth.h"
#include "output/table.h"

/*
 * Walks fed to the models at once, by every caller (replay, the synthetic
 * backend, the bench): 256 walks (16 KiB) stay in the L1 cache while each
 * model reads them.
 */
#define MODEL_SET_BATCH 256

struct model_entry {
	const char *given;		/* the spec as the user wrote it */
	char spec[PWC_SPEC_LEN];	/* canonical, as sized */
	struct pwc_config cfg;
	struct pwc_model *m;
};

/* One model's outcome, without the model: what a run reports. */
struct model_result {
	const char *given;		/* the spec as the user wrote it */
	char spec[PWC_SPEC_LEN];	/* canonical, as sized */
	struct pwc_config cfg;
	struct pwc_stats st;
	bool has_redundancy;		/* TPC, CPWC: at the end of the run */
	unsigned long long parts, redundant;
};

struct model_set {
	unsigned int levels;
	unsigned int n;
	struct model_entry *e;		/* n of them, room for ecap */
	unsigned int ecap;
	unsigned long long walks;
	unsigned long long uncached;	/* accesses with no cache at all */
	/* model_set_access_va()'s walks, built once for all the models */
	struct pwc_walk *w;
	unsigned int nw;		/* of them, from the last call */
	unsigned int cap;		/* of @w */
};

void model_set_init(struct model_set *s, unsigned int levels);
/* 0, or -1 with a message naming the problem. */
int model_set_add(struct model_set *s, const char *spec,
		  unsigned long long budget_bits);
/*
 * The @addresses of @n walks (each standing for its @repeats + 1:
 * pwc_walks_merge()) through every model (each model's batch op), the
 * results in @res[model * @addresses + i] (@res NULL: only the
 * statistics); @uncached: the addresses' reads with no cache (as
 * pwc_synth_walks() gives them).  The walks are checked once for all the
 * models: a batch holding one that is not a walk, or one with repeats
 * that does not end at L1, is refused by each.  A walk's repeats are
 * looked up as the walk until its result is a non-stale L2 hit, and the
 * rest are that hit again, counted without a lookup.
 */
void model_set_access_batch(struct model_set *s, const struct pwc_walk *w,
			    unsigned int n, unsigned int addresses,
			    unsigned long long uncached,
			    struct pwc_result *res);
/*
 * The same for the walks of @va[0..@n) on the synthetic table @pt (its
 * levels the set's), built once for all the models, merged unless not
 * @shortcut (then every address is looked up); -1 with a message if
 * there is no memory for them (nothing done), else 0.
 */
int model_set_access_va(struct model_set *s, const struct pwc_synth *pt,
			const unsigned long long *va, unsigned int n,
			struct pwc_result *res, bool shortcut);
/*
 * Model @i's contents as pwc_dump() writes them, in a string to free;
 * NULL, with a message, if there is no memory for it.
 */
char *model_set_dump(const struct model_set *s, unsigned int i);
/* Each model's outcome into @out (s->n of them). */
void model_set_results(const struct model_set *s, struct model_result *out);
/*
 * A model without a bound on its storage (ideal) that evicted met the cap
 * on what it keeps (pwc_ideal.c): its hits under-report the stream's, and
 * its row is no upper bound.  Said on stderr, after a run (every run:
 * replay, run, report, with or without --timing).
 */
void model_result_warn_capped(const struct model_result *m,
			      unsigned int levels);
/*
 * The statistics table of `replay` and `run`: @n models at @levels;
 * @uncached is the accesses with no cache at all.
 */
void model_results_table(const struct model_result *r, unsigned int n,
			 unsigned int levels, unsigned long long uncached,
			 struct table *t);
void model_set_free(struct model_set *s);

#endif /* MODEL_SET_H */
