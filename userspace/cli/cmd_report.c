// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_report.c - `pwcsim report`: the CPWC paper's evaluation on real page
 * tables: its options, then the runs (report/report_run.c), the tables and
 * summary (report/report_write.c) and the plots (report/report_plot.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pwc.h"
#include "cli/cli.h"
#include "cli/parse.h"
#include "report/report.h"
#include "workloads/workloads.h"

static const unsigned long long default_sweep[] = {
	1000, 2000, 3000, 5280, 8000, 12000, 20000, 40000,
};

static void report_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim report [OPTIONS] [WORKLOAD ...]\n"
		"  -o, --out DIR          where the report goes (default report)\n"
		"  -u, --userspace        synthetic page tables, no module\n"
		"  -t, --tlb N            IOTLB entries in front (default 64; 0: none)\n"
		"      --size S           small, sampled (default) or full inputs\n"
		"  -b, --budget-bits N    the equal storage budget (default 5280)\n"
		"      --sweep LIST       budgets of the sweep (default 1000,...,40000)\n"
		"  -l, --levels 4|5       paging levels with --userspace (default 4)\n"
		"      --plot DIR         only (re)draw DIR's plots from its CSV files\n");
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "userspace", no_argument, NULL, 'u' },
		{ "tlb", required_argument, NULL, 't' },
		{ "size", required_argument, NULL, 'z' },
		{ "budget-bits", required_argument, NULL, 'b' },
		{ "sweep", required_argument, NULL, 'S' },
		{ "plot", required_argument, NULL, 'P' },
		{ "levels", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct report_opts o = { .dir = "report", .size = "sampled",
				 .tlb = 64, .budget = 5280,
				 .capacity = 24, .max_footprint = 1ULL << 30,
				 .wo = { .seed = 1 } };
	struct report_row *rows;
	const struct workload *w;
	unsigned long long tlb;
	unsigned int i, n = 0;
	char *tok, *save;
	int c, ret = 1;

	memcpy(o.sweep, default_sweep, sizeof(default_sweep));
	o.nsweep = sizeof(default_sweep) / sizeof(default_sweep[0]);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:ut:b:l:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o.dir = optarg;
			break;
		case 'u':
			o.userspace = true;
			break;
		case 't':
			if (parse_count(optarg, PWC_MAX_ENTRIES, &tlb)) {
				fprintf(stderr, "pwcsim: --tlb takes 0 to %d\n",
					PWC_MAX_ENTRIES);
				return 2;
			}
			o.tlb = tlb;
			break;
		case 'z':
			if (workload_size(optarg, NULL, &o.wo)) {
				fprintf(stderr, "pwcsim: --size takes small, sampled or full\n");
				return 2;
			}
			o.size = optarg;
			break;
		case 'b':
			if (parse_count(optarg, PWC_MAX_BUDGET_BITS, &o.budget) ||
			    !o.budget) {
				fprintf(stderr, "pwcsim: bad --budget-bits\n");
				return 2;
			}
			break;
		case 'S':
			o.nsweep = 0;
			for (tok = strtok_r(optarg, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (o.nsweep == REPORT_MAX_SWEEP ||
				    parse_count(tok, PWC_MAX_BUDGET_BITS,
						&o.sweep[o.nsweep]) ||
				    !o.sweep[o.nsweep]) {
					fprintf(stderr, "pwcsim: --sweep takes up to %d budgets\n",
						REPORT_MAX_SWEEP);
					return 2;
				}
				o.nsweep++;
			}
			break;
		case 'P':
			return report_plot(optarg) ? 1 : 0;
		case 'l':
			if (parse_levels(optarg, &o.levels))
				return 2;
			break;
		case 'h':
			report_usage(stdout);
			return 0;
		default:
			report_usage(stderr);
			return 2;
		}
	}
	rows = calloc(REPORT_MAX_WORKLOADS, sizeof(*rows));
	if (!rows)
		return 1;
	if (optind == argc)
		for (i = 0; i < nworkloads; i++)
			o.list[o.nlist++] = &workloads[i];
	for (; optind < argc; optind++) {
		w = workload_find(argv[optind]);
		if (!w || o.nlist == REPORT_MAX_WORKLOADS) {
			fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
				argv[optind]);
			goto out;
		}
		o.list[o.nlist++] = w;
	}
	if (mkdir(o.dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "pwcsim: %s: %s\n", o.dir, strerror(errno));
		goto out;
	}
	if (report_run(&o, rows))
		goto out;
	n = o.nlist;
	if (report_write(&o, rows, n, stdout))
		goto out;
	/* Plots where gnuplot is (the VM has none: `--plot DIR` later). */
	if (!system("command -v gnuplot >/dev/null 2>&1") &&
	    report_plot(o.dir))
		goto out;
	printf("\n%s\n", o.dir);
	ret = 0;
out:
	free(rows);
	return ret;
}
