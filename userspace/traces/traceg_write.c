// SPDX-License-Identifier: GPL-2.0
/*
 * traceg_write.c - a workload written as an Accel-Sim trace directory
 * (traceg_write.h): kernelslist.g with the launches and copies in program
 * order, and one kernel-N.traceg per launch in tracer version 5's syntax
 * (Documentation/traces.rst), each thread block's warps in turn, each warp
 * instruction with its active mask and every active lane's address
 * (address format 0).  A step where the warp's running threads make no
 * access (a branch they skip) is a NOP line, so a reader that schedules
 * the warps issues it as the generator did.  Registers carry the
 * scoreboard's dependences (gpu_launch.deps): a load's destinations
 * R<n>, and as sources every register of the step that an earlier load
 * of the warp wrote, so a reader waits where the generator did.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"
#include "traces/traceg_write.h"

/* A growing text buffer: a warp's lines, before its "insts =" count. */
struct tw_buf {
	char *p;
	size_t len, cap;
};

static int tw_printf(struct tw_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int tw_printf(struct tw_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(b->p ? b->p + b->len : NULL,
			      b->p ? b->cap - b->len : 0, fmt, ap);
		va_end(ap);
		if (n < 0)
			return -1;
		if (b->p && b->len + n < b->cap) {
			b->len += n;
			return 0;
		}
		b->cap = (b->cap ? 2 * b->cap : 1 << 16) + n;
		b->p = realloc(b->p, b->cap);
		if (!b->p)
			return -1;
	}
}

/* " N Rn..." for the registers in @regs */
static int tw_regs(struct tw_buf *b, unsigned long long regs)
{
	if (tw_printf(b, " %d", __builtin_popcountll(regs)))
		return -1;
	for (; regs; regs &= regs - 1)
		if (tw_printf(b, " R%d", __builtin_ctzll(regs)))
			return -1;
	return 0;
}

/* The local window's base the header declares (its LDL/STL addresses) */
#define TW_LOCAL_BASE 0x00007f4000000000ULL
/* The register the parameter load writes (the first step waits for it) */
#define TW_PARAM_REG GPU_REG(63)

/* Memory instructions by space: global, texture, constant, local. */
static const struct {
	const char *op;
	bool store;
} tw_ops[] = {
	{ "LDG.E", false }, { "STG.E", true }, { "TEX", false },
	{ "LDC", false }, { "LDL", false }, { "STL", true },
};

static unsigned int tw_kind(gva_t a)
{
	if (a & GPU_CONST)
		return 3;
	if (a & GPU_LOCAL)
		return a & GPU_STORE ? 5 : 4;
	return a & GPU_STORE ? 1 : a & GPU_TEX ? 2 : 0;
}

/*
 * The warp's ld.param, which the generator makes first (gpu_params.ptx):
 * an LDC of the parameter line by its @lanes lanes (at most 32), writing
 * TW_PARAM_REG.  1, or -1.
 */
static long tw_params(struct tw_buf *b, unsigned int lanes)
{
	unsigned int mask = lanes >= GPU_WARP ? ~0U : (1U << lanes) - 1, i;

	if (tw_printf(b, "0000 %08x", mask) || tw_regs(b, TW_PARAM_REG) ||
	    tw_printf(b, " LDC 0 4 0"))
		return -1;
	for (i = 0; i < GPU_WARP; i++)
		if (mask >> i & 1 &&
		    tw_printf(b, " 0x%llx", GPU_PARAM_BASE))
			return -1;
	return tw_printf(b, " 0\n") ? -1 : 1;
}

/*
 * One warp's instructions into @b: its parameter load, then per step the
 * running lanes (the workload's addr() true) and those with an address;
 * none running ends the warp.  Returns the lines, or -1.
 */
static long tw_warp(struct traceg_writer *w, const struct gpu_launch *l,
		    unsigned int bx, unsigned int by, unsigned int warp,
		    struct tw_buf *b)
{
	unsigned int tpb = l->block_x * l->block_y, step, i, lin;
	unsigned int alive, mask, kind = 0;
	gva_t va[GPU_WARP], a;
	struct gpu_thread t = { bx, by, 0, 0 }, t0;
	unsigned long long loaded, dst;
	struct gpu_dep d;
	long lines;

