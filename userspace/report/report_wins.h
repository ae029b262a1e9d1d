/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_wins.h - "where CPWC wins", a map of `pwcsim report`: the stream
 * family of wins_stream.h swept over R (distinct 2 MiB regions) and the
 * locality L; per cell TPC and CPWC sized to the budget, 2x and 4x it
 * (synthetic page table; by default no IOTLB: a cell's stream is what
 * reaches the PWC; with `--wins-iotlb N` each region visit becomes
 * WINS_VISIT_PAGES 4 KiB page references behind an N-entry IOTLB, and
 * only its misses reach the PWCs); the report's workloads placed at the R
 * and L of their walk streams (behind the report's IOTLB).  wins.csv, wins_workloads.csv,
 * members of results.json, and wins.png (gnuplot).
 */
#ifndef REPORT_WINS_H
#define REPORT_WINS_H

#include <stdio.h>

#include "report/report.h"

#define WINS_NR 15		/* R from 4 to 1024 */
#define WINS_NL 11		/* L from 0 to 1 in steps of 0.1 */
#define WINS_NB 3		/* the budget, 2x, 4x */
#define WINS_LEVELS 4		/* its page table's and sizes', whatever --levels */
/*
 * With an IOTLB, a region visit at page p (the stream's uniform page)
 * references pages p, p + 1, ..., p + WINS_VISIT_PAGES - 1 of the region
 * (wrapping at its 512th page).
 */
#define WINS_VISIT_PAGES 8

struct wins_cell {
	unsigned long long tpc_acc, cpwc_acc, lookups;
	unsigned long long tpc_l2, cpwc_l2;	/* L2-stage hits */
};

struct wins_point {
	const char *name;
	unsigned int regions;
	double locality;
	unsigned long long walks;
	double ratio;			/* CPWC/TPC accesses in the report */
};

struct wins_map {
	unsigned long long budget[WINS_NB];
	char tpc[WINS_NB][PWC_SPEC_LEN], cpwc[WINS_NB][PWC_SPEC_LEN];
	unsigned int accesses;		/* measured region visits per cell */
	unsigned int iotlb;		/* IOTLB entries in front; 0: none */
	struct wins_cell cell[WINS_NB][WINS_NR][WINS_NL];
	struct wins_point pt[REPORT_MAX_WORKLOADS];
	unsigned int npt;
};

extern const unsigned int wins_regions[WINS_NR];

/*
 * @m emptied (no IOTLB: set m->iotlb after), TPC and CPWC sized to
 * @budget, 2x and 4x it; 0 or -1.
 */
int wins_init(struct wins_map *m, unsigned long long budget);
/* One cell: R = wins_regions[@r], L = @l / 10; 0 or -1. */
int wins_cell_run(struct wins_map *m, unsigned int r, unsigned int l);
/*
 * The whole map, its cells behind an @iotlb-entry IOTLB (0: none), and
 * the workloads of @o (with their @rows); 0 or -1.
 */
int wins_run(const struct report_opts *o, const struct report_row *rows,
	     unsigned int iotlb, struct wins_map *m);
/* The x of @regions on the map: a fractional column, log-interpolated. */
double wins_column(unsigned int regions);
/*
 * wins.csv, wins_workloads.csv, wins.dat, wins_points.dat and wins.gp in
 * @dir; the tables also as members of @rec (results.json): 0, or -1
 * when a file could not be written (message printed).
 */
int wins_write(const char *dir, const struct wins_map *m,
	       struct record *rec);
/* wins.png from wins.dat and wins_points.dat (gnuplot); 0 or -1. */
int wins_plot(const char *dir, bool quiet);

#endif /* REPORT_WINS_H */
