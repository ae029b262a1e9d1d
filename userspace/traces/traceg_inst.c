// SPDX-License-Identifier: GPL-2.0
/*
 * traceg_inst.c - decoding one Accel-Sim instruction line (traceg_inst.h).
 * The address formats, as the tracer's compressors write them:
 *
 *   0  one hexadecimal address per active lane;
 *   1  base (hex) and stride (decimal): the first active lane has the
 *      base, each following active lane the previous one's plus the
 *      stride (the tracer uses it only when the active lanes are
 *      contiguous);
 *   2  base (hex), then one decimal delta for each active lane after the
 *      first, each from the previous active lane's address.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "traces/traceg_inst.h"

struct tok {
	const char *p;		/* the rest of the line */
	const char *s;		/* the current token */
	size_t len;
};

static bool tok_next(struct tok *t)
{
	t->p += strspn(t->p, " \t\r\n");
	t->s = t->p;
	t->len = strcspn(t->p, " \t\r\n");
	t->p += t->len;
	return t->len > 0;
}

/* The next token as a number in @base (signed if @sgn); whole or fail. */
static bool tok_num(struct tok *t, int base, bool sgn, unsigned long long *v)
{
	char buf[40], *end;
	long long sv;

	if (!tok_next(t) || t->len >= sizeof(buf))
		return false;
	memcpy(buf, t->s, t->len);
	buf[t->len] = '\0';
	if (buf[0] == '+' || (buf[0] == '-' && !sgn))
		return false;
	errno = 0;
	if (sgn) {
		sv = strtoll(buf, &end, base);
		*v = (unsigned long long)sv;
	} else {
		*v = strtoull(buf, &end, base);
	}
	return !errno && end != buf && !*end;
}

static bool tok_skip(struct tok *t, unsigned long long n)
{
	while (n--)
		if (!tok_next(t))
			return false;
	return true;
}

/*
 * Why the number tok_num() just refused is wrong: @missing when the line
 * ended, else @bad (not a number, or over 64 bits).
 */
static const char *tok_why(const struct tok *t, const char *missing,
			   const char *bad)
{
	return t->len ? bad : missing;
}

#define TG_BAD_ADDR "bad address (hex, at most 64 bits)"
#define TG_BAD_STRIDE "bad stride (a signed decimal of 64 bits)"

static int tg_addresses(struct tok *t, struct tg_inst *in, const char **why)
{
	unsigned long long fmt, x = 0, d = 0;
	unsigned int lane;

	if (!tok_num(t, 10, false, &fmt) || fmt > 2)
		return *why = "bad address format (0, 1 or 2)", -1;
	for (lane = 0; lane < TG_WARP; lane++) {
		if (!(in->mask & (1U << lane)))
			continue;
		if (fmt == 0 || !in->n) {
			if (!tok_num(t, 16, false, &x))
				return *why = tok_why(t, fmt ? "missing base address" :
						      "missing address", TG_BAD_ADDR), -1;
			if (fmt == 1 && !tok_num(t, 10, true, &d))
				return *why = tok_why(t, "missing stride",
						      TG_BAD_STRIDE), -1;
		} else if (fmt == 1) {
			x += d;
		} else {
			if (!tok_num(t, 10, true, &d))
				return *why = tok_why(t, "missing delta",
						      "bad delta (a signed decimal of 64 bits)"), -1;
			x += d;
		}
		in->addr[in->n++] = x;
	}
	if (!in->n) {			/* no active lane: base (+ stride) */
		if (fmt && !tok_num(t, 16, false, &x))
			return *why = tok_why(t, "missing base address",
					      TG_BAD_ADDR), -1;
		if (fmt == 1 && !tok_num(t, 10, true, &d))
			return *why = tok_why(t, "missing stride",
					      TG_BAD_STRIDE), -1;
	}
	return 0;
}

/*
 * @n register operands: each R<n> (R255 is RZ, no register) into *@regs
 * as bit n % 64; others (P, UR, ...) are not tracked.
 */
static bool tg_regs(struct tok *t, unsigned long long n,
		    unsigned long long *regs)
{
	unsigned long long r;
	char *end;

	while (n--) {
		if (!tok_next(t))
			return false;
		if (t->len < 2 || t->len > 4 || t->s[0] != 'R' ||
		    t->s[1] < '0' || t->s[1] > '9')
			continue;
		r = strtoull(t->s + 1, &end, 10);
		if (end == t->s + t->len && r < 255)
			*regs |= 1ULL << (r % 64);
	}
	return true;
}

/* Anything left on the line? */
static bool tok_more(const struct tok *t)
{
	return t->p[strspn(t->p, " \t\r\n")] != '\0';
}

/* What follows the addresses, by tracer version (0: any of them). */
static int tg_tail(struct tok *t, unsigned int version, const char **why)
{
	unsigned long long v;

	if (version == 3 || (version == 0 && !tok_more(t)))
		goto end;
	if (!tok_more(t))
		return *why = "missing immediate (tracer versions 4-6 end every line with it)", -1;
	if (!tok_num(t, 10, true, &v))
		return *why = version ? "bad immediate" : "trailing characters", -1;
	if (version == 4 || version == 5 || (version == 0 && !tok_more(t)))
		goto end;
	if (!tok_num(t, 10, true, &v))
		return *why = version ? "missing second immediate (tracer version 6)" :
		       "trailing characters", -1;
	if (!tok_next(t))
		return *why = "missing Val or NoVal (tracer version 6)", -1;
	if (t->len == 3 && !strncmp(t->s, "Val", 3)) {
		while (tok_more(t))
			if (!tok_num(t, 16, false, &v))
				return *why = "bad destination value", -1;
	} else if (t->len != 5 || strncmp(t->s, "NoVal", 5)) {
		return *why = "expected Val or NoVal (tracer version 6)", -1;
	}
end:
	if (tok_more(t))
		return *why = "trailing characters", -1;
	return 0;
}

int tg_parse_inst(const char *line, const struct tg_syntax *syn,
		  struct tg_inst *in, const char **why)
{
	struct tok t = { .p = line };
	unsigned long long v, width;

	memset(in, 0, sizeof(*in) - sizeof(in->addr));
	if (syn->prefix && !tok_skip(&t, 4))
		return *why = "no thread block and warp prefix", -1;
	if (syn->lineinfo && !tok_num(&t, 10, false, &v))
		return *why = "no line number (-enable lineinfo = 1)", -1;
	if (!tok_num(&t, 16, false, &v) || v > 0xffffffffULL)
		return *why = "no PC", -1;
	in->pc = v;
	if (!tok_num(&t, 16, false, &v) || v > 0xffffffffULL)
		return *why = "bad active mask", -1;
	in->mask = v;
	if (!tok_num(&t, 10, false, &v) || v > 8 || !tg_regs(&t, v, &in->dst))
		return *why = "bad destination count", -1;
	if (!tok_next(&t) || t.len >= sizeof(in->op) ||
	    !((*t.s >= 'A' && *t.s <= 'Z') || (*t.s >= 'a' && *t.s <= 'z')))
		return *why = "no opcode", -1;
	memcpy(in->op, t.s, t.len);
	in->op[t.len] = '\0';
	if (!tok_num(&t, 10, false, &v) || v > 64 || !tg_regs(&t, v, &in->src))
		return *why = "bad source count", -1;
	if (!tok_num(&t, 10, false, &width))
		return *why = "no memory width", -1;
	if (width && tg_addresses(&t, in, why))
		return -1;
	return tg_tail(&t, syn->version, why);
}
