// SPDX-License-Identifier: GPL-2.0
/*
 * report_run.c - the runs of `pwcsim report` (report.h): per workload,
 * every model of the registry at the budget behind the IOTLB (on real page
 * tables through the module, or synthetic ones), TPC and CPWC at equal
 * capacity (Table 7), every sized model across the budget sweep, and for
 * 2mm the IOTLB's hit rate at 32 and 64 entries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "engine/run_engine.h"
#include "output/table.h"
#include "report/report.h"
#include "report/wins_stream.h"

/*
 * The models of one workload's pass, by part: every model of the
 * registry at the budget (@main), TPC and CPWC at equal capacity (Table
 * 7, @red), every sized model at each budget of the sweep (@sweep; "none"
 * where not even one entry fits, @fits false).
 */
struct report_pass {
	const char *specs[RUN_MAX_MODELS];
	char buf[RUN_MAX_MODELS][PWC_SPEC_LEN];
	bool fits[RUN_MAX_MODELS];
	unsigned int n, main, red, sweep, b0, b1;
};

static const char *pass_spec(struct report_pass *p, const char *name,
			     const struct pwc_config *pc)
{
	if (pc)
		pwc_format_spec(pc, p->buf[p->n], PWC_SPEC_LEN);
	else
		snprintf(p->buf[p->n], PWC_SPEC_LEN, "%s", name);
	return p->specs[p->n] = p->buf[p->n];
}

static void pass_main(struct report_pass *p)
{
	unsigned int k;

	p->main = p->n;
	for (k = 0; k < PWC_KIND_COUNT; k++, p->n++)
		pass_spec(p, pwc_kind_name(k), NULL);
}

static int pass_red(const struct report_opts *o, struct report_pass *p)
{
	static const enum pwc_kind kinds[2] = { PWC_KIND_TPC, PWC_KIND_CPWC };
	struct pwc_config pc;
	int i;

	p->red = p->n;
	for (i = 0; i < 2; i++, p->n++) {
		if (pwc_size_steps(kinds[i], o->capacity, &pc))
			return -1;
		pass_spec(p, NULL, &pc);
	}
	return 0;
}

/* Budgets @b0 .. @b1 - 1 of the sweep, every sized model. */
static void pass_sweep(const struct report_opts *o, struct report_pass *p,
		       unsigned int levels, unsigned int b0, unsigned int b1)
{
	struct pwc_config pc;
	unsigned int b, k;

	p->sweep = p->n;
	p->b0 = b0;
	p->b1 = b1;
	for (b = b0; b < b1; b++)
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			p->fits[p->n] = !pwc_size_for_budget(k, o->sweep[b],
							     levels, &pc);
			if (!p->fits[p->n])
				pwc_size_for_budget(PWC_KIND_NONE, 0, 0, &pc);
			pass_spec(p, NULL, &pc);
			p->n++;
		}
}

static void unpack_main(const struct report_pass *p,
			const struct run_result *r, struct report_row *row)
{
	unsigned int k;

	row->levels = r->levels;
	row->addresses = r->addresses;
	row->tlb_hits = r->tlb_hits;
	row->walks = r->walks;
	row->uncached = r->uncached;
	for (k = 1; k <= PWC_MAX_LEVELS; k++)
		row->distinct[k] = r->distinct[k];
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		snprintf(row->spec[k], sizeof(row->spec[k]), "%s",
			 r->models[p->main + k].spec);
		row->st[k] = r->models[p->main + k].st;
	}
}

static void unpack_red(const struct report_pass *p,
		       const struct run_result *r, struct report_row *row)
{
	int i;

	for (i = 0; i < 2; i++)
		row->redundant[i] = pct(r->models[p->red + i].redundant,
					r->models[p->red + i].parts);
}

static void unpack_sweep(const struct report_pass *p,
			 const struct run_result *r, struct report_row *row)
{
	unsigned int b, k, n = p->sweep;

	for (b = p->b0; b < p->b1; b++)
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			row->sweep_hit[b][k] = !p->fits[n] ? -1 :
				pct(r->models[n].st.hits[1],
				    r->models[n].st.lookups);
			row->sweep_acc[b][k] = r->models[n].st.accesses;
			n++;
		}
}

/* Budgets of the sweep one synthetic run holds beside @used models. */
static unsigned int sweep_per_run(const struct report_opts *o,
				  unsigned int used)
{
	unsigned int k, sized = 0;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		sized += pwc_kind_sized(k);
	return sized ? (RUN_MAX_MODELS - used) / sized : o->nsweep;
}

