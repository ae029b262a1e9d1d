// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_report.c - `pwcsim report`: the CPWC paper's evaluation on real page
 * tables: its options, then the runs (report/report_run.c), the tables and
 * summary (report/report_write.c) and the plots (report/report_plot.c);
 * sharded sweeps, --shard K/N and --merge (report/report_shard.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pwc.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "output/out_file.h"
#include "report/report.h"
#include "report/report_dir.h"
#include "report/report_wins.h"
#include "workloads/workloads.h"

static const unsigned long long default_sweep[] = {
	1000, 2000, 3000, 5280, 8000, 12000, 20000, 40000,
};

static void report_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim report [OPTIONS] [WORKLOAD ...]\n"
		"       pwcsim report --merge [--out DIR] SHARD-DIR ...\n"
		"  -o, --out DIR          where the report goes (default report)\n"
		"  -u, --userspace        synthetic page tables, no module\n"
		"  -t, --tlb N[,2m]       IOTLB entries in front (default 64; 0: none)\n"
		"      --size S           small (default), sampled or full inputs\n"
		"      --seed N           the workloads' seed\n"
		SHARED_GPU_USAGE
		"  -b, --budget-bits N    the equal storage budget (default 5280)\n"
		SHARED_BUDGET_RANGE
		"      --sweep LIST       budgets of the sweep (default 1000,...,40000)\n"
		"  -l, --levels 4|5       paging levels with --userspace (default 4)\n"
		"      --max-footprint N  most bytes of shadow pages (default 1G)\n"
		"      --plot DIR         only (re)draw DIR's plots from its CSV files\n"
		"      --shard K/N        only workloads K, K+N, ...: DIR/shard.txt\n"
		"      --merge            the report of the shards in SHARD-DIRs\n"
		"      --scenarios        also the sensitivity study (scenarios.csv)\n"
		"      --timing           also translation in time: every model behind the\n"
		"                         timed IOMMU, a walker sweep (timing*.csv)\n"
		"      --wins-iotlb N     the wins map's cells behind an N-entry IOTLB\n"
		"                         (%u pages a region visit; default 0: none)\n"
		"  -q, --quiet            no progress line on stderr\n",
		shared_budget_min(), shared_budget_max(), WINS_VISIT_PAGES);
}

/*
 * --sweep B1,B2,...: increasing budgets in the real range (a sweep runs as
 * given or not at all); 0, or -1 with a message.
 */
static int report_parse_sweep(const char *arg, struct report_opts *o)
{
	return parse_increasing(arg, "--sweep", shared_budget_min(),
				shared_budget_max(), o->sweep,
				REPORT_MAX_SWEEP, &o->nsweep);
}

/* --shard K/N: 0, or -1 with a message. */
static int report_parse_shard(const char *arg, struct report_opts *o)
{
	unsigned long long k, n;
	char buf[32], *slash;

	snprintf(buf, sizeof(buf), "%s", arg);
	slash = strchr(buf, '/');
	if (slash)
		*slash = '\0';
	if (!slash || parse_count(buf, REPORT_MAX_WORKLOADS, &k) ||
	    parse_count(slash + 1, REPORT_MAX_WORKLOADS, &n) || !n || k >= n) {
		fprintf(stderr, "pwcsim: --shard takes K/N, 0 <= K < N <= %d\n",
			REPORT_MAX_WORKLOADS);
		return -1;
	}
	o->shard_k = k;
	o->shard_n = n;
	return 0;
}

/* --wins-iotlb N: 0, or -1 with a message. */
static int report_parse_wins_iotlb(const char *arg, unsigned int *iotlb)
{
	unsigned long long n;

	if (parse_count(arg, PWC_MAX_ENTRIES, &n)) {
		fprintf(stderr, "pwcsim: --wins-iotlb takes 0 to %d entries\n",
			PWC_MAX_ENTRIES);
		return -1;
	}
	*iotlb = n;
	return 0;
}

/*
 * The options into @o (the wins map's IOTLB into @wins_iotlb, --timing
 * into @timing): 0, 1 when done (--help, --plot; *ret is the exit
 * status), 2 on a bad option (message printed).
 */
/* What report_parse() starts from: the defaults the usage names. */
static void report_defaults(struct report_opts *o, struct shared_opts *so)
{
	shared_opts_init(so);
	so->tlb = SHARED_TLB_REPORT;	/* the paper's GPU IOTLB */
	o->dir = "report";
	o->capacity = 24;
	memcpy(o->sweep, default_sweep, sizeof(default_sweep));
	o->nsweep = ARRAY_SIZE(default_sweep);
}

static int report_parse(int argc, char **argv, struct report_opts *o,
			unsigned int *wins_iotlb, bool *timing, int *ret)
{
	static const struct option opts[] = {
		SHARED_OPT_USERSPACE, SHARED_OPT_TLB, SHARED_OPT_SIZE,
		SHARED_OPT_SEED, SHARED_OPT_BUDGET, SHARED_OPT_LEVELS,
		SHARED_OPTS_GPU,
		SHARED_OPT_MAX_FOOTPRINT, SHARED_OPT_QUIET,
		{ "out", required_argument, NULL, 'o' },
		{ "sweep", required_argument, NULL, 'S' },
		{ "plot", required_argument, NULL, 'P' },
		{ "shard", required_argument, NULL, 'K' },
		{ "merge", no_argument, NULL, 'M' },
		{ "scenarios", no_argument, NULL, 'C' },
		{ "timing", no_argument, NULL, 'T' },
		{ "wins-iotlb", required_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct shared_opts so;
	int c;

	report_defaults(o, &so);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:ut:b:l:qh", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->dir = optarg;
			break;
		case 'S':
			if (report_parse_sweep(optarg, o))
				return 2;
			break;
		case 'P':
			*ret = report_plot(optarg, so.quiet) ? 1 : 0;
			return 1;
		case 'K':
			if (report_parse_shard(optarg, o))
				return 2;
			break;
		case 'M':
			o->merge = true;
			break;
		case 'C':
			o->scenarios = true;
			break;
		case 'T':
			*timing = true;
			break;
		case 'W':
			if (report_parse_wins_iotlb(optarg, wins_iotlb))
				return 2;
			break;
		case 'h':
			report_usage(stdout);
			*ret = 0;
			return 1;
		default:
			if (shared_option_or_usage(&so, c, optarg, report_usage))
				return 2;
		}
	}
	o->size = so.size;
	shared_run_config(&so, &o->run);
	o->wo = so.wo;
	o->quiet = so.quiet;
	return 0;
}

