/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - `pwcsim report`: the runs (report_run.c), the tables, CSV,
 * JSON and summary written from them (report_write.c) and the plots
 * (report_plot.c); sharded sweeps, saved and merged (report_shard.c); the
 * "where CPWC wins" map (report_wins.h).
 * Every model of the registry (pwc.h) is run at the budget; the sized
 * ones also in the budget sweep.
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "pwc.h"
#include "engine/run_engine.h"
#include "engine/run_timing.h"
#include "workloads/workloads.h"

#define REPORT_MAX_SWEEP 8
#define REPORT_MAX_WORKLOADS 32
/* --data NAME=DIR options: at most one a workload that reads files */
#define REPORT_MAX_DATA 4
/* The longest --data DIR a shard.txt line records (its reader's lines) */
#define REPORT_SHARD_DIR_MAX 4000

#define REPORT_SCENARIOS 9
#define REPORT_SCEN_FIGURES 8

/* One scenario's headline figures (-1: not measured). */
struct report_scen {
	const char *name;
	double v[REPORT_SCEN_FIGURES];
};

struct wins_map;

/* report --timing's walker sweep: 1, 2, 4, ... 32 walkers, TPC and CPWC */
#define REPORT_TIMING_WALKERS 6
#define REPORT_TIMING_SWEPT 2

/*
 * report --timing (report_timing.c): each workload's timed runs at the
 * default IOMMU, every model of the registry at the budget (@main), and
 * the walker sweep of TPC and CPWC (@sweep, its ideal run @main's)
 */
struct report_timing {
	struct iommu_config io;		/* @main's (the sweep: its walkers) */
	unsigned int walkers[REPORT_TIMING_WALKERS];
	struct timing_result main[REPORT_MAX_WORKLOADS];
	struct timing_result sweep[REPORT_MAX_WORKLOADS][REPORT_TIMING_WALKERS];
};

/*
 * --data NAME=DIR (report_data.c): workload NAME's input files, the
 * package's, in place of its synthetic input; @input what
 * workload_load() read from @dir before the runs
 */
struct report_data {
	const struct workload *w;
	const char *dir;
	const void *input;
	/* each file's SHA-256, workload_data_file()'s order */
	char sha256[WORKLOAD_DATA_FILES][WORKLOAD_SHA256_HEX];
};

struct report_opts {
	const char *dir;
	const char *size;		/* small, sampled, full */
	/* budget, IOTLB, levels, module or not, shadow footprint */
	struct run_config run;
	unsigned int capacity;		/* Table 7's equal capacity */
	/*
	 * every workload's options but its size and data: those are
	 * report_workload_opts()'s
	 */
	struct workload_opts wo;
	struct report_data data[REPORT_MAX_DATA];
	unsigned int ndata;
	unsigned long long sweep[REPORT_MAX_SWEEP];
	unsigned int nsweep;
	bool sweep_given;	/* --sweep, not the default list */
	const struct workload *list[REPORT_MAX_WORKLOADS];
	unsigned int nlist;
	double tlb2mm[2];		/* 2mm's TLB hit rate: 32, 64 entries */
	bool have_2mm;
	bool quiet;			/* no progress line */
	unsigned int shard_k, shard_n;	/* --shard K/N; N 0: unsharded */
	bool merge;			/* --merge */
	bool scenarios;			/* --scenarios: the sensitivity study */
	struct report_scen scen[REPORT_SCENARIOS];
	unsigned int nscen;

	const struct wins_map *wins;	/* the wins map (report_wins.h) */
	/* report --timing: translation in time, or NULL */
	const struct report_timing *timing;
};

/* One workload's results; arrays indexed by enum pwc_kind. */
struct report_row {
	const struct workload *w;
	unsigned int levels;
	unsigned long long addresses, tlb_hits, walks;
	unsigned long long uncached;	/* accesses with no cache at all */
	char spec[PWC_KIND_COUNT][PWC_SPEC_LEN];
	struct pwc_stats st[PWC_KIND_COUNT];
	double redundant[2];		/* Table 7: TPC, CPWC (%) */
	/*
	 * Table 1 as measured: the stream's distinct paths to level k
	 * (distinct L2 indices: [2]; [1] the pages)
	 */
	unsigned long long distinct[PWC_MAX_LEVELS + 1];
	/*
	 * Its place on the wins map, from the walks of its synthetic pass
	 * (report_wins.h): the distinct 2 MiB regions they visit and their
	 * locality (wins_ok false: not measured, out of memory)
	 */
	unsigned int wins_regions;
	double wins_locality;
	unsigned long long wins_walks;
	bool wins_ok;
	/* the sweep: the L2 hit rate (-1: nothing fits) and accesses */
	double sweep_hit[REPORT_MAX_SWEEP][PWC_KIND_COUNT];
	unsigned long long sweep_acc[REPORT_MAX_SWEEP][PWC_KIND_COUNT];
};

