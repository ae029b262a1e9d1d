// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - `make bench` (userspace half): replay speed of each model of
 * the registry, alone and all together, on binary traces, with the
 * stream's floor (reading and summing the same file) measured in the same
 * run.  The replay is pwcsim replay's: blocks of addresses read with
 * addr_view_block(), fed to the models through model_set_access_va() (the
 * walks built once for all the models), with the walks that repeat the
 * one before marked (each model counts a repeat of an L2 hit without a
 * lookup) and without (no_shortcut: every walk looked up).
 * Each figure is the median of --repeat runs, in CPU time of the process.
 * It measures; it asserts nothing.
 *
 *   pwcsim-bench [--json] [--repeat N] [--stress N] [--scatter N] [--min N]
 *                [--pwcsim PATH [--base PATH] [--instructions]]
 *                [NAME=FILE ...]
 *
 * --pwcsim PATH: also the whole `PATH replay -q` process on each row's
 * stream and models; --base PATH: also another build's (an earlier
 * revision's pwcsim, scripts/bench BASE=REV), each of its runs next to
 * one of PATH's, the order alternating, so that both meet the same
 * stretch of a noisy machine (paired: ns_base, and x_base, the median of
 * the pairs' ratios of PATH's time over the base's).  Each of these runs
 * executes a new copy of its binary and reads a new copy of the trace,
 * made for its pair (struct bench_pair).
 *
 * --instructions: instead of times, the instructions per address of the
 * whole `PATH replay -q` process (and of --base's, and x_base their
 * ratio), one run each under valgrind (bench_instr.c): a count that does
 * not move with the machine's load or with where files sit in memory.
 *
 * NAME=FILE: a binary trace (scripts/bench writes gen RAY, 2mm and STO);
 * --stress N: also a generated stress stream of N addresses at 5 levels
 * (many L4 and L3 values; every start level), 0 for none; --scatter N:
 * also a stream of N addresses at 4 levels of which no two consecutive
 * share a 2 MiB region, 0 for none.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include "pwc.h"
#include "engine/model_set.h"
#include "output/table.h"
#include "tests/bench_files.h"
#include "tests/bench_instr.h"
#include "traces/addr_stream.h"

#ifndef BENCH_CFLAGS
#define BENCH_CFLAGS "?"
#endif

#define BENCH_MAX_REPEAT 99
#define BENCH_MAX_STREAMS 16

/* Where the sums go, so that no compiler drops the reads (the floor). */
static volatile unsigned long long bench_sink;

struct bench_stream {
	const char *name, *path;
	unsigned int levels;
	unsigned long long n;	/* addresses, over all the passes */
	unsigned long long passes;
	char gen[BENCH_NAME_MAX];	/* its trace, if generated here */
	char tmp[BENCH_NAME_MAX];	/* its passes' trace, if written */
};

/*
 * The process's CPU time: on a shared machine, time spent descheduled is
 * not the replay's (the rest of the noise stays; compare within a run).
 */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, unsigned int n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/*
 * The generated streams.  Stress (5 levels): runs in one 2 MiB region,
 * new L2, L3, L4 and L5 indices drawn in turn over 64 L5, 64 L4 and 64 L3
 * values, so that every model sees every start level.  Scatter (4
 * levels): every address in another 2 MiB region than the one before (a
 * new L4, L3 or L2 index in equal parts, over 8 L4, 64 L3 and 512 L2
 * values), where no walk repeats the one before and a TPC of 24 mostly
 * misses.  @n addresses written to a new file that @s then names (@s->gen,
 * removed by the caller); 0, or -1 with a message and no file left.
 */
static int gen_stream(struct bench_stream *s, unsigned long long n,
		      bool scatter)
{
	unsigned long long x = 88172645463325252ULL, va = 0, prev, i;
	unsigned int l4 = scatter ? 8 : 64;
	int fd = bench_file_new(s->gen), closed = 1;	/* 1: not yet */
	FILE *f = fd < 0 ? NULL : fdopen(fd, "wb");

	if (!f || addr_write_binary_header(f)) {
		if (fd >= 0)
			perror(s->gen);
		goto fail;
	}
	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		prev = va;
		switch (scatter ? 1 + x % 3 : x % 8) {
		case 0:		/* a new L5 path */
			va = (x >> 8) % 64 << 48 | (va & ((1ULL << 48) - 1));
			/* fall through */
		case 1:		/* a new L4 index */
			va = (va & ~(511ULL << 39)) | ((x >> 16) % l4 << 39);
			/* fall through */
		case 2:		/* a new L3 index */
			va = (va & ~(511ULL << 30)) | ((x >> 24) % 64 << 30);
			/* fall through */
		case 3:		/* a new L2 index */
			va = (va & ~(511ULL << 21)) | ((x >> 32) % 512 << 21);
			/* fall through */
		default:	/* the same 2 MiB region */
			va = (va & ~((1ULL << 21) - 1)) | ((x >> 40) & 0x1ff000);
		}
		if (scatter && i && va >> 21 == prev >> 21)
			va ^= 1ULL << 21;	/* drawn the same: the next */
		if (addr_write_binary(f, va)) {
			perror(s->gen);
			goto fail;
		}
	}
	closed = fclose(f);	/* closed either way */
	f = NULL;
	if (closed) {
		perror(s->gen);
		goto fail;
	}
	s->path = s->gen;
	return 0;
fail:
	if (f)
		fclose(f);
	else if (fd >= 0 && closed == 1)	/* fdopen() failed */
		close(fd);
	bench_file_remove(s->gen);
	return -1;
}

