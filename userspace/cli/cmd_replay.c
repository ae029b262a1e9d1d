// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_replay.c - `pwcsim replay`: every model side by side on an address
 * trace, translated by the synthetic page table (pwc_synth.h): the run
 * engine's synthetic backend (run_engine.h) with the options only it has
 * (huge ranges, per-access results, dumps, sweeps of sizes), and replay's
 * output of them.
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
#include "engine/run_engine.h"
#include "engine/size_sweep.h"
#include "output/progress.h"
#include "output/table.h"
#include "traces/addr_stream.h"

/* The models that have a sweep of sizes (size_sweep.h), space-led. */
static void replay_sweeps(FILE *f)
{
	unsigned int k;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		if (size_sweep_of(k))
			fprintf(f, " %s", pwc_kind_name(k));
}

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
		/* no --iotlb-at here: the GPU model's default tap */
		"      --trace-order scheduled|file  Accel-Sim traces: run on the GPU model, the\n"
		"                         stream at l2-miss (default), or every coalesced\n"
		"                         access in file order\n"
		SHARED_WITH_IFETCH_USAGE
		"  -p, --per-access       CSV va,model,start_level,accesses per address\n"
		"                         (with --json: one JSON object a line)\n"
		"  -d, --dump             each model's contents at the end (Figure 2; not with -p)\n"
		"  -j, --json             JSON instead of the table\n"
		"  -q, --quiet            no progress line on stderr\n"
		"      --no-shortcut      look up every walk, even one in the 2 MiB\n"
		"                         region of the walk before (same results)\n"
		"      --sizes MODEL:N    also MODEL at sizes 1 .. N, all from one pass\n"
		"                         (4 KiB leaves only), for a model with a\n"
		"                         sweep of sizes:",
		shared_budget_min(), shared_budget_max());
	replay_sweeps(f);
	fprintf(f, "\n");
}

/*
 * With -p, a seekable file (or trace directory) is checked whole before
 * anything is printed (and the options it may not take,
 * addr_check_given(), and its addresses, run_user_addresses()), and a
 * path that is not there is refused.  Its warnings (a kernel cut after
 * an #END_TB, an address above 4-level paging's) are the replay's, said
 * once.
 */
