/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workloads.h - the GPU workload generators of the CPWC paper's 17
 * benchmarks (Documentation/workloads.rst): each emits the global-memory
 * address stream (128-byte segments) of the benchmark's kernels through
 * the execution model of gpu_sim.h, at the benchmark's default input size
 * ("full") or a scaled-down input with the same pattern ("small").
 */
#ifndef WORKLOADS_H
#define WORKLOADS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "workloads/gpu_sim.h"

/*
 * Sizes: "full", the suite's default input; "small", a scaled-down input
 * (tests); "sampled", the fast mode: the full input but only every N-th
 * thread block (N = the workload's sample), which keeps the footprint but
 * not the timing of consecutive blocks.  --window N emits N addresses
 * after the warm-up: a contiguous window of the full run.
 */
/* The most files a --data DIR holds for a workload; a digest in hex. */
#define WORKLOAD_DATA_FILES 2
#define WORKLOAD_SHA256_HEX 65

struct workload_opts {
	bool small;
	unsigned long long seed;
	unsigned int sample;		/* 0 or 1: every block */
	/* the ISPASS inputs fitted to the paper's Table 1 (--inputs table1) */
	bool table1;
	enum gpu_layout layout;		/* --layout packed|aligned */
	enum gpu_allocator allocator;	/* --allocator gpgpu-sim|reuse */
	enum gpu_iotlb_at at;		/* --iotlb-at */
	double jitter;			/* --jitter */
	unsigned int warmup;		/* --warmup waves */
	unsigned long long window;	/* --window: addresses (0: all) */
	/*
	 * --data DIR: the benchmark's data directory, whose files are the
	 * input in place of the synthetic one (NULL: none); @input what
	 * workload_load() read from it, for the workload's run
	 */
	const char *data;
	const void *input;
	/* the SHA-256 of each file read (workload_data_file()'s order) */
	char data_sha256[WORKLOAD_DATA_FILES][WORKLOAD_SHA256_HEX];
};

/*
 * The fitted per-CTA latency jitter (scripts/calibrate: the value of a
 * 0..4 scan whose 2mm 32-entry IOTLB hit rate, full input, 300,000-address
 * window, mean over seeds 1-3, is closest to the paper's 0.81 %: 1.067 %
 * at 3.5, with the kernels' registers, within the seeds' spread of the
 * 1.07-1.12 % from 1.5 to 4),
 * the default placement
 * (the only one that can reach that rate, Documentation/workloads.rst)
 * and warm-up.
 */
#define WORKLOAD_JITTER 3.5
#define WORKLOAD_IOTLB_AT GPU_AT_L2_MISS
#define WORKLOAD_WARMUP 2
/* The window scripts/calibrate fitted the jitter in (its default). */
#define WORKLOAD_FIT_WINDOW 300000ULL

/* The defaults above into @o (seed 1, full inputs, packed layout). */
void workload_opts_init(struct workload_opts *o);
/*
 * Does @o (sized for 2mm by workload_size()) have the settings the one fit
 * was made at (scripts/calibrate: full input, WORKLOAD_FIT_WINDOW, and
 * the defaults above)?  If not, the options it would take into @buf
 * ("--size full --window 300000"): a figure is labelled fit only there.
 */
bool workload_fit_holds(const struct workload_opts *o, char *buf,
			size_t len);
/*
 * The values of --iotlb-at, --layout, --allocator and --inputs, each
 * indexed by what it names (--inputs: 0 default, 1 table1): what the
 * options take (parse_name()) and how the tool prints a setting.
 */
extern const char *const workload_at_names[GPU_AT_COUNT];
/*
 * On stderr, as @cmd: a run of a workload with @o gave no request at the
 * IOTLB (what to try instead), so that an empty result is not a puzzle.
 */
void workload_note_empty(const char *cmd, const struct workload_opts *o);
extern const char *const workload_layout_names[GPU_LAYOUT_COUNT];
extern const char *const workload_allocator_names[GPU_ALLOC_COUNT];
extern const char *const workload_inputs_names[2];

struct workload {
	const char *name;
	const char *suite;
	int paper_class;		/* 1, 2 or 3 (the paper's classes) */
	unsigned int sample;		/* block sampling of "sampled" */
	void (*run)(const struct workload_opts *o, struct gpu_heap *heap,
		    struct gpu_sink *out);
};

