// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_core.c - the model-independent part of the PWC library: instances,
 * the per-walk sequence (lookup, shadow check, accounting, fill),
 * invalidation, reset, dumps.
 */
#include "pwc.h"

struct pwc_model *pwc_create(const struct pwc_config *cfg)
{
	const struct pwc_ops *ops = pwc_kind_ops(cfg->kind);
	struct pwc_model *m;

	if (!ops)
		return NULL;
	m = pwc_zalloc(sizeof(*m));
	if (!m)
		return NULL;
	m->ops = ops;
	m->cfg = *cfg;
	if (m->ops->init(m)) {
		pwc_destroy(m);
		return NULL;
	}
	return m;
}

void pwc_destroy(struct pwc_model *m)
{
	if (!m)
		return;
	if (m->ops->destroy && m->priv)
		m->ops->destroy(m);
	pwc_free(m->mem);
	pwc_free(m->priv);
	pwc_free(m);
}

/* @bytes rounded up to a whole number of PWC_PART_ALIGN. */
static size_t pwc_part_size(size_t bytes)
{
	return (bytes + PWC_PART_ALIGN - 1) & ~(size_t)(PWC_PART_ALIGN - 1);
}

void *pwc_zalloc_parts(const struct pwc_part *part, unsigned int n)
{
	size_t size = 0;
	unsigned int i;
	char *block;
	void *p;

	for (i = 0; i < n; i++)
		size += pwc_part_size(part[i].bytes);
	block = pwc_zalloc_large(size ? size : 1);
	if (!block)
		return NULL;
	for (i = 0, size = 0; i < n; i++) {
		/* a pointer member of any object type, written as bytes */
		p = block + size;
		memcpy(part[i].at, &p, sizeof(p));
		size += pwc_part_size(part[i].bytes);
	}
	return block;
}

int pwc_lookup(struct pwc_model *m, const struct pwc_walk *w,
	       struct pwc_result *r)
{
	memset(r, 0, sizeof(*r));
	if (!pwc_walk_valid(w))
		return -EINVAL;
	m->ops->lookup(m, w, r);
	pwc_shadow_check(w, r);
	return 0;
}

int pwc_access(struct pwc_model *m, const struct pwc_walk *w,
	       struct pwc_result *r)
{
	memset(r, 0, sizeof(*r));	/* zero on -EINVAL too, as pwc_lookup() */
	if (!pwc_walk_valid(w))
		return -EINVAL;
	m->ops->access(m, w, r);
	pwc_account(m, w, r);
	return 0;
}

int pwc_access_nofill(struct pwc_model *m, const struct pwc_walk *w,
		      struct pwc_result *r)
{
	if (pwc_lookup(m, w, r))
		return -EINVAL;
	pwc_account(m, w, r);
	return 0;
}

bool pwc_walks_valid(const struct pwc_walk *w, u32 n)
{
	u32 i, bad = 0;

	/* pwc_walk_valid() of each, with one branch for the batch */
	for (i = 0; i < n; i++)
		bad |= ((u8)(w[i].levels - 4) > PWC_MAX_LEVELS - 4) |
		       ((u8)(w[i].end - 1) >= w[i].levels) |
		       (w[i].repeats && w[i].end != 1);
	return !bad;
}

u32 pwc_walks_merge(struct pwc_walk *w, u32 n)
{
	u32 i, h = 0;

	if (!n)
		return 0;
	w[0].repeats = 0;
	/* a repeat of the walk kept is one of the walk before it */
	for (i = 1; i < n; i++) {
		if (pwc_walk_repeats(&w[i], &w[h])) {
			w[h].repeats++;
			continue;
		}
		if (++h != i)
			w[h] = w[i];
		w[h].repeats = 0;
	}
	return h + 1;
}

int pwc_access_batch(struct pwc_model *m, const struct pwc_walk *w, u32 n,
		     struct pwc_result *r, unsigned int flags)
{
	if (!(flags & PWC_BATCH_VALID) && !pwc_walks_valid(w, n))
		return -EINVAL;
	m->ops->batch(m, w, n, r);
	return 0;
}

u64 pwc_cost(const struct pwc_model *m)
{
	return m->ops->cost ? m->ops->cost(m) : 1;
}

void pwc_invalidate(struct pwc_model *m, u64 start, u64 end)
{
	if (start < end)
		m->ops->invalidate(m, start, end);
}

void pwc_clear(struct pwc_model *m)
{
	m->ops->clear(m);
}

void pwc_reset(struct pwc_model *m)
{
	m->ops->clear(m);
	memset(&m->stats, 0, sizeof(m->stats));
	m->clock = 0;
}

void pwc_printf(struct pwc_out *o, const char *fmt, ...)
{
	size_t room = o->buf && o->len < o->size ? o->size - o->len : 0;
	const char *nl;
	va_list ap;
	int n;

	if (o->full)
		return;
	va_start(ap, fmt);
	n = vsnprintf(room ? o->buf + o->len : NULL, room, fmt, ap);
	va_end(ap);
	if (n <= 0)
		return;
	if (o->buf && (size_t)n >= room) {
		/* Cut after the last whole line; format nothing more. */
		o->full = true;
		o->len = o->line;
		if (o->size)
			o->buf[o->len] = '\0';
		return;
	}
	if (o->buf) {
		nl = strrchr(o->buf + o->len, '\n');
		if (nl)
			o->line = nl - o->buf + 1;
	}
	o->len += n;
	if (o->yield && o->len >= o->yield_at) {
		o->yield(o->yield_ctx);
		o->yield_at = o->len + PWC_OUT_YIELD_BYTES;
	}
}

void pwc_dump(struct pwc_model *m, struct pwc_out *o)
{
	m->ops->dump(m, o);
}

bool pwc_redundancy(struct pwc_model *m, u64 *parts, u64 *redundant)
{
	if (!m->ops->redundancy)
		return false;
	m->ops->redundancy(m, parts, redundant);
	return true;
}
