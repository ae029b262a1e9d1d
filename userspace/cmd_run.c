// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `pwcsim run`: an address stream (a workload generator, a
 * trace file, or addresses of a live process) through pwcsim.ko on real
 * page tables, or with --userspace through the synthetic page table
 * (run_engine.h).  Prints the table `pwcsim replay` prints and the
 * IOTLB's hit rate.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "run_engine.h"

static void run_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim run [OPTIONS] (--workload NAME | --pid PID [FILE|-] | FILE|-)\n"
		"  -m, --model SPEC       a model (as for replay); default: all six\n"
		"  -b, --budget-bits N    size bare model names to N bits (default 5280)\n"
		"  -t, --tlb N[,2m]       an IOTLB of N entries in front (2m: 2 MiB entries)\n"
		"  -w, --workload NAME    a generated GPU workload (pwcsim gen --list)\n"
		"      --size small|sampled|full  the workload's input (default small)\n"
		"      --seed N           the workload's seed\n"
		"  -p, --pid PID          walk a live process's tables (addresses from FILE or\n"
		"                         stdin; with --format perf, the samples of PID)\n"
		"      --thp always|never|madvise   THP advice for the shadow pages (default never)\n"
		"      --max-footprint N  most bytes of shadow pages (default 512M)\n"
		"      --no-coherence     no invalidation on page-table changes\n"
		"  -u, --userspace        no module: the synthetic page table and the models here\n"
		"  -l, --levels 4|5       paging levels for --userspace (default: the module's or 4)\n"
		"  -f, --format F         trace format: auto, text, binary, lackey,\n"
		"                         traceg (a file or a trace DIR), perf\n"
		"      --with-ifetch      lackey: instruction fetches too\n"
		"  -j, --json             JSON instead of the table\n");
}

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "budget-bits", required_argument, NULL, 'b' },
		{ "tlb", required_argument, NULL, 't' },
		{ "workload", required_argument, NULL, 'w' },
		{ "size", required_argument, NULL, 'z' },
		{ "seed", required_argument, NULL, 'S' },
		{ "pid", required_argument, NULL, 'p' },
		{ "thp", required_argument, NULL, 'T' },
		{ "max-footprint", required_argument, NULL, 'M' },
		{ "no-coherence", no_argument, NULL, 'C' },
		{ "userspace", no_argument, NULL, 'u' },
		{ "levels", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "with-ifetch", no_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const char *const all[] = { "tpc", "cpwc", "stc", "uptc",
					   "none", "ideal" };
	const char *specs[MODEL_SET_MAX], *wname = NULL, *path = NULL;
	const char *size = "small";
	struct run_config cfg = { .budget = 5280, .thp = SHADOW_THP_NEVER,
				  .max_footprint = 512ULL << 20,
				  .coherent = true };
	struct run_source src = { .wo = { .small = true, .seed = 1 },
				  .fmt = ADDR_AUTO };
	unsigned long long tlbn = 0, pid = 0;
	unsigned int nspecs = 0, i, levels;
	const struct workload *w = NULL;
	struct run_result r = {};
	bool json = false;
	struct table t;
	char *comma;
	int c, ret = 1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "m:b:t:w:p:ul:f:jh", opts,
				NULL)) != -1) {
		switch (c) {
		case 'm':
			if (nspecs == MODEL_SET_MAX)
				return 2;
			specs[nspecs++] = optarg;
			break;
		case 'b':
			if (parse_count(optarg, PWC_MAX_BUDGET_BITS, &cfg.budget)) {
				fprintf(stderr, "pwcsim: bad --budget-bits\n");
				return 2;
			}
			break;
		case 't':
			comma = strchr(optarg, ',');
			if (comma && strcmp(comma, ",2m")) {
				fprintf(stderr, "pwcsim: --tlb takes N or N,2m\n");
				return 2;
			}
			cfg.tlb2m = comma;
			if (comma)
				*comma = '\0';
			if (parse_count(optarg, PWC_MAX_ENTRIES, &tlbn)) {
				fprintf(stderr, "pwcsim: --tlb takes 0 to %d entries\n",
					PWC_MAX_ENTRIES);
				return 2;
			}
			break;
		case 'w':
			wname = optarg;
			break;
		case 'z':
			if (workload_size(optarg, NULL, &src.wo)) {
				fprintf(stderr, "pwcsim: --size takes small, sampled or full\n");
				return 2;
			}
			size = optarg;
			break;
		case 'S':
			if (parse_count(optarg, ~0ULL, &src.wo.seed))
				return 2;
			break;
		case 'p':
			if (parse_pid(optarg, &pid))
				return 2;
			break;
		case 'T':
			if (!strcmp(optarg, "always"))
				cfg.thp = SHADOW_THP_ALWAYS;
			else if (!strcmp(optarg, "never"))
				cfg.thp = SHADOW_THP_NEVER;
			else if (!strcmp(optarg, "madvise"))
				cfg.thp = SHADOW_THP_MADVISE;
			else {
				fprintf(stderr, "pwcsim: --thp takes always, never or madvise\n");
				return 2;
			}
			break;
		case 'M':
			if (parse_count(optarg, ~0ULL >> 1, &cfg.max_footprint)) {
				fprintf(stderr, "pwcsim: bad --max-footprint\n");
				return 2;
			}
			break;
		case 'C':
			cfg.coherent = false;
			break;
		case 'u':
			cfg.userspace = true;
			break;
		case 'l':
			if (parse_levels(optarg, &cfg.levels))
				return 2;
			break;
		case 'f':
			if (addr_parse_format(optarg, &src.fmt)) {
				fprintf(stderr, "pwcsim: --format takes %s\n", ADDR_FORMATS);
				return 2;
			}
			break;
		case 'j':
			json = true;
			break;
		case 'I':
			src.ifetch = true;
			break;
		case 'h':
			run_usage(stdout);
			return 0;
		default:
			run_usage(stderr);
			return 2;
		}
	}
	if (optind < argc)
		path = argv[optind++];
	if (optind != argc || (!!wname + !!path + !!pid == 0) ||
	    (wname && (path || pid)) || (pid && cfg.userspace)) {
		fprintf(stderr, "pwcsim run: give one source: --workload NAME, a trace FILE, or --pid PID (not with --userspace)\n");
		run_usage(stderr);
		return 2;
	}
	if (wname && !(w = workload_find(wname))) {
		fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
			wname);
		return 2;
	}
	workload_size(size, w, &src.wo);
	if (!nspecs)
		for (i = 0; i < 6; i++)
			specs[nspecs++] = all[i];
	cfg.tlb = tlbn;
	src.pid = pid;

	cfg.specs = specs;
	cfg.nspecs = nspecs;
	cfg.progress = isatty(2);
	src.w = w;
	src.path = path;
	if (run_stream(&cfg, &src, &r))
		goto out;
	table_init(&t, NULL, "models");
	model_set_table(&r.set, &t);
	levels = r.levels;
	if (json) {
		printf("{\"source\": ");
		json_string(stdout, w ? w->name : path ? path : "-");
		printf(", \"tables\": \"%s\", \"levels\": %u, \"addresses\": %llu, \"tlb_lookups\": %llu, \"tlb_hits\": %llu, \"walks\": %llu, \"uncached_accesses\": %llu, ",
		       r.real ? "real" : "synthetic", levels, r.addresses,
		       r.tlb_lookups, r.tlb_hits, r.walks, r.set.uncached);
		if (src.fmt == ADDR_PERF)
			printf("\"skipped_samples\": %llu, \"samples_without_addr\": %llu, ",
			       r.counts.skipped, r.counts.no_addr);
		table_print_json(&t, stdout);
		printf("}\n");
	} else {
		printf("%s: %llu addresses, %s %u-level page tables; IOTLB %llu lookups, %llu hits (%.2f%%); %llu walks\n",
		       w ? w->name : path ? path : "-", r.addresses,
		       r.real ? "real" : "synthetic", levels,
		       r.tlb_lookups, r.tlb_hits,
		       r.tlb_lookups ? 100.0 * r.tlb_hits / r.tlb_lookups : 0.0,
		       r.walks);
		if (src.fmt == ADDR_PERF)
			printf("perf: %llu samples of other processes skipped, %llu without an address\n",
			       r.counts.skipped, r.counts.no_addr);
		table_print_text(&t, stdout);
	}
	table_free(&t);
	ret = fflush(stdout) ? 1 : 0;
out:
	run_result_free(&r);
	return ret;
}
