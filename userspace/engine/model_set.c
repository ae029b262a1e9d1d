// SPDX-License-Identifier: GPL-2.0
/*
 * model_set.c - models side by side (model_set.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc_synth.h"
#include "engine/model_set.h"

void model_set_init(struct model_set *s, unsigned int levels)
{
	memset(s, 0, sizeof(*s));
	s->levels = levels;
}

int model_set_add(struct model_set *s, const char *spec,
		  unsigned long long budget_bits)
{
	struct model_entry *e;
	char err[160];

	if (s->n == MODEL_SET_MAX) {
		fprintf(stderr, "pwcsim: at most %d models\n", MODEL_SET_MAX);
		return -1;
	}
	e = &s->e[s->n];
	if (strlen(spec) >= PWC_SPEC_LEN) {
		fprintf(stderr, "pwcsim: model spec longer than %d characters\n",
			PWC_SPEC_LEN - 1);
		return -1;
	}
	if (pwc_config_from_spec(spec, budget_bits, s->levels, &e->cfg, err,
				 sizeof(err))) {
		fprintf(stderr, "pwcsim: model '%s': %s\n", spec, err);
		return -1;
	}
	pwc_format_spec(&e->cfg, e->spec, sizeof(e->spec));
	e->m = pwc_create(&e->cfg);
	if (!e->m) {
		fprintf(stderr, "pwcsim: model '%s': out of memory\n", spec);
		return -1;
	}
	e->given = spec;
	s->n++;
	return 0;
}

/* @n walks more, with @uncached reads without a cache. */
static void model_set_count(struct model_set *s, unsigned int n,
			    unsigned long long uncached)
{
	s->walks += n;
	s->uncached += uncached;
}

void model_set_access_batch(struct model_set *s, const struct pwc_walk *w,
			    unsigned int n, unsigned long long uncached,
			    struct pwc_result *res, unsigned int flags)
{
	unsigned int i;

	model_set_count(s, n, uncached);
	/* checked once for all the models (else each refuses them) */
	if (!(flags & PWC_BATCH_VALID) && pwc_walks_valid(w, n))
		flags |= PWC_BATCH_VALID;
	for (i = 0; i < s->n; i++)
		pwc_access_batch(s->e[i].m, w, n,
				 res ? &res[(size_t)i * n] : NULL, flags);
}

/* Room for @n walks in s->w; false if there is none (nothing changed). */
static bool model_set_walks_room(struct model_set *s, unsigned int n)
{
	struct pwc_walk *w;

	if (n <= s->wcap)
		return true;
	w = realloc(s->w, (size_t)n * sizeof(*w));
	if (!w)
		return false;
	s->w = w;
	s->wcap = n;
	return true;
}

/*
 * The walks of @va[0..@n) through every model without results, those
 * whose shortcut holds for the whole batch given only the walks not
 * marked run (pwc_access_batch_runs(), built once in s->w with a copy of
 * those not marked behind them); false, with nothing done, if there is
 * no room for them.
 */
static bool model_set_access_runs(struct model_set *s,
				  const unsigned long long *va,
				  unsigned int n, unsigned int flags)
{
	struct pwc_synth pt = { .levels = s->levels };
	struct pwc_walk *w, *c;
	unsigned int i, nc = 0;

	if (!model_set_walks_room(s, 2 * n))
		return false;
	w = s->w;
	c = s->w + n;
	model_set_count(s, n, pwc_synth_walks(&pt, va, n, w));
	for (i = 0; i < n; i++)
		if (!w[i].run)
			c[nc++] = w[i];
	flags |= PWC_BATCH_VALID;
	/* a model whose shortcut does not hold refuses the copy */
	for (i = 0; i < s->n; i++)
		if (pwc_access_batch_runs(s->e[i].m, c, nc, n - nc, flags))
			pwc_access_batch(s->e[i].m, w, n, NULL, flags);
	return true;
}

