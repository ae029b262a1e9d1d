// SPDX-License-Identifier: GPL-2.0
/*
 * report_write.c - `pwcsim report`'s outputs: each table as CSV (and all
 * of them in results.json) through the table printer, and summary.txt,
 * also on stdout, where the paper's published figures stand beside ours
 * with the difference.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "engine/model_set.h"
#include "output/table.h"
#include "report/report.h"
#include "report/report_files.h"
#include "report/report_wins.h"
#include "report/storage_tables.h"

/* The paper's published figures (section 3): for comparison only. */
static const struct {
	const char *what;
	double paper;
} paper[] = {
	{ "mean L2 hit rate, TPC (%)", 46.5 },
	{ "mean L2 hit rate, CPWC (%)", 86.5 },
	{ "accesses, CPWC vs TPC, all (%)", -25.4 },
	{ "accesses, CPWC vs TPC, class I (%)", -2.18 },
	{ "accesses, CPWC vs TPC, class II (%)", -15.11 },
	{ "accesses, CPWC vs TPC, class III (%)", -32.2 },
	{ "2mm TLB hit rate, 32 entries (%)", 0.81 },
	{ "2mm TLB hit rate, 64 entries (%)", 1.54 },
};
#define NPAPER (sizeof(paper) / sizeof(paper[0]))

static double l2(const struct report_row *r, enum pwc_kind k)
{
	return pct(r->st[k].hits[1], r->st[k].lookups);
}

/* CPWC's page-table accesses against TPC's, in % (negative: fewer). */
static double reduction(const struct report_row *r)
{
	const struct pwc_stats *tpc = &r->st[PWC_KIND_TPC];
	const struct pwc_stats *cpwc = &r->st[PWC_KIND_CPWC];

	return tpc->accesses ? 100.0 * ((double)cpwc->accesses -
					tpc->accesses) / tpc->accesses : 0.0;
}

/* A model that holds no storage (none) caches nothing: not shown. */
bool report_caches(enum pwc_kind k)
{
	struct pwc_config c;

	pwc_size_for_budget(k, 0, 4, &c);
	return pwc_bits(&c, 4) != 0;
}

const char *report_model_title(enum pwc_kind k, char *buf, size_t len)
{
	const char *name = pwc_kind_name(k);
	size_t i;

	for (i = 0; name[i] && i + 1 < len; i++)
		buf[i] = pwc_kind_sized(k) ? toupper((unsigned char)name[i]) :
					     name[i];
	buf[i] = 0;
	return buf;
}

struct means {
	unsigned int n;
	double tpc, cpwc, red;
};

static struct means class_means(const struct report_row *rows,
				unsigned int n, int cls)
{
	struct means m = {};
	unsigned int i;

	for (i = 0; i < n; i++) {
		/* no walk, no rate: a workload without one is left out */
		if ((cls && rows[i].w->paper_class != cls) || !rows[i].walks)
			continue;
		m.n++;
		m.tpc += l2(&rows[i], PWC_KIND_TPC);
		m.cpwc += l2(&rows[i], PWC_KIND_CPWC);
		m.red += reduction(&rows[i]);
	}
	if (m.n) {
		m.tpc /= m.n;
		m.cpwc /= m.n;
		m.red /= m.n;
	}
	return m;
}

static int storage_tables(const char *dir, struct record *rec,
			  unsigned int levels)
{
	static const unsigned long long entries[] = STORAGE_TABLE5_ENTRIES;
	static const unsigned long long bits[] = STORAGE_TABLE6_BITS;
	struct table t;
	int ret;

	storage_table5(&t, entries, ARRAY_SIZE(entries), levels);
	ret = report_table(dir, &t, rec);
	storage_table6(&t, bits, ARRAY_SIZE(bits), levels);
	return ret | report_table(dir, &t, rec);
}

/*
 * Table 8: per workload, every model's accesses and L2 hit rate; the
 * IOTLB's hit rate, none with no IOTLB (@tlb entries: 0).
 */
