// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_gen.c - `pwcsim gen NAME`: a workload generator's address stream on
 * stdout (text, or pwcsim's binary trace format), or its kernels as an
 * Accel-Sim trace directory (--format traceg -o DIR); `pwcsim gen NAME
 * --allocations [--json]`: the allocations its host code makes, in program
 * order; `pwcsim gen --list`.  --size and --seed are the shared options
 * (options.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "output/out_file.h"
#include "output/progress.h"
#include "output/table.h"
#include "traces/addr_stream.h"
#include "traces/traceg_write.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "workloads/workloads.h"

struct gen_out {
	FILE *f;
	bool binary, traceg;
	const char *dir;		/* --format traceg: -o DIR */
	struct progress *pg;	/* on a terminal, unless --quiet */
};

/* The options of `gen` beyond the shared ones. */
struct gen_opts {
	struct shared_opts so;
	struct gen_out out;
	unsigned long long limit;	/* 0: no limit */
	bool list, allocations, window;	/* window: --window given */
	/* the last given of the stream's --format, --limit, --window */
	const char *stream_opt;
	const char *name;
};

static void gen_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim gen NAME [OPTIONS]\n"
		"       pwcsim gen --list\n"
		"      --size small|sampled|full  the input (default small)\n"
		"      --seed N           the execution model's seed (default 1)\n"
		SHARED_DATA_USAGE
		SHARED_GPU_USAGE
		"  -f, --format text|binary|traceg  the output (default text; traceg:\n"
		"                         an Accel-Sim trace directory, -o DIR, whole\n"
		"                         launches until --limit addresses)\n"
		"  -o, --output DIR       --format traceg: the directory to create\n"
		"  -n, --limit N          at most N addresses\n"
		"  -a, --allocations      the host code's allocations and frees instead, in\n"
		"                         program order (address, bytes, call, memory\n"
		"                         space, buffer, source line)\n"
		"  -j, --json             with --allocations: JSON\n"
		"  -l, --list             the workloads, their suites and classes (and\n"
		"                         the files --data DIR holds for those that read one)\n"
		"  -q, --quiet            no progress line (nor warning) on stderr\n");
}

static int gen_emit(void *arg, gva_t va)
{
	struct gen_out *o = arg;

	progress_add(o->pg, 1);
	if (o->binary)
		return addr_write_binary(o->f, va);
	return fprintf(o->f, "0x%llx\n", va) < 0;
}

/* --format text|binary|traceg: 0, or -1 with a message. */
static int gen_format(const char *arg, struct gen_out *out)
{
	enum addr_format fmt;

	if (addr_parse_format(arg, &fmt) ||
	    (fmt != ADDR_TEXT && fmt != ADDR_BINARY && fmt != ADDR_TRACEG)) {
		fprintf(stderr, "pwcsim: --format takes text, binary or traceg\n");
		return -1;
	}
	out->binary = fmt == ADDR_BINARY;
	out->traceg = fmt == ADDR_TRACEG;
	return 0;
}

/*
 * After the options: one NAME (none with --list), and the options that go
 * together; 0, or 2 with a message.
 */
static int gen_check(struct gen_opts *o, int argc, char **argv)
{
	if (o->list ? argc != 2 : optind != argc - 1) {	/* --list alone */
		fprintf(stderr, "pwcsim gen: %s\n", o->list ?
			"--list takes no NAME nor option" :
			"give one workload NAME (--list)");
		gen_usage(stderr);
		return 2;
	}
	if (o->so.json && !o->allocations) {
		fprintf(stderr, "pwcsim gen: --json goes with --allocations (the stream is text or binary: --format)\n");
		return 2;
	}
	if (o->allocations && o->stream_opt) {
		fprintf(stderr, "pwcsim gen: %s is an option of the address stream: --allocations prints a table (text, or --json), not a stream\n",
			o->stream_opt);
		return 2;
	}
	if (o->so.kernel_opt && (o->allocations || o->out.traceg)) {
		fprintf(stderr, "pwcsim gen: %s is an option of the GPU model's run of the kernels: %s\n",
			o->so.kernel_opt, o->allocations ?
			"--allocations runs the host code alone" :
			"--format traceg writes them, not run (give it to the run of the trace)");
		return 2;
	}
	if (o->window && o->out.traceg) {
		fprintf(stderr, "pwcsim gen: --window counts the run's addresses after its warm-up: --format traceg writes the kernels, not run (--limit N: whole launches up to N addresses)\n");
		return 2;
	}
	if (o->out.dir && !*o->out.dir) {
		fprintf(stderr, "pwcsim gen: -o '': not a usable directory name\n");
		return 2;
	}
	if (!o->out.traceg != !o->out.dir) {
		fprintf(stderr, "pwcsim gen: %s\n", o->out.dir ?
			"-o DIR goes with --format traceg" :
			"--format traceg writes a directory: give -o DIR");
		return 2;
	}
	o->name = o->list ? NULL : argv[optind];
	return 0;
}