/*
 * Can the report run at o->run.budget and o->sweep (report_budget.c):
 * every sized model fits each, and the wins map's TPC and CPWC at the
 * budget, 2x and 4x it?  0, or -1 with the usable budgets and the
 * reason (checked before any work).
 */
int report_budget_check(const struct report_opts *o);
/* The budgets a report at @levels can use, @lo to @hi bits. */
void report_budget_range(unsigned int levels, unsigned long long *lo,
			 unsigned long long *hi);
/*
 * report_data.c: --data NAME=DIR into @o: 0, or 2 (a usage error) with a
 * message.  report_data_load(): every --data's files read, as "pwcsim
 * report" (what they hold said unless o->quiet): 0; 1 after a message
 * naming the file and line of bad input; 2 after one for a workload not
 * in o->list, that reads no files, or with --inputs table1 (nothing read
 * then).  report_data_unload() frees what it read.
 */
int report_data_parse(struct report_opts *o, const char *arg);
int report_data_load(struct report_opts *o);
void report_data_unload(struct report_opts *o);
/*
 * @w's options in the report: o->wo at the report's size for @w, with
 * its --data input if it has one.
 */
void report_workload_opts(const struct report_opts *o,
			  const struct workload *w, struct workload_opts *wo);
/* Every workload of @o into @rows (o->nlist of them); 0 or -1. */
int report_run(struct report_opts *o, struct report_row *rows);
/*
 * @w's IOTLB hit rate (%) with @entries entries and options @wo, or -1
 * when it did not run or no address reached the IOTLB (no rate).
 */
double report_tlb(const struct report_opts *o, const struct workload *w,
		  const struct workload_opts *wo, unsigned int entries);
/* Every table as CSV and JSON in o->dir, the summary also on @out. */
/*
 * The models a report shows, from the registry: does @k cache (hold any
 * storage; none does not)?  Its title in tables and plots: the name in
 * capitals for a model sized to the budget ("TPC"), else as it is
 * ("ideal").
 */
bool report_caches(enum pwc_kind k);
const char *report_model_title(enum pwc_kind k, char *buf, size_t len);
int report_write(const struct report_opts *o, const struct report_row *rows,
		 unsigned int n, FILE *out);
/*
 * A shard (o->shard_k of o->shard_n) runs the workloads shard_k,
 * shard_k + shard_n, ... of o->list; their rows go to o->dir/shard.txt.
 */
int report_shard_save(const struct report_opts *o,
		      const struct report_row *rows);
/*
 * The shard.txt of each of @dirs into @o (the sweep's options and
 * workload list) and @rows (all of them): 0, or -1 with a message when
 * a shard is missing, twice, of another sweep, or damaged.
 */
int report_shard_merge(struct report_opts *o, struct report_row *rows,
		       char **dirs, unsigned int ndirs);
/* The sensitivity study (report_scenarios.c): runs, table, text. */
struct table;
int report_scenarios_run(struct report_opts *o);
void report_scenarios_table(const struct report_opts *o, struct table *t);
/* one row per scenario, a column per figure (scenarios_wide.csv, plots) */
void report_scenarios_wide(const struct report_opts *o, struct table *t);
void report_scenarios_text(const struct report_opts *o, FILE *f);
/*
 * report --timing (report_timing.c): every workload of @o timed into
 * @rt; 0, or -1 with a message.  Its tables and summary
 * (report_timing_write.c): the CSV files and members of @rec, the text.
 */
int report_timing_run(const struct report_opts *o, struct report_timing *rt);
struct record;
int report_timing_write(const struct report_opts *o, struct record *rec);
void report_timing_text(const struct report_opts *o, FILE *f);
/*
 * Does the report run at the settings of the one fit (scripts/calibrate;
 * workload_fit_holds())?  If not, the options it needs into @needs.
 */
bool report_fit_holds(const struct report_opts *o, char *needs, size_t len);
/*
 * Table 1 as measured (report_table1.c): the distinct L4, L3 and L2
 * indices per workload and the class the paper's rule gives (1-3).
 */
unsigned int report_table1_class(const struct report_row *r);
void report_table1(struct table *t, const struct report_row *rows,
		   unsigned int n);
void report_table1_text(const struct report_row *rows, unsigned int n,
			FILE *f);
/* Is gnuplot on PATH? */
bool report_have_gnuplot(void);
/*
 * The plots from the CSV files of @dir (needs gnuplot): 0, or -1 with a
 * message; gnuplot's warnings shown unless @quiet.
 */
int report_plot(const char *dir, bool quiet);
/* report --timing's plots, from @dir's timing*.csv (report_timing_plot.c) */
int report_timing_plot(const char *dir, bool quiet);

#endif /* REPORT_H */
