/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report.h - `pwcsim report`'s data: the runs (cmd_report.c), the tables,
 * CSV, JSON and summary written from them (report_write.c) and the plots
 * (report_plot.c).
 */
#ifndef REPORT_H
#define REPORT_H

#include <stdio.h>

#include "pwc.h"
#include "workloads/workloads.h"

#define REPORT_MODELS 6		/* tpc cpwc stc uptc none ideal */
#define REPORT_SWEEP_KINDS 4	/* tpc cpwc stc uptc */
#define REPORT_MAX_SWEEP 8
#define REPORT_MAX_WORKLOADS 32

extern const char *const report_models[REPORT_MODELS];
extern const char *const report_sweep_kinds[REPORT_SWEEP_KINDS];

struct report_opts {
	const char *dir;
	const char *size;		/* small, sampled, full */
	bool userspace;
	unsigned int levels;		/* 0: the module's, or 4 */
	unsigned int tlb;
	unsigned long long budget;
	unsigned int capacity;		/* Table 7's equal capacity */
	unsigned long long max_footprint;
	struct workload_opts wo;
	unsigned long long sweep[REPORT_MAX_SWEEP];
	unsigned int nsweep;
	const struct workload *list[REPORT_MAX_WORKLOADS];
	unsigned int nlist;
	double tlb2mm[2];		/* 2mm's TLB hit rate: 32, 64 entries */
	bool have_2mm;
};

struct report_row {
	const struct workload *w;
	unsigned int levels;
	unsigned long long addresses, tlb_hits, walks;
	char spec[REPORT_MODELS][PWC_SPEC_LEN];
	unsigned long long bits[REPORT_MODELS];
	struct pwc_stats st[REPORT_MODELS];
	double redundant[2];		/* Table 7: TPC, CPWC (%) */
	double sweep_hit[REPORT_MAX_SWEEP][REPORT_SWEEP_KINDS];
	unsigned long long sweep_acc[REPORT_MAX_SWEEP][REPORT_SWEEP_KINDS];
};

/* Every table as CSV and JSON in o->dir, the summary on stdout. */
int report_write(const struct report_opts *o, const struct report_row *rows,
		 unsigned int n);
/* The plots from the CSV files of @dir (needs gnuplot). */
int report_plot(const char *dir);
FILE *report_file(const char *dir, const char *name);

#endif /* REPORT_H */