/*
 * @s as @passes passes over its file, written to a temporary binary trace
 * that @s then names (removed by the caller); 0 or -1.
 */
static int write_passes(struct bench_stream *s, unsigned long long passes)
{
	unsigned long long *va = malloc(s->n * sizeof(*va));
	struct addr_stream in;
	unsigned long long p;
	FILE *f = NULL;
	int fd, ret = -1;

	if (!va || addr_open(&in, s->path, ADDR_BINARY)) {
		free(va);
		return -1;
	}
	if (addr_next_block(&in, va, s->n) != (long)s->n)
		goto out;
	fd = bench_file_new(s->tmp);
	f = fd < 0 ? NULL : fdopen(fd, "wb");
	if (!f || addr_write_binary_header(f)) {
		if (fd >= 0)
			perror(s->tmp);
		if (!f && fd >= 0)
			close(fd);
		goto out;
	}
	for (p = 0; p < passes; p++)
		if (fwrite(va, sizeof(*va), s->n, f) != s->n) {
			perror(s->tmp);
			goto out;
		}
	ret = 0;
	s->path = s->tmp;
	s->n *= passes;
	s->passes = passes;
out:
	if (f && fclose(f)) {
		perror(s->tmp);
		ret = -1;
	}
	if (ret)
		bench_file_remove(s->tmp);
	addr_close(&in);
	free(va);
	return ret;
}

/*
 * One pass over @s: with no models the floor (read and sum), else the
 * replay through @set; seconds, or a negative value on an error.
 */
static double run(const struct bench_stream *s, struct model_set *set,
		  bool shortcut, unsigned long long *sum)
{
	static unsigned long long buf[MODEL_SET_BATCH];
	const unsigned long long *va;
	struct addr_stream in;
	struct pwc_synth pt = { .levels = s->levels };
	unsigned long long total = 0;
	unsigned int j;
	double t0;
	long n, i;

	if (addr_open(&in, s->path, ADDR_BINARY))
		return -1;
	t0 = now();
	while ((n = addr_view_block(&in, &va, buf, MODEL_SET_BATCH)) > 0) {
		if (!set) {
			for (i = 0; i < n; i++)
				total += va[i];
			continue;
		}
		/* as pwcsim replay without -p: the statistics only */
		if (model_set_access_va(set, &pt, va, n, NULL, shortcut))
			exit(1);
	}
	t0 = now() - t0;
	for (j = 0; set && j < set->n; j++)
		total += set->e[j].m->stats.accesses;
	addr_close(&in);
	*sum += total;
	bench_sink += total;
	return n < 0 ? -1 : t0;
}

