// SPDX-License-Identifier: GPL-2.0
/*
 * report_plot.c - `pwcsim report`'s plots, drawn by gnuplot from the
 * report's CSV files: figure3.png (the L2 hit rate per workload and
 * model, the paper's Figure 3) and sweep.png (mean L2 hit rate and
 * page-table accesses against the storage budget, per model, from
 * sweep.dat).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "report/report_files.h"
#include "report/report.h"
#include "report/report_wins.h"

static const char figure3[] =
	"set terminal pngcairo size 1400,600 font ',11'\n"
	"set output 'figure3.png'\n"
	"set datafile separator ','\n"
	/* the CSV's first line names the columns: not a (blank) cluster */
	"set datafile columnheaders\n"
	"set title 'L2-stage hit rate per workload at equal storage (cf. the paper, Figure 3)'\n"
	"set ylabel 'L2 hit rate (%)'\n"
	"set yrange [0:105]\n"
	"set style data histograms\n"
	"set style histogram clustered gap 1\n"
	"set style fill solid 0.8 border -1\n"
	"set boxwidth 0.9\n"
	"set xtics rotate by -40\n"
	/* cluster i is centred on x = i: from edge to edge, no blank band */
	"stats 'figure3.csv' using 2 nooutput\n"
	"set xrange [-0.5:STATS_records - 0.5]\n"
	"set key outside right\n"
	"set grid ytics\n"
	"plot 'figure3.csv' using 2:xtic(1) title 'TPC', '' using 3 title 'CPWC', "
	"'' using 4 title 'STC', '' using 5 title 'UPTC', '' using 6 title 'ideal'\n";

static const char sweep[] =
	"set terminal pngcairo size 1200,500 font ',11'\n"
	"set output 'sweep.png'\n"
	"set multiplot layout 1,2 title 'Budget sweep (mean over the workloads)'\n"
	"set logscale x\n"
	"set xlabel 'storage (bits)'\n"
	"set grid\n"
	"set key bottom right\n"
	"set ylabel 'mean L2 hit rate (%)'\n"
	"names = 'TPC CPWC STC UPTC'\n"
	"plot for [i=0:3] 'sweep.dat' index i using 1:2 with linespoints "
	"title word(names, i + 1)\n"
	"set ylabel 'page-table accesses'\n"
	"set key top right\n"
	"plot for [i=0:3] 'sweep.dat' index i using 1:3 with linespoints "
	"title word(names, i + 1)\n"
	"unset multiplot\n";

/* The sensitivity study: the access reduction and mean hit rates. */
static const char scenarios[] =
	"set terminal pngcairo size 1400,600 font ',11'\n"
	"set output 'scenarios.png'\n"
	"set datafile separator ','\n"
	"set datafile columnheaders\n"
	"set title 'The paper figures under each scenario (first cluster: the paper)'\n"
	"set style data histograms\n"
	"set style histogram clustered gap 1\n"
	"set style fill solid 0.8 border -1\n"
	"set boxwidth 0.9\n"
	"set key outside right\n"
	"set grid ytics\n"
	"set xtics rotate by -30\n"
	"set ylabel '%'\n"
	"plot 'scenarios_wide.csv' using 4:xtic(1) title 'CPWC vs TPC accesses, all', "
	"'' using 8 title 'TPC mean L2 hit rate', "
	"'' using 9 title 'CPWC mean L2 hit rate', "
	"'' using 2 title '2mm IOTLB hit rate, 32 entries'\n";

static int plot(const char *dir, const char *name, const char *script,
		bool quiet)
{
	struct out_file o;

	if (report_file(dir, name, &o))
		return -1;
	fputs(script, o.f);
	if (out_close(&o, false))
		return -1;
	return report_gnuplot(dir, name, quiet);
}

bool report_have_gnuplot(void)
{
	return !system("command -v gnuplot >/dev/null 2>&1");
}

int report_plot(const char *dir, bool quiet)
{
	char path[PATH_MAX];

	if (!report_have_gnuplot()) {
		fprintf(stderr, "pwcsim: gnuplot is not installed: no plots drawn\n");
		return -1;
	}
	if (plot(dir, "figure3.gp", figure3, quiet) ||
	    plot(dir, "sweep.gp", sweep, quiet) || wins_plot(dir, quiet))
		return -1;
	snprintf(path, sizeof(path), "%s/scenarios_wide.csv", dir);
	if (!access(path, R_OK))
		return plot(dir, "scenarios.gp", scenarios, quiet);
	return 0;
}
