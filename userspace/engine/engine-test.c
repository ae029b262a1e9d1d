// SPDX-License-Identifier: GPL-2.0
/*
 * engine-test.c - the synthetic backend of the run engine (run_synthetic.c)
 * with more models than one model set holds: every model of one run of
 * several model sets (the sized models at ten budgets, and ideal and none)
 * must end with the statistics it has when run alone on the same stream,
 * so a set that is dropped, not fed, fed twice or reported in another's
 * place fails.  This is what makes `pwcsim report`'s budget sweep one pass.
 * Ends with "engine-test: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "engine/run_engine.h"
#include "engine/stream_cache.h"
#include "tests/expect.h"

static const unsigned long long budgets[] = {
	600, 1000, 2000, 3000, 5280, 8000, 12000, 20000, 40000, 80000,
};

#define NBUDGETS (sizeof(budgets) / sizeof(budgets[0]))
#define NSPECS_MAX (NBUDGETS * PWC_KIND_COUNT)

static char spec_buf[NSPECS_MAX][PWC_SPEC_LEN];
static const char *specs[NSPECS_MAX];
static struct run_result all, one;

/* The sized models at every budget, then the unsized ones; their number. */
static unsigned int make_specs(unsigned int levels)
{
	struct pwc_config pc;
	unsigned int b, k, n = 0;

	for (b = 0; b < NBUDGETS; b++)
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			if (!pwc_kind_sized(k))
				continue;
			if (pwc_size_for_budget(k, budgets[b], levels, &pc))
				pwc_size_for_budget(PWC_KIND_NONE, 0, 0, &pc);
			pwc_format_spec(&pc, spec_buf[n], PWC_SPEC_LEN);
			specs[n] = spec_buf[n];
			n++;
		}
	for (k = 0; k < PWC_KIND_COUNT; k++)
		if (!pwc_kind_sized(k))
			specs[n++] = pwc_kind_name(k);
	return n;
}

static void one_pass(const char *name, unsigned int levels)
{
	struct run_config cfg = { .specs = specs, .tlb = 64,
				  .userspace = true, .levels = levels };
	struct run_source src = { .w = workload_find(name) };
	unsigned int i, n = make_specs(levels), same = 0;
	char what[160];

	workload_opts_init(&src.wo);
	if (!src.w || workload_size("small", src.w, &src.wo)) {
		expect(0, "the workload");
		return;
	}
	/*
	 * every request, a window of them: behind the L2 the small inputs,
	 * copied in, make no walk
	 */
	src.wo.at = GPU_AT_COALESCED;
	src.wo.window = 20000;
	cfg.nspecs = n;
	snprintf(what, sizeof(what), "%s L%u: %u models (> %d) in one run",
		 name, levels, n, MODEL_SET_MAX);
	expect(n > 2 * MODEL_SET_MAX && n <= RUN_MAX_MODELS &&
	       !run_stream(&cfg, &src, &all) && all.n == n && all.walks,
	       what);
	cfg.nspecs = 1;
	for (i = 0; i < n; i++) {
		cfg.specs = &specs[i];
		if (run_stream(&cfg, &src, &one))
			break;
		same += !strcmp(one.models[0].spec, all.models[i].spec) &&
			!memcmp(&one.models[0].st, &all.models[i].st,
				sizeof(one.models[0].st)) &&
			one.models[0].redundant == all.models[i].redundant &&
			one.models[0].parts == all.models[i].parts &&
			one.walks == all.walks && one.uncached == all.uncached &&
			one.tlb_hits == all.tlb_hits &&
			one.addresses == all.addresses;
	}
	snprintf(what, sizeof(what),
		 "%s L%u: each model as when run alone (%u of %u)",
		 name, levels, same, n);
	expect(same == n, what);
}

int main(void)
{
	struct run_config cfg = { .specs = specs, .nspecs = RUN_MAX_MODELS + 1,
				  .userspace = true };
	struct run_source src = { .w = workload_find("2mm") };

	one_pass("2mm", 4);
	one_pass("BFS", 5);
	workload_opts_init(&src.wo);
	expect(run_stream(&cfg, &src, &all) == -1,
	       "more than RUN_MAX_MODELS models: refused");
	stream_cache_clear();
	return expect_done("engine-test");
}
