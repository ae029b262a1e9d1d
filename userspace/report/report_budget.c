// SPDX-License-Identifier: GPL-2.0
/*
 * report_budget.c - the budgets a report can use (report.h), checked
 * before any work: every sized model of the registry sized to the budget
 * and to each budget of the sweep (at the paging levels the report runs
 * at), and TPC and CPWC sized to the budget, 2x and 4x it for the wins
 * map (report_wins.h, 4 levels).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "report/report.h"
#include "report/report_wins.h"

/* Can this machine's page tables have 5 levels (a CPU with LA57)? */
static bool budget_la57(void)
{
	char line[4096];
	bool la57 = false;
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (!f)
		return true;	/* unknown: either */
	while (!la57 && fgets(line, sizeof(line), f))
		la57 = !strncmp(line, "flags", 5) && strstr(line, " la57");
	fclose(f);
	return la57;
}

/*
 * The paging levels the report's models are sized at, 0-terminated:
 * --levels (synthetic tables), or the machine's (4, and 5 with LA57).
 */
static void budget_levels(const struct report_opts *o, unsigned int lv[3])
{
	lv[0] = o->run.userspace && o->run.levels ? o->run.levels : 4;
	lv[1] = !o->run.userspace && budget_la57() ? 5 : 0;
	lv[2] = 0;
}

/*
 * Does sizing some sized model to @bits at one of @lv give @err
 * (-ENOSPC: nothing fits; -ERANGE: over the cap)?  If so, which into
 * @why (when not NULL).
 */
static bool budget_model_err(unsigned long long bits, const unsigned int *lv,
			     int err, char *why, size_t len)
{
	struct pwc_config c;
	enum pwc_kind k;

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		if (!pwc_kind_sized(k))
			continue;
		for (const unsigned int *l = lv; *l; l++) {
			if (pwc_size_for_budget(k, bits, *l, &c) != err)
				continue;
			if (why)
				snprintf(why, len, "model '%s' %s %llu bits at %u levels",
					 pwc_kind_name(k), err == -ENOSPC ?
					 "fits nothing in" : "is over its cap at",
					 bits, *l);
			return true;
		}
	}
	return false;
}

/* The same for the wins map's TPC and CPWC at @bits, 2x and 4x it. */
static bool budget_wins_err(unsigned long long bits, int err, char *why,
			    size_t len)
{
	static const enum pwc_kind kinds[] = { PWC_KIND_TPC, PWC_KIND_CPWC };
	struct pwc_config c;
	unsigned int b, i;

	for (b = 0; b < WINS_NB; b++)
		for (i = 0; i < ARRAY_SIZE(kinds); i++) {
			if (pwc_size_for_budget(kinds[i], bits << b, 4, &c) !=
			    err)
				continue;
			if (why)
				snprintf(why, len, "the wins map sizes TPC and CPWC to the budget up to %ux it, and '%s' %s %llu bits",
					 1U << (WINS_NB - 1),
					 pwc_kind_name(kinds[i]),
					 err == -ENOSPC ? "fits nothing in" :
					 "is over its cap at", bits << b);
			return true;
		}
	return false;
}

/* Either, or (@wins false) the models alone. */
static bool budget_err(unsigned long long bits, const unsigned int *lv,
		       bool wins, int err, char *why, size_t len)
{
	return budget_model_err(bits, lv, err, why, len) ||
	       (wins && budget_wins_err(bits, err, why, len));
}

/*
 * The edge of budget_err(, @err) in [1, PWC_MAX_BUDGET_BITS]: with
 * -ENOSPC the smallest budget that has no such error, with -ERANGE the
 * largest (each side monotone).
 */
static unsigned long long budget_edge(const unsigned int *lv, bool wins,
				      int err)
{
	unsigned long long lo = 1, hi = PWC_MAX_BUDGET_BITS, mid;

	while (lo < hi) {
		if (err == -ERANGE) {
			mid = lo + (hi - lo + 1) / 2;
			if (!budget_err(mid, lv, wins, err, NULL, 0))
				lo = mid;
			else
				hi = mid - 1;
		} else {
			mid = lo + (hi - lo) / 2;
			if (!budget_err(mid, lv, wins, err, NULL, 0))
				hi = mid;
			else
				lo = mid + 1;
		}
	}
	return lo;
}

void report_budget_range(unsigned int levels, unsigned long long *lo,
			 unsigned long long *hi)
{
	const unsigned int lv[2] = { levels, 0 };

	*lo = budget_edge(lv, true, -ENOSPC);
	*hi = budget_edge(lv, true, -ERANGE);
}

int report_budget_check(const struct report_opts *o)
{
	unsigned long long bits = o->run.budget ? o->run.budget :
				  RUN_BUDGET_BITS;
	unsigned int lv[3], i;
	char why[256];

	budget_levels(o, lv);
	if (budget_err(bits, lv, true, -ENOSPC, why, sizeof(why)) ||
	    budget_err(bits, lv, true, -ERANGE, why, sizeof(why))) {
		fprintf(stderr, "pwcsim report: --budget-bits %llu: the report needs %llu to %llu bits (%s)\n",
			bits, budget_edge(lv, true, -ENOSPC),
			budget_edge(lv, true, -ERANGE), why);
		return -1;
	}
	/*
	 * A given sweep: every sized model at each budget, none dropped.
	 * The default one keeps its budgets at every paging level: a model
	 * that fits nothing in one (STC in 1,000 bits at 5 levels) is absent
	 * there (report.rst).
	 */
	for (i = 0; o->sweep_given && i < o->nsweep; i++)
		if (budget_model_err(o->sweep[i], lv, -ENOSPC, why,
				     sizeof(why)) ||
		    budget_model_err(o->sweep[i], lv, -ERANGE, why,
				     sizeof(why))) {
			fprintf(stderr, "pwcsim report: --sweep budget %llu: %s (the sweep sizes every model to each budget: from %llu bits)\n",
				o->sweep[i], why, budget_edge(lv, false, -ENOSPC));
			return -1;
		}
	return 0;
}