/*
 * 2mm's IOTLB hit rates at 32 and 64 entries from a pass whose IOTLB is
 * @r's: its own when it is 64 entries of 4 KiB pages, the second IOTLB
 * of 32 (run_config.tlb_also); -1 where no address reached it.
 */
static void unpack_tlb2mm(struct report_opts *o, const struct run_result *r)
{
	o->tlb2mm[0] = r->tlb_also_lookups ?
		       pct(r->tlb_also_hits, r->tlb_also_lookups) : -1;
	o->tlb2mm[1] = r->tlb_lookups ? pct(r->tlb_hits, r->tlb_lookups) : -1;
	o->have_2mm = true;
}

/* The walks of a synthetic pass, for the wins map (report_wins.h). */
struct report_walks {
	struct reuse_meter rm;
	unsigned long long n;
};

/* run_config.on_walk: the walk's 2 MiB region to the reuse statistic. */
static void report_walk(void *arg, unsigned long long va)
{
	struct report_walks *w = arg;

	reuse_add(&w->rm, va >> WINS_REGION_SHIFT);
	w->n++;
}

/*
 * One workload.  On synthetic tables, one pass over its stream feeds every
 * model of every part (and, for 2mm, the second IOTLB); with the module,
 * the registry runs on real tables, and Table 7 and the sweep in a
 * synthetic pass (the module holds PWCSIM_MAX_MODELS models).
 */
/*
 * The module's pass: the registry on real tables into @row; @cfg then
 * made the synthetic passes' (by instructions, the first pass alone
 * counts: the ETA's total).
 */
static int report_module_pass(const struct report_opts *o,
			      const struct run_source *src,
			      struct report_pass *p, struct run_result *r,
			      struct run_config *cfg, struct report_row *row)
{
	pass_main(p);
	cfg->specs = p->specs;
	cfg->nspecs = p->n;
	if (run_stream(cfg, src, r))
		return -1;
	unpack_main(p, r, row);
	*p = (struct report_pass){ 0 };
	*cfg = (struct run_config){ .tlb = o->run.tlb, .tlb2m = o->run.tlb2m,
				    .userspace = true, .levels = row->levels,
				    .progress = o->run.progress_insts ? NULL :
						o->run.progress };
	return 0;
}

/*
 * The synthetic passes: Table 7 and the sweep (and the registry, on
 * synthetic tables), as many sweep budgets a pass as it holds; the first
 * also 2mm's second IOTLB and the walks for the wins map (@wk).
 */
static int report_synthetic_passes(struct report_opts *o,
				   const struct run_source *src,
				   struct report_pass *p, struct run_result *r,
				   struct run_config *cfg,
				   struct report_walks *wk,
				   struct report_row *row)
{
	bool tlb64 = o->run.tlb == 64 && !o->run.tlb2m;
	unsigned int b, per;

	if (pass_red(o, p))
		return -1;
	per = sweep_per_run(o, p->n);
	for (b = 0; b < o->nsweep || b == 0; b += per) {
		if (b)
			*p = (struct report_pass){ 0 };
		pass_sweep(o, p, row->levels, b,
			   b + per < o->nsweep ? b + per : o->nsweep);
		cfg->specs = p->specs;
		cfg->nspecs = p->n;
		cfg->tlb_also = !strcmp(src->w->name, "2mm") && tlb64 && !b ?
				32 : 0;
		cfg->on_walk = b ? NULL : report_walk;
		cfg->walk_arg = wk;
		if (run_stream(cfg, src, r))
			return -1;
		if (!b && o->run.userspace)
			unpack_main(p, r, row);
		if (!b)
			unpack_red(p, r, row);
		unpack_sweep(p, r, row);
		if (cfg->tlb_also)
			unpack_tlb2mm(o, r);
		if (!o->nsweep)
			break;
	}
	return 0;
}

static int report_workload(struct report_opts *o, const struct workload *w,
			   struct report_row *row)
{
	struct run_config cfg = o->run;
	struct run_source src = { .w = w };
	struct report_pass *p = calloc(1, sizeof(*p));
	struct run_result *r = malloc(sizeof(*r));
	struct report_walks wk = { .n = 0 };
	int ret = -1;

