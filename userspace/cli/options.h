/* SPDX-License-Identifier: GPL-2.0 */
/*
 * options.h - the options several commands share, parsed once with one
 * set of messages and defaults: models (-m), the storage budget (-b),
 * paging levels (-l), the IOTLB (-t), workload inputs (--size, --seed,
 * --data),
 * trace inputs (-f, --with-ifetch, -p PID), --max-footprint, --userspace,
 * --json, --quiet (no progress line).
 * A command lists the ones it takes in its struct option table (with the
 * SHARED_OPT_* entries) and hands every option it does not handle itself
 * to shared_option().
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>

#include "engine/model_set.h"
#include "engine/run_engine.h"
#include "traces/addr_stream.h"
#include "workloads/workloads.h"

/*
 * The defaults, one table for every command, as their --help and
 * pwcsim(1) state them:
 *
 *   option           gen    run    replay  report   why they differ
 *   --size           small  small  -       small    (one default)
 *   --budget-bits    -      5280   none    5280     replay: bare names
 *                                                   keep their defaults
 *   --tlb            -      0      -       64       report: the paper's
 *                                                   GPU IOTLB; run: the
 *                                                   stream as given
 *   --levels         -      module or 4   4   module or 4
 *   --seed           1      1      -       1
 */
/* --budget-bits: RUN_BUDGET_BITS (engine/run_engine.h: report's too) */
#define SHARED_SIZE "small"		/* --size: gen, run, report */
#define SHARED_TLB_REPORT 64		/* --tlb: report (run: 0) */
#define SHARED_MAX_FOOTPRINT (1ULL << 30)	/* --max-footprint */

/* getopt_long codes of the long-only shared options */
enum { OPT_SIZE = 0x100, OPT_SEED, OPT_MAX_FOOTPRINT, OPT_WITH_IFETCH,
       OPT_INPUTS, OPT_LAYOUT, OPT_IOTLB_AT, OPT_JITTER, OPT_WARMUP,
       OPT_WINDOW, OPT_TRACE_ORDER, OPT_ALLOCATOR, OPT_DATA };

#define SHARED_OPT_MODEL { "model", required_argument, NULL, 'm' }
#define SHARED_OPT_BUDGET { "budget-bits", required_argument, NULL, 'b' }
#define SHARED_OPT_LEVELS { "levels", required_argument, NULL, 'l' }
#define SHARED_OPT_TLB { "tlb", required_argument, NULL, 't' }
#define SHARED_OPT_SIZE { "size", required_argument, NULL, OPT_SIZE }
#define SHARED_OPT_SEED { "seed", required_argument, NULL, OPT_SEED }
/* a benchmark's data directory (gen, run: one workload at a time) */
#define SHARED_OPT_DATA { "data", required_argument, NULL, OPT_DATA }
#define SHARED_DATA_USAGE \
	"      --data DIR         BFS, MUM: the input files in the package's data DIR\n"
#define SHARED_OPT_MAX_FOOTPRINT \
	{ "max-footprint", required_argument, NULL, OPT_MAX_FOOTPRINT }
/* the GPU execution model's options (workloads/gpu_sim.h) */
#define SHARED_OPT_INPUTS { "inputs", required_argument, NULL, OPT_INPUTS }
#define SHARED_OPT_LAYOUT { "layout", required_argument, NULL, OPT_LAYOUT }
#define SHARED_OPT_ALLOCATOR \
	{ "allocator", required_argument, NULL, OPT_ALLOCATOR }
#define SHARED_OPT_IOTLB_AT \
	{ "iotlb-at", required_argument, NULL, OPT_IOTLB_AT }
