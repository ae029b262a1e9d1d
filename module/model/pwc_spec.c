// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_spec.c - model specs ("cpwc:l4=2,l3=4,blocks=62,ways=1"): parsing
 * with a message that names the problem, the canonical form, storage and
 * sizing to a storage budget.  Model-independent: what a model's spec
 * holds, how it is checked, what it costs in bits and how it grows are
 * the model's ops (struct pwc_ops).
 */
#include "pwc.h"

#define pwc_err(...) do { if (errlen) snprintf(err, errlen, __VA_ARGS__); } \
	while (0)

static u32 *pwc_param_field(struct pwc_config *cfg, const struct pwc_param *p)
{
	return (u32 *)((char *)cfg + p->offset);
}

static u32 pwc_param_value(const struct pwc_config *cfg,
			   const struct pwc_param *p)
{
	return *(const u32 *)((const char *)cfg + p->offset);
}

static void pwc_defaults(enum pwc_kind kind, struct pwc_config *cfg)
{
	*cfg = pwc_kind_ops(kind)->defaults;
	cfg->kind = kind;
}

static int pwc_check(const struct pwc_config *cfg, char *err, size_t errlen)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);

	return ops->check ? ops->check(cfg, err, errlen) : 0;
}

int pwc_check_ways(const char *name, const struct pwc_config *cfg, char *err,
		   size_t errlen)
{
	if (cfg->ways > cfg->entries) {
		pwc_err("%s: ways=%u is more than entries=%u", name, cfg->ways,
			cfg->entries);
		return -EINVAL;
	}
	if (!pwc_set_ways(cfg->entries, cfg->ways)) {
		pwc_err("%s: entries=%u is not a multiple of ways=%u", name,
			cfg->entries, cfg->ways);
		return -EINVAL;
	}
	return 0;
}

/* The kind named by the @len characters at @name; -EINVAL if none. */
static int pwc_find_kind(const char *name, size_t len, char *err,
			 size_t errlen)
{
	size_t used;
	int kind;

	for (kind = 0; kind < PWC_KIND_COUNT; kind++)
		if (strlen(pwc_kind_name(kind)) == len &&
		    !memcmp(name, pwc_kind_name(kind), len))
			return kind;
	pwc_err("unknown model '%.*s' (", (int)(len > 32 ? 32 : len), name);
	for (kind = 0; errlen && kind < PWC_KIND_COUNT; kind++) {
		used = strlen(err);
		snprintf(err + used, errlen - used, "%s%s", pwc_kind_name(kind),
			 kind + 1 < PWC_KIND_COUNT ? ", " : ")");
	}
	return -EINVAL;
}

/*
 * "NAME=VALUE[,...]" at @p into @cfg, for the parameters of its kind;
 * *@seen: a bit per parameter given, in the order of its ops' params.
 */
static int pwc_parse_params(const char *p, struct pwc_config *cfg,
			    unsigned int *seen, char *err, size_t errlen)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	const struct pwc_param *prm = ops->params;
	unsigned int i, n = ops->nparams;
	const char *name;
	size_t len;
	u64 v;

	if (!n) {
		pwc_err("%s takes no parameters", ops->name);
		return -EINVAL;
	}
	for (;;) {
		name = p;
		for (len = 0; p[len] && p[len] != '=' && p[len] != ','; len++)
			;
		for (i = 0; i < n; i++)
			if (strlen(prm[i].name) == len &&
			    !memcmp(name, prm[i].name, len))
				break;
		if (i == n) {
			pwc_err("%s: unknown parameter '%.*s'", ops->name,
				(int)(len > 32 ? 32 : len), name);
			return -EINVAL;
		}
		if (*seen & (1U << i)) {
			pwc_err("%s: %s given twice", ops->name, prm[i].name);
			return -EINVAL;
		}
		*seen |= 1U << i;
		p += len;
		if (*p != '=' || p[1] < '0' || p[1] > '9') {
			pwc_err("%s: %s needs a decimal value", ops->name,
				prm[i].name);
			return -EINVAL;
		}
		for (v = 0, p++; *p >= '0' && *p <= '9'; p++) {
			v = v * 10 + (*p - '0');
			if (v > PWC_MAX_ENTRIES)
				break;
		}
		if (v > PWC_MAX_ENTRIES) {
			pwc_err("%s: %s is over the cap %u", ops->name,
				prm[i].name, PWC_MAX_ENTRIES);
			return -EINVAL;
		}
		/* what follows first: "0x10" is not a zero */
		if (*p && (*p != ',' || !p[1])) {
			pwc_err("%s: unexpected '%.16s' after %s", ops->name, p,
				prm[i].name);
			return -EINVAL;
		}
		if (!v) {
			pwc_err("%s: %s must not be zero", ops->name,
				prm[i].name);
			return -EINVAL;
		}
		*pwc_param_field(cfg, &prm[i]) = v;
		if (!*p)
			return 0;
		p++;
	}
}

