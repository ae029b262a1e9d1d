// SPDX-License-Identifier: GPL-2.0
/*
 * workloads.c - the table of the 17 workload generators.
 */
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

void workload_run(const struct workload *w, const struct workload_opts *o,
		  struct gpu_heap *h, struct gpu_sink *out)
{
	out->sample = o->sample;
	w->run(o, h, out);
}
