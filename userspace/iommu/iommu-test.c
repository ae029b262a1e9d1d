// SPDX-License-Identifier: GPL-2.0
/*
 * iommu-test.c - the timed IOMMU (iommu.h) on hand-worked cases: a walk's
 * latency from its reads (a line in flight read when it arrives, or
 * from DRAM if that is sooner),
 * merging, walkers and queueing, the buffer's
 * occupancy, the PWC filled when a walk ends, and the order in which each
 * scheduling policy serves the same misses; no queueing with a walker
 * for every miss, the reads per walk of `none` and `ideal`, Little's law
 * on a long run.  Latencies: PWC lookup 1,
 * page-table line cache hit 10, DRAM 300 cycles (a PWC probe 1, a
 * serial lookup's three in turn).  On the synthetic
 * 4-level table, two walks of different 1 GiB regions among the first
 * eight share the L4 line and the L3 line (8 PTEs a line) and read their
 * L2 and L1 entries from DRAM: 1 + 10 + 10 + 300 + 300 = 621 cycles; the
 * first walk on empty caches reads four lines from DRAM: 1201.  Ends with
 * "iommu-test: N passed, N failed".
 */
#include <stdio.h>
#include <string.h>

#include "iommu/iommu.h"
#include "tests/expect.h"

#define GIB (1ULL << 30)

/* The cookies the IOMMU told done, in order, and their cycles */
struct told {
	unsigned int n;
	unsigned long long cookie[16], cycle[16];
};

static void told_done(void *arg, unsigned long long cookie,
		      unsigned long long cycle)
{
	struct told *t = arg;

	if (t->n < 16) {
		t->cookie[t->n] = cookie;
		t->cycle[t->n++] = cycle;
	}
}

static struct pwc_model *model(const char *spec)
{
	struct pwc_config cfg;
	char err[128];

	if (pwc_config_from_spec(spec, 0, 4, &cfg, err, sizeof(err)))
		return NULL;
	return pwc_create(&cfg);
}

/* An IOMMU of configuration @c and model @spec, telling @t */
static struct pwc_model *setup_cfg(struct iommu *io,
				   const struct iommu_config *c,
				   const char *spec, struct told *t)
{
	struct pwc_model *m = model(spec);

	if (!m || iommu_init(io, c, m))
		return NULL;
	memset(t, 0, sizeof(*t));
	io->done = told_done;
	io->arg = t;
	return m;
}

/* An IOMMU of @walkers walkers, a buffer of @buffer, policy @s, @spec */
static struct pwc_model *setup(struct iommu *io, unsigned int walkers,
			       unsigned int buffer, enum iommu_sched s,
			       const char *spec, unsigned int tlb,
			       struct told *t)
{
	struct iommu_config c;

	iommu_config_default(&c, 4);
	c.walkers = walkers;
	c.buffer = buffer;
	c.sched = s;
	c.tlb = tlb;
	return setup_cfg(io, &c, spec, t);
}

static void teardown(struct iommu *io, struct pwc_model *m)
{
	iommu_free(io);
	pwc_destroy(m);
}

static void test_walk_and_tlb(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 8, 256, IOMMU_FCFS, "none", 4, &t);
	unsigned long long a, b, h;

	a = iommu_translate(&io, GIB, 0, 0, 1, 1);
	b = iommu_translate(&io, GIB + 64, 0, 0, 2, 1);
	iommu_advance(&io, 1300);
	h = iommu_translate(&io, GIB + 128, 1300, 0, 3, 2);
	expect(a == 1201, "a walk on empty caches: 1 + 4 x 300 cycles");
	expect(b == 1201 && io.st.merged == 1 && io.st.walks == 1,
	       "a second miss to the page merges with its walk");
	expect(h == 1300 && io.st.tlb_hits == 1,
	       "the walk's end fills the IOTLB: a hit costs nothing");
	expect(io.st.reads == 4 && io.st.ptc_hits == 0 && !t.n,
	       "four DRAM reads; no callback for known completions");
	teardown(&io, m);
}

/*
 * Defect: the line cache was updated when a walk started, for all its
 * reads: a walk started 3 cycles after another's, reading the same four
 * lines, found them all cached and ended after 3 + 1 + 4 x 10 = 44
 * cycles, while the first was still fetching them (its end 1201).  A
 * read of a line in flight now completes when the line's data arrives.
 */
