// SPDX-License-Identifier: GPL-2.0
/*
 * workloads.c - the table of the 17 workload generators.
 */
#include <stdio.h>
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

static const char *const at_names[GPU_AT_COUNT] = {
	"coalesced", "l1-miss", "l2-miss", "l2-input"
};

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
		  workload_at_name(fit.at));
	FIT_NEEDS(o->layout == fit.layout, "%s--layout %s", n ? " " : "",
		  workload_layout_name(fit.layout));
	FIT_NEEDS(o->allocator == fit.allocator, "%s--allocator %s",
		  n ? " " : "", workload_allocator_name(fit.allocator));
	FIT_NEEDS(!o->table1, "%s--inputs default", n ? " " : "");
	FIT_NEEDS(o->seed == fit.seed, "%s--seed %llu", n ? " " : "",
		  fit.seed);
#undef FIT_NEEDS
	return !n;
}

int workload_parse_at(const char *arg, enum gpu_iotlb_at *at)
{
	unsigned int i;

	for (i = 0; i < GPU_AT_COUNT; i++)
		if (!strcmp(arg, at_names[i])) {
			*at = i;
			return 0;
		}
	return -1;
}

const char *workload_at_name(enum gpu_iotlb_at at)
{
	return at < GPU_AT_COUNT ? at_names[at] : "?";
}

int workload_parse_layout(const char *arg, enum gpu_layout *l)
{
	if (!strcmp(arg, "packed"))
		*l = GPU_LAYOUT_PACKED;
	else if (!strcmp(arg, "aligned"))
		*l = GPU_LAYOUT_ALIGNED;
	else
		return -1;
	return 0;
}

const char *workload_layout_name(enum gpu_layout l)
{
	return l == GPU_LAYOUT_ALIGNED ? "aligned" : "packed";
}

int workload_parse_allocator(const char *arg, enum gpu_allocator *a)
{
	if (strcmp(arg, "gpgpu-sim") && strcmp(arg, "reuse"))
		return -1;
	*a = strcmp(arg, "reuse") ? GPU_ALLOC_BUMP : GPU_ALLOC_REUSE;
	return 0;
}

const char *workload_allocator_name(enum gpu_allocator a)
{
	return a == GPU_ALLOC_REUSE ? "reuse" : "gpgpu-sim";
}

int workload_parse_inputs(const char *arg, bool *table1)
{
	if (strcmp(arg, "default") && strcmp(arg, "table1"))
		return -1;
	*table1 = !strcmp(arg, "table1");
	return 0;
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

unsigned long long workload_planned(const struct workload *w,
				    const struct workload_opts *o)
{
	struct gpu_sink sink = { .dry = true };
	struct gpu_heap heap = {};

	workload_run(w, o, &heap, &sink);
	return sink.c.planned;
}
