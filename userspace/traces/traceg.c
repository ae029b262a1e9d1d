// SPDX-License-Identifier: GPL-2.0
/*
 * traceg.c - the Accel-Sim .traceg reader (trace_reader.h): the header,
 * thread blocks, and each warp instruction's global addresses.  Scheduled
 * (s->gpu set): the kernel is kept whole and run through the GPU execution
 * model (traceg_sched.c), the stream its tap sees; in file order: each
 * block's warps interleaved, one memory instruction per warp in turn,
 * coalesced into 128-byte segments.  Lines are decoded by traceg_inst.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/trace_reader.h"
#include "traces/traceg_inst.h"
#include "traces/traceg_sched.h"

#define TG_WINDOW (16ULL << 20)	/* shared and local windows' size */
#define TG_MAX_VERSION 6

struct tg_warp {
	unsigned long long *seg;	/* coalesced segments, in order */
	unsigned int *inst_end;		/* per memory instruction: end index */
	size_t nseg, capseg, ninst, capinst;
};

struct traceg_state {
	unsigned long long shmem, local;
	struct tg_syntax syn;
	bool versioned;			/* a version header was read */
	struct tg_warp *warps;
	unsigned int nwarps, cur;
	size_t capwarps;
	bool in_tb;
	/* the block being emitted, warps interleaved */
	unsigned long long *out;
	size_t nout, outpos;
	/* scheduled: the kernel, then the stream of its run */
	struct tg_kernel *k;
	unsigned int regs, smem;
	struct gpu_sink own;		/* a lone kernel file's model */
	const unsigned long long *sout;
	bool ran;
};

static void *tg_grow(void *p, size_t *cap, size_t need, size_t size)
{
	p = tg_grow_to(p, cap, need, size, 16);
	if (need > *cap) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	return p;
}

/*
 * 1: a global access (LDG, STG, RED, ATOM/ATOMG, not ATOMS); 2: global
 * unless in the shared or local window (generic LD/ST, LDGSTS); 0: not.
 */
static int tg_kind(const char *op)
{
	size_t n = strcspn(op, ".");

	if ((n == 3 && (!strncmp(op, "LDG", 3) || !strncmp(op, "STG", 3) ||
			!strncmp(op, "RED", 3))) ||
	    (n >= 4 && !strncmp(op, "ATOM", 4) && op[4] != 'S'))
		return 1;
	if ((n == 2 && (!strncmp(op, "LD", 2) || !strncmp(op, "ST", 2))) ||
	    (n == 6 && !strncmp(op, "LDGSTS", 6)))
		return 2;
	return 0;
}

/*
 * The kind of a memory instruction tg_kind() leaves out, scheduled with
 * its addresses: TEX (pwcsim's traces give its addresses), LDC (a
 * constant load: the trace writer's parameter and __constant__ loads),
 * LDL and STL (local memory, addresses in the header's local window).
 */
static int tg_space_kind(const char *op)
{
	size_t n = strcspn(op, ".");

	if (n == 3 && !strncmp(op, "TEX", 3))
		return TG_K_TEX;
	if (n == 3 && !strncmp(op, "LDC", 3))
		return TG_K_CONST;
	if (n == 3 && !strncmp(op, "LDL", 3))
		return TG_K_LLOAD;
	if (n == 3 && !strncmp(op, "STL", 3))
		return TG_K_LSTORE;
	return TG_K_NONE;
}

static bool tg_in_window(const struct traceg_state *t, unsigned long long va)
{
	return (t->shmem && va >= t->shmem && va < t->shmem + TG_WINDOW) ||
	       (t->local && va >= t->local && va < t->local + TG_WINDOW);
}

/*
 * Scheduled: the instruction kept for its warp, its global (or texture)
 * lanes with their addresses; any other instruction an issue slot.
 */