/* The median seconds of @repeat runs (@nm 0: the floor), on new models. */
static double timed(const struct bench_stream *s, const enum pwc_kind *kind,
		    unsigned int nm, bool shortcut, unsigned int repeat,
		    unsigned long long *sum)
{
	double t[BENCH_MAX_REPEAT];
	struct model_set set;
	unsigned int i, j;

	for (i = 0; i < repeat; i++) {
		model_set_init(&set, s->levels);
		for (j = 0; j < nm; j++)
			if (model_set_add(&set, pwc_kind_name(kind[j]), 0))
				exit(1);
		t[i] = run(s, nm ? &set : NULL, shortcut, sum);
		model_set_free(&set);
		if (t[i] < 0)
			return -1;
	}
	return median(t, repeat);
}

/*
 * One pair's files: a copy of each binary and of the stream's trace, made
 * for the pair and removed after it.  Where a file's pages sit in memory
 * moves its reader's time: identical copies of one pwcsim ran 27 % apart,
 * each copy's time steady over its runs (Documentation/testing.rst).
 * Running the given files would draw one placement per binary for the
 * whole column; new copies draw one per pair, and the median is over
 * them.
 */
struct bench_pair {
	char tool[BENCH_NAME_MAX];
	char base[BENCH_NAME_MAX];	/* "" with no base */
	char trace[BENCH_NAME_MAX];
};

static void pair_remove(struct bench_pair *c)
{
	bench_file_remove(c->tool);
	bench_file_remove(c->base);
	bench_file_remove(c->trace);
}

/* @c's copies of @pwcsim, @base (or NULL) and @trace; 0, or -1 (none). */
static int pair_copy(struct bench_pair *c, const char *pwcsim,
		     const char *base, const char *trace)
{
	memset(c, 0, sizeof(*c));
	if (bench_file_copy(pwcsim, true, c->tool) ||
	    (base && bench_file_copy(base, true, c->base)) ||
	    bench_file_copy(trace, false, c->trace)) {
		pair_remove(c);
		return -1;
	}
	return 0;
}

/* Room for replay_argv()'s arguments and their NULL. */
#define BENCH_ARGV (8 + 2 * PWC_KIND_COUNT)

/*
 * Into @argv, the arguments of `@name replay -q -l @lv` of the models
 * @kind on @trace, NULL-terminated.
 */
static void replay_argv(const char **argv, const char *name,
			const char *trace, const char *lv,
			const enum pwc_kind *kind, unsigned int nm)
{
	unsigned int a = 0, j;

	argv[a++] = name;
	argv[a++] = "replay";
	argv[a++] = "-q";
	argv[a++] = "-l";
	argv[a++] = lv;
	for (j = 0; j < nm; j++) {
		argv[a++] = "-m";
		argv[a++] = pwc_kind_name(kind[j]);
	}
	argv[a++] = trace;
	argv[a] = NULL;
}

/*
 * What the replay of process_once() said on stderr (@err, rewound): all
 * of it if it failed, else all of it only if it does not start as what
 * the last one said (a warning of ideal's cap, once for the runs of a
 * row, not once a run; the first 1,023 bytes compared).
 */
static void process_stderr(FILE *err, bool failed)
{
	static char last[1024];
	char buf[1024];
	bool show;
	size_t n;

	rewind(err);
	n = fread(buf, 1, sizeof(buf) - 1, err);
	buf[n] = '\0';
	show = n && (failed || strcmp(buf, last));
	memcpy(last, buf, n + 1);
	if (!show)
		return;
	do {
		fwrite(buf, 1, n, stderr);
	} while ((n = fread(buf, 1, sizeof(buf), err)) > 0);
}

/*
 * The CPU seconds (user + system) of one `@exe replay -q` process with the
 * models @kind on @trace at @levels, its output thrown away and its
 * stderr through process_stderr(); -1 if it failed (named as @name).
 */
