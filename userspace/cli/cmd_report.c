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
	unsigned long long lo, hi;

	report_budget_range(4, &lo, &hi);
	fprintf(f,
		"usage: pwcsim report [OPTIONS] [WORKLOAD ...]\n"
		"       pwcsim report --merge [--out DIR] SHARD-DIR ...\n"
		"  -o, --out DIR          where the report goes (default report)\n"
		"  -u, --userspace        synthetic page tables, no module\n"
		"  -t, --tlb N[,2m]       IOTLB entries in front (default 64; 0: none)\n"
		"      --size S           small (default), sampled or full inputs\n"
		"      --seed N           the workloads' seed\n"
		"      --data NAME=DIR    workload NAME's input files from DIR, its\n"
		"                         package's data (BFS, MUM; --size full)\n"
		SHARED_GPU_USAGE
		"  -b, --budget-bits N    the equal storage budget (default %llu)\n"
		"                         (%llu to %llu bits at 4 levels: every model\n"
		"                         fits, the wins map\'s 4x within its cap)\n"
		"      --sweep LIST       budgets of the sweep (default 1000,...,40000)\n"
		"  -l, --levels 4|5       paging levels with --userspace (default 4)\n"
		"      --max-footprint N  most bytes of shadow pages (default 1073741824)\n"
		"      --plot DIR         only (re)draw DIR's plots from its CSV files\n"
		"      --shard K/N        only workloads K, K+N, ...: DIR/shard.txt\n"
		"      --merge            the report of the shards in SHARD-DIRs\n"
		"      --scenarios        also the sensitivity study (scenarios.csv)\n"
		"      --timing           also translation in time: every model behind the\n"
		"                         timed IOMMU, a walker sweep (timing*.csv)\n"
		"      --wins-iotlb N     the wins map's cells behind an N-entry IOTLB\n"
		"                         (%u pages a region visit; default 0: none)\n"
		"  -q, --quiet            no progress line on stderr\n",
		RUN_BUDGET_BITS, lo, hi, WINS_VISIT_PAGES);
}

/*
 * --sweep B1,B2,...: increasing budgets in the real range (a sweep runs as
 * given or not at all); 0, or -1 with a message.
 */
static int report_parse_sweep(const char *arg, struct report_opts *o)
{
	o->sweep_given = true;
	return parse_increasing(arg, "--sweep", shared_budget_min(),
				shared_budget_max(), o->sweep,
				REPORT_MAX_SWEEP, &o->nsweep);
}

/* --shard K/N: 0, or -1 with a message. */
static int report_parse_shard(const char *arg, struct report_opts *o)
{
	unsigned long long k, n;
	char buf[32], *slash;

	/* one longer than the buffer is refused, not cut */
	slash = snprintf(buf, sizeof(buf), "%s", arg) < (int)sizeof(buf) ?
		strchr(buf, '/') : NULL;
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

/*
 * What the command line asked beside @o: --plot's DIR, --wins-iotlb,
 * --timing, whether --max-footprint was given, and the first option
 * given of those --plot (@other: any but --quiet) and --merge (@run: the
 * runs', which a merge takes from its shards) would ignore, by name.
 */
struct report_cli {
	const char *plot;
	unsigned int wins_iotlb;
	bool wins_given, timing, footprint;
	char other[32], run[32];
};

/* Option @c (@idx its long option's, or -1) noted in @cli. */
static void report_note(struct report_cli *cli, const struct option *opts,
			int c, int idx)
{
	char name[32];

	if (c == 'P' || c == 'q')
		return;
	if (idx >= 0)
		snprintf(name, sizeof(name), "--%s", opts[idx].name);
	else
		snprintf(name, sizeof(name), "-%c", c);
	if (!*cli->other)
		snprintf(cli->other, sizeof(cli->other), "%s", name);
	if (!*cli->run && c != 'o' && c != 'W' && c != 'M')
		snprintf(cli->run, sizeof(cli->run), "%s", name);
}

/* One option of report's own into @o and @cli: 0, or 2 (message printed). */
static int report_option(int c, struct report_opts *o,
			 struct report_cli *cli)
{
	switch (c) {
	case 'o':
		o->dir = optarg;
		return 0;
	case 'S':
		return report_parse_sweep(optarg, o) ? 2 : 0;
	case 'P':
		cli->plot = optarg;
		return 0;
	case 'K':
		return report_parse_shard(optarg, o) ? 2 : 0;
	case 'M':
		o->merge = true;
		return 0;
	case 'C':
		o->scenarios = true;
		return 0;
	case 'T':
		cli->timing = true;
		return 0;
	case 'W':
		cli->wins_given = true;
		return report_parse_wins_iotlb(optarg, &cli->wins_iotlb) ? 2 : 0;
	case OPT_DATA:
		return report_data_parse(o, optarg);
	}
	return -1;
}

/*
 * The options into @o and @cli: 0, 1 when done (--help; *ret is the
 * exit status), 2 on a bad option (message printed).  Every option is
 * parsed before any acts (--plot DIR --bogus is refused).
 */
static int report_parse(int argc, char **argv, struct report_opts *o,
			struct report_cli *cli, int *ret)
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
		SHARED_OPT_DATA,
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct shared_opts so;
	int c, idx = -1, r;

	report_defaults(o, &so);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:ut:b:l:qh", opts, &idx)) != -1) {
		if (c == 'h') {
			report_usage(stdout);
			*ret = 0;
			return 1;
		}
		r = report_option(c, o, cli);
		if (r < 0)
			r = shared_option_or_usage(&so, c, optarg,
						   report_usage);
		if (r)
			return 2;
		report_note(cli, opts, c, idx);
		idx = -1;
	}
	/* the package's files are the full input (as gen --data's) */
	if (shared_input_size(&so, o->ndata, "pwcsim report"))
		return 2;
	o->size = so.size;
	cli->footprint = so.footprint_given;
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

	/* a merge's budgets are its shards' (checked before the runs) */
	if (o->merge && (report_shard_merge(o, rows, argv + optind,
					    argc - optind) ||
			 report_budget_check(o)))
		goto out;
	if (!o->merge && report_run(o, rows))
		goto out;
	if (o->scenarios && report_scenarios_run(o))
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

