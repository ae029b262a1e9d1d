// SPDX-License-Identifier: GPL-2.0
/*
 * source-test.c - the workloads taken from their CUDA sources against
 * lists derived by hand from those sources: for one or two threads of each,
 * on its small input, every global access the thread makes across all the
 * launches, in order (buffer, byte offset, load or store, and the source
 * line it comes from), and the host code's allocation order with its
 * sizes; BFS's graph against the package's graph file's measured shape.  The paths are the suites' as Documentation/workloads.rst names
 * them (Polybench-GPU 1.0 and Rodinia 3.1 in gpu-app-collection, ISPASS
 * 2009 in ispass2009-benchmarks).  Ends with "source-test: N passed, N
 * failed".
 */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workloads/bfs.h"
#include "workloads/bptree.h"
#include "workloads/mum.h"
#include "workloads/mum_tree.h"
#include "workloads/streamcluster.h"
#include "workloads/workloads.h"
#include "tests/expect.h"

#define MAX_BUFS 16
#define MAX_OPS 8192

/* One access the source makes: BUF[OFF] (bytes), a store or a load. */
struct op {
	const char *buf;		/* a buffer or constant symbol; NULL: local */
	unsigned long long off;
	/* 1 (true) for a store, ORed with GPU_CONST, GPU_TEX or GPU_LOCAL */
	gva_t st;
	const char *src;		/* where the source makes it */
};

/* What a run records: the buffers, and one thread's accesses. */
struct rec {
	struct gpu_alloc_rec bufs[MAX_BUFS];	/* cudaMalloc(Array)s */
	unsigned int nbufs;
	struct gpu_alloc_rec consts[MAX_BUFS];	/* constant symbols */
	unsigned int nconsts;
	unsigned int nfrees;
	unsigned int cta, thread;	/* the thread followed */
	gva_t ops[MAX_OPS];
	unsigned int nops;
};

static void rec_alloc(void *arg, const struct gpu_alloc_rec *r)
{
	struct rec *c = arg;

	if (r->free)
		c->nfrees++;
	else if (!strcmp(r->space, "constant") && c->nconsts < MAX_BUFS)
		c->consts[c->nconsts++] = *r;
	else if (strcmp(r->space, "constant") && c->nbufs < MAX_BUFS)
		c->bufs[c->nbufs++] = *r;
}

static void rec_access(void *arg, unsigned int cta, unsigned int thread,
		       unsigned int step, gva_t va)
{
	struct rec *c = arg;

	if (cta == c->cta && thread == c->thread && c->nops < MAX_OPS)
		c->ops[c->nops++] = va;
}

static int rec_emit(void *arg, gva_t va)
{
	return 0;
}

static const struct gpu_alloc_rec *rec_buf(const struct rec *c,
					   const char *name)
{
	unsigned int i;

	for (i = 0; i < c->nbufs; i++)
		if (!strcmp(c->bufs[i].name, name))
			return &c->bufs[i];
	for (i = 0; i < c->nconsts; i++)
		if (!strcmp(c->consts[i].name, name))
			return &c->consts[i];
	return NULL;
}

/* Run @name's small input, following thread @thread of CTA @cta. */
static void run(const char *name, unsigned int cta, unsigned int thread,
		struct rec *c)
{
	const struct workload *w = workload_find(name);
	struct workload_opts o;
	struct gpu_heap h = { .on_alloc = rec_alloc, .arg = c };
	struct gpu_sink s = { .emit = rec_emit, .on_access = rec_access };

	memset(c, 0, sizeof(*c));
	c->cta = cta;
	c->thread = thread;
	s.test_arg = c;
	workload_opts_init(&o);
	workload_size("small", w, &o);
	o.layout = GPU_LAYOUT_PACKED;
	o.at = GPU_AT_COALESCED;
	o.warmup = 0;
	workload_run(w, &o, &h, &s);
}

/*
 * The first @n of @want are the thread's first accesses (@tail: its
 * last), and it makes @total in all (0: not checked).
 */
static void expect_ops_at(const char *what, const struct rec *c,
			  const struct op *want, unsigned int n,
			  unsigned int total, bool tail)
{
	unsigned int i, at = tail && c->nops > n ? c->nops - n : 0;
	const struct gpu_alloc_rec *b;
	char msg[256];
	gva_t va;

	for (i = 0; i < n; i++) {
		b = want[i].buf ? rec_buf(c, want[i].buf) : NULL;
		va = (b ? b->va : 0) + want[i].off;
		va |= (want[i].st & 1 ? GPU_STORE : 0) |
		      (want[i].st & (GPU_CONST | GPU_TEX | GPU_LOCAL));
		if (at + i >= c->nops || (want[i].buf && !b) ||
		    c->ops[at + i] != va)
			break;
	}
	if (i < n)
		snprintf(msg, sizeof(msg),
			 "%s: access %u is %s %s[%llu] (%s), got 0x%llx",
			 what, at + i, want[i].st & 1 ? "a store of" : "a load of",
			 want[i].buf ? want[i].buf : "local", want[i].off,
			 want[i].src, at + i < c->nops ? c->ops[at + i] : 0);
	else
		snprintf(msg, sizeof(msg), "%s: its %s %u accesses as %s..%s",
			 what, tail ? "last" : "first", n, want[0].src,
			 want[n - 1].src);
	expect(i == n, msg);
	if (!total)		/* the rest depends on data not derived here */
		return;
	snprintf(msg, sizeof(msg), "%s: %u accesses in all (got %u)", what,
		 total, c->nops);
	expect(c->nops == total, msg);
}

static void expect_ops(const char *what, const struct rec *c,
		       const struct op *want, unsigned int n,
		       unsigned int total)
{
	expect_ops_at(what, c, want, n, total, false);
}