static double process_once(const char *exe, const char *name,
			   const char *trace, unsigned int levels,
			   const enum pwc_kind *kind, unsigned int nm)
{
	const char *argv[BENCH_ARGV];
	char lv[2] = { '0' + levels, 0 };
	struct rusage ru;
	int st;
	pid_t pid;

	FILE *err = tmpfile();
	bool failed;

	if (!err) {
		perror("pwcsim-bench: a temporary file");
		return -1;
	}
	replay_argv(argv, name, trace, lv, kind, nm);
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout) ||
		    dup2(fileno(err), STDERR_FILENO) < 0)
			_exit(127);
		execv(exe, (char **)argv);
		fprintf(stderr, "pwcsim-bench: %s (a copy of %s): %s\n", exe,
			name, strerror(errno));
		_exit(127);
	}
	failed = pid < 0 || wait4(pid, &st, 0, &ru) != pid ||
		 !WIFEXITED(st) || WEXITSTATUS(st);
	process_stderr(err, failed);
	fclose(err);
	if (failed) {
		fprintf(stderr, "pwcsim-bench: %s replay failed\n", name);
		return -1;
	}
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec * 1e-6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec * 1e-6;
}

/*
 * The median of @repeat process_once() of @pwcsim into *@tp and, with
 * @base, of as many of @base's into *@tb, in pairs, one run of each
 * right after the other (@base second in the first pair, first in the
 * next, and so on), each pair on its own copies (struct bench_pair), and
 * the median of the pairs' ratios (@pwcsim's over @base's) into *@x: a
 * burst of load on a shared machine then spoils the pairs it meets, not
 * one binary's median; 0 or -1.
 */
static int process_timed(const char *pwcsim, const char *base,
			 const struct bench_stream *s,
			 const enum pwc_kind *kind, unsigned int nm,
			 unsigned int repeat, double *tp, double *tb,
			 double *x)
{
	double t[BENCH_MAX_REPEAT], b[BENCH_MAX_REPEAT], r[BENCH_MAX_REPEAT];
	struct bench_pair c;
	unsigned int i;

	for (i = 0; i < repeat; i++) {
		if (pair_copy(&c, pwcsim, base, s->path))
			return -1;
		b[i] = base && i % 2 ? process_once(c.base, base, c.trace,
						    s->levels, kind, nm) : 0;
		t[i] = process_once(c.tool, pwcsim, c.trace, s->levels, kind,
				    nm);
		if (base && i % 2 == 0)
			b[i] = process_once(c.base, base, c.trace, s->levels,
					    kind, nm);
		pair_remove(&c);
		if (t[i] < 0 || b[i] < 0)
			return -1;
		r[i] = base ? t[i] / b[i] : 0;
	}
	*tp = median(t, repeat);
	*tb = median(b, repeat);
	*x = median(r, repeat);
	return 0;
}

/* The options and NAME=FILE streams (bench_parse()). */
struct bench_opts {
	bool json;
	bool instructions;		/* count, not time (bench_instr.h) */
	bool repeat_given;		/* --repeat: refused with a count */
	unsigned int repeat, ns;
	unsigned long long stress, scatter, min;
	const char *pwcsim;		/* time `pwcsim replay` too */
	const char *base;		/* and this one's, paired with it */
	int cpu;			/* the one it runs on, or -1 */
	struct bench_stream st[BENCH_MAX_STREAMS];
};

/*
 * A new row of @tb and its first columns: @s, the model (or "all") of
 * @nm, the passes and the addresses; the next column's index.
 */
static unsigned int bench_row_head(struct table *tb,
				   const struct bench_stream *s,
				   const enum pwc_kind *kind, unsigned int nm)
{
	table_row(tb);
	table_str(tb, 0, s->name);
	table_str(tb, 1, nm == 1 ? pwc_kind_name(kind[0]) : "all");
	table_u64(tb, 2, s->passes);
	table_u64(tb, 3, s->n);
	return 4;
}

