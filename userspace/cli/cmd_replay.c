// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_replay.c - `pwcsim replay`: every model side by side on an address
 * trace, translated by the synthetic page table (pwc_synth.h).
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pwc.h"
#include "pwc_synth.h"
#include "cli/cli.h"
#include "cli/model_specs.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "engine/model_set.h"
#include "engine/uptc_stack.h"
#include "output/progress.h"
#include "output/table.h"
#include "traces/addr_stream.h"

static void replay_usage(FILE *f)
{
	fprintf(f, "usage: pwcsim replay --model SPEC [--model SPEC ...] [OPTIONS] FILE|DIR|-\n"
		   "       pwcsim replay --list\n");
	model_specs_usage(f);
	fprintf(f,
		"      --list             the models, one a line: name, parameters\n"
		"  -b, --budget-bits N    size bare model names to N bits of storage\n"
		SHARED_BUDGET_RANGE
		"  -l, --levels 4|5       paging levels of the synthetic page table\n"
		"      --huge-2m S-E      addresses in [S,E) (hex) map 2 MiB leaves\n"
		"      --huge-1g S-E      addresses in [S,E) (hex) map 1 GiB leaves\n"
		"  -f, --format F         auto (default), text, binary, lackey,\n"
		"                         traceg (a file or a trace DIR), perf\n"
		SHARED_TRACE_ORDER_USAGE
		"      --with-ifetch      lackey: instruction fetches too\n"
		"  -p, --per-access       CSV va,model,start_level,accesses per address\n"
		"                         (with --json: one JSON object a line)\n"
		"  -d, --dump             each model's contents at the end (Figure 2)\n"
		"  -j, --json             JSON instead of the table\n"
		"  -q, --quiet            no progress line on stderr\n"
		"      --no-shortcut      look up every walk, even one in the 2 MiB\n"
		"                         region of the walk before (same results)\n"
		"      --uptc-sizes N     also uptc:entries=1 .. N, all from one pass\n"
		"                         (stack distances; 4 KiB leaves only)\n",
		shared_budget_min(), shared_budget_max());
}

/* With -p, a seekable file (or trace directory) is checked whole before
 * anything is printed. */
