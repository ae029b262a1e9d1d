// SPDX-License-Identifier: GPL-2.0
/*
 * trace_formats.c - valgrind lackey and Accel-Sim .traceg readers
 * (trace_formats.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr_stream.h"
#include "trace_formats.h"

static int trace_bad(struct addr_stream *s, const char *what)
{
	size_t len = strcspn(s->buf, "\r\n");

	fprintf(stderr, "pwcsim: %s:%llu: %s: '%.*s'\n", s->name, s->line,
		what, (int)(len > 60 ? 60 : len), s->buf);
	return -1;
}

/*
 * lackey: "I  ADDR,SIZE" (an instruction fetch), " L ADDR,SIZE",
 * " S ADDR,SIZE", " M ADDR,SIZE" (load, store, modify); valgrind's own
 * "==PID==" lines are skipped.
 */
int lackey_next(struct addr_stream *s, unsigned long long *va)
{
	char *p, *end;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf;
		if (!strncmp(p, "==", 2) || !strcspn(p, "\r\n"))
			continue;
		if (!strncmp(p, "I  ", 3)) {
			if (!s->with_ifetch)
				continue;
			p += 3;
		} else if (p[0] == ' ' && strchr("LSM", p[1]) && p[1] &&
			   p[2] == ' ') {
			p += 3;
		} else {
			return trace_bad(s, "not a lackey line");
		}
		errno = 0;
		*va = strtoull(p, &end, 16);
		if (errno || end == p || *end != ',' || !isdigit(end[1]))
			return trace_bad(s, "not a lackey access");
		s->count++;
		return 1;
	}
	return r;
}

/* ---- Accel-Sim .traceg ---- */

#define TG_WARP 32
#define TG_WINDOW (16ULL << 20)	/* shared and local windows' size */

struct tg_warp {
	unsigned long long *seg;	/* coalesced segments, in order */
	unsigned int *inst_end;		/* per memory instruction: end index */
	size_t nseg, capseg, ninst, capinst, next_inst;
};

struct traceg_state {
	unsigned long long shmem, local;
	struct tg_warp *warps;
	unsigned int nwarps, cur;
	size_t capwarps;
	bool in_tb;
	/* the block being emitted, warps interleaved */
	unsigned long long *out;
	size_t nout, outpos;
};

static void *tg_grow(void *p, size_t *cap, size_t need, size_t size)
{
	size_t n = *cap ? *cap : 16;

	if (need <= *cap)
		return p;
	while (n < need)
		n *= 2;
	p = realloc(p, n * size);
	if (!p) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	*cap = n;
	return p;
}

/* 1: a global access; 2: generic (global unless in a window); 0: not. */
static int tg_kind(const char *op)
{
	size_t n = strcspn(op, ".");

	if ((n == 3 && (!strncmp(op, "LDG", 3) || !strncmp(op, "STG", 3) ||
			!strncmp(op, "RED", 3))) ||
	    (n >= 4 && !strncmp(op, "ATOM", 4) && op[4] != 'S'))
		return 1;
	if (n == 2 && (!strncmp(op, "LD", 2) || !strncmp(op, "ST", 2)))
		return 2;
	return 0;
}

static bool tg_in_window(const struct traceg_state *t, unsigned long long va)
{
	return (t->shmem && va >= t->shmem && va < t->shmem + TG_WINDOW) ||
	       (t->local && va >= t->local && va < t->local + TG_WINDOW);
}