/* One row: @nm models (all of them when more than one) on @s. */
static int bench_row(struct table *tb, const struct bench_stream *s,
		     const enum pwc_kind *kind, unsigned int nm,
		     double floor, const struct bench_opts *o)
{
	unsigned long long sum = 0;
	double t, t0, tp = 0, tbase = 0, x = 0;
	unsigned int c;

	t = timed(s, kind, nm, true, o->repeat, &sum);
	t0 = timed(s, kind, nm, false, o->repeat, &sum);
	if (t < 0 || t0 < 0 ||
	    (o->pwcsim && process_timed(o->pwcsim, o->base, s, kind, nm,
					o->repeat, &tp, &tbase, &x)))
		return -1;
	c = bench_row_head(tb, s, kind, nm);
	table_f64(tb, c++, t * 1e9 / s->n);
	table_f64(tb, c++, s->n / t / 1e6);
	table_f64(tb, c++, nm * s->n / t / 1e6);
	table_f64(tb, c++, t0 * 1e9 / s->n);
	if (o->pwcsim)
		table_f64(tb, c, tp * 1e9 / s->n);
	c++;
	table_f64(tb, c++, floor * 1e9 / s->n);
	table_f64(tb, c++, t / floor);
	if (o->base) {
		table_f64(tb, c++, tbase * 1e9 / s->n);
		table_f64(tb, c++, x);
	}
	return 0;
}

/*
 * --instructions: one row of @nm models on @s, the instructions per
 * address of one `replay -q` process of --pwcsim's and, with --base, of
 * the base's, and their ratio (x_base); 0 or -1.
 */
static int bench_row_instr(struct table *tb, const struct bench_stream *s,
			   const enum pwc_kind *kind, unsigned int nm,
			   const struct bench_opts *o)
{
	const char *argv[BENCH_ARGV];
	char lv[2] = { '0' + s->levels, 0 };
	long long ip, ib = 1;
	unsigned int c;

	replay_argv(argv, o->pwcsim, s->path, lv, kind, nm);
	ip = bench_instructions(argv);
	if (ip >= 0 && o->base) {
		argv[0] = o->base;
		ib = bench_instructions(argv);
	}
	if (ip < 0 || ib < 0)
		return -1;
	c = bench_row_head(tb, s, kind, nm);
	table_f64(tb, c++, (double)ip / s->n);
	if (o->base) {
		table_f64(tb, c++, (double)ib / s->n);
		table_f64(tb, c++, (double)ip / ib);
	}
	return 0;
}

/* A row of @nm models on @s: timed, or counted (--instructions). */
static int bench_any_row(struct table *tb, const struct bench_stream *s,
			 const enum pwc_kind *kind, unsigned int nm,
			 double floor, const struct bench_opts *o)
{
	return o->instructions ? bench_row_instr(tb, s, kind, nm, o) :
				 bench_row(tb, s, kind, nm, floor, o);
}

/*
 * @s's rows: its floor (timed only), each model, all of them; 0 or -1.
 */
static int bench_stream(struct table *tb, struct bench_stream *s,
			const struct bench_opts *o)
{
	enum pwc_kind all[PWC_KIND_COUNT];
	unsigned long long sum = 0;
	unsigned int nk = 0, k;
	double floor;

	s->n = addr_binary_length(s->path);
	s->passes = 1;
	if (!s->n) {
		fprintf(stderr, "pwcsim-bench: %s: not a binary trace\n", s->path);
		return -1;
	}
	if (s->n < o->min && write_passes(s, (o->min + s->n - 1) / s->n))
		return -1;
	floor = 0;	/* a count has no floor: the whole process is counted */
	if (!o->instructions) {
		timed(s, NULL, 0, false, 1, &sum);	/* into the page cache */
		floor = timed(s, NULL, 0, false, o->repeat, &sum);
		if (floor < 0)
			return -1;
	}
	for (k = 0; pwc_kind_ops(k); k++) {
		all[nk++] = k;
		if (bench_any_row(tb, s, &all[k], 1, floor, o))
			return -1;
	}
	return bench_any_row(tb, s, all, nk, floor, o);
}

/*
 * The bench, and so every process it times, pinned to the CPU it runs on
 * now: where cores differ in load (a virtual machine's vCPUs), the
 * scheduler may start consecutive children on alternate cores, and the
 * two runs of every pair would meet different ones.  The CPU, or -1 if
 * none could be pinned (nothing is then).
 */