/*
 * A spec into @cfg, not yet checked; *@seen: the parameters it gave
 * (pwc_parse_params()).
 */
static int pwc_parse(const char *spec, struct pwc_config *cfg,
		     unsigned int *seen, char *err, size_t errlen)
{
	size_t len = strcspn(spec, ":");
	int kind;

	*seen = 0;
	if (errlen)
		err[0] = '\0';
	kind = pwc_find_kind(spec, len, err, errlen);
	if (kind < 0)
		return kind;
	pwc_defaults(kind, cfg);
	if (!spec[len])
		return 0;
	return pwc_parse_params(spec + len + 1, cfg, seen, err, errlen);
}

/* Did the parameters @seen (pwc_parse()) of @cfg's kind give a size? */
static bool pwc_sized(const struct pwc_config *cfg, unsigned int seen)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	unsigned int i;

	for (i = 0; i < ops->nparams; i++)
		if (seen & (1U << i) && !ops->params[i].shape)
			return true;
	return false;
}

/*
 * -EINVAL if a parameter @seen sizes the cache of a level that walks of
 * @levels do not have ("stc:l5=2" at 4 levels): the spec would name a
 * cache that neither runs nor is counted in the bits.
 */
static int pwc_check_levels(const struct pwc_config *cfg, unsigned int seen,
			    unsigned int levels, char *err, size_t errlen)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	const struct pwc_param *p;
	unsigned int i;

	for (i = 0; i < ops->nparams; i++) {
		p = &ops->params[i];
		if (seen & (1U << i) && p->level > levels) {
			pwc_err("%s: %s is for walks of %u levels, and these have %u",
				ops->name, p->name, p->level, levels);
			return -EINVAL;
		}
	}
	return 0;
}

int pwc_parse_spec(const char *spec, struct pwc_config *cfg, char *err,
		   size_t errlen)
{
	unsigned int seen;
	int ret = pwc_parse(spec, cfg, &seen, err, errlen);

	return ret ? ret : pwc_check(cfg, err, errlen);
}

static int pwc_size_config(struct pwc_config *cfg, u64 bits,
			   unsigned int levels);

/*
 * The message for a shape (ways) that no size within @bits divides: what
 * the user gave first, then why the smallest size (@cfg) fails.
 */
static void pwc_sizing_err(const struct pwc_config *cfg, u64 bits, char *err,
			   size_t errlen)
{
	char head[96];
	size_t n, used;

	n = snprintf(head, sizeof(head),
		     "no size within %llu bits fits the shape given: at the smallest, ",
		     bits);
	pwc_check(cfg, err, errlen);
	used = errlen ? strlen(err) : 0;
	if (n >= sizeof(head) || n + used + 1 > errlen)
		return;		/* too long to say more: the reason alone */
	memmove(err + n, err, used + 1);
	memcpy(err, head, n);
}