#define SHARED_OPT_JITTER { "jitter", required_argument, NULL, OPT_JITTER }
#define SHARED_OPT_WARMUP { "warmup", required_argument, NULL, OPT_WARMUP }
#define SHARED_OPT_WINDOW { "window", required_argument, NULL, OPT_WINDOW }
#define SHARED_OPTS_GPU SHARED_OPT_INPUTS, SHARED_OPT_LAYOUT, \
	SHARED_OPT_ALLOCATOR, \
	SHARED_OPT_IOTLB_AT, SHARED_OPT_JITTER, SHARED_OPT_WARMUP, \
	SHARED_OPT_WINDOW
#define SHARED_GPU_USAGE \
	"      --inputs default|table1  the suites' inputs, or ISPASS inputs fitted to the paper's Table 1\n" \
	"      --layout packed|aligned  GPGPU-Sim's cudaMalloc (0xC0000000), or 2 MiB-aligned at 1 TiB\n" \
	"      --allocator gpgpu-sim|reuse  frees are no-ops (GPGPU-Sim), or freed blocks reused\n" \
	"      --iotlb-at coalesced|l1-miss|l2-miss|l2-input  the requests the IOTLB sees\n" \
	"      --jitter J         per-CTA load latency x U[1, 1+J] (default: the calibrated value)\n" \
	"      --warmup W         CTA waves simulated before the window (default 2)\n" \
	"      --window N         addresses emitted after the warm-up (0: all)\n"

#define SHARED_OPT_FORMAT { "format", required_argument, NULL, 'f' }
/* Accel-Sim traces: scheduled on the GPU model (default) or file order */
#define SHARED_OPT_TRACE_ORDER \
	{ "trace-order", required_argument, NULL, OPT_TRACE_ORDER }
#define SHARED_TRACE_ORDER_USAGE \
	"      --trace-order scheduled|file  Accel-Sim traces: run on the GPU model, the\n" \
	"                         stream at --iotlb-at (default), or every coalesced\n" \
	"                         access in file order\n"
/* --with-ifetch, an option of a trace (replay and run alike). */
#define SHARED_WITH_IFETCH_USAGE \
	"      --with-ifetch      instruction fetches too: lackey's, or a scheduled\n" \
	"                         Accel-Sim trace's (through the L1I)\n"

#define SHARED_OPT_PID { "pid", required_argument, NULL, 'p' }
#define SHARED_OPT_WITH_IFETCH \
	{ "with-ifetch", no_argument, NULL, OPT_WITH_IFETCH }
#define SHARED_OPT_USERSPACE { "userspace", no_argument, NULL, 'u' }
#define SHARED_OPT_JSON { "json", no_argument, NULL, 'j' }
#define SHARED_OPT_QUIET { "quiet", no_argument, NULL, 'q' }

struct shared_opts {
	const char *specs[RUN_MAX_MODELS];	/* -m, as given */
	unsigned int nspecs;
	unsigned long long budget;	/* bits for bare names; 0: none */
	unsigned int levels;		/* 0: the module's, or 4 */
	unsigned int tlb;		/* IOTLB entries; 0: none */
	bool tlb_given;			/* --tlb was given (0 included) */
	bool tlb2m;
	const char *size;		/* small, sampled, full */
	bool size_given;		/* --size was given */
	struct workload_opts wo;
	unsigned long long max_footprint;
	enum addr_format fmt;
	unsigned long long pid;		/* --pid; 0: none */
	bool ifetch, userspace, json, quiet;
	bool file_order;		/* --trace-order file */
	bool order_given;		/* --trace-order was given */
	bool footprint_given;		/* --max-footprint was given */
	/*
	 * The last option given of those only a generated workload takes
	 * (--size, --inputs, --layout, --allocator, --window, --data), of those only
	 * a trace takes (--format, --trace-order, --with-ifetch), of those
	 * only a run of kernels on the GPU model takes (--jitter, --warmup,
	 * --iotlb-at), and "--seed" if given (a workload's input draws from
	 * it too); NULL: none.  For a command to refuse the one its source
	 * would ignore.
	 */
	const char *workload_opt, *trace_opt, *kernel_opt, *seed_opt;
};

