// SPDX-License-Identifier: GPL-2.0
/*
 * model_set.c - models side by side (model_set.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

	if (s->n == s->ecap) {
		e = realloc(s->e, (s->ecap * 2 + 8) * sizeof(*e));
		if (!e) {
			fprintf(stderr, "pwcsim: out of memory\n");
			return -1;
		}
		s->e = e;
		s->ecap = s->ecap * 2 + 8;
	}
	e = &s->e[s->n];
	memset(e, 0, sizeof(*e));
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

/* Room for @n walks; false if there is none (nothing changed). */
static bool model_set_room(struct model_set *s, unsigned int n)
{
	struct pwc_walk *w;

	if (n <= s->cap)
		return true;
	w = realloc(s->w, (size_t)n * sizeof(*w));
	if (!w)
		return false;
	s->w = w;
	s->cap = n;
	return true;
}

/*
 * model_set_access_batch() of walks known to be valid (@valid, else they
 * are checked here, once for all the models).
 */
static void model_set_feed(struct model_set *s, const struct pwc_walk *w,
			   unsigned int n, unsigned int addresses,
			   unsigned long long uncached,
			   struct pwc_result *res, bool valid)
{
	unsigned int i, flags = 0;

	s->walks += addresses;
	s->uncached += uncached;
	if (valid || pwc_walks_valid(w, n))
		flags = PWC_BATCH_VALID;	/* else each model refuses them */
	for (i = 0; i < s->n; i++)
		pwc_access_batch(s->e[i].m, w, n,
				 res ? &res[(size_t)i * addresses] : NULL,
				 flags);
}

void model_set_access_batch(struct model_set *s, const struct pwc_walk *w,
			    unsigned int n, unsigned int addresses,
			    unsigned long long uncached,
			    struct pwc_result *res)
{
	model_set_feed(s, w, n, addresses, uncached, res, false);
}

int model_set_access_va(struct model_set *s, const struct pwc_synth *pt,
			const unsigned long long *va, unsigned int n,
			struct pwc_result *res, bool shortcut)
{
	unsigned long long uncached;

	if (!model_set_room(s, n)) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->nw = pwc_synth_walks(pt, va, n, shortcut, s->w, &uncached);
	model_set_feed(s, s->w, s->nw, n, uncached, res, pwc_synth_valid(pt));
	return 0;
}

char *model_set_dump(const struct model_set *s, unsigned int i)
{
	struct pwc_out o = { 0 };

	pwc_dump(s->e[i].m, &o);	/* measure */
	o.size = o.len + 1;
	o.buf = malloc(o.size);
	if (!o.buf) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return NULL;
	}
	o.len = 0;
	o.buf[0] = '\0';	/* a model with nothing to show writes nothing */
	pwc_dump(s->e[i].m, &o);
	return o.buf;
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

void model_result_warn_capped(const struct model_result *m,
			      unsigned int levels)
{
	if (m->st.evictions &&
	    pwc_bits(&m->cfg, levels) == PWC_BITS_UNBOUNDED)
		fprintf(stderr, "pwcsim: warning: %s keeps at most %u keys a level and met that cap: %llu keys not kept, so its hits under-report this stream's (its row is no upper bound here)\n",
			m->given, PWC_IDEAL_MAX_KEYS,
			(unsigned long long)m->st.evictions);
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
	free(s->e);
	s->e = NULL;
	s->n = 0;
	s->ecap = 0;
	free(s->w);
	s->w = NULL;
	s->cap = 0;
}
