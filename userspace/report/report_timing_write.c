// SPDX-License-Identifier: GPL-2.0
/*
 * report_timing_write.c - `pwcsim report --timing`'s tables and summary
 * (report.h; the runs: report_timing.c), each table a CSV file and a
 * member of results.json:
 *   timing.csv           per workload and model: what `run --timing`
 *                        prints (engine/timing_figures.h);
 *   timing_classes.csv   per paper class (1-3, then 0: all) and model: the mean
 *                        and p99 translation latency (means over the
 *                        class's workloads) and the slowdown (their
 *                        geometric mean: it is a ratio);
 *   timing_cdf.csv       per class and model: the latency CDF of the
 *                        class's translations pooled (each workload's
 *                        quantiles weighted by its requests);
 *   timing_slowdown.csv  a row per workload, a column per model;
 *   timing_walkers.csv   the walker sweep, per workload, TPC and CPWC;
 * and "timing_runs" in results.json: each workload's models with the
 * members of `run --timing --json`.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "engine/timing_figures.h"
#include "output/table.h"
#include "report/report.h"
#include "report/report_files.h"

#define CLASSES 4			/* 0: all workloads; the paper's 1-3 */

/* A workload's class, or 0 for a class none of them is in */
static unsigned int class_of(const struct report_opts *o, unsigned int i)
{
	int c = o->list[i]->paper_class;

	return c >= 1 && c < CLASSES ? (unsigned int)c : 0;
}

static void runs_table(const struct report_opts *o, struct table *t)
{
	unsigned int i;

	timing_table_init(t, true);
	t->key = "timing";
	for (i = 0; i < o->nlist; i++)
		timing_table_add(t, &o->timing->main[i], o->list[i]->name);
}

/*
 * Class @c's (0: all) figures of model @k: the slowdown's geometric mean
 * over its workloads with instructions (@n), the latency's means over
 * those with translations (@nlat; NaN, none, if no workload has one: a
 * workload whose data the L2 holds makes no request, and its latency is
 * no 0)
 */
struct class_mean {
	double lat, p99, slow;
	unsigned int n, nlat;
};

/* Class @c's means of model @k into @cm; false if no workload counts */
static bool class_means(const struct report_opts *o, unsigned int c,
			unsigned int k, struct class_mean *cm)
{
	double l = 0, p = 0, s = 0;
	struct timing_figures f;
	unsigned int i;

	cm->n = 0;
	cm->nlat = 0;
	for (i = 0; i < o->nlist; i++) {
		const struct timing_result *r = &o->timing->main[i];

		if (c && class_of(o, i) != c)
			continue;
		timing_figures(r, &r->m[k], &f);
		if (!(f.slowdown > 0))	/* no instruction, no ratio */
			continue;
		s += log(f.slowdown);
		cm->n++;
		if (!r->m[k].st.requests)
			continue;
		l += f.lat_mean;
		p += TIMING_P(&r->m[k], 99);
		cm->nlat++;
	}
	if (!cm->n)
		return false;
	cm->lat = cm->nlat ? l / cm->nlat : NAN;
	cm->p99 = cm->nlat ? p / cm->nlat : NAN;
	cm->slow = exp(s / cm->n);
	return true;
}

static void classes_table(const struct report_opts *o, struct table *t)
{
	struct class_mean cm;
	unsigned int i, c, k;

	table_init(t, NULL, "timing_classes");
	table_cols(t, "class:u model:s workloads:u lat_mean:f lat_p99:f "
		      "slowdown:f translating:u");
	for (i = 1; i <= CLASSES; i++)		/* 1, 2, 3, then all */
		for (k = 0; k < o->timing->main[0].n; k++) {
			c = i % CLASSES;
			if (!class_means(o, c, k, &cm))
				continue;
			table_row(t);
			table_u64(t, 0, c);
			table_str(t, 1, o->timing->main[0].m[k].given);
			table_u64(t, 2, cm.n);
			table_f64(t, 3, cm.lat);
			table_f64(t, 4, cm.p99);
			table_f64(t, 5, cm.slow);
			table_u64(t, 6, cm.nlat);
		}
}

/* One quantile point of a workload's CDF, weighted by its requests */
struct point {
	unsigned long long cycles;
	double weight;
};

