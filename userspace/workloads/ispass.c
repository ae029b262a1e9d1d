// SPDX-License-Identifier: GPL-2.0
/*
 * ispass.c - ISPASS-2009 workloads: AES, STO (StoreGPU), RAY; BFS is
 * bfs.c, MUM (MUMmerGPU) mum.c.  Each models its kernel's per-thread
 * global accesses at a default input ("full") or a scaled-down one
 * ("small").
 */
#include "workloads/workloads.h"

#define F 4ULL

/*
 * ---- AES: aesEncrypt128 (AES/aesEncrypt128_kernel.h:50) ----
 * One thread per 4-byte word, four threads to an AES block: each loads
 * inData[256 bx + tx] once (:70) and stores result[256 bx + tx] once at
 * the end (:320).  The T-boxes and posIdx_E are __constant__ (copied to
 * shared memory), the round keys texture fetches of the 176-byte d_Key:
 * neither is modelled (Documentation/workloads.rst).
 */
struct aes_ctx {
	gva_t in, out;
	unsigned long long words;
};

static bool aes_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct aes_ctx *c = p;
	gva_t w = t->bx * 256ULL + t->tx;

	if (w >= c->words || step >= 2)
		return false;
	*va = step ? GPU_ST(c->out + F * w) : c->in + F * w;
	return true;
}

/*
 * AES/aesHost.cu:114, :118, :148: input, key, result; the run script's
 * 256 KiB image (`AES e 128 ./data/output.bmp ...`), padded to 263,168
 * bytes, grid 257 of 256 threads (:45-48), 6 KiB of shared memory per
 * block.  Small: 65,536 bytes; table1: 16 MiB (fitted).
 */
void wl_aes(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned long long bytes = o->small ? (64ULL << 10) :
				   o->table1 ? (16ULL << 20) : 263168;
	struct aes_ctx c = { .words = bytes / F };
	/* the word's load used by the rounds before the store: a chain */
	struct gpu_launch l = { (unsigned int)(bytes / 1024), 1, 256, 1, 2,
				aes_addr, &c, 0, 6144, NULL };
	gva_t key;

	c.in = gpu_alloc(h, bytes, "d_Input", "AES/aesHost.cu:114");
	key = gpu_alloc(h, 176, "d_Key", "AES/aesHost.cu:118");
	gpu_memcpy(out, c.in, bytes);		/* :125-126 */
	gpu_memcpy(out, key, 176);
	c.out = gpu_alloc(h, bytes, "d_Result", "AES/aesHost.cu:148");
	gpu_run(&l, out);
}

/*
 * ---- STO: sha1_overlap (STO/sha1_kernel.cu:1109) ----
 * The package's default build (STO/cust.h: the SHA-1 overlap test, 384
 * blocks of 128 threads, 52-byte chunks 4 bytes apart): thread t loads
 * the 13 words from byte 4 t (:818-821: a warp reads 128 consecutive
 * bytes, its neighbours' windows overlapping), hashes them in shared
 * memory, and stores its 4-byte reduced hash as four byte stores at
 * output + 4 t (:1046, PUT_UINT32_BE).
 */
struct sto_ctx {
	gva_t in, out;
	unsigned long long threads;
};

static bool sto_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct sto_ctx *c = p;
	gva_t i = t->bx * 128ULL + t->tx;

	if (i >= c->threads || step >= 17)
		return false;
	*va = step < 13 ? c->in + F * (i + step) :
			  GPU_ST(c->out + F * i + step - 13);
	return true;
}

/*
 * STO/storeGPU.cu:1120, :1123: the input (4 bytes a thread and the last
 * chunk's 48 more) and the output (4 bytes a thread); 16,256 bytes of
 * shared memory per block (:1126).  Default: 384 blocks (49,152 threads,
 * 196,656 bytes); small 96 blocks; table1: an 818 MiB input (fitted to the
 * paper's 409 distinct L2 indices, not a benchmark input).
 */
void wl_sto(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned long long threads = o->small ? 96 * 128 :
				     o->table1 ? (818ULL << 20) / F : 384 * 128;
	struct sto_ctx c = { .threads = threads };
	/*
	 * each word stored to shared memory before the next is loaded (the
	 * loop of :815-818, its trip count computed at run time): a chain
	 */
	struct gpu_launch l = { (unsigned int)(threads / 128), 1, 128, 1, 17,
				sto_addr, &c, 0, 16256, NULL };

	c.in = gpu_alloc(h, F * threads + 48, "d_input", "STO/storeGPU.cu:1120");
	c.out = gpu_alloc(h, F * threads, "d_output", "STO/storeGPU.cu:1123");
	gpu_memcpy(out, c.in, F * threads + 48);	/* :1152-1153 */
	gpu_run(&l, out);
}

/*
 * ---- RAY: render (RAY/rayTracing_kernel.cu:426) ----
 * 16 x 8 blocks, one pixel each: result[id] stored at the start (:447),
 * loaded and stored at the end (:584).  The scene (4 objects) and the
 * view matrix are __constant__, the ray stack pile[5] local memory:
 * neither is modelled yet (Documentation/workloads.rst).
 */
struct ray_ctx {
	gva_t image;
	unsigned int w, h;
};

static bool ray_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct ray_ctx *c = p;
	unsigned int x = t->bx * 16 + t->tx, y = t->by * 8 + t->ty;
	gva_t px = c->image + F * ((gva_t)y * c->w + x);

	if (x >= c->w || y >= c->h || step >= 3)
		return false;
	*va = step == 1 ? px : GPU_ST(px);
	return true;
}

/*
 * RAY/rayTracing.cu:148-162: the image first, then seven buffers the
 * kernel never reads (d_node; d_temp, nObj, prof, ray, A, u sized by the
 * image); 256 x 256 (`RAY 256 256`; small 128; table1 512 x 512).
 */
void wl_ray(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned int n = o->small ? 128 : o->table1 ? 512 : 256;
	unsigned long long px = (unsigned long long)n * n;
	struct ray_ctx c = { .w = n, .h = n };
	/* result's reload used by the final store: a chain */
	struct gpu_launch l = { n / 16, n / 8, 16, 8, 3, ray_addr, &c, 0, 0,
				NULL };
	gva_t node;

	c.image = gpu_alloc(h, F * px, "d_output", "RAY/rayTracing.cu:148");
	node = gpu_alloc(h, 160, "d_node", "RAY/rayTracing.cu:150");
	gpu_memcpy(out, node, 160);		/* :151 */
	gpu_alloc(h, F * px, "d_temp", "RAY/rayTracing.cu:154");
	gpu_alloc(h, F * px, "nObj", "RAY/rayTracing.cu:157");
	gpu_alloc(h, F * px, "prof", "RAY/rayTracing.cu:158");
	gpu_alloc(h, 24 * px, "ray", "RAY/rayTracing.cu:159");
	gpu_alloc(h, 12 * px, "A", "RAY/rayTracing.cu:161");
	gpu_alloc(h, 12 * px, "u", "RAY/rayTracing.cu:162");
	gpu_run(&l, out);
}