static int validate(const char *path, enum addr_format fmt, bool ifetch,
		    const struct gpu_params *gpu, struct progress *pg)
{
	unsigned long long buf[256];
	const unsigned long long *va;
	struct addr_stream s;
	struct stat st;
	long r;

	if (!strcmp(path, "-") || stat(path, &st) ||
	    !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
		return 0;
	if (addr_open_gpu(&s, path, fmt, gpu))
		return -1;
	s.with_ifetch = ifetch;
	while ((r = addr_view_block(&s, &va, buf, 256)) > 0)
		progress_add(pg, r);
	addr_close(&s);
	return r < 0 ? -1 : 0;
}

/* Model @i's contents, as pwc_dump() writes them (to be freed). */
static char *model_dump(struct model_set *set, unsigned int i)
{
	struct pwc_out o = {};

	pwc_dump(set->e[i].m, &o);	/* measure */
	o.size = o.len + 1;
	o.buf = malloc(o.size);
	if (!o.buf) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	o.len = 0;
	o.buf[0] = '\0';	/* a model with nothing to show writes nothing */
	pwc_dump(set->e[i].m, &o);
	return o.buf;
}

/*
 * A dump's text as the table "lines": each line's depth (its indent, two
 * spaces a level, from 0) and its text, so that JSON readers get the
 * tree pwc_dump() draws rather than one string with newlines in it.
 */
static void dump_lines(struct record *r, const char *text)
{
	const char *p = text, *nl;
	struct table t;
	size_t sp;
	char *line;

	table_init(&t, NULL, "lines");
	table_cols(&t, "depth:u text:s");
	for (; *p; p = *nl ? nl + 1 : nl) {
		nl = p + strcspn(p, "\n");
		sp = strspn(p, " ");
		if (p + sp >= nl)
			continue;
		line = strndup(p + sp, nl - p - sp);
		if (!line) {
			fprintf(stderr, "pwcsim: out of memory\n");
			exit(1);
		}
		table_row(&t);
		table_u64(&t, 0, sp / 2 ? sp / 2 - 1 : 0);
		table_str(&t, 1, line);
		free(line);
	}
	record_table(r, &t);
}

/*
 * Each model's contents: text blocks, or the list member "dumps" of @rec,
 * one object per model in -m order ({"model", "config", "lines"}), so two
 * identical -m give two entries, not one key twice.
 */
static void print_dumps(struct model_set *set, struct record *rec)
{
	struct record *d;
	unsigned int i;
	char *text;

	for (i = 0; i < set->n; i++) {
		text = model_dump(set, i);
		if (rec) {
			d = record_list_add(rec, "dumps");
			record_str(d, "model", set->e[i].given);
			record_str(d, "config", set->e[i].spec);
			dump_lines(d, text);
		} else {
			printf("\n%s (%s):\n%s", set->e[i].given,
			       set->e[i].spec, text);
		}
		free(text);
	}
}

/* The options of `replay` beyond the shared ones. */
struct replay_opts {
	struct shared_opts so;
	struct pwc_synth pt;		/* huge ranges */
	bool per_access, dump;
	bool no_shortcut;		/* --no-shortcut */
	bool list;			/* --list */
	unsigned int uptc_sizes;	/* --uptc-sizes N, or 0 */
	const char *path;
};

/* --huge-2m / --huge-1g S-E: 0, or -1 with a message. */
static int replay_huge(struct pwc_synth *pt, int c, const char *arg)
{
	struct pwc_synth_range r;

	if ((c == '2' ? pt->n2m : pt->n1g) == PWC_SYNTH_MAX_HUGE) {
		fprintf(stderr, "pwcsim: at most %d huge ranges of each size\n",
			PWC_SYNTH_MAX_HUGE);
		return -1;
	}
	if (c == '2' ? parse_huge_range(arg, "--huge-2m", 1ULL << 21, &r) :
	    parse_huge_range(arg, "--huge-1g", 1ULL << 30, &r))
		return -1;
	if (c == '2')
		pt->huge2m[pt->n2m++] = r;
	else
		pt->huge1g[pt->n1g++] = r;
	return 0;
}

/* --uptc-sizes N: 0, or -1 with a message. */
static int replay_uptc_sizes(const char *arg, struct replay_opts *o)
{
	unsigned long long n;

	if (parse_count(arg, UPTC_STACK_MAX, &n) || !n) {
		fprintf(stderr, "pwcsim replay: --uptc-sizes takes 1 to %d\n",
			UPTC_STACK_MAX);
		return -1;
	}
	o->uptc_sizes = n;
	return 0;
}

/* 0, 1 when --help was printed, 2 on a bad option (message printed). */
/* --list: the models, or 2 when given more (message printed); else 1 */
static int replay_list(int argc)
{
	if (optind != argc) {
		fprintf(stderr, "pwcsim replay: --list takes nothing else\n");
		return 2;
	}
	model_specs_list(stdout);
	return 1;
}

/* The operands and combinations parsed: 0, or -1 (message printed). */
static int replay_check(int argc, const struct replay_opts *o)
{
	if (optind != argc - 1 || (!o->so.nspecs && !o->uptc_sizes)) {
		fprintf(stderr, "pwcsim replay: %s\n",
			!o->so.nspecs && !o->uptc_sizes ?
			"give at least one --model (or --uptc-sizes)" :
			"give one trace FILE (or - for stdin)");
		replay_usage(stderr);
		return -1;
	}
	if (o->uptc_sizes && (o->per_access || o->dump || o->pt.n2m ||
			      o->pt.n1g)) {
		fprintf(stderr, "pwcsim replay: --uptc-sizes gives the table only, on 4 KiB leaves (no -p, --dump or huge ranges)\n");
		return -1;
	}
	return 0;
}

static int replay_parse(int argc, char **argv, struct replay_opts *o)
{
	static const struct option opts[] = {
		SHARED_OPT_MODEL, SHARED_OPT_BUDGET, SHARED_OPT_LEVELS,
		SHARED_OPT_FORMAT, SHARED_OPT_JSON, SHARED_OPT_WITH_IFETCH,
		SHARED_OPT_QUIET, SHARED_OPT_TRACE_ORDER,
		{ "huge-2m", required_argument, NULL, '2' },
		{ "huge-1g", required_argument, NULL, '1' },
		{ "per-access", no_argument, NULL, 'p' },
		{ "dump", no_argument, NULL, 'd' },
		{ "no-shortcut", no_argument, NULL, 'S' },
		{ "uptc-sizes", required_argument, NULL, 'U' },
		{ "list", no_argument, NULL, 'L' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	shared_opts_init(&o->so);
	o->so.budget = 0;	/* bare names are the defaults */
	optind = 1;
	while ((c = getopt_long(argc, argv, "m:b:l:f:pdjqh", opts, NULL)) != -1) {
		switch (c) {
		case '2':
		case '1':
			if (replay_huge(&o->pt, c, optarg))
				return 2;
			break;
		case 'p':
			o->per_access = true;
			break;
		case 'd':
			o->dump = true;
			break;
		case 'S':
			o->no_shortcut = true;
			break;
		case 'U':
			if (replay_uptc_sizes(optarg, o))
				return 2;
			break;
		case 'L':
			o->list = true;
			break;
		case 'h':
			replay_usage(stdout);
			return 1;
		default:
			if (shared_option_or_usage(&o->so, c, optarg, replay_usage))
				return 2;
		}
	}
	if (o->list)
		return replay_list(argc);
	if (replay_check(argc, o))
		return 2;
	o->path = argv[optind];
	o->so.levels = o->so.levels ? o->so.levels : 4;
	o->pt.levels = o->so.levels;
	return 0;
}

/*
 * The per-access lines of a batch: CSV, or with --json one JSON object a
 * line (JSON Lines: {"va", "model", "start_level", "accesses"}).
 */
static void replay_print_batch(const struct model_set *set,
			       const unsigned long long *va, unsigned int n,
			       const struct pwc_result *res, bool json)
{
	const struct pwc_result *r;
	unsigned int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < set->n; j++) {
			r = &res[(size_t)j * n + i];
			if (json) {
				struct record rec;
				char hex[24];

				snprintf(hex, sizeof(hex), "0x%llx", va[i]);
				record_init(&rec);
				record_str(&rec, "va", hex);
				record_str(&rec, "model", set->e[j].given);
				record_u64(&rec, "start_level", r->start);
				record_u64(&rec, "accesses", r->accesses);
				record_print_json(&rec, stdout);
				record_free(&rec);
			} else {
				printf(strchr(set->e[j].given, ',') ?
				       "0x%llx,\"%s\",%u,%u\n" :
				       "0x%llx,%s,%u,%u\n", va[i],
				       set->e[j].given, r->start, r->accesses);
			}
		}
}

/*
 * The trace through the models, a batch at a time (a CSV line per address
 * with -p); 0, -1.  The input is checked as it is read: nothing is printed
 * before the end unless -p (which checks a seekable input first).
 */
static int replay_stream(struct replay_opts *o, struct model_set *set,
			 struct uptc_stack *stack, struct progress *pg)
{
	/* the shortcut with 4 KiB leaves only (same_region.h) */
	bool shortcut = !o->pt.n2m && !o->pt.n1g && !o->no_shortcut;
	unsigned long long *buf = malloc(MODEL_SET_BATCH * sizeof(*buf));
	const unsigned long long *va;
	/* the results, printed with -p (else only the statistics) */
	struct pwc_result *res = o->per_access ?
				 malloc((size_t)MODEL_SET_BATCH * set->n *
					sizeof(*res)) : NULL;
	struct addr_stream in;
	struct gpu_params gp;
	long n = -1;

	if (!buf || (o->per_access && !res)) {
		fprintf(stderr, "pwcsim: out of memory\n");
		goto out;
	}
	if (addr_open_gpu(&in, o->path, o->so.fmt,
			  shared_trace_gpu(&o->so, &gp)))
		goto out;
	in.with_ifetch = o->so.ifetch;
	if (o->per_access && !o->so.json)
		printf("va,model,start_level,accesses\n");
	while ((n = addr_view_block(&in, &va, buf, MODEL_SET_BATCH)) > 0) {
		if (model_set_access_va(set, &o->pt, va, n, res, shortcut) ||
		    (stack && uptc_stack_walks(stack, set->w, n))) {
			n = -1;
			break;
		}
		progress_add(pg, n);
		if (o->per_access)
			replay_print_batch(set, va, n, res, o->so.json);
	}
	addr_close(&in);
	if (n < 0 && o->per_access)
		printf("# error: input is malformed; the lines above are incomplete\n");
out:
	free(buf);
	free(res);
	return n < 0 ? -1 : 0;
}

/* The models' rows, then those of uptc:entries=1 .. --uptc-sizes. */
static void replay_table(const struct replay_opts *o,
			 const struct model_set *set,
			 const struct uptc_stack *stack, struct table *t)
{
	struct model_result *r = calloc(set->n + o->uptc_sizes, sizeof(*r));
	struct model_result *x;
	unsigned int c;

	if (!r) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	model_set_results(set, r);
	for (c = 1; c <= o->uptc_sizes; c++) {
		x = &r[set->n + c - 1];
		/* every size up to the bound is a valid configuration */
		if (pwc_size_steps(PWC_KIND_UPTC, c, &x->cfg) ||
		    pwc_format_spec(&x->cfg, x->spec, sizeof(x->spec)) < 0)
			abort();
		x->given = x->spec;
		uptc_stack_stats(stack, c, &x->st);
	}
	model_results_table(r, set->n + o->uptc_sizes, o->so.levels,
			    set->uncached, t);
	free(r);
}

static void replay_print(const struct replay_opts *o, struct model_set *set,
			 const struct uptc_stack *stack)
{
	struct record rec;
	struct table t;

	table_init(&t, NULL, "models");
	replay_table(o, set, stack, &t);
	if (!o->so.json) {
		printf("%llu address%s, %u-level synthetic page table, %llu accesses without a cache\n",
		       set->walks, set->walks == 1 ? "" : "es", o->so.levels,
		       set->uncached);
		table_print_text(&t, stdout);
		table_free(&t);
		if (o->dump)
			print_dumps(set, NULL);
		return;
	}
	record_init(&rec);
	record_u64(&rec, "levels", o->so.levels);
	record_u64(&rec, "addresses", set->walks);
	record_u64(&rec, "uncached_accesses", set->uncached);
	record_table(&rec, &t);
	if (o->dump)
		print_dumps(set, &rec);
	record_print_json(&rec, stdout);
	record_free(&rec);
}

int cmd_replay(int argc, char **argv)
{
	struct replay_opts o = {};
	struct uptc_stack *stack = NULL;
	struct model_set set;
	struct gpu_params gp;
	struct progress pg;
	unsigned int i;
	int ret = replay_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	ret = 1;
	model_set_init(&set, o.so.levels);
	for (i = 0; i < o.so.nspecs; i++)
		if (model_set_add(&set, o.so.specs[i], o.so.budget))
			goto out;
	if (o.uptc_sizes) {
		stack = uptc_stack_new(o.so.levels, o.uptc_sizes);
		if (!stack) {
			fprintf(stderr, "pwcsim: out of memory\n");
			goto out;
		}
	}
	/*
	 * The replay checks the input as it reads it; -p prints as it goes,
	 * so it checks a seekable input first (twice the addresses).
	 */
	progress_init(&pg, "pwcsim replay", !o.so.quiet);
	pg.total = (o.per_access ? 2 : 1) * addr_binary_length(o.path);
	if ((o.per_access &&
	     validate(o.path, o.so.fmt, o.so.ifetch,
		      shared_trace_gpu(&o.so, &gp), &pg)) ||
	    replay_stream(&o, &set, stack, &pg)) {
		progress_end(&pg);
		goto out;
	}
	progress_end(&pg);
	if (!o.per_access)
		replay_print(&o, &set, stack);
	ret = 0;	/* stdout checked by main() */
out:
	uptc_stack_free(stack);
	model_set_free(&set);
	return ret;
}