extern const struct workload workloads[];
extern const unsigned int nworkloads;

const struct workload *workload_find(const char *name);
/*
 * The warp instructions @w can issue at @o at most, from its host code
 * alone (a dry run: gpu_counts.planned): a progress line's total.
 */
unsigned long long workload_planned(const struct workload *w,
				    const struct workload_opts *o);
/* Parse --size small|full|sampled into @o for @w. */
int workload_size(const char *arg, const struct workload *w,
		  struct workload_opts *o);
/*
 * --data: @w's input files read from o->data into o->input (and their
 * SHA-256 into o->data_sha256), as @cmd
 * ("pwcsim gen"), and unless @quiet what they hold said on stderr: 0
 * (also without --data); 1 after a message naming the file and line of
 * bad input; 2 (a usage error) after a message if @w reads no data file
 * or --inputs table1 was given too.
 */
int workload_load(const struct workload *w, struct workload_opts *o,
		  const char *cmd, bool quiet);
/*
 * File @k (from 0) of those --data DIR must hold for @w; NULL past the
 * last, and for a workload that reads none.
 */
const char *workload_data_file(const struct workload *w, unsigned int k);
/*
 * The SHA-256 of file @path into @hex (data_sha256.c): 0, or -1 after
 * a message naming the file.
 */
int data_sha256(const char *path, char hex[WORKLOAD_SHA256_HEX]);
/* Free what workload_load() read (nothing without --data). */
void workload_unload(const struct workload *w, struct workload_opts *o);
/*
 * DIR/FILE, malloc'd (NULL after a message if it does not fit in a
 * path); and a message "pwcsim: PATH:LINE: ..." on stderr, returning -1,
 * for an input file's readers.
 */
char *workload_data_path(const char *dir, const char *file);
int workload_input_error(const char *path, unsigned long long line,
			 const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Run @w with @o (sets the block sampling for its launches). */
void workload_run(const struct workload *w, const struct workload_opts *o,
		  struct gpu_heap *h, struct gpu_sink *out);
/* A deterministic generator for the irregular inputs. */
unsigned long long workload_rand(unsigned long long *state);

/* polybench.c, rodinia.c, ispass.c */
void wl_gramschmidt(const struct workload_opts *o, struct gpu_heap *h,
		    struct gpu_sink *out);
void wl_2mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_3mm(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_2dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out);
void wl_3dconv(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out);
void wl_gemm(const struct workload_opts *o, struct gpu_heap *h,
	     struct gpu_sink *out);
void wl_dwt2d(const struct workload_opts *o, struct gpu_heap *h,
	      struct gpu_sink *out);
void wl_pathfinder(const struct workload_opts *o, struct gpu_heap *h,
		   struct gpu_sink *out);
void wl_streamcluster(const struct workload_opts *o, struct gpu_heap *h,
		      struct gpu_sink *out);
void wl_backprop(const struct workload_opts *o, struct gpu_heap *h,
		 struct gpu_sink *out);
void wl_hotspot(const struct workload_opts *o, struct gpu_heap *h,
		struct gpu_sink *out);
void wl_bptree(const struct workload_opts *o, struct gpu_heap *h,
	       struct gpu_sink *out);
void wl_aes(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_bfs(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_sto(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_ray(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
void wl_mum(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out);
/*
 * bfs.c, mum.c: their --data files (the names below, in DIR), read as the
 * host code reads them (a struct bfs_graph, a struct mum_input), or NULL
 * after a message naming the file and line; what they hold, said on @f;
 * and freed.
 */
#define WL_BFS_GRAPH "graph65536.txt"
#define WL_MUM_REFERENCE "NC_003997.20k.fna"
#define WL_MUM_QUERIES "NC_003997_q25bp.50k.fna"
void *wl_bfs_load(const char *dir);
void wl_bfs_say(const void *input, FILE *f);
void wl_bfs_unload(void *input);
void *wl_mum_load(const char *dir);
void wl_mum_say(const void *input, FILE *f);
void wl_mum_unload(void *input);

#endif /* WORKLOADS_H */
