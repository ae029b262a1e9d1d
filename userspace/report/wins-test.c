// SPDX-License-Identifier: GPL-2.0
/*
 * wins-test.c - tests of the "where CPWC wins" map's parts: the stream
 * family (wins_stream.c: exactly R regions, the cyclic and the repeat
 * extremes, its locality measured back), the reuse statistic on hand-made
 * sequences and against a plain LRU stack, and cells of the map
 * (report_wins.c) whose hit rates follow from the cache sizes, and cells
 * behind an IOTLB whose walks are its compulsory misses.
 * Ends with "wins-test: N passed, N failed".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report_wins.h"
#include "report/wins_stream.h"
#include "tests/expect.h"


/* Exactly R regions, all inside the R regions from WINS_BASE. */
static void family_regions(void)
{
	static const unsigned int rs[] = { 1, 4, 24, 100, 512, 1024 };
	static const double ls[] = { 0, 0.3, 0.5, 0.9, 1 };
	unsigned int i, j, n, bad = 0;
	unsigned char *seen;
	unsigned long long va, reg;
	struct wins_stream s;
	char what[96];

	for (i = 0; i < sizeof(rs) / sizeof(rs[0]); i++) {
		for (j = 0; j < sizeof(ls) / sizeof(ls[0]); j++) {
			unsigned int distinct = 0;

			seen = calloc(rs[i], 1);
			if (!seen || wins_stream_init(&s, rs[i], ls[j], 7)) {
				expect(0, "stream init");
				free(seen);
				return;
			}
			for (n = 0; n < rs[i] + 20000; n++) {
				va = wins_stream_next(&s);
				reg = (va - WINS_BASE) >> WINS_REGION_SHIFT;
				if (va < WINS_BASE || reg >= rs[i]) {
					bad++;
					continue;
				}
				distinct += !seen[reg];
				seen[reg] = 1;
			}
			snprintf(what, sizeof(what),
				 "R=%u L=%.1f: exactly R regions, all in range",
				 rs[i], ls[j]);
			expect(!bad && distinct == rs[i], what);
			wins_stream_free(&s);
			free(seen);
		}
	}
	expect(wins_stream_init(&s, 0, 0.5, 1) == -1, "R = 0 refused");
	expect(wins_stream_init(&s, 4, 1.5, 1) == -1, "L > 1 refused");
	expect(wins_stream_init(&s, 4, -0.1, 1) == -1, "L < 0 refused");
}

/* L = 0 is the cyclic sweep; L = 1 repeats the last region. */
static void family_extremes(void)
{
	struct wins_stream s;
	unsigned int n, cyclic = 1, same = 1;
	unsigned long long reg;

	if (wins_stream_init(&s, 37, 0, 3))
		return expect(0, "stream init");
	for (n = 0; n < 37 * 20; n++) {
		reg = (wins_stream_next(&s) - WINS_BASE) >> WINS_REGION_SHIFT;
		cyclic &= reg == n % 37;
	}
	wins_stream_free(&s);
	expect(cyclic, "L = 0: regions 0, 1, ..., R-1, 0, 1, ...");
	if (wins_stream_init(&s, 37, 1, 3))
		return expect(0, "stream init");
	for (n = 0; n < 37 + 1000; n++) {
		reg = (wins_stream_next(&s) - WINS_BASE) >> WINS_REGION_SHIFT;
		same &= n < 37 ? reg == n : reg == 36;
	}
	wins_stream_free(&s);
	expect(same, "L = 1: after the opening pass, the last region again");
}

static double meter_seq(const char *seq, unsigned int *regions)
{
	struct reuse_meter m;
	double l;

	reuse_init(&m);
	for (; *seq; seq++)
		reuse_add(&m, (unsigned long long)*seq);
	*regions = reuse_regions(&m);
	l = reuse_locality(&m);
	reuse_free(&m);
	return l;
}