/* 0, 1 when --help was printed, 2 on a bad option (message printed). */
static int gen_parse(int argc, char **argv, struct gen_opts *o)
{
	static const struct option opts[] = {
		SHARED_OPT_SIZE, SHARED_OPT_SEED, SHARED_OPT_DATA,
		SHARED_OPTS_GPU, SHARED_OPT_QUIET,
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "limit", required_argument, NULL, 'n' },
		{ "list", no_argument, NULL, 'l' },
		{ "allocations", no_argument, NULL, 'a' },
		SHARED_OPT_JSON,
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c;

	shared_opts_init(&o->so);
	o->out = (struct gen_out){ .f = stdout };
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:o:n:lajqh", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o->out.dir = optarg;
			break;
		case 'f':
			if (gen_format(optarg, &o->out))
				return 2;
			o->stream_opt = "--format";
			break;
		case 'n':
			o->stream_opt = "--limit";
			if (parse_count(optarg, ~0ULL, &o->limit) ||
			    !o->limit) {	/* 0 was no limit */
				fprintf(stderr, "pwcsim: --limit takes a number from 1 (no --limit: every address)\n");
				return 2;
			}
			break;
		case 'l':
			o->list = true;
			break;
		case 'a':
			o->allocations = true;
			break;
		case 'h':
			gen_usage(stdout);
			return 1;
		default:
			if (c == OPT_WINDOW) {
				o->stream_opt = "--window";
				o->window = true;
			}
			if (shared_option_or_usage(&o->so, c, optarg, gen_usage))
				return 2;
		}
	}
	return gen_check(o, argc, argv);
}

/* A line a workload; one that reads --data DIR: the files DIR holds. */
static void gen_list(void)
{
	const char *file;
	unsigned int i, k;

	for (i = 0; i < nworkloads; i++) {
		printf("%-14s %-14s class %d", workloads[i].name,
		       workloads[i].suite, workloads[i].paper_class);
		for (k = 0; (file = workload_data_file(&workloads[i], k)); k++)
			printf("%s%s", k ? " " : "  --data DIR: ", file);
		putchar('\n');
	}
}

static void gen_alloc_row(void *arg, const struct gpu_alloc_rec *r)
{
	struct table *t = arg;
	char va[24];

	table_row(t);
	snprintf(va, sizeof(va), "0x%llx", r->va);
	table_str(t, 0, va);
	table_u64(t, 1, r->bytes);
	table_str(t, 2, r->call);
	table_str(t, 3, r->space);
	table_str(t, 4, r->name);
	if (r->src)
		table_str(t, 5, r->src);
	else
		table_null(t, 5);	/* pwcsim's model, not yet the source's */
}

/*
 * --allocations: the host code alone (a dry sink: no kernel runs): its
 * cudaMalloc, cudaMallocArray, cudaFree and cudaFreeArray calls and the
 * constant symbols, in program order.
 */