static int bench_pin(void)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	if (cpu < 0)
		return -1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set) ? -1 : cpu;
}

static void usage(FILE *f)
{
	fprintf(f, "usage: pwcsim-bench [--json] [--repeat N] [--stress N] [--scatter N]\n"
		   "                    [--min N]\n"
		   "                    [--pwcsim PATH [--base PATH] [--instructions]]\n"
		   "                    [NAME=FILE ...]\n"
		   "  --repeat N: the runs a time is the median of (default 5);\n"
		   "  --instructions counts one run of each, and refuses --repeat\n");
}

/* --stress, --scatter or --min (@c) from @arg into @o; 0, or -1 */
static int bench_count(int c, const char *arg, struct bench_opts *o)
{
	unsigned long long *v = c == 's' ? &o->stress :
				c == 'c' ? &o->scatter : &o->min;
	char *end;

	*v = strtoull(arg, &end, 10);
	if (*end || !*arg || *v > 1000000000ULL) {
		fprintf(stderr, "pwcsim-bench: --%s 0..1000000000\n",
			c == 's' ? "stress" : c == 'c' ? "scatter" : "min");
		return -1;
	}
	return 0;
}

/* The options and NAME=FILE streams into @o; 0, 1 after --help, 2. */
static int bench_parse(int argc, char **argv, struct bench_opts *o)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "stress", required_argument, NULL, 's' },
		{ "scatter", required_argument, NULL, 'c' },
		{ "min", required_argument, NULL, 'n' },
		{ "pwcsim", required_argument, NULL, 'p' },
		{ "base", required_argument, NULL, 'b' },
		{ "instructions", no_argument, NULL, 'i' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	char *eq;
	int c;

	while ((c = getopt_long(argc, argv, "jr:s:c:n:p:b:ih", opts, NULL)) != -1) {
		if (c == 'j') {
			o->json = true;
		} else if (c == 'r') {
			o->repeat = strtoul(optarg, &eq, 10);
			o->repeat_given = true;
			if (*eq || !o->repeat || o->repeat > BENCH_MAX_REPEAT) {
				fprintf(stderr, "pwcsim-bench: --repeat 1..%d\n",
					BENCH_MAX_REPEAT);
				return 2;
			}
		} else if (c == 's' || c == 'c' || c == 'n') {
			if (bench_count(c, optarg, o))
				return 2;
		} else if (c == 'p') {
			o->pwcsim = optarg;
		} else if (c == 'b') {
			o->base = optarg;
		} else if (c == 'i') {
			o->instructions = true;
		} else {
			usage(c == 'h' ? stdout : stderr);
			return c == 'h' ? 1 : 2;
		}
	}
	if ((o->base || o->instructions) && !o->pwcsim) {
		fprintf(stderr, "pwcsim-bench: --%s needs --pwcsim\n",
			o->base ? "base" : "instructions");
		return 2;
	}
	if (o->instructions && o->repeat_given) {
		fprintf(stderr, "pwcsim-bench: --instructions counts one run: no --repeat\n");
		return 2;
	}
	for (; optind < argc; optind++) {
		eq = strchr(argv[optind], '=');
		if (!eq || o->ns == BENCH_MAX_STREAMS - 2) {	/* 2: generated */
			usage(stderr);
			return 2;
		}
		*eq = '\0';
		o->st[o->ns++] = (struct bench_stream){ .name = argv[optind],
							.path = eq + 1,
							.levels = 4 };
	}
	return 0;
}

/* The CPU's model name, or "?". */
static void cpu_name(char *cpu, size_t len)
{
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");

	snprintf(cpu, len, "?");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10)) {
			snprintf(cpu, len, "%s", strchr(line, ':') + 2);
			cpu[strcspn(cpu, "\n")] = 0;
			break;
		}
	if (f)
		fclose(f);
}

