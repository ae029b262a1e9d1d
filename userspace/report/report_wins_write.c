// SPDX-License-Identifier: GPL-2.0
/*
 * report_wins_write.c - the "where CPWC wins" map (report_wins.h) as
 * tables (CSV, results.json), gnuplot data and wins.gp, and its drawing:
 * wins.png, one heat map per budget of CPWC/TPC page-table accesses over
 * R and the locality, the workloads as labelled points.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output/table.h"
#include "report/report_files.h"
#include "report/report_wins.h"

/* The map's columns (here, with the code that draws them). */
const unsigned int wins_regions[WINS_NR] = {
	4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024,
};

static double wins_ratio(const struct wins_cell *c)
{
	return c->tpc_acc ? (double)c->cpwc_acc / c->tpc_acc : 1;
}

double wins_column(unsigned int regions)
{
	double x = regions ? log((double)regions) : 0, lo, hi;
	unsigned int i;

	if (regions <= wins_regions[0])
		return 0;
	for (i = 1; i < WINS_NR; i++) {
		if (regions <= wins_regions[i]) {
			lo = log((double)wins_regions[i - 1]);
			hi = log((double)wins_regions[i]);
			return i - 1 + (x - lo) / (hi - lo);
		}
	}
	return WINS_NR - 1;	/* beyond the map: on its right edge */
}

static int wins_cells(const char *dir, const struct wins_map *m,
		      struct record *rec)
{
	const struct wins_cell *c;
	unsigned int b, r, l;
	struct table t;

	table_init(&t, NULL, "wins");
	table_cols(&t, "bits:u tpc:s cpwc:s regions:u locality:f lookups:u tpc_l2_hit_rate:p cpwc_l2_hit_rate:p tpc_accesses:u cpwc_accesses:u cpwc_tpc_accesses:f");
	for (b = 0; b < WINS_NB; b++) {
		for (r = 0; r < WINS_NR; r++) {
			for (l = 0; l < WINS_NL; l++) {
				c = &m->cell[b][r][l];
				table_row(&t);
				table_u64(&t, 0, m->budget[b]);
				table_str(&t, 1, m->tpc[b]);
				table_str(&t, 2, m->cpwc[b]);
				table_u64(&t, 3, wins_regions[r]);
				table_f64(&t, 4, l / 10.0);
				table_u64(&t, 5, c->lookups);
				table_f64(&t, 6, pct(c->tpc_l2, c->lookups));
				table_f64(&t, 7, pct(c->cpwc_l2, c->lookups));
				table_u64(&t, 8, c->tpc_acc);
				table_u64(&t, 9, c->cpwc_acc);
				table_f64(&t, 10, wins_ratio(c));
			}
		}
	}
	return report_table(dir, &t, rec);
}

/* The cell nearest a workload at the first budget. */
static const struct wins_cell *wins_nearest(const struct wins_map *m,
					    const struct wins_point *p)
{
	unsigned int r = (unsigned int)(wins_column(p->regions) + 0.5);
	unsigned int l = (unsigned int)(p->locality * 10 + 0.5);

	return &m->cell[0][r < WINS_NR ? r : WINS_NR - 1]
		       [l < WINS_NL ? l : WINS_NL - 1];
}

static int wins_points(const char *dir, const struct wins_map *m,
		       struct record *rec)
{
	const struct wins_point *p;
	struct table t;
	unsigned int i;

	table_init(&t, NULL, "wins_workloads");
	table_cols(&t, "workload:s walks:u regions:u locality:f cpwc_tpc_accesses:f map_cpwc_tpc_accesses:f");
	for (i = 0; i < m->npt; i++) {
		p = &m->pt[i];
		table_row(&t);
		table_str(&t, 0, p->name);
		table_u64(&t, 1, p->walks);
		table_u64(&t, 2, p->regions);
		table_f64(&t, 3, p->locality);
		table_f64(&t, 4, p->ratio);
		table_f64(&t, 5, wins_ratio(wins_nearest(m, p)));
	}
	return report_table(dir, &t, rec);
}

/* Label spacing in map units: a column, a line of the labels' font. */
#define WINS_LABEL_DX 2.8
#define WINS_LABEL_DY 0.04

/* The point to label next: the highest (then leftmost) not yet placed. */
static unsigned int wins_label_next(const struct wins_map *m,
				    const bool *placed)
{
	unsigned int i, best = m->npt;
	double x, y, bx = 0, by = 0;

	for (i = 0; i < m->npt; i++) {
		if (placed[i])
			continue;
		x = wins_column(m->pt[i].regions);
		y = m->pt[i].locality;
		if (best == m->npt || y > by || (y == by && x < bx)) {
			best = i;
			bx = x;
			by = y;
		}
	}
	return best;
}

/*
 * Where the workloads' labels go (@lx, @ly): right of the point, moved
 * down a line while a label already placed is within a line and
 * WINS_LABEL_DX columns, so the top-left cluster is staggered.
 */
static void wins_labels(const struct wins_map *m, double *lx, double *ly)
{
	bool placed[REPORT_MAX_WORKLOADS] = {};
	unsigned int n, i, j;
	unsigned int pass;
	bool moved;

	for (n = 0; n < m->npt; n++) {
		i = wins_label_next(m, placed);
		lx[i] = wins_column(m->pt[i].regions) + 0.25;
		ly[i] = m->pt[i].locality;
		/* each pass moves below one more label: at most npt passes */
		for (pass = 0, moved = true; moved && pass <= m->npt; pass++) {
			moved = false;
			for (j = 0; j < m->npt; j++) {
				if (placed[j] && fabs(lx[j] - lx[i]) < WINS_LABEL_DX &&
				    ly[j] - ly[i] > -WINS_LABEL_DY * 0.999 &&
				    ly[j] - ly[i] < WINS_LABEL_DY * 0.999) {
					ly[i] = ly[j] - WINS_LABEL_DY;
					moved = true;
				}
			}
		}
		placed[i] = true;
	}
}

