// SPDX-License-Identifier: GPL-2.0
/*
 * timing_figures.c - a timed run's figures per model (timing_figures.h):
 * derived once (timing_figures()), then laid out as table rows or JSON
 * records.
 */
#include <math.h>

#include "engine/timing_figures.h"

/* @a / @b; NaN, no figure, for @b 0 (struct timing_figures) */
static double ratio(unsigned long long a, unsigned long long b)
{
	return b ? (double)a / (double)b : NAN;
}

/* pct() of @a in @b; NaN for @b 0 */
static double share(unsigned long long a, unsigned long long b)
{
	return b ? pct(a, b) : NAN;
}

void timing_figures(const struct timing_result *r,
		    const struct timing_model *m, struct timing_figures *f)
{
	const struct iommu_stats *s = &m->st;
	unsigned long long span = s->first == IOMMU_PENDING ||
				  s->last < s->first ? 0 : s->last - s->first;

	f->lat_mean = ratio(s->lat_sum, s->requests);
	f->queueing = ratio(s->queueing, s->walks);
	f->pwc = ratio(s->lookup, s->walks);
	f->reads = ratio(s->read_cycles, s->walks);
	f->walk = ratio(s->lookup + s->read_cycles, s->walks);
	f->reads_per_walk = ratio(s->reads, s->walks);
	f->ptc_hits = share(s->ptc_hits, s->reads);
	f->util = share(s->busy, span * r->walkers);
	f->occ_mean = ratio(s->occ_cycles, span);
	/*
	 * cycles per warp instruction against ideal translation's: the same
	 * instructions (a windowed workload's timed runs end at the ideal
	 * window's count; a whole run or trace is the same work), so the
	 * cycles' ratio
	 */
	f->slowdown = r->gpu_cycles_ideal && m->insts ?
		      ratio(m->gpu_cycles, m->insts) /
		      ratio(r->gpu_cycles_ideal, r->insts_ideal) : NAN;
}

void timing_table_init(struct table *t, bool source)
{
	table_init(t, NULL, "models");
	if (source)
		table_col(t, "source", CELL_STR);
	table_cols(t, "model:s requests:u l1_hits:u tlb_hits:u walks:u "
		      "merged:u lat_mean:f p50:u p95:u p99:u max:u queueing:f "
		      "walk:f reads/walk:f walkers%:p buf_mean:f buf_max:u "
		      "buf_full:u gpu_cycles:u slowdown:f");
}

/*
 * The latency's p50, p95, p99 and max in the cells from @col, or none
 * without a request
 */
static void timing_quantiles_cells(struct table *t, unsigned int col,
				   const struct timing_model *m)
{
	const unsigned long long v[] = {
		TIMING_P(m, 50), TIMING_P(m, 95), TIMING_P(m, 99),
		m->st.lat_max,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(v); i++)
		if (m->st.requests)
			table_u64(t, col + i, v[i]);
}

void timing_table_add(struct table *t, const struct timing_result *r,
		      const char *source)
{
	unsigned int i, c = source ? 1 : 0;
	struct timing_figures f;

	for (i = 0; i < r->n; i++) {
		const struct timing_model *m = &r->m[i];

		timing_figures(r, m, &f);
		table_row(t);
		if (source)
			table_str(t, 0, source);
		table_str(t, c + 0, m->spec);
		table_u64(t, c + 1, m->st.requests);
		table_u64(t, c + 2, m->st.l1_hits);
		table_u64(t, c + 3, m->st.tlb_hits);
		table_u64(t, c + 4, m->st.walks);
		table_u64(t, c + 5, m->st.merged);
		table_f64(t, c + 6, f.lat_mean);
		timing_quantiles_cells(t, c + 7, m);
		table_f64(t, c + 11, f.queueing);
		table_f64(t, c + 12, f.walk);
		table_f64(t, c + 13, f.reads_per_walk);
		table_f64(t, c + 14, f.util);
		table_f64(t, c + 15, f.occ_mean);
		table_u64(t, c + 16, m->st.occ_max);
		table_u64(t, c + 17, m->st.full_cycles);
		table_u64(t, c + 18, m->gpu_cycles);
		table_f64(t, c + 19, f.slowdown);
	}
}

/* The latency's CDF: its quantiles at every percent (member "cdf") */
static void timing_cdf(const struct timing_model *m, struct record *l)
{
	struct record *q;
	unsigned int i;

	for (i = 1; i <= TIMING_CDF_POINTS; i++) {
		q = record_list_add(l, "cdf");
		record_f64(q, "fraction", (double)i / TIMING_CDF_POINTS);
		record_u64(q, "cycles", m->cdf[i - 1]);
	}
}

/*
 * The latency's p50, p95, p99, max and CDF into @l; without a request
 * the quantiles null and no CDF (nothing was measured)
 */
static void timing_quantiles_record(struct record *l,
				    const struct timing_model *m)
{
	static const char *const name[] = { "p50", "p95", "p99", "max" };
	const unsigned long long v[] = {
		TIMING_P(m, 50), TIMING_P(m, 95), TIMING_P(m, 99),
		m->st.lat_max,
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(v); i++) {
		if (m->st.requests)
			record_u64(l, name[i], v[i]);
		else
			record_f64(l, name[i], NAN);
	}
	if (m->st.requests)
		timing_cdf(m, l);
}

/* Model @m as a JSON record of the list "models" */
static void timing_record(const struct timing_result *r,
			  const struct timing_model *m, struct record *rec)
{
	struct record *o = record_list_add(rec, "models"), *x, *l, *b;
	struct timing_figures f;

	timing_figures(r, m, &f);
	record_str(o, "model", m->given);
	record_str(o, "spec", m->spec);
	x = record_object(o, "translation");
	record_u64(x, "requests", m->st.requests);
	record_u64(x, "l1_hits", m->st.l1_hits);
	record_u64(x, "tlb_hits", m->st.tlb_hits);
	record_u64(x, "walks", m->st.walks);
	record_u64(x, "merged", m->st.merged);
	record_u64(x, "not_walked", m->st.not_walked);
	l = record_object(x, "latency");
	record_f64(l, "mean", f.lat_mean);
	timing_quantiles_record(l, m);
	record_f64(x, "queueing_mean", f.queueing);
	record_f64(x, "pwc_mean", f.pwc);
	record_f64(x, "reads_mean", f.reads);
	record_f64(x, "walk_mean", f.walk);
	record_f64(x, "reads_per_walk", f.reads_per_walk);
	record_f64(x, "line_cache_hits_pct", f.ptc_hits);
	record_f64(x, "walker_utilization", f.util / 100);
	b = record_object(x, "buffer");
	record_f64(b, "mean", f.occ_mean);
	record_u64(b, "max", m->st.occ_max);
	record_u64(b, "full_cycles", m->st.full_cycles);
	record_u64(o, "pwc_lookups", m->pwc.lookups);
	record_u64(o, "pwc_accesses", m->pwc.accesses);
	record_u64(o, "warp_waits", m->xl_waits);
	record_u64(o, "gpu_cycles", m->gpu_cycles);
	record_u64(o, "gpu_insts", m->insts);
	record_u64(o, "gpu_cycles_ideal", r->gpu_cycles_ideal);
	record_u64(o, "gpu_insts_ideal", r->insts_ideal);
	record_f64(o, "slowdown", f.slowdown);
}

void timing_records(struct record *rec, const struct timing_result *r)
{
	unsigned int i;

	for (i = 0; i < r->n; i++)
		timing_record(r, &r->m[i], rec);
}