/* What the timed columns are (bench_print()); @desc: room for a line. */
static void bench_time_facts(const struct bench_opts *o, struct record *rec,
			     char *desc, size_t len)
{
	record_str(rec, "time", "CPU time of the process, median of the runs");
	if (o->cpu >= 0)
		snprintf(desc, len, "cpu %d: the bench and every process it times", o->cpu);
	else
		snprintf(desc, len, "no: the scheduler's choice");
	record_str(rec, "pinned", desc);
	record_str(rec, "ns_process", o->pwcsim ?
		   "pwcsim replay -q, the whole process (user + system)" :
		   "not measured (no --pwcsim)");
	if (o->base) {
		snprintf(desc, len, "%s replay -q, each run paired with one of ns_process's, the order alternating (x_base: the median of the pairs' ratios, ns_process's run over ns_base's)",
			 o->base);
		record_str(rec, "ns_base", desc);
	}
	record_u64(rec, "repeat", o->repeat);
}

/* What the counted columns are (--instructions). */
static void bench_instr_facts(const struct bench_opts *o, struct record *rec,
			      char *desc, size_t len)
{
	snprintf(desc, len, "%s replay -q, the whole process: valgrind cachegrind's I refs (--cache-sim=no) over the addresses, one run",
		 o->pwcsim);
	record_str(rec, "instructions", desc);
	if (o->base) {
		snprintf(desc, len, "%s replay -q, the same (x_base: instructions_per_address over instructions_base)",
			 o->base);
		record_str(rec, "instructions_base", desc);
	}
}

/* The table @tb under the run's facts, as text or JSON (--json). */
static void bench_print(const struct bench_opts *o, struct table *tb)
{
	char cpu[256], desc[PATH_MAX + 256];
	struct record rec;

	cpu_name(cpu, sizeof(cpu));
	record_init(&rec);
	record_str(&rec, "machine", cpu);
	record_str(&rec, "build", BENCH_CFLAGS);
	if (o->instructions)
		bench_instr_facts(o, &rec, desc, sizeof(desc));
	else
		bench_time_facts(o, &rec, desc, sizeof(desc));
	record_table(&rec, tb);
	if (o->json)
		record_print_json(&rec, stdout);
	else
		record_print_text(&rec, stdout);
	record_free(&rec);
}

int main(int argc, char **argv)
{
	struct bench_opts o = { .repeat = 5, .stress = 4000000,
				.scatter = 4000000, .min = 2000000 };
	const struct {
		const char *name;
		unsigned long long *n;
		bool scatter;
		unsigned int levels;
	} gen[] = {
		{ "stress-5level", &o.stress, false, 5 },
		{ "scatter-2m", &o.scatter, true, 4 },
	};
	struct bench_stream *s;
	struct table tb;
	unsigned int i;
	int ret = bench_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (bench_files_init())
		return 1;
	o.cpu = bench_pin();
	for (i = 0; i < ARRAY_SIZE(gen) && !ret; i++) {
		if (!*gen[i].n)
			continue;
		s = &o.st[o.ns++];
		*s = (struct bench_stream){ .name = gen[i].name,
					    .levels = gen[i].levels };
		ret = gen_stream(s, *gen[i].n, gen[i].scatter);
	}
	table_init(&tb, NULL, "bench");
	table_cols(&tb, "stream:s model:s passes:u addresses:u");
	if (o.instructions)
		table_cols(&tb, "instructions_per_address:f");
	else
		table_cols(&tb, "ns_per_address:f m_addresses_per_s:f "
				"m_lookups_per_s:f ns_no_shortcut:f "
				"ns_process:f floor_ns:f x_floor:f");
	if (o.base)
		table_cols(&tb, o.instructions ?
			   "instructions_base:f x_base:f" :
			   "ns_base:f x_base:f");
	for (i = 0; i < o.ns && !ret; i++)
		ret = bench_stream(&tb, &o.st[i], &o);
	for (i = 0; i < o.ns; i++) {
		bench_file_remove(o.st[i].gen);
		bench_file_remove(o.st[i].tmp);
	}
	if (ret) {
		table_free(&tb);
		return 1;
	}
	bench_print(&o, &tb);
	return 0;
}
