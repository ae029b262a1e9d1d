// SPDX-License-Identifier: GPL-2.0
/*
 * gpu_sim.c - the GPU execution model (gpu_sim.h).
 */
#include <stdlib.h>
#include <string.h>

#include "workloads/gpu_sim.h"


gva_t gpu_alloc(struct gpu_heap *h, unsigned long long bytes)
{
	gva_t va;

	if (!h->next)
		h->next = GPU_HEAP_BASE;
	va = h->next;
	h->next += (bytes + (2ULL << 20) - 1) & ~((2ULL << 20) - 1);
	return va;
}

struct gpu_warp {
	unsigned int block;	/* linear block index */
	unsigned int warp;	/* warp within the block */
	unsigned int step;
	bool live;
};

struct gpu_sm {
	struct gpu_warp warps[GPU_MAX_WARPS_PER_SM];
	unsigned int nwarps;	/* slots ever used (the scan bound) */
	unsigned int live;	/* live warps */
	unsigned int blocks;	/* resident blocks */
	unsigned int next;	/* round-robin position */
	unsigned int block_live[GPU_MAX_BLOCKS_PER_SM];
	unsigned int block_id[GPU_MAX_BLOCKS_PER_SM];
};

static int emit(struct gpu_sink *out, gva_t va)
{
	if (out->stopped)
		return 1;
	if ((out->limit && out->count >= out->limit) ||
	    out->emit(out->arg, va)) {
		out->stopped = true;
		return 1;
	}
	out->count++;
	return 0;
}

/* One warp instruction: the active threads' addresses, coalesced. */
static bool warp_step(const struct gpu_launch *l, const struct gpu_warp *w,
		      struct gpu_sink *out)
{
	unsigned int tpb = l->block_x * l->block_y, i, j, nseg = 0;
	gva_t seg[GPU_WARP], va;
	struct gpu_thread t;
	bool any = false;

	t.bx = w->block % l->grid_x;
	t.by = w->block / l->grid_x;
	for (i = 0; i < GPU_WARP; i++) {
		unsigned int lin = w->warp * GPU_WARP + i;

		if (lin >= tpb)
			break;
		t.tx = lin % l->block_x;
		t.ty = lin / l->block_x;
		if (!l->addr(l->ctx, &t, w->step, &va))
			continue;
		any = true;
		va &= ~(gva_t)(GPU_SEGMENT - 1);
		for (j = 0; j < nseg && seg[j] != va; j++)
			;
		if (j == nseg)
			seg[nseg++] = va;
	}
	for (j = 0; j < nseg; j++)
		if (emit(out, seg[j]))
			return any;
	return any;
}

static bool sm_admit(const struct gpu_launch *l, struct gpu_sm *sm,
		     unsigned int block)
{
	unsigned int wpb = (l->block_x * l->block_y + GPU_WARP - 1) / GPU_WARP;
	unsigned int w, slot, b;

	if (sm->blocks == GPU_MAX_BLOCKS_PER_SM ||
	    sm->live + wpb > GPU_MAX_WARPS_PER_SM)
		return false;
	for (b = 0; b < GPU_MAX_BLOCKS_PER_SM && sm->block_live[b]; b++)
		;
	sm->block_live[b] = wpb;
	sm->block_id[b] = block;
	sm->blocks++;
	sm->live += wpb;
	for (w = 0, slot = 0; w < wpb; slot++) {
		if (sm->warps[slot].live)
			continue;
		sm->warps[slot] = (struct gpu_warp){ block, w++, 0, true };
		if (slot >= sm->nwarps)
			sm->nwarps = slot + 1;
	}
	return true;
}

static void sm_retire(struct gpu_sm *sm, unsigned int block)
{
	unsigned int b;

	for (b = 0; b < GPU_MAX_BLOCKS_PER_SM; b++) {
		if (sm->block_live[b] && sm->block_id[b] == block &&
		    --sm->block_live[b] == 0)
			sm->blocks--;
	}
}

bool gpu_run(const struct gpu_launch *l, struct gpu_sink *out)
{
	unsigned int stride = out->sample > 1 ? out->sample : 1;
	unsigned int nblocks = l->grid_x * l->grid_y, next = 0, s, live;
	struct gpu_sm *sms = calloc(GPU_SMS, sizeof(*sms));
	struct gpu_warp *w;
	bool busy = true;

	if (!sms)
		abort();
	while (busy && !out->stopped) {
		busy = false;
		for (s = 0; s < GPU_SMS; s++) {
			struct gpu_sm *sm = &sms[s];

			while (next < nblocks && sm_admit(l, sm, next))
				next += stride;
			/* the next live warp, round-robin */
			for (live = 0; live < sm->nwarps; live++) {
				w = &sm->warps[(sm->next + live) % sm->nwarps];
				if (w->live)
					break;
			}
			if (live == sm->nwarps)
				continue;
			busy = true;
			sm->next = (sm->next + live + 1) % sm->nwarps;
			if (w->step >= l->steps || !warp_step(l, w, out)) {
				w->live = false;
				sm->live--;
				sm_retire(sm, w->block);
				continue;
			}
			w->step++;
		}
		busy = busy || next < nblocks;
	}
	free(sms);
	return !out->stopped;
}
