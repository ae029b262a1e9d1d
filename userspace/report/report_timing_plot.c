// SPDX-License-Identifier: GPL-2.0
/*
 * report_timing_plot.c - `pwcsim report --timing`'s plots, drawn by
 * gnuplot from the CSV files report_timing_write.c writes:
 *   timing_cdf.png       the translation latency CDF per workload class,
 *                        a line per model (timing_cdf.csv);
 *   timing_slowdown.png  the slowdown per workload and model at equal
 *                        storage (timing_slowdown.csv);
 *   timing_walkers.png   TPC's slowdown against the walkers, a line per
 *                        workload: where queueing stops mattering
 *                        (timing_walkers.csv).
 * The classes, models and workloads plotted are read from the files, so
 * the scripts name none of them.
 */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "report/report.h"
#include "report/report_files.h"

static const char cdf[] =
	"set terminal pngcairo size 1500,460 font ',10'\n"
	"set output outfile\n"
	"set datafile separator ','\n"
	"set datafile columnheaders\n"
	"set multiplot layout 1,words(classes) title 'Translation latency CDF per workload class (the class'.\"'\".'s translations pooled): '.caption\n"
	"set logscale x\n"
	"set xlabel 'latency + 1 (core cycles)'\n"
	"set ylabel 'fraction of translations'\n"
	"set yrange [0:1.02]\n"
	"set key bottom right\n"
	"set grid\n"
	"do for [c in classes] {\n"
	"  set title 'class '.c\n"
	"  plot for [m in models] 'timing_cdf.csv' using "
	"((strcol(1) eq c && strcol(2) eq m) ? $4 + 1 : NaN):3 "
	"with steps title m\n"
	"}\n"
	"unset multiplot\n";

static const char slowdown[] =
	"set terminal pngcairo size 1400,560 font ',10'\n"
	"set output outfile\n"
	"set datafile separator ','\n"
	"set datafile columnheaders\n"
	"set title 'Slowdown against ideal translation (cycles per warp instruction), each model at equal storage: '.caption\n"
	"set style data histograms\n"
	"set style histogram clustered gap 1\n"
	"set style fill solid 0.8 border -1\n"
	"set boxwidth 0.9\n"
	"set logscale y\n"
	"set ylabel 'CPI / ideal CPI (log)'\n"
	"set xtics rotate by -40\n"
	"set key outside right\n"
	"set grid ytics\n"
	"plot for [i=2:words(models) + 1] 'timing_slowdown.csv' using i:xtic(1) "
	"title word(models, i - 1)\n";

static const char walkers[] =
	"set terminal pngcairo size 1100,600 font ',10'\n"
	"set output outfile\n"
	"set datafile separator ','\n"
	"set datafile columnheaders\n"
	"set title 'TPC'.\"'\".'s slowdown against page-table walkers (fcfs): '.caption\n"
	"set logscale xy\n"
	"set xtics (1, 2, 4, 8, 16, 32)\n"
	"set xrange [0.8:40]\n"
	"set xlabel 'walkers'\n"
	"set ylabel 'CPI / ideal CPI (log)'\n"
	"set key outside right\n"
	"set grid\n"
	"plot for [w in workloads] 'timing_walkers.csv' using "
	"((strcol(1) eq w && strcol(4) eq 'tpc') ? $3 : NaN):8 "
	"with linespoints title w\n";

/*
 * The distinct values of column @col (0-based) of @dir/@file after its
 * header, in first-seen order and other than @skip, as gnuplot words
 * into @out (" a b "); 0, or -1 when it cannot be read.
 */
static int column_words(const char *dir, const char *file, unsigned int col,
			const char *skip, char *out, size_t len)
{
	char path[PATH_MAX], line[512], word[128], *p;
	size_t used = 1, n;
	unsigned int i;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	f = fopen(path, "r");
	if (!f || !fgets(line, sizeof(line), f)) {
		if (f)
			fclose(f);
		fprintf(stderr, "pwcsim: cannot read %s\n", path);
		return -1;
	}
	snprintf(out, len, " ");
	while (fgets(line, sizeof(line), f)) {
		for (p = line, i = 0; i < col && p; i++) {
			p = strchr(p, ',');
			p = p ? p + 1 : NULL;
		}
		n = p ? strcspn(p, ",\n") : 0;
		/* a name to quote would end the gnuplot string: none here */
		if (!n || n + 3 > sizeof(word) || memchr(p, '\'', n))
			continue;
		snprintf(word, sizeof(word), " %.*s ", (int)n, p);
		if ((skip && strlen(skip) == n && !strncmp(p, skip, n)) ||
		    strstr(out, word) || used + n + 2 > len)
			continue;
		memcpy(out + used, p, n);
		out[used + n] = ' ';
		out[used + n + 1] = '\0';
		used += n + 1;
	}
	fclose(f);
	return 0;
}

int report_timing_plot(const char *dir, bool quiet)
{
	char classes[64], models[512], names[2048], prelude[2800];

	if (column_words(dir, "timing_cdf.csv", 0, "0", classes,
			 sizeof(classes)) ||
	    column_words(dir, "timing_cdf.csv", 1, NULL, models,
			 sizeof(models)) ||
	    column_words(dir, "timing_walkers.csv", 0, NULL, names,
			 sizeof(names)))
		return -1;
	snprintf(prelude, sizeof(prelude),
		 "classes = '%s'\nmodels = '%s'\nworkloads = '%s'\n", classes,
		 models, names);
	return report_plot_gp(dir, "timing_cdf.gp", prelude, cdf, quiet) ||
	       report_plot_gp(dir, "timing_slowdown.gp", prelude, slowdown,
			      quiet) ||
	       report_plot_gp(dir, "timing_walkers.gp", prelude, walkers,
			      quiet) ? -1 : 0;
}
