// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_trace.c - `pwcsim trace convert|info`: convert any trace format
 * (addr_stream.h) to text or binary, and describe a trace: for GPU traces
 * its kernels, warps, instructions and global accesses; for every trace
 * its addresses, distinct 4 KiB pages, 2 MiB and 1 GiB regions and
 * L4/L3/L2 paths.  --format (--from), --pid and --json are the shared
 * options (options.h).
 */
#include <getopt.h>
#include <limits.h>

#include "pwc.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "engine/run_engine.h"
#include "output/out_file.h"
#include "output/table.h"
#include "traces/addr_census.h"
#include "traces/addr_stream.h"

static void convert_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim trace convert [OPTIONS] IN|DIR|- OUT|-\n"
		"  -f, --from F           the input format: %s\n"
		"                         (default auto; --format too)\n"
		"  -t, --to text|binary   the output format (default binary)\n"
		"  -p, --pid PID          perf input: only this process's samples\n"
		SHARED_TRACE_ORDER_USAGE
		"      --iotlb-at P       scheduled traces: the tap (default l2-miss)\n"
		"      --seed N           scheduled traces: the GPU model's seed\n",
		ADDR_FORMATS);
}

static void info_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim trace info [OPTIONS] FILE|DIR|-\n"
		"  -f, --format F         the input format: %s\n"
		"                         (default auto)\n"
		"  -p, --pid PID          perf input: only this process's samples\n"
		"  -j, --json             JSON instead of the tables\n"
		SHARED_TRACE_ORDER_USAGE
		"      --iotlb-at P       scheduled traces: the tap (default l2-miss)\n"
		"      --seed N           scheduled traces: the GPU model's seed\n",
		ADDR_FORMATS);
}

/* A trace subcommand: its options, the operands it takes, its usage. */
struct trace_cmd {
	const struct option *opts;
	const char *optstring;
	int nargs;
	const char *operands;
	void (*usage)(FILE *f);
};

/*
 * @cmd's options into @so (--to into @to): 0, 1 when --help was printed,
 * 2 on a bad option or operand count (message printed).
 */
static int trace_parse(int argc, char **argv, const struct trace_cmd *cmd,
		       struct shared_opts *so, enum addr_format *to)
{
	int c;

	shared_opts_init(so);
	optind = 1;
	while ((c = getopt_long(argc, argv, cmd->optstring, cmd->opts,
				NULL)) != -1) {
		if (c == 'h') {
			cmd->usage(stdout);
			return 1;
		}
		if (c == 't') {
			if (addr_parse_format(optarg, to) ||
			    (*to != ADDR_TEXT && *to != ADDR_BINARY)) {
				fprintf(stderr, "pwcsim: --to takes text or binary\n");
				return 2;
			}
		} else if (shared_option_or_usage(so, c, optarg, cmd->usage)) {
			return 2;
		}
	}
	if (optind != argc - cmd->nargs) {
		fprintf(stderr, "%s: give %s\n", argv[0],
			cmd->operands);
		cmd->usage(stderr);
		return 2;
	}
	return 0;
}

/*
 * Each address of @in to @out in format @to: 0, or 1 when the input was
 * malformed (message printed) or a write failed (out_close() says so).
 */
static int convert_stream(struct addr_stream *in, FILE *out,
			  enum addr_format to)
{
	unsigned long long va;
	int r;

	if (to == ADDR_BINARY && addr_write_binary_header(out))
		return 1;
	while ((r = addr_next(in, &va)) > 0)
		if (to == ADDR_BINARY ? addr_write_binary(out, va) :
		    fprintf(out, "0x%llx\n", va) < 0)
			return 1;
	return r ? 1 : 0;
}

/*
 * The options that depend on what @in is read as, checked: --pid (into
 * @in) refused when @in is not read as perf (the one format with
 * processes), --iotlb-at and --seed when it does not run on the GPU
 * model, --trace-order when it is not an Accel-Sim trace
 * (addr_check_given()): each would be ignored.  0, or -1 with a message.
 */
static int trace_check(struct addr_stream *in, const struct shared_opts *so)
{
	struct addr_given given = shared_trace_given(so);

	if (so->pid && in->format != ADDR_PERF) {
		fprintf(stderr, "pwcsim trace: --pid keeps one process's samples of a perf trace: %s is not read as one (--format perf)\n",
			in->name);
		return -1;
	}
	in->pid = so->pid;
	return addr_check_given(in, &given);
}