static void table8(struct table *t, const struct report_row *rows,
		   unsigned int n, unsigned int tlb)
{
	static char names[2 * PWC_KIND_COUNT][32];
	unsigned int i, k, c;

	table_init(t, NULL, "table8");
	table_cols(t, "workload:s class:u addresses:u tlb_hit_rate:p walks:u");
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		snprintf(names[2 * k], sizeof(names[0]), "%s_accesses",
			 pwc_kind_name(k));
		snprintf(names[2 * k + 1], sizeof(names[0]), "%s_l2_hit_rate",
			 pwc_kind_name(k));
		table_col(t, names[2 * k], CELL_U64);
		table_col(t, names[2 * k + 1], CELL_PCT);
	}
	table_cols(t, "cpwc_vs_tpc:p tpc_redundant:p cpwc_redundant:p");
	/* a workload with no walk has no rate: empty cells, as figure3()'s */
	for (i = 0; i < n; i++) {
		bool w = rows[i].walks;

		table_row(t);
		c = 0;
		table_str(t, c++, rows[i].w->name);
		table_u64(t, c++, rows[i].w->paper_class);
		table_u64(t, c++, rows[i].addresses);
		table_f64(t, c++, rows[i].addresses && tlb ?
			  pct(rows[i].tlb_hits, rows[i].addresses) : NAN);
		table_u64(t, c++, rows[i].walks);
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			table_u64(t, c++, rows[i].st[k].accesses);
			table_f64(t, c++, w ? l2(&rows[i], k) : NAN);
		}
		table_f64(t, c++, w ? reduction(&rows[i]) : NAN);
		table_f64(t, c++, w ? rows[i].redundant[0] : NAN);
		table_f64(t, c++, w ? rows[i].redundant[1] : NAN);
	}
}

/*
 * Figure 3: the L2 hit rate per workload of every model that caches; a
 * workload with no walk has no rate (empty cells: no bar, not a 0 % one).
 */
static void figure3(struct table *t, const struct report_row *rows,
		    unsigned int n)
{
	unsigned int i, k, c;

	table_init(t, NULL, "figure3");
	table_col(t, "workload", CELL_STR);
	for (k = 0; k < PWC_KIND_COUNT; k++)
		if (report_caches(k))
			table_col(t, pwc_kind_name(k), CELL_PCT);
	for (i = 0; i < n; i++) {
		table_row(t);
		table_str(t, 0, rows[i].w->name);
		for (k = 0, c = 1; k < PWC_KIND_COUNT; k++) {
			if (!report_caches(k))
				continue;
			if (rows[i].walks)
				table_f64(t, c++, l2(&rows[i], k));
			else
				table_null(t, c++);
		}
	}
}

/* One workload's models, as `pwcsim run` reports them. */
static void models_table(struct table *t, const struct report_row *r)
{
	struct model_result m[PWC_KIND_COUNT] = {};
	unsigned int k;

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		m[k].given = pwc_kind_name(k);
		memcpy(m[k].spec, r->spec[k], sizeof(m[k].spec));
		pwc_parse_spec(r->spec[k], &m[k].cfg, NULL, 0);
		m[k].st = r->st[k];
	}
	table_init(t, NULL, "models");
	model_results_table(m, PWC_KIND_COUNT, r->levels, r->uncached, t);
}

/* Per workload its figures and models: the list "workloads" of @rec. */
static void workloads_record(struct record *rec,
			     const struct report_row *rows, unsigned int n)
{
	const struct report_row *r;
	struct record *w;
	struct table t;
	unsigned int i;

	for (i = 0; i < n; i++) {
		r = &rows[i];
		w = record_list_add(rec, "workloads");
		record_str(w, "workload", r->w->name);
		record_u64(w, "class", r->w->paper_class);
		record_u64(w, "addresses", r->addresses);
		record_u64(w, "tlb_hits", r->tlb_hits);
		record_u64(w, "walks", r->walks);
		/* no walk, no figure: null (table8()) */
		record_f64(w, "cpwc_vs_tpc", r->walks ? reduction(r) : NAN);
		record_f64(w, "tpc_redundant",
			   r->walks ? r->redundant[0] : NAN);
		record_f64(w, "cpwc_redundant",
			   r->walks ? r->redundant[1] : NAN);
		models_table(&t, r);
		record_table(w, &t);
	}
}

/*
 * The sweep's mean L2 hit rate of kind @k at budget @b over the workloads
 * that made a walk (as class_means(): a workload with none has no rate,
 * and a 0 for it would pull the mean below the summary's at the same
 * budget; NaN, none, if no workload made one), and its accesses summed
 * over all of them in *@acc.
 */