static int tg_sched_inst(struct addr_stream *s, struct traceg_state *t,
			 const struct tg_inst *in, int kind)
{
	struct gpu_dep dep = { in->src | in->dst, in->dst };
	unsigned long long addr[TG_WARP];
	unsigned int i, lane, mask = 0, n = 0;
	int k = TG_K_NONE;

	if (in->n && !kind)
		k = tg_space_kind(in->op);
	else if (in->n && kind)
		k = in->op[0] == 'L' ? TG_K_LOAD : TG_K_STORE;
	for (i = 0, lane = 0; k && i < in->n; i++, lane++) {
		while (!(in->mask >> lane & 1))
			lane++;
		if (kind == 2 && tg_in_window(t, in->addr[i]))
			continue;
		if (k == TG_K_LLOAD || k == TG_K_LSTORE) {
			/* its offset in the thread's local memory */
			if (!t->local || in->addr[i] < t->local ||
			    in->addr[i] >= t->local + TG_WINDOW)
				continue;
			addr[n] = in->addr[i] - t->local;
		} else {
			addr[n] = in->addr[i];
		}
		mask |= 1U << lane;
		n++;
	}
	if (n) {
		s->tc.global_insts++;
		s->tc.global_lanes += n;
	}
	if (tg_kernel_inst(t->k, (unsigned int)in->pc, mask, n ? k : TG_K_NONE,
			   addr, n, &dep))
		return addr_bad(s, "out of memory");
	return 0;
}

/* Parse one instruction line into the current warp's segments. */
static int tg_inst(struct addr_stream *s, struct traceg_state *t)
{
	struct tg_warp *w = &t->warps[t->cur];
	struct tg_syntax syn = t->syn;
	unsigned long long seg;
	struct tg_inst in;
	const char *why, *why2;
	unsigned int i, kept = 0;
	size_t j;
	int kind;

	if (tg_parse_inst(s->buf, &syn, &in, &why)) {
		/* no version header: the old prefix, if that parses */
		syn.prefix = true;
		if (t->versioned || tg_parse_inst(s->buf, &syn, &in, &why2))
			return addr_bad(s, why);
	}
	s->tc.insts++;
	kind = tg_kind(in.op);
	if (t->k)
		return tg_sched_inst(s, t, &in, kind);
	if (!in.n || !kind)
		return 0;
	for (i = 0; i < in.n; i++) {
		if (kind == 2 && tg_in_window(t, in.addr[i]))
			continue;
		kept++;
		seg = in.addr[i] & ~127ULL;
		for (j = w->ninst ? w->inst_end[w->ninst - 1] : 0; j < w->nseg;
		     j++)
			if (w->seg[j] == seg)
				break;
		if (j < w->nseg)
			continue;
		w->seg = tg_grow(w->seg, &w->capseg, w->nseg + 1,
				 sizeof(*w->seg));
		w->seg[w->nseg++] = seg;
	}
	if (!kept)
		return 0;
	s->tc.global_insts++;
	s->tc.global_lanes += kept;
	w->inst_end = tg_grow(w->inst_end, &w->capinst, w->ninst + 1,
			      sizeof(*w->inst_end));
	w->inst_end[w->ninst++] = w->nseg;
	return 0;
}

/* The block ended: its warps' instructions, one per warp in turn. */
static void tg_flush_block(struct traceg_state *t)
{
	size_t total = 0, i, k, from;
	unsigned int live = 1, wi;
	struct tg_warp *w;
	size_t cap = 0;

	for (wi = 0; wi < t->nwarps; wi++)
		total += t->warps[wi].nseg;
	free(t->out);
	t->out = tg_grow(NULL, &cap, total + 1, sizeof(*t->out));
	t->nout = 0;
	t->outpos = 0;
	for (k = 0; live; k++) {
		live = 0;
		for (wi = 0; wi < t->nwarps; wi++) {
			w = &t->warps[wi];
			if (k >= w->ninst)
				continue;
			live = 1;
			from = k ? w->inst_end[k - 1] : 0;
			for (i = from; i < w->inst_end[k]; i++)
				t->out[t->nout++] = w->seg[i];
		}
	}
	for (wi = 0; wi < t->nwarps; wi++) {
		t->warps[wi].nseg = 0;
		t->warps[wi].ninst = 0;
	}
	t->nwarps = 0;
}

