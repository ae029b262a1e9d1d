// SPDX-License-Identifier: GPL-2.0
/*
 * report_scenarios.c - `pwcsim report --scenarios`: the sensitivity study.
 * Each scenario is (workload options, TPC spec); under each, every
 * workload runs TPC and CPWC at the budget (synthetic page tables, the
 * report's IOTLB), and 2mm alone the IOTLB at 32 and 64 entries.  The
 * paper's headline figures come out per scenario, each labelled: the
 * 2mm 32-entry hit rate of the baseline is the one fit (scripts/calibrate),
 * every other figure a prediction; the paper's number stands beside it.
 */
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "report/report.h"

/*
 * The direct-mapped TPC: the geometry spec of the models' ways= option
 * (one way: the set is the L2 index mod the number of sets).
 */
#define REPORT_DM_TPC_SPEC "tpc:ways=1"

enum { INPUTS_SAME, INPUTS_TABLE1 };

static const struct report_scenario {
	const char *name;
	const char *tpc;		/* TPC spec; bare: sized by the budget */
	int at;				/* IOTLB placement; -1: the default */
	int layout;			/* -1: the default (packed) */
	int inputs;
	int allocator;			/* -1: the default (GPGPU-Sim's) */
} scenarios[REPORT_SCENARIOS] = {
	{ "baseline", "tpc", -1, -1, INPUTS_SAME, -1 },
	{ "direct-mapped-tpc", REPORT_DM_TPC_SPEC, -1, -1, INPUTS_SAME, -1 },
	{ "iotlb-coalesced", "tpc", GPU_AT_COALESCED, -1, INPUTS_SAME, -1 },
	{ "iotlb-l1-miss", "tpc", GPU_AT_L1_MISS, -1, INPUTS_SAME, -1 },
	{ "iotlb-l2-miss", "tpc", GPU_AT_L2_MISS, -1, INPUTS_SAME, -1 },
	{ "iotlb-l2-input", "tpc", GPU_AT_L2_INPUT, -1, INPUTS_SAME, -1 },
	{ "table1-inputs", "tpc", -1, -1, INPUTS_TABLE1, -1 },
	{ "aligned-2mib", "tpc", -1, GPU_LAYOUT_ALIGNED, INPUTS_SAME, -1 },
	/* cudaFree reuses the block (streamcluster's work_mem, b+tree's) */
	{ "reuse-allocator", "tpc", -1, -1, INPUTS_SAME, GPU_ALLOC_REUSE },
};

/* @w's workload options under scenario @s. */
static void scenario_opts(const struct report_opts *o,
			  const struct report_scenario *s,
			  const struct workload *w, struct workload_opts *wo)
{
	report_workload_opts(o, w, wo);
	if (s->at >= 0)
		wo->at = s->at;
	if (s->layout >= 0)
		wo->layout = s->layout;
	if (s->inputs == INPUTS_TABLE1) {	/* in place of --data's too */
		wo->table1 = true;
		wo->data = NULL;
		wo->input = NULL;
	}
	if (s->allocator >= 0)
		wo->allocator = s->allocator;
}

/* A scenario this report cannot measure: said, and left empty (true). */
static bool scenario_skipped(const struct report_opts *o,
			     const struct report_scenario *s)
{
	struct pwc_config pc;
	char err[128];

	/*
	 * The fitted inputs replace the sampled and full sizes' (the
	 * workloads take their own smaller one first): at small the
	 * scenario would be the baseline again under another name.
	 */
	if (s->inputs == INPUTS_TABLE1 && !strcmp(o->size, "small")) {
		fprintf(stderr, "pwcsim: scenario %s skipped: --inputs table1 replaces the inputs of --size sampled and full, not small's\n",
			s->name);
		return true;
	}
	/* a geometry the models do not have yet */
	if (strchr(s->tpc, ':') &&
	    pwc_parse_spec(s->tpc, &pc, err, sizeof(err))) {
		fprintf(stderr, "pwcsim: scenario %s skipped: %s\n", s->name,
			err);
		return true;
	}
	return false;
}

static int scenario_run(const struct report_opts *o,
			const struct report_scenario *s,
			struct report_scen *out)
{
	const char *specs[2] = { s->tpc, "cpwc" };
	double tpc[4] = {}, cpwc[4] = {}, red[4] = {};
	unsigned int n[4] = {}, i, c;
	struct workload_opts wo;
	struct run_result r;

	memset(out, 0, sizeof(*out));
	out->name = s->name;
	for (c = 0; c < REPORT_SCEN_FIGURES; c++)
		out->v[c] = -1;
	if (scenario_skipped(o, s))
		return 0;
	for (i = 0; i < o->nlist; i++) {
		const struct workload *w = o->list[i];
		struct run_config cfg = o->run;
		struct run_source src = { .w = w };
		const struct pwc_stats *t, *p;
		double rd;

		scenario_opts(o, s, w, &wo);
		src.wo = wo;
		cfg.specs = specs;
		cfg.nspecs = 2;
		cfg.userspace = true;
		if (run_stream(&cfg, &src, &r)) {
			fprintf(stderr, "pwcsim: scenario %s: %s did not run (spec %s)\n",
				s->name, w->name, s->tpc);
			return -1;
		}
		t = &r.models[0].st;
		p = &r.models[1].st;
		if (!t->lookups)	/* no walk, no rate: out of the means */
			continue;
		rd = t->accesses ? 100.0 * ((double)p->accesses - t->accesses) /
				   t->accesses : 0;
		for (c = 0; c < 4; c += c ? 4 : (unsigned int)w->paper_class) {
			tpc[c] += pct(t->hits[1], t->lookups);
			cpwc[c] += pct(p->hits[1], p->lookups);
			red[c] += rd;
			n[c]++;
		}
		if (!strcmp(w->name, "2mm")) {
			out->v[0] = report_tlb(o, w, &wo, 32);
			out->v[1] = report_tlb(o, w, &wo, 64);
		}
	}
	for (c = 0; c < 4; c++)
		if (n[c])
			out->v[2 + c] = red[c] / n[c];
	if (n[0]) {
		out->v[6] = tpc[0] / n[0];
		out->v[7] = cpwc[0] / n[0];
	}
	return 0;
}

int report_scenarios_run(struct report_opts *o)
{
	unsigned int i;

	for (i = 0; i < REPORT_SCENARIOS; i++)
		if (scenario_run(o, &scenarios[i], &o->scen[i]))
			return -1;
	o->nscen = REPORT_SCENARIOS;
	return 0;
}