void shared_opts_init(struct shared_opts *o);
/*
 * The real range of --budget-bits and --sweep, in bits, at 4 and at 5
 * levels alike: from the smallest budget some sized model of the registry
 * fits in to the largest that sizes every one under its entry cap.
 */
unsigned long long shared_budget_min(void);
unsigned long long shared_budget_max(void);
/* The help line of that range: shared_budget_min(), shared_budget_max(). */
#define SHARED_BUDGET_RANGE \
	"                         (%llu to %llu bits: a model fits, none over its cap)\n"
/*
 * Option @c with argument @arg: 1 if it is a shared option (parsed),
 * 0 if not, -1 for a bad value (the message printed).
 */
int shared_option(struct shared_opts *o, int c, char *arg);
/*
 * How Accel-Sim traces are read: @p filled from the GPU options (64-bit
 * addresses, a trace's own) and returned, or NULL for --trace-order file.
 */
const struct gpu_params *shared_trace_gpu(const struct shared_opts *o,
					  struct gpu_params *p);
/*
 * The options given that a trace may not take, for addr_check_given():
 * the one only an Accel-Sim trace run on the GPU model takes (kernel_opt,
 * else seed_opt), --trace-order, --with-ifetch.
 */
struct addr_given shared_trace_given(const struct shared_opts *o);
/*
 * The models given (-m) checked as the run will make them (their spec,
 * sized to the budget at @levels; 0: the module's, not known, so at 4
 * or at 5), before anything runs: 0, or 2 (the exit status of a usage
 * error) after a message naming the spec, and @note (whose levels), if
 * not NULL, in parentheses after it.
 */
int shared_check_models(const struct shared_opts *o, unsigned int levels,
			const char *note);
/*
 * --size for workload @w into the workload options: with --data the
 * package's files are the input, and with --inputs table1 the fitted
 * inputs that replace those of the sampled and full sizes, so the size is
 * full unless --size sampled asks for its sample of blocks; --size small
 * (the workload's own smaller input) with either is refused.  0, or 2
 * (the exit status of a usage error) after a message naming @cmd.
 */
int shared_workload_size(struct shared_opts *o, const struct workload *w,
			 const char *cmd);
/*
 * The size rule above alone, for @data (a --data input read) or
 * --inputs table1: o->size made full if --size was not given; 0, or 2
 * after the message.
 */
int shared_input_size(struct shared_opts *o, bool data, const char *cmd);
/*
 * The options that make workload @w's input into @rec: @size, its
 * inputs, layout, allocator, seed and --data directory (if one), with
 * each of its files' SHA-256 ("data_sha256": {FILE: HEX}).
 */
struct record;
void shared_record_input(struct record *rec, const struct workload *w,
			 const char *size, const struct workload_opts *wo);
/*
 * Is output @out ("-": stdout), an existing regular file, the trace @in
 * ("-": stdin) or one of the files an Accel-Sim trace directory @in is read from (its
 * list, a kernel it names; @fmt as given)?  Then true, said: a command
 * would write into what it reads (`replay T >> T`), the directory's
 * files read after an output is opened.
 */
bool shared_output_is_input(const char *in, enum addr_format fmt,
			    const char *out);
/*
 * An Accel-Sim trace's stream as the member @name of @rec: its order,
 * and on the GPU model (@gpu, from shared_trace_gpu()) every setting
 * that changes its stream, as a workload's are recorded.
 */
void shared_record_trace(struct record *rec, const char *name,
			 const struct gpu_params *gpu);
/* The run configuration the shared options give (engine/run_engine.h). */
void shared_run_config(const struct shared_opts *o, struct run_config *cfg);
/*
 * The end of a command's option switch: @c as a shared option; 0 if it
 * is one, else 2 (the exit status) after a message or @usage on stderr.
 */
int shared_option_or_usage(struct shared_opts *o, int c, char *arg,
			   void (*usage)(FILE *f));

#endif /* OPTIONS_H */
