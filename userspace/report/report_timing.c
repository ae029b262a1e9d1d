// SPDX-License-Identifier: GPL-2.0
/*
 * report_timing.c - `pwcsim report --timing`: translation in time over
 * the report's workloads (Documentation/timing.rst).  Each workload runs
 * on the GPU execution model with every model of the registry at the
 * budget behind the timed IOMMU at its defaults (iommu_config_default():
 * 8 walkers, fcfs, a buffer of 256; the report's IOTLB), against ideal
 * translation; then TPC and CPWC again at 1, 2, 4, 16 and 32 walkers
 * (the ideal run shared, 8 taken from the first runs).  The report's
 * window, inputs and tables (synthetic with --userspace, else the
 * module's walks).
 */
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "report/report.h"

static const unsigned int sweep_walkers[REPORT_TIMING_WALKERS] = {
	1, 2, 4, 8, 16, 32,
};

static const enum pwc_kind swept[REPORT_TIMING_SWEPT] = {
	PWC_KIND_TPC, PWC_KIND_CPWC,
};

/* @r's swept models (TPC, CPWC, in kind order) as a point of the sweep */
static void sweep_from_main(const struct timing_result *r,
			    struct timing_result *s)
{
	unsigned int i;

	*s = *r;
	s->n = REPORT_TIMING_SWEPT;
	for (i = 0; i < REPORT_TIMING_SWEPT; i++)
		s->m[i] = r->m[swept[i]];
}

static int timing_workload(const struct report_opts *o,
			   const struct workload *w, struct progress *pg,
			   struct timing_result *main,
			   struct timing_result *sweep)
{
	const char *all[PWC_KIND_COUNT], *two[REPORT_TIMING_SWEPT];
	struct workload_opts wo;
	struct timing_source src = { .w = w, .wo = &wo };
	struct timing_config tc = {
		.specs = all, .nspecs = PWC_KIND_COUNT,
		.budget = o->run.budget, .userspace = o->run.userspace,
		.thp = o->run.thp, .max_footprint = o->run.max_footprint,
		.progress = pg,
	};
	unsigned int k, i;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		all[k] = pwc_kind_name(k);
	for (i = 0; i < REPORT_TIMING_SWEPT; i++)
		two[i] = pwc_kind_name(swept[i]);
	report_workload_opts(o, w, &wo);
	iommu_config_default(&tc.io, o->run.levels);
	tc.io.levels = o->run.levels;	/* 0: the module's (run_timing()) */
	tc.io.tlb = o->run.tlb;
	if (run_timing(&tc, &src, main))
		return -1;
	tc.specs = two;
	tc.nspecs = REPORT_TIMING_SWEPT;
	tc.ideal = main;
	for (i = 0; i < REPORT_TIMING_WALKERS; i++) {
		if (sweep_walkers[i] == main->walkers) {
			sweep_from_main(main, &sweep[i]);
			continue;
		}
		tc.io.walkers = sweep_walkers[i];
		if (run_timing(&tc, &src, &sweep[i]))
			return -1;
	}
	return 0;
}

int report_timing_run(const struct report_opts *o, struct report_timing *rt)
{
	struct progress pg;
	unsigned int n;
	int ret = 0;

	iommu_config_default(&rt->io, o->run.levels);
	rt->io.tlb = o->run.tlb;
	memcpy(rt->walkers, sweep_walkers, sizeof(sweep_walkers));
	progress_init(&pg, "pwcsim report --timing", !o->quiet);
	pg.unit = "instructions";
	for (n = 0; n < o->nlist && !ret; n++) {
		progress_step(&pg, n, o->nlist, o->list[n]->name);
		if (timing_workload(o, o->list[n], &pg, &rt->main[n],
				    rt->sweep[n])) {
			fprintf(stderr, "pwcsim: report --timing: %s did not run\n",
				o->list[n]->name);
			ret = -1;
		}
	}
	progress_end(&pg);
	return ret;
}