/* How many of the walks of @va[0..@n) are runs (pwc_synth_walks()). */
static unsigned int model_set_runs(const unsigned long long *va,
				   unsigned int n)
{
	unsigned int i, runs = 0;

	for (i = 1; i < n; i++)
		runs += !((va[i] ^ va[i - 1]) >> 21);
	return runs;
}

/*
 * Several models share walks built once only when at least a quarter of
 * a batch are runs that they skip (model_set_access_runs()): each model
 * testing each run mark mispredicts on a stream like RAY's, and the
 * copy tests them once (paired, all six on RAY x6: 1.35 times as fast
 * as by addresses, though callgrind counts 9 % more instructions).
 * Otherwise each model builds what it reads of each walk from the
 * addresses, which costs less than building every walk whole and
 * reading it from memory (callgrind, all six on 2mm: 3 to 6 % fewer
 * instructions; paired, about the same time).
 */
void model_set_access_4k(struct model_set *s, const unsigned long long *va,
			 unsigned int n, struct pwc_result *res,
			 unsigned int flags)
{
	unsigned int i;

	if (s->n > 1 && !res && (flags & PWC_BATCH_SAME2M) &&
	    model_set_runs(va, n) >= n / 4 &&
	    model_set_access_runs(s, va, n, flags))
		return;
	model_set_count(s, n, (unsigned long long)n * s->levels);
	for (i = 0; i < s->n; i++)
		pwc_access_batch4k(s->e[i].m, va, n, s->levels,
				   res ? &res[(size_t)i * n] : NULL, flags);
}

void model_set_results(const struct model_set *s, struct model_result *out)
{
	unsigned int i;

	for (i = 0; i < s->n; i++) {
		memset(&out[i], 0, sizeof(out[i]));
		out[i].given = s->e[i].given;
		memcpy(out[i].spec, s->e[i].spec, sizeof(out[i].spec));
		out[i].cfg = s->e[i].cfg;
		out[i].st = s->e[i].m->stats;
		out[i].has_redundancy = pwc_redundancy(s->e[i].m,
						       &out[i].parts,
						       &out[i].redundant);
	}
}

void model_results_table(const struct model_result *r, unsigned int n,
			 unsigned int levels, unsigned long long uncached,
			 struct table *t)
{
	const struct pwc_stats *st;
	unsigned int i, c, k;
	unsigned long long bits;

	table_cols(t, "model:s config:s bits:u lookups:u l2_hits:u l3_hits:u "
		      "l4_hits:u");
	if (levels == 5)
		table_col(t, "l5_hits", CELL_U64);
	table_cols(t, "misses:u accesses:u l2_hit_rate:p saved_vs_none:p "
		      "stale:u");
	for (i = 0; i < n; i++) {
		st = &r[i].st;
		table_row(t);
		c = 0;
		table_str(t, c++, r[i].given);
		table_str(t, c++, r[i].spec);
		bits = pwc_bits(&r[i].cfg, levels);
		if (bits == PWC_BITS_UNBOUNDED)
			c++;
		else
			table_u64(t, c++, bits);
		table_u64(t, c++, st->lookups);
		for (k = 1; k < levels; k++)
			table_u64(t, c++, st->hits[k]);
		table_u64(t, c++, st->misses);
		table_u64(t, c++, st->accesses);
		/* no lookup, no walk: no rate (null, not 0 %) */
		if (st->lookups)
			table_f64(t, c++, pct(st->hits[1], st->lookups));
		else
			table_null(t, c++);
		if (uncached)
			table_f64(t, c++, 100.0 - pct(st->accesses, uncached));
		else
			table_null(t, c++);
		table_u64(t, c++, st->stale);
	}
}

void model_set_free(struct model_set *s)
{
	unsigned int i;

	for (i = 0; i < s->n; i++)
		pwc_destroy(s->e[i].m);
	s->n = 0;
	free(s->w);
	s->w = NULL;
	s->wcap = 0;
}