static void test_line_in_flight(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 8, 256, IOMMU_FCFS, "none", 0, &t);
	unsigned long long a, b, c;

	a = iommu_translate(&io, GIB, 0, 0, 1, 1);
	b = iommu_translate(&io, GIB + 4096, 3, 0, 2, 2);
	expect(a == 1201, "the first walk reads four lines from DRAM: 1201");
	expect(b >= a,
	       "a walk reading the same lines while they are in flight ends no earlier than their arrival");
	expect(b == 1201 && io.st.ptc_hits == 4 && io.st.ptc_waits == 4,
	       "each read waits for its line: 301, 601, 901, 1201");
	/* a read issued later than the line's arrival is a plain hit */
	c = iommu_translate(&io, GIB + 2 * 4096, 1300, 0, 3, 3);
	expect(c == 1300 + 1 + 4 * 10 && io.st.ptc_waits == 4,
	       "after the lines arrived: four hits, 1 + 4 x 10");
	teardown(&io, m);
}

/*
 * A read whose line is due later than a DRAM read of its own would bring
 * it goes to DRAM (Documentation/timing.rst).  A line cache of one line
 * and a TPC: walk Q (cycle 0) fills the TPC with its region's path when
 * it ends (1201); walk A (1000), in the same region, starts before that
 * fill and so at the root, each of its reads a miss (the one line held
 * is the one read before), its L1 line read at 1901, due 2201; walk B
 * (1300), the region again, hits the TPC at L2 and reads that line at
 * 1301: waiting for A's would end at 2201, DRAM at 1601.
 */
static void test_read_sooner_from_dram(void)
{
	struct iommu_config c;
	struct iommu io;
	struct told t;
	struct pwc_model *m;
	unsigned long long q, a, b;

	iommu_config_default(&c, 4);
	c.walkers = 2;
	c.ptc_sets = 1;
	c.ptc_ways = 1;
	m = setup_cfg(&io, &c, "tpc", &t);
	q = iommu_translate(&io, GIB, 0, 0, 1, 1);
	a = iommu_translate(&io, GIB + 4096, 1000, 0, 2, 2);
	b = iommu_translate(&io, GIB + 2 * 4096, 1300, 0, 3, 3);
	iommu_drain(&io);
	expect(q == 1201, "Q reads four lines from DRAM: 1201");
	expect(b == 1300 + 1 + 300,
	       "B's one read goes to DRAM: 1300 + 1 + 300, not A's 2201");
	expect(a == 1000 + 1 + 4 * 300,
	       "A, already timed, keeps its four DRAM reads");
	expect(io.st.ptc_hits == 0 && io.st.reads == 4 + 4 + 1,
	       "Q and A read from the root, B from its L2 hit: none a line-cache hit");
	teardown(&io, m);
}

static void test_queueing(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 1, 256, IOMMU_FCFS, "none", 0, &t);
	unsigned long long a, b, cdf[100];

	a = iommu_translate(&io, GIB, 0, 0, 1, 1);
	b = iommu_translate(&io, 2 * GIB, 0, 0, 2, 2);
	iommu_advance(&io, 1201);
	expect(a == 1201 && b == IOMMU_PENDING,
	       "one walker: the second miss waits");
	expect(t.n == 1 && t.cookie[0] == 2 && t.cycle[0] == 1201 + 621,
	       "it starts when the walker frees: 1201 + 621 (L4, L3 lines hit)");
	iommu_drain(&io);
	expect(io.st.queueing == 1201 && io.st.lat_max == 1822 &&
	       io.st.lat_sum == 1201 + 1822,
	       "queueing 1201 cycles; latencies 1201 and 1822");
	iommu_latency_cdf(&io, 100, cdf);
	expect(cdf[0] == 1201 && cdf[48] == 1201 && cdf[49] == 1822 &&
	       cdf[99] == 1822, "the latency CDF from the histogram");
	expect(io.st.busy == 1822 && io.st.last == 1822,
	       "the walker busy 1822 of 1822 cycles");
	teardown(&io, m);
}

