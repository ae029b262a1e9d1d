// SPDX-License-Identifier: GPL-2.0
/*
 * report_run.c - the runs of `pwcsim report` (report.h): per workload,
 * every model of the registry at the budget behind the IOTLB (on real page
 * tables through the module, or synthetic ones), TPC and CPWC at equal
 * capacity (Table 7), every sized model across the budget sweep, and for
 * 2mm the IOTLB's hit rate at 32 and 64 entries.
 */
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "engine/run_engine.h"
#include "output/table.h"
#include "report/report.h"

/* One workload: every model at the budget, behind the IOTLB. */
static int report_one(const struct report_opts *o, const struct workload *w,
		      struct report_row *row)
{
	const char *specs[PWC_KIND_COUNT];
	struct run_config cfg = o->run;
	struct run_source src = { .w = w, .wo = o->wo };
	struct run_result r;
	unsigned int k;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		specs[k] = pwc_kind_name(k);
	cfg.specs = specs;
	cfg.nspecs = PWC_KIND_COUNT;
	if (run_stream(&cfg, &src, &r))
		return -1;
	row->w = w;
	row->levels = r.levels;
	row->addresses = r.addresses;
	row->tlb_hits = r.tlb_hits;
	row->walks = r.walks;
	row->uncached = r.uncached;
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		snprintf(row->spec[k], sizeof(row->spec[k]), "%s",
			 r.models[k].spec);
		row->st[k] = r.models[k].st;
	}
	return 0;
}

/* Table 7: TPC and CPWC holding the same number of L2 entries. */
static int report_redundancy(const struct report_opts *o,
			     const struct workload *w, struct report_row *row)
{
	static const enum pwc_kind kinds[2] = { PWC_KIND_TPC, PWC_KIND_CPWC };
	char spec[2][PWC_SPEC_LEN];
	const char *specs[2] = { spec[0], spec[1] };
	struct run_config cfg = { .specs = specs, .nspecs = 2,
				  .tlb = o->run.tlb, .tlb2m = o->run.tlb2m,
				  .userspace = true, .levels = row->levels,
				  .progress = o->run.progress };
	struct run_source src = { .w = w, .wo = o->wo };
	struct pwc_config pc;
	struct run_result r;
	int i;

	for (i = 0; i < 2; i++) {
		if (pwc_size_steps(kinds[i], o->capacity, &pc))
			return -1;
		pwc_format_spec(&pc, spec[i], PWC_SPEC_LEN);
	}
	if (run_stream(&cfg, &src, &r))
		return -1;
	for (i = 0; i < 2; i++) {
		row->redundant[i] = pct(r.models[i].redundant,
					r.models[i].parts);
	}
	return 0;
}

/* Budgets @b0 .. @b1 - 1 of the sweep: every sized model, synthetic tables. */
static int report_sweep_part(const struct report_opts *o,
			     const struct workload *w, struct report_row *row,
			     unsigned int b0, unsigned int b1)
{
	char specs_buf[RUN_MAX_MODELS][PWC_SPEC_LEN];
	const char *specs[RUN_MAX_MODELS];
	struct run_config cfg = { .specs = specs, .tlb = o->run.tlb,
				  .tlb2m = o->run.tlb2m,
				  .userspace = true, .levels = row->levels,
				  .progress = o->run.progress };
	struct run_source src = { .w = w, .wo = o->wo };
	bool fits[RUN_MAX_MODELS];
	struct pwc_config pc;
	struct run_result r;
	unsigned int b, k, n = 0;

	for (b = b0; b < b1; b++) {
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			/* "none" where not even one entry fits */
			fits[n] = !pwc_size_for_budget(k, o->sweep[b],
						       row->levels, &pc);
			if (!fits[n])
				pwc_size_for_budget(PWC_KIND_NONE, 0, 0, &pc);
			pwc_format_spec(&pc, specs_buf[n], PWC_SPEC_LEN);
			specs[n] = specs_buf[n];
			n++;
		}
	}
	cfg.nspecs = n;
	if (run_stream(&cfg, &src, &r))
		return -1;
	for (b = b0, n = 0; b < b1; b++) {
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			row->sweep_hit[b][k] = !fits[n] ? -1 :
				pct(r.models[n].st.hits[1],
				    r.models[n].st.lookups);
			row->sweep_acc[b][k] = r.models[n].st.accesses;
			n++;
		}
	}
	return 0;
}

/*
 * The budget sweep in runs of as many models as a synthetic run holds
 * (RUN_MAX_MODELS): the default sweep, 8 budgets of the 4 sized models,
 * is one pass over the stream.
 */
/* Budgets of the sweep one synthetic run holds. */
static unsigned int sweep_per_run(const struct report_opts *o)
{
	unsigned int k, sized = 0;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		sized += pwc_kind_sized(k);
	return sized ? RUN_MAX_MODELS / sized : o->nsweep;
}

static int report_sweep(const struct report_opts *o,
			const struct workload *w, struct report_row *row)
{
	unsigned int per_run = sweep_per_run(o), b;

	for (b = 0; b < o->nsweep; b += per_run)
		if (report_sweep_part(o, w, row, b, b + per_run < o->nsweep ?
				      b + per_run : o->nsweep))
			return -1;
	return 0;
}

/*
 * The addresses the runs of workloads @first, @first + @step, ... feed,
 * when each run is a --window of known length (else 0: unknown, no ETA):
 * every model, Table 7, the sweep's runs, and 2mm's two IOTLB runs.
 */
static unsigned long long report_work(const struct report_opts *o,
				      unsigned int first, unsigned int step)
{
	unsigned int per_run = sweep_per_run(o), n, runs = 0;

	if (!o->wo.window)
		return 0;
	for (n = first; n < o->nlist; n += step)
		runs += 2 + (o->nsweep + per_run - 1) / per_run +
			(strcmp(o->list[n]->name, "2mm") ? 0 : 2);
	return runs * o->wo.window;
}

/* report.h: the IOTLB hit rate of @w's stream (4 KiB pages), or -1. */
double report_tlb(const struct report_opts *o, const struct workload *w,
		  const struct workload_opts *wo, unsigned int entries)
{
	const char *none[1] = { pwc_kind_name(PWC_KIND_NONE) };
	struct run_config cfg = { .specs = none, .nspecs = 1, .tlb = entries,
				  .userspace = true,
				  .progress = o->run.progress };
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
	o->run.progress = &pg;
	for (n = first; n < o->nlist && !ret; n += step) {
		w = o->list[n];
		progress_step(&pg, cell++, cells, w->name);
		workload_size(o->size, w, &o->wo);
		if (report_one(o, w, &rows[n]) ||
		    report_redundancy(o, w, &rows[n]) ||
		    report_sweep(o, w, &rows[n]))
			ret = -1;
		if (!ret && !strcmp(w->name, "2mm")) {
			o->tlb2mm[0] = report_tlb(o, w, &o->wo, 32);
			o->tlb2mm[1] = report_tlb(o, w, &o->wo, 64);
			o->have_2mm = true;
		}
	}
	progress_end(&pg);
	o->run.progress = NULL;
	return ret;
}
