// SPDX-License-Identifier: GPL-2.0
/*
 * wins_stream.c - the stream family and the reuse statistic of the "where
 * CPWC wins" map (wins_stream.h).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/wins_stream.h"

/* splitmix64: a full-period generator that any seed (even 0) starts. */
static unsigned long long wins_rand(unsigned long long *s)
{
	unsigned long long z = (*s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int wins_stream_init(struct wins_stream *s, unsigned int regions,
		     double locality, unsigned long long seed)
{
	memset(s, 0, sizeof(*s));
	if (!regions || !(locality >= 0 && locality <= 1))
		return -1;
	s->stack = calloc(regions, sizeof(*s->stack));
	if (!s->stack)
		return -1;
	s->regions = regions;
	s->k = locality < 1 ? locality / (1 - locality) : -1;
	s->rng = seed;
	return 0;
}

void wins_stream_free(struct wins_stream *s)
{
	free(s->stack);
	s->stack = NULL;
}

/* The LRU stack depth of the next access (after the opening pass). */
static unsigned int wins_depth(struct wins_stream *s)
{
	/* u in (0, 1]: 53 random bits */
	double u = (double)((wins_rand(&s->rng) >> 11) + 1) / 9007199254740992.0;
	double d;

	if (s->k < 0)
		return 0;
	if (s->k == 0)
		return s->regions - 1;
	d = floor(s->regions * pow(u, s->k));
	return d >= s->regions - 1 ? s->regions - 1 : (unsigned int)d;
}

unsigned long long wins_stream_next(struct wins_stream *s)
{
	unsigned int region, d;

	if (s->first < s->regions) {
		/* the opening pass: region i goes on top */
		region = s->first++;
		memmove(s->stack + 1, s->stack, region * sizeof(*s->stack));
	} else {
		d = wins_depth(s);
		region = s->stack[d];
		memmove(s->stack + 1, s->stack, d * sizeof(*s->stack));
	}
	s->stack[0] = region;
	return WINS_BASE + ((unsigned long long)region << WINS_REGION_SHIFT) +
	       ((wins_rand(&s->rng) & 511) << 12);
}

/* ---- the reuse statistic ---- */

#define REUSE_MIN_TIMES 65536

void reuse_init(struct reuse_meter *m)
{
	memset(m, 0, sizeof(*m));
}

void reuse_free(struct reuse_meter *m)
{
	free(m->key);
	free(m->last);
	free(m->tree);
	memset(m, 0, sizeof(*m));
}

static void tree_add(struct reuse_meter *m, unsigned long long i, int v)
{
	for (; i <= m->size; i += i & -i)
		m->tree[i] += v;
}

/* Marks at times 1 .. @i. */
static unsigned long long tree_sum(const struct reuse_meter *m,
				   unsigned long long i)
{
	unsigned long long n = 0;

	for (; i; i -= i & -i)
		n += m->tree[i];
	return n;
}

static unsigned int hash_slot(const struct reuse_meter *m,
			      unsigned long long key)
{
	unsigned int i = (unsigned int)((key * 0x9e3779b97f4a7c15ULL) >> 32) &
			 (m->cap - 1);

	while (m->key[i] && m->key[i] != key + 1)
		i = (i + 1) & (m->cap - 1);
	return i;
}

/* Twice the hash slots; false if out of memory. */
static bool hash_grow(struct reuse_meter *m)
{
	unsigned long long *key = m->key, *last = m->last;
	unsigned int cap = m->cap, i, j;

	m->cap = cap ? 2 * cap : 1024;
	m->key = calloc(m->cap, sizeof(*m->key));
	m->last = calloc(m->cap, sizeof(*m->last));
	if (!m->key || !m->last) {
		free(key);
		free(last);
		return false;
	}
	for (i = 0; i < cap; i++) {
		if (!key[i])
			continue;
		j = hash_slot(m, key[i] - 1);
		m->key[j] = key[i];
		m->last[j] = last[i];
	}
	free(key);
	free(last);
	return true;
}

static int by_last(const void *a, const void *b)
{
	unsigned long long x = **(unsigned long long *const *)a;
	unsigned long long y = **(unsigned long long *const *)b;

	return x < y ? -1 : x > y;
}

/*
 * The times renumbered 1 .. n in their order (distances depend on the
 * order only), in a tree of max(REUSE_MIN_TIMES, 4n) times.
 */
static bool tree_renumber(struct reuse_meter *m)
{
	unsigned long long **p, i;
	unsigned int j, n = 0;

	free(m->tree);
	m->size = 4ULL * m->n > REUSE_MIN_TIMES ? 4ULL * m->n : REUSE_MIN_TIMES;
	m->tree = calloc(m->size + 1, sizeof(*m->tree));
	p = calloc(m->n + 1, sizeof(*p));
	if (!m->tree || !p) {
		free(p);
		return false;
	}
	for (j = 0; j < m->cap; j++)
		if (m->key[j])
			p[n++] = &m->last[j];
	qsort(p, n, sizeof(*p), by_last);
	for (i = 0; i < n; i++) {
		*p[i] = i + 1;
		tree_add(m, i + 1, 1);
	}
	m->now = n + 1;
	free(p);
	return true;
}

void reuse_add(struct reuse_meter *m, unsigned long long region)
{
	unsigned int i;

	if (m->failed)
		return;
	if ((2 * (m->n + 1) > m->cap && !hash_grow(m)) ||
	    (m->now + 1 > m->size && !tree_renumber(m))) {
		m->failed = true;
		return;
	}
	i = hash_slot(m, region);
	if (m->key[i]) {
		m->sum_d += tree_sum(m, m->now - 1) - tree_sum(m, m->last[i]);
		m->reuses++;
		tree_add(m, m->last[i], -1);
	} else {
		m->key[i] = region + 1;
		m->n++;
	}
	m->last[i] = m->now;
	tree_add(m, m->now++, 1);
}

unsigned int reuse_regions(const struct reuse_meter *m)
{
	return m->n;
}

double reuse_locality(const struct reuse_meter *m)
{
	if (m->n <= 1)
		return 1;
	if (!m->reuses)
		return 0;
	return 1 - m->sum_d / m->reuses / (m->n - 1);
}