static int trace_convert(int argc, char **argv)
{
	static const struct option opts[] = {
		SHARED_OPT_FORMAT, SHARED_OPT_PID, SHARED_OPT_TRACE_ORDER,
		SHARED_OPT_IOTLB_AT, SHARED_OPT_SEED,
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const struct trace_cmd cmd = { opts, "f:t:p:h", 2,
					      "IN and OUT", convert_usage };
	enum addr_format to = ADDR_BINARY;
	const char *inputs[2] = {};
	struct gpu_params gp;
	struct shared_opts so;
	struct addr_stream in;
	struct out_file out;
	int ret = trace_parse(argc, argv, &cmd, &so, &to);

	if (ret)
		return ret == 1 ? 0 : ret;
	inputs[0] = argv[optind];
	/* refused before the input is read or anything is written */
	if (shared_output_is_input(argv[optind], so.fmt, argv[optind + 1]) ||
	    out_open(&out, argv[optind + 1], inputs))
		return 1;
	if (addr_open_gpu(&in, argv[optind], so.fmt,
			  shared_trace_gpu(&so, &gp))) {
		out_close(&out, true);
		return 1;
	}
	ret = trace_check(&in, &so) ? -1 : convert_stream(&in, out.f, to);
	addr_close(&in);
	return out_close(&out, ret) ? 1 : 0;
}

/*
 * Every address of @in into @tc: 0, or -1 (message printed).  One at or
 * above 2^57 is refused as replay and run refuse it: the census counts
 * by page-table indices, which have no bits up there (0x1000 and
 * 0x200000000001000 were one page).
 */
static int census_count(struct addr_census *tc, struct addr_stream *in)
{
	unsigned long long va[4096];
	bool warned = true;	/* no paging levels here: no warnings */
	long n;

	while ((n = addr_next_block(in, va, 4096)) > 0)
		if (!run_user_addresses(va, (unsigned int)n, tc->count, 5,
					&warned) ||
		    addr_census_add(tc, va, (unsigned int)n))
			return -1;
	return n < 0 ? -1 : 0;
}

/* The table "trace": addresses, pages, paths and the span. */
static void census_table(struct table *t, const struct addr_census *tc,
			 unsigned long long count)
{
	char buf[24];

	table_init(t, NULL, "trace");
	table_cols(t, "addresses:u pages_4k:u footprint_bytes:u "
		      "distinct_l4:u distinct_l3:u distinct_l2:u "
		      "lowest:s highest:s");
	table_row(t);
	table_u64(t, 0, count);
	table_u64(t, 1, tc->pages.used);
	table_u64(t, 2, tc->pages.used * 4096);
	table_u64(t, 3, addr_census_paths(tc, 4));
	table_u64(t, 4, addr_census_paths(tc, 3));
	table_u64(t, 5, addr_census_paths(tc, 2));
	if (count) {
		snprintf(buf, sizeof(buf), "0x%llx", tc->lo);
		table_str(t, 6, buf);
		snprintf(buf, sizeof(buf), "0x%llx", tc->hi);
		table_str(t, 7, buf);
	}
}

/*
 * The table "source": what a GPU trace or a perf recording held, and
 * the regions (2 MiB regions are the distinct L2 paths, 1 GiB the L3).
 */
static void source_table(struct table *t, const struct trace_counts *tc,
			 unsigned long long r2m, unsigned long long r1g)
{
	static const char *const cols[] = {
		"kernels", "memcpys", "warps", "instructions",
		"global_instructions", "global_accesses", "regions_2m",
		"regions_1g", "skipped_samples", "samples_without_addr" };
	unsigned long long v[] = { tc->kernels, tc->memcpys, tc->warps,
				   tc->insts, tc->global_insts,
				   tc->global_lanes, r2m, r1g, tc->skipped,
				   tc->no_addr };
	unsigned int i;

	table_init(t, NULL, "source");
	for (i = 0; i < ARRAY_SIZE(v); i++)
		table_col(t, cols[i], CELL_U64);
	table_row(t);
	for (i = 0; i < ARRAY_SIZE(v); i++)
		table_u64(t, i, v[i]);
}

static int trace_info(int argc, char **argv)
{
	static const struct option opts[] = {
		SHARED_OPT_FORMAT, SHARED_OPT_PID, SHARED_OPT_JSON,
		SHARED_OPT_TRACE_ORDER, SHARED_OPT_IOTLB_AT, SHARED_OPT_SEED,
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const struct trace_cmd cmd = { opts, "f:p:jh", 1, "one FILE",
					      info_usage };
	struct addr_census tc = {};
	struct gpu_params gp;
	struct shared_opts so;
	struct addr_stream in;
	struct record rec;
	struct table t;
	int r = trace_parse(argc, argv, &cmd, &so, NULL);

	if (r)
		return r == 1 ? 0 : r;
	if (shared_output_is_input(argv[optind], so.fmt, "-") ||
	    addr_open_gpu(&in, argv[optind], so.fmt,
			  shared_trace_gpu(&so, &gp)))
		return 1;
	r = trace_check(&in, &so) ? -1 : census_count(&tc, &in);
	addr_close(&in);
	if (r == 0) {
		record_init(&rec);
		census_table(&t, &tc, in.count);
		record_table(&rec, &t);
		source_table(&t, &in.tc, addr_census_paths(&tc, 2),
			     addr_census_paths(&tc, 3));
		record_table(&rec, &t);
		if (addr_format_is_accel(in.format))
			shared_record_trace(&rec, "stream", in.gpu);
		(so.json ? record_print_json : record_print_text)(&rec, stdout);
		record_free(&rec);
	}
	addr_census_free(&tc);
	return r == 0 ? 0 : 1;
}

int cmd_trace(int argc, char **argv)
{
	static char convert[] = "pwcsim trace convert";
	static char info[] = "pwcsim trace info";

	if (argc >= 2 && !strcmp(argv[1], "convert")) {
		argv[1] = convert;	/* getopt's messages name it */
		return trace_convert(argc - 1, argv + 1);
	}
	if (argc >= 2 && !strcmp(argv[1], "info")) {
		argv[1] = info;
		return trace_info(argc - 1, argv + 1);
	}
	if (argc >= 2 && strcmp(argv[1], "--help") && strcmp(argv[1], "-h"))
		fprintf(stderr, "pwcsim trace: unknown subcommand '%s'\n",
			argv[1]);
	fprintf(argc >= 2 && (!strcmp(argv[1], "--help") ||
			      !strcmp(argv[1], "-h")) ? stdout : stderr,
		"usage: pwcsim trace convert|info ... (--help)\n");
	return argc >= 2 && (!strcmp(argv[1], "--help") ||
			     !strcmp(argv[1], "-h")) ? 0 : 2;
}
