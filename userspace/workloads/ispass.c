// SPDX-License-Identifier: GPL-2.0
/*
 * ispass.c - ISPASS-2009 workloads: AES, STO (StoreGPU); BFS is bfs.c,
 * RAY ray.c, MUM (MUMmerGPU) mum.c.  Each models its kernel's per-thread
 * global accesses at a default input ("full") or a scaled-down one
 * ("small").
 */
#include "workloads/workloads.h"

#define F 4ULL

/*
 * ---- AES: aesEncrypt128 (AES/aesEncrypt128_kernel.h:50) ----
 * One thread per 4-byte word, four threads to an AES block; per thread,
 * in the order of the kernel's PTX (nvcc 13.0 -ptx, Documentation/
 * workload-sources.rst): inData[256 bx + tx] (:70); the four T-box
 * entries TBox0..3[tx] from constant memory (:72-78, copied to shared
 * memory); the first round key by tex1Dfetch(texEKey128, tx % 4) (:85,
 * d_Key bound as linear memory, aesHost.cu:140); posIdx_E[4 (tx % 4) + c],
 * c = 0..3, loaded once for all ten rounds (:95-98); the ten round keys
 * tex1Dfetch(texEKey128, tx % 4 + 4 k) (:109-308); result[256 bx + tx]
 * (:320).  The rounds' T-box lookups are in shared memory.
 */
#define AES_STEPS 21

struct aes_ctx {
	gva_t in, out, key, tbox[4], pos;
	unsigned long long words;
};

static bool aes_addr(const void *p, const struct gpu_thread *t,
		     unsigned int step, gva_t *va)
{
	const struct aes_ctx *c = p;
	gva_t w = t->bx * 256ULL + t->tx, m4 = t->tx % 4;

	if (w >= c->words || step >= AES_STEPS)
		return false;
	if (!step)
		*va = c->in + F * w;
	else if (step < 5)
		*va = GPU_CN(c->tbox[step - 1] + F * t->tx);
	else if (step == 5)
		*va = GPU_TX(c->key + F * m4);
	else if (step < 10)
		*va = GPU_CN(c->pos + 4 * m4 + step - 6);
	else if (step < 20)
		*va = GPU_TX(c->key + F * (m4 + 4 * (step - 9)));
	else
		*va = GPU_ST(c->out + F * w);
	return true;
}

/*
 * Its registers: the word and the T-box entries independent, all stored
 * to shared memory before the first key is fetched (:80 __syncthreads);
 * the four posIdx_E bytes independent after it; then each round's key
 * used before the next round's fetch, and the last before the store.
 */
static void aes_deps(const void *p, const struct gpu_thread *t,
		     unsigned int step, struct gpu_dep *d)
{
	if (step == 5 || step >= 10)
		d->src = GPU_DEP_ALL;
	else if (step == 6)
		d->src = GPU_REG(5);	/* the first key, XORed before :88 */
	if (step < 10)
		d->dst = GPU_REG(step);
	else if (step < 20)
		d->dst = GPU_REG(10);
}

/*
 * The PTX's constant symbols (sbox_E.h:7-125 then sbox_D.h:2-155, the
 * headers' order in aesHost.cu:36-37): posIdx_E, TBox0..3, and the
 * decryption tables the run never reads.
 */
static void aes_constants(struct gpu_heap *h, struct aes_ctx *c)
{
	static const char *const dnames[] = {
		"TBoxi0", "TBoxi1", "TBoxi2", "TBoxi3", "inv_SBox"
	};
	static const char *const dsrc[] = {
		"AES/sbox_D.h:14", "AES/sbox_D.h:49", "AES/sbox_D.h:84",
		"AES/sbox_D.h:120", "AES/sbox_D.h:155"
	};
	static const char *const enames[] = {
		"TBox0", "TBox1", "TBox2", "TBox3"
	};
	static const char *const esrc[] = {
		"AES/sbox_E.h:19", "AES/sbox_E.h:54", "AES/sbox_E.h:89",
		"AES/sbox_E.h:125"
	};
	unsigned int i;

	c->pos = gpu_const_alloc(h, 32, "posIdx_E", "AES/sbox_E.h:7");
	for (i = 0; i < 4; i++)
		c->tbox[i] = gpu_const_alloc(h, 1024, enames[i], esrc[i]);
	gpu_const_alloc(h, 32, "posIdx_D", "AES/sbox_D.h:2");
	for (i = 0; i < 5; i++)
		gpu_const_alloc(h, 1024, dnames[i], dsrc[i]);
}

/*
 * AES/aesHost.cu:114, :118, :148: input, key, result; the run script's
 * 256 KiB image (`AES e 128 ./data/output.bmp ...`), padded to 263,168
 * bytes, grid 257 of 256 threads (:45-48), 6 KiB of shared memory per
 * block; freed at :185-187.  Small: 65,536 bytes; table1: 16 MiB
 * (fitted).
 */
void wl_aes(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned long long bytes = o->small ? (64ULL << 10) :
				   o->table1 ? (16ULL << 20) : 263168;
	struct aes_ctx c = { .words = bytes / F };
	/* aesEncrypt128: 30 registers (scripts/suite-regs) */
	struct gpu_launch l = { (unsigned int)(bytes / 1024), 1, 256, 1,
				AES_STEPS, aes_addr, &c, 30, 6144, aes_deps };

	aes_constants(h, &c);
	c.in = gpu_alloc(h, bytes, "d_Input", "AES/aesHost.cu:114");
	c.key = gpu_alloc(h, 176, "d_Key", "AES/aesHost.cu:118");
	gpu_memcpy(out, c.in, bytes);		/* :125-126 */
	gpu_memcpy(out, c.key, 176);
	c.out = gpu_alloc(h, bytes, "d_Result", "AES/aesHost.cu:148");
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.out, bytes);		/* :178, to the host */
	gpu_free(h, c.in, "d_Input", "AES/aesHost.cu:185");
	gpu_free(h, c.key, "d_Key", "AES/aesHost.cu:186");
	gpu_free(h, c.out, "d_Result", "AES/aesHost.cu:187");
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
 * shared memory per block (STO/sha1_kernel.cu:1126).  Default: 384
 * blocks (49,152 threads, 196,656 bytes); small 96 blocks; table1: an
 * 818 MiB input (fitted to the paper's 409 distinct L2 indices, not a
 * benchmark input).
 */
void wl_sto(const struct workload_opts *o, struct gpu_heap *h,
	    struct gpu_sink *out)
{
	unsigned long long threads = o->small ? 96 * 128 :
				     o->table1 ? (818ULL << 20) / F : 384 * 128;
	struct sto_ctx c = { .threads = threads };
	/*
	 * each word stored to shared memory before the next is loaded (the
	 * loop of :818-821, its trip count computed at run time): a chain
	 */
	/* sha1_overlap: 95 registers (scripts/suite-regs) */
	struct gpu_launch l = { (unsigned int)(threads / 128), 1, 128, 1, 17,
				sto_addr, &c, 95, 16256, NULL };

	c.in = gpu_alloc(h, F * threads + 48, "d_input", "STO/storeGPU.cu:1120");
	c.out = gpu_alloc(h, F * threads, "d_output", "STO/storeGPU.cu:1123");
	gpu_memcpy(out, c.in, F * threads + 48);	/* :1152-1153 */
	if (!gpu_run(&l, out))
		return;
	gpu_memcpy(out, c.out, F * threads);	/* :1193-1196, to the host */
	gpu_free(h, c.in, "d_input", "STO/storeGPU.cu:1205");
	gpu_free(h, c.out, "d_output", "STO/storeGPU.cu:1206");
}
