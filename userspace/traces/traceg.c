// SPDX-License-Identifier: GPL-2.0
/*
 * traceg.c - the Accel-Sim .traceg reader (trace_reader.h): the header,
 * thread blocks, and each warp instruction's global addresses.  Scheduled
 * (s->gpu set): the kernel is kept whole and run through the GPU execution
 * model (traceg_sched.c), the stream its tap sees; in file order: each
 * block's warps interleaved, one memory instruction per warp in turn,
 * coalesced into 128-byte segments.  Lines are decoded by traceg_inst.c.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "traces/trace_num.h"
#include "traces/trace_reader.h"
#include "traces/traceg_inst.h"
#include "traces/traceg_sched.h"

#define TG_WINDOW (16ULL << 20)	/* shared and local windows' size */
#define TG_MAX_VERSION 6
/* CUDA's limits: grid dimensions in blocks, block dimensions in threads */
#define TG_GRID_X 2147483647U
#define TG_GRID_YZ 65535U
#define TG_BLOCK_XY 1024U
#define TG_BLOCK_Z 64U
/* the blocks a scheduled kernel indexes (tg_kernel_run()) */
#define TG_MAX_BLOCKS (1U << 26)
/* "warp = N": N below this */
#define TG_MAX_WARPS 1024U

struct tg_warp {
	unsigned long long *seg;	/* coalesced segments, in order */
	unsigned int *inst_end;		/* per memory instruction: end index */
	size_t nseg, capseg, ninst, capinst;
};

/* A thread block's id + 1 (0: a free slot) and the line listing it */
struct tg_seen {
	unsigned long long key, line;
};