static int point_cmp(const void *a, const void *b)
{
	const struct point *x = a, *y = b;

	return x->cycles < y->cycles ? -1 : x->cycles > y->cycles;
}

/* Class @c's pooled CDF of model @k as rows of @t (@pt: room for all) */
static void class_cdf(const struct report_opts *o, unsigned int c,
		     unsigned int k, struct point *pt, struct table *t)
{
	double total = 0, cum = 0;
	unsigned int i, q, n = 0, j = 0;

	for (i = 0; i < o->nlist; i++) {
		const struct timing_model *m = &o->timing->main[i].m[k];

		if ((c && class_of(o, i) != c) || !m->st.requests)
			continue;
		for (q = 0; q < TIMING_CDF_POINTS; q++) {
			pt[n].cycles = m->cdf[q];
			pt[n].weight = (double)m->st.requests /
				       TIMING_CDF_POINTS;
			total += pt[n++].weight;
		}
	}
	if (!n)
		return;
	qsort(pt, n, sizeof(*pt), point_cmp);
	for (q = 1; q <= TIMING_CDF_POINTS; q++) {
		/* the least latency with at least q% of the translations */
		while (j < n - 1 && cum + pt[j].weight <
		       total * q / TIMING_CDF_POINTS * (1 - 1e-12))
			cum += pt[j++].weight;
		table_row(t);
		table_u64(t, 0, c);
		table_str(t, 1, o->timing->main[0].m[k].given);
		table_f64(t, 2, (double)q / TIMING_CDF_POINTS);
		table_u64(t, 3, pt[j].cycles);
	}
}

static int cdf_table(const struct report_opts *o, struct table *t)
{
	struct point *pt = calloc((size_t)o->nlist * TIMING_CDF_POINTS,
				  sizeof(*pt));
	unsigned int c, k;

	table_init(t, NULL, "timing_cdf");
	table_cols(t, "class:u model:s fraction:f cycles:u");
	if (!pt)
		return -1;
	for (c = 0; c < CLASSES; c++)
		for (k = 0; k < o->timing->main[0].n; k++)
			class_cdf(o, c, k, pt, t);
	free(pt);
	return 0;
}

static void slowdown_table(const struct report_opts *o, struct table *t)
{
	const struct timing_result *r0 = &o->timing->main[0];
	struct timing_figures f;
	unsigned int i, k;

	table_init(t, NULL, "timing_slowdown");
	table_col(t, "workload", CELL_STR);
	for (k = 0; k < r0->n; k++)
		table_col(t, r0->m[k].given, CELL_F64);
	for (i = 0; i < o->nlist; i++) {
		const struct timing_result *r = &o->timing->main[i];

		table_row(t);
		table_str(t, 0, o->list[i]->name);
		for (k = 0; k < r->n; k++) {
			timing_figures(r, &r->m[k], &f);
			table_f64(t, 1 + k, f.slowdown);
		}
	}
}

static void walkers_table(const struct report_opts *o, struct table *t)
{
	const struct report_timing *rt = o->timing;
	struct timing_figures f;
	unsigned int i, j, k;

	table_init(t, NULL, "timing_walkers");
	table_cols(t, "workload:s class:u walkers:u model:s queueing:f "
		      "lat_mean:f lat_p99:u slowdown:f");
	for (i = 0; i < o->nlist; i++)
		for (k = 0; k < REPORT_TIMING_SWEPT; k++)
			for (j = 0; j < REPORT_TIMING_WALKERS; j++) {
				const struct timing_result *r = &rt->sweep[i][j];

				timing_figures(r, &r->m[k], &f);
				table_row(t);
				table_str(t, 0, o->list[i]->name);
				table_u64(t, 1, class_of(o, i));
				table_u64(t, 2, rt->walkers[j]);
				table_str(t, 3, r->m[k].given);
				table_f64(t, 4, f.queueing);
				table_f64(t, 5, f.lat_mean);
				if (r->m[k].st.requests)	/* else none */
					table_u64(t, 6,
						  TIMING_P(&r->m[k], 99));
				table_f64(t, 7, f.slowdown);
			}
}