/* gnuplot's data: one block per budget (x = column, y = L), the points. */
static int wins_data(const char *dir, const struct wins_map *m)
{
	double lx[REPORT_MAX_WORKLOADS], ly[REPORT_MAX_WORKLOADS];
	unsigned int b, r, l, i;
	struct out_file o;
	FILE *f;
	int ret;

	ret = report_file(dir, "wins.dat", &o);
	f = o.f;
	if (!ret) {
		for (b = 0; b < WINS_NB; b++) {
			fprintf(f, "# %llu bits: column locality cpwc/tpc\n",
				m->budget[b]);
			for (r = 0; r < WINS_NR; r++)
				for (l = 0; l < WINS_NL; l++)
					fprintf(f, "%u %.1f %.4f\n", r, l / 10.0,
						wins_ratio(&m->cell[b][r][l]));
			fputs("\n\n", f);
		}
		ret = out_close(&o, false);
	}
	if (!report_file(dir, "wins_points.dat", &o)) {
		f = o.f;
		wins_labels(m, lx, ly);
		fputs("# column locality workload label-x label-y\n", f);
		for (i = 0; i < m->npt; i++)
			fprintf(f, "%.4f %.4f %s %.4f %.4f\n",
				wins_column(m->pt[i].regions),
				m->pt[i].locality, m->pt[i].name, lx[i], ly[i]);
		ret |= out_close(&o, false);
	} else {
		ret = -1;
	}
	return ret;
}

static int wins_script(const char *dir, const struct wins_map *m)
{
	struct out_file o;
	unsigned int r, b;
	FILE *f;

	if (report_file(dir, "wins.gp", &o))
		return -1;
	f = o.f;
	/* outfile: pwcsim's temporary (report_gnuplot()), else wins.png */
	fputs("if (!exists('outfile')) outfile = 'wins.png'\n"
	      "set terminal pngcairo size 1800,620 font ',10'\n"
	      "set output outfile\n", f);
	if (m->iotlb)
		fprintf(f, "set multiplot layout 1,3 title 'Where CPWC wins: CPWC / TPC page-table accesses (blue: CPWC reads fewer; synthetic streams on %u-level tables of %u pages a region visit behind a %u-entry IOTLB; points: the workloads behind the report IOTLB)'\n",
			WINS_LEVELS, WINS_VISIT_PAGES, m->iotlb);
	else
		fprintf(f, "set multiplot layout 1,3 title 'Where CPWC wins: CPWC / TPC page-table accesses (blue: CPWC reads fewer; synthetic streams on %u-level tables, no IOTLB; points: the workloads behind the IOTLB)'\n",
			WINS_LEVELS);
	/* the colour scale as far as the cells reach, white at 1 */
	fputs("stats 'wins.dat' using 3 nooutput\n"
	      "lo = STATS_min < 0.95 ? STATS_min : 0.95\n"
	      "hi = STATS_max > 1.05 ? STATS_max : 1.05\n"
	      "set palette defined (lo '#2166ac', (lo + 1) / 2 '#92c5de', 1 '#f7f7f7', (1 + hi) / 2 '#f4a582', hi '#b2182b')\n"
	      "set cbrange [lo:hi]\n"
	      "set xlabel 'R: distinct 2 MiB regions'\n"
	      "set ylabel 'locality: 1 - mean LRU stack distance / (R - 1)'\n"
	      "set yrange [-0.05:1.05]\n", f);
	fprintf(f, "set xrange [-0.5:%u.5]\nset xtics (", WINS_NR - 1);
	for (r = 0; r < WINS_NR; r++)
		fprintf(f, "%s'%u' %u", r ? ", " : "", wins_regions[r], r);
	fputs(") rotate by -45\nset ytics 0.1\n", f);
	for (b = 0; b < WINS_NB; b++)
		fprintf(f, "set title '%llu bits: %s vs %s'\n"
			"plot 'wins.dat' index %u using 1:2:3 with image notitle, \\\n"
			"  'wins_points.dat' using 1:2:($4 - $1):($5 - $2) with vectors nohead lc 'gray40' notitle, \\\n"
			"  '' using 1:2 with points pt 7 ps 0.8 lc 'black' notitle, \\\n"
			"  '' using 4:5:3 with labels left offset 0.3,0 font ',8' notitle\n",
			m->budget[b], m->tpc[b], m->cpwc[b], b);
	fputs("unset multiplot\n", f);
	return out_close(&o, false);
}

/* The map's own configuration: the member "wins_config" of @rec. */
static void wins_config(const struct wins_map *m, struct record *rec)
{
	struct record *c;

	if (!rec)
		return;
	c = record_object(rec, "wins_config");
	/* the report's "config" gives its own --levels */
	record_u64(c, "levels", WINS_LEVELS);
	record_u64(c, "iotlb_entries", m->iotlb);
	record_u64(c, "visit_pages", m->iotlb ? WINS_VISIT_PAGES : 1);
	record_u64(c, "visits_per_cell", m->accesses);
}

int wins_write(const char *dir, const struct wins_map *m,
	       struct record *rec)
{
	int ret;

	wins_config(m, rec);
	ret = wins_cells(dir, m, rec);
	ret |= wins_points(dir, m, rec);
	ret |= wins_data(dir, m);
	ret |= wins_script(dir, m);
	return ret;
}

int wins_plot(const char *dir, bool quiet)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/wins.gp", dir);
	if (access(path, R_OK))
		return 0;	/* a report from before the map */
	return report_gnuplot(dir, "wins.gp", quiet);
}