	t0 = (struct gpu_thread){ bx, by, warp * GPU_WARP % l->block_x,
				  warp * GPU_WARP / l->block_x };
	lines = tw_params(b, tpb - warp * GPU_WARP);
	if (lines < 0)
		return -1;
	loaded = TW_PARAM_REG;
	for (step = 0; step < l->steps; step++) {
		alive = mask = 0;
		for (i = 0; i < GPU_WARP; i++) {
			lin = warp * GPU_WARP + i;
			if (lin >= tpb)
				break;
			t.tx = lin % l->block_x;
			t.ty = lin / l->block_x;
			if (!l->addr(l->ctx, &t, step, &a))
				continue;
			alive |= 1U << i;
			if (a == GPU_SKIP)
				continue;
			mask |= 1U << i;
			kind = tw_kind(a);
			va[i] = a & ~GPU_SPACES;
			if (a & GPU_LOCAL)
				va[i] += TW_LOCAL_BASE;
		}
		if (!alive)
			break;
		lines++;
		d = (struct gpu_dep){ 1, 1 };
		if (l->deps) {
			d = (struct gpu_dep){ 0, 0 };
			l->deps(l->ctx, &t0, step, &d);
		}
		dst = mask && !tw_ops[kind].store ? d.dst : 0;
		if (tw_printf(b, "%04x %08x", 16 * (step + 1),
			      mask ? mask : alive) ||
		    tw_regs(b, dst) ||
		    tw_printf(b, " %s", mask ? tw_ops[kind].op : "NOP") ||
		    tw_regs(b, (d.src | d.dst | (step ? 0 : TW_PARAM_REG)) &
			    loaded))
			return -1;
		loaded |= dst;
		if (!mask) {
			if (tw_printf(b, " 0 0\n"))
				return -1;
			continue;
		}
		if (tw_printf(b, " 4 0"))
			return -1;
		for (i = 0; i < GPU_WARP; i++)
			if (mask & 1U << i) {
				w->lanes++;
				if (tw_printf(b, " 0x%llx", va[i]))
					return -1;
			}
		if (tw_printf(b, " 0\n"))
			return -1;
	}
	return lines;
}

/* gpu_trace_hooks.launch: kernel-N.traceg, every block and warp. */
static int tw_launch(void *arg, const struct gpu_launch *l)
{
	struct traceg_writer *w = arg;
	unsigned int wpb = (l->block_x * l->block_y + GPU_WARP - 1) / GPU_WARP;
	unsigned int bx, by, warp;
	struct tw_buf b = { 0 };
	char path[sizeof(w->tmp) + 32];
	long lines;
	FILE *f;

	if (w->failed)
		return 1;
	w->kernels++;
	snprintf(path, sizeof(path), "%s/kernel-%u.traceg", w->tmp, w->kernels);
	f = fopen(path, "w");
	if (!f || fprintf(w->list, "kernel-%u.traceg\n", w->kernels) < 0 ||
	    fprintf(f, "-kernel name = %s_%u\n-kernel id = %u\n"
		    "-grid dim = (%u,%u,1)\n-block dim = (%u,%u,1)\n"
		    "-shmem = %u\n-nregs = %u\n-binary version = 20\n"
		    "-cuda stream id = 0\n-shmem base_addr = 0x00007f2000000000\n"
		    "-local mem base_addr = 0x00007f4000000000\n"
		    "-nvbit version = 1.5.5\n-accelsim tracer version = 5\n"
		    "-enable lineinfo = 0\n\n"
		    "#traces format = PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate\n\n",
		    w->name, w->kernels, w->kernels, l->grid_x, l->grid_y,
		    l->block_x, l->block_y, l->smem,
		    l->regs ? l->regs : GPU_DEFAULT_REGS) < 0)
		goto fail;
	for (by = 0; by < l->grid_y; by++) {
		for (bx = 0; bx < l->grid_x; bx++) {
			if (fprintf(f, "#BEGIN_TB\n\nthread block = %u,%u,0\n\n",
				    bx, by) < 0)
				goto fail;
			for (warp = 0; warp < wpb; warp++) {
				b.len = 0;
				lines = tw_warp(w, l, bx, by, warp, &b);
				if (lines < 0 ||
				    fprintf(f, "warp = %u\ninsts = %ld\n", warp,
					    lines) < 0 ||
				    (b.len && fwrite(b.p, 1, b.len, f) != b.len) ||
				    fputc('\n', f) == EOF)
					goto fail;
			}
			if (fprintf(f, "#END_TB\n\n") < 0)
				goto fail;
		}
	}
	free(b.p);
	if (out_sync_close(f)) {	/* whole on the disk before the rename */
		f = NULL;
		goto fail_closed;
	}
	return w->limit && w->lanes >= w->limit;
fail:
	if (f)
		fclose(f);
fail_closed:
	free(b.p);
	fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno ? errno : EIO));
	w->failed = true;
	return 1;
}

