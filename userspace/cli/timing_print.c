// SPDX-License-Identifier: GPL-2.0
/*
 * timing_print.c - `pwcsim run --timing`'s output (timing_print.h): one
 * row of figures per model, derived once (struct figures) and printed as
 * a table or as JSON records.
 */
#include <stdio.h>

#include "cli/timing_print.h"
#include "output/table.h"

/* What a model's row shows, from its counters */
struct figures {
	double lat_mean, queueing, pwc, reads, walk, reads_per_walk;
	double ptc_hits, util, occ_mean, slowdown;
};

static double ratio(unsigned long long a, unsigned long long b)
{
	return b ? (double)a / (double)b : 0.0;
}

static void figures(const struct timing_result *r, const struct timing_model *m,
		    struct figures *f)
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
	f->ptc_hits = pct(s->ptc_hits, s->reads);
	f->util = pct(s->busy, span * r->walkers);
	f->occ_mean = ratio(s->occ_cycles, span);
	/*
	 * cycles per warp instruction against ideal translation's: the
	 * window of each run is its translations', so the work in it
	 * differs a little (a whole run: the same work, the cycles' ratio)
	 */
	f->slowdown = r->gpu_cycles_ideal && m->insts ?
		      ratio(m->gpu_cycles, m->insts) /
		      ratio(r->gpu_cycles_ideal, r->insts_ideal) : 0.0;
}

static void timing_table(const struct timing_result *r, struct table *t)
{
	struct figures f;
	unsigned int i;

	table_init(t, NULL, "models");
	table_cols(t, "model:s requests:u l1_hits:u tlb_hits:u walks:u "
		      "merged:u lat_mean:f p50:u p95:u p99:u max:u queueing:f "
		      "walk:f reads/walk:f walkers%:p buf_mean:f buf_max:u "
		      "buf_full:u gpu_cycles:u slowdown:f");
	for (i = 0; i < r->n; i++) {
		const struct timing_model *m = &r->m[i];

		figures(r, m, &f);
		table_row(t);
		table_str(t, 0, m->spec);
		table_u64(t, 1, m->st.requests);
		table_u64(t, 2, m->st.l1_hits);
		table_u64(t, 3, m->st.tlb_hits);
		table_u64(t, 4, m->st.walks);
		table_u64(t, 5, m->st.merged);
		table_f64(t, 6, f.lat_mean);
		table_u64(t, 7, TIMING_P(m, 50));
		table_u64(t, 8, TIMING_P(m, 95));
		table_u64(t, 9, TIMING_P(m, 99));
		table_u64(t, 10, m->st.lat_max);
		table_f64(t, 11, f.queueing);
		table_f64(t, 12, f.walk);
		table_f64(t, 13, f.reads_per_walk);
		table_f64(t, 14, f.util);
		table_f64(t, 15, f.occ_mean);
		table_u64(t, 16, m->st.occ_max);
		table_u64(t, 17, m->st.full_cycles);
		table_u64(t, 18, m->gpu_cycles);
		table_f64(t, 19, f.slowdown);
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

/* Model @m as a JSON record of the list "models" */
static void timing_record(const struct timing_result *r,
			  const struct timing_model *m, struct record *rec)
{
	struct record *o = record_list_add(rec, "models"), *x, *l, *b;
	struct figures f;

	figures(r, m, &f);
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
	record_u64(l, "p50", TIMING_P(m, 50));
	record_u64(l, "p95", TIMING_P(m, 95));
	record_u64(l, "p99", TIMING_P(m, 99));
	record_u64(l, "max", m->st.lat_max);
	timing_cdf(m, l);
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

void timing_print(const struct timing_result *r, const char *source,
		  const struct iommu_config *io, bool json)
{
	unsigned int tlb = io->tlb;
	struct record rec;
	struct table t;
	unsigned int i;

	if (!json) {
		printf("%s: %llu translations (the ideal run's), %s %u-level page tables; ",
		       source, r->addresses, r->real ? "real" : "synthetic",
		       r->levels);
		if (io->l1_tlb)
			printf("L1 TLBs %u entries per SM, ", io->l1_tlb);
		printf("IOTLB %u entries; %u walkers, %s, buffer %u; ideal translation %llu GPU cycles\n",
		       tlb, r->walkers,
		       iommu_sched_name(r->sched), r->buffer,
		       r->gpu_cycles_ideal);
		timing_table(r, &t);
		table_print_text(&t, stdout);
		table_free(&t);
		return;
	}
	record_init(&rec);
	record_str(&rec, "source", source);
	record_str(&rec, "tables", r->real ? "real" : "synthetic");
	record_u64(&rec, "levels", r->levels);
	record_u64(&rec, "tlb_entries", tlb);
	record_u64(&rec, "l1_tlb_entries", io->l1_tlb);
	record_u64(&rec, "walkers", r->walkers);
	record_str(&rec, "walk_sched", iommu_sched_name(r->sched));
	record_u64(&rec, "iommu_buffer", r->buffer);
	record_u64(&rec, "translations", r->addresses);
	record_u64(&rec, "gpu_cycles_ideal", r->gpu_cycles_ideal);
	record_u64(&rec, "gpu_insts_ideal", r->insts_ideal);
	for (i = 0; i < r->n; i++)
		timing_record(r, &r->m[i], &rec);
	record_print_json(&rec, stdout);
	record_free(&rec);
}