/* Parse one instruction line into the current warp's segments. */
static int tg_inst(struct addr_stream *s, struct traceg_state *t)
{
	unsigned long long addr[TG_WARP], base, x, seg;
	struct tg_warp *w = &t->warps[t->cur];
	unsigned int mask, nd, ns, i, j, n = 0, width, fmt;
	int kind;
	char op[64], *p = s->buf, *end;
	long long delta;

	errno = 0;
	strtoull(p, &end, 16);				/* PC */
	if (end == p)
		return trace_bad(s, "no PC");
	mask = strtoul(end, &p, 16);
	if (p == end)
		return trace_bad(s, "no active mask");
	nd = strtoul(p, &end, 10);
	if (end == p || nd > 8)
		return trace_bad(s, "bad destination count");
	for (i = 0; i < nd; i++) {			/* register names */
		while (isspace((unsigned char)*end))
			end++;
		end += strcspn(end, " \t\r\n");
	}
	if (sscanf(end, "%63s", op) != 1)
		return trace_bad(s, "no opcode");
	p = strstr(end, op) + strlen(op);
	ns = strtoul(p, &end, 10);
	if (end == p || ns > 8)
		return trace_bad(s, "bad source count");
	for (i = 0; i < ns; i++) {
		while (isspace((unsigned char)*end))
			end++;
		end += strcspn(end, " \t\r\n");
	}
	width = strtoul(end, &p, 10);
	if (p == end)
		return trace_bad(s, "no memory width");
	if (!width)
		return 0;
	fmt = strtoul(p, &end, 10);
	if (end == p || fmt > 2)
		return trace_bad(s, "bad address format");
	p = end;
	if (fmt == 0) {			/* one address per active thread */
		for (i = 0; i < TG_WARP; i++) {
			if (!(mask & (1U << i)))
				continue;
			addr[n++] = strtoull(p, &end, 0);
			if (end == p)
				return trace_bad(s, "missing address");
			p = end;
		}
	} else {
		base = strtoull(p, &end, 0);
		if (end == p)
			return trace_bad(s, "missing base address");
		p = end;
		if (fmt == 1) {		/* base + lane x stride */
			delta = strtoll(p, &end, 10);
			if (end == p)
				return trace_bad(s, "missing stride");
			p = end;
			for (i = 0; i < TG_WARP; i++)
				if (mask & (1U << i))
					addr[n++] = base + (long long)i * delta;
		} else {		/* base, then deltas */
			x = base;
			for (i = 0; i < TG_WARP; i++) {
				if (!(mask & (1U << i)))
					continue;
				if (n) {
					delta = strtoll(p, &end, 10);
					if (end == p)
						return trace_bad(s, "missing delta");
					p = end;
					x += delta;
				}
				addr[n++] = x;
			}
		}
	}
	while (isspace((unsigned char)*p))
		p++;
	if (*p)
		return trace_bad(s, "trailing characters");
	kind = tg_kind(op);
	if (!n || !kind)
		return 0;
	/* coalesce into 128-byte segments, in order of first appearance */
	for (i = 0; i < n; i++) {
		if (kind == 2 && tg_in_window(t, addr[i]))
			continue;
		seg = addr[i] & ~127ULL;
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
	t->out = NULL;
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

static int tg_header(struct addr_stream *s, struct traceg_state *t)
{
	const char *p;

	if ((p = strstr(s->buf, "-shmem base_addr = ")))
		t->shmem = strtoull(p + 19, NULL, 0);
	else if ((p = strstr(s->buf, "-local mem base_addr = ")))
		t->local = strtoull(p + 23, NULL, 0);
	return 0;
}

int traceg_next(struct addr_stream *s, unsigned long long *va)
{
	struct traceg_state *t = s->tg;
	unsigned int warp;
	size_t cap;
	int r;

	if (!t) {
		t = s->tg = calloc(1, sizeof(*t));
		if (!t)
			return -1;
	}
	while (t->outpos == t->nout) {
		r = addr_read_line(s);
		if (r <= 0) {
			if (r == 0 && t->in_tb)
				return trace_bad(s, "the file ends inside a thread block");
			return r;
		}
		if (s->buf[0] == '-') {
			tg_header(s, t);
		} else if (!strncmp(s->buf, "#BEGIN_TB", 9)) {
			if (t->in_tb)
				return trace_bad(s, "#BEGIN_TB inside a block");
			t->in_tb = true;
			t->cur = ~0U;
		} else if (!strncmp(s->buf, "#END_TB", 7)) {
			if (!t->in_tb)
				return trace_bad(s, "#END_TB outside a block");
			t->in_tb = false;
			tg_flush_block(t);
		} else if (s->buf[0] == '#' || !strcspn(s->buf, "\r\n") ||
			   !strncmp(s->buf, "thread block = ", 15) ||
			   !strncmp(s->buf, "insts = ", 8)) {
			continue;
		} else if (sscanf(s->buf, "warp = %u", &warp) == 1) {
			if (!t->in_tb || warp > 1023)
				return trace_bad(s, "bad warp");
			if (warp >= t->nwarps) {
				cap = t->capwarps;
				t->warps = tg_grow(t->warps, &cap, warp + 1,
						   sizeof(*t->warps));
				memset(t->warps + t->capwarps, 0,
				       (cap - t->capwarps) * sizeof(*t->warps));
				t->capwarps = cap;
				t->nwarps = warp + 1;
			}
			t->cur = warp;
		} else {
			if (!t->in_tb || t->cur == ~0U)
				return trace_bad(s, "an instruction outside a warp");
			if (tg_inst(s, t))
				return -1;
		}
	}
	*va = t->out[t->outpos++];
	s->count++;
	return 1;
}

void traceg_free(struct addr_stream *s)
{
	struct traceg_state *t = s->tg;
	unsigned int i;

	if (!t)
		return;
	for (i = 0; i < t->capwarps; i++) {
		free(t->warps[i].seg);
		free(t->warps[i].inst_end);
	}
	free(t->warps);
	free(t->out);
	free(t);
	s->tg = NULL;
}
