// SPDX-License-Identifier: GPL-2.0
/*
 * report_plot.c - `pwcsim report`'s plots, drawn by gnuplot from the
 * report's CSV files: figure3.png (the L2 hit rate per workload and
 * model, the paper's Figure 3) and sweep.png (mean L2 hit rate and
 * page-table accesses against the storage budget, per model, from
 * sweep.dat); with --timing, report_timing_plot.c's three.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report/report_files.h"
#include "report/report.h"
#include "report/report_wins.h"

static const char figure3[] =
	"set terminal pngcairo size 1400,600 font ',11'\n"
	"set output outfile\n"
	"set datafile separator ','\n"
	/* the CSV's first line names the columns: not a (blank) cluster */
	"set datafile columnheaders\n"
	"set title 'L2-stage hit rate per workload at equal storage (cf. the paper, Figure 3)'.\"\\n\".caption\n"
	"set ylabel 'L2 hit rate (%)'\n"
	"stats 'figure3.csv' using 0 nooutput\n"
	"rows = STATS_records\n"
	/*
	 * from a little under the lowest bar: the differences show (a
	 * workload with no walk has empty cells: no bar; with none at all,
	 * no statistics, and the axis from 95)
	 */
	"lo = 100\n"
	"do for [c = 2:models + 1] {\n"
	"  undefine STATS_*\n"
	"  stats 'figure3.csv' using c nooutput\n"
	"  if (exists('STATS_min') && STATS_min < lo) { lo = STATS_min }\n"
	"}\n"
	"lo = lo > 95 ? 95 : 5 * floor((lo - 1) / 5)\n"
	"set yrange [lo < 0 ? 0 : lo:100.5]\n"
	"set style data histograms\n"
	"set style histogram clustered gap 1\n"
	"set style fill solid 0.8 border -1\n"
	"set boxwidth 0.9\n"
	"set xtics rotate by -40\n"
	/*
	 * cluster i is centred on x = i: from edge to edge, no blank band
	 * (every row counted, those with no bar too)
	 */
	"set xrange [-0.5:rows - 0.5]\n"
	"set key outside right\n"
	"set grid ytics\n"
	/* the models' columns and titles: the prelude's (plot_models()) */
	"plot for [c = 2:models + 1] 'figure3.csv' using c:xtic(1) "
	"title word(names, c - 1)\n";

static const char sweep[] =
	"set terminal pngcairo size 1200,500 font ',11'\n"
	"set output outfile\n"
	"set multiplot layout 1,2 title 'Budget sweep: '.caption\n"
	"set logscale x\n"
	"set xlabel 'storage (bits)'\n"
	"set grid\n"
	/* the budgets swept, and the report's own marked */
	"stats 'sweep.dat' using 1 nooutput\n"
	"set xrange [STATS_min / 1.15:STATS_max * 1.15]\n"
	"set arrow 1 from budget, graph 0 to budget, graph 1 nohead dt 2 lc 'gray30'\n"
	"set label 1 sprintf('%d bits', budget) at budget, graph 0.04 offset 0.5,0 font ',9'\n"
	"set key bottom right\n"
	"set title 'mean L2 hit rate over the workloads'\n"
	"set ylabel 'L2 hit rate (%)'\n"
	/* no workload walked: no rate (NaN), an empty panel, not an error */
	"stats 'sweep.dat' using 2 nooutput name 'HIT'\n"
	"if (!exists('HIT_records')) set yrange [0:100]\n"
	/* sweep.dat's blocks: the sized models (the prelude's) */
	"plot for [i = 0:sized - 1] 'sweep.dat' index i using 1:2 "
	"with linespoints title word(sized_names, i + 1)\n"
	"set title 'page-table accesses, summed over the workloads'\n"
	"set ylabel 'page-table accesses'\n"
	"set key top right\n"
	"plot for [i = 0:sized - 1] 'sweep.dat' index i using 1:3 "
	"with linespoints title word(sized_names, i + 1)\n"
	"unset multiplot\n";

/* The sensitivity study: the access reduction and mean hit rates. */
static const char scenarios[] =
	"set terminal pngcairo size 1400,600 font ',11'\n"
	"set output outfile\n"
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

/*
 * The models the plots show, from the registry, as gnuplot variables:
 * those that cache (figure3.csv's columns after the workload) and the
 * sized ones (sweep.dat's blocks), each how many and their titles.
 */
static void plot_models(char *buf, size_t len)
{
	char all[160] = "", sized[160] = "", title[16];
	unsigned int k, n = 0, ns = 0;

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		if (!report_caches(k))
			continue;
		report_model_title(k, title, sizeof(title));
		snprintf(all + strlen(all), sizeof(all) - strlen(all), "%s%s",
			 n++ ? " " : "", title);
		if (pwc_kind_sized(k))
			snprintf(sized + strlen(sized),
				 sizeof(sized) - strlen(sized), "%s%s",
				 ns++ ? " " : "", title);
	}
	snprintf(buf, len,
		 "models = %u\nnames = '%s'\nsized = %u\nsized_names = '%s'\n",
		 n, all, ns, sized);
}

/*
 * Is there a gnuplot for execlp() to run: an executable file "gnuplot" in
 * a directory of $PATH (an empty one the current directory)?  Looked up
 * here, not by system("command -v gnuplot"): system() ignores SIGINT
 * while its shell runs, and a Ctrl-C there killed the shell alone, so the
 * report went on as if gnuplot were missing, replacing the old report's
 * plots with none, exit 0.
 */
bool report_have_gnuplot(void)
{
	const char *p = getenv("PATH"), *end;
	char file[PATH_MAX];
	struct stat st;

	if (!p)
		p = "/bin:/usr/bin";	/* execlp()'s default, confstr(3) */
	for (;; p = end + 1) {
		end = strchrnul(p, ':');
		if (snprintf(file, sizeof(file), "%.*s/gnuplot",
			     end > p ? (int)(end - p) : 1,
			     end > p ? p : ".") < (int)sizeof(file) &&
		    !stat(file, &st) && S_ISREG(st.st_mode) &&
		    !access(file, X_OK))
			return true;
		if (!*end)
			return false;
	}
}

int report_plot(const char *dir, bool quiet)
{
	char path[PATH_MAX], models[512];

	if (!report_have_gnuplot()) {
		fprintf(stderr, "pwcsim: gnuplot is not installed: no plots drawn\n");
		return -1;
	}
	plot_models(models, sizeof(models));
	if (report_plot_gp(dir, "figure3.gp", models, figure3, quiet) ||
	    report_plot_gp(dir, "sweep.gp", models, sweep, quiet) ||
	    wins_plot(dir, quiet))
		return -1;
	snprintf(path, sizeof(path), "%s/timing.csv", dir);
	if (!access(path, R_OK) && report_timing_plot(dir, quiet))
		return -1;
	snprintf(path, sizeof(path), "%s/scenarios_wide.csv", dir);
	if (!access(path, R_OK))
		return report_plot_gp(dir, "scenarios.gp", NULL, scenarios,
				      quiet);
	return 0;
}
