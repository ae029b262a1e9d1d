// SPDX-License-Identifier: GPL-2.0
/*
 * report_wins.c - the runs of the "where CPWC wins" map (report_wins.h):
 * every cell of the stream family (optionally behind an IOTLB) through
 * TPC and CPWC at three budgets, and each workload's walk stream (behind the report's IOTLB) measured
 * for its R and locality.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "pwc_synth.h"
#include "pwc_tlb.h"
#include "report/report_wins.h"
#include "report/wins_stream.h"

/* Measured accesses per cell, after the opening pass over the regions. */
#define WINS_ACCESSES 4096

int wins_init(struct wins_map *m, unsigned long long budget)
{
	struct pwc_config c;
	unsigned int b;

	memset(m, 0, sizeof(*m));
	m->accesses = WINS_ACCESSES;
	for (b = 0; b < WINS_NB; b++) {
		m->budget[b] = budget << b;
		if (pwc_size_for_budget(PWC_KIND_TPC, m->budget[b], WINS_LEVELS,
					&c))
			return -1;
		pwc_format_spec(&c, m->tpc[b], PWC_SPEC_LEN);
		if (pwc_size_for_budget(PWC_KIND_CPWC, m->budget[b], WINS_LEVELS,
					&c))
			return -1;
		pwc_format_spec(&c, m->cpwc[b], PWC_SPEC_LEN);
	}
	return 0;
}

/* A cell's models and what stands in front of them. */
struct wins_feed {
	struct pwc_model *mod[2 * WINS_NB];
	struct pwc_synth pt;
	struct pwc_tlb tlb;
	unsigned int iotlb;
};

/* One walk of @va through the 2 x WINS_NB models. */
static void wins_walk(struct wins_feed *f, unsigned long long va)
{
	struct pwc_result r;
	struct pwc_walk w;
	unsigned int i;

	pwc_synth_walk(&f->pt, va, &w);
	if (f->iotlb)
		pwc_tlb_fill(&f->tlb, &w);
	for (i = 0; i < 2 * WINS_NB; i++)
		pwc_access(f->mod[i], &w, &r);
}

/*
 * One region visit at @va: its walk, or with an IOTLB the walks of the
 * visit's pages (WINS_VISIT_PAGES from @va's, in the region) it misses.
 */
static void wins_visit(struct wins_feed *f, unsigned long long va)
{
	unsigned long long base = va >> WINS_REGION_SHIFT << WINS_REGION_SHIFT;
	unsigned long long page, pva;
	unsigned int j;

	if (!f->iotlb)
		return wins_walk(f, va);
	for (j = 0; j < WINS_VISIT_PAGES; j++) {
		page = ((va >> 12) + j) & 511;
		pva = base | page << 12;
		if (!pwc_tlb_lookup(&f->tlb, pva))
			wins_walk(f, pva);
	}
}

/* The 2 x WINS_NB models of @m and its IOTLB into @f; 0 or -1. */
static int wins_feed_init(struct wins_feed *f, const struct wins_map *m)
{
	struct pwc_config cfg;
	unsigned int b;

	memset(f, 0, sizeof(*f));
	f->pt.levels = WINS_LEVELS;
	f->iotlb = m->iotlb;
	if (pwc_tlb_init(&f->tlb, m->iotlb, 0))
		return -1;
	for (b = 0; b < WINS_NB; b++) {
		if (pwc_parse_spec(m->tpc[b], &cfg, NULL, 0))
			return -1;
		f->mod[2 * b] = pwc_create(&cfg);
		if (pwc_parse_spec(m->cpwc[b], &cfg, NULL, 0))
			return -1;
		f->mod[2 * b + 1] = pwc_create(&cfg);
		if (!f->mod[2 * b] || !f->mod[2 * b + 1])
			return -1;
	}
	return 0;
}

static void wins_feed_free(struct wins_feed *f)
{
	unsigned int i;

	for (i = 0; i < 2 * WINS_NB; i++)
		pwc_destroy(f->mod[i]);
	pwc_tlb_free(&f->tlb);
}

int wins_cell_run(struct wins_map *m, unsigned int r, unsigned int l)
{
	unsigned int regions = wins_regions[r], i, b;
	struct pwc_model **mod;
	struct wins_stream s;
	struct wins_feed f;
	struct wins_cell *c;
	int ret = -1;

	if (wins_stream_init(&s, regions, l / 10.0, 1000ULL * r + l + 1))
		return -1;
	mod = f.mod;
	if (wins_feed_init(&f, m))
		goto out;
	for (i = 0; i < regions; i++)		/* the opening pass */
		wins_visit(&f, wins_stream_next(&s));
	for (i = 0; i < 2 * WINS_NB; i++)
		memset(&mod[i]->stats, 0, sizeof(mod[i]->stats));
	for (i = 0; i < m->accesses; i++)
		wins_visit(&f, wins_stream_next(&s));
	for (b = 0; b < WINS_NB; b++) {
		c = &m->cell[b][r][l];
		c->lookups = mod[2 * b]->stats.lookups;
		c->tpc_acc = mod[2 * b]->stats.accesses;
		c->cpwc_acc = mod[2 * b + 1]->stats.accesses;
		c->tpc_l2 = mod[2 * b]->stats.hits[1];
		c->cpwc_l2 = mod[2 * b + 1]->stats.hits[1];
	}
	ret = 0;
out:
	wins_feed_free(&f);
	wins_stream_free(&s);
	return ret;
}

/*
 * @row's place on the map: the regions and locality of its walks, taken
 * in its report's synthetic pass (report_run.c), and its ratio there.
 */
static int wins_place(const struct report_row *row, struct wins_point *pt)
{
	unsigned long long tpc = row->st[PWC_KIND_TPC].accesses;

	if (!row->wins_ok)
		return -1;
	pt->name = row->w->name;
	pt->regions = row->wins_regions;
	pt->locality = row->wins_locality;
	pt->walks = row->wins_walks;
	pt->ratio = tpc ? (double)row->st[PWC_KIND_CPWC].accesses / tpc : 1;
	return 0;
}

int wins_run(const struct report_opts *o, const struct report_row *rows,
	     unsigned int iotlb, struct wins_map *m)
{
	unsigned int r, l, i;

	if (wins_init(m, o->run.budget ? o->run.budget : RUN_BUDGET_BITS)) {
		fprintf(stderr, "pwcsim: the wins map's budgets do not fit\n");
		return -1;
	}
	m->iotlb = iotlb;
	for (r = 0; r < WINS_NR; r++)
		for (l = 0; l < WINS_NL; l++)
			if (wins_cell_run(m, r, l)) {
				fprintf(stderr, "pwcsim: out of memory\n");
				return -1;
			}
	for (i = 0; i < o->nlist; i++) {
		if (!rows[i].walks)	/* no walk: nowhere on the map */
			continue;
		if (wins_place(&rows[i], &m->pt[m->npt])) {
			fprintf(stderr, "pwcsim: %s: placing it on the wins map failed\n",
				rows[i].w->name);
			return -1;
		}
		m->npt++;
	}
	return 0;
}