/* Hand-made sequences: d of each re-reference by counting. */
static void meter_by_hand(void)
{
	unsigned int r;

	/* A B C A: d = 2 of R - 1 = 2 */
	expect(meter_seq("ABCA", &r) == 0 && r == 3, "ABCA: locality 0, R 3");
	/* A B B A: d = 0, then 1: mean 0.5 of 1 */
	expect(fabs(meter_seq("ABBA", &r) - 0.5) < 1e-12 && r == 2,
	       "ABBA: locality 0.5");
	expect(meter_seq("AAAA", &r) == 1 && r == 1, "AAAA: one region, 1");
	expect(meter_seq("ABCD", &r) == 0 && r == 4, "no reuse: 0");
	/* A B C B A C: d = 1, 2, 2 -> mean 5/3 of 2 */
	expect(fabs(meter_seq("ABCBAC", &r) - (1 - 5.0 / 6)) < 1e-12,
	       "ABCBAC: locality 1/6");
}

/* The Fenwick meter equals a plain LRU stack, across renumberings. */
static void meter_vs_stack(void)
{
	unsigned int stack[300], i, d, x, len = 0;
	unsigned long long seed = 11, reuses = 0;
	struct reuse_meter m;
	double sum = 0, want;

	reuse_init(&m);
	for (i = 0; i < 200000; i++) {
		seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
		/* a skewed choice: low regions more often */
		x = (unsigned int)((seed >> 33) % 300);
		x = x * x / 300;
		for (d = 0; d < len && stack[d] != x; d++)
			;
		if (d < len) {
			sum += d;
			reuses++;
		} else {
			len++;		/* new: the whole stack moves down */
		}
		memmove(stack + 1, stack, d * sizeof(*stack));
		stack[0] = x;
		reuse_add(&m, x * 977ULL);
	}
	want = 1 - sum / reuses / (len - 1);
	expect(!m.failed && reuse_regions(&m) == len &&
	       fabs(reuse_locality(&m) - want) < 1e-9,
	       "meter = LRU stack on 200,000 references (3 renumberings)");
	reuse_free(&m);
}

/* The family's locality measured back: L, within 0.03. */
static void family_measured(void)
{
	static const unsigned int rs[] = { 64, 256 };
	static const double ls[] = { 0, 0.2, 0.5, 0.7, 0.9, 1 };
	unsigned int i, j, n, ok = 1;
	struct reuse_meter m;
	struct wins_stream s;
	double got;
	char what[96];

	for (i = 0; i < 2; i++) {
		for (j = 0; j < sizeof(ls) / sizeof(ls[0]); j++) {
			if (wins_stream_init(&s, rs[i], ls[j], 5))
				return expect(0, "stream init");
			reuse_init(&m);
			for (n = 0; n < rs[i] + 50000; n++)
				reuse_add(&m, wins_stream_next(&s) >>
					      WINS_REGION_SHIFT);
			got = reuse_locality(&m);
			ok = reuse_regions(&m) == rs[i] &&
			     fabs(got - ls[j]) < 0.03;
			snprintf(what, sizeof(what),
				 "R=%u L=%.1f measured %.3f", rs[i], ls[j],
				 got);
			expect(ok, what);
			reuse_free(&m);
			wins_stream_free(&s);
		}
	}
}

static double hit(const struct wins_cell *c, int cpwc)
{
	return 100.0 * (cpwc ? c->cpwc_l2 : c->tpc_l2) / c->lookups;
}