/*
 * The combinations refused before any work, each an option that would
 * be ignored: 0, or 2 with a message.
 */
static int report_refuse(const struct report_opts *o,
			 const struct report_cli *cli, int argc)
{
	unsigned int i;

	if (cli->plot && (*cli->other || optind < argc)) {
		fprintf(stderr, "pwcsim report: --plot DIR only redraws DIR's plots from its files: %s is not for it (with --plot: only --quiet)\n",
			*cli->other ? cli->other : "a workload");
		return 2;
	}
	if (o->merge && (o->shard_n || optind == argc)) {
		fprintf(stderr, "pwcsim report: --merge takes the shards' directories (and no --shard)\n");
		return 2;
	}
	if (o->merge && *cli->run) {
		fprintf(stderr, "pwcsim report: --merge takes the runs' options from its shards: %s is not for it (with --merge: only --out, --quiet and --wins-iotlb; give it to the shards)\n",
			cli->run);
		return 2;
	}
	if (o->run.userspace && cli->footprint) {	/* no shadow process */
		fprintf(stderr, "pwcsim report: --max-footprint is an option of pwcsim.ko's backend: it needs the module (not --userspace)\n");
		return 2;
	}
	if (cli->timing && (o->merge || o->shard_n || o->run.tlb2m)) {
		fprintf(stderr, "pwcsim report: --timing runs unsharded (not with --shard or --merge), with 4 KiB IOTLB entries (not -t N,2m)\n");
		return 2;
	}
	for (i = 0; o->shard_n && i < o->ndata; i++)	/* shard.txt's line */
		if (strchr(o->data[i].dir, '\n') ||
		    strlen(o->data[i].dir) > REPORT_SHARD_DIR_MAX) {
			fprintf(stderr, "pwcsim report: --data %s=...: a directory whose name holds a newline or is over %d bytes cannot be recorded in a shard.txt\n",
				o->data[i].w->name, REPORT_SHARD_DIR_MAX);
			return 2;
		}
	if (o->shard_n && (o->scenarios || cli->wins_given)) {
		fprintf(stderr, "pwcsim report: --shard K/N runs the workloads only: %s\n",
			o->scenarios ?
			"--scenarios runs unsharded (not with --shard or --merge)" :
			"give --wins-iotlb to the --merge");
		return 2;
	}
	return 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_opts o = {};
	struct report_row *rows = NULL;
	struct report_cli cli = {};
	struct report_dir rd = {};
	const char *dir;
	int ret = 1;

	switch (report_parse(argc, argv, &o, &cli, &ret)) {
	case 1:
		return ret;
	case 2:
		return 2;
	}
	if (report_refuse(&o, &cli, argc))
		return 2;
	if (cli.plot)
		return report_dir_is_report(cli.plot) ||
		       report_plot(cli.plot, o.quiet) ? 1 : 0;
	/* a workload or budget the report cannot take: a usage error */
	if (!o.merge && (report_list(argc, argv, &o) ||
			 report_budget_check(&o)))
		return 2;
	/* --data: the files read before any work (a bad one: nothing made) */
	ret = report_data_load(&o);
	if (ret)
		return ret;
	ret = 1;
	/* -o checked before any work; the report written beside it */
	dir = o.dir;
	if (o.merge && report_merge_out_is_shard(argc, argv, dir))
		return 2;
	if (report_dir_open(&rd, dir))
		goto out;
	o.dir = rd.tmp;
	rows = calloc(REPORT_MAX_WORKLOADS, sizeof(*rows));
	if (!rows) {
		fprintf(stderr, "pwcsim: out of memory\n");
		goto out;
	}
	if (o.shard_n) {	/* a partial result: rows, no report */
		if (report_run(&o, rows) || report_shard_save(&o, rows))
			goto out;
		printf("%s/shard.txt\n", dir);
	} else {
		if (report_analyse(&o, rows, argc, argv, cli.wins_iotlb,
				   cli.timing, dir))
			goto out;
		printf("\n%s\n", dir);
	}
	/*
	 * stdout written whole before the report replaces DIR (main() says
	 * why it was not): a failed command leaves the previous report
	 */
	if (fflush(stdout) || ferror(stdout) || report_dir_commit(&rd))
		goto out;
	ret = 0;
out:
	report_dir_abort(&rd);
	report_data_unload(&o);
	free(rows);
	return ret;
}
