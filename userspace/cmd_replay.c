// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_replay.c - `pwcsim replay`: every model side by side on an address
 * trace, translated by the synthetic page table (pwc_synth.h).
 */
#include <getopt.h>
#include <sys/stat.h>

#include "addr_stream.h"
#include "cli.h"
#include "model_set.h"
#include "pwc_synth.h"

static void replay_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim replay --model SPEC [--model SPEC ...] [OPTIONS] FILE|-\n"
		"  -m, --model SPEC       tpc[:entries=N], cpwc[:l4=,l3=,blocks=,ways=,l5=],\n"
		"                         stc[:l4=,l3=,l2=,l5=], uptc[:entries=N], none, ideal\n"
		"  -b, --budget-bits N    size bare model names to N bits of storage\n"
		"  -l, --levels 4|5       paging levels of the synthetic page table\n"
		"      --huge-2m S-E      addresses in [S,E) (hex) map 2 MiB leaves\n"
		"      --huge-1g S-E      addresses in [S,E) (hex) map 1 GiB leaves\n"
		"  -f, --format F         auto (default), text, binary, lackey,\n"
		"                         traceg (a file or a trace DIR), perf\n"
		"      --with-ifetch      lackey: instruction fetches too\n"
		"  -p, --per-access       CSV va,model,start_level,accesses per address\n"
		"  -d, --dump             each model's contents at the end (Figure 2)\n"
		"  -j, --json             JSON instead of the table\n");
}

/* A seekable file (or trace directory) is checked whole before anything
 * is printed. */