static double sweep_mean(const struct report_row *rows, unsigned int n,
			 unsigned int b, unsigned int k,
			 unsigned long long *acc)
{
	unsigned int i, walked = 0;
	double hit = 0;

	*acc = 0;
	for (i = 0; i < n; i++) {
		*acc += rows[i].sweep_acc[b][k];
		if (!rows[i].walks)
			continue;
		hit += rows[i].sweep_hit[b][k];
		walked++;
	}
	return walked ? hit / walked : NAN;
}

/* The budget sweep, summed over the workloads: CSV, JSON, sweep.dat. */
static int sweep(const struct report_opts *o, const struct report_row *rows,
		 unsigned int n, struct record *rec)
{
	unsigned long long acc;
	unsigned int b, k;
	struct out_file of;
	struct table t;
	double hit;
	FILE *f;
	int ret;

	table_init(&t, NULL, "sweep");
	table_cols(&t, "bits:u model:s mean_l2_hit_rate:p accesses:u");
	/* for gnuplot's sweep.png */
	ret = report_file(o->dir, "sweep.dat", &of);
	f = of.f;
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		if (!pwc_kind_sized(k))
			continue;
		if (f)
			fprintf(f, "# %s: bits mean_l2_hit_rate accesses\n",
				pwc_kind_name(k));
		for (b = 0; b < o->nsweep; b++) {
			if (rows[0].sweep_hit[b][k] < 0)
				continue;	/* nothing fits */
			hit = sweep_mean(rows, n, b, k, &acc);
			if (f)
				fprintf(f, "%llu %.4f %llu\n", o->sweep[b],
					hit, acc);
		}
		if (f)
			fprintf(f, "\n\n");
	}
	if (f)
		ret = out_close(&of, false);
	for (b = 0; b < o->nsweep; b++) {
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k) || rows[0].sweep_hit[b][k] < 0)
				continue;
			hit = sweep_mean(rows, n, b, k, &acc);
			table_row(&t);
			table_u64(&t, 0, o->sweep[b]);
			table_str(&t, 1, pwc_kind_name(k));
			table_f64(&t, 2, hit);
			table_u64(&t, 3, acc);
		}
	}
	return ret | report_table(o->dir, &t, rec);
}

/*
 * Ours for each of the paper's figures, NOT_MEASURED where no workload
 * (of the class) made a walk, or 2mm was not run or made no request.
 */
#define NOT_MEASURED (-1e300)

static void paper_ours(const struct report_opts *o,
		       const struct report_row *rows, unsigned int n,
		       double *ours)
{
	struct means all = class_means(rows, n, 0), m;
	int c;

	ours[0] = all.n ? all.tpc : NOT_MEASURED;
	ours[1] = all.n ? all.cpwc : NOT_MEASURED;
	ours[2] = all.n ? all.red : NOT_MEASURED;
	for (c = 1; c <= 3; c++) {
		m = class_means(rows, n, c);
		ours[2 + c] = m.n ? m.red : NOT_MEASURED;
	}
	ours[6] = o->have_2mm && o->tlb2mm[0] >= 0 ? o->tlb2mm[0] :
						     NOT_MEASURED;
	ours[7] = o->have_2mm && o->tlb2mm[1] >= 0 ? o->tlb2mm[1] :
						     NOT_MEASURED;
}

/* The one fit: the 2mm 32-entry IOTLB hit rate, at the calibrated settings. */
#define PAPER_FIT 6

/*
 * Figure @i's label: the fit (at the calibrated settings), else a
 * prediction; a figure this report did not measure (2mm not run) is
 * neither.
 */
static const char *paper_label(const struct report_opts *o, unsigned int i,
			       const double *ours)
{
	char needs[160];

	if (ours[i] == NOT_MEASURED)
		return "not measured";
	return i == PAPER_FIT && report_fit_holds(o, needs, sizeof(needs)) ?
	       "fit" : "prediction";
}

static void paper_table(const struct report_opts *o, struct table *t,
			const double *ours)
{
	unsigned int i;

	table_init(t, NULL, "paper");
	table_cols(t, "figure:s paper:f ours:f difference:f label:s");
	for (i = 0; i < NPAPER; i++) {
		table_row(t);
		table_str(t, 0, paper[i].what);
		table_f64(t, 1, paper[i].paper);
		if (ours[i] == NOT_MEASURED) {
			table_null(t, 2);
			table_null(t, 3);
		} else {
			table_f64(t, 2, ours[i]);
			table_f64(t, 3, ours[i] - paper[i].paper);
		}
		table_str(t, 4, paper_label(o, i, ours));
	}
}

