// SPDX-License-Identifier: GPL-2.0
/*
 * workloads.c - the table of the 17 workload generators.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/workloads.h"

const struct workload workloads[] = {
	{ "gramschmidt", "PolyBench/GPU", 1, 8, wl_gramschmidt },
	{ "2mm", "PolyBench/GPU", 3, 512, wl_2mm },
	{ "3mm", "PolyBench/GPU", 3, 32, wl_3mm },
	{ "2DCONV", "PolyBench/GPU", 3, 16, wl_2dconv },
	{ "3DCONV", "PolyBench/GPU", 3, 16, wl_3dconv },
	{ "gemm", "PolyBench/GPU", 3, 32, wl_gemm },
	{ "dwt2d", "Rodinia", 2, 1, wl_dwt2d },
	{ "pathfinder", "Rodinia", 3, 4, wl_pathfinder },
	{ "streamcluster", "Rodinia", 3, 16, wl_streamcluster },
	{ "backprop", "Rodinia", 3, 1, wl_backprop },
	{ "hotspot", "Rodinia", 3, 1, wl_hotspot },
	{ "b+tree", "Rodinia", 3, 4, wl_bptree },
	{ "AES", "ISPASS-2009", 2, 1, wl_aes },
	{ "BFS", "ISPASS-2009", 3, 1, wl_bfs },
	{ "STO", "ISPASS-2009", 2, 16, wl_sto },
	{ "RAY", "ISPASS-2009", 2, 4, wl_ray },
	{ "MUM", "ISPASS-2009", 2, 2, wl_mum },
};

const unsigned int nworkloads = sizeof(workloads) / sizeof(workloads[0]);

const struct workload *workload_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < nworkloads; i++)
		if (!strcasecmp(workloads[i].name, name))
			return &workloads[i];
	return NULL;
}

unsigned long long workload_rand(unsigned long long *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

int workload_size(const char *arg, const struct workload *w,
		  struct workload_opts *o)
{
	o->small = !strcmp(arg, "small");
	o->sample = !strcmp(arg, "sampled") ? (w ? w->sample : 0) : 1;
	return o->small || !strcmp(arg, "full") || !strcmp(arg, "sampled") ?
	       0 : -1;
}

/* The workloads that read data files with --data (by their run). */
static const struct {
	const char *name;
	void (*run)(const struct workload_opts *o, struct gpu_heap *h,
		    struct gpu_sink *out);
	void *(*load)(const char *dir);
	void (*say)(const void *input, FILE *f);
	void (*unload)(void *input);
	/* what the loader reads in DIR */
	const char *files[WORKLOAD_DATA_FILES + 1];
} workload_data[] = {
	{ "BFS", wl_bfs, wl_bfs_load, wl_bfs_say, wl_bfs_unload,
	  { WL_BFS_GRAPH } },
	{ "MUM", wl_mum, wl_mum_load, wl_mum_say, wl_mum_unload,
	  { WL_MUM_REFERENCE, WL_MUM_QUERIES } },
};

#define NDATA (sizeof(workload_data) / sizeof(workload_data[0]))

/* @w's entry of workload_data[], or -1 */
static int workload_data_of(const struct workload *w)
{
	unsigned int i;

	for (i = 0; i < NDATA; i++)
		if (workload_data[i].run == w->run)
			return (int)i;
	return -1;
}

const char *workload_data_file(const struct workload *w, unsigned int k)
{
	int d = workload_data_of(w);

	return d < 0 || k >= WORKLOAD_DATA_FILES ? NULL :
	       workload_data[d].files[k];
}

/* The SHA-256 of each file @w read from @o->data into @o; 0 or -1. */
static int workload_data_digest(const struct workload *w,
				struct workload_opts *o)
{
	const char *file;
	unsigned int k;
	char *path;
	int ret = 0;

	for (k = 0; !ret && (file = workload_data_file(w, k)); k++) {
		path = workload_data_path(o->data, file);
		ret = !path || data_sha256(path, o->data_sha256[k]) ? -1 : 0;
		free(path);
	}
	return ret;
}

int workload_load(const struct workload *w, struct workload_opts *o,
		  const char *cmd, bool quiet)
{
	int d = workload_data_of(w);
	unsigned int i;

	o->input = NULL;
	if (!o->data)
		return 0;
	if (d < 0) {
		fprintf(stderr, "%s: %s reads no data file: --data DIR is an option of",
			cmd, w->name);
		for (i = 0; i < NDATA; i++)
			fprintf(stderr, "%s%s", !i ? " " : i + 1 < NDATA ?
				", " : " and ", workload_data[i].name);
		fprintf(stderr, " (their package's data directory)\n");
		return 2;
	}
	if (o->table1) {
		fprintf(stderr, "%s: --inputs table1 is an input fitted to the paper, --data DIR the package's files: give one\n",
			cmd);
		return 2;
	}
	o->input = workload_data[d].load(o->data);
	if (!o->input)
		return 1;
	if (workload_data_digest(w, o)) {
		workload_unload(w, o);
		return 1;
	}
	if (!quiet) {
		fprintf(stderr, "%s: --data %s: ", cmd, o->data);
		workload_data[d].say(o->input, stderr);
		fputc('\n', stderr);
	}
	return 0;
}

