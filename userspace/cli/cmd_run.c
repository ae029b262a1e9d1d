// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `pwcsim run`: an address stream (a workload generator, a
 * trace file, or addresses of a live process) through pwcsim.ko on real
 * page tables, or with --userspace through the synthetic page table
 * (engine/run_engine.h).  Prints the table `pwcsim replay` prints and the
 * IOTLB's hit rate.  With --timing, a workload's translation in time
 * instead: each model behind a timed IOMMU in the GPU model's loop
 * (engine/run_timing.h).
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "pwc.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "cli/timing_print.h"
#include "engine/run_engine.h"
#include "engine/run_timing.h"
#include "output/progress.h"
#include "output/table.h"
#include "traces/addr_stream.h"
#include "workloads/workloads.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static void run_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim run [OPTIONS] (--workload NAME | --pid PID [FILE|-] | FILE|-)\n"
		"  -m, --model SPEC       a model (as for replay); default: every model\n"
		"  -b, --budget-bits N    size bare model names to N bits (default %llu)\n"
		SHARED_BUDGET_RANGE
		"  -t, --tlb N[,2m]       an IOTLB of N entries in front (2m: 2 MiB entries)\n"
		"  -w, --workload NAME    a generated GPU workload (pwcsim gen --list)\n"
		"      --size small|sampled|full  the workload's input (default small)\n"
		"      --seed N           the workload's seed\n"
		SHARED_DATA_USAGE
		SHARED_GPU_USAGE
		"  -p, --pid PID          walk a live process's tables (addresses from FILE or\n"
		"                         stdin; with --format perf, the samples of PID)\n"
		"      --thp always|never|madvise   THP advice for the shadow pages (default never)\n"
		"      --max-footprint N  most bytes of shadow pages (default 1073741824)\n"
		"      --no-coherence     no invalidation on page-table changes\n"
		"  -u, --userspace        no module: the synthetic page table and the models here\n"
		"  -l, --levels 4|5       paging levels for --userspace (default: the module's or 4)\n"
		"  -f, --format F         trace format: auto, text, binary, lackey,\n"
		"                         traceg (a file or a trace DIR), perf\n"
		SHARED_TRACE_ORDER_USAGE
		SHARED_WITH_IFETCH_USAGE
		"      --timing           translation in time: each model behind a timed IOMMU,\n"
		"                         the warps waiting for it (--workload, Accel-Sim traces)\n"
		"      --walkers N        page-table walkers (--timing; default 8)\n"
		"      --walk-sched P     fcfs, simt or path (--timing; default fcfs)\n"
		"      --iommu-buffer N   misses the IOMMU buffer holds (--timing; default 256)\n"
		"      --l1-tlb N         per-SM L1 TLBs of N entries, the IOTLB a shared L2 TLB\n"
		"                         behind them (--timing; default none)\n"
		"  -j, --json             JSON instead of the table\n"
		"  -q, --quiet            no progress line on stderr, nor the note of a\n"
		"                         workload with no request at the IOTLB's tap\n",
		RUN_BUDGET_BITS, shared_budget_min(), shared_budget_max());
}

/* The options of `run` beyond the shared ones. */
struct run_opts {
	struct shared_opts so;
	const char *wname, *path;
	unsigned long long pid;
	enum shadow_thp thp;
	bool thp_given;
	bool coherent;
	bool timing;
	struct iommu_config io;		/* --walkers, --walk-sched, ... */
	const char *io_opt;		/* the last of those given, or NULL */
};

/* run's own long-only options */
enum { OPT_TIMING = 0x200, OPT_WALKERS, OPT_WALK_SCHED, OPT_IOMMU_BUFFER,
       OPT_L1_TLB };

/* --walkers, --iommu-buffer: 1 to @max; 0, or -1 with a message */
static int parse_positive(const char *arg, const char *opt,
			  unsigned long long max, unsigned int *v)
{
	unsigned long long n;

	if (parse_count(arg, max, &n) || !n) {
		fprintf(stderr, "pwcsim: %s takes 1 to %llu\n", opt, max);
		return -1;
	}
	*v = (unsigned int)n;
	return 0;
}