/*
 * The summary's first line (plot_caption() takes the plots' titles from
 * it): every option that changes the figures.
 */
static void summary_head(FILE *f, const struct report_opts *o,
			 const struct report_row *rows, unsigned int n)
{
	const struct workload_opts *wo = &o->wo;
	char window[32];
	unsigned int i, k;
	const char *file;

	if (wo->window)
		snprintf(window, sizeof(window), "%llu addresses",
			 wo->window);
	else
		snprintf(window, sizeof(window), "all");
	fprintf(f, "pwcsim report: %u workload%s (%s inputs) on %s %u-level page tables, %llu bits each, IOTLB %u entries%s at %s; seed %llu, window %s, warm-up %u, jitter %g, inputs %s, layout %s, allocator %s",
		n, n == 1 ? "" : "s", o->size,
		o->run.userspace ? "synthetic" : "real", rows[0].levels,
		o->run.budget, o->run.tlb, o->run.tlb2m ? " (2 MiB ones too)" : "",
		workload_at_names[wo->at], wo->seed, window, wo->warmup,
		wo->jitter, workload_inputs_names[wo->table1],
		workload_layout_names[wo->layout],
		workload_allocator_names[wo->allocator]);
	/* --data: whose inputs are the package's files, and where from */
	for (i = 0; i < o->ndata; i++)
		fprintf(f, "%s %s", i ? "" : ", data", o->data[i].w->name);
	fputs("\n\n", f);
	for (i = 0; i < o->ndata; i++) {
		fprintf(f, "%s's input: the files of %s (--data), not the synthetic one\n",
			o->data[i].w->name, o->data[i].dir);
		for (k = 0; (file = workload_data_file(o->data[i].w, k)); k++)
			fprintf(f, "  %s sha256 %s\n", file,
				o->data[i].sha256[k]);
	}
	if (o->ndata)
		fputc('\n', f);
}

static void summary(FILE *f, const struct report_opts *o,
		    const struct report_row *rows, unsigned int n,
		    const double *ours)
{
	const struct report_row *r;
	unsigned int i, k, nowalk;
	char needs[160], name[12], title[20];

	summary_head(f, o, rows, n);
	fprintf(f, "%-14s %5s %9s", "workload", "class", "walks");
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		if (!report_caches(k))
			continue;
		report_model_title(k, name, sizeof(name));
		snprintf(title, sizeof(title),
			 pwc_kind_sized(k) ? "%s L2%%" : "%s", name);
		fprintf(f, " %8s", title);
	}
	fprintf(f, " %8s\n", "CPWC/TPC");
	for (i = 0, nowalk = 0; i < n; i++) {
		r = &rows[i];
		fprintf(f, "%-14s %5d %9llu", r->w->name, r->w->paper_class,
			r->walks);
		/* no walk, no rates: none shown */
		for (k = 0; k < PWC_KIND_COUNT; k++)
			if (report_caches(k) && r->walks)
				fprintf(f, " %8.1f", l2(r, k));
			else if (report_caches(k))
				fprintf(f, " %8s", "-");
		if (r->walks)
			fprintf(f, " %+7.1f%%\n", shown(reduction(r), 1));
		else
			fprintf(f, " %8s\n", "-");
		nowalk += !r->walks;
	}
	if (nowalk)
		fprintf(f, "(%u workload%s made no page walk at these settings -- the input fits in the caches, or no request reached the IOTLB -- and %s left out of the means)\n",
			nowalk, nowalk == 1 ? "" : "s",
			nowalk == 1 ? "is" : "are");
	fprintf(f, "\n%-44s %9s %9s %9s  %s\n", "figure", "paper", "ours",
		"ours-paper", "(fit: scripts/calibrate's one; else prediction)");
	for (i = 0; i < NPAPER; i++) {
		const char *label = paper_label(o, i, ours);

		if (ours[i] == NOT_MEASURED)
			fprintf(f, "%-44s %9.2f %9s %9s  %s\n", paper[i].what,
				paper[i].paper, "-", "-", label);
		else
			fprintf(f, "%-44s %9.2f %9.2f %+9.2f  %s\n",
				paper[i].what, paper[i].paper, shown(ours[i], 2),
				shown(ours[i] - paper[i].paper, 2), label);
	}
	if (ours[PAPER_FIT] != NOT_MEASURED &&
	    !report_fit_holds(o, needs, sizeof(needs)))
		fprintf(f, "(the 2mm 32-entry figure is a fit only at the calibrated settings: this run needs %s for it)\n",
			needs);
}

