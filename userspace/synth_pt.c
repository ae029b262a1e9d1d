// SPDX-License-Identifier: GPL-2.0
/*
 * synth_pt.c - the synthetic page table (see synth_pt.h).
 *
 * PBA(Lk) for the path of va is (k << 57) | (pwc_key(va, k + 1) << 12):
 * the top table (the root) is k << 57, and two tables at one level are the
 * same exactly when their paths from the root are the same.  These are
 * labels, not real physical addresses (they exceed 52 bits on purpose so
 * they can never be mistaken for a real walk's).
 */
#include <inttypes.h>

#include "synth_pt.h"

u64 synth_base(const struct synth_pt *pt, u64 va, unsigned int k)
{
	u64 path = k >= pt->levels ? 0 : pwc_key(va, k + 1);

	return ((u64)k << 57) | (path << 12);
}

static bool in_ranges(const struct synth_range *r, unsigned int n, u64 va)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (va >= r[i].start && va < r[i].end)
			return true;
	return false;
}

void synth_walk(const struct synth_pt *pt, u64 va, struct pwc_walk *w)
{
	unsigned int k;

	memset(w, 0, sizeof(*w));
	w->va = va;
	w->levels = pt->levels;
	w->end = 1;
	if (in_ranges(pt->huge1g, pt->n1g, va))
		w->end = 3;
	else if (in_ranges(pt->huge2m, pt->n2m, va))
		w->end = 2;
	for (k = w->end; k <= pt->levels; k++)
		w->base[k] = synth_base(pt, va, k);
}

int synth_parse_range(const char *s, struct synth_range *r)
{
	char *end;

	errno = 0;
	r->start = strtoull(s, &end, 16);
	if (errno || end == s || *end != '-')
		goto bad;
	s = end + 1;
	r->end = strtoull(s, &end, 16);
	if (errno || end == s || *end || r->end <= r->start)
		goto bad;
	return 0;
bad:
	fprintf(stderr, "pwcsim: bad range '%s' (want START-END in hex, START < END)\n",
		s);
	return -1;
}
