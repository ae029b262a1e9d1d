// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_trace.c - `pwcsim trace convert|info`: convert any trace format
 * (addr_stream.h) to text or binary, and describe a trace: for GPU traces
 * its kernels, warps, instructions and global accesses; for every trace
 * its addresses, distinct 4 KiB pages, 2 MiB and 1 GiB regions and
 * L4/L3/L2 paths.
 */
#include <getopt.h>

#include "addr_stream.h"
#include "cli.h"
#include "model_set.h"
#include "pwc_hset.h"
#include "table.h"

static int trace_convert(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "to", required_argument, NULL, 't' },
		{ "pid", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	enum addr_format from = ADDR_AUTO, to = ADDR_BINARY;
	unsigned long long va, pid = 0;
	struct addr_stream in;
	FILE *out;
	int c, r, ret = 1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "f:t:p:h", opts, NULL)) != -1) {
		switch (c) {
		case 'p':
			if (parse_pid(optarg, &pid))
				return 2;
			break;
		case 'f':
		case 't':
			if (addr_parse_format(optarg, c == 'f' ? &from : &to) ||
			    (c == 't' && to != ADDR_TEXT && to != ADDR_BINARY)) {
				fprintf(stderr, "pwcsim: --%s takes %s\n",
					c == 'f' ? "from" : "to", c == 'f' ?
					ADDR_FORMATS : "text or binary");
				return 2;
			}
			break;
		case 'h':
			printf("usage: pwcsim trace convert [--from auto|text|binary|lackey|traceg|perf] [--pid PID] [--to binary|text] IN|DIR|- OUT|-\n");
			return 0;
		default:
			return 2;
		}
	}
	if (optind != argc - 2) {
		fprintf(stderr, "pwcsim trace convert: give IN and OUT\n");
		return 2;
	}
	if (addr_open(&in, argv[optind], from))
		return 1;
	in.pid = pid;
	out = strcmp(argv[optind + 1], "-") ? fopen(argv[optind + 1], "wb") :
	      stdout;
	if (!out) {
		perror(argv[optind + 1]);
		goto close_in;
	}
	if (to == ADDR_BINARY && addr_write_binary_header(out))
		goto close_out;
	while ((r = addr_next(&in, &va)) > 0) {
		if (to == ADDR_BINARY ? addr_write_binary(out, va) :
		    fprintf(out, "0x%llx\n", va) < 0)
			break;
	}
	if (r == 0 && !ferror(out))
		ret = 0;
	else if (r >= 0)
		fprintf(stderr, "pwcsim: %s: write error\n", argv[optind + 1]);
close_out:
	if (out != stdout ? fclose(out) : fflush(out))
		ret = 1;
close_in:
	addr_close(&in);
	return ret;
}

/*
 * A second table "source": what a GPU trace or a perf recording held, and
 * the regions (2 MiB regions are the distinct L2 paths, 1 GiB the L3).
 */
static void info_counts(struct table *t, const struct trace_counts *tc,
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

	table_init(t + 1, NULL, "source");
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		table_col(t + 1, cols[i], CELL_U64);
	table_row(t + 1);
	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		table_u64(t + 1, i, v[i]);
}

static int trace_info(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "format", required_argument, NULL, 'f' },
		{ "pid", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct pwc_hset pages = {}, paths[5] = {};
	unsigned long long va, lo = ~0ULL, hi = 0, pid = 0;
	enum addr_format fmt = ADDR_AUTO;
	struct addr_stream in;
	bool json = false;
	unsigned int k;
	struct table t[2];
	int c, r;

	optind = 1;
	while ((c = getopt_long(argc, argv, "jf:p:h", opts, NULL)) != -1) {
		if (c == 'j') {
			json = true;
		} else if (c == 'f') {
			if (addr_parse_format(optarg, &fmt)) {
				fprintf(stderr, "pwcsim: --format takes %s\n",
					ADDR_FORMATS);
				return 2;
			}
		} else if (c == 'p') {
			if (parse_pid(optarg, &pid))
				return 2;
		} else if (c == 'h') {
			printf("usage: pwcsim trace info [--json] [--format F] [--pid PID] FILE|DIR|-\n");
			return 0;
		} else {
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "pwcsim trace info: give one FILE\n");
		return 2;
	}
	if (addr_open(&in, argv[optind], fmt))
		return 1;
	in.pid = pid;
	while ((r = addr_next(&in, &va)) > 0) {
		if (pwc_hset_add(&pages, pwc_key(va, 1), 0) < 0) {
			r = -1;
			fprintf(stderr, "pwcsim: out of memory\n");
			break;
		}
		for (k = 2; k <= 4; k++)
			pwc_hset_add(&paths[k], pwc_key(va, k), 0);
		lo = va < lo ? va : lo;
		hi = va > hi ? va : hi;
	}
	addr_close(&in);
	if (r == 0) {
		table_init(t, NULL, "trace");
		table_col(t, "addresses", CELL_U64);
		table_col(t, "pages_4k", CELL_U64);
		table_col(t, "footprint_bytes", CELL_U64);
		table_col(t, "distinct_l4", CELL_U64);
		table_col(t, "distinct_l3", CELL_U64);
		table_col(t, "distinct_l2", CELL_U64);
		table_col(t, "lowest", CELL_STR);
		table_col(t, "highest", CELL_STR);
		table_row(t);
		table_u64(t, 0, in.count);
		table_u64(t, 1, pages.used);
		table_u64(t, 2, pages.used * 4096);
		table_u64(t, 3, paths[4].used);
		table_u64(t, 4, paths[3].used);
		table_u64(t, 5, paths[2].used);
		if (in.count) {
			char buf[24];

			snprintf(buf, sizeof(buf), "0x%llx", lo);
			table_str(t, 6, buf);
			snprintf(buf, sizeof(buf), "0x%llx", hi);
			table_str(t, 7, buf);
		}
		info_counts(t, &in.tc, paths[2].used, paths[3].used);
		if (json) {
			printf("{");
			table_print_json(t, stdout);
			printf(", ");
			table_print_json(t + 1, stdout);
			printf("}\n");
		} else {
			table_print_text(t, stdout);
			printf("\n");
			table_print_text(t + 1, stdout);
		}
		table_free(t);
		table_free(t + 1);
	}
	pwc_hset_free(&pages);
	for (k = 0; k < 5; k++)
		pwc_hset_free(&paths[k]);
	return r == 0 ? 0 : 1;
}

int cmd_trace(int argc, char **argv)
{
	if (argc >= 2 && !strcmp(argv[1], "convert"))
		return trace_convert(argc - 1, argv + 1);
	if (argc >= 2 && !strcmp(argv[1], "info"))
		return trace_info(argc - 1, argv + 1);
	fprintf(stderr, "usage: pwcsim trace convert|info ... (--help)\n");
	return argc >= 2 && !strcmp(argv[1], "--help") ? 0 : 2;
}