/* The options a report was made with: the member "config" of @rec. */
static void config_record(struct record *rec, const struct report_opts *o,
			  unsigned int levels)
{
	struct record *c = record_object(rec, "config"), *d;
	unsigned int i, k;
	const char *file;

	record_str(c, "tables", o->run.userspace ? "synthetic" : "real");
	record_u64(c, "levels", levels);
	record_u64(c, "budget_bits", o->run.budget);
	record_u64(c, "tlb_entries", o->run.tlb);
	record_str(c, "tlb_pages", o->run.tlb2m ? "2m" : "4k");
	record_str(c, "size", o->size);
	/* the workloads' options (0: the whole run, no window) */
	record_u64(c, "seed", o->wo.seed);
	record_str(c, "iotlb_at", workload_at_names[o->wo.at]);
	record_u64(c, "window", o->wo.window);
	record_u64(c, "warmup", o->wo.warmup);
	record_f64(c, "jitter", o->wo.jitter);
	record_str(c, "inputs", workload_inputs_names[o->wo.table1]);
	record_str(c, "layout", workload_layout_names[o->wo.layout]);
	record_str(c, "allocator", workload_allocator_names[o->wo.allocator]);
	if (!o->run.userspace)	/* the shadow process's bound */
		record_u64(c, "max_footprint", o->run.max_footprint);
	/* --data: each such workload's data directory, its files' digests */
	d = record_object(c, "data");
	for (i = 0; i < o->ndata; i++)
		record_str(d, o->data[i].w->name, o->data[i].dir);
	d = record_object(c, "data_sha256");
	for (i = 0; i < o->ndata; i++) {
		struct record *w = record_object(d, o->data[i].w->name);

		for (k = 0; (file = workload_data_file(o->data[i].w, k)); k++)
			record_str(w, file, o->data[i].sha256[k]);
	}
}

/* results.json: the configuration, then every table. */
static int write_results(const struct report_opts *o,
			 const struct report_row *rows, unsigned int n,
			 const double *ours)
{
	struct out_file js;
	struct record rec;
	struct table t;
	int ret;

	record_init(&rec);
	config_record(&rec, o, rows[0].levels);
	ret = storage_tables(o->dir, &rec, rows[0].levels);
	table8(&t, rows, n, o->run.tlb);
	ret |= report_table(o->dir, &t, NULL);
	workloads_record(&rec, rows, n);
	figure3(&t, rows, n);
	ret |= report_table(o->dir, &t, NULL);
	report_table1(&t, rows, n);
	ret |= report_table(o->dir, &t, &rec);
	ret |= sweep(o, rows, n, &rec);
	if (o->wins)
		ret |= wins_write(o->dir, o->wins, &rec);
	paper_table(o, &t, ours);
	ret |= report_table(o->dir, &t, &rec);
	if (o->timing)
		ret |= report_timing_write(o, &rec);
	if (o->nscen) {
		report_scenarios_table(o, &t);
		ret |= report_table(o->dir, &t, &rec);
		report_scenarios_wide(o, &t);
		ret |= report_table(o->dir, &t, NULL);
	}
	if (!report_file(o->dir, "results.json", &js)) {
		record_print_json(&rec, js.f);
		ret |= out_close(&js, false);
	} else {
		ret = -1;
	}
	record_free(&rec);
	return ret ? -1 : 0;
}

int report_write(const struct report_opts *o, const struct report_row *rows,
		 unsigned int n, FILE *out)
{
	double ours[NPAPER];
	struct out_file of;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	if (!n)
		return -1;
	paper_ours(o, rows, n, ours);
	if (write_results(o, rows, n, ours))
		return -1;

	f = open_memstream(&text, &len);
	if (!f)
		return -1;
	summary(f, o, rows, n, ours);
	report_table1_text(rows, n, f);
	if (o->timing)
		report_timing_text(o, f);
	if (o->nscen)
		report_scenarios_text(o, f);
	fclose(f);
	ret = report_file(o->dir, "summary.txt", &of);
	if (!ret) {
		fputs(text, of.f);
		ret = out_close(&of, false);
	}
	fputs(text, out);
	free(text);
	return ret;
}