/* Cells whose L2 hit rates follow from the sizes. */
static void cells(void)
{
	static struct wins_map m;
	const struct wins_cell *c;

	if (wins_init(&m, 5280))
		return expect(0, "wins_init");
	expect(!strcmp(m.tpc[0], "tpc:entries=24") &&
	       !strcmp(m.cpwc[0], "cpwc:l4=2,l3=4,blocks=62,ways=1") &&
	       !strcmp(m.tpc[1], "tpc:entries=48") &&
	       !strcmp(m.tpc[2], "tpc:entries=96"),
	       "budgets 5280, 10560, 21120: TPC 24, 48, 96 entries");
	/* R = 32 (column 4), cyclic */
	if (wins_cell_run(&m, 4, 0))
		return expect(0, "cell run");
	c = &m.cell[0][4][0];
	expect(c->lookups == m.accesses && c->tpc_l2 == 0 &&
	       c->cpwc_l2 == c->lookups && c->tpc_acc == 2 * c->lookups &&
	       c->cpwc_acc == c->lookups,
	       "cyclic over 32 regions: LRU TPC 24 hits 0 %, CPWC 62 100 %, ratio 0.5");
	expect(m.cell[1][4][0].tpc_l2 == c->lookups,
	       "cyclic over 32 regions: TPC 48 (2x budget) hits 100 %");
	/* R = 96 (column 7), cyclic: both miss at 5,280 bits; 4x holds it */
	if (wins_cell_run(&m, 7, 0))
		return expect(0, "cell run");
	c = &m.cell[0][7][0];
	expect(c->tpc_l2 == 0 && c->cpwc_l2 == 0 && c->tpc_acc == c->cpwc_acc,
	       "cyclic over 96 regions: neither hits at 5,280 bits");
	expect(m.cell[2][7][0].tpc_l2 == c->lookups &&
	       m.cell[2][7][0].cpwc_l2 == c->lookups,
	       "cyclic over 96 regions: both hit 100 % at 4x");
	/* R = 16 (column 2): everything fits */
	if (wins_cell_run(&m, 2, 5))
		return expect(0, "cell run");
	c = &m.cell[0][2][5];
	expect(c->tpc_l2 == c->lookups && c->cpwc_l2 == c->lookups,
	       "16 regions, random: both 100 %");
	/* R = 128 (column 8), uniform random: hits ~ entries / R */
	if (wins_cell_run(&m, 8, 5))
		return expect(0, "cell run");
	c = &m.cell[0][8][5];
	expect(fabs(hit(c, 0) - 100.0 * 24 / 128) < 3 &&
	       fabs(hit(c, 1) - 100.0 * 62 / 128) < 3,
	       "128 regions, uniform: TPC ~ 24/128, CPWC ~ 62/128");
	expect(fabs(wins_column(4)) < 1e-12 && fabs(wins_column(1024) - 14) < 1e-12 &&
	       fabs(wins_column(6) - log(1.5) / log(2)) < 1e-9 &&
	       wins_column(5000) == 14 && wins_column(1) == 0,
	       "map columns: log-interpolated, clamped at the edges");
}

/*
 * Cells behind an IOTLB: with one as large as every page touched only the
 * compulsory misses reach the PWCs; with 0 a visit is one walk.
 */
static void cells_iotlb(void)
{
	static struct wins_map m;
	const struct wins_cell *c;
	unsigned long long none;

	if (wins_init(&m, 5280))
		return expect(0, "wins_init");
	/* R = 4 (column 0), uniform: 4 x 512 pages, 8 x 4100 references */
	if (wins_cell_run(&m, 0, 5))
		return expect(0, "cell run");
	none = m.cell[0][0][5].lookups;
	expect(none == m.accesses, "no IOTLB: one walk a region visit");
	m.iotlb = 4 * 512;
	if (wins_cell_run(&m, 0, 5))
		return expect(0, "cell run");
	c = &m.cell[0][0][5];
	/* all 2048 pages touched, the opening pass's 4 x 8 not measured */
	expect(c->lookups == 4 * 512 - 4 * WINS_VISIT_PAGES &&
	       c->tpc_acc == c->lookups && c->cpwc_acc == c->lookups,
	       "IOTLB of 2048 over 4 regions: only the 2016 compulsory misses after the opening pass reach the PWCs, 1 access each");
	m.iotlb = 1;
	if (wins_cell_run(&m, 0, 5))
		return expect(0, "cell run");
	c = &m.cell[0][0][5];
	expect(c->lookups > (WINS_VISIT_PAGES - 1ULL) * m.accesses &&
	       c->lookups <= (unsigned long long)WINS_VISIT_PAGES * m.accesses,
	       "IOTLB of 1: a visit's 8 distinct pages nearly all miss");
	m.iotlb = 0;
	if (wins_cell_run(&m, 0, 5))
		return expect(0, "cell run");
	expect(m.cell[0][0][5].lookups == none,
	       "IOTLB back to 0: the cell as without one");
}

int main(void)
{
	family_regions();
	family_extremes();
	meter_by_hand();
	meter_vs_stack();
	family_measured();
	cells();
	cells_iotlb();
	return expect_done("wins-test");
}