/* "-name = value" lines: the windows, the version, lineinfo. */
static int tg_header(struct addr_stream *s, struct traceg_state *t)
{
	unsigned int v;

	unsigned int d[3];

	if (sscanf(s->buf, "-shmem base_addr = %llx", &t->shmem) == 1 ||
	    sscanf(s->buf, "-local mem base_addr = %llx", &t->local) == 1)
		return 0;
	if (t->k && sscanf(s->buf, "-grid dim = (%u,%u,%u)", &d[0], &d[1],
			   &d[2]) == 3) {
		tg_kernel_dims(t->k, true, d);
		return 0;
	}
	if (t->k && sscanf(s->buf, "-block dim = (%u,%u,%u)", &d[0], &d[1],
			   &d[2]) == 3) {
		tg_kernel_dims(t->k, false, d);
		return 0;
	}
	if (t->k && sscanf(s->buf, "-nregs = %u", &d[0]) == 1) {
		t->regs = d[0];
		tg_kernel_res(t->k, t->regs, t->smem);
		return 0;
	}
	if (t->k && sscanf(s->buf, "-shmem = %u", &d[0]) == 1) {
		t->smem = d[0];
		tg_kernel_res(t->k, t->regs, t->smem);
		return 0;
	}
	if (!strncmp(s->buf, "-accelsim tracer version =", 26)) {
		if (sscanf(s->buf + 26, "%u", &v) != 1 || !v ||
		    v > TG_MAX_VERSION)
			return addr_bad(s, "unsupported tracer version (1-6)");
		t->syn.version = v < 3 ? 0 : v;
		t->syn.prefix = v < 3;
		t->versioned = true;
	} else if (sscanf(s->buf, "-enable lineinfo = %u", &v) == 1) {
		t->syn.lineinfo = v;
	}
	return 0;
}

static int tg_warp_line(struct addr_stream *s, struct traceg_state *t,
			unsigned int warp)
{
	size_t cap;

	if (!t->in_tb || warp > 1023)
		return addr_bad(s, t->in_tb ? "bad warp" :
				 "a warp outside a thread block");
	if (warp >= t->nwarps) {
		cap = t->capwarps;
		t->warps = tg_grow(t->warps, &cap, warp + 1, sizeof(*t->warps));
		memset(t->warps + t->capwarps, 0,
		       (cap - t->capwarps) * sizeof(*t->warps));
		t->capwarps = cap;
		t->nwarps = warp + 1;
	}
	t->cur = warp;
	s->tc.warps++;
	if (t->k && tg_kernel_warp(t->k, warp))
		return addr_bad(s, "warps out of order (0, 1, 2, ... in a block)");
	return 0;
}

/* "thread block = x,y,z": scheduled, a new block */
static int tg_block_line(struct addr_stream *s, struct traceg_state *t,
			 const char *b)
{
	unsigned int x, y, z;

	if (!t->k)
		return 0;
	if (sscanf(b, "%u,%u,%u", &x, &y, &z) != 3 || x > 65535 ||
	    y > 65535 || z > 65535)
		return addr_bad(s, "bad thread block");
	tg_kernel_block_id(t->k, x, y, z);
	return 0;
}

