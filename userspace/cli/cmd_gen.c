// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_gen.c - `pwcsim gen NAME`: a workload generator's address stream on
 * stdout (text, or pwcsim's binary trace format); `pwcsim gen --list`.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/addr_stream.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "workloads/workloads.h"

struct gen_out {
	FILE *f;
	bool binary;
};

static int gen_emit(void *arg, gva_t va)
{
	struct gen_out *o = arg;

	if (o->binary)
		return addr_write_binary(o->f, va);
	return fprintf(o->f, "0x%llx\n", va) < 0;
}

int cmd_gen(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "size", required_argument, NULL, 's' },
		{ "seed", required_argument, NULL, 'S' },
		{ "format", required_argument, NULL, 'f' },
		{ "limit", required_argument, NULL, 'n' },
		{ "list", no_argument, NULL, 'l' },
		SHARED_OPTS_GPU,
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct workload_opts wo;
	const char *size = "full";
	struct gen_out go = { stdout, false };
	struct gpu_sink sink = { .emit = gen_emit, .arg = &go };
	const struct workload *w;
	struct gpu_heap heap = {};
	unsigned int i;
	int c;

	workload_opts_init(&wo);
	optind = 1;
	while ((c = getopt_long(argc, argv, "s:S:f:n:lh", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			if (workload_size(optarg, NULL, &wo)) {
				fprintf(stderr, "pwcsim: --size takes small, sampled or full\n");
				return 2;
			}
			size = optarg;
			break;
		case 'S':
			if (parse_count(optarg, ~0ULL, &wo.seed)) {
				fprintf(stderr, "pwcsim: --seed takes a number\n");
				return 2;
			}
			break;
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "binary")) {
				fprintf(stderr, "pwcsim: --format takes text or binary\n");
				return 2;
			}
			go.binary = !strcmp(optarg, "binary");
			break;
		case 'n':
			if (parse_count(optarg, ~0ULL, &sink.limit)) {
				fprintf(stderr, "pwcsim: --limit takes a number\n");
				return 2;
			}
			break;
		case 'l':
			for (i = 0; i < nworkloads; i++)
				printf("%-14s %-14s class %d\n", workloads[i].name,
				       workloads[i].suite,
				       workloads[i].paper_class);
			return 0;
		case 'h':
			printf("usage: pwcsim gen NAME [--size small|sampled|full] [--seed N] [--format text|binary] [--limit N]\n"
			       "       pwcsim gen --list\n" SHARED_GPU_USAGE);
			return 0;
		default:
			if (shared_workload_option(&wo, c, optarg))
				return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "pwcsim gen: give one workload NAME (--list)\n");
		return 2;
	}
	w = workload_find(argv[optind]);
	if (!w) {
		fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
			argv[optind]);
		return 2;
	}
	workload_size(size, w, &wo);
	if (go.binary && addr_write_binary_header(stdout))
		return 1;
	workload_run(w, &wo, &heap, &sink);
	if (fflush(stdout) || (sink.stopped && sink.count != sink.limit)) {
		fprintf(stderr, "pwcsim: write error\n");
		return 1;
	}
	return 0;
}