static int gen_allocations(const struct workload *w, struct gen_opts *o)
{
	struct gpu_sink sink = { .dry = true };
	struct gpu_heap heap = { .on_alloc = gen_alloc_row };
	struct record rec;
	struct table t;
	char end[24];

	table_init(&t, NULL, "allocations");
	table_cols(&t, "address:s bytes:u call:s space:s buffer:s source:s");
	heap.arg = &t;
	workload_run(w, &o->so.wo, &heap, &sink);
	gpu_done(&sink);
	record_init(&rec);
	record_str(&rec, "workload", w->name);
	/* the size and the other inputs that move the allocations */
	shared_record_input(&rec, w, o->so.size, &o->so.wo);
	record_table(&rec, &t);	/* the record owns its rows now */
	snprintf(end, sizeof(end), "0x%llx", heap.next);
	record_str(&rec, "heap_end", end);
	(o->so.json ? record_print_json : record_print_text)(&rec, stdout);
	record_free(&rec);
	return 0;	/* stdout checked by main() */
}

/* --format traceg: the launches written, not run (traceg_write.h) */
static int gen_traceg(const struct workload *w, struct gen_opts *o)
{
	unsigned long long limit = o->limit;
	struct traceg_writer tw;
	struct gpu_sink sink = {};
	struct gpu_heap heap = {};
	int ret;

	if (traceg_writer_open(&tw, o->out.dir, w->name, limit))
		return 1;
	/* a signal that ends the run removes the partial trace */
	if (out_temp_hold(tw.tmp, true)) {
		fprintf(stderr, "pwcsim: %s: %s\n", o->out.dir, strerror(errno));
		traceg_writer_close(&tw, false);
		return 1;
	}
	sink.trace = &tw.hooks;
	workload_run(w, &o->so.wo, &heap, &sink);
	ret = traceg_writer_close(&tw, true);
	out_temp_release(tw.tmp);
	if (!ret && !o->so.quiet)
		fprintf(stderr, "pwcsim gen: %s: %u kernel%s, %llu address%s\n",
			o->out.dir, tw.kernels, tw.kernels == 1 ? "" : "s",
			tw.lanes, tw.lanes == 1 ? "" : "es");
	return ret ? 1 : 0;
}

/* gen NAME: its allocations, its trace directory or its stream */
static int gen_workload(const struct workload *w, struct gen_opts *o)
{
	struct gpu_sink sink = { .emit = gen_emit, .arg = &o->out };
	struct gpu_heap heap = {};
	struct progress pg;

	if (o->allocations)
		return gen_allocations(w, o);
	if (o->out.traceg)
		return gen_traceg(w, o);
	sink.limit = o->limit;
	/*
	 * a whole run can be billions of addresses: say so before writing
	 * (with --data, the package's inputs: as long as they make it)
	 */
	if (!o->so.quiet && !o->limit && !o->so.wo.window &&
	    strcmp(o->so.size, "small") && !o->so.wo.data &&
	    isatty(STDERR_FILENO))
		fprintf(stderr, "pwcsim gen: the whole %s run of %s (no --limit or --window): possibly billions of addresses\n",
			o->so.size, w->name);
	progress_init(&pg, "pwcsim gen", !o->so.quiet);
	o->out.pg = &pg;
	if (o->out.binary && addr_write_binary_header(stdout))
		return 1;
	workload_run(w, &o->so.wo, &heap, &sink);
	progress_end(&pg);
	if (!sink.count && !sink.stopped && !o->so.quiet)
		workload_note_empty("pwcsim gen", &o->so.wo);
	/* a write that failed stopped the sink; main() says why */
	return sink.stopped && sink.count != sink.limit ? 1 : 0;
}

int cmd_gen(int argc, char **argv)
{
	struct gen_opts o = {};
	const struct workload *w;
	int ret = gen_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (o.list) {
		gen_list();
		return 0;	/* stdout checked by main() */
	}
	w = workload_find(o.name);
	if (!w) {
		fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
			o.name);
		return 2;
	}
	ret = shared_workload_size(&o.so, w, "pwcsim gen");
	if (ret)
		return ret;
	/* --data: the input files, read before anything is written */
	ret = workload_load(w, &o.so.wo, "pwcsim gen", o.so.quiet);
	if (!ret)
		ret = gen_workload(w, &o);
	workload_unload(w, &o.so.wo);
	return ret;
}