/* The buffers in allocation order, with their sizes. */
static void expect_bufs(const char *what, const struct rec *c,
			const char *const *names,
			const unsigned long long *bytes, unsigned int n)
{
	unsigned int i;
	char msg[160];

	for (i = 0; i < n && i < c->nbufs; i++)
		if (strcmp(c->bufs[i].name, names[i]) ||
		    c->bufs[i].bytes != bytes[i])
			break;
	snprintf(msg, sizeof(msg), "%s: %u allocations in the host code's order and sizes (%u made)",
		 what, n, c->nbufs);
	expect(i == n && c->nbufs == n, msg);
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

/*
 * gemm, 128^2: thread (1, 1) of block (0, 0) is C[1][1] (lin 33).
 * GEMM/gemm.cu:131 c *= beta; :135 per k: a[i*NK + k], b[k*NJ + j], c
 * stored (its reload forwarded).
 */
static void test_gemm(void)
{
	static const struct op want[] = {
		{ "C_gpu", 4 * 129, false, "gemm.cu:131" },
		{ "C_gpu", 4 * 129, true, "gemm.cu:131" },
		{ "A_gpu", 4 * 128, false, "gemm.cu:135" },
		{ "B_gpu", 4 * 1, false, "gemm.cu:135" },
		{ "C_gpu", 4 * 129, true, "gemm.cu:135" },
		{ "A_gpu", 4 * 129, false, "gemm.cu:135" },
		{ "B_gpu", 4 * 129, false, "gemm.cu:135" },
		{ "C_gpu", 4 * 129, true, "gemm.cu:135" },
	};
	static const char *const bufs[] = { "A_gpu", "B_gpu", "C_gpu" };
	static const unsigned long long bytes[] = { 65536, 65536, 65536 };
	struct rec c;

	run("gemm", 0, 33, &c);
	expect_ops("gemm C[1][1]", &c, want, N(want), 2 + 3 * 128);
	expect_bufs("gemm", &c, bufs, bytes, N(bufs));
}

/*
 * 2mm, 128^2 (2MM/2mm.cu): kernel 1 (:118) C[i][j] += A[i][k] * B[k][j]
 * onto C as copied in (no zeroing); kernel 2 (:134) E[i][j] += C[i][k] *
 * D[k][j].  As the PTX runs it (scripts/suite-ptx's 2mm.ptx): C loaded
 * once before the loop (ptx:48, :137), then per k B, then A, and C stored
 * (ptx:60-63, :149-152).  Allocations A, B, C, D, E (:180-184).
 */
static void test_2mm(void)
{
	static const struct op k1[] = {
		{ "C_gpu", 4 * 129, false, "2mm.ptx:48" },
		{ "B_gpu", 4 * 1, false, "2mm.ptx:60" },
		{ "A_gpu", 4 * 128, false, "2mm.ptx:61" },
		{ "C_gpu", 4 * 129, true, "2mm.ptx:63" },
		{ "B_gpu", 4 * 129, false, "2mm.ptx:65" },
		{ "A_gpu", 4 * 129, false, "2mm.ptx:66" },
		{ "C_gpu", 4 * 129, true, "2mm.ptx:68" },
	};
	static const char *const bufs[] = {
		"A_gpu", "B_gpu", "C_gpu", "D_gpu", "E_gpu"
	};
	static const unsigned long long bytes[] = {
		65536, 65536, 65536, 65536, 65536
	};
	const struct gpu_alloc_rec *cb, *db, *eb;
	struct rec c;
	bool k2;

	run("2mm", 0, 33, &c);
	expect_ops("2mm C[1][1], kernel 1", &c, k1, N(k1), 2 * (1 + 3 * 128));
	cb = rec_buf(&c, "C_gpu");
	db = rec_buf(&c, "D_gpu");
	eb = rec_buf(&c, "E_gpu");
	/* kernel 2: E[1][1]; its first iteration D[0][1], C[1][0], E stored */
	k2 = cb && db && eb && c.nops == 770 &&
	     c.ops[385] == eb->va + 4 * 129 && c.ops[386] == db->va + 4 &&
	     c.ops[387] == cb->va + 4 * 128 &&
	     c.ops[388] == ((eb->va + 4 * 129) | GPU_STORE);
	expect(k2, "2mm E[1][1], kernel 2 (2mm.ptx:137-152): E[1][1], then D[0][1], C[1][0], E[1][1] stored");
	expect_bufs("2mm (2mm.cu:180-184)", &c, bufs, bytes, N(bufs));
}

/*
 * 3mm, 128^2 (3MM/3mm.cu): E += A B, F += C D, G += E F (:119, :135,
 * :151), each as 2mm's kernels run (3mm.ptx:48-63, :137-152, :226-241).
 * Thread C[1][1]: kernel 3's first accesses are G[1][1], F[0][1],
 * E[1][0] and G[1][1] stored.
 */
static void test_3mm(void)
{
	const struct gpu_alloc_rec *eb, *fb, *gb;
	struct rec c;
	bool k3;

	run("3mm", 0, 33, &c);
	eb = rec_buf(&c, "E_gpu");
	fb = rec_buf(&c, "F_gpu");
	gb = rec_buf(&c, "G_gpu");
	k3 = eb && fb && gb && c.nops == 3 * (1 + 3 * 128) &&
	     c.ops[770] == gb->va + 4 * 129 && c.ops[771] == fb->va + 4 &&
	     c.ops[772] == eb->va + 4 * 128 &&
	     c.ops[773] == ((gb->va + 4 * 129) | GPU_STORE) &&
	     c.ops[1154] == ((gb->va + 4 * 129) | GPU_STORE);
	expect(k3, "3mm G[1][1], kernel 3 (3mm.ptx:226-241): G[1][1], then F[0][1], E[1][0], G[1][1] stored; 1,155 accesses");
}

/*
 * AES, 64 KiB (AES/aesEncrypt128_kernel.h): block 1, thread 5 is word
 * 261, tx % 4 = 1: inData[261] (:70); TBox0..3[5] from constant memory
 * (:73-76); the round keys by tex1Dfetch(texEKey128, 1 + 4 k) of d_Key,
 * k = 0 (:85), then posIdx_E[4..7] (:95-98, loaded once), k = 1..10
 * (:109-308); result[261] (:320).  Allocations d_Input, d_Key (176 B),
 * d_Result (AES/aesHost.cu:114, :118, :148) after the constant symbols
 * (sbox_E.h, sbox_D.h), each freed at the end (:185-187).
 */
static void test_aes(void)
{
	static const unsigned int key_line[11] = {
		85, 109, 132, 155, 178, 201, 224, 247, 270, 293, 308
	};
	static char lines[11][32];
	static struct op want[21];
	static const char *const bufs[] = { "d_Input", "d_Key", "d_Result" };
	static const unsigned long long bytes[] = { 65536, 176, 65536 };
	static const char *const tbox[] = { "TBox0", "TBox1", "TBox2", "TBox3" };
	unsigned int i, n = 0;
	struct rec c;

	want[n++] = (struct op){ "d_Input", 4 * 261, false,
				 "aesEncrypt128_kernel.h:70" };
	for (i = 0; i < 4; i++)
		want[n++] = (struct op){ tbox[i], 4 * 5, GPU_CONST,
					 "aesEncrypt128_kernel.h:73-76" };
	for (i = 0; i < 11; i++) {
		snprintf(lines[i], sizeof(lines[i]),
			 "aesEncrypt128_kernel.h:%u", key_line[i]);
		if (i == 1)
			for (; n < 10; n++)
				want[n] = (struct op){ "posIdx_E", n - 2,
						       GPU_CONST,
						       "aesEncrypt128_kernel.h:95-98" };
		want[n++] = (struct op){ "d_Key", 4 * (1 + 4 * i), GPU_TEX,
					 lines[i] };
	}
	want[n++] = (struct op){ "d_Result", 4 * 261, true,
				 "aesEncrypt128_kernel.h:320" };
	run("AES", 1, 5, &c);
	expect_ops("AES word 261", &c, want, N(want), 21);
	expect_bufs("AES", &c, bufs, bytes, N(bufs));
	expect(c.nconsts == 11 && !strcmp(c.consts[0].name, "posIdx_E") &&
	       c.consts[0].va == 0x100 && c.consts[1].va == 0x180 &&
	       c.consts[4].va == 0xd80 && c.nfrees == 3,
	       "AES: the 11 constant symbols from 0x100 in the headers' order (TBox0 at 0x180, TBox3 at 0xd80), three cudaFree");
}

/*
 * STO (the overlap test, STO/cust.h), 96 blocks of 128 small: thread 130
 * loads the 13 words from byte 4 * 130 (STO/sha1_kernel.cu:818-821) and
 * stores its hash as 4 bytes at output + 4 * 130 (:1046).
 */
static void test_sto(void)
{
	static struct op want[17];
	static const char *const bufs[] = { "d_input", "d_output" };
	static const unsigned long long bytes[] = {
		4 * 96 * 128 + 48, 4 * 96 * 128
	};
	unsigned int j;
	struct rec c;

	for (j = 0; j < 13; j++)
		want[j] = (struct op){ "d_input", 520 + 4 * j, false,
				       "sha1_kernel.cu:820" };
	for (j = 0; j < 4; j++)
		want[13 + j] = (struct op){ "d_output", 520 + j, true,
					    "sha1_kernel.cu:1046" };
	run("STO", 1, 2, &c);
	expect_ops("STO thread 130", &c, want, N(want), 17);
	expect_bufs("STO (storeGPU.cu:1120, :1123)", &c, bufs, bytes,
		    N(bufs));
}

/*
 * RAY's steps common to every pixel (rayTracing_kernel.cu, the PTX's
 * order): pile[0..4] = (0, 0, 0, 1) word by word (:441-442), result[id]
 * = 0 (:447), MView's three rows (:450), the objects' centres and radii
 * hoisted (:474-481, cnode[j] at 40 j: C at +0, r at +12), bounce 0's
 * four fg loads (+32, :478).  Into @w from @n; the count.
 */
static unsigned int ray_common(struct op *w, unsigned int id)
{
	static const unsigned char hoist[16] = {
		4, 8, 0, 12, 44, 48, 40, 52, 84, 88, 80, 92, 124, 128, 120, 132
	};
	unsigned int i, n = 0;

	for (i = 0; i < 20; i++)
		w[n++] = (struct op){ NULL, 4 * i, 1 | GPU_LOCAL,
				      "rayTracing_kernel.cu:442" };
	w[n++] = (struct op){ "d_output", 4 * id, true,
			      "rayTracing_kernel.cu:447" };
	for (i = 0; i < 3; i++)
		w[n++] = (struct op){ "MView", 16 * i, GPU_CONST,
				      "rayTracing_kernel.cu:450" };
	for (i = 0; i < 16; i++)
		w[n++] = (struct op){ "cnode", hoist[i], GPU_CONST,
				      "rayTracing_kernel.cu:474" };
	for (i = 0; i < 4; i++)
		w[n++] = (struct op){ "cnode", 40 * i + 32, GPU_CONST,
				      "rayTracing_kernel.cu:478" };
	return n;
}

/*
 * RAY's sum (rayTracing_kernel.cu:579-580) of a pixel whose five bounces
 * all hit, pixel (79, 0) of 128^2: CTA 4, thread 15 (the tracer's count;
 * not derived here), as the PTX (nvcc -ptx -arch=sm_75, CUDA 13.0)
 * unrolls its four terms: pile[4] loaded once, then pile[i - 1] loaded
 * and stored for i = 4 .. 1, pile[3] loaded again before the second
 * term's store; then pile[0] and result[id] (:584).  Each float4 four
 * words.
 */
static void test_ray_sum(void)
{
	static const struct { unsigned char i; bool st; } sum[10] = {
		{ 4, false }, { 3, false }, { 3, true }, { 2, false },
		{ 3, false }, { 2, true }, { 1, false }, { 1, true },
		{ 0, false }, { 0, true },
	};
	static struct op want[46];
	unsigned int i, k, n = 0;
	struct rec c;

	for (i = 0; i < 10; i++)
		for (k = 0; k < 4; k++)
			want[n++] = (struct op){ NULL, 16 * sum[i].i + 4 * k,
						 sum[i].st | GPU_LOCAL,
						 "rayTracing_kernel.cu:579-580" };
	for (k = 0; k < 4; k++)
		want[n++] = (struct op){ NULL, 4 * k, GPU_LOCAL,
					 "rayTracing_kernel.cu:584" };
	want[n++] = (struct op){ "d_output", 4 * 79, false,
				 "rayTracing_kernel.cu:584" };
	want[n++] = (struct op){ "d_output", 4 * 79, true,
				 "rayTracing_kernel.cu:584" };
	run("RAY", 4, 15, &c);
	expect_ops_at("RAY pixel (79, 0), five hits: the sum unrolled", &c,
		      want, n, 0, true);
}

/*
 * RAY, 128^2 in 16 x 8 blocks.  Pixel (0, 127), block (0, 15) = CTA 120,
 * thread (0, 7) = 112, looks over the scene: bounce 0 misses, the loop
 * ends (:471), none of :579-580 (n = 0), pile[0] loaded (:584) and
 * result[id] loaded and stored (:584).  The centre pixel (64, 64), CTA
 * 68, thread 0, hits sphere 3 (C (0, 0, -2), r 0.75) first: the eye at
 * (0, 0.5, 2) looks at the origin, the ray passes (0, -0.5, -2), within
 * 0.5 of C, before the plane y = -1.5 (z = -6) and away from spheres 1
 * and 2 (x = -1, 1); so cnode[3]'s colour (+16..+28) and fg (+32), its
 * centre (+0..+8, not the plane), pile[0] = 0.05 colour (:504); the
 * point faces the light (10, 10, 10), lit; the shadow ray towards it,
 * up and away, meets nothing, so notShadowRay tries all four objects
 * (centre, fg, and a sphere's radius, :352-356) and pile[0] is stored
 * again, all four words (:536, the PTX's st.local.v4.f32), then .x, .y
 * and .z once more (:548-550, st.local.v2.f32 and st.local.f32).  Eight allocations, the image first
 * (rayTracing.cu:148), after MView and cnode (:53, :55).
 */
static void test_ray(void)
{
	static const unsigned char shadow[5] = { 4, 8, 0, 32, 12 };
	static struct op want[96];
	static const char *const bufs[] = {
		"d_output", "d_node", "d_temp", "nObj", "prof", "ray", "A", "u"
	};
	static const unsigned long long bytes[] = {
		65536, 160, 65536, 65536, 65536, 393216, 196608, 196608
	};
	unsigned int i, j, n;
	struct rec c;

	n = ray_common(want, 127 * 128);
	for (i = 0; i < 4; i++)
		want[n++] = (struct op){ NULL, 4 * i, GPU_LOCAL,
					 "rayTracing_kernel.cu:584" };
	want[n++] = (struct op){ "d_output", 4 * 127 * 128, false,
				 "rayTracing_kernel.cu:584" };
	want[n++] = (struct op){ "d_output", 4 * 127 * 128, true,
				 "rayTracing_kernel.cu:584" };
	run("RAY", 120, 112, &c);
	expect_ops("RAY pixel (0, 127), a miss", &c, want, n, n);
	expect_bufs("RAY", &c, bufs, bytes, N(bufs));
	expect(c.nconsts == 2 && c.consts[0].va == 0x100 &&
	       c.consts[1].va == 0x180 && !c.nfrees,
	       "RAY: MView at 0x100, cnode at 0x180 (128-aligned), no cudaFree");

	n = ray_common(want, 64 * 128 + 64);
	for (i = 0; i < 4; i++)
		want[n++] = (struct op){ "cnode", 120 + 16 + 4 * i, GPU_CONST,
					 "rayTracing_kernel.cu:497-500" };
	want[n++] = (struct op){ "cnode", 152, GPU_CONST,
				 "rayTracing_kernel.cu:502" };
	for (i = 0; i < 3; i++)
		want[n++] = (struct op){ "cnode", 120 + 4 * i, GPU_CONST,
					 "rayTracing_kernel.cu:502" };
	for (i = 0; i < 4; i++)
		want[n++] = (struct op){ NULL, 4 * i, 1 | GPU_LOCAL,
					 "rayTracing_kernel.cu:504" };
	for (j = 0; j < 4; j++)
		for (i = 0; i < (j ? 5U : 4U); i++)
			want[n++] = (struct op){ "cnode", 40 * j + shadow[i],
						 GPU_CONST,
						 "rayTracing_kernel.cu:353-356" };
	for (i = 0; i < 4; i++)
		want[n++] = (struct op){ NULL, 4 * i, 1 | GPU_LOCAL,
					 "rayTracing_kernel.cu:536" };
	for (i = 0; i < 3; i++)
		want[n++] = (struct op){ NULL, 4 * i, 1 | GPU_LOCAL,
					 "rayTracing_kernel.cu:548-550" };
	run("RAY", 68, 0, &c);
	expect_ops("RAY pixel (64, 64), bounce 0 on sphere 3", &c, want, n, 0);
	test_ray_sum();
}

/*
 * hotspot, 128^2 at pyramid height 2 (hotspot/hotspot.cu): block (0, 0)
 * thread (3, 2) is cell (0, 1) = blkY 0 - 2 + 2, blkX -2 + 3 (:150-161):
 * temp_src and power loaded (:164-165), temp_dst stored (:213: 2 <= tx,
 * ty <= 13).  Thread (1, 5) is column -1: nothing.  One launch.
 */
static void test_hotspot(void)
{
	static const struct op want[] = {
		{ "MatrixTemp[0]", 4, false, "hotspot.cu:164" },
		{ "MatrixPower", 4, false, "hotspot.cu:165" },
		{ "MatrixTemp[1]", 4, true, "hotspot.cu:213" },
	};
	static const char *const bufs[] = {
		"MatrixTemp[0]", "MatrixTemp[1]", "MatrixPower"
	};
	static const unsigned long long bytes[] = { 65536, 65536, 65536 };
	struct rec c;

	run("hotspot", 0, 2 * 16 + 3, &c);
	expect_ops("hotspot cell (0, 1)", &c, want, N(want), 3);
	expect_bufs("hotspot (hotspot.cu:321-325)", &c, bufs, bytes,
		    N(bufs));
	run("hotspot", 0, 5 * 16 + 1, &c);
	expect(c.nops == 0, "hotspot: a thread left of the grid makes no access");
}

/*
 * pathfinder, 16,384 x 40 (pathfinder/pathfinder.cu): launch 1 (t = 0,
 * 20 steps, 216-wide tiles), block 1 thread 30 is column 216 + 30 - 20 =
 * 226: gpuResult[0][226] (:122), wall rows 0..19 (:137), gpuResult[1]
 * stored (:152); launch 2 (t = 20, 19 steps, 218 wide): column 228, src
 * and dst swapped, wall rows 20..38.  Thread 5 loads the wall only while
 * i + 1 <= 5 (:128-129) and stores nothing.
 */
static void test_pathfinder(void)
{
	static struct op want[43];
	static const char *const bufs[] = {
		"gpuResult[0]", "gpuResult[1]", "gpuWall"
	};
	static const unsigned long long bytes[] = {
		4 * 16384, 4 * 16384, 4ULL * 16384 * 39
	};
	unsigned int i, n = 0;
	struct rec c;

	want[n++] = (struct op){ "gpuResult[0]", 4 * 226, false,
				 "pathfinder.cu:122" };
	for (i = 0; i < 20; i++)
		want[n++] = (struct op){ "gpuWall", 4ULL * (i * 16384 + 226),
					 false, "pathfinder.cu:137" };
	want[n++] = (struct op){ "gpuResult[1]", 4 * 226, true,
				 "pathfinder.cu:152" };
	want[n++] = (struct op){ "gpuResult[1]", 4 * 228, false,
				 "pathfinder.cu:122" };
	for (i = 0; i < 19; i++)
		want[n++] = (struct op){ "gpuWall",
					 4ULL * ((20 + i) * 16384 + 228),
					 false, "pathfinder.cu:137" };
	want[n++] = (struct op){ "gpuResult[0]", 4 * 228, true,
				 "pathfinder.cu:152" };
	run("pathfinder", 1, 30, &c);
	expect_ops("pathfinder column 226/228", &c, want, n, n);
	expect_bufs("pathfinder (pathfinder.cu:204-207)", &c, bufs, bytes,
		    N(bufs));
	run("pathfinder", 1, 5, &c);
	expect(c.nops == 12, "pathfinder thread 5: src and 5 wall rows per launch, no store");
}

/*
 * backprop, 8,192 inputs (backprop/backprop_cuda_kernel.cu), block 0:
 * thread (0, 0): kernel 1 input[1] (:33), weights[18] loaded and stored
 * (:37, :58), partial[0] (:75); kernel 2 (:101-102) delta[1], ly[1],
 * oldw[18], w[18], w stored, then again delta, ly, oldw and oldw stored;
 * then row 0 (:107-110, by == 0 and ty == 0).  Thread (1, 1): index 36,
 * no input load nor partial store (tx != 0), no row 0.  Allocations
 * (backprop_cuda.cu:97-100, :164-165): the delta and the previous weights
 * after kernel 1.
 */
static void test_backprop(void)
{
	static const struct op t0[] = {
		{ "input_cuda", 4, false, "backprop_cuda_kernel.cu:33" },
		{ "input_hidden_cuda", 72, false, "backprop_cuda_kernel.cu:37" },
		{ "input_hidden_cuda", 72, true, "backprop_cuda_kernel.cu:58" },
		{ "hidden_partial_sum", 0, true, "backprop_cuda_kernel.cu:75" },
		{ "hidden_delta_cuda", 4, false, "backprop_cuda_kernel.cu:101" },
		{ "input_cuda", 4, false, "backprop_cuda_kernel.cu:101" },
		{ "input_prev_weights_cuda", 72, false, "backprop_cuda_kernel.cu:101" },
		{ "input_hidden_cuda", 72, false, "backprop_cuda_kernel.cu:101" },
		{ "input_hidden_cuda", 72, true, "backprop_cuda_kernel.cu:101" },
		{ "hidden_delta_cuda", 4, false, "backprop_cuda_kernel.cu:102" },
		{ "input_cuda", 4, false, "backprop_cuda_kernel.cu:102" },
		{ "input_prev_weights_cuda", 72, false, "backprop_cuda_kernel.cu:102" },
		{ "input_prev_weights_cuda", 72, true, "backprop_cuda_kernel.cu:102" },
		{ "hidden_delta_cuda", 4, false, "backprop_cuda_kernel.cu:108" },
		{ "input_prev_weights_cuda", 4, false, "backprop_cuda_kernel.cu:108" },
		{ "input_hidden_cuda", 4, false, "backprop_cuda_kernel.cu:108" },
		{ "input_hidden_cuda", 4, true, "backprop_cuda_kernel.cu:108" },
		{ "hidden_delta_cuda", 4, false, "backprop_cuda_kernel.cu:109" },
		{ "input_prev_weights_cuda", 4, false, "backprop_cuda_kernel.cu:109" },
		{ "input_prev_weights_cuda", 4, true, "backprop_cuda_kernel.cu:109" },
	};
	static const struct op t17[] = {
		{ "input_hidden_cuda", 144, false, "backprop_cuda_kernel.cu:37" },
		{ "input_hidden_cuda", 144, true, "backprop_cuda_kernel.cu:58" },
		{ "hidden_delta_cuda", 8, false, "backprop_cuda_kernel.cu:101" },
		{ "input_cuda", 8, false, "backprop_cuda_kernel.cu:101" },
		{ "input_prev_weights_cuda", 144, false, "backprop_cuda_kernel.cu:101" },
		{ "input_hidden_cuda", 144, false, "backprop_cuda_kernel.cu:101" },
		{ "input_hidden_cuda", 144, true, "backprop_cuda_kernel.cu:101" },
		{ "hidden_delta_cuda", 8, false, "backprop_cuda_kernel.cu:102" },
		{ "input_cuda", 8, false, "backprop_cuda_kernel.cu:102" },
		{ "input_prev_weights_cuda", 144, false, "backprop_cuda_kernel.cu:102" },
		{ "input_prev_weights_cuda", 144, true, "backprop_cuda_kernel.cu:102" },
	};
	static const char *const bufs[] = {
		"input_cuda", "output_hidden_cuda", "input_hidden_cuda",
		"hidden_partial_sum", "hidden_delta_cuda",
		"input_prev_weights_cuda"
	};
	static const unsigned long long bytes[] = {
		4 * 8193, 68, 4 * 8193 * 17, 4 * 8192, 68, 4 * 8193 * 17
	};
	struct rec c;

	run("backprop", 0, 0, &c);
	expect_ops("backprop thread (0, 0)", &c, t0, N(t0), N(t0));
	expect_bufs("backprop", &c, bufs, bytes, N(bufs));
	run("backprop", 0, 17, &c);
	expect_ops("backprop thread (1, 1)", &c, t17, N(t17), N(t17));
}

/* BFS levels from node 0 over @g, or 0 if some node is unreached. */
/*
 * 2DCONV, 512^2: thread (1, 1) of block (0, 0) (lin 33) is B[1][1]:
 * 2DConvolution.cu:121-123 loads A row 0, 1, 2, columns 0, 1, 2 in each,
 * and stores B[1][1]; A and B (:135-136).
 */
static void test_2dconv(void)
{
	static const struct op want[] = {
		{ "A_gpu", 4 * 0, false, "2DConvolution.cu:121" },
		{ "A_gpu", 4 * 1, false, "2DConvolution.cu:121" },
		{ "A_gpu", 4 * 2, false, "2DConvolution.cu:121" },
		{ "A_gpu", 4 * 512, false, "2DConvolution.cu:122" },
		{ "A_gpu", 4 * 513, false, "2DConvolution.cu:122" },
		{ "A_gpu", 4 * 514, false, "2DConvolution.cu:122" },
		{ "A_gpu", 4 * 1024, false, "2DConvolution.cu:123" },
		{ "A_gpu", 4 * 1025, false, "2DConvolution.cu:123" },
		{ "A_gpu", 4 * 1026, false, "2DConvolution.cu:123" },
		{ "B_gpu", 4 * 513, true, "2DConvolution.cu:121" },
	};
	static const char *const bufs[] = { "A_gpu", "B_gpu" };
	static const unsigned long long bytes[] = { 1 << 20, 1 << 20 };
	struct rec c;

	run("2DCONV", 0, 33, &c);
	expect_ops("2DCONV B[1][1]", &c, want, N(want), 10);
	expect_bufs("2DCONV", &c, bufs, bytes, N(bufs));
}

/*
 * 3DCONV, 64^3: thread (1, 1) of block (0, 0) is (j, k) = (1, 1) in each
 * of the 62 launches (3DConvolution.cu:165-168, plane i = 1..62); in the
 * first (i = 1), :135-142 name A at (i +- 1, 0, 0) three times each, then
 * (1, 0, 1), (1, 1, 1), (1, 2, 1), (0, 0, 2), (2, 0, 2), (0, 1, 2),
 * (2, 1, 2), (0, 2, 2), (2, 2, 2); B[1][1][1] stored.
 */
static void test_3dconv(void)
{
#define A3(i, j, k) (4ULL * ((i) * 4096 + (j) * 64 + (k)))
	static const struct op want[] = {
		{ "A_gpu", A3(0, 0, 0), false, "3DConvolution.cu:135" },
		{ "A_gpu", A3(2, 0, 0), false, "3DConvolution.cu:135" },
		{ "A_gpu", A3(1, 0, 1), false, "3DConvolution.cu:138" },
		{ "A_gpu", A3(1, 1, 1), false, "3DConvolution.cu:138" },
		{ "A_gpu", A3(1, 2, 1), false, "3DConvolution.cu:139" },
		{ "A_gpu", A3(0, 0, 2), false, "3DConvolution.cu:139" },
		{ "A_gpu", A3(2, 0, 2), false, "3DConvolution.cu:140" },
		{ "A_gpu", A3(0, 1, 2), false, "3DConvolution.cu:140" },
		{ "A_gpu", A3(2, 1, 2), false, "3DConvolution.cu:141" },
		{ "A_gpu", A3(0, 2, 2), false, "3DConvolution.cu:141" },
		{ "A_gpu", A3(2, 2, 2), false, "3DConvolution.cu:142" },
		{ "B_gpu", A3(1, 1, 1), true, "3DConvolution.cu:135" },
		{ "A_gpu", A3(1, 0, 0), false, "3DConvolution.cu:135 (i = 2)" },
	};
#undef A3
	static const char *const bufs[] = { "A_gpu", "B_gpu" };
	static const unsigned long long bytes[] = { 1 << 20, 1 << 20 };
	struct rec c;

	run("3DCONV", 0, 33, &c);
	expect_ops("3DCONV (1, 1)", &c, want, N(want), 62 * 12);
	expect_bufs("3DCONV", &c, bufs, bytes, N(bufs));
}

/*
 * gramschmidt, 128^2: thread 5 of block 0 (gramschmidt.cu), in the order
 * of scripts/suite-ptx's gramschmidt.ptx.  Column 0: kernel 1 is thread
 * 0's; kernel 2 (:142) r[0][0], a[5][0], q[5][0] stored (ptx:128-133);
 * kernel 3 (j = 5 > 0, :153) r[0][5] = 0 (ptx:175), then per i (:158)
 * a[i][5], q[i][0], r[0][5] stored (ptx:184-187), then per i (:163)
 * r[0][5], q[i][0], a[i][5], a[i][5] stored (ptx:226-232): 3 + 1 + 7 x
 * 128 accesses for each of columns 0-4, then kernel 2's 3 for each of
 * columns 5-127.
 */
static void test_gramschmidt(void)
{
	static const struct op want[] = {
		{ "R_gpu", 0, false, "gramschmidt.ptx:128" },
		{ "A_gpu", 4 * 640, false, "gramschmidt.ptx:129" },
		{ "Q_gpu", 4 * 640, true, "gramschmidt.ptx:133" },
		{ "R_gpu", 4 * 5, true, "gramschmidt.ptx:175" },
		{ "A_gpu", 4 * 5, false, "gramschmidt.ptx:184" },
		{ "Q_gpu", 0, false, "gramschmidt.ptx:185" },
		{ "R_gpu", 4 * 5, true, "gramschmidt.ptx:187" },
		{ "A_gpu", 4 * 133, false, "gramschmidt.ptx:188" },
		{ "Q_gpu", 4 * 128, false, "gramschmidt.ptx:189" },
		{ "R_gpu", 4 * 5, true, "gramschmidt.ptx:191" },
	};
	static const char *const bufs[] = { "A_gpu", "R_gpu", "Q_gpu" };
	static const unsigned long long bytes[] = { 65536, 65536, 65536 };
	const struct gpu_alloc_rec *a, *q, *r;
	struct rec c;
	unsigned int at = 4 + 3 * 128;

	run("gramschmidt", 0, 5, &c);
	expect_ops("gramschmidt thread 5", &c, want, N(want),
		   5 * (4 + 7 * 128) + 123 * 3);
	expect_bufs("gramschmidt", &c, bufs, bytes, N(bufs));
	a = rec_buf(&c, "A_gpu");
	q = rec_buf(&c, "Q_gpu");
	r = rec_buf(&c, "R_gpu");
	expect(a && q && r && c.nops > at + 3 && c.ops[at] == r->va + 20 &&
	       c.ops[at + 1] == q->va && c.ops[at + 2] == a->va + 20 &&
	       c.ops[at + 3] == GPU_ST(a->va + 20),
	       "gramschmidt thread 5: :163's first iteration (ptx:226-232), r[0][5], q[0][0], a[0][5] loaded, a[0][5] stored");
}

/*
 * The registers (gpu_launch.deps) of steps @from.. of the warp of thread
 * (0, 1) of block (0, 0) in a workload's @nth launch (from 0), on its
 * small input, taken through the trace hooks (the launch is not run).
 */
struct dep_rec {
	unsigned int nth, seen, from, n;
	struct gpu_dep d[12];
};

static int dep_launch(void *arg, const struct gpu_launch *l)
{
	struct dep_rec *r = arg;
	struct gpu_thread t = { 0, 0, 0, 1 };
	unsigned int i;

	if (r->seen++ < r->nth)
		return 0;
	for (i = 0; i < r->n && l->deps; i++)
		l->deps(l->ctx, &t, r->from + i, &r->d[i]);
	return 1;
}

static void dep_copy(void *arg, gva_t va, unsigned long long bytes)
{
}

static void run_deps(const char *name, unsigned int nth, unsigned int from,
		     unsigned int n, struct dep_rec *r)
{
	const struct workload *w = workload_find(name);
	struct gpu_trace_hooks hooks = { dep_launch, dep_copy, r };
	struct gpu_heap h = { 0 };
	struct gpu_sink s = { .trace = &hooks };
	struct workload_opts o;

	memset(r, 0, sizeof(*r));
	r->nth = nth;
	r->from = from;
	r->n = n;
	workload_opts_init(&o);
	workload_size("small", w, &o);
	workload_run(w, &o, &h, &s);
}

#define R(n) GPU_REG(n)

/*
 * The PolyBench workloads' registers as their PTX orders the arithmetic
 * (scripts/suite-ptx): gemm's B after A times alpha (gemm.ptx:61-64);
 * 2mm's B and A back to back (2mm.ptx:60-61), the store reading C's
 * value loaded before the loop (:48, :63); 2DCONV's third load after
 * the first two's multiply-add (2DCONV.ptx:50-54), then one per load;
 * 3DCONV's last after the tenth (3DCONV.ptx:85-88); gramschmidt's kernel
 * 3 second loop, a after r and q's product (gramschmidt.ptx:226-230).
 */
static void test_polybench_deps(void)
{
	struct dep_rec r;

	run_deps("gemm", 0, 0, 5, &r);
	expect(r.d[3].dst == R(1) && r.d[3].src == R(0) && !r.d[2].src &&
	       r.d[4].src == (R(0) | R(1) | R(3)),
	       "gemm's registers: B after A times alpha (gemm.ptx:62), C stored after the fma (:65)");
	run_deps("2mm", 0, 0, 4, &r);
	expect(r.d[0].dst == R(3) && r.d[1].dst == R(1) && !r.d[1].src &&
	       r.d[2].dst == R(0) && !r.d[2].src &&
	       r.d[3].src == (R(0) | R(1) | R(3)),
	       "2mm's registers: C, then B and A independent (2mm.ptx:48, :60-61), the store reads all three (:62-63)");
	run_deps("2DCONV", 0, 0, 10, &r);
	expect(!r.d[1].src && r.d[2].src == (R(0) | R(1)) &&
	       r.d[3].src == R(2) && r.d[8].src == R(7) &&
	       r.d[9].src == GPU_DEP_ALL,
	       "2DCONV's registers: each load from the third after the fma reading the one before (2DCONV.ptx:52-68)");
	run_deps("3DCONV", 0, 0, 12, &r);
	expect(r.d[2].src == (R(0) | R(1)) && r.d[10].src == R(9) &&
	       r.d[10].dst == R(10) && r.d[11].src == GPU_DEP_ALL,
	       "3DCONV's registers: the 11th load after the product of the 10th (3DCONV.ptx:85-88)");
	run_deps("gramschmidt", 2, 1 + 3 * 128, 4, &r);
	expect(r.d[0].dst == R(0) && !r.d[0].src && r.d[1].dst == R(1) &&
	       !r.d[1].src && r.d[2].src == (R(0) | R(1)) &&
	       r.d[3].src == GPU_DEP_ALL,
	       "gramschmidt's registers, kernel 3 at :163: r and q independent, a after their product (gramschmidt.ptx:226-230)");
}

#undef R

/*
 * A workload's host sequence on its small input, through the trace hooks
 * (nothing run): "+NAME" a cudaMalloc, "NAME" a cudaMemcpy of that whole
 * buffer (either way), "kN" N launches in a row, "-NAME" a cudaFree.
 */
struct host_rec {
	struct gpu_alloc_rec bufs[MAX_BUFS];
	unsigned int nbufs, launches;
	char seq[512];
};

static void host_word(struct host_rec *r, const char *fmt, unsigned int u,
		      const char *s)
{
	size_t n = strlen(r->seq);

	if (n)
		snprintf(r->seq + n, sizeof(r->seq) - n, " ");
	n = strlen(r->seq);
	if (s)
		snprintf(r->seq + n, sizeof(r->seq) - n, fmt, s);
	else
		snprintf(r->seq + n, sizeof(r->seq) - n, fmt, u);
}

/* @s as the next word (NULL: only the launches before it) */
static void host_put(struct host_rec *r, const char *fmt, const char *s)
{
	if (r->launches)
		host_word(r, "k%u", r->launches, NULL);
	r->launches = 0;
	if (s)
		host_word(r, fmt, 0, s);
}

static void host_alloc(void *arg, const struct gpu_alloc_rec *a)
{
	struct host_rec *r = arg;

	if (!a->free && r->nbufs < MAX_BUFS)
		r->bufs[r->nbufs++] = *a;
	host_put(r, a->free ? "-%s" : "+%s", a->name);
}

static int host_launch(void *arg, const struct gpu_launch *l)
{
	((struct host_rec *)arg)->launches++;
	return 0;
}

static void host_copy(void *arg, gva_t va, unsigned long long bytes)
{
	struct host_rec *r = arg;
	unsigned int i;

	for (i = 0; i < r->nbufs; i++)
		if (r->bufs[i].va == va && r->bufs[i].bytes == bytes)
			break;
	host_put(r, "%s", i < r->nbufs ? r->bufs[i].name : "?");
}

static void expect_host(const char *name, const char *want, const char *why)
{
	const struct workload *w = workload_find(name);
	struct host_rec r = { .nbufs = 0 };
	struct gpu_trace_hooks hooks = { host_launch, host_copy, &r };
	struct gpu_heap h = { .on_alloc = host_alloc, .arg = &r };
	struct gpu_sink s = { .trace = &hooks };
	struct workload_opts o;
	char msg[1280];

	workload_opts_init(&o);
	workload_size("small", w, &o);
	workload_run(w, &o, &h, &s);
	host_put(&r, NULL, NULL);
	snprintf(msg, sizeof(msg), "%s's host sequence (%s): %s%s%s", name,
		 why, want, strcmp(r.seq, want) ? ", got " : "",
		 strcmp(r.seq, want) ? r.seq : "");
	expect(!strcmp(r.seq, want), msg);
}

/*
 * The PolyBench workloads' host sequences, every cudaMalloc, cudaMemcpy,
 * launch and cudaFree in program order.
 * Defect: gemm, 2mm and 3mm left out their copy of the result back to the
 * host (gemm.cu:168, 2mm.cu:203, 3mm.cu:244), which the others model
 * (a trace's kernelslist.g lacked that Memcpy line).
 */
static void test_polybench_host(void)
{
	expect_host("gemm", "+A_gpu +B_gpu +C_gpu A_gpu B_gpu C_gpu k1 C_gpu -A_gpu -B_gpu -C_gpu",
		    "gemm.cu:149-172");
	expect_host("2mm", "+A_gpu +B_gpu +C_gpu +D_gpu +E_gpu A_gpu B_gpu C_gpu D_gpu E_gpu k2 E_gpu -A_gpu -B_gpu -C_gpu -D_gpu -E_gpu",
		    "2mm.cu:180-209");
	expect_host("3mm", "+A_gpu +B_gpu +C_gpu +D_gpu +E_gpu +F_gpu +G_gpu A_gpu B_gpu C_gpu D_gpu E_gpu F_gpu G_gpu k3 G_gpu -A_gpu -B_gpu -C_gpu -D_gpu -E_gpu -F_gpu -G_gpu",
		    "3mm.cu:215-254");
	expect_host("2DCONV", "+A_gpu +B_gpu A_gpu k1 B_gpu -A_gpu -B_gpu",
		    "2DConvolution.cu:135-150");
	expect_host("3DCONV", "+A_gpu +B_gpu A_gpu B_gpu k62 B_gpu -A_gpu -B_gpu",
		    "3DConvolution.cu:154-177, 62 planes");
	expect_host("gramschmidt", "+A_gpu +R_gpu +Q_gpu A_gpu k384 A_gpu -A_gpu -R_gpu -Q_gpu",
		    "gramschmidt.cu:182-205, 3 x 128 columns");
}

/*
 * b+tree's query keys come from rand() never seeded (main.c:2187, :2330):
 * the model's generator is the C library's after srand(1).
 */
static void test_bpt_rand(void)
{
	struct bpt_rand g;
	unsigned int i;

	srand(1);
	bpt_srand(&g, 1);
	for (i = 0; i < 100000 && bpt_rand(&g) == rand(); i++)
		;
	expect(i == 100000, "b+tree: rand() as the C library's, 100,000 draws after srand(1)");
}

/*
 * The default tree: keys 0..999,999 inserted in order at order 256 make
 * 7,811 leaves of 128 keys and one of 192 (main.c:1149-1161), 61 level-1
 * nodes, 60 of 128 children and one of 132 (:1252-1267), and the root:
 * 7,874 knodes, the knodes_elem a run of the program prints; knode n of
 * level 1 holds key 128 x 128 (n - 1) first (num_keys = children + 1,
 * leaves keys + 2, transform_to_cuda, main.c:676-707).
 */
static void test_bpt_tree(void)
{
	struct bpt_tree t;
	bool ok;

	bpt_build(&t, 1000000);
	ok = t.nnodes == 7874 && t.height == 2 &&
	     t.node[0].num_keys == 62 && t.node[0].keys[1] == 16384 &&
	     t.node[0].indices[0] == 1 && t.node[0].indices[60] == 61 &&
	     t.node[61].num_keys == 133 && t.node[61].keys[1] == 983168 &&
	     t.node[61].indices[131] == 7873 &&
	     t.node[7873].num_keys == 194 &&
	     t.node[7873].keys[1] == 999808 &&
	     t.node[7873].indices[192] == 999999 &&
	     t.node[7873].keys[193] == INT_MAX && t.node[62].keys[0] == INT_MIN;
	expect(ok, "b+tree: the default file's tree is 7,874 knodes of height 2, 61 level-1 nodes, the last leaf 192 keys");
	free(t.node);
}

/*
 * b+tree small (65,536 keys: leaves 512 of 128; level 1: 128, 128 and 256
 * children; knode 0 the root, 1-3 level 1, 4.. the leaves), findRangeK
 * (kernel_gpu_cuda_2.cu) block 0, thread 2.  Its start key is rand()'s
 * first, 1804289383, as main.c:2330 scales it: 55,062, end 56,062.  Level
 * 0 (root, keys INT_MIN, 16384, 32768): thread 2 holds the start's
 * interval and the end's: currKnodeD[0], keys[2], startD[0], keys[3]
 * (k2:29), indices[2] (:33), offsetD[0] stored (:34); the same for the
 * end (:37-42).  Level 1 (knode 3, keys[2] = 128 x 258): keys[2],
 * keys[3] for each, not its interval.  The leaves (knodes 4 + 430 and
 * 4 + 437): keys[2] of each (:56, :62), no match.
 */
static void test_bpt_range(void)
{
#define KEY(n, i) (2068ULL * (n) + 1032 + 4 * (i))
#define IDX(n, i) (2068ULL * (n) + 4 + 4 * (i))
	static const struct op want[] = {
		{ "currKnodeD", 0, false, "kernel_gpu_cuda_2.cu:29" },
		{ "knodesD", KEY(0, 2), false, "kernel_gpu_cuda_2.cu:29" },
		{ "startD", 0, false, "kernel_gpu_cuda_2.cu:29" },
		{ "knodesD", KEY(0, 3), false, "kernel_gpu_cuda_2.cu:29" },
		{ "knodesD", IDX(0, 2), false, "kernel_gpu_cuda_2.cu:33" },
		{ "offsetD", 0, true, "kernel_gpu_cuda_2.cu:34" },
		{ "lastKnodeD", 0, false, "kernel_gpu_cuda_2.cu:37" },
		{ "knodesD", KEY(0, 2), false, "kernel_gpu_cuda_2.cu:37" },
		{ "endD", 0, false, "kernel_gpu_cuda_2.cu:37" },
		{ "knodesD", KEY(0, 3), false, "kernel_gpu_cuda_2.cu:37" },
		{ "knodesD", IDX(0, 2), false, "kernel_gpu_cuda_2.cu:41" },
		{ "offset_2D", 0, true, "kernel_gpu_cuda_2.cu:42" },
		{ "currKnodeD", 0, false, "kernel_gpu_cuda_2.cu:29" },
		{ "knodesD", KEY(3, 2), false, "kernel_gpu_cuda_2.cu:29" },
		{ "startD", 0, false, "kernel_gpu_cuda_2.cu:29" },
		{ "knodesD", KEY(3, 3), false, "kernel_gpu_cuda_2.cu:29" },
		{ "lastKnodeD", 0, false, "kernel_gpu_cuda_2.cu:37" },
		{ "knodesD", KEY(3, 2), false, "kernel_gpu_cuda_2.cu:37" },
		{ "endD", 0, false, "kernel_gpu_cuda_2.cu:37" },
		{ "knodesD", KEY(3, 3), false, "kernel_gpu_cuda_2.cu:37" },
		{ "currKnodeD", 0, false, "kernel_gpu_cuda_2.cu:56" },
		{ "knodesD", KEY(434, 2), false, "kernel_gpu_cuda_2.cu:56" },
		{ "startD", 0, false, "kernel_gpu_cuda_2.cu:56" },
		{ "lastKnodeD", 0, false, "kernel_gpu_cuda_2.cu:62" },
		{ "knodesD", KEY(441, 2), false, "kernel_gpu_cuda_2.cu:62" },
		{ "endD", 0, false, "kernel_gpu_cuda_2.cu:62" },
	};
#undef KEY
#undef IDX
	static const char *const bufs[] = {
		"knodesD", "currKnodeD", "offsetD", "lastKnodeD", "offset_2D",
		"startD", "endD", "ansDStart", "ansDLength", "recordsD",
		"knodesD", "currKnodeD", "offsetD", "keysD", "ansD"
	};
	static const unsigned long long bytes[] = {
		516 * 2068, 8000, 8000, 8000, 8000, 4000, 4000, 4000, 4000,
		262144, 516 * 2068, 8000, 8000, 4000, 4000
	};
	struct rec c;

	run("b+tree", 0, 2, &c);
	expect_ops("b+tree findRangeK block 0 thread 2", &c, want, N(want), 0);
	expect_bufs("b+tree", &c, bufs, bytes, N(bufs));
}

/*
 * dwt2d, `-d 192x192 -f -5 -l 3`: block 0's thread 1 in every launch.
 * c_CopySrcToComponents (components.cu:81-97): d_src word 1, then c_r,
 * c_g, c_b [1] stored.  Level 1 of r (fdwt53Kernel<64, 8>, steps 2,
 * fdwt53.cu:195-253): column 1 rows 0-2, its boundary column -2 (mirrored
 * to 2, io.h:75-79) rows 0-2; per step 8 rows of each (from row 1: the
 * top block's mirror) and 8 stores of output column parityIdx = 2 (even:
 * the low band at 1 + (m / 2) 96, the high at + 96 x 192).  Then levels
 * 2 and 3 (96 and 48 wide, one step: 30 each); the same for g and b.
 */
static void test_dwt2d(void)
{
#define R(r, x) (4ULL * ((r) * 192 + (x)))
#define OUT(m) (4ULL * (1 + (m) / 2 * 96 + ((m) & 1) * 18432))
	static const struct op want[] = {
		{ "d_src", 4, false, "components.cu:84" },
		{ "c_r", 4, true, "components.cu:50" },
		{ "c_g", 4, true, "components.cu:51" },
		{ "c_b", 4, true, "components.cu:52" },
		{ "c_r", R(0, 1), false, "fdwt53.cu:124" },
		{ "c_r", R(1, 1), false, "fdwt53.cu:125" },
		{ "c_r", R(2, 1), false, "fdwt53.cu:126" },
		{ "c_r", R(0, 2), false, "fdwt53.cu:205" },
		{ "c_r", R(1, 2), false, "fdwt53.cu:205" },
		{ "c_r", R(2, 2), false, "fdwt53.cu:205" },
		{ "c_r", R(1, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(2, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(3, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(4, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(5, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(6, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(7, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(8, 1), false, "fdwt53.cu:161" },
		{ "c_r", R(1, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(2, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(3, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(4, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(5, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(6, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(7, 2), false, "fdwt53.cu:230" },
		{ "c_r", R(8, 2), false, "fdwt53.cu:230" },
		{ "c_r_out", OUT(0), true, "fdwt53.cu:250" },
		{ "c_r_out", OUT(1), true, "fdwt53.cu:252" },
		{ "c_r_out", OUT(2), true, "fdwt53.cu:250" },
		{ "c_r_out", OUT(3), true, "fdwt53.cu:252" },
		{ "c_r_out", OUT(4), true, "fdwt53.cu:250" },
		{ "c_r_out", OUT(5), true, "fdwt53.cu:252" },
		{ "c_r_out", OUT(6), true, "fdwt53.cu:250" },
		{ "c_r_out", OUT(7), true, "fdwt53.cu:252" },
		{ "c_r", R(9, 1), false, "fdwt53.cu:161" },
	};
#undef R
#undef OUT
	static const char *const bufs[] = {
		"c_r_out", "backup", "c_g_out", "c_b_out", "c_r", "c_g", "c_b",
		"d_src"
	};
	static const unsigned long long bytes[] = {
		147456, 147456, 147456, 147456, 147456, 147456, 147456, 110592
	};
	const struct gpu_alloc_rec *r, *ro;
	struct rec c;

	run("dwt2d", 0, 1, &c);
	expect_ops("dwt2d block 0 thread 1", &c, want, N(want),
		   4 + 3 * (54 + 30 + 30));
	expect_bufs("dwt2d", &c, bufs, bytes, N(bufs));
	r = rec_buf(&c, "c_r");
	ro = rec_buf(&c, "c_r_out");
	expect(r && ro && c.nops > 80 && c.ops[58] == r->va + 4 &&
	       c.ops[58 + 22] == GPU_ST(ro->va + 4),
	       "dwt2d level 2 (96 wide): column 1 of c_r row 0 first, the low band's [1] of c_r_out first stored");
}

/* A random reference of @n bases (and @nq reads of 25 into @qry) */
static char *mum_ref(int n, unsigned long long *seed)
{
	char *r = malloc(n);
	int i;

	if (!r)
		abort();
	for (i = 0; i < n; i++)
		r[i] = "ACGT"[workload_rand(seed) % 4];
	return r;
}

/* The path label of every node of @t, from the root down. */
static void mum_labels(const struct mum_tree *t, const char *ms, int id,
		       const char *pl, char **lab)
{
	int k, c, l = (int)strlen(pl), len;
	char *s;

	lab[id] = strdup(pl);
	for (k = 0; k < 4; k++) {
		c = t->child[id][k];
		if (!c)
			continue;
		len = t->end[c] - t->start[c] + 1;
		s = malloc(l + len + 1);
		memcpy(s, pl, l);
		memcpy(s + l, ms + t->start[c], len);
		s[l + len] = 0;
		mum_labels(t, ms, c, s, lab);
		free(s);
	}
}

/*
 * MUMmerGPU's tree (suffix-tree.cpp): for a random reference of 3,000
 * bases, every node's edge starts with its child slot's base, every
 * internal node's suffix link is the node of its label without the first
 * base, every suffix of the reference ends at a leaf, and the nodes are
 * the root, the internal nodes and one leaf per suffix of 's' + ref + '$'
 * from position 1; the root is id 1 (kernel :106).
 */
static void test_mum_tree(void)
{
	unsigned long long seed = 7;
	int n = 3000, i, leaves = 0, internal = 0, bad = 0, k;
	char *ref = mum_ref(n, &seed), *ms = malloc(n + 3), **lab;
	struct mum_tree t;

	ms[0] = 's';
	memcpy(ms + 1, ref, n);
	ms[n + 1] = '$';
	ms[n + 2] = 0;
	mum_tree_build(&t, ref, n);
	lab = calloc(t.nnodes + 1, sizeof(*lab));
	mum_labels(&t, ms, 1, "", lab);
	for (i = 1; i <= t.nnodes; i++) {
		if (!lab[i])
			continue;	/* a '$' leaf: no A, C, G, T slot */
		for (k = 0; k < 4; k++)
			bad += t.child[i][k] &&
			       ms[t.start[t.child[i][k]]] != "ACGT"[k];
		if (!t.child[i][0] && !t.child[i][1] && !t.child[i][2] &&
		    !t.child[i][3]) {
			leaves++;
			bad += ms[t.end[i]] != '$';
		} else if (i != 1) {
			internal++;
			bad += !t.suffix[i] || !lab[t.suffix[i]] ||
			       strcmp(lab[t.suffix[i]], lab[i] + 1);
		}
	}
	expect(!bad && t.suffix[1] == 1 && t.start[1] == 0 &&
	       leaves + internal + 1 <= t.nnodes && leaves >= n - 8,
	       "MUM's suffix tree: edges by base, suffix links to the label without its first base, leaves end at '$'");
	for (i = 1; i <= t.nnodes; i++)
		free(lab[i]);
	free(lab);
	free(ms);
	free(ref);
	mum_tree_free(&t);
}

/*
 * The kernel's walk is MUMmer's matching statistics: for every read and
 * substring start s (0-5), a result is written (kernel :28, :36-37) iff
 * the longest prefix of the read from s found in the reference is 20 bases
 * or more; checked against a brute-force search on a 20,000-base reference
 * with reads copied from it, copied with one base changed, and random.
 * Then read 0's first accesses (kernel :79, :88, :111, :121): its length
 * and address, its first byte (d_tex_array + 1), the root's children
 * texel (id 1: x 0, y 1, the tile's second row: + 64).
 */
static void test_mum_walk(void)
{
	unsigned long long seed = 11;
	int n = 20000, i, s, l, at, bad = 0, hits = 0;
	unsigned int nq = 300;
	char *ref = mum_ref(n, &seed), *qry = malloc(nq * 27), *q;
	struct mum_stats st = { .matched = calloc(nq * 6, 1) };
	struct rec c;
	struct gpu_heap h = { .on_alloc = rec_alloc, .arg = &c };
	struct gpu_sink sk = { .emit = rec_emit, .on_access = rec_access,
			       .test_arg = &c,
			       .p = { GPU_AT_COALESCED, 0, 0, 1, false } };
	const struct gpu_alloc_rec *lens, *addrs, *qb, *ch;

	for (i = 0; i < (int)nq; i++) {
		q = qry + 27 * i;
		q[0] = 'q';
		at = (int)(workload_rand(&seed) % (n - 25));
		memcpy(q + 1, ref + at, 25);
		if (i % 3 == 1)		/* one base changed at 22 */
			q[23] = q[23] == 'A' ? 'C' : 'A';
		if (i % 3 == 2)
			for (l = 1; l <= 25; l++)
				q[l] = "ACGT"[workload_rand(&seed) % 4];
		q[26] = 0;
	}
	memset(&c, 0, sizeof(c));
	mum_run_input(ref, n, qry, nq, &h, &sk, &st);
	gpu_done(&sk);
	gpu_heap_done(&h);
	for (i = 0; i < (int)nq; i++) {
		for (s = 0; s < 6; s++) {
			q = qry + 27 * i + 1 + s;
			for (l = 25 - s; l > 0 && !memmem(ref, n, q, l); l--)
				;
			bad += (l >= 20) != st.matched[6 * i + s];
			hits += l >= 20;
		}
	}
	expect(!bad && hits > 300,
	       "MUM: a result exactly where the read's longest match from each start is 20 bases or more (brute force)");
	lens = rec_buf(&c, "d_lengths_array");
	addrs = rec_buf(&c, "d_addrs_tex_array");
	qb = rec_buf(&c, "d_tex_array");
	ch = rec_buf(&c, "d_children_tex_array");
	expect(lens && addrs && qb && ch && c.nops > 4 &&
	       c.ops[0] == lens->va && c.ops[1] == addrs->va &&
	       c.ops[2] == qb->va + 1 && c.ops[3] == GPU_TX(ch->va + 64),
	       "MUM read 0: its length and address, its first base, the root's children texel");
	free(st.matched);
	free(ref);
	free(qry);
}

static unsigned int bfs_levels(const struct bfs_graph *g)
{
	unsigned int *level = malloc(sizeof(*level) * g->n);
	unsigned int *queue = malloc(sizeof(*queue) * g->n);
	unsigned int head = 0, tail = 0, i, e, v, max = 0;

	if (!level || !queue)
		abort();
	memset(level, 0xff, sizeof(*level) * g->n);
	level[0] = 0;
	queue[tail++] = 0;
	while (head < tail) {
		v = queue[head++];
		for (e = 0; e < g->deg[v]; e++) {
			i = g->edges[g->start[v] + e];
			if (level[i] == ~0U) {
				level[i] = level[v] + 1;
				max = level[i] > max ? level[i] : max;
				queue[tail++] = i;
			}
		}
	}
	free(level);
	free(queue);
	return tail == g->n ? max + 1 : 0;
}

static int cmp_uint(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/*
 * BFS's graph against graph65536.txt's measured shape (BFS/data: 65,536
 * nodes, 393,216 edge entries, symmetric, no self-loops or duplicates,
 * degrees 1-24, median |i - j| 19,148, 10 levels from node 0).
 */
static void test_bfs_graph(void)
{
	struct bfs_graph g;
	unsigned int i, e, j, mindeg = ~0U, *dist, bad = 0;
	char msg[200];

	bfs_make_graph(&g, 65536, 1);
	dist = malloc(sizeof(*dist) * g.nedges);
	if (!dist)
		abort();
	for (i = 0; i < g.n; i++) {
		mindeg = g.deg[i] < mindeg ? g.deg[i] : mindeg;
		for (e = 0; e < g.deg[i]; e++) {
			j = g.edges[g.start[i] + e];
			dist[g.start[i] + e] = j > i ? j - i : i - j;
			bad += j == i;	/* a self-loop */
			for (unsigned int f = 0; f < g.deg[j]; f++)
				if (g.edges[g.start[j] + f] == i)
					goto back;
			bad++;		/* no edge back */
back:
			;
		}
	}
	qsort(dist, g.nedges, sizeof(*dist), cmp_uint);
	snprintf(msg, sizeof(msg),
		 "BFS graph: symmetric, no self-loop (%u bad), degrees %u-%u (file 1-24), %u entries (file 393,216), median |i - j| %u (file 19,148)",
		 bad, mindeg, g.maxdeg, g.nedges, dist[g.nedges / 2]);
	expect(!bad && mindeg >= 1 && g.maxdeg <= 32 &&
	       g.nedges >= 393216 && g.nedges < 393216 + 1024 &&
	       dist[g.nedges / 2] > 17000 && dist[g.nedges / 2] < 21000, msg);
	i = bfs_levels(&g);
	snprintf(msg, sizeof(msg), "BFS graph: every node reached from node 0, in %u levels (file 10)", i);
	expect(i >= 9 && i <= 11, msg);
	free(dist);
	bfs_free_graph(&g);
}

/* Node tid's visited[tid] store (kernel.cu:28), counted per node. */
struct bfs_count {
	gva_t visited;
	unsigned int n, *stores;
	bool started;
};

static void bfs_alloc(void *arg, const struct gpu_alloc_rec *r)
{
	struct bfs_count *c = arg;

	if (!strcmp(r->name, "d_graph_visited"))
		c->visited = r->va;
}

static void bfs_access(void *arg, unsigned int cta, unsigned int thread,
		       unsigned int step, gva_t va)
{
	struct bfs_count *c = arg;
	unsigned int tid = cta * 256 + thread;

	if (step == 2 && va == (GPU_ST(c->visited + tid)) && tid < c->n)
		c->stores[tid]++;
}

/*
 * The kernel's semantics, racy as the source's: over the whole run of the
 * small input every node is processed exactly once (its mask cleared and
 * visited set by its own thread), whatever order the blocks ran in.
 */
static void test_bfs_run(void)
{
	const struct workload *w = workload_find("BFS");
	struct bfs_count c = { .n = 8192 };
	struct workload_opts o;
	struct gpu_heap h = { .on_alloc = bfs_alloc, .arg = &c };
	struct gpu_sink s = { .emit = rec_emit, .on_access = bfs_access,
			      .test_arg = &c };
	unsigned int i, once = 0, more = 0;
	char msg[200];

	c.stores = calloc(c.n, sizeof(*c.stores));
	if (!c.stores)
		abort();
	workload_opts_init(&o);
	workload_size("small", w, &o);
	o.at = GPU_AT_COALESCED;
	o.warmup = 0;
	workload_run(w, &o, &h, &s);
	for (i = 0; i < c.n; i++) {
		once += c.stores[i] >= 1;
		more += c.stores[i] > 1;
	}
	snprintf(msg, sizeof(msg), "BFS small: every node processed by its own thread (kernel.cu:28): %u of %u, %u of them again (a neighbour's mask store raced its visit)",
		 once, c.n, more);
	expect(once == c.n && more < c.n / 10, msg);
	free(c.stores);
}

/*
 * Node 0's thread in the first launch (kernel.cu): mask[0] loaded (:25),
 * mask[0] and visited[0] stored (:27-28), its degree then its start (:29;
 * PTX of nvcc 13.0 -arch=sm_75: ld [node+4], the branch on it, ld
 * [node+0]), then per edge i its entry (:31), visited[id] (:32) and, none
 * visited yet, cost[0] loaded, cost[id], mask[id] and the over flag
 * stored (:34-37), then the degree and start loaded again (the PTX's
 * reloads after the stores, which may alias the Node: :29's loop test).
 * Defect: the model loaded the node's start before its degree and never
 * again in the loop (6 accesses an edge, not 8), where the PTX reloads
 * both after every taken branch's stores.
 */
static void test_bfs_thread(void)
{
	const struct gpu_alloc_rec *m, *v, *cost, *nodes, *edges, *over;
	unsigned int e, deg, bad = 0, base;
	struct rec c;
	gva_t id;

	run("BFS", 0, 0, &c);
	m = rec_buf(&c, "d_graph_mask");
	v = rec_buf(&c, "d_graph_visited");
	cost = rec_buf(&c, "d_cost");
	nodes = rec_buf(&c, "d_graph_nodes");
	edges = rec_buf(&c, "d_graph_edges");
	over = rec_buf(&c, "d_over");
	if (!m || !v || !cost || !nodes || !edges || !over || c.nops < 13) {
		expect(0, "BFS node 0: its buffers and accesses");
		return;
	}
	bad += c.ops[0] != m->va || c.ops[1] != GPU_ST(m->va) ||
	       c.ops[2] != GPU_ST(v->va) || c.ops[3] != nodes->va + 4 ||
	       c.ops[4] != nodes->va;
	/* later launches: node 0's thread finds its mask clear, one load */
	deg = 0;
	for (base = 5; base + 8 <= c.nops && c.ops[base] != m->va; base += 8) {
		id = c.ops[base + 1] - v->va;
		bad += c.ops[base] != edges->va + 4 * deg ||
		       id >= 8192 || c.ops[base + 2] != cost->va ||
		       c.ops[base + 3] != GPU_ST(cost->va + 4 * id) ||
		       c.ops[base + 4] != GPU_ST(m->va + id) ||
		       c.ops[base + 5] != GPU_ST(over->va) ||
		       c.ops[base + 6] != nodes->va + 4 ||
		       c.ops[base + 7] != nodes->va;
		deg++;
	}
	for (e = base; e < c.nops; e++)
		bad += c.ops[e] != m->va;
	expect(!bad && deg >= 1 && c.nops > base,
	       "BFS node 0: mask, visited, its node's degree and start, per edge its entry, visited, cost, the stores to a neighbour and the node reloaded; then one mask load a launch");
}

/*
 * streamcluster's host program draws from lrand48() after srand48(1)
 * (streamcluster_cuda_cpu.cpp:897): the model's generator is POSIX's.
 */
static void test_sc_rand(void)
{
	unsigned long long x;
	unsigned int i;

	srand48(1);
	sc_srand48(&x, 1);
	for (i = 0; i < 100000 && sc_lrand48(&x) == lrand48(); i++)
		;
	expect(i == 100000, "streamcluster: lrand48() as the C library's, 100,000 draws after srand48(1)");
}

/*
 * streamcluster's host dist() (streamcluster_cuda_cpu.cpp:145-157) as built:
 * cpp:27 leaves INSERT_WASTE commented out, so waste() (cpp:151-155, add
 * and take off four rounds of s += pow(s, 0.78)) is not compiled.  At
 * these points the squared distance is about 0.1 and s about 3, so adding
 * and taking off s would drop its low bits: the test checks that it does
 * and that the model's dist() does not.
 */
static void test_sc_dist(void)
{
	static const float a[3] = { 0.5f, 0.25f, 0.125f };
	static const float b[3] = { 0.18377223f, 0.24f, 0.12183772f };
	float plain = 0, waste, s, got;
	int i;

	for (i = 0; i < 3; i++)
		plain += (a[i] - b[i]) * (a[i] - b[i]);
	s = plain;
	for (i = 0; i < 4; i++)
		s += pow(s, 0.78);
	waste = plain + s;
	waste -= s;
	got = sc_dist_coords(a, b, 3);
	expect(got == plain && waste != plain,
	       "streamcluster: dist() without INSERT_WASTE's waste() (cpp:27 comments it out)");
}

/* Every allocation of a streamcluster run. */
struct sc_allocs {
	unsigned int n, first_bad;
	const char *name[5];
	unsigned long long bytes[5], wbytes;
	bool wrong;
};

static void sc_alloc(void *arg, const struct gpu_alloc_rec *r)
{
	struct sc_allocs *a = arg;

	if (r->free)
		return;
	if (a->n < 5) {
		a->name[a->n] = r->name;
		a->bytes[a->n] = r->bytes;
	} else if (strcmp(r->name, "work_mem_d") ||
		   r->bytes % (4 * 1025) || r->bytes < 2 * 4 * 1025) {
		a->wrong = true;
	}
	if (!strcmp(r->name, "work_mem_d"))
		a->wbytes += r->bytes;
	a->n++;
}

/*
 * streamcluster, `3 6 16 1024 1024 100`: the first pgain allocates its
 * work_mem_d (streamcluster_cuda.cu:197), then allocDevMem's
 * center_table_d, switch_membership_d, p (32-byte Points), coord_d
 * (:96-99); every later call one new work_mem_d of (K + 1) x (n + 1)
 * floats, K >= 1 (:146-147, :197); calls come in whole pFL passes of
 * (long)(3 x 6 x ln 6) = 32 (streamcluster_cuda_cpu.cpp:344-348, :560);
 * one launch per call.
 */
static void test_sc_host(void)
{
	static const char *const first[] = {
		"work_mem_d", "center_table_d", "switch_membership_d", "p",
		"coord_d"
	};
	struct sc_allocs a = { 0 };
	struct gpu_heap h = { .on_alloc = sc_alloc, .arg = &a };
	struct gpu_sink s = { .dry = true };
	struct sc_stats st;
	unsigned int i;
	bool order = true;
	char msg[200];

	sc_run_input(3, 6, 16, 1024, &h, &s, &st);
	gpu_heap_done(&h);
	for (i = 0; i < 5; i++)
		order = order && a.name[i] && !strcmp(a.name[i], first[i]);
	order = order && a.bytes[1] == 4096 && a.bytes[2] == 1024 &&
		a.bytes[3] == 32768 && a.bytes[4] == 65536 &&
		a.bytes[0] % (4 * 1025) == 0;
	expect(order, "streamcluster small: work_mem_d, then center_table_d 4096, switch_membership_d 1024, p 32768, coord_d 65536");
	snprintf(msg, sizeof(msg), "streamcluster small: %u later allocations, each a work_mem_d of (K+1)(n+1) floats, K >= 1",
		 a.n - 5);
	expect(!a.wrong && a.n == st.calls + 4, msg);
	snprintf(msg, sizeof(msg), "streamcluster small: %llu pgain calls in whole passes of 32, %ld centres at the end (kmin 3, kmax 6)",
		 st.calls, st.centers);
	expect(st.calls && st.calls % 32 == 0 && st.centers >= 3 &&
	       st.centers <= 6 && a.wbytes == st.work_bytes, msg);
}

/*
 * Thread 5 of block 0 in the first launch (streamcluster_cuda.cu:62-89):
 * d_dist (:52-55) per dimension i < 16 coord_d[i n + x], then
 * coord_d[i n + 5] (the PTX's order: ld [%rd53], x's, before [%rd52]),
 * the same x throughout; p[5].weight (:75, byte 32 x 5), p[5].cost (:78,
 * + 24); then either switch_membership_d[5] stored, p[5].cost loaded
 * again (the PTX's ld.global.f32 [%rd19+24] after the st.global.u8) and
 * lower[K] = work_mem_d[5 (K + 1) + K] loaded and stored (:80-81), or
 * p[5].assign (:86, + 16), center_table_d[assign] and lower[that] loaded
 * and stored (:86, the cost kept in its register).
 */
static void test_sc_thread(void)
{
	const struct gpu_alloc_rec *coord, *p, *ct, *sw, *work;
	unsigned long long x, K, i, bad = 0, a, row = 5 * 4;
	unsigned int off, moves;
	char msg[200];
	struct rec c;

	run("streamcluster", 0, 5, &c);
	coord = rec_buf(&c, "coord_d");
	p = rec_buf(&c, "p");
	ct = rec_buf(&c, "center_table_d");
	sw = rec_buf(&c, "switch_membership_d");
	work = rec_buf(&c, "work_mem_d");
	if (!coord || !p || !ct || !sw || !work || c.nops < 37) {
		expect(0, "streamcluster thread 5: its buffers and accesses");
		return;
	}
	K = work->bytes / (4 * 1025) - 1;
	x = (c.ops[0] - coord->va) / 4;
	for (i = 0; i < 16; i++)
		bad += c.ops[2 * i] != coord->va + 4 * (i * 1024 + x) ||
		       c.ops[2 * i + 1] != coord->va + 4 * (i * 1024 + 5);
	bad += x >= 1024 || x == 5 || c.ops[32] != p->va + 160 ||
	       c.ops[33] != p->va + 184;
	row = work->va + 4 * 5 * (K + 1);
	if (c.ops[34] == GPU_ST(sw->va + 5)) {
		bad += c.nops < 38 || c.ops[35] != p->va + 184 ||
		       c.ops[36] != row + 4 * K ||
		       c.ops[37] != GPU_ST(row + 4 * K);
	} else {
		a = (c.ops[35] - ct->va) / 4;
		bad += c.ops[34] != p->va + 176 || a >= 1024 ||
		       c.ops[35] != ct->va + 4 * a || c.nops < 38 ||
		       c.ops[36] < row || c.ops[36] >= row + 4 * K ||
		       c.ops[37] != GPU_ST(c.ops[36]);
	}
	expect(!bad, "streamcluster thread 5, first launch: 16 x (candidate's coordinate, own), weight, cost, then either branch of cu:79-87");
	/*
	 * Every recorded launch is 38 accesses on either side, the if side's
	 * with p[5].cost again after the switch_membership_d store: without
	 * the reload the launches taking it would be 37 and the walk would
	 * lose step.
	 */
	for (off = 0, moves = 0; off + 38 <= c.nops; off += 38) {
		for (i = 0; i < 16; i++)
			bad += c.ops[off + 2 * i + 1] !=
			       coord->va + 4 * (i * 1024 + 5);
		bad += c.ops[off + 32] != p->va + 160 ||
		       c.ops[off + 33] != p->va + 184 ||
		       c.ops[off + 37] != GPU_ST(c.ops[off + 36]);
		if (c.ops[off + 34] == GPU_ST(sw->va + 5)) {
			moves++;
			bad += c.ops[off + 35] != p->va + 184;
		} else {
			bad += c.ops[off + 34] != p->va + 176;
		}
	}
	snprintf(msg, sizeof(msg), "streamcluster thread 5: %u launches of 38 accesses, %u taking the if side with p[5].cost reloaded (PTX: ld [%%rd19+24] after st.global.u8)",
		 off / 38, moves);
	expect(!bad && moves && off > 38, msg);
}

int main(void)
{
	test_gemm();
	test_2mm();
	test_3mm();
	test_aes();
	test_sto();
	test_ray();
	test_hotspot();
	test_pathfinder();
	test_backprop();
	test_2dconv();
	test_3dconv();
	test_gramschmidt();
	test_polybench_deps();
	test_polybench_host();
	test_bfs_graph();
	test_bfs_run();
	test_bfs_thread();
	test_dwt2d();
	test_mum_tree();
	test_mum_walk();
	test_bpt_rand();
	test_bpt_tree();
	test_bpt_range();
	test_sc_rand();
	test_sc_dist();
	test_sc_host();
	test_sc_thread();
	return expect_done("source-test");
}
