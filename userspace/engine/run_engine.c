// SPDX-License-Identifier: GPL-2.0
/*
 * run_engine.c - one address stream through PWC models (run_engine.h):
 * the stream (a workload generator or a trace) cut into batches of the
 * backend's size and fed to it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/run_engine.h"
#include "engine/stream_cache.h"
#include "traces/addr_census.h"

struct run {
	struct run_backend b;
	struct progress *progress;
	unsigned long long *batch;
	unsigned int n;
	unsigned long long addresses;
	struct addr_census *census;	/* or NULL */
	bool progress_insts;		/* run_config.progress_insts */
	int failed;
};

/* @n addresses at @va to the backend (and the census); 0 or -1. */
static int run_feed(struct run *r, const unsigned long long *va,
		    unsigned int n)
{
	if (r->failed)
		return r->failed;
	if (r->b.ops->feed(&r->b, va, n) ||
	    (r->census && addr_census_add(r->census, va, n)))
		return r->failed = -1;
	r->addresses += n;
	if (!r->progress_insts)
		progress_add(r->progress, n);
	return 0;
}

/* The addresses a generator emitted into the batch, fed. */
static int run_flush(struct run *r)
{
	unsigned int n = r->n;

	r->n = 0;
	return n ? run_feed(r, r->batch, n) : r->failed;
}

static int run_emit(void *arg, gva_t va)
{
	struct run *r = arg;

	r->batch[r->n++] = va;
	return r->n == r->b.batch ? run_flush(r) : 0;
}

static void run_tick(void *arg, unsigned long long n)
{
	progress_add(arg, n);
}

/* The source's addresses, fed; 0 or -1. */
static int run_feed_source(struct run *r, const struct run_source *src,
			   struct run_result *res)
{
	struct gpu_sink sink = { .emit = run_emit, .arg = r };

	if (r->progress_insts) {
		sink.tick = run_tick;
		sink.tick_arg = r->progress;
	}
	const unsigned long long *va;
	struct addr_stream in;
	long rd;

	if (src->w) {
		stream_cache_run(src->w, &src->wo, &sink);
		return r->failed;
	}
	if (addr_open_gpu(&in, src->path ? src->path : "-", src->fmt,
			  src->gpu))
		return -1;
	if (addr_check_given(&in, &src->given)) {
		addr_close(&in);
		return -1;
	}
	in.with_ifetch = src->ifetch;
	in.pid = src->pid;
	/*
	 * a block at a time, fed where the reader holds it (a binary
	 * trace's block: no copy) or from the batch it was read into
	 */
	while ((rd = addr_view_block(&in, &va, r->batch, r->b.batch)) > 0)
		if (run_feed(r, va, rd))
			break;
	res->counts = in.tc;
	res->format = in.format;
	addr_close(&in);
	return rd < 0 || r->failed ? -1 : 0;
}

int run_stream(const struct run_config *cfg, const struct run_source *src,
	       struct run_result *res)
{
	struct run r = { .progress = cfg->progress,
			 .progress_insts = cfg->progress_insts };
	struct addr_census census = {};
	unsigned int k;
	int ret = -1;

	memset(res, 0, sizeof(*res));
	r.b.ops = cfg->userspace ? &run_synthetic_ops : &run_module_ops;
	if (cfg->nspecs > (cfg->userspace ? RUN_MAX_MODELS : PWCSIM_MAX_MODELS)) {
		fprintf(stderr, "pwcsim: at most %d models\n",
			cfg->userspace ? RUN_MAX_MODELS : PWCSIM_MAX_MODELS);
		return -1;
	}
	if (!cfg->userspace && (cfg->synth || cfg->no_shortcut ||
				cfg->on_results || cfg->dump ||
				cfg->sizes)) {
		fprintf(stderr, "pwcsim: huge ranges, per-access results, dumps and sweeps of sizes are the synthetic backend's\n");
		return -1;
	}
	if (cfg->census)
		r.census = &census;
	if (r.b.ops->start(&r.b, cfg, src->pid, res))
		goto out;
	r.batch = malloc(r.b.batch * sizeof(*r.batch));
	if (!r.batch) {
		fprintf(stderr, "pwcsim: out of memory\n");
		goto out;
	}
	if (run_feed_source(&r, src, res) || run_flush(&r))
		goto out;
	if (r.b.ops->finish(&r.b, res))
		goto out;
	for (k = 0; k < res->n; k++)
		model_result_warn_capped(&res->models[k], res->levels);
	res->addresses = r.addresses;
	res->distinct[1] = census.pages.used;
	for (k = 2; k <= PWC_MAX_LEVELS; k++)
		res->distinct[k] = addr_census_paths(&census, k);
	ret = 0;
out:
	r.b.ops->stop(&r.b);
	free(r.batch);
	addr_census_free(&census);
	return ret;
}

void run_result_free(struct run_result *res)
{
	unsigned int i;

	for (i = 0; res->dumps && i < res->n; i++)
		free(res->dumps[i]);
	free(res->dumps);
	free(res->sizes);
	res->dumps = NULL;
	res->sizes = NULL;
	res->nsizes = 0;
}