	report_workload_opts(o, w, &src.wo);
	reuse_init(&wk.rm);
	if (!p || !r)
		goto out;
	row->w = w;
	cfg.census = true;
	if (!o->run.userspace) {
		if (report_module_pass(o, &src, p, r, &cfg, row))
			goto out;
	} else {
		pass_main(p);
		row->levels = o->run.levels ? o->run.levels : 4;
	}
	if (report_synthetic_passes(o, &src, p, r, &cfg, &wk, row))
		goto out;
	if (!strcmp(w->name, "2mm") && !(o->run.tlb == 64 && !o->run.tlb2m)) {
		/* another IOTLB in front: passes of their own */
		o->tlb2mm[0] = report_tlb(o, w, &src.wo, 32);
		o->tlb2mm[1] = report_tlb(o, w, &src.wo, 64);
		o->have_2mm = true;
	}
	row->wins_ok = !wk.rm.failed;
	row->wins_regions = reuse_regions(&wk.rm);
	row->wins_locality = reuse_locality(&wk.rm);
	row->wins_walks = wk.n;
	ret = 0;
out:
	reuse_free(&wk.rm);
	free(p);
	free(r);
	return ret;
}

/*
 * The addresses the runs of workloads @first, @first + @step, ... feed,
 * when each run is a --window of known length (else 0: unknown, no ETA):
 * every model, Table 7, the sweep's runs, and 2mm's two IOTLB runs.
 */
static unsigned long long report_work(const struct report_opts *o,
				      unsigned int first, unsigned int step)
{
	/* the first pass holds the registry (synthetic) and Table 7 */
	unsigned int used = (o->run.userspace ? PWC_KIND_COUNT : 0) + 2;
	unsigned int per = sweep_per_run(o, used), n, runs = 0;

	if (!o->wo.window)
		return 0;
	for (n = first; n < o->nlist; n += step)
		runs += !o->run.userspace + 1 +
			(o->nsweep > per ? (o->nsweep - per + per - 1) / per : 0);
	return runs * o->wo.window;
}

/*
 * Whole runs (no --window): the progress line by the warp instructions
 * the GPU model issues, its total the most the workloads' launches can
 * issue (from their host code, workload_planned()), so the ETA is by
 * instructions, an upper bound where threads exit early.
 */
static void report_work_insts(struct report_opts *o, unsigned int first,
			      unsigned int step, struct progress *pg)
{
	struct workload_opts wo;
	unsigned int n;

	pg->unit = "instructions";
	pg->total = 0;
	for (n = first; n < o->nlist; n += step) {
		report_workload_opts(o, o->list[n], &wo);
		pg->total += workload_planned(o->list[n], &wo);
	}
	o->run.progress_insts = true;
}

/* report.h: the IOTLB hit rate of @w's stream (4 KiB pages), or -1. */
double report_tlb(const struct report_opts *o, const struct workload *w,
		  const struct workload_opts *wo, unsigned int entries)
{
	const char *none[1] = { pwc_kind_name(PWC_KIND_NONE) };
	struct run_config cfg = { .specs = none, .nspecs = 1, .tlb = entries,
				  .userspace = true,
				  .progress = o->run.progress_insts ? NULL :
					      o->run.progress };
	struct run_source src = { .w = w, .wo = *wo };
	struct run_result r;
	double hit = -1;

	/* no address reached the IOTLB: no rate (not 0 %) */
	if (!run_stream(&cfg, &src, &r) && r.addresses)
		hit = pct(r.tlb_hits, r.addresses);
	return hit;
}

int report_run(struct report_opts *o, struct report_row *rows)
{
	const struct workload *w;
	struct progress pg;
	unsigned int n, first = 0, step = 1, cell = 0, cells;
	int ret = 0;

	if (o->shard_n) {	/* this shard's workloads only */
		first = o->shard_k;
		step = o->shard_n;
	}
	cells = first < o->nlist ? (o->nlist - first + step - 1) / step : 0;
	progress_init(&pg, "pwcsim report", !o->quiet);
	pg.total = report_work(o, first, step);
	if (!o->wo.window && pg.on)
		report_work_insts(o, first, step, &pg);
	o->run.progress = &pg;
	for (n = first; n < o->nlist && !ret; n += step) {
		w = o->list[n];
		progress_step(&pg, cell++, cells, w->name);
		if (report_workload(o, w, &rows[n]))
			ret = -1;
	}
	progress_end(&pg);
	o->run.progress = NULL;
	o->run.progress_insts = false;
	return ret;
}