static int validate(const struct run_source *src, struct progress *pg)
{
	const char *path = src->path;
	unsigned long long buf[256];
	const unsigned long long *va;
	struct addr_stream s;
	unsigned long long seen = 0;
	bool quiet = true;
	struct stat st;
	long r;

	if (!strcmp(path, "-"))
		return 0;
	if (stat(path, &st)) {
		if (addr_open_gpu(&s, path, src->fmt, src->gpu))
			return -1;	/* its message: the path's error */
		addr_close(&s);
		return 0;
	}
	if (!(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
		return 0;
	if (addr_open_gpu(&s, path, src->fmt, src->gpu))
		return -1;
	if (addr_check_given(&s, &src->given)) {
		addr_close(&s);
		return -1;
	}
	s.with_ifetch = src->ifetch;
	s.quiet = true;
	while ((r = addr_view_block(&s, &va, buf, 256)) > 0) {
		/* an address the run refuses; its warnings are the run's */
		if (!run_user_addresses(va, (unsigned int)r, seen, 5, &quiet)) {
			r = -1;
			break;
		}
		seen += r;
		progress_add(pg, r);
	}
	addr_close(&s);
	return r < 0 ? -1 : 0;
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
static void print_dumps(const struct run_result *r, struct record *rec)
{
	struct record *d;
	unsigned int i;

	for (i = 0; i < r->n; i++) {
		if (rec) {
			d = record_list_add(rec, "dumps");
			record_str(d, "model", r->models[i].given);
			record_str(d, "config", r->models[i].spec);
			dump_lines(d, r->dumps[i]);
		} else {
			printf("\n%s (%s):\n%s", r->models[i].given,
			       r->models[i].spec, r->dumps[i]);
		}
	}
}

/* The options of `replay` beyond the shared ones. */
struct replay_opts {
	struct shared_opts so;
	struct pwc_synth pt;		/* huge ranges */
	bool per_access, dump;
	bool no_shortcut;		/* --no-shortcut */
	bool list;			/* --list */
	enum pwc_kind sizes_kind;	/* --sizes MODEL:N */
	unsigned int sizes;		/* N, or 0 */
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

/*
 * A --huge-2m range that overlaps a --huge-1g one: an address there would
 * map two leaf sizes (the help and pwcsim(1) give it each); 0, or -1 with
 * a message naming both.
 */
static int replay_huge_overlap(const struct pwc_synth *pt)
{
	const struct pwc_synth_range *a, *b;
	unsigned int i, j;

	for (i = 0; i < pt->n2m; i++) {
		a = &pt->huge2m[i];
		for (j = 0; j < pt->n1g; j++) {
			b = &pt->huge1g[j];
			if (a->start >= b->end || b->start >= a->end)
				continue;
			fprintf(stderr, "pwcsim replay: --huge-2m %llx-%llx overlaps --huge-1g %llx-%llx: an address maps one leaf size (give the ranges apart)\n",
				a->start, a->end, b->start, b->end);
			return -1;
		}
	}
	return 0;
}

/* --sizes MODEL:N: 0, or -1 with a message. */
static int replay_sizes(const char *arg, struct replay_opts *o)
{
	const struct size_sweep *sw;
	unsigned long long n;
	struct pwc_config cfg;
	const char *colon = strchr(arg, ':');
	char name[32], err[128];

	if (!colon || colon == arg || colon - arg >= (long)sizeof(name)) {
		fprintf(stderr, "pwcsim replay: --sizes takes MODEL:N\n");
		return -1;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(colon - arg), arg);
	if (pwc_parse_spec(name, &cfg, err, sizeof(err))) {
		fprintf(stderr, "pwcsim replay: --sizes: %s\n", err);
		return -1;
	}
	sw = size_sweep_of(cfg.kind);
	if (!sw) {
		fprintf(stderr, "pwcsim replay: --sizes: %s has no sweep of sizes (these have:",
			name);
		replay_sweeps(stderr);
		fprintf(stderr, ")\n");
		return -1;
	}
	if (parse_count(colon + 1, sw->max, &n) || !n) {
		fprintf(stderr, "pwcsim replay: --sizes %s:N takes N from 1 to %u\n",
			name, sw->max);
		return -1;
	}
	o->sizes_kind = cfg.kind;
	o->sizes = n;
	return 0;
}

/* 0, 1 when --help was printed, 2 on a bad option (message printed). */
/* --list: the models, or 2 when given more (message printed); else 1 */
static int replay_list(int argc)
{
	if (optind != argc || argc != 2) {	/* nor an option */
		fprintf(stderr, "pwcsim replay: --list takes nothing else\n");
		return 2;
	}
	model_specs_list(stdout);
	return 1;
}

/* The operands and combinations parsed: 0, or -1 (message printed). */
static int replay_check(int argc, const struct replay_opts *o)
{
	if (optind != argc - 1 || (!o->so.nspecs && !o->sizes)) {
		fprintf(stderr, "pwcsim replay: %s\n",
			!o->so.nspecs && !o->sizes ?
			"give at least one --model (or --sizes)" :
			"give one trace FILE (or - for stdin)");
		replay_usage(stderr);
		return -1;
	}
	if (o->sizes && (o->per_access || o->dump || o->pt.n2m ||
			 o->pt.n1g)) {
		fprintf(stderr, "pwcsim replay: --sizes gives the table only, on 4 KiB leaves (no -p, --dump or huge ranges)\n");
		return -1;
	}
	if (o->dump && o->per_access) {	/* no CSV row, no JSON Line */
		fprintf(stderr, "pwcsim replay: --dump follows the table: it needs the table (not -p, whose lines are CSV or JSON Lines)\n");
		return -1;
	}
	return replay_huge_overlap(&o->pt);
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
		{ "sizes", required_argument, NULL, 'U' },
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
			/* one sweep a pass: a second is refused, not dropped */
			if (o->sizes) {
				fprintf(stderr, "pwcsim replay: --sizes given twice (one sweep a run)\n");
				return 2;
			}
			if (replay_sizes(optarg, o))
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
	if (replay_check(argc, o) || parse_path(argv[optind], "FILE"))
		return 2;
	o->path = argv[optind];
	o->so.levels = o->so.levels ? o->so.levels : 4;
	o->pt.levels = o->so.levels;
	return shared_check_models(&o->so, o->so.levels, NULL);
}

/* What the per-access lines need: the models' names, the header's state. */
struct replay_lines {
	const struct replay_opts *o;
	bool started;		/* the CSV header printed */
};

/* The CSV header, once (also for a stream of no address). */
static void replay_lines_start(struct replay_lines *l)
{
	if (!l->started && !l->o->so.json)
		printf("va,model,start_level,accesses\n");
	l->started = true;
}

/*
 * The last line after an input that failed mid-way: the lines above are
 * not the whole stream.  A comment line in CSV; with --json, a JSON
 * object like the others ({"error"}), so that JSON Lines stay JSON.
 */
static void replay_lines_broken(struct replay_lines *l)
{
	struct record rec;

	replay_lines_start(l);
	if (!l->o->so.json) {
		printf("# error: input is malformed; the lines above are incomplete\n");
		return;
	}
	record_init(&rec);
	record_str(&rec, "error",
		   "input is malformed; the lines above are incomplete");
	record_print_json(&rec, stdout);
	record_free(&rec);
}

/*
 * The per-access lines of a batch (run_config.on_results): CSV, or with
 * --json one JSON object a line (JSON Lines: {"va", "model",
 * "start_level", "accesses"}).
 */
static void replay_print_batch(void *arg, const unsigned long long *va,
			       unsigned int n, const struct pwc_result *res)
{
	struct replay_lines *l = arg;
	const struct shared_opts *so = &l->o->so;
	const struct pwc_result *r;
	unsigned int i, j;

	replay_lines_start(l);
	for (i = 0; i < n; i++)
		for (j = 0; j < so->nspecs; j++) {
			r = &res[(size_t)j * n + i];
			if (so->json) {
				struct record rec;
				char hex[24];

				snprintf(hex, sizeof(hex), "0x%llx", va[i]);
				record_init(&rec);
				record_str(&rec, "va", hex);
				record_str(&rec, "model", so->specs[j]);
				record_u64(&rec, "start_level", r->start);
				record_u64(&rec, "accesses", r->accesses);
				record_print_json(&rec, stdout);
				record_free(&rec);
			} else {
				printf(strchr(so->specs[j], ',') ?
				       "0x%llx,\"%s\",%u,%u\n" :
				       "0x%llx,%s,%u,%u\n", va[i],
				       so->specs[j], r->start, r->accesses);
			}
		}
}

/* The models' rows, then those of --sizes MODEL:N. */
static void replay_table(const struct run_result *r, struct table *t)
{
	struct model_result *all = calloc(r->n + r->nsizes, sizeof(*all));

	if (!all) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	memcpy(all, r->models, r->n * sizeof(*all));
	if (r->nsizes)
		memcpy(&all[r->n], r->sizes, r->nsizes * sizeof(*all));
	model_results_table(all, r->n + r->nsizes, r->levels, r->uncached,
			    t);
	free(all);
}

/*
 * The huge ranges of @pt, of @n2m or 1 GiB leaves: in the text header
 * after the page table (" (2 MiB leaves in [0x0,0x40000000), ...)", the
 * parenthesis closed by the caller), or with @rec a list ("huge_2m":
 * [{"start", "end"}]), so that a table of a run with huge leaves never
 * reads as one of 4 KiB pages alone.
 */
static void replay_huge_print(const struct pwc_synth *pt, bool n2m,
			      struct record *rec)
{
	const struct pwc_synth_range *hr = n2m ? pt->huge2m : pt->huge1g;
	unsigned int i, n = n2m ? pt->n2m : pt->n1g;
	struct record *e;
	char hex[24];

	for (i = 0; i < n; i++) {
		if (!rec) {
			printf("%s%s leaves in [0x%llx,0x%llx)",
			       i || (!n2m && pt->n2m) ? ", " : " (",
			       n2m ? "2 MiB" : "1 GiB",
			       (unsigned long long)hr[i].start,
			       (unsigned long long)hr[i].end);
			continue;
		}
		e = record_list_add(rec, n2m ? "huge_2m" : "huge_1g");
		snprintf(hex, sizeof(hex), "0x%llx",
			 (unsigned long long)hr[i].start);
		record_str(e, "start", hex);
		snprintf(hex, sizeof(hex), "0x%llx",
			 (unsigned long long)hr[i].end);
		record_str(e, "end", hex);
	}
}

static void replay_print(const struct replay_opts *o,
			 const struct run_result *r)
{
	struct record rec;
	struct table t;

	table_init(&t, NULL, "models");
	replay_table(r, &t);
	if (!o->so.json) {
		printf("%llu address%s, %u-level synthetic page table",
		       r->walks, r->walks == 1 ? "" : "es", r->levels);
		replay_huge_print(&o->pt, true, NULL);
		replay_huge_print(&o->pt, false, NULL);
		printf("%s, %llu accesses without a cache\n",
		       o->pt.n2m || o->pt.n1g ? ")" : "", r->uncached);
		table_print_text(&t, stdout);
		table_free(&t);
		if (o->dump)
			print_dumps(r, NULL);
		return;
	}
	record_init(&rec);
	record_u64(&rec, "levels", r->levels);
	record_u64(&rec, "addresses", r->walks);
	record_u64(&rec, "uncached_accesses", r->uncached);
	replay_huge_print(&o->pt, true, &rec);
	replay_huge_print(&o->pt, false, &rec);
	record_table(&rec, &t);
	if (o->dump)
		print_dumps(r, &rec);
	record_print_json(&rec, stdout);
	record_free(&rec);
}

int cmd_replay(int argc, char **argv)
{
	struct replay_opts o = {};
	struct replay_lines lines = { .o = &o };
	struct run_config cfg = { .userspace = true };
	struct run_source src = {};
	struct run_result *r = NULL;
	struct gpu_params gp;
	struct progress pg;
	int ret = replay_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (shared_output_is_input(o.path, o.so.fmt, "-"))
		return 1;
	ret = 1;
	r = malloc(sizeof(*r));
	if (!r) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return 1;
	}
	cfg.specs = o.so.specs;
	cfg.nspecs = o.so.nspecs;
	cfg.budget = o.so.budget;
	cfg.levels = o.so.levels;
	cfg.synth = &o.pt;
	cfg.no_shortcut = o.no_shortcut;
	cfg.dump = o.dump;
	cfg.sizes_kind = o.sizes_kind;
	cfg.sizes = o.sizes;
	if (o.per_access) {
		cfg.on_results = replay_print_batch;
		cfg.results_arg = &lines;
	}
	cfg.progress = &pg;
	src.path = o.path;
	src.fmt = o.so.fmt;
	src.ifetch = o.so.ifetch;
	src.gpu = shared_trace_gpu(&o.so, &gp);
	src.given = shared_trace_given(&o.so);
	/*
	 * The replay checks the input as it reads it; -p prints as it goes,
	 * so it checks a seekable input first (twice the addresses).
	 */
	progress_init(&pg, "pwcsim replay", !o.so.quiet);
	pg.total = (o.per_access ? 2 : 1) * addr_binary_length(o.path);
	if (o.per_access &&
	    validate(&src, &pg)) {
		progress_end(&pg);
		goto out;
	}
	if (run_stream(&cfg, &src, r)) {
		progress_end(&pg);
		/* the models were made (r->n): the input failed mid-way */
		if (o.per_access && r->n)
			replay_lines_broken(&lines);
		goto out;
	}
	progress_end(&pg);
	if (o.per_access)
		replay_lines_start(&lines);
	else
		replay_print(&o, r);
	ret = 0;	/* stdout checked by main() */
out:
	run_result_free(r);
	free(r);
	return ret;
}
