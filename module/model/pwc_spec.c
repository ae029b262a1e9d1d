// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_spec.c - model specs ("cpwc:l4=2,l3=4,blocks=62,ways=1"): parsing
 * with a message that names the problem, the canonical form, the storage
 * accounting of each model and sizing to a storage budget.
 */
#include "pwc.h"

static const char *const pwc_kind_names[PWC_KIND_COUNT] = {
	[PWC_KIND_NONE] = "none",
	[PWC_KIND_IDEAL] = "ideal",
	[PWC_KIND_TPC] = "tpc",
	[PWC_KIND_CPWC] = "cpwc",
	[PWC_KIND_STC] = "stc",
	[PWC_KIND_UPTC] = "uptc",
};

const char *pwc_kind_name(enum pwc_kind kind)
{
	return kind < PWC_KIND_COUNT ? pwc_kind_names[kind] : "?";
}

/* A parameter: its name and where it lives in struct pwc_config. */
struct pwc_param {
	const char *name;
	u32 *field;
};

static void pwc_defaults(enum pwc_kind kind, struct pwc_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->kind = kind;
	switch (kind) {
	case PWC_KIND_TPC:	/* the paper's 5,280-bit configurations */
		cfg->entries = 24;
		break;
	case PWC_KIND_UPTC:
		cfg->entries = 46;
		break;
	case PWC_KIND_CPWC:
		cfg->e[5] = 1;
		cfg->e[4] = 2;
		cfg->e[3] = 4;
		cfg->blocks = 62;
		cfg->ways = 1;
		break;
	case PWC_KIND_STC:
		cfg->e[5] = 1;
		cfg->e[4] = 5;
		cfg->e[3] = 10;
		cfg->e[2] = 40;
		break;
	default:
		break;
	}
}

static unsigned int pwc_params(struct pwc_config *cfg, struct pwc_param *p)
{
	switch (cfg->kind) {
	case PWC_KIND_TPC:
	case PWC_KIND_UPTC:
		p[0] = (struct pwc_param){ "entries", &cfg->entries };
		return 1;
	case PWC_KIND_CPWC:
		p[0] = (struct pwc_param){ "l4", &cfg->e[4] };
		p[1] = (struct pwc_param){ "l3", &cfg->e[3] };
		p[2] = (struct pwc_param){ "blocks", &cfg->blocks };
		p[3] = (struct pwc_param){ "ways", &cfg->ways };
		p[4] = (struct pwc_param){ "l5", &cfg->e[5] };
		return 5;
	case PWC_KIND_STC:
		p[0] = (struct pwc_param){ "l4", &cfg->e[4] };
		p[1] = (struct pwc_param){ "l3", &cfg->e[3] };
		p[2] = (struct pwc_param){ "l2", &cfg->e[2] };
		p[3] = (struct pwc_param){ "l5", &cfg->e[5] };
		return 4;
	default:
		return 0;
	}
}

#define pwc_err(...) do { if (errlen) snprintf(err, errlen, __VA_ARGS__); } \
	while (0)

static int pwc_check(const struct pwc_config *c, char *err, size_t errlen)
{
	unsigned int k;

	if (c->kind != PWC_KIND_CPWC)
		return 0;
	for (k = 3; k <= 5; k++) {
		if (!is_power_of_2(c->e[k])) {
			pwc_err("cpwc: l%u=%u is not a power of two", k,
				c->e[k]);
			return -EINVAL;
		}
	}
	for (k = 3; k <= 4; k++) {
		if (c->e[k] < c->e[k + 1] || c->e[k] / c->e[k + 1] > 512) {
			pwc_err("cpwc: l%u/l%u = %u/%u must be a power of two from 1 to 512",
				k, k + 1, c->e[k], c->e[k + 1]);
			return -EINVAL;
		}
	}
	if ((u64)c->blocks * c->ways > PWC_MAX_ENTRIES) {
		pwc_err("cpwc: blocks x ways = %llu is over the cap %u",
			(u64)c->blocks * c->ways, PWC_MAX_ENTRIES);
		return -EINVAL;
	}
	if ((u64)c->blocks * c->e[3] > (1ULL << 24)) {
		pwc_err("cpwc: l3 x blocks = %llu mask bits is over the cap %llu",
			(u64)c->blocks * c->e[3], 1ULL << 24);
		return -EINVAL;
	}
	return 0;
}

