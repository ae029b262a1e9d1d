/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timing_figures.h - a timed run's figures per model (run_timing.h),
 * derived once from its counters (timing_figures.c) and laid out as the
 * rows of a table and as JSON records with the members
 * Documentation/timing.rst lists: what `pwcsim run --timing` prints and
 * `pwcsim report --timing` writes.
 */
#ifndef TIMING_FIGURES_H
#define TIMING_FIGURES_H

#include "engine/run_timing.h"
#include "output/table.h"

/*
 * What a model's row shows (per-walk figures are means over its walks); a
 * figure with nothing to average (a mean latency of no request, a mean
 * walk of no walk, a slowdown of no instruction) is NaN, printed as none
 * ("-", an empty CSV cell, JSON null), never as 0
 */
struct timing_figures {
	double lat_mean, queueing, pwc, reads, walk, reads_per_walk;
	double ptc_hits, util, occ_mean, slowdown;
};

void timing_figures(const struct timing_result *r,
		    const struct timing_model *m, struct timing_figures *f);
/*
 * A table of one row per model, key "models"; with @source a first
 * column "source" (several runs in one table, the report's)
 */
void timing_table_init(struct table *t, bool source);
/* @r's models as rows of @t; @source their first cell (see above) */
void timing_table_add(struct table *t, const struct timing_result *r,
		      const char *source);
/* @r's models as records of the list "models" of @rec */
void timing_records(struct record *rec, const struct timing_result *r);

#endif /* TIMING_FIGURES_H */