struct traceg_state {
	unsigned long long shmem, local;
	struct tg_syntax syn;
	bool versioned;			/* a version header was read */
	/* the header's dimensions (0: none), -block dim's line, resources */
	unsigned int grid[3], block[3];
	unsigned long long block_line;
	unsigned int regs, smem;
	struct tg_warp *warps;
	unsigned int nwarps, cur;
	unsigned int maxw;		/* the most warps a block listed */
	size_t capwarps;
	bool in_tb;
	/* the block being read: its #BEGIN_TB's line, a thread block line */
	unsigned long long nblocks, tb_line;
	bool have_id;
	unsigned long long id[3];	/* its id, with have_id */
	unsigned long long listed[TG_MAX_WARPS / 64];	/* its warps, a bit each */
	/* the warp being read: its instruction lines, its insts line's */
	unsigned long long insts_got, insts_want, insts_line;
	/* the ids of the blocks read; scheduled, past the most of each */
	struct tg_seen *seen;
	size_t nseen, capseen;
	unsigned int span[3];
	/* the block being emitted, warps interleaved */
	unsigned long long *out;
	size_t nout, outpos;
	/* scheduled: the kernel, then the stream of its run */
	struct tg_kernel *k;
	struct gpu_sink own;		/* a lone kernel file's model */
	const unsigned long long *sout;
	bool ran;
	bool counted;			/* tg_count_blocks() ran */
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
 * 1: a global access (LDG, STG, RED, REDG -- sm_90's global reduction --,
 * LDGMC -- sm_90's reducing load, a load --, ATOM/ATOMG, not ATOMS); 2:
 * global unless in the shared or local window (generic LD/ST, LDGSTS); 0:
 * not (surface SULD/SUST/SURED/SUATOM too: ALU_OP in Accel-Sim's tables,
 * no access; Documentation/traces.rst).
 */
static int tg_kind(const char *op)
{
	size_t n = strcspn(op, ".");

	if ((n == 3 && (!strncmp(op, "LDG", 3) || !strncmp(op, "STG", 3) ||
			!strncmp(op, "RED", 3))) ||
	    (n == 4 && !strncmp(op, "REDG", 4)) ||
	    (n == 5 && !strncmp(op, "LDGMC", 5)) ||
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

static bool tg_in_local(const struct traceg_state *t, unsigned long long va)
{
	return t->local && va >= t->local && va < t->local + TG_WINDOW;
}

static bool tg_in_window(const struct traceg_state *t, unsigned long long va)
{
	return (t->shmem && va >= t->shmem && va < t->shmem + TG_WINDOW) ||
	       tg_in_local(t, va);
}

/*
 * Scheduled, a generic access (LD/ST, LDGSTS) of @k (TG_K_LOAD or
 * TG_K_STORE): local memory, as LDL/STL, when none of its lanes is global
 * and some are in the local window; else @k (its global lanes).
 */
static int tg_generic_kind(const struct traceg_state *t,
			   const struct tg_inst *in, int k)
{
	unsigned int i, local = 0;

	for (i = 0; i < in->n; i++) {
		if (tg_in_local(t, in->addr[i]))
			local++;
		else if (!tg_in_window(t, in->addr[i]))
			return k;
	}
	if (!local)
		return k;
	return k == TG_K_LOAD ? TG_K_LLOAD : TG_K_LSTORE;
}

/*
 * Scheduled: the instruction kept for its warp, its global (or texture)
 * lanes with their addresses; any other instruction an issue slot.
 */
/*
 * The address bits the GPU model's address words keep for its flags
 * (gpu_sim.h: GPU_LOCAL is the lowest, GPU_SKIP all ones).
 */
#define TG_FLAG_SHIFT 60
_Static_assert(GPU_LOCAL == 1ULL << TG_FLAG_SHIFT,
	       "the GPU model's lowest flag bit");

/*
 * A scheduled access at @va, whose bits from TG_FLAG_SHIFT up the GPU
 * model would read as its flags (a store, a texture or constant fetch,
 * local memory, a skip): refused, as no user address has them (file
 * order passes it on, and replay and run refuse it).
 */
static int tg_flag_bits(struct addr_stream *s, unsigned long long va)
{
	char why[120];

	snprintf(why, sizeof(why),
		 "address 0x%llx at or above 2^%d: not a user address",
		 va, TG_FLAG_SHIFT);
	return addr_bad(s, why);
}

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
	if (kind == 2)
		k = tg_generic_kind(t, in, k);
	for (i = 0, lane = 0; k && i < in->n; i++, lane++) {
		while (!(in->mask >> lane & 1))
			lane++;
		if (k == TG_K_LLOAD || k == TG_K_LSTORE) {
			/* its offset in the thread's local memory */
			if (!tg_in_local(t, in->addr[i]))
				continue;
			addr[n] = in->addr[i] - t->local;
		} else if (kind == 2 && tg_in_window(t, in->addr[i])) {
			continue;
		} else if (in->addr[i] >> TG_FLAG_SHIFT) {
			return tg_flag_bits(s, in->addr[i]);
		} else {
			addr[n] = in->addr[i];
		}
		mask |= 1U << lane;
		n++;
	}
	/* as file order: global only, not TEX, LDC nor local memory */
	if (n && (k == TG_K_LOAD || k == TG_K_STORE)) {
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

/*
 * A decimal of at most @max at *@p, blanks before it skipped, *@p moved
 * past it: 0, or -1 for a sign, no digit or more than @max (sscanf's
 * "%u" took "-1" and wrapped 2^32 to 0).
 */
static int tg_num(const char **p, unsigned long long max,
		  unsigned long long *v)
{
	const char *c = *p + strspn(*p, " \t");
	unsigned long long n = 0;
	unsigned int d;

	if (*c < '0' || *c > '9')
		return -1;
	for (; *c >= '0' && *c <= '9'; c++) {
		d = (unsigned int)(*c - '0');
		if (d > max || n > (max - d) / 10)
			return -1;
		n = n * 10 + d;
	}
	*p = c;
	*v = n;
	return 0;
}

/* Nothing but blanks and the line's end at @p. */
static bool tg_end(const char *p)
{
	return !p[strspn(p, " \t\r\n")];
}

/* A whole-line count at @p, at most @max: 0 or -1. */
static int tg_count(const char *p, unsigned long long max,
		    unsigned long long *v)
{
	return tg_num(&p, max, v) || !tg_end(p) ? -1 : 0;
}

/*
 * "x,y,z" at @p, in parentheses if @paren, each at most @max[i], the
 * line's end after: 0, or -1 (two numbers, a sign, a wrap, junk).
 */
static int tg_triple(const char *p, bool paren,
		     const unsigned long long max[3], unsigned long long v[3])
{
	int i;

	p += strspn(p, " \t");
	if (paren && *p++ != '(')
		return -1;
	for (i = 0; i < 3; i++) {
		if (tg_num(&p, max[i], &v[i]))
			return -1;
		p += strspn(p, " \t");
		if (i < 2 && *p++ != ',')
			return -1;
	}
	if (paren && *p++ != ')')
		return -1;
	return tg_end(p) ? 0 : -1;
}

/* The warps a block of -block dim has, or 0 with no -block dim. */
static unsigned long long tg_block_warps(const struct traceg_state *t)
{
	return ((unsigned long long)t->block[0] * t->block[1] * t->block[2] +
		GPU_WARP - 1) / GPU_WARP;
}

/* "pwcsim: FILE:LINE: the kernel does not fit on an SM: @fmt..." */
static int tg_no_fit(struct addr_stream *s, const char *fmt, ...)
{
	char why[256];
	va_list ap;
	int n;

	n = snprintf(why, sizeof(why), "the kernel does not fit on an SM: ");
	va_start(ap, fmt);
	vsnprintf(why + n, sizeof(why) - (size_t)n, fmt, ap);
	va_end(ap);
	return addr_bad(s, why);
}

/*
 * Scheduled: the kernel must fit on an SM of the GPU model, one CTA at
 * least as gpu_ctas_per_sm() counts them, or none could ever be dealt
 * (the run gave no address).  Checked as each number is read, with what
 * is known by then: -nregs for one warp until -block dim comes; with no
 * block dim, the warps listed so far make the block.
 */
static int tg_fit(struct addr_stream *s, struct traceg_state *t)
{
	unsigned long long warps = 1, regs, need;
	const char *whose = " (one warp: no -block dim yet)";
	char taken[40] = "";

	if (!t->k)
		return 0;
	if (t->block[0]) {
		warps = tg_block_warps(t);
		whose = "";
	} else if (t->maxw) {
		warps = t->maxw;
		whose = " (the warps listed: no -block dim)";
	}
	regs = gpu_regs_taken(t->regs);
	need = regs * warps * GPU_WARP;
	if (regs != (t->regs ? t->regs : GPU_DEFAULT_REGS))
		snprintf(taken, sizeof(taken), " (%llu, in whole fours)", regs);
	if (t->smem > GPU_SMEM_PER_SM)
		return tg_no_fit(s, "-shmem = %u bytes a block, the SM has %u",
				 t->smem, GPU_SMEM_PER_SM);
	if (warps > GPU_MAX_WARPS_PER_SM)
		return tg_no_fit(s, "%llu warps a block%s, the SM holds %u",
				 warps, whose, GPU_MAX_WARPS_PER_SM);
	if (need > GPU_REGS_PER_SM)
		return tg_no_fit(s, "-nregs = %u%s x %llu threads a block%s = %llu registers, the SM has %u",
				 t->regs ? t->regs : GPU_DEFAULT_REGS, taken,
				 warps * GPU_WARP, whose, need,
				 GPU_REGS_PER_SM);
	return 0;
}

/*
 * Scheduled: the blocks the run indexes, the header's grid widened by
 * the blocks listed past it (tg_kernel_run()), at most TG_MAX_BLOCKS.
 */
static int tg_grid_size(struct addr_stream *s, const struct traceg_state *t)
{
	unsigned long long n = 1, d;
	char why[160];
	int i;

	if (!t->k)
		return 0;
	for (i = 0; i < 3; i++) {
		d = t->grid[i] > t->span[i] ? t->grid[i] : t->span[i];
		n *= d ? d : 1;		/* each below 2^31: no wrap */
	}
	if (n <= TG_MAX_BLOCKS)
		return 0;
	snprintf(why, sizeof(why),
		 "a grid of %llu blocks (-grid dim and the thread blocks listed), more than pwcsim schedules (%u)",
		 n, TG_MAX_BLOCKS);
	return addr_bad(s, why);
}

/*
 * "-grid dim = (x,y,z)" (@grid: blocks) or "-block dim = (x,y,z)"
 * (threads), in CUDA's limits
 */
static int tg_dim(struct addr_stream *s, struct traceg_state *t,
		  const char *p, bool grid)
{
	static const unsigned long long max[2][3] = {
		{ TG_BLOCK_XY, TG_BLOCK_XY, TG_BLOCK_Z },
		{ TG_GRID_X, TG_GRID_YZ, TG_GRID_YZ },
	};
	unsigned int *dim = grid ? t->grid : t->block;
	unsigned long long v[3];
	int i;

	if (tg_triple(p, true, max[grid], v) || !v[0] || !v[1] || !v[2] ||
	    (!grid && v[0] * v[1] * v[2] > TG_BLOCK_XY))
		return addr_bad(s, grid ?
			"bad -grid dim: not (x,y,z) blocks, x 1 to 2147483647, y and z 1 to 65535" :
			"bad -block dim: not (x,y,z) threads, x and y 1 to 1024, z 1 to 64, 1024 in all");
	for (i = 0; i < 3; i++)
		dim[i] = (unsigned int)v[i];
	if (!grid)
		t->block_line = s->line;
	if (t->k)
		tg_kernel_dims(t->k, grid, dim);
	return grid ? tg_grid_size(s, t) : tg_fit(s, t);
}

/* "-nregs = N" (per thread) or "-shmem = N" (bytes per block) */
static int tg_res(struct addr_stream *s, struct traceg_state *t,
		  const char *p, bool regs)
{
	unsigned long long v;

	if (tg_count(p, UINT_MAX, &v))
		return addr_bad(s, regs ? "bad -nregs: not a count of registers" :
				"bad -shmem: not a count of bytes");
	if (regs)
		t->regs = (unsigned int)v;
	else
		t->smem = (unsigned int)v;
	if (t->k)
		tg_kernel_res(t->k, t->regs, t->smem);
	return tg_fit(s, t);
}

/*
 * A window's base at @p, "0x%016lx" as the tracer writes it (the 0x
 * optional), the line's end after: 0, or -1 (a malformed base, which
 * sscanf's "%llx" let go: the window unset, its accesses taken as
 * global).
 */
static int tg_base(struct addr_stream *s, const char *p,
		   unsigned long long *base, const char *what)
{
	p += strspn(p, " \t");
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	p = trace_hex(p, base);
	return p && tg_end(p) ? 0 : addr_bad(s, what);
}

/* "-name = value" lines: dimensions, resources, windows, version, lineinfo. */
static int tg_header(struct addr_stream *s, struct traceg_state *t,
		     const char *b)
{
	unsigned long long v;

	/* another header is skipped, but it is one: "-NAME = VALUE" */
	if (!strchr(b, '='))
		return addr_bad(s, "not an Accel-Sim header line (-NAME = VALUE)");
	if (!strncmp(b, "-grid dim =", 11))
		return tg_dim(s, t, b + 11, true);
	if (!strncmp(b, "-block dim =", 12))
		return tg_dim(s, t, b + 12, false);
	if (!strncmp(b, "-nregs =", 8))
		return tg_res(s, t, b + 8, true);
	if (!strncmp(b, "-shmem =", 8))
		return tg_res(s, t, b + 8, false);
	if (!strncmp(b, "-shmem base_addr =", 18))
		return tg_base(s, b + 18, &t->shmem,
			       "bad -shmem base_addr: not a hexadecimal address");
	if (!strncmp(b, "-local mem base_addr =", 22))
		return tg_base(s, b + 22, &t->local,
			       "bad -local mem base_addr: not a hexadecimal address");
	if (!strncmp(b, "-accelsim tracer version =", 26)) {
		if (tg_count(b + 26, TG_MAX_VERSION, &v) || !v)
			return addr_bad(s, "unsupported tracer version (1-6)");
		t->syn.version = v < 3 ? 0 : (unsigned int)v;
		t->syn.prefix = v < 3;
		t->versioned = true;
	} else if (!strncmp(b, "-enable lineinfo =", 18)) {
		if (tg_count(b + 18, UINT_MAX, &v))
			return addr_bad(s, "bad -enable lineinfo: not a number (0: off)");
		t->syn.lineinfo = v;
	}
	return 0;
}

/*
 * The warp being read ends (the next warp, the block's end): as many
 * instruction lines as its "insts = N" line gave, if it had one.
 */
static int tg_warp_end(struct addr_stream *s, struct traceg_state *t)
{
	char why[160];

	if (t->insts_line && t->insts_got != t->insts_want) {
		snprintf(why, sizeof(why),
			 "warp %u has %llu instruction line%s, not the %llu of its insts line (line %llu)",
			 t->cur, t->insts_got, t->insts_got == 1 ? "" : "s",
			 t->insts_want, t->insts_line);
		return addr_bad(s, why);
	}
	t->insts_line = 0;
	t->insts_got = 0;
	return 0;
}

/* "insts = N": the count of the warp's instruction lines */
static int tg_insts_line(struct addr_stream *s, struct traceg_state *t,
			 const char *p)
{
	if (!t->in_tb)
		return addr_bad(s, "outside a thread block");
	if (t->cur == ~0U)
		return addr_bad(s, "insts outside a warp (before 'warp = N')");
	if (t->insts_line)
		return addr_bad(s, "a second insts line for the warp");
	if (tg_count(p, UINT_MAX, &t->insts_want))
		return addr_bad(s, "bad insts: not a count of instruction lines");
	t->insts_line = s->line;
	return 0;
}

/* An instruction line of the warp: no more than its insts line gave. */
static int tg_inst_line(struct addr_stream *s, struct traceg_state *t)
{
	char why[160];

	if (t->insts_line && t->insts_got == t->insts_want) {
		snprintf(why, sizeof(why),
			 "warp %u has more instruction lines than the %llu of its insts line (line %llu)",
			 t->cur, t->insts_want, t->insts_line);
		return addr_bad(s, why);
	}
	t->insts_got++;
	return tg_inst(s, t);
}

static int tg_warp_line(struct addr_stream *s, struct traceg_state *t,
			const char *p)
{
	unsigned long long warp, wpb;
	char why[160];
	size_t cap;

	if (!t->in_tb)
		return addr_bad(s, "a warp outside a thread block");
	if (tg_count(p, TG_MAX_WARPS - 1, &warp))
		return addr_bad(s, "bad warp");
	if (tg_warp_end(s, t))
		return -1;
	wpb = tg_block_warps(t);
	if (t->block[0] && warp >= wpb) {
		snprintf(why, sizeof(why),
			 "warp %llu past the %llu warp%s of -block dim (line %llu)",
			 warp, wpb, wpb == 1 ? "" : "s", t->block_line);
		return addr_bad(s, why);
	}
	if (t->cur != ~0U && warp <= t->cur) {
		if (warp == t->cur)
			snprintf(why, sizeof(why),
				 "warp %llu listed twice in the block: Accel-Sim writes each warp once",
				 warp);
		else
			snprintf(why, sizeof(why),
				 "warp %llu after warp %u: Accel-Sim writes a block's warps in order (0, 1, 2, ...)",
				 warp, t->cur);
		return addr_bad(s, why);
	}
	if (warp >= t->nwarps) {
		cap = t->capwarps;
		t->warps = tg_grow(t->warps, &cap, warp + 1, sizeof(*t->warps));
		memset(t->warps + t->capwarps, 0,
		       (cap - t->capwarps) * sizeof(*t->warps));
		t->capwarps = cap;
		t->nwarps = (unsigned int)warp + 1;
	}
	t->cur = (unsigned int)warp;
	t->listed[warp / 64] |= 1ULL << (warp % 64);
	s->tc.warps++;
	if (t->k && tg_kernel_warp(t->k, t->cur))
		return addr_bad(s, "out of memory");
	if (warp + 1 > t->maxw) {
		t->maxw = (unsigned int)warp + 1;
		if (!t->block[0])
			return tg_fit(s, t);
	}
	return 0;
}

/* Block id @v (x, y, z) as a key for the table of ids seen */
static unsigned long long tg_key(const unsigned long long v[3])
{
	return v[0] | v[1] << 31 | v[2] << 47;	/* below 2^31, 2^16, 2^16 */
}

static size_t tg_hash(unsigned long long key, size_t cap)
{
	return (size_t)((key * 0x9e3779b97f4a7c15ULL) >> 17) & (cap - 1);
}

/* The table of ids seen, twice the size (open addressing, half full). */
static void tg_seen_grow(struct traceg_state *t)
{
	size_t cap = t->capseen ? 2 * t->capseen : 64, i, j;
	struct tg_seen *n = calloc(cap, sizeof(*n));

	if (!n) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	for (i = 0; i < t->capseen; i++) {
		if (!t->seen[i].key)
			continue;
		for (j = tg_hash(t->seen[i].key, cap); n[j].key;
		     j = (j + 1) & (cap - 1))
			;
		n[j] = t->seen[i];
	}
	free(t->seen);
	t->seen = n;
	t->capseen = cap;
}

/*
 * Block @v, listed at @line: each id once (a repeat was run twice, or
 * in file order emitted twice); scheduled, the grid it may widen.
 */
static int tg_block_seen(struct addr_stream *s, struct traceg_state *t,
			 const unsigned long long v[3],
			 unsigned long long line)
{
	unsigned long long key = tg_key(v) + 1;	/* 0: a free slot */
	char why[160];
	size_t i;
	int d;

	if (2 * (t->nseen + 1) > t->capseen)
		tg_seen_grow(t);
	for (i = tg_hash(key, t->capseen); t->seen[i].key;
	     i = (i + 1) & (t->capseen - 1)) {
		if (t->seen[i].key != key)
			continue;
		snprintf(why, sizeof(why),
			 "thread block %llu,%llu,%llu is listed twice (first at line %llu)",
			 v[0], v[1], v[2], t->seen[i].line);
		return addr_bad(s, why);
	}
	t->seen[i] = (struct tg_seen){ key, line };
	t->nseen++;
	for (d = 0; d < 3; d++)
		if (v[d] + 1 > t->span[d])
			t->span[d] = (unsigned int)v[d] + 1;
	return tg_grid_size(s, t);
}

/* "thread block = x,y,z": the block's id, once */
static int tg_block_line(struct addr_stream *s, struct traceg_state *t,
			 const char *b)
{
	static const unsigned long long max[3] = { TG_GRID_X - 1,
						   TG_GRID_YZ - 1,
						   TG_GRID_YZ - 1 };
	unsigned long long v[3];

	if (!t->in_tb)
		return addr_bad(s, "outside a thread block");
	if (t->have_id)
		return addr_bad(s, "a second thread block line in the block");
	if (tg_triple(b, false, max, v))
		return addr_bad(s, "bad thread block: not x,y,z, x below 2147483647, y and z below 65535");
	t->have_id = true;
	memcpy(t->id, v, sizeof(t->id));
	if (t->k)
		tg_kernel_block_id(t->k, (unsigned int)v[0],
				   (unsigned int)v[1], (unsigned int)v[2]);
	return tg_block_seen(s, t, v, s->line);
}

static int tg_begin_block(struct addr_stream *s, struct traceg_state *t)
{
	if (t->in_tb)
		return addr_bad(s, "#BEGIN_TB inside a block");
	t->in_tb = true;
	t->have_id = false;
	memset(t->listed, 0, sizeof(t->listed));
	t->cur = ~0U;
	t->tb_line = s->line;
	t->nblocks++;
	if (t->k && tg_kernel_block(t->k))
		return addr_bad(s, "out of memory");
	return 0;
}

/*
 * The block @id ends: no warp missing below the last it listed.
 * Accel-Sim (A: below is accel-sim-framework@2260456) writes every warp
 * of a block, an empty one as "insts = 0"
 * (A:util/tracer_nvbit/tracer_tool/traces-processing/
 * post-traces-processing.cpp:173-181), and stops on a missing one: its
 * parser empties each warp of the CTA and fills those listed
 * (A:gpu-simulator/trace-parser/trace_parser.cc:364-366, 402-416), then
 * init_traces() takes each warp's first PC
 * (A:gpu-simulator/trace-driven/trace_driven.cc:583) and
 * get_start_trace_pc() asserts the warp has one (trace_driven.cc:79;
 * so it stops on an empty warp too, which pwcsim reads as a warp of no
 * instruction).  Refused, as a warp past -block dim is: no tool writes
 * such a block.  With -block dim, whose warps post-traces-processing
 * writes each (its warp_insts_array is sized from it: :128-131), a block
 * ending before its last warp is refused too, a block of no warp with
 * it; without -block dim the block's warps are those it lists.
 */
static int tg_block_complete(struct addr_stream *s, struct traceg_state *t,
			     const unsigned long long id[3])
{
	unsigned long long w, end = 0, gap = TG_MAX_WARPS;	/* end: last + 1 */
	unsigned long long wpb = tg_block_warps(t);
	char why[240];

	for (w = 0; w < TG_MAX_WARPS; w++) {
		if (t->listed[w / 64] >> (w % 64) & 1)
			end = w + 1;
		else if (gap == TG_MAX_WARPS)
			gap = w;
	}
	if (gap < end)
		snprintf(why, sizeof(why),
			 "thread block %llu,%llu,%llu lists warp %llu but no warp %llu: Accel-Sim writes every warp of a block, an empty one as 'insts = 0'",
			 id[0], id[1], id[2], end - 1, gap);
	else if (t->block[0] && end < wpb)
		snprintf(why, sizeof(why),
			 "thread block %llu,%llu,%llu lists %llu of the %llu warps of -block dim (line %llu): Accel-Sim writes every warp of a block, an empty one as 'insts = 0'",
			 id[0], id[1], id[2], end, wpb, t->block_line);
	else
		return 0;
	return addr_bad(s, why);
}

/*
 * "#END_TB": a block without its "thread block" line is the next in file
 * order (tg_kernel_block()), x its index, an id like any other.
 */
static int tg_end_block(struct addr_stream *s, struct traceg_state *t)
{
	const unsigned long long v[3] = { t->nblocks - 1, 0, 0 };

	if (!t->in_tb)
		return addr_bad(s, "#END_TB outside a block");
	if (tg_warp_end(s, t) ||
	    (!t->have_id && tg_block_seen(s, t, v, t->tb_line)) ||
	    tg_block_complete(s, t, t->have_id ? t->id : v))
		return -1;
	t->in_tb = false;
	if (!t->k)
		tg_flush_block(t);
	return 0;
}

/*
 * The file's end: the blocks of its -grid dim that it lists.  Accel-Sim's
 * post-traces-processing writes each block that ran a traced instruction,
 * in block-id order (x fastest), and the tracer traces every instruction
 * unless INSTR_BEGIN/INSTR_END narrowed it: fewer blocks is a trace cut
 * short after an #END_TB, or such a narrowed trace, which cannot be told
 * apart here -- said (a warning, once a stream, none when s->quiet), not
 * refused.  Blocks past the grid (it widened) are not counted.
 */
static void tg_count_blocks(struct addr_stream *s, struct traceg_state *t)
{
	unsigned long long want, have = 0, key;
	size_t i;

	if (t->counted || !t->grid[0])
		return;
	t->counted = true;
	want = (unsigned long long)t->grid[0] * t->grid[1] * t->grid[2];
	for (i = 0; i < t->capseen; i++) {
		key = t->seen[i].key - 1;	/* tg_key()'s x | y << 31 | z << 47 */
		if (t->seen[i].key && (key & 0x7fffffffULL) < t->grid[0] &&
		    (key >> 31 & 0xffffULL) < t->grid[1] &&
		    key >> 47 < t->grid[2])
			have++;
	}
	if (have < want && !s->quiet)
		fprintf(stderr, "pwcsim: warning: %s: %llu of the %llu thread blocks of -grid dim (%u,%u,%u) listed: cut short after an #END_TB? (Accel-Sim's tracer writes them all unless INSTR_BEGIN/INSTR_END narrowed it)\n",
			s->name, have, want, t->grid[0], t->grid[1],
			t->grid[2]);
}

/* One line; 0 or -1 (printed). */
static int tg_line(struct addr_stream *s, struct traceg_state *t)
{
	const char *b = s->buf + strspn(s->buf, " \t");

	if (b[0] == '-')
		return tg_header(s, t, b);
	if (!strncmp(b, "#BEGIN_TB", 9))
		return tg_begin_block(s, t);
	if (!strncmp(b, "#END_TB", 7))
		return tg_end_block(s, t);
	if (b[0] == '#' || !strcspn(b, "\r\n"))
		return 0;
	if (!strncmp(b, "thread block = ", 15))
		return tg_block_line(s, t, b + 15);
	if (!strncmp(b, "insts = ", 8))
		return tg_insts_line(s, t, b + 8);
	if (!strncmp(b, "warp = ", 7))
		return tg_warp_line(s, t, b + 7);
	if (!t->in_tb)
		return addr_bad(s, "an instruction outside a thread block (a raw kernel-N.trace needs Accel-Sim's post-traces-processing)");
	if (t->cur == ~0U)
		return addr_bad(s, "an instruction outside a warp (before 'warp = N')");
	return tg_inst_line(s, t);
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
			tg_count_blocks(s, t);
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
			if (r == 0)
				tg_count_blocks(s, t);
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
	free(t->seen);
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