static void test_buffer(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 1, 1, IOMMU_FCFS, "none", 0, &t);

	iommu_translate(&io, GIB, 0, 0, 1, 1);
	iommu_translate(&io, 2 * GIB, 0, 0, 2, 2);
	iommu_translate(&io, 3 * GIB, 0, 0, 3, 3);
	iommu_drain(&io);
	expect(t.n == 2 && t.cycle[0] == 1822 && t.cycle[1] == 1822 + 621,
	       "a full buffer: the third miss waits outside, then in turn");
	expect(io.st.occ_max == 1 && io.st.full_cycles == 1822 &&
	       io.st.occ_cycles == 1822,
	       "buffer of 1: full for the 1822 cycles before the last start");
	teardown(&io, m);
}

/* Policy @s: the order it serves two instructions' misses (cookies) */
static void simt_order(enum iommu_sched s, struct told *t)
{
	struct iommu io;
	struct pwc_model *m = setup(&io, 1, 256, s, "none", 0, t);

	iommu_translate(&io, GIB, 0, 0, 1, 1);	/* the walker busy */
	iommu_translate(&io, 4 * GIB, 1, 0, 2, 2);	/* instruction 2: three */
	iommu_translate(&io, 5 * GIB, 1, 0, 3, 2);
	iommu_translate(&io, 6 * GIB, 1, 0, 4, 2);
	iommu_translate(&io, 7 * GIB, 1, 0, 5, 3);	/* instruction 3: one */
	iommu_drain(&io);
	teardown(&io, m);
}

static void test_simt(void)
{
	struct told f, s;

	simt_order(IOMMU_FCFS, &f);
	simt_order(IOMMU_SIMT, &s);
	expect(f.n == 4 && f.cookie[0] == 2 && f.cookie[3] == 5,
	       "fcfs: in arrival order");
	expect(s.n == 4 && s.cookie[0] == 5 && s.cookie[1] == 2 &&
	       s.cookie[2] == 3 && s.cookie[3] == 4,
	       "simt: the one-walk instruction first, then the batch together");
}

/*
 * Two walkers.  W (64 GiB + 2 MiB, 1201 cycles) warms the caches and
 * fills the PWC's L4 entry.  At 1300 A (region R at 1 GiB: three DRAM
 * reads, 901 cycles) and D (64 GiB: its L2 line W's, one DRAM read, 311
 * cycles) start; at 1301, B in R and C at 2 GiB wait.  D's walker frees
 * at 1611, while A still reads R's path.  (Before the line cache kept
 * each line's arrival, A and D started at 0 on empty caches and D, whose
 * L4 line A was fetching, found it cached; now D would wait for it.)
 */
static void path_order(enum iommu_sched s, struct told *t,
		       unsigned long long *reads)
{
	struct iommu io;
	struct pwc_model *m = setup(&io, 2, 256, s, "tpc", 0, t);

	iommu_translate(&io, 64 * GIB + (2 << 20), 0, 0, 5, 5);
	iommu_translate(&io, GIB, 1300, 0, 1, 1);
	iommu_translate(&io, 64 * GIB, 1300, 0, 2, 2);
	iommu_translate(&io, GIB + 4096, 1301, 0, 3, 3);
	iommu_translate(&io, 2 * GIB, 1301, 0, 4, 4);
	iommu_drain(&io);
	*reads = io.st.reads;
	teardown(&io, m);
}

static void test_path(void)
{
	unsigned long long fr, pr;
	struct told f, p;

	path_order(IOMMU_FCFS, &f, &fr);
	path_order(IOMMU_PATH, &p, &pr);
	/*
	 * fcfs: B at 1611 reads R's L3 line (arrived), then waits for the
	 * L2 and L1 lines A is fetching: it ends with A, at 2201
	 */
	expect(f.n == 2 && f.cookie[0] == 3 && f.cycle[0] == 1300 + 901,
	       "fcfs: B at 1611, three reads (A has not filled its path)");
	/* path: C at 1611 (L3 line A's, L2, L1 from DRAM), B at A's end */
	expect(p.n == 2 && p.cookie[0] == 4 && p.cookie[1] == 3 &&
	       p.cycle[0] == 1611 + 611 && p.cycle[1] == 2201 + 11,
	       "path: C first; B after A's fill, one read (1 + 10)");
	expect(fr == 4 + 3 + 2 + 3 + 3 && pr == 4 + 3 + 2 + 3 + 1,
	       "path: two reads fewer");
}