/* gpu_trace_hooks.copy: a Memcpy line (H2D and D2H alike fill the L2). */
static void tw_copy(void *arg, gva_t va, unsigned long long bytes)
{
	struct traceg_writer *w = arg;

	if (!w->failed && fprintf(w->list, "MemcpyHtoD,0x%llx,%llu\n", va,
				  bytes) < 0) {
		fprintf(stderr, "pwcsim: %s/kernelslist.g: %s\n", w->tmp,
			strerror(errno));
		w->failed = true;
	}
}

int traceg_writer_open(struct traceg_writer *w, const char *dir,
		       const char *name, unsigned long long limit)
{
	struct stat st;
	char path[sizeof(w->tmp) + 16];
	size_t len = strlen(dir);

	memset(w, 0, sizeof(*w));
	w->name = name;
	w->limit = limit;
	w->hooks = (struct gpu_trace_hooks){ tw_launch, tw_copy, w };
	if (strlen(dir) + 16 > sizeof(w->dir)) {
		fprintf(stderr, "pwcsim: %s: path too long\n", dir);
		return -1;
	}
	/* "new/" names "new": the temporary directory goes beside it */
	while (len > 1 && dir[len - 1] == '/')
		len--;
	snprintf(w->dir, sizeof(w->dir), "%.*s", (int)len, dir);
	/* by that name: "file/" is the file (ENOTDIR once the run is done) */
	if (!lstat(w->dir, &st)) {
		fprintf(stderr, "pwcsim: %s exists: give a new directory for the trace\n",
			dir);
		return -1;
	}
	snprintf(w->tmp, sizeof(w->tmp), "%.*s.tmpXXXXXX", (int)len, dir);
	if (!mkdtemp(w->tmp)) {	/* the user's path, not the temporary */
		fprintf(stderr, "pwcsim: %s: %s\n", w->dir, strerror(errno));
		return -1;
	}
	/* mkdtemp() makes it 0700: the mode mkdir(1) would give instead */
	if (chmod(w->tmp, out_new_mode(0777))) {
		fprintf(stderr, "pwcsim: %s: %s\n", w->tmp, strerror(errno));
		rmdir(w->tmp);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/kernelslist.g", w->tmp);
	w->list = fopen(path, "w");
	if (!w->list) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		rmdir(w->tmp);
		return -1;
	}
	return 0;
}

/* Remove what was written under w->tmp (a failed or cut-short trace). */
static void tw_remove(struct traceg_writer *w)
{
	char path[sizeof(w->tmp) + 32];
	unsigned int k;

	for (k = 1; k <= w->kernels; k++) {
		snprintf(path, sizeof(path), "%s/kernel-%u.traceg", w->tmp, k);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/kernelslist.g", w->tmp);
	unlink(path);
	rmdir(w->tmp);
}

int traceg_writer_close(struct traceg_writer *w, bool keep)
{
	bool ok = !w->failed;

	if (out_sync_close(w->list) && ok) {
		fprintf(stderr, "pwcsim: %s/kernelslist.g: %s\n", w->tmp,
			strerror(errno));
		ok = false;
	}
	if (ok && keep && rename(w->tmp, w->dir)) {
		fprintf(stderr, "pwcsim: %s: %s\n", w->dir, strerror(errno));
		ok = false;
	}
	if (!ok || !keep)
		tw_remove(w);
	return ok ? 0 : -1;
}