static int validate(const char *path, enum addr_format fmt, bool ifetch)
{
	struct addr_stream s;
	unsigned long long va;
	struct stat st;
	int r;

	if (!strcmp(path, "-") || stat(path, &st) ||
	    !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
		return 0;
	if (addr_open(&s, path, fmt))
		return -1;
	s.with_ifetch = ifetch;
	while ((r = addr_next(&s, &va)) > 0)
		;
	addr_close(&s);
	return r;
}

/* Each model's contents: text blocks, or a JSON member "dumps". */
static void print_dumps(struct model_set *set, bool json)
{
	struct pwc_out o = {};
	unsigned int i;

	if (json)
		printf(", \"dumps\": {");
	for (i = 0; i < set->n; i++) {
		o.len = 0;
		pwc_dump(set->e[i].m, &o);	/* measure */
		o.size = o.len + 1;
		o.buf = malloc(o.size);
		if (!o.buf) {
			fprintf(stderr, "pwcsim: out of memory\n");
			exit(1);
		}
		o.len = 0;
		pwc_dump(set->e[i].m, &o);
		if (json) {
			printf(i ? ", " : "");
			json_string(stdout, set->e[i].given);
			printf(": ");
			json_string(stdout, o.buf);
		} else {
			printf("\n%s (%s):\n%s", set->e[i].given, set->e[i].spec,
			       o.buf);
		}
		free(o.buf);
		o.buf = NULL;
		o.size = 0;
	}
	if (json)
		printf("}");
}

int cmd_replay(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "budget-bits", required_argument, NULL, 'b' },
		{ "levels", required_argument, NULL, 'l' },
		{ "huge-2m", required_argument, NULL, '2' },
		{ "huge-1g", required_argument, NULL, '1' },
		{ "format", required_argument, NULL, 'f' },
		{ "per-access", no_argument, NULL, 'p' },
		{ "dump", no_argument, NULL, 'd' },
		{ "json", no_argument, NULL, 'j' },
		{ "with-ifetch", no_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	const char *specs[MODEL_SET_MAX];
	unsigned int nspecs = 0, i, levels = 4;
	unsigned long long budget = 0, va;
	enum addr_format fmt = ADDR_AUTO;
	struct pwc_result res[MODEL_SET_MAX];
	bool json = false, per_access = false, dump = false, ifetch = false;
	struct pwc_synth pt = {};
	struct addr_stream in;
	struct model_set set;
	struct pwc_walk w;
	struct table t;
	int c, r, ret = 1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "m:b:l:f:pdjh", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			if (nspecs == MODEL_SET_MAX) {
				fprintf(stderr, "pwcsim: at most %d models\n",
					MODEL_SET_MAX);
				return 2;
			}
			specs[nspecs++] = optarg;
			break;
		case 'b':
			if (parse_count(optarg, PWC_MAX_BUDGET_BITS, &budget) ||
			    !budget) {
				fprintf(stderr, "pwcsim: --budget-bits takes a number from 1 to %llu\n",
					PWC_MAX_BUDGET_BITS);
				return 2;
			}
			break;
		case 'l':
			if (parse_levels(optarg, &levels))
				return 2;
			break;
		case '2':
		case '1':
			if ((c == '2' ? pt.n2m : pt.n1g) == PWC_SYNTH_MAX_HUGE) {
				fprintf(stderr, "pwcsim: at most %d huge ranges of each size\n",
					PWC_SYNTH_MAX_HUGE);
				return 2;
			}
			if (parse_range(optarg, c == '2' ?
					      &pt.huge2m[pt.n2m++] :
					      &pt.huge1g[pt.n1g++]))
				return 2;
			break;
		case 'f':
			if (addr_parse_format(optarg, &fmt)) {
				fprintf(stderr, "pwcsim: --format takes %s\n", ADDR_FORMATS);
				return 2;
			}
			break;
		case 'p':
			per_access = true;
			break;
		case 'd':
			dump = true;
			break;
		case 'I':
			ifetch = true;
			break;
		case 'j':
			json = true;
			break;
		case 'h':
			replay_usage(stdout);
			return 0;
		default:
			replay_usage(stderr);
			return 2;
		}
	}
	if (optind != argc - 1 || !nspecs) {
		fprintf(stderr, "pwcsim replay: %s\n", !nspecs ?
			"give at least one --model" : "give one trace FILE (or - for stdin)");
		replay_usage(stderr);
		return 2;
	}
	pt.levels = levels;
	model_set_init(&set, levels);
	for (i = 0; i < nspecs; i++)
		if (model_set_add(&set, specs[i], budget))
			goto out;
	if (validate(argv[optind], fmt, ifetch))
		goto out;
	if (addr_open(&in, argv[optind], fmt))
		goto out;
	in.with_ifetch = ifetch;
	if (per_access)
		printf("va,model,start_level,accesses\n");
	while ((r = addr_next(&in, &va)) > 0) {
		pwc_synth_walk(&pt, va, &w);
		model_set_access(&set, &w, res);
		if (!per_access)
			continue;
		for (i = 0; i < set.n; i++)
			printf(strchr(set.e[i].given, ',') ?
			       "0x%llx,\"%s\",%u,%u\n" : "0x%llx,%s,%u,%u\n",
			       va, set.e[i].given, res[i].start,
			       res[i].accesses);
	}
	addr_close(&in);
	if (r < 0) {
		if (per_access)
			printf("# error: input is malformed; the lines above are incomplete\n");
		goto out;
	}
	if (!per_access) {
		table_init(&t, NULL, "models");
		model_set_table(&set, &t);
		if (json) {
			printf("{\"levels\": %u, \"addresses\": %llu, \"uncached_accesses\": %llu, ",
			       levels, set.walks, set.uncached);
			table_print_json(&t, stdout);
			if (dump)
				print_dumps(&set, true);
			printf("}\n");
		} else {
			printf("%llu addresses, %u-level synthetic page table, %llu accesses without a cache\n",
			       set.walks, levels, set.uncached);
			table_print_text(&t, stdout);
			if (dump)
				print_dumps(&set, false);
		}
		table_free(&t);
	}
	ret = fflush(stdout) ? 1 : 0;
out:
	model_set_free(&set);
	return ret;
}