static void test_fill_at_end(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 2, 256, IOMMU_FCFS, "tpc", 0, &t);

	iommu_translate(&io, GIB, 0, 0, 1, 1);
	iommu_translate(&io, GIB + 4096, 1, 0, 2, 2);
	iommu_drain(&io);
	expect(io.st.reads == 8,
	       "a walk that starts before its neighbour ends reads the whole path");
	teardown(&io, m);
	m = setup(&io, 1, 256, IOMMU_FCFS, "tpc", 0, &t);
	iommu_translate(&io, GIB, 0, 0, 1, 1);
	iommu_translate(&io, GIB + 4096, 1, 0, 2, 2);
	iommu_drain(&io);
	expect(io.st.reads == 5 && t.n == 1 && t.cycle[0] == 1201 + 11,
	       "after its neighbour's fill it reads one entry");
	teardown(&io, m);
}

/*
 * Every model's first walk: its lookup, one cycle, or a probe a level
 * below the root for a serial one (3 at 4 levels), then four reads.
 */
static void test_serial_lookup(void)
{
	unsigned int k, cycles, serial = 0;
	struct pwc_model *m;
	struct iommu io;
	struct told t;
	char what[96];

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		m = setup(&io, 1, 256, IOMMU_FCFS, pwc_kind_name(k), 0, &t);
		if (!m) {
			expect(0, "a model of every kind");
			continue;
		}
		cycles = m->ops->serial_lookup ? 3 : 1;
		serial += m->ops->serial_lookup;
		snprintf(what, sizeof(what),
			 "%s: a lookup of %u cycle%s, then four reads",
			 pwc_kind_name(k), cycles, cycles > 1 ? "s" : "");
		expect(iommu_translate(&io, GIB, 0, 0, 1, 1) == cycles + 4 * 300,
		       what);
		teardown(&io, m);
	}
	expect(serial > 0, "a model with a serial lookup, timed as one");
}

/*
 * Per-SM L1 TLBs before the IOTLB (a shared L2 TLB, 10 cycles a hit):
 * the walk fills both for SM 0; SM 1 hits the L2 TLB, then its own L1.
 */
static void test_l1_tlbs(void)
{
	struct iommu_config c;
	struct pwc_model *m = model("none");
	struct iommu io;
	struct told t = {};
	unsigned long long a, b, d, e;

	iommu_config_default(&c, 4);
	c.l1_tlb = 4;
	c.sms = 2;
	c.tlb_hit = IOMMU_L2_TLB_HIT;
	if (!m || iommu_init(&io, &c, m))
		return;
	io.done = told_done;
	io.arg = &t;
	a = iommu_translate(&io, GIB, 0, 0, 1, 1);
	iommu_advance(&io, 2000);
	b = iommu_translate(&io, GIB + 8, 2000, 0, 2, 2);
	d = iommu_translate(&io, GIB + 16, 2000, 1, 3, 3);
	e = iommu_translate(&io, GIB + 24, 2001, 1, 4, 4);
	expect(a == IOMMU_PENDING && t.n == 1 && t.cycle[0] == 10 + 1201,
	       "L1 TLBs: a miss walks after the L2 TLB's 10 cycles");
	expect(b == 2000 && d == 2010 && e == 2001 && io.st.l1_hits == 2 &&
	       io.st.tlb_hits == 1,
	       "L1 TLBs: the walk fills its SM's; another SM's fills from the L2 TLB");
	teardown(&io, m);
}

/* Walkers for every miss and a buffer that never fills: no miss waits */
static void test_no_queueing(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 64, 65536, IOMMU_FCFS, "none", 0,
				    &t);
	unsigned long long i, late = 0;

	for (i = 0; i < 64; i++)
		late |= iommu_translate(&io, (i + 1) * GIB, 0, 0, i + 1,
					i + 1) > 1201;
	iommu_drain(&io);
	expect(io.st.walks == 64 && !io.st.queueing && !late &&
	       !io.st.full_cycles && !io.st.occ_cycles,
	       "64 walkers, 64 misses at once: none waits, each done by 1201");
	teardown(&io, m);
}