/* One line; 0 or -1 (printed). */
static int tg_line(struct addr_stream *s, struct traceg_state *t)
{
	const char *b = s->buf + strspn(s->buf, " \t");
	unsigned int warp;

	if (b[0] == '-')
		return tg_header(s, t);
	if (!strncmp(b, "#BEGIN_TB", 9)) {
		if (t->in_tb)
			return addr_bad(s, "#BEGIN_TB inside a block");
		t->in_tb = true;
		t->cur = ~0U;
		if (t->k && tg_kernel_block(t->k))
			return addr_bad(s, "out of memory");
	} else if (!strncmp(b, "#END_TB", 7)) {
		if (!t->in_tb)
			return addr_bad(s, "#END_TB outside a block");
		t->in_tb = false;
		if (!t->k)
			tg_flush_block(t);
	} else if (b[0] == '#' || !strcspn(b, "\r\n")) {
		return 0;
	} else if (!strncmp(b, "thread block = ", 15)) {
		if (!t->in_tb)
			return addr_bad(s, "outside a thread block");
		return tg_block_line(s, t, b + 15);
	} else if (!strncmp(b, "insts = ", 8)) {
		if (!t->in_tb)
			return addr_bad(s, "outside a thread block");
	} else if (sscanf(b, "warp = %u", &warp) == 1) {
		return tg_warp_line(s, t, warp);
	} else if (!t->in_tb) {
		return addr_bad(s, "an instruction outside a thread block (a raw kernel-N.trace needs Accel-Sim's post-traces-processing)");
	} else if (t->cur == ~0U) {
		return addr_bad(s, "an instruction outside a warp (before 'warp = N')");
	} else {
		return tg_inst(s, t);
	}
	return 0;
}

static int traceg_open(struct addr_stream *s, const char *path)
{
	struct traceg_state *t = calloc(1, sizeof(struct traceg_state));

	s->state = t;
	if (!t) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->tc.kernels++;
	if (s->gpu) {
		t->own.p = *s->gpu;
		t->k = tg_kernel_new(s->sched ? s->sched : &t->own);
		if (!t->k) {
			fprintf(stderr, "pwcsim: out of memory\n");
			return -1;
		}
	}
	return 0;
}

/* Scheduled: the next address of the kernel's run, which runs at EOF. */
static int traceg_next_sched(struct addr_stream *s, struct traceg_state *t,
			     unsigned long long *va)
{
	int r;

	while (!t->ran) {
		r = addr_read_line(s);
		if (r < 0)
			return r;
		if (!r) {
			if (t->in_tb)
				return addr_bad(s, "the file ends inside a thread block");
			t->ran = true;
			if (tg_kernel_run(t->k, &t->sout, &t->nout)) {
				fprintf(stderr, "pwcsim: %s: the kernel could not be run\n",
					s->name);
				return -1;
			}
			break;
		}
		if (tg_line(s, t))
			return -1;
	}
	if (t->outpos == t->nout)
		return 0;
	*va = t->sout[t->outpos++];
	s->count++;
	return 1;
}

static int traceg_next(struct addr_stream *s, unsigned long long *va)
{
	struct traceg_state *t = s->state;
	int r;

	if (t->k)
		return traceg_next_sched(s, t, va);
	while (t->outpos == t->nout) {
		r = addr_read_line(s);
		if (r <= 0) {
			if (r == 0 && t->in_tb)
				return addr_bad(s, "the file ends inside a thread block");
			return r;
		}
		if (tg_line(s, t))
			return -1;
	}
	*va = t->out[t->outpos++];
	s->count++;
	return 1;
}

static void traceg_close(struct addr_stream *s)
{
	struct traceg_state *t = s->state;
	unsigned int i;

	if (!t)
		return;
	for (i = 0; i < t->capwarps; i++) {
		free(t->warps[i].seg);
		free(t->warps[i].inst_end);
	}
	free(t->warps);
	free(t->out);
	tg_kernel_free(t->k);
	gpu_done(&t->own);
	free(t);
	s->state = NULL;
}

static struct gpu_sink *traceg_sink(struct addr_stream *s)
{
	struct traceg_state *t = s->state;

	return t && s->gpu ? (s->sched ? s->sched : &t->own) : NULL;
}

const struct trace_reader traceg_reader = {
	.open = traceg_open,
	.next = traceg_next,
	.close = traceg_close,
	.gpu_sink = traceg_sink,
};