/* run's options of the timed IOMMU: 1 if @c was one, -1 for a bad value */
static int run_timing_option(struct run_opts *o, int c, const char *arg)
{
	static const char *const names[] = {
		[OPT_WALKERS - OPT_WALKERS] = "--walkers",
		[OPT_WALK_SCHED - OPT_WALKERS] = "--walk-sched",
		[OPT_IOMMU_BUFFER - OPT_WALKERS] = "--iommu-buffer",
		[OPT_L1_TLB - OPT_WALKERS] = "--l1-tlb",
	};
	int k;

	if (c >= OPT_WALKERS && c <= OPT_L1_TLB)
		o->io_opt = names[c - OPT_WALKERS];	/* run_check()'s */
	switch (c) {
	case OPT_TIMING:
		o->timing = true;
		return 1;
	case OPT_WALKERS:
		return parse_positive(arg, "--walkers", 1024,
				      &o->io.walkers) ? -1 : 1;
	case OPT_IOMMU_BUFFER:
		return parse_positive(arg, "--iommu-buffer", 65536,
				      &o->io.buffer) ? -1 : 1;
	case OPT_L1_TLB:
		/* the IOTLB becomes the shared L2 TLB behind them */
		o->io.sms = GPU_SMS;
		o->io.tlb_hit = IOMMU_L2_TLB_HIT;
		return parse_positive(arg, "--l1-tlb", 65536,
				      &o->io.l1_tlb) ? -1 : 1;
	case OPT_WALK_SCHED:
		k = parse_name(arg, "--walk-sched", iommu_sched_names,
			       IOMMU_SCHED_COUNT);
		if (k < 0)
			return -1;
		o->io.sched = k;
		return 1;
	}
	return 0;
}

/* --thp: 0, or -1 with a message. */
static int parse_thp(const char *arg, enum shadow_thp *thp)
{
	static const char *const names[] = {
		[SHADOW_THP_ALWAYS] = "always", [SHADOW_THP_NEVER] = "never",
		[SHADOW_THP_MADVISE] = "madvise",
	};
	int k = parse_name(arg, "--thp", names, ARRAY_SIZE(names));

	if (k >= 0)
		*thp = k;
	return k < 0 ? -1 : 0;
}

/*
 * The options the source or the backend would ignore, refused: a
 * workload's with a trace, a trace's with a workload, the shadow
 * process's without one; 0, or 2 with a message.
 */
static int run_check_ignored(const struct run_opts *o)
{
	const char *shadow = o->thp_given ? "--thp" :
			     o->so.footprint_given ? "--max-footprint" : NULL;

	if (o->wname && o->so.trace_opt) {
		fprintf(stderr, "pwcsim run: %s is an option of a trace: it needs a trace FILE (not --workload)\n",
			o->so.trace_opt);
		return 2;
	}
	if (!o->wname && o->so.workload_opt) {
		fprintf(stderr, "pwcsim run: %s is an option of a generated workload: it needs --workload NAME (a trace is replayed whole, as it is)\n",
			o->so.workload_opt);
		return 2;
	}
	if (o->so.userspace && (shadow || !o->coherent)) {
		fprintf(stderr, "pwcsim run: %s is an option of pwcsim.ko's backend: it needs the module (not --userspace)\n",
			shadow ? shadow : "--no-coherence");
		return 2;
	}
	if (shadow && o->pid) {
		fprintf(stderr, "pwcsim run: %s is an option of the shadow process: it needs --workload NAME or a trace FILE (not --pid)\n",
			shadow);
		return 2;
	}
	if (!o->coherent && o->timing) {
		fprintf(stderr, "pwcsim run: --no-coherence is an option of an untimed run: --timing's walks take no invalidations\n");
		return 2;
	}
	return 0;
}

/*
 * After the options: the one source (a workload, a trace or a process)
 * and what --timing needs; 0, or 2 with a message.
 */
static int run_check(struct run_opts *o, int argc, char **argv)
{
	o->pid = o->so.pid;
	if (optind < argc)
		o->path = argv[optind++];
	if (o->path && parse_path(o->path, "FILE"))
		return 2;
	if (optind != argc || (!!o->wname + !!o->path + !!o->pid == 0) ||
	    (o->wname && (o->path || o->pid)) || (o->pid && o->so.userspace)) {
		fprintf(stderr, "pwcsim run: give one source: --workload NAME, a trace FILE, or --pid PID (not with --userspace)\n");
		run_usage(stderr);
		return 2;
	}
	if (!o->timing && o->io_opt) {
		fprintf(stderr, "pwcsim run: %s is an option of the timed IOMMU: it needs --timing\n",
			o->io_opt);
		return 2;
	}
	if (o->timing && (o->pid || o->so.file_order || o->so.tlb2m)) {
		fprintf(stderr, "pwcsim run: --timing takes --workload NAME or an Accel-Sim trace on the GPU model (not --pid, not --trace-order file), and 4 KiB IOTLB entries\n");
		return 2;
	}
	return run_check_ignored(o);
}