int pwc_parse_spec(const char *spec, struct pwc_config *cfg, char *err,
		   size_t errlen)
{
	struct pwc_param params[8];
	unsigned int n, i, seen = 0;
	const char *p = spec, *name;
	size_t len;
	int kind;
	u64 v;

	if (errlen)
		err[0] = '\0';
	for (len = 0; p[len] && p[len] != ':'; len++)
		;
	for (kind = 0; kind < PWC_KIND_COUNT; kind++)
		if (strlen(pwc_kind_names[kind]) == len &&
		    !memcmp(p, pwc_kind_names[kind], len))
			break;
	if (kind == PWC_KIND_COUNT) {
		pwc_err("unknown model '%.*s' (none, ideal, tpc, cpwc, stc, uptc)",
			(int)(len > 32 ? 32 : len), p);
		return -EINVAL;
	}
	pwc_defaults(kind, cfg);
	n = pwc_params(cfg, params);
	p += len;
	if (!*p)
		return pwc_check(cfg, err, errlen);
	p++;				/* ':' */
	if (!n) {
		pwc_err("%s takes no parameters", pwc_kind_names[kind]);
		return -EINVAL;
	}
	for (;;) {
		name = p;
		for (len = 0; p[len] && p[len] != '=' && p[len] != ','; len++)
			;
		for (i = 0; i < n; i++)
			if (strlen(params[i].name) == len &&
			    !memcmp(name, params[i].name, len))
				break;
		if (i == n) {
			pwc_err("%s: unknown parameter '%.*s'",
				pwc_kind_names[kind], (int)(len > 32 ? 32 : len),
				name);
			return -EINVAL;
		}
		if (seen & (1U << i)) {
			pwc_err("%s: %s given twice", pwc_kind_names[kind],
				params[i].name);
			return -EINVAL;
		}
		seen |= 1U << i;
		p += len;
		if (*p != '=' || p[1] < '0' || p[1] > '9') {
			pwc_err("%s: %s needs a decimal value",
				pwc_kind_names[kind], params[i].name);
			return -EINVAL;
		}
		for (v = 0, p++; *p >= '0' && *p <= '9'; p++) {
			v = v * 10 + (*p - '0');
			if (v > PWC_MAX_ENTRIES)
				break;
		}
		if (v > PWC_MAX_ENTRIES) {
			pwc_err("%s: %s is over the cap %u",
				pwc_kind_names[kind], params[i].name,
				PWC_MAX_ENTRIES);
			return -EINVAL;
		}
		if (!v) {
			pwc_err("%s: %s must not be zero",
				pwc_kind_names[kind], params[i].name);
			return -EINVAL;
		}
		*params[i].field = v;
		if (!*p)
			break;
		if (*p != ',' || !p[1]) {
			pwc_err("%s: unexpected '%.16s' after %s",
				pwc_kind_names[kind], p, params[i].name);
			return -EINVAL;
		}
		p++;
	}
	return pwc_check(cfg, err, errlen);
}

bool pwc_spec_is_bare(const char *spec)
{
	return !strchr(spec, ':');
}

int pwc_format_spec(const struct pwc_config *cfg, char *buf, size_t len)
{
	int n;

	switch (cfg->kind) {
	case PWC_KIND_TPC:
	case PWC_KIND_UPTC:
		return snprintf(buf, len, "%s:entries=%u",
				pwc_kind_name(cfg->kind), cfg->entries);
	case PWC_KIND_CPWC:
		n = snprintf(buf, len, "cpwc:l4=%u,l3=%u,blocks=%u,ways=%u",
			     cfg->e[4], cfg->e[3], cfg->blocks, cfg->ways);
		break;
	case PWC_KIND_STC:
		n = snprintf(buf, len, "stc:l4=%u,l3=%u,l2=%u", cfg->e[4],
			     cfg->e[3], cfg->e[2]);
		break;
	default:
		return snprintf(buf, len, "%s", pwc_kind_name(cfg->kind));
	}
	if (cfg->e[5] != 1 && n >= 0 && (size_t)n < len)
		n += snprintf(buf + n, len - n, ",l5=%u", cfg->e[5]);
	return n;
}

