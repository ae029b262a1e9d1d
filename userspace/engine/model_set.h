/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model_set.h - the models one run compares side by side: created from
 * spec strings (bare names sized to a storage budget), fed the same walks,
 * and reported in one statistics table (the same shape for every command).
 */
#ifndef MODEL_SET_H
#define MODEL_SET_H

#include <linux/pwcsim.h>

#include "pwc.h"
#include "output/table.h"

/* As many as a pwcsim.ko session holds. */
#define MODEL_SET_MAX PWCSIM_MAX_MODELS

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
	struct model_entry e[MODEL_SET_MAX];
	unsigned long long walks;
	unsigned long long uncached;	/* accesses with no cache at all */
	/* model_set_access_4k()'s walks, shared by several models */
	struct pwc_walk *w;
	unsigned int wcap;
};

void model_set_init(struct model_set *s, unsigned int levels);
/* 0, or -1 with a message naming the problem. */
int model_set_add(struct model_set *s, const char *spec,
		  unsigned long long budget_bits);
/*
 * @n walks through every model (pwc_access_batch(): each model's batch op
 * once), the results in @res[model * @n + i] (@res NULL: only the
 * statistics); @uncached: the walks' reads with no cache (as
 * pwc_synth_walks() returns them); @flags: PWC_BATCH_* (the walks are
 * checked once for all the models unless PWC_BATCH_VALID says the caller
 * knows them to be walks).
 */
void model_set_access_batch(struct model_set *s, const struct pwc_walk *w,
			    unsigned int n, unsigned long long uncached,
			    struct pwc_result *res, unsigned int flags);
/*
 * The same for the walks of @va[0..@n) on the synthetic table with 4 KiB
 * leaves at the set's levels (4 or 5): each model builds what it reads of
 * each walk (pwc_access_batch4k()), unless several share walks built
 * once and skip their runs (pwc_synth_walks() in a buffer of the set's,
 * pwc_access_batch_runs(): without results, with the shortcut, and a
 * quarter of the batch or more runs); @flags: PWC_BATCH_SAME2M or 0.
 */
void model_set_access_4k(struct model_set *s, const unsigned long long *va,
			 unsigned int n, struct pwc_result *res,
			 unsigned int flags);
/* Each model's outcome into @out (s->n of them). */
void model_set_results(const struct model_set *s, struct model_result *out);
/*
 * The statistics table of `replay` and `run`: @n models at @levels;
 * @uncached is the accesses with no cache at all.
 */
void model_results_table(const struct model_result *r, unsigned int n,
			 unsigned int levels, unsigned long long uncached,
			 struct table *t);
void model_set_free(struct model_set *s);

#endif /* MODEL_SET_H */