void workload_unload(const struct workload *w, struct workload_opts *o)
{
	if (o->input)
		workload_data[workload_data_of(w)].unload((void *)o->input);
	o->input = NULL;
}

char *workload_data_path(const char *dir, const char *file)
{
	size_t d = strlen(dir), f = strlen(file);
	char *p;

	if (d + f + 2 > PATH_MAX) {
		fprintf(stderr, "pwcsim: --data %s: the path of %s is too long\n",
			dir, file);
		return NULL;
	}
	p = malloc(d + f + 2);
	if (!p)
		abort();
	memcpy(p, dir, d);
	p[d] = '/';
	memcpy(p + d + 1, file, f + 1);
	return p;
}

int workload_input_error(const char *path, unsigned long long line,
			 const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "pwcsim: %s:%llu: ", path, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return -1;
}

const char *const workload_at_names[GPU_AT_COUNT] = {
	[GPU_AT_COALESCED] = "coalesced", [GPU_AT_L1_MISS] = "l1-miss",
	[GPU_AT_L2_MISS] = "l2-miss", [GPU_AT_L2_INPUT] = "l2-input",
};

const char *const workload_layout_names[GPU_LAYOUT_COUNT] = {
	[GPU_LAYOUT_PACKED] = "packed", [GPU_LAYOUT_ALIGNED] = "aligned",
};

const char *const workload_allocator_names[GPU_ALLOC_COUNT] = {
	[GPU_ALLOC_BUMP] = "gpgpu-sim", [GPU_ALLOC_REUSE] = "reuse",
};

const char *const workload_inputs_names[2] = { "default", "table1" };

void workload_opts_init(struct workload_opts *o)
{
	*o = (struct workload_opts){ .seed = 1, .sample = 1,
				     .layout = GPU_LAYOUT_PACKED,
				     .at = WORKLOAD_IOTLB_AT,
				     .jitter = WORKLOAD_JITTER,
				     .warmup = WORKLOAD_WARMUP };
}

bool workload_fit_holds(const struct workload_opts *o, char *buf,
			size_t len)
{
	struct workload_opts fit;
	size_t n = 0;

	workload_opts_init(&fit);
	buf[0] = '\0';
#define FIT_NEEDS(cond, ...) \
	do { \
		if (!(cond) && n < len) \
			n += snprintf(buf + n, len - n, __VA_ARGS__); \
	} while (0)
	FIT_NEEDS(!o->small && o->sample <= 1, "%s--size full", n ? " " : "");
	FIT_NEEDS(o->window == WORKLOAD_FIT_WINDOW, "%s--window %llu",
		  n ? " " : "", WORKLOAD_FIT_WINDOW);
	FIT_NEEDS(o->warmup == fit.warmup, "%s--warmup %u", n ? " " : "",
		  fit.warmup);
	FIT_NEEDS(o->jitter == fit.jitter, "%s--jitter %g", n ? " " : "",
		  fit.jitter);
	FIT_NEEDS(o->at == fit.at, "%s--iotlb-at %s", n ? " " : "",
		  workload_at_names[fit.at]);
	FIT_NEEDS(o->layout == fit.layout, "%s--layout %s", n ? " " : "",
		  workload_layout_names[fit.layout]);
	FIT_NEEDS(o->allocator == fit.allocator, "%s--allocator %s",
		  n ? " " : "", workload_allocator_names[fit.allocator]);
	FIT_NEEDS(!o->table1, "%s--inputs default", n ? " " : "");
	FIT_NEEDS(o->seed == fit.seed, "%s--seed %llu", n ? " " : "",
		  fit.seed);
#undef FIT_NEEDS
	return !n;
}

void workload_run(const struct workload *w, const struct workload_opts *o,
		  struct gpu_heap *h, struct gpu_sink *out)
{
	out->sample = o->sample;
	out->p = (struct gpu_params){ o->at, o->jitter, o->warmup, o->seed,
				      o->layout == GPU_LAYOUT_ALIGNED, true, false };
	if (o->window && (!out->limit || o->window < out->limit))
		out->limit = o->window;
	h->layout = o->layout;
	h->allocator = o->allocator;
	w->run(o, h, out);
	gpu_done(out);
	gpu_heap_done(h);
}

void workload_note_empty(const char *cmd, const struct workload_opts *o)
{
	fprintf(stderr, "%s: no request reached the IOTLB at --iotlb-at %s (the input, copied in, fits in the caches): try %s--iotlb-at coalesced\n",
		cmd, workload_at_names[o->at],
		o->small ? "--size full, or " : "");
}

unsigned long long workload_planned(const struct workload *w,
				    const struct workload_opts *o)
{
	struct gpu_sink sink = { .dry = true };
	struct gpu_heap heap = {};

	workload_run(w, o, &heap, &sink);
	return sink.c.planned;
}
