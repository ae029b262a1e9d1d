// SPDX-License-Identifier: GPL-2.0
/*
 * stream_cache.c - generated workload streams kept in memory
 * (stream_cache.h).
 */
#include <stdlib.h>
#include <string.h>

#include "engine/stream_cache.h"

struct kept {
	const struct workload *w;
	struct workload_opts o;
	gva_t *va;
	unsigned long long n;
	unsigned long long used;	/* LRU stamp */
};

static struct kept kept[STREAM_CACHE_ENTRIES];
static unsigned long long stamp;

static bool same_opts(const struct workload_opts *a,
		      const struct workload_opts *b)
{
	return a->small == b->small && a->seed == b->seed &&
	       a->sample == b->sample && a->table1 == b->table1 &&
	       a->layout == b->layout && a->allocator == b->allocator &&
	       a->at == b->at &&
	       a->jitter == b->jitter && a->warmup == b->warmup &&
	       a->window == b->window;
}

/* The generator's emit, recording as it passes addresses on. */
struct rec {
	struct gpu_sink *out;
	gva_t *va;
	unsigned long long n, cap;
	bool overflow, refused;		/* refused: the consumer stopped it */
};

static int rec_emit(void *arg, gva_t va)
{
	struct rec *r = arg;
	gva_t *p;

	if (!r->overflow) {
		if (r->n == r->cap) {
			r->cap = r->cap ? 2 * r->cap : 65536;
			p = r->cap <= STREAM_CACHE_MAX ?
			    realloc(r->va, r->cap * sizeof(*p)) : NULL;
			if (!p) {
				free(r->va);
				r->va = NULL;
				r->overflow = true;
			} else {
				r->va = p;
			}
		}
		if (!r->overflow)
			r->va[r->n++] = va;
	}
	if (r->out->emit(r->out->arg, va))
		return r->refused = true;
	return 0;
}

void stream_cache_run(const struct workload *w, const struct workload_opts *o,
		      struct gpu_sink *out)
{
	struct rec r = { .out = out };
	struct gpu_sink s = { .emit = rec_emit, .arg = &r,
			      .limit = out->limit, .tick = out->tick,
			      .tick_arg = out->tick_arg };
	struct gpu_heap heap = {};
	struct kept *k, *v = &kept[0];
	unsigned long long i;
	unsigned int e;

	for (e = 0; e < STREAM_CACHE_ENTRIES; e++) {
		k = &kept[e];
		if (k->va && k->w == w && same_opts(&k->o, o)) {
			k->used = ++stamp;
			for (i = 0; i < k->n; i++)
				if ((out->limit && out->count >= out->limit) ||
				    out->emit(out->arg, k->va[i])) {
					out->stopped = true;
					return;
				} else {
					out->count++;
				}
			return;
		}
		if (k->used < v->used)
			v = k;
	}
	workload_run(w, o, &heap, &s);
	out->count = s.count;
	out->stopped = s.stopped;
	/* only a stream that ran to its end or window (not cut by its consumer) */
	if (r.overflow || r.refused || out->limit) {
		free(r.va);
		return;
	}
	free(v->va);
	*v = (struct kept){ w, *o, r.va, r.n, ++stamp };
}

void stream_cache_clear(void)
{
	unsigned int e;

	for (e = 0; e < STREAM_CACHE_ENTRIES; e++) {
		free(kept[e].va);
		kept[e] = (struct kept){};
	}
}
