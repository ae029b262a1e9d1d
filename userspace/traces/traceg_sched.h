/* SPDX-License-Identifier: GPL-2.0 */
/*
 * traceg_sched.h - an Accel-Sim kernel trace scheduled on the GPU
 * execution model (traceg_sched.c): the reader hands it the header's
 * dimensions, each thread block, warp and instruction as read; at the
 * kernel's end, tg_kernel_run() launches it on @sink (caches and clock
 * shared with the kernels and copies before it) and gives the stream the
 * sink's tap saw.
 */
#ifndef TRACEG_SCHED_H
#define TRACEG_SCHED_H

#include <stdbool.h>
#include <stddef.h>

#include "workloads/gpu_sim.h"

/*
 * An instruction's kind: no access, a global load or store, a texture
 * fetch, a constant load, a local load or store (its addresses offsets in
 * the thread's local memory).
 */
enum { TG_K_NONE, TG_K_LOAD, TG_K_STORE, TG_K_TEX, TG_K_CONST, TG_K_LLOAD,
       TG_K_LSTORE };

struct tg_kernel;

/*
 * @p (*@cap elements of @size) grown to at least @need, doubling from
 * *@cap or @first; if out of memory, @p itself, with *@cap unchanged
 * (below @need: the caller's test), still the caller's to free.
 */
void *tg_grow_to(void *p, size_t *cap, size_t need, size_t size,
		 size_t first);
struct tg_kernel *tg_kernel_new(struct gpu_sink *sink);
/* "-grid dim" (@grid) or "-block dim" */
void tg_kernel_dims(struct tg_kernel *k, bool grid, const unsigned int d[3]);
/* "-nregs", "-shmem" */
void tg_kernel_res(struct tg_kernel *k, unsigned int regs, unsigned int smem);
/*
 * "#BEGIN_TB"; its "thread block = x,y,z"; "warp = w" (in order, w below
 * traceg.c's TG_MAX_WARPS, which its reader checks); 0, or -1: out of
 * memory.
 */
int tg_kernel_block(struct tg_kernel *k);
void tg_kernel_block_id(struct tg_kernel *k, unsigned int x, unsigned int y,
			unsigned int z);
int tg_kernel_warp(struct tg_kernel *k, unsigned int w);
/*
 * An instruction of the last warp at @pc: @n addresses of the lanes in @mask;
 * @dep its registers (the scoreboard's: a load's destinations, and what
 * it reads or overwrites).
 */
int tg_kernel_inst(struct tg_kernel *k, unsigned int pc, unsigned int mask,
		   int kind, const unsigned long long *addr, unsigned int n,
		   const struct gpu_dep *dep);
/* Run it; *@out (the kernel's, until freed) gets the tap's stream. */
int tg_kernel_run(struct tg_kernel *k, const unsigned long long **out,
		  size_t *n);
void tg_kernel_free(struct tg_kernel *k);

#endif /* TRACEG_SCHED_H */