/*
 * The running kernel's paging levels, which pwcsim.ko walks (it states
 * pgtable_l5_enabled() ? 5 : 4), told without the module: with 5 levels
 * a process may map a page at 2^47 (x86-64's TASK_SIZE_MAX is then 2^56
 * less a page), with 4 that is past its address space (ENOMEM; a kernel
 * that does not know MAP_FIXED_NOREPLACE maps it elsewhere).  0 when it
 * cannot be told (another error, another architecture).
 */
static unsigned int run_kernel_levels(void)
{
#ifdef __x86_64__
	void *at = (void *)(1UL << 47), *p;

	p = mmap(at, 4096, PROT_NONE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
	if (p == MAP_FAILED)	/* EEXIST: something is mapped there */
		return errno == EEXIST ? 5 : errno == ENOMEM ? 4 : 0;
	munmap(p, 4096);
	return p == at ? 5 : 4;
#else
	return 0;
#endif
}

/*
 * The models, checked before anything runs (shared_check_models()): at
 * --levels, at 4 with --userspace, else at the paging levels of the
 * kernel pwcsim.ko walks (at 4 or 5 when they cannot be told), where a
 * --levels it does not use is refused too; and at most a session's
 * PWCSIM_MAX_MODELS on the module (--timing's models run here, with the
 * module's walks: -m's RUN_MAX_MODELS).  0, or 2 with a message naming
 * the limit.
 */
static int run_check_models(const struct run_opts *o)
{
	bool module = !o->so.userspace;
	unsigned int kernel = module ? run_kernel_levels() : 0;
	unsigned int levels = o->so.levels;
	char note[80];

	if (module && !o->timing && o->so.nspecs > PWCSIM_MAX_MODELS) {
		fprintf(stderr, "pwcsim run: at most %d models on pwcsim.ko's backend, a session's (--userspace or --timing: %d)\n",
			PWCSIM_MAX_MODELS, RUN_MAX_MODELS);
		return 2;
	}
	if (kernel && levels && levels != kernel) {
		fprintf(stderr, "pwcsim run: --levels %u: the kernel uses %u-level paging, which pwcsim.ko walks (other levels: --userspace)\n",
			levels, kernel);
		return 2;
	}
	if (!kernel)	/* --userspace without --levels: 4 */
		return shared_check_models(&o->so, levels ? levels :
					   module ? 0 : 4, NULL);
	snprintf(note, sizeof(note),
		 "at the kernel's %u-level paging, which pwcsim.ko walks",
		 kernel);
	return shared_check_models(&o->so, kernel, note);
}

/* 0, 1 when --help was printed, 2 on a bad option (message printed). */
static int run_parse(int argc, char **argv, struct run_opts *o)
{
	static const struct option opts[] = {
		SHARED_OPT_MODEL, SHARED_OPT_BUDGET, SHARED_OPT_TLB,
		SHARED_OPT_SIZE, SHARED_OPT_SEED, SHARED_OPT_MAX_FOOTPRINT,
		SHARED_OPT_DATA, SHARED_OPTS_GPU,
		SHARED_OPT_USERSPACE, SHARED_OPT_LEVELS, SHARED_OPT_FORMAT,
		SHARED_OPT_TRACE_ORDER,
		SHARED_OPT_JSON, SHARED_OPT_WITH_IFETCH, SHARED_OPT_QUIET,
		SHARED_OPT_PID,
		{ "workload", required_argument, NULL, 'w' },
		{ "thp", required_argument, NULL, 'T' },
		{ "no-coherence", no_argument, NULL, 'C' },
		{ "timing", no_argument, NULL, OPT_TIMING },
		{ "walkers", required_argument, NULL, OPT_WALKERS },
		{ "walk-sched", required_argument, NULL, OPT_WALK_SCHED },
		{ "iommu-buffer", required_argument, NULL, OPT_IOMMU_BUFFER },
		{ "l1-tlb", required_argument, NULL, OPT_L1_TLB },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	int c, t;

	shared_opts_init(&o->so);
	iommu_config_default(&o->io, 0);
	o->thp = SHADOW_THP_NEVER;
	o->coherent = true;
	optind = 1;
	while ((c = getopt_long(argc, argv, "m:b:t:w:p:ul:f:jqh", opts,
				NULL)) != -1) {
		switch (c) {
		case 'w':
			/* one workload a run: a second is refused, not dropped */
			if (o->wname) {
				fprintf(stderr, "pwcsim run: -w given twice (one workload a run; pwcsim report runs several)\n");
				return 2;
			}
			o->wname = optarg;
			break;
		case 'T':
			if (parse_thp(optarg, &o->thp))
				return 2;
			o->thp_given = true;
			break;
		case 'C':
			o->coherent = false;
			break;
		case 'h':
			run_usage(stdout);
			return 1;
		default:
			t = run_timing_option(o, c, optarg);
			if (t < 0)
				return 2;
			if (!t && shared_option_or_usage(&o->so, c, optarg,
							 run_usage))
				return 2;
		}
	}
	return run_check(o, argc, argv);
}

/*
 * What the run ran (timing_print.h): @w, or the trace (stdin: "-"),
 * @accel an Accel-Sim trace's, its GPU model run with @gp (scheduled) or
 * not.
 */
static struct run_what run_what_of(const struct run_opts *o,
				   const struct workload *w, bool accel,
				   const struct gpu_params *gp)
{
	return (struct run_what){
		.source = w ? w->name : o->path ? o->path : "-", .w = w,
		.size = o->so.size, .wo = w ? &o->so.wo : NULL,
		.accel = accel, .gpu = accel ? gp : NULL };
}

static void run_print(const struct run_opts *o, const struct run_what *what,
		      const struct run_result *r)
{
	struct record rec;
	struct table t;
	char tlb[128];
	int n;

	table_init(&t, NULL, "models");
	model_results_table(r->models, r->n, r->levels, r->uncached, &t);
	if (!o->so.json) {
		/* its size, then a rate of nothing looked up as "-" */
		n = snprintf(tlb, sizeof(tlb), "%u entries%s: ", o->so.tlb,
			     o->so.tlb2m ? " (2 MiB ones too)" : "");
		if (!o->so.tlb)
			snprintf(tlb, sizeof(tlb), "none");
		else if (r->tlb_lookups)
			snprintf(tlb + n, sizeof(tlb) - n, "%llu lookups, %llu hits (%.2f%%)",
				 r->tlb_lookups, r->tlb_hits,
				 pct(r->tlb_hits, r->tlb_lookups));
		else
			snprintf(tlb + n, sizeof(tlb) - n, "0 lookups, 0 hits (-)");
		run_print_source(what);
		printf(": %llu address%s, %s %u-level page tables; IOTLB %s; %llu walks",
		       r->addresses, r->addresses == 1 ? "" : "es",
		       r->real ? "real" : "synthetic", r->levels, tlb,
		       r->walks);
		if (r->not_walked)
			printf(", %llu not walked (no mapping)", r->not_walked);
		printf("\n");
		if (o->so.fmt == ADDR_PERF)
			printf("perf: %llu samples of other processes skipped, %llu without an address\n",
			       r->counts.skipped, r->counts.no_addr);
		table_print_text(&t, stdout);
		table_free(&t);
		return;
	}
	run_record_head(&rec, what, r->real, r->levels);
	record_u64(&rec, "addresses", r->addresses);
	record_u64(&rec, "tlb_entries", o->so.tlb);
	record_str(&rec, "tlb_pages", o->so.tlb2m ? "2m" : "4k");
	record_u64(&rec, "tlb_lookups", r->tlb_lookups);
	record_u64(&rec, "tlb_hits", r->tlb_hits);
	record_u64(&rec, "walks", r->walks);
	record_u64(&rec, "not_walked", r->not_walked);
	record_u64(&rec, "uncached_accesses", r->uncached);
	if (o->so.fmt == ADDR_PERF) {
		record_u64(&rec, "skipped_samples", r->counts.skipped);
		record_u64(&rec, "samples_without_addr", r->counts.no_addr);
	}
	record_table(&rec, &t);
	record_print_json(&rec, stdout);
	record_free(&rec);
}

/* --timing: the source's timed runs, printed; the exit status */
static int run_timed(struct run_opts *o, const struct workload *w,
		     struct progress *pg)
{
	struct run_what what;
	struct gpu_params gp;
	struct timing_source src = {
		.w = w, .wo = &o->so.wo, .path = o->path, .fmt = o->so.fmt,
		.gpu = shared_trace_gpu(&o->so, &gp) };
	struct timing_config tc = { .specs = o->so.specs,
				    .nspecs = o->so.nspecs,
				    .budget = o->so.budget, .io = o->io,
				    .userspace = o->so.userspace, .thp = o->thp,
				    .max_footprint = o->so.max_footprint,
				    .progress = pg };
	static struct timing_result r;

	tc.io.levels = o->so.levels;
	/* the paper's GPU IOTLB unless --tlb says otherwise (0: none) */
	tc.io.tlb = o->so.tlb_given ? o->so.tlb : SHARED_TLB_REPORT;
	if (w && !o->so.wo.window)	/* else the window ends the runs */
		pg->total = (o->so.nspecs + 1) *
			    workload_planned(w, &o->so.wo);
	if (run_timing(&tc, &src, &r)) {
		progress_end(pg);
		return 1;
	}
	progress_end(pg);
	/* run_timing() runs a workload, or refuses all but Accel-Sim traces */
	what = run_what_of(o, w, !w, src.gpu);
	timing_print(&r, &what, &tc.io, o->so.json);
	if (r.real && r.m[0].st.not_walked)
		fprintf(stderr, "pwcsim: %llu translation%s had no walk: the shadow process may not map below vm.mmap_min_addr (a GPU's parameters and constants, from 0x0; mapping them takes CAP_SYS_RAWIO)\n",
			r.m[0].st.not_walked,
			r.m[0].st.not_walked == 1 ? "" : "s");
	return 0;
}

/* The run of @o's source (@w, or a trace): the exit status */
static int run_source_of(struct run_opts *o, const struct workload *w)
{
	struct run_what what;
	struct run_config cfg;
	struct run_source src;
	struct gpu_params gp;
	struct run_result r;
	struct progress pg;
	int ret;

	shared_run_config(&o->so, &cfg);
	cfg.thp = o->thp;
	cfg.coherent = o->coherent;
	progress_init(&pg, "pwcsim run", !o->so.quiet);
	if (o->timing)
		return run_timed(o, w, &pg);
	if (o->path)
		pg.total = addr_binary_length(o->path);
	cfg.progress = &pg;
	src = (struct run_source){ .w = w, .wo = o->so.wo, .path = o->path,
				   .fmt = o->so.fmt, .ifetch = o->so.ifetch,
				   .pid = o->pid,
				   .gpu = shared_trace_gpu(&o->so, &gp),
				   .given = shared_trace_given(&o->so) };
	ret = run_stream(&cfg, &src, &r);
	progress_end(&pg);
	if (ret)
		return 1;
	if (w && !r.addresses && !o->so.quiet)
		workload_note_empty("pwcsim run", &o->so.wo);
	what = run_what_of(o, w, !w && addr_format_is_accel(r.format),
			   src.gpu);
	run_print(o, &what, &r);
	return 0;	/* stdout checked by main() */
}

int cmd_run(int argc, char **argv)
{
	const struct workload *w = NULL;
	struct run_opts o = {};
	int ret = run_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (o.path && shared_output_is_input(o.path, o.so.fmt, "-"))
		return 1;
	if (o.wname && !(w = workload_find(o.wname))) {
		fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
			o.wname);
		return 2;
	}
	if (!o.so.nspecs)	/* every model of the registry */
		for (; o.so.nspecs < PWC_KIND_COUNT; o.so.nspecs++)
			o.so.specs[o.so.nspecs] = pwc_kind_name(o.so.nspecs);
	if (run_check_models(&o))
		return 2;
	ret = shared_workload_size(&o.so, w, "pwcsim run");
	if (ret)
		return ret;
	/* --data: a workload's input files, read before the run */
	ret = w ? workload_load(w, &o.so.wo, "pwcsim run", o.so.quiet) : 0;
	if (!ret)
		ret = run_source_of(&o, w);
	workload_unload(w, &o.so.wo);	/* nothing without a workload */
	return ret;
}