/* The workloads named (all of them if none): 0, or -1 with a message. */
static int report_list(int argc, char **argv, struct report_opts *o)
{
	const struct workload *w;
	unsigned int i;

	if (optind == argc)
		for (i = 0; i < nworkloads; i++)
			o->list[o->nlist++] = &workloads[i];
	for (; optind < argc; optind++) {
		w = workload_find(argv[optind]);
		if (!w || o->nlist == REPORT_MAX_WORKLOADS) {
			fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
				argv[optind]);
			return -1;
		}
		for (i = 0; i < o->nlist && o->list[i] != w; i++)
			;
		if (i < o->nlist) {	/* its rows and class twice */
			fprintf(stderr, "pwcsim: workload '%s' named twice\n",
				argv[optind]);
			return -1;
		}
		o->list[o->nlist++] = w;
	}
	return 0;
}

/* --merge's --out one of the shard directories it reads: refused. */
static bool report_merge_out_is_shard(int argc, char **argv, const char *dir)
{
	for (int i = optind; i < argc; i++)
		if (out_same_file(argv[i], dir)) {
			fprintf(stderr, "pwcsim report: --out %s is the shard directory %s: refused (the merge would replace it)\n",
				dir, argv[i]);
			return true;
		}
	return false;
}

/*
 * The report of @rows (run here, or merged from the shards in @argv): the
 * studies asked for, the wins map, the tables, summary and plots in
 * o->dir (@dir: what the user named); 0 or -1 with a message.
 */
static int report_analyse(struct report_opts *o, struct report_row *rows,
			  int argc, char **argv, unsigned int wins_iotlb,
			  bool want_timing, const char *dir)
{
	struct report_timing *timing = NULL;
	struct wins_map *wins = NULL;
	int ret = -1;

	if (o->merge ? report_shard_merge(o, rows, argv + optind,
					  argc - optind) :
		       report_run(o, rows))
		goto out;
	if (o->scenarios && !o->merge && report_scenarios_run(o))
		goto out;
	if (want_timing) {
		timing = calloc(1, sizeof(*timing));
		if (!timing || report_timing_run(o, timing))
			goto out;
		o->timing = timing;
	}
	wins = malloc(sizeof(*wins));
	if (!wins || wins_run(o, rows, wins_iotlb, wins))
		goto out;
	o->wins = wins;
	if (report_write(o, rows, o->nlist, stdout))
		goto out;
	/* Plots where gnuplot is (the VM has none: `--plot DIR` later). */
	if (!report_have_gnuplot())
		fprintf(stderr, "pwcsim: gnuplot is not installed: no plots (draw them later: pwcsim report --plot %s)\n",
			dir);
	else if (report_plot(o->dir, o->quiet))
		goto out;
	ret = 0;
out:
	o->timing = NULL;
	o->wins = NULL;
	free(timing);
	free(wins);
	return ret;
}

int cmd_report(int argc, char **argv)
{
	struct report_opts o = {};
	struct report_row *rows = NULL;
	unsigned int wins_iotlb = 0;
	struct report_dir rd = {};
	bool want_timing = false;
	const char *dir;
	int ret = 1;

	switch (report_parse(argc, argv, &o, &wins_iotlb, &want_timing,
			     &ret)) {
	case 1:
		return ret;
	case 2:
		return 2;
	}
	if (o.merge && (o.shard_n || optind == argc)) {
		fprintf(stderr, "pwcsim report: --merge takes the shards' directories (and no --shard)\n");
		return 2;
	}
	if (want_timing && (o.merge || o.shard_n || o.run.tlb2m)) {
		fprintf(stderr, "pwcsim report: --timing runs unsharded (not with --shard or --merge), with 4 KiB IOTLB entries (not -t N,2m)\n");
		return 2;
	}
	if (!o.merge && report_list(argc, argv, &o))
		return 1;
	/* -o checked before any work; the report written beside it */
	dir = o.dir;
	if (o.merge && report_merge_out_is_shard(argc, argv, dir))
		return 2;
	if (report_dir_open(&rd, dir))
		return 1;
	o.dir = rd.tmp;
	rows = calloc(REPORT_MAX_WORKLOADS, sizeof(*rows));
	if (!rows) {
		fprintf(stderr, "pwcsim: out of memory\n");
		goto out;
	}
	if (o.shard_n) {	/* a partial result: rows, no report */
		if (report_run(&o, rows) || report_shard_save(&o, rows) ||
		    report_dir_commit(&rd))
			goto out;
		printf("%s/shard.txt\n", dir);
		ret = 0;
		goto out;
	}
	if (report_analyse(&o, rows, argc, argv, wins_iotlb, want_timing,
			   dir))
		goto out;
	if (report_dir_commit(&rd))
		goto out;
	printf("\n%s\n", dir);
	ret = 0;
out:
	report_dir_abort(&rd);
	free(rows);
	return ret;
}