/* One entry: valid bit, tags of (levels - k + 1) levels, a 64-bit base. */
static u64 pwc_tagged_entry_bits(unsigned int levels, unsigned int k)
{
	return 1 + 9 * (levels - k + 1) + 64;
}

u64 pwc_bits(const struct pwc_config *c, unsigned int levels)
{
	u64 bits = 0;
	unsigned int k;

	switch (c->kind) {
	case PWC_KIND_TPC:	/* 1 + (levels-1) x (9 + 64): 220 at 4 levels */
		return (u64)c->entries * (1 + (levels - 1) * (9 + 64));
	case PWC_KIND_UPTC:	/* 1 + 49 (PA tag, bits 51:3) + 64 */
		return (u64)c->entries * (1 + 49 + 64);
	case PWC_KIND_CPWC:	/* 74 E4 + (74 + B) E3 + 74 B W (+ 74 E5) */
		bits = 74ULL * c->e[4] + (74ULL + c->blocks) * c->e[3] +
		       74ULL * c->blocks * c->ways;
		if (levels == 5)
			bits += 74ULL * c->e[5];
		return bits;
	case PWC_KIND_STC:
		for (k = 2; k <= levels; k++)
			bits += c->e[k] * pwc_tagged_entry_bits(levels, k);
		return bits;
	case PWC_KIND_IDEAL:
		return PWC_BITS_UNBOUNDED;
	default:
		return 0;
	}
}

/*
 * The largest configuration within @bits.  TPC and UPTC grow entries; CPWC
 * keeps l4=2, l3=4, ways=1 (l5=1) and grows blocks; STC keeps the ratio
 * l4 : l3 : l2 = 1 : 2 : 8 (l5=1).  none and ideal ignore the budget.
 * -ENOSPC if not even the smallest fits, -ERANGE if the result is over
 * the cap.
 */
int pwc_size_for_budget(enum pwc_kind kind, u64 bits, unsigned int levels,
			struct pwc_config *cfg)
{
	struct pwc_config one;
	u64 fixed, step, n;

	pwc_defaults(kind, cfg);
	if (kind == PWC_KIND_NONE || kind == PWC_KIND_IDEAL)
		return 0;
	one = *cfg;
	switch (kind) {
	case PWC_KIND_TPC:
	case PWC_KIND_UPTC:
		one.entries = 0;
		fixed = 0;
		one.entries = 1;
		step = pwc_bits(&one, levels);
		break;
	case PWC_KIND_CPWC:
		one.blocks = 0;
		fixed = pwc_bits(&one, levels);
		one.blocks = 1;
		step = pwc_bits(&one, levels) - fixed;
		break;
	default:		/* STC */
		one.e[4] = 0;
		one.e[3] = 0;
		one.e[2] = 0;
		fixed = pwc_bits(&one, levels);
		one.e[4] = 1;
		one.e[3] = 2;
		one.e[2] = 8;
		step = pwc_bits(&one, levels) - fixed;
		break;
	}
	if (bits < fixed + step)
		return -ENOSPC;
	n = (bits - fixed) / step;
	if (n * (kind == PWC_KIND_STC ? 8 : 1) > PWC_MAX_ENTRIES)
		return -ERANGE;
	switch (kind) {
	case PWC_KIND_TPC:
	case PWC_KIND_UPTC:
		cfg->entries = n;
		break;
	case PWC_KIND_CPWC:
		cfg->blocks = n;
		return pwc_check(cfg, NULL, 0) ? -ERANGE : 0;
	default:
		cfg->e[4] = n;
		cfg->e[3] = 2 * n;
		cfg->e[2] = 8 * n;
		break;
	}
	return 0;
}