/* "timing_runs": each workload's models as `run --timing --json` has them */
static void runs_records(const struct report_opts *o, struct record *rec)
{
	struct record *x;
	unsigned int i;

	for (i = 0; i < o->nlist; i++) {
		x = record_list_add(rec, "timing_runs");
		record_str(x, "source", o->list[i]->name);
		record_u64(x, "translations", o->timing->main[i].addresses);
		record_u64(x, "gpu_cycles_ideal",
			   o->timing->main[i].gpu_cycles_ideal);
		record_u64(x, "gpu_insts_ideal", o->timing->main[i].insts_ideal);
		timing_records(x, &o->timing->main[i]);
	}
}

int report_timing_write(const struct report_opts *o, struct record *rec)
{
	const struct report_timing *rt = o->timing;
	struct record *c = record_object(rec, "timing_config");
	struct table t;
	int ret;

	record_u64(c, "walkers", rt->io.walkers);
	record_str(c, "walk_sched", iommu_sched_names[rt->io.sched]);
	record_u64(c, "iommu_buffer", rt->io.buffer);
	record_u64(c, "tlb_entries", rt->io.tlb);
	runs_table(o, &t);
	ret = report_table(o->dir, &t, rec);
	classes_table(o, &t);
	ret |= report_table(o->dir, &t, rec);
	ret |= cdf_table(o, &t);
	ret |= report_table(o->dir, &t, NULL);
	slowdown_table(o, &t);
	ret |= report_table(o->dir, &t, NULL);
	walkers_table(o, &t);
	ret |= report_table(o->dir, &t, rec);
	runs_records(o, rec);
	return ret ? -1 : 0;
}

/* The walker sweep's geometric-mean slowdown of model @k at point @j */
static double sweep_mean(const struct report_opts *o, unsigned int j,
			 unsigned int k)
{
	struct timing_figures f;
	unsigned int i, n = 0;
	double s = 0;

	for (i = 0; i < o->nlist; i++) {
		const struct timing_result *r = &o->timing->sweep[i][j];

		timing_figures(r, &r->m[k], &f);
		if (f.slowdown > 0) {
			s += log(f.slowdown);
			n++;
		}
	}
	return n ? exp(s / n) : 0;
}

/* @v with @decimals into @buf, or "-" for NaN (no figure) */
static const char *figure(char *buf, size_t len, double v, int decimals)
{
	if (v != v)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.*f", decimals, v);
	return buf;
}

void report_timing_text(const struct report_opts *o, FILE *f)
{
	const struct report_timing *rt = o->timing;
	struct class_mean cm;
	unsigned int i, c, k, j;
	char cls[8], lat[32], p99[32];

	fprintf(f, "\nTranslation in time (report --timing): IOTLB %u entries, %u walkers, %s, a buffer of %u; against ideal translation\n",
		rt->io.tlb, rt->io.walkers, iommu_sched_names[rt->io.sched],
		rt->io.buffer);
	fprintf(f, "%-6s %-8s %9s %12s %10s %10s\n", "class", "model",
		"workloads", "latency", "p99", "slowdown");
	for (i = 1; i <= CLASSES; i++)		/* 1, 2, 3, then all */
		for (k = 0, c = i % CLASSES; k < rt->main[0].n; k++)
			if (class_means(o, c, k, &cm)) {
				snprintf(cls, sizeof(cls), c ? "%u" : "all", c);
				fprintf(f, "%-6s %-8s %9u %12s %10s %10.3f\n",
					cls, rt->main[0].m[k].given, cm.n,
					figure(lat, sizeof(lat), cm.lat, 1),
					figure(p99, sizeof(p99), cm.p99, 1),
					cm.slow);
			}
	fprintf(f, "(latency: cycles, the mean of the means of the workloads with translations; p99: the mean of their p99s; slowdown: cycles per warp instruction against ideal translation's, the geometric mean over the workloads; timing*.csv)\n");
	fprintf(f, "%-8s", "walkers");
	for (j = 0; j < REPORT_TIMING_WALKERS; j++)
		fprintf(f, " %8u", rt->walkers[j]);
	fprintf(f, "   (slowdown, geometric mean over the workloads)\n");
	for (k = 0; k < REPORT_TIMING_SWEPT; k++) {
		fprintf(f, "%-8s", rt->sweep[0][0].m[k].given);
		for (j = 0; j < REPORT_TIMING_WALKERS; j++)
			fprintf(f, " %8.3f", sweep_mean(o, j, k));
		fprintf(f, "\n");
	}
}