/* `none` reads the whole path each walk, `ideal` one entry once warm */
static void test_reads_per_walk(void)
{
	static const char *const spec[] = { "none", "ideal" };
	unsigned long long want[] = { 8 * 4, 4 + 7 }, i;
	struct iommu io;
	struct told t;
	unsigned int k;

	for (k = 0; k < 2; k++) {
		struct pwc_model *m = setup(&io, 1, 256, IOMMU_FCFS, spec[k],
					    0, &t);

		for (i = 0; i < 8; i++)	/* one after another: 1 walker */
			iommu_translate(&io, GIB + i * 4096, i, 0, i + 1, i + 1);
		iommu_drain(&io);
		expect(io.st.walks == 8 && io.st.reads == want[k],
		       k ? "ideal: a walk reads one entry after its path's first fill"
			 : "none: a walk reads every level (4)");
		teardown(&io, m);
	}
}

/*
 * Little's law on a long run (no buffer limit): the buffer's mean
 * occupancy (occupancy x cycles over the span) equals the arrival rate
 * (walks over the span) times the mean wait (queueing per walk), within
 * 1 %; counted two ways, by the cycle and by the miss.
 */
static void test_littles_law(void)
{
	struct iommu io;
	struct told t;
	struct pwc_model *m = setup(&io, 4, 65536, IOMMU_FCFS, "tpc", 0, &t);
	unsigned long long x = 12345, now = 0, i, span;
	double occ, rate_wait;

	for (i = 0; i < 200000; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		now += (x >> 60) < 12 ? 0 : (x >> 33) % 2000;	/* bursts */
		iommu_advance(&io, now);
		iommu_translate(&io, ((x >> 20) % (64ULL << 30)) & ~4095ULL,
				now, 0, 0, i + 1);
	}
	iommu_drain(&io);
	span = io.st.last - io.st.first;
	occ = (double)io.st.occ_cycles / span;
	rate_wait = (double)io.st.walks / span *
		    ((double)io.st.queueing / io.st.walks);
	expect(io.st.walks > 100000 && io.st.queueing > 100 * io.st.walks &&
	       occ > 1 && occ < rate_wait * 1.01 && occ > rate_wait * 0.99,
	       "Little's law: mean occupancy = arrival rate x mean wait (1 %)");
	teardown(&io, m);
}

/* A walk source's walk at @arg's levels (3: not a walk), 0 ends. */
static int odd_walk(void *arg, unsigned long long va, struct pwc_walk *w)
{
	struct pwc_synth pt = { .levels = 4 };

	pwc_synth_walk(&pt, va, w);
	w->levels = *(const unsigned int *)arg;
	return 0;
}

/*
 * A walk from the source that pwc_walk_valid() refuses is not walked:
 * no lookup of the model (which would read past its tables), the address
 * completing as an IOTLB hit would.
 */
static void test_bad_walk(void)
{
	static const unsigned int levels[] = { 3, 6, 255, 0 };
	struct iommu io;
	struct told t;
	struct pwc_model *m;
	unsigned long long a;
	unsigned int lv, i;

	for (i = 0; i < 4; i++) {
		m = setup(&io, 8, 256, IOMMU_FCFS, "tpc", 4, &t);
		if (!m) {
			expect(0, "setup");
			return;
		}
		lv = levels[i];
		io.walk = odd_walk;
		io.walk_arg = &lv;
		a = iommu_translate(&io, GIB, 0, 0, 1, 1);
		iommu_drain(&io);
		expect(a == io.cfg.tlb_hit && io.st.not_walked == 1 &&
		       !io.st.walks && !m->stats.lookups,
		       "a walk at levels other than 4 or 5: not walked");
		teardown(&io, m);
	}
}

static void test_names(void)
{
	expect(!strcmp(iommu_sched_names[IOMMU_FCFS], "fcfs") &&
	       !strcmp(iommu_sched_names[IOMMU_SIMT], "simt") &&
	       !strcmp(iommu_sched_names[IOMMU_PATH], "path"),
	       "policy names, indexed by policy (--walk-sched)");
}

int main(void)
{
	test_walk_and_tlb();
	test_line_in_flight();
	test_read_sooner_from_dram();
	test_queueing();
	test_buffer();
	test_simt();
	test_path();
	test_fill_at_end();
	test_serial_lookup();
	test_l1_tlbs();
	test_no_queueing();
	test_reads_per_walk();
	test_littles_law();
	test_bad_walk();
	test_names();
	return expect_done("iommu-test");
}
