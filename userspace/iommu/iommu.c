// SPDX-License-Identifier: GPL-2.0
/*
 * iommu.c - the timed IOMMU (iommu.h): translations asked in cycle order,
 * misses merged per page, the buffer and its walkers advanced event by
 * event (a walk's end before a start at the same cycle, so the start
 * sees its fill), the PWC and the page-table line cache on each walk.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "iommu/iommu.h"

#define IOMMU_HASH 4096U

void iommu_config_default(struct iommu_config *c, unsigned int levels)
{
	*c = (struct iommu_config){
		.tlb = 64, .tlb_hit = 0, .walkers = 8, .buffer = 256,
		.sched = IOMMU_FCFS, .pwc_probe = 1,
		.ptc_sets = 16, .ptc_ways = 8, .ptc_hit = 10,
		.mem = IOMMU_MEM_CYCLES,
		.levels = levels ? levels : 4,
	};
}

static void *grow(void *p, unsigned int *cap, size_t size)
{
	unsigned int n = *cap ? 2 * *cap : 64;
	void *q = realloc(p, n * size);

	if (!q)
		abort();
	*cap = n;
	return q;
}

/* The per-SM L1 TLBs; 0, or -1 (message printed, @io freed) */
static int iommu_l1_init(struct iommu *io)
{
	unsigned int s;

	if (!io->cfg.sms || io->cfg.sms > 64) {
		iommu_free(io);
		fprintf(stderr, "pwcsim: L1 TLBs need 1 to 64 SMs\n");
		return -1;
	}
	io->l1 = calloc(io->cfg.sms, sizeof(*io->l1));
	for (s = 0; io->l1 && s < io->cfg.sms; s++)
		if (pwc_tlb_init(&io->l1[s], io->cfg.l1_tlb, 0))
			break;
	if (!io->l1 || s < io->cfg.sms) {
		iommu_free(io);
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	return 0;
}

int iommu_init(struct iommu *io, const struct iommu_config *cfg,
	       struct pwc_model *pwc)
{
	size_t lines = (size_t)cfg->ptc_sets * cfg->ptc_ways;

	memset(io, 0, sizeof(*io));
	if (!cfg->walkers || !cfg->buffer || !cfg->ptc_hit || !cfg->mem ||
	    (cfg->levels != 4 && cfg->levels != 5)) {
		fprintf(stderr, "pwcsim: the IOMMU needs walkers, a buffer, read latencies of at least a cycle, and 4 or 5 levels\n");
		return -1;
	}
	io->cfg = *cfg;
	io->pwc = pwc;
	io->pt.levels = cfg->levels;
	io->walker_free = calloc(cfg->walkers, sizeof(*io->walker_free));
	io->walking = calloc(cfg->walkers, sizeof(*io->walking));
	io->ptc = calloc(lines ? lines : 1, sizeof(*io->ptc));
	io->hash = calloc(IOMMU_HASH, sizeof(*io->hash));
	io->st.hist = calloc(IOMMU_HIST, sizeof(*io->st.hist));
	io->st.first = IOMMU_PENDING;
	if (cfg->l1_tlb && iommu_l1_init(io))
		return -1;
	if (!io->walker_free || !io->walking || !io->ptc || !io->hash ||
	    !io->st.hist ||
	    pwc_tlb_init(&io->tlb, cfg->tlb, 0)) {
		iommu_free(io);
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	return 0;
}

void iommu_free(struct iommu *io)
{
	unsigned int s;

	for (s = 0; io->l1 && s < io->cfg.sms; s++)
		pwc_tlb_free(&io->l1[s]);
	free(io->l1);
	pwc_tlb_free(&io->tlb);
	pwc_hset_free(&io->tables);
	free(io->walker_free);
	free(io->walking);
	free(io->ptc);
	free(io->hash);
	free(io->st.hist);
	free(io->miss);
	free(io->waiting);
	free(io->wcookie);
	free(io->wtime);
	free(io->wnext);
	memset(io, 0, sizeof(*io));
}

/* The misses in the buffer: the oldest of those waiting, up to its size */
static unsigned long long occupancy(const struct iommu *io)
{
	return io->nwaiting < io->cfg.buffer ? io->nwaiting : io->cfg.buffer;
}

/* The buffer's occupancy and fullness counted up to cycle @t. */
static void occ_mark(struct iommu *io, unsigned long long t)
{
	unsigned long long occ = occupancy(io);

	if (t <= io->now)
		return;
	io->st.occ_cycles += occ * (t - io->now);
	if (io->nwaiting >= io->cfg.buffer)
		io->st.full_cycles += t - io->now;
	io->now = t;
}

static void occ_changed(struct iommu *io)
{
	if (occupancy(io) > io->st.occ_max)
		io->st.occ_max = occupancy(io);
}

/* One translation's latency, into the statistics. */
static void latency(struct iommu *io, unsigned long long lat)
{
	io->st.lat_sum += lat;
	if (lat > io->st.lat_max)
		io->st.lat_max = lat;
	if (lat < IOMMU_HIST)
		io->st.hist[lat]++;
	else
		io->st.lat_over++;
}

static unsigned int *hash_slot(struct iommu *io, unsigned long long page)
{
	return &io->hash[(page * 0x9E3779B97F4A7C15ULL >> 40) %
			 IOMMU_HASH];
}

/* The miss in flight for @page (index + 1), or 0 */
static unsigned int miss_find(struct iommu *io, unsigned long long page)
{
	unsigned int i = *hash_slot(io, page);

	while (i && io->miss[i - 1].page != page)
		i = io->miss[i - 1].next;
	return i;
}

static unsigned int miss_new(struct iommu *io, const struct pwc_walk *w,
			     unsigned long long now, unsigned long long inst)
{
	unsigned long long va = w->va;
	unsigned int i, *slot = hash_slot(io, va >> 12);
	struct iommu_miss *m;

	if (io->free_head) {
		i = io->free_head - 1;
		io->free_head = io->miss[i].next;
	} else {
		if (io->nmiss == io->cap)
			io->miss = grow(io->miss, &io->cap, sizeof(*io->miss));
		i = io->nmiss++;
	}
	m = &io->miss[i];
	*m = (struct iommu_miss){ .page = va >> 12, .arrival = now,
				  .inst = inst, .done = IOMMU_PENDING,
				  .w = *w, .next = *slot };
	*slot = i + 1;
	return i;
}

static void miss_release(struct iommu *io, unsigned int i)
{
	unsigned int *p = hash_slot(io, io->miss[i].page);

	while (*p != i + 1)
		p = &io->miss[*p - 1].next;
	*p = io->miss[i].next;
	io->miss[i].next = io->free_head;
	io->free_head = i + 1;
}

/* More waiter slots, threaded onto the free list */
static void waiter_grow(struct iommu *io)
{
	unsigned int n = io->wcap ? 2 * io->wcap : 64, k;

	io->wcookie = realloc(io->wcookie, n * sizeof(*io->wcookie));
	io->wtime = realloc(io->wtime, n * sizeof(*io->wtime));
	io->wnext = realloc(io->wnext, n * sizeof(*io->wnext));
	if (!io->wcookie || !io->wtime || !io->wnext)
		abort();
	for (k = io->wcap; k < n; k++)
		io->wnext[k] = k + 1 < n ? k + 2 : io->wfree;
	io->wfree = io->wcap + 1;
	io->wcap = n;
}

static void waiter_add(struct iommu *io, struct iommu_miss *m,
		       unsigned long long cookie, unsigned long long now)
{
	unsigned int k;

	if (!io->wfree)
		waiter_grow(io);
	k = io->wfree - 1;
	io->wfree = io->wnext[k];
	io->wcookie[k] = cookie;
	io->wtime[k] = now;
	io->wnext[k] = m->waiters;
	m->waiters = k + 1;
}

/*
 * The line of the entry at index @idx of the table at @base: the table's
 * number (the order in which the IOMMU first saw it, so the line cache's
 * sets do not depend on what a base is) and the index's 8-entry line.
 */
static unsigned long long table_line(struct iommu *io, unsigned long long base,
				     unsigned int idx)
{
	s64 slot = pwc_hset_find(&io->tables, base);
	unsigned long long id = io->tables.used;

	if (slot >= 0)
		id = io->tables.val[slot];
	else if (pwc_hset_add(&io->tables, base, id) < 0)
		abort();
	return id << 6 | idx >> 3;
}

/*
 * A page-table read of the line at @line issued at cycle @at: its latency.
 * A line keeps the cycle its data arrives (its way's @ready): a read
 * that finds it still in flight completes when it arrives (an MSHR
 * merge), or as a read from DRAM of its own would if that is sooner (a
 * walk started later may issue its read before an earlier walk's read of
 * the line).
 */
static unsigned int pt_read(struct iommu *io, unsigned long long line,
			    unsigned long long at)
{
	unsigned int ways = io->cfg.ptc_ways, i;
	struct iommu_ptc_way *set, *v;

	io->st.reads++;
	if (!io->cfg.ptc_sets || !ways)
		return io->cfg.mem;
	set = &io->ptc[(line % io->cfg.ptc_sets) * ways];
	io->stamp++;
	for (i = 0, v = set; i < ways; i++) {
		if (set[i].tag == line + 1)
			break;
		if (set[i].used < v->used)
			v = &set[i];
	}
	if (i < ways) {
		v = &set[i];
		v->used = io->stamp;
		if (v->ready <= at + io->cfg.ptc_hit) {
			io->st.ptc_hits++;
			return io->cfg.ptc_hit;
		}
		if (v->ready <= at + io->cfg.mem) {	/* in flight */
			io->st.ptc_hits++;
			io->st.ptc_waits++;
			return (unsigned int)(v->ready - at);
		}
		v->ready = at + io->cfg.mem;
		return io->cfg.mem;
	}
	*v = (struct iommu_ptc_way){ .tag = line + 1, .used = io->stamp,
				     .ready = at + io->cfg.mem };
	return io->cfg.mem;
}

/* The walk of waiting miss io->waiting[@wi] starts at cycle @t on walker @k */
static void walk_start(struct iommu *io, unsigned int wi, unsigned int k,
		       unsigned long long t)
{
	unsigned int i = io->waiting[wi], lvl, w;
	unsigned int lookup = io->cfg.pwc_probe *
			      pwc_lookup_cycles(io->pwc, io->cfg.levels);
	struct iommu_miss *m = &io->miss[i];
	unsigned long long reads = 0, line;
	struct pwc_result r;

	occ_mark(io, t);
	memmove(io->waiting + wi, io->waiting + wi + 1,
		(io->nwaiting - wi - 1) * sizeof(*io->waiting));
	io->nwaiting--;
	pwc_lookup(io->pwc, &m->w, &r);
	/* the levels read: from the start level down to the walk's end */
	for (lvl = r.start; lvl >= m->w.end && lvl >= 1; lvl--) {
		line = table_line(io, m->w.base[lvl],
				  pwc_index(m->w.va, lvl));
		reads += pt_read(io, line, t + lookup + reads);
	}
	m->done = t + lookup + reads;
	io->walker_free[k] = m->done;
	io->walking[io->nwalking++] = i;
	io->batch = m->inst;
	io->batch_valid = true;
	io->st.walks++;
	io->st.queueing += t - m->arrival - io->cfg.tlb_hit;
	io->st.lookup += lookup;
	io->st.read_cycles += reads;
	io->st.busy += m->done - t;
	for (w = m->waiters; w; w = io->wnext[w - 1]) {
		latency(io, m->done - io->wtime[w - 1]);
		if (io->wcookie[w - 1] && io->done)
			io->done(io->arg, io->wcookie[w - 1], m->done);
	}
	/* the waiters back to the pool */
	while (m->waiters) {
		w = m->waiters;
		m->waiters = io->wnext[w - 1];
		io->wnext[w - 1] = io->wfree;
		io->wfree = w;
	}
}

/* The walk io->walking[@j] ends: the IOTLB and the PWC filled. */
static void walk_end(struct iommu *io, unsigned int j)
{
	unsigned int i = io->walking[j];
	struct iommu_miss *m = &io->miss[i];
	struct pwc_result r;

	unsigned long long sms;

	pwc_access(io->pwc, &m->w, &r);
	if (!m->w.fault) {
		pwc_tlb_fill(&io->tlb, &m->w);
		for (sms = m->sms; io->l1 && sms; sms &= sms - 1)
			pwc_tlb_fill(&io->l1[__builtin_ctzll(sms)], &m->w);
	}
	io->st.last = m->done;
	io->walking[j] = io->walking[--io->nwalking];
	miss_release(io, i);
}

/* The walker that frees first */
static unsigned int walker_first(const struct iommu *io)
{
	unsigned int k, best = 0;

	for (k = 1; k < io->cfg.walkers; k++)
		if (io->walker_free[k] < io->walker_free[best])
			best = k;
	return best;
}

/* The cycle the next walk can start (IOMMU_PENDING: none waits) */
static unsigned long long next_start(const struct iommu *io)
{
	unsigned long long t, e;

	if (!io->nwaiting)
		return IOMMU_PENDING;
	t = io->walker_free[walker_first(io)];
	e = io->miss[io->waiting[0]].arrival + io->cfg.tlb_hit;
	return t > e ? t : e;
}

/* The walk that ends first (index into io->walking), or -1 */
static int next_end(const struct iommu *io)
{
	unsigned int j;
	int best = -1;

	for (j = 0; j < io->nwalking; j++)
		if (best < 0 || io->miss[io->walking[j]].done <
				io->miss[io->walking[best]].done)
			best = (int)j;
	return best;
}

unsigned long long iommu_next_event(const struct iommu *io)
{
	unsigned long long s = next_start(io);
	int e = next_end(io);

	if (e >= 0 && io->miss[io->walking[e]].done < s)
		return io->miss[io->walking[e]].done;
	return s;
}

void iommu_advance(struct iommu *io, unsigned long long now)
{
	unsigned long long s;
	int e;

	for (;;) {
		s = next_start(io);
		e = next_end(io);
		if (e >= 0 && io->miss[io->walking[e]].done <= s &&
		    io->miss[io->walking[e]].done <= now) {
			walk_end(io, (unsigned int)e);
			continue;
		}
		if (s > now)
			break;
		walk_start(io, iommu_pick(io, s), walker_first(io), s);
		occ_changed(io);
	}
	occ_mark(io, now);
}

/*
 * SM @sm's L1 TLB, then the IOTLB: true on a hit (*@done its cycle; an
 * IOTLB hit fills the L1)
 */
static bool tlb_hit(struct iommu *io, unsigned long long va,
		    unsigned long long now, struct pwc_tlb *l1,
		    unsigned long long *done)
{
	struct pwc_walk w = { .va = va, .levels = (u8)io->cfg.levels,
			      .end = 1 };

	if (l1 && pwc_tlb_lookup(l1, va)) {
		io->st.l1_hits++;
		latency(io, 0);
		*done = now;
		return true;
	}
	if (!pwc_tlb_lookup(&io->tlb, va))
		return false;
	io->st.tlb_hits++;
	if (l1)
		pwc_tlb_fill(l1, &w);
	latency(io, io->cfg.tlb_hit);
	*done = now + io->cfg.tlb_hit;
	return true;
}

unsigned long long iommu_translate(struct iommu *io, unsigned long long va,
				   unsigned long long now, unsigned int sm,
				   unsigned long long cookie,
				   unsigned long long inst)
{
	struct pwc_tlb *l1 = io->l1 && sm < io->cfg.sms ? &io->l1[sm] : NULL;
	unsigned long long done, bit = l1 ? 1ULL << sm : 0;
	struct pwc_walk w;
	unsigned int i;

	iommu_advance(io, now);
	if (io->st.first == IOMMU_PENDING)
		io->st.first = now;
	io->st.requests++;
	if (tlb_hit(io, va, now, l1, &done))
		return done;
	i = miss_find(io, va >> 12);
	if (i) {
		io->miss[i - 1].sms |= bit;
		io->st.merged++;
		if (io->miss[i - 1].done != IOMMU_PENDING) {	/* walking */
			latency(io, io->miss[i - 1].done - now);
			return io->miss[i - 1].done;
		}
		waiter_add(io, &io->miss[i - 1], cookie, now);
		return IOMMU_PENDING;
	}
	if ((io->walk ? io->walk(io->walk_arg, va, &w) :
			(pwc_synth_walk(&io->pt, va, &w), 0)) ||
	    !pwc_walk_valid(&w)) {
		io->st.not_walked++;
		latency(io, io->cfg.tlb_hit);
		return now + io->cfg.tlb_hit;
	}
	i = miss_new(io, &w, now, inst);
	io->miss[i].sms = bit;
	if (io->nwaiting == io->waiting_cap)
		io->waiting = grow(io->waiting, &io->waiting_cap,
				   sizeof(*io->waiting));
	occ_mark(io, now);
	io->waiting[io->nwaiting++] = i;
	occ_changed(io);
	iommu_advance(io, now);
	if (io->miss[i].done != IOMMU_PENDING) {	/* it started */
		latency(io, io->miss[i].done - now);
		return io->miss[i].done;
	}
	waiter_add(io, &io->miss[i], cookie, now);
	return IOMMU_PENDING;
}

void iommu_drain(struct iommu *io)
{
	unsigned long long t;

	while ((t = iommu_next_event(io)) != IOMMU_PENDING)
		iommu_advance(io, t);
}

void iommu_latency_cdf(const struct iommu *io, unsigned int n,
		       unsigned long long *cycles)
{
	unsigned long long seen = 0, total = io->st.lat_over, want;
	unsigned int i, k = 0;

	for (i = 0; i < IOMMU_HIST; i++)
		total += io->st.hist[i];
	/* quantile (k + 1) / n: the first latency with more than want below */
	for (i = 0; i < IOMMU_HIST && k < n; i++) {
		seen += io->st.hist[i];
		for (; k < n && total; k++) {
			want = (unsigned long long)((k + 1.0) / n * (double)total);
			if (want >= total)
				want = total - 1;
			if (seen <= want)
				break;
			cycles[k] = i;
		}
	}
	for (; k < n; k++)	/* past the histogram, or nothing measured */
		cycles[k] = total ? io->st.lat_max : 0;
}