int pwc_config_from_spec(const char *spec, u64 budget_bits,
			 unsigned int levels, struct pwc_config *cfg,
			 char *err, size_t errlen)
{
	unsigned int seen;
	size_t used;
	bool sized;
	int ret = pwc_parse(spec, cfg, &seen, err, errlen);

	if (!ret)
		ret = pwc_check_levels(cfg, seen, levels, err, errlen);
	if (ret)
		return ret;
	sized = pwc_sized(cfg, seen);
	if (!budget_bits || sized) {
		ret = pwc_check(cfg, err, errlen);
		used = errlen ? strlen(err) : 0;
		/* a shape on the defaults: say the size was not the user's */
		if (ret && !sized && used < errlen)
			snprintf(err + used, errlen - used,
				 " (the default size: give the sizes, or a budget to size to)");
		return ret;
	}
	ret = pwc_size_config(cfg, budget_bits, levels);
	if (ret == -EINVAL) {
		/* the shapes given divide no size within the budget */
		pwc_sizing_err(cfg, budget_bits, err, errlen);
	} else if (ret) {
		pwc_err("%s within %llu bits", ret == -ENOSPC ?
			"nothing fits" : "the size is over the cap",
			budget_bits);
	}
	return ret;
}

int pwc_format_spec(const struct pwc_config *cfg, char *buf, size_t len)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	const struct pwc_param *p;
	unsigned int i;
	size_t n;
	char sep = ':';

	n = snprintf(buf, len, "%s", ops->name);
	for (i = 0; i < ops->nparams; i++) {
		p = &ops->params[i];
		if (p->quiet && pwc_param_value(cfg, p) ==
				pwc_param_value(&ops->defaults, p))
			continue;
		n += snprintf(n < len ? buf + n : NULL, n < len ? len - n : 0,
			      "%c%s=%u", sep, p->name, pwc_param_value(cfg, p));
		sep = ',';
	}
	return n;
}

u64 pwc_bits(const struct pwc_config *cfg, unsigned int levels)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);

	return ops->bits ? ops->bits(cfg, levels) : 0;
}

/*
 * @cfg grown to @n steps of its kind: 0, -ERANGE over a cap, or -EINVAL if
 * the check rejects the result (only a shape given in a spec can: a
 * geometry that does not divide).
 */
static int pwc_grow(struct pwc_config *cfg, u64 n)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	unsigned int i;

	if (n > PWC_MAX_ENTRIES)
		return -ERANGE;
	ops->size(cfg, n);
	for (i = 0; i < ops->nparams; i++)
		if (pwc_param_value(cfg, &ops->params[i]) > PWC_MAX_ENTRIES)
			return -ERANGE;
	return pwc_check(cfg, NULL, 0) ? -EINVAL : 0;
}

int pwc_size_for_budget(enum pwc_kind kind, u64 bits, unsigned int levels,
			struct pwc_config *cfg)
{
	int ret;

	pwc_defaults(kind, cfg);
	ret = pwc_size_config(cfg, bits, levels);
	return ret == -EINVAL ? -ERANGE : ret;
}

/* @cfg (its shapes kept) grown to the largest that fits in @bits. */
static int pwc_size_config(struct pwc_config *cfg, u64 bits,
			   unsigned int levels)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	struct pwc_config one;
	u64 fixed, step, n;
	int ret = 0;

	if (!ops->size)
		return 0;
	one = *cfg;
	ops->size(&one, 0);
	fixed = pwc_bits(&one, levels);
	ops->size(&one, 1);
	step = pwc_bits(&one, levels) - fixed;
	if (bits < fixed + step)
		return -ENOSPC;
	/*
	 * The largest size whose geometry divides (a multiple of the ways a
	 * spec gave): at most PWC_MAX_ENTRIES checks of a few divisions.
	 */
	for (n = (bits - fixed) / step; n; n--) {
		one = *cfg;
		ret = pwc_grow(&one, n);
		if (ret != -EINVAL)
			break;
	}
	if (!n)
		return pwc_grow(cfg, 1);	/* -EINVAL: the caller says why */
	if (!ret)
		*cfg = one;
	return ret;
}

int pwc_size_steps(enum pwc_kind kind, u32 n, struct pwc_config *cfg)
{
	if (!pwc_kind_sized(kind))
		return -EINVAL;
	pwc_defaults(kind, cfg);
	return pwc_grow(cfg, n) ? -EINVAL : 0;
}
