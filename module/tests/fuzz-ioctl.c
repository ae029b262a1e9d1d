// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-ioctl.c - a seeded ioctl fuzzer for /dev/pwcsim, checked against
 * the uAPI (include/uapi/linux/pwcsim.h): random command numbers (pwcsim's
 * and others, every direction/size encoding), sizes up to 4 GiB, NULL,
 * unaligned, kernel, non-canonical, unmapped and read-only pointers,
 * structs that run into a PROT_NONE guard page, garbage flags and reserved
 * fields, random model specs and budgets, and random feeds against this
 * process's own memory (mapped, unmapped, THP) while it changes.  Every
 * failure's errno must be one the command documents (and the exact one
 * where the rules fix it); every successful feed's results must keep the
 * invariants (campaign.h).  Runs as root in the VM with pwcsim.ko loaded.
 *
 *   fuzz-ioctl [-s seed] [-n iterations] [-t seconds]
 *
 * Prints the seed, per-command calls and errnos, and ends with
 * "fuzz-ioctl: N passed, N failed".  Also built with -m32 (fuzz-ioctl32)
 * where the toolchain can, for the compat ioctl path.
 */
#define _GNU_SOURCE
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "campaign.h"

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

#define NSESS 4
#define RESBUF (2UL << 20)		/* the results buffer */
#define DUMPBUF ((1UL << 20) + PAGE)	/* the GET_MODEL buffer */
#define MAXERR 134

struct sess {
	int fd;
	unsigned int nmodels;
	bool attached;
	bool res_dirty;		/* contents from a time without coherence */
	bool stat_dirty;	/* stale counts from a time without coherence */
	bool coherent;
};

static struct sess ss[NSESS];
static unsigned int levels, max_batch;
static char *arena;		/* 2 RW pages, then a PROT_NONE guard */
static char *ro;		/* a read-only page */
static char *small, *thp, *flux, *hole, *untouched;
static uint64_t *addrs;		/* 65,536 + 1 addresses */
static char *results, *dumpbuf;	/* each followed by a guard page */
static unsigned long calls[NCMDS + 1], oks[NCMDS + 1];
static unsigned long errs[NCMDS + 1][MAXERR + 1];
static unsigned long feeds_ok, results_checked, dumps_ok, strict_checks;
/* failures by kind, for the summary */
enum { F_E2BIG, F_EINVAL, F_EFAULT, F_ENOTTY, F_UNDOC, F_AFTER, NF };
static const char *const fail_names[NF] = {
	"expected-E2BIG", "expected-EINVAL", "expected-EFAULT",
	"expected-ENOTTY", "undocumented-errno", "bad-output",
};
static unsigned long fails[NF];

static void *map_guarded(size_t size)
{
	char *p = mmap(NULL, size + PAGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	mprotect(p + size, PAGE, PROT_NONE);
	return p;
}

static void setup_memory(void)
{
	arena = map_guarded(2 * PAGE);
	ro = map_guarded(PAGE);
	results = map_guarded(RESBUF);
	dumpbuf = map_guarded(DUMPBUF);
	addrs = map_guarded((65536 + 1) * sizeof(uint64_t));
	small = map_aligned(64 * PAGE, MADV_NOHUGEPAGE);
	thp = map_aligned(HUGE, MADV_HUGEPAGE);
	flux = map_aligned(HUGE, MADV_HUGEPAGE);
	if (!small || !thp || !flux) {
		perror("mmap");
		exit(2);
	}
	untouched = mmap(NULL, 64 * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	hole = mmap(NULL, 16 * PAGE, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
		    -1, 0);
	if (untouched == MAP_FAILED || hole == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	munmap(hole, 16 * PAGE);
}

/* Change the flux region now and then: notifications for the sessions. */
static void churn(void)
{
	size_t off = rnd_below(512) * PAGE;

	switch (rnd_below(5)) {
	case 0:
		madvise(flux + off, PAGE, MADV_DONTNEED);
		break;
	case 1:
		mprotect(flux + off, PAGE, PROT_READ);
		mprotect(flux + off, PAGE, PROT_READ | PROT_WRITE);
		break;
	case 2:
		madvise(flux, HUGE, MADV_COLLAPSE);
		break;
	case 3:
		munmap(flux + off, PAGE);
		mmap(flux + off, PAGE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0);
		break;
	default:
		break;
	}
	flux[off] = 1;
}

static uint32_t garbage32(void)
{
	switch (rnd_below(5)) {
	case 0:
		return 1U << rnd_below(32);
	case 1:
		return ~0U;
	default:
		return (uint32_t)rnd();
	}
}

/* Mostly 0, sometimes garbage. */
static uint32_t g32(void)
{
	return one_in(12) ? garbage32() : 0;
}

static uint64_t bad_pointer(void)
{
	static const uint64_t bad[] = {
		0, 8, 0xffff888000000000ULL, 0xffffffffff600000ULL,
		0x0000800000000000ULL, 0x8000000000000000ULL,
		0xdead000000000000ULL, (uint64_t)-4096,
	};

	switch (rnd_below(3)) {
	case 0:
		return (uintptr_t)hole + rnd_below(16 * PAGE);
	case 1:
		return (uintptr_t)arena + 2 * PAGE + rnd_below(PAGE);
	default:
		if (sizeof(void *) == 4)	/* compat: above the user range */
			return 0xffffe000U + rnd_below(0x1000);
		return bad[rnd_below(ARRAY_LEN(bad))];
	}
}

/* A user address for a feed: mostly this process's own memory. */
static uint64_t feed_address(bool allow_bad)
{
	if (allow_bad && one_in(400))
		return one_in(2) ? 0xffff888000000000ULL + rnd_below(1 << 30) :
				   (1ULL << 57) + rnd();
	switch (rnd_below(8)) {
	case 0:
	case 1:
		return (uintptr_t)small + rnd_below(64 * PAGE);
	case 2:
	case 3:
		return (uintptr_t)thp + rnd_below(HUGE);
	case 4:
		return (uintptr_t)flux + rnd_below(HUGE);
	case 5:
		return (uintptr_t)hole + rnd_below(16 * PAGE);
	case 6:
		return (uintptr_t)untouched + rnd_below(64 * PAGE);
	default:
		return rnd_below(2) ? rnd_below(1ULL << 47) & ~7ULL :
				      (uintptr_t)&levels;
	}
}

/*
 * Every model of the one list (pwc_models.h), bare and with entries=7
 * (an odd size, or a parameter it does not have), then hand-picked ones.
 */
static const char *const specs[] = {
#define PWC_MODEL(KIND, name) #name, #name ":entries=7",
#include "pwc_models.h"
#undef PWC_MODEL
	"tpc:entries=4",
	"tpc:entries=65536", "cpwc:l4=2,l3=4,blocks=62,ways=1",
	"cpwc:l4=1,l3=2,blocks=3,ways=2", "stc:l4=2,l3=4,l2=16",
	"tpc:entries=0", "tpc:entries=65537",
	"cpwc:l4=3", "cpwc:l4=8,l3=4096,blocks=4096,ways=2", "bogus",
	"", "tpc:", "tpc:entries=", "tpc:entries=-1", "tpc,entries=4",
	"cpwc:l4=2,l4=2", "stc:l2=99999999999999999999", "none:entries=1",
	"tpc:entries=4,entries=5", "cpwc:l5=2,l4=1",
};

static void fill_spec(char *spec)
{
	unsigned int i;

	if (one_in(20)) {	/* no NUL */
		for (i = 0; i < PWCSIM_SPEC_LEN; i++)
			spec[i] = 'a' + rnd_below(26);
		return;
	}
	if (one_in(10)) {	/* random printable bytes */
		for (i = 0; i < rnd_below(PWCSIM_SPEC_LEN); i++)
			spec[i] = 0x20 + rnd_below(0x5f);
		return;
	}
	snprintf(spec, PWCSIM_SPEC_LEN, "%s", specs[rnd_below(ARRAY_LEN(specs))]);
}

/* Fill the command's struct @k (the kernel's view follows from it). */
static void fill_cmd(unsigned int ci, struct sess *s, void *k)
{
	struct pwcsim_get_info *info = k;
	struct pwcsim_attach *at = k;
	struct pwcsim_add_model *am = k;
	struct pwcsim_set_tlb *tlb = k;
	struct pwcsim_feed *f = k;
	struct pwcsim_get_stats *st = k;
	struct pwcsim_get_model *d = k;
	struct pwcsim_reset *r = k;
	struct pwcsim_set_coherence *c = k;
	static const uint32_t entries[] = { 0, 1, 64, 512, 4096, 65536, 65537 };
	static const uint32_t counts[] = { 0, 65536, 65537, 4096, 1024 };
	static const uint32_t rsizes[] = { 0, 8, 4096, 4097, 0xffffffffU,
					   sizeof(struct pwcsim_result) - 1 };
	static const uint32_t lens[] = { 0, 1, 2, 64, 4096, 1U << 20,
					 (1U << 20) + PAGE, 0xffffffffU };
	unsigned int i;

	switch (ci) {
	case CMD_INFO:
		info->flags = g32();
		info->__reserved = g32();
		break;
	case CMD_ATTACH:
		at->__reserved = g32();
		switch (rnd_below(8)) {
		case 0:
			at->flags = 0;
			at->pid = one_in(2) ? getpid() : 1;
			break;
		case 1:
			at->flags = garbage32();
			at->pid = (int32_t)rnd();
			break;
		case 2:
			at->flags = 0;
			at->pid = one_in(2) ? (int32_t)rnd() : (one_in(2) ? -1 : 2);
			break;
		default:
			at->flags = PWCSIM_ATTACH_SELF;
			at->pid = one_in(10) ? getpid() : 0;
		}
		break;
	case CMD_ADD_MODEL:
		am->flags = g32();
		am->__reserved = g32();
		am->budget_bits = one_in(2) ? 0 : one_in(2) ? 5280 :
				  one_in(2) ? rnd_below(100000) : rnd();
		fill_spec(am->spec);
		break;
	case CMD_SET_TLB:
		tlb->flags = one_in(8) ? garbage32() : rnd_below(2);
		tlb->__reserved = g32();
		tlb->entries = one_in(4) ? garbage32() :
			       entries[rnd_below(ARRAY_LEN(entries))];
		break;
	case CMD_FEED:
		f->flags = g32();
		f->__reserved = g32();
		f->done = one_in(4) ? garbage32() : 0;
		f->count = !one_in(10) ? 1 + rnd_below(256) :
			   one_in(3) ? garbage32() :
			   counts[rnd_below(ARRAY_LEN(counts))];
		/* the big feeds without results are rare: they are slow */
		if (f->count > 4096 && !one_in(20))
			f->count = 1 + rnd_below(4096);
		f->addrs = one_in(30) ? bad_pointer() :
			   one_in(30) ? (uintptr_t)addrs + 1 + rnd_below(7) :
			   (uintptr_t)addrs;
		if (f->count <= 65536)
			for (i = 0; i < f->count; i++)
				addrs[i] = feed_address(one_in(30));
		switch (rnd_below(10)) {
		case 0:
		case 1:
		case 2:
			f->results = 0;
			f->result_size = one_in(8) ? garbage32() : 0;
			break;
		case 3:
			f->results = one_in(2) ? bad_pointer() :
				     (uintptr_t)ro;
			f->result_size = sizeof(struct pwcsim_result);
			break;
		default:
			f->results = (uintptr_t)results;
			f->result_size = !one_in(5) ?
				sizeof(struct pwcsim_result) :
				one_in(2) ? sizeof(struct pwcsim_result) +
					    rnd_below(256) :
				rsizes[rnd_below(ARRAY_LEN(rsizes))];
			/* the results buffer holds 2 MiB: a few overrun it */
			if (!one_in(20) && f->count <= 65536 &&
			    (uint64_t)f->count * f->result_size > RESBUF &&
			    f->result_size)
				f->count = RESBUF / f->result_size;
			if (!f->count)
				f->count = 1;
		}
		break;
	case CMD_STATS:
		st->flags = g32();
		st->__reserved = g32();
		st->model = one_in(3) ? PWCSIM_NO_MODEL :
			    one_in(8) ? garbage32() : rnd_below(s->nmodels + 2);
		break;
	case CMD_MODEL:
		d->flags = g32();
		d->__reserved = g32();
		d->model = one_in(8) ? garbage32() : rnd_below(s->nmodels + 1);
		d->len = one_in(4) ? rnd_below(DUMPBUF) :
			 lens[rnd_below(ARRAY_LEN(lens))];
		d->buf = one_in(15) ? bad_pointer() :
			 one_in(15) ? (uintptr_t)ro : (uintptr_t)dumpbuf;
		break;
	case CMD_RESET:
		r->flags = one_in(6) ? garbage32() : rnd_below(4);
		break;
	case CMD_COHERENCE:
		c->flags = g32();
		c->__reserved = g32();
		c->enable = one_in(8) ? garbage32() : !one_in(4);
		break;
	}
}

/* The rules that fix the errno exactly; 0 if they leave it open. */
static int strict_errno(unsigned int ci, const void *k)
{
	const struct pwcsim_get_info *info = k;
	const struct pwcsim_feed *f = k;

	if (ci == CMD_INFO)
		return info->flags ? EOPNOTSUPP : info->__reserved ? EINVAL : 0;
	if (ci == CMD_FEED && !f->flags && !f->__reserved && f->count &&
	    f->count <= max_batch && !f->results && f->result_size)
		return EINVAL;	/* result_size without results */
	return 0;
}

/* After a successful command: what it returned, and the session's state. */
static void after_ok(unsigned int ci, struct sess *s, const void *k,
		     const void *arg, uint32_t size)
{
	const struct pwcsim_get_info *ki = k, *info = arg;
	const struct pwcsim_attach *at = k;
	const struct pwcsim_feed *kf = k, *f = arg;
	const struct pwcsim_get_stats *kst = k, *st = arg;
	const struct pwcsim_get_model *kd = k, *d = arg;
	const struct pwcsim_reset *r = k;
	const struct pwcsim_set_coherence *c = k;
	static uint64_t fed[65536];
	struct res_ctx rc;
	size_t n;

	switch (ci) {
	case CMD_INFO:
		check(info->abi_version == PWCSIM_ABI_VERSION &&
		      info->levels == levels && info->max_batch == max_batch &&
		      info->size == ki->size,
		      "GET_INFO: abi %u levels %u max_batch %u size %u",
		      info->abi_version, info->levels, info->max_batch,
		      info->size);
		break;
	case CMD_ATTACH:
		s->attached = true;
		(void)at;
		break;
	case CMD_ADD_MODEL:
		s->nmodels++;
		break;
	case CMD_FEED:
		feeds_ok++;
		check(f->done == kf->count, "FEED: done %u of %u", f->done,
		      kf->count);
		if (!kf->results)
			break;
		rc = (struct res_ctx){ .levels = levels,
				       .nmodels = s->nmodels,
				       .privileged = true,
				       .coherent = !s->res_dirty };
		/* the addresses the kernel read (@addrs may be misaligned) */
		memcpy(fed, (const void *)(uintptr_t)kf->addrs,
		       kf->count * sizeof(uint64_t));
		/*
		 * where the kernel wrote them: a "bad" pointer into the arena
		 * may be mapped and writable when the feed runs
		 */
		check_results(&rc, (const void *)(uintptr_t)kf->results,
			      kf->result_size, fed, kf->count, NULL);
		results_checked += kf->count;
		break;
	case CMD_STATS:
		check(st->nmodels == s->nmodels,
		      "GET_STATS: nmodels %u, %u added", st->nmodels,
		      s->nmodels);
		if (kst->model != PWCSIM_NO_MODEL && !s->stat_dirty)
			check(st->stale == 0,
			      "GET_STATS: model %u of a coherent session: %llu stale",
			      kst->model, (unsigned long long)st->stale);
		break;
	case CMD_MODEL:
		dumps_ok++;
		if (!kd->len) {
			check(d->len == 0, "GET_MODEL: len 0 in, %u out",
			      d->len);
			break;
		}
		check(d->len >= 1 && d->len <= kd->len &&
		      d->len <= PWCSIM_MAX_DUMP,
		      "GET_MODEL: %u bytes written into a buffer of %u",
		      d->len, kd->len);
		if (d->len >= 1 && d->len <= kd->len &&
		    d->len <= PWCSIM_MAX_DUMP) {
			/*
			 * where the kernel wrote it: a "bad" pointer may be
			 * mapped and writable when the call runs (the hole
			 * is unmapped, and a later mapping may take it)
			 */
			n = strnlen((const char *)(uintptr_t)kd->buf, d->len);
			check(n == d->len - 1,
			      "GET_MODEL: text of %zu bytes, len %u (with the NUL)",
			      n, d->len);
		}
		if (size >= END_OF(struct pwcsim_get_model, out_flags))
			check(!(d->out_flags & ~PWCSIM_DUMP_TRUNCATED),
			      "GET_MODEL: out_flags 0x%x", d->out_flags);
		break;
	case CMD_RESET:
		if (r->flags & PWCSIM_RESET_CONTENTS)
			s->res_dirty = !s->coherent;
		if (r->flags & PWCSIM_RESET_STATS)
			s->stat_dirty = s->res_dirty || !s->coherent;
		break;
	case CMD_COHERENCE:
		s->coherent = c->enable;
		if (!c->enable)
			s->res_dirty = s->stat_dirty = true;
		break;
	}
}

static void reopen(struct sess *s)
{
	if (s->fd >= 0)
		close(s->fd);
	memset(s, 0, sizeof(*s));
	s->coherent = true;
	s->fd = pwcsim_open();
	if (s->fd < 0) {
		perror("/dev/pwcsim");
		exit(2);
	}
	if (!one_in(4))
		s->attached = !attach(s->fd, PWCSIM_ATTACH_SELF, 0);
}

static void count_errno(unsigned int ci, int err)
{
	errs[ci][err > 0 && err <= MAXERR ? err : 0]++;
}

/* An ioctl number that is none of pwcsim's commands. */
static unsigned int unknown_number(void)
{
	unsigned int nr, i;

	for (;;) {
		switch (rnd_below(3)) {
		case 0:	/* pwcsim's numbers, another direction/size */
			nr = _IOC(rnd_below(4), PWCSIM_TYPE,
				  PWCSIM_CMD_BASE + rnd_below(10),
				  rnd_below(1 << 14));
			break;
		case 1:
			nr = _IO(PWCSIM_TYPE, rnd_below(256));
			break;
		default:	/* not the VFS's own (FIOCLEX, FIGETBSZ...) */
			nr = (uint32_t)rnd();
			if (memchr("\x00\x12\x15\x54\x58\x66\x94\x89",
				   _IOC_TYPE(nr), 8))
				continue;
		}
		for (i = 0; i < NCMDS && nr != cmd_numbers[i]; i++)
			;
		if (i == NCMDS)
			return nr;
	}
}

static void one_iteration(void)
{
	static unsigned char k[2 * PAGE];	/* the struct as built */
	struct sess *s = &ss[rnd_below(NSESS)];
	unsigned int ci, nr, body;
	uint64_t argp;
	uint32_t size;
	size_t avail, full;
	int exp = 0, ret, err;
	bool bad_arg = false, tail_dirty = false, in_ro = false;
	bool guard = one_in(12);	/* the struct runs into the guard */
	struct pwcsim_get_stats resync;
	unsigned long before;
	char *arg;

	if (one_in(300))
		reopen(s);
	if (one_in(50))
		churn();
	if (one_in(12)) {
		nr = unknown_number();
		argp = one_in(4) ? bad_pointer() : (uintptr_t)arena;
		memset(arena, 0, 2 * PAGE);
		*(uint32_t *)arena = (uint32_t)rnd_below(8192);
		calls[NCMDS]++;
		errno = 0;
		ret = ioctl(s->fd, nr, (void *)(uintptr_t)argp);
		err = errno;
		count_errno(NCMDS, ret ? err : 0);
		oks[NCMDS] += !ret;
		check(ret == -1 && err == ENOTTY,
		      "unknown ioctl 0x%08x: ret %d errno %d, not ENOTTY",
		      nr, ret, err);
		fails[F_ENOTTY] += !(ret == -1 && err == ENOTTY);
		strict_checks++;
		return;
	}

	ci = rnd_below(NCMDS);
	nr = cmd_numbers[ci];
	full = cmd_size[ci];
	memset(k, 0, sizeof(k));
	fill_cmd(ci, s, k);

	/* the size field */
	switch (rnd_below(20)) {
	case 0:
		size = rnd_below(cmd_min_size[ci]);
		break;
	case 1:
		size = cmd_min_size[ci] + rnd_below(full - cmd_min_size[ci] + 1);
		break;
	case 2:
	case 3:
		size = full + 1 + rnd_below(256);
		tail_dirty = !guard && one_in(2);
		break;
	case 4:
		size = PWCSIM_MAX_ARG_SIZE;
		tail_dirty = !guard && one_in(3);
		break;
	case 5: {
		static const uint32_t huge[] = { 4097, 8192, 65536, 1U << 20,
						 1U << 31, 0xffffffffU };
		size = one_in(3) ? 4097 + rnd_below(1U << 31) :
				   huge[rnd_below(ARRAY_LEN(huge))];
		break;
	}
	default:
		size = full;
	}
	*(uint32_t *)k = size;
	if (tail_dirty && size > full && size <= 2 * PAGE)
		k[full + rnd_below(size - full)] = 1 + rnd_below(255);
	/* the kernel reads min(size, full) bytes of the struct */
	body = size < full ? size : full;
	memset(k + body, 0, full - body);	/* what it does not read */

	/* where the struct goes */
	avail = size <= 2 * PAGE ? size : 2 * PAGE;
	if (avail < full)
		avail = full;
	if (guard) {
		avail = rnd_below(avail + 1);
	} else {
		avail += rnd_below(64);
		if (avail > 2 * PAGE)
			avail = 2 * PAGE;
	}
	arg = arena + 2 * PAGE - avail;
	memset(arena, 0, 2 * PAGE);
	memcpy(arg, k, avail < sizeof(k) ? avail : sizeof(k));
	argp = (uintptr_t)arg;
	if (one_in(15)) {
		argp = bad_pointer();
		bad_arg = true;
	} else if (one_in(25) && avail <= PAGE) {
		mprotect(ro, PAGE, PROT_READ | PROT_WRITE);
		memset(ro, 0, PAGE);
		memcpy(ro + PAGE - avail, k, avail);
		mprotect(ro, PAGE, PROT_READ);
		argp = (uintptr_t)ro + PAGE - avail;
		arg = ro + PAGE - avail;
		in_ro = true;
	}

	/* what the generic layer must say */
	if (bad_arg || avail < 4)
		exp = EFAULT;
	else if (size > PWCSIM_MAX_ARG_SIZE)
		exp = E2BIG;
	else if (size < cmd_min_size[ci])
		exp = EINVAL;
	else if (avail < size)
		exp = EFAULT;
	else if (tail_dirty && size > full)
		exp = E2BIG;
	else
		exp = strict_errno(ci, k);

	calls[ci]++;
	errno = 0;
	ret = ioctl(s->fd, nr, (void *)(uintptr_t)argp);
	err = ret ? errno : 0;
	count_errno(ci, err);
	if (exp) {
		strict_checks++;
		check(ret == -1 && err == exp,
		      "%s size %u avail %zu%s: ret %d errno %s, expected %s",
		      cmd_names[ci], size, avail, bad_arg ? " bad pointer" : "",
		      ret, ret ? strerrorname_np(err) : "0",
		      strerrorname_np(exp));
		if (ret != -1 || err != exp)
			fails[exp == E2BIG ? F_E2BIG : exp == EINVAL ? F_EINVAL :
			      F_EFAULT]++;
		return;
	}
	if (ret) {
		check(errno_documented(ci, err),
		      "%s size %u: errno %s is not documented for it",
		      cmd_names[ci], size, strerrorname_np(err));
		fails[F_UNDOC] += !errno_documented(ci, err);
		if (ci == CMD_ADD_MODEL && !stats(s->fd, PWCSIM_NO_MODEL,
						      &resync))
			s->nmodels = resync.nmodels;	/* added, not told */
		return;
	}
	oks[ci]++;
	check(!in_ro || ci == CMD_ATTACH || ci == CMD_SET_TLB ||
	      ci == CMD_RESET || ci == CMD_COHERENCE,
	      "%s succeeded with its struct in a read-only page",
	      cmd_names[ci]);
	before = c_failed;
	after_ok(ci, s, k, arg, size);
	fails[F_AFTER] += c_failed != before;
}

/* Sizes over the cap, over zero pages: E2BIG at once, not a 4 GiB scan. */
static void huge_sizes(void)
{
	static const uint64_t sizes[] = { 4097, 8192, 1U << 20, 1U << 28,
					  0xffffffffU };
	size_t span = sizeof(void *) == 8 ? (4UL << 30) + PAGE : 256UL << 20;
	struct pwcsim_get_info *info;
	double t0, worst = 0;
	unsigned int i, ok = 0;
	char *p;
	int fd = pwcsim_open(), ret, err;

	p = mmap(NULL, span, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (p == MAP_FAILED || fd < 0) {
		check(false, "huge sizes: mmap of %zu bytes failed", span);
		return;
	}
	info = (void *)p;
	for (i = 0; i < ARRAY_LEN(sizes); i++) {
		if (sizes[i] > span)
			continue;
		memset(info, 0, sizeof(*info));
		info->size = sizes[i];
		t0 = now_s();
		ret = ioctl(fd, PWCSIM_GET_INFO, info);
		err = errno;
		t0 = now_s() - t0;
		if (t0 > worst)
			worst = t0;
		check(ret == -1 && err == E2BIG,
		      "GET_INFO with size %llu over zero pages: ret %d errno %s (%.3f s)",
		      (unsigned long long)sizes[i], ret,
		      ret ? strerrorname_np(err) : "0", t0);
		ok += ret == -1 && err == E2BIG;
	}
	printf("# huge sizes over zero pages (up to %zu MiB): %u E2BIG, slowest call %.3f s\n",
	       span >> 20, ok, worst);
	munmap(p, span);
	close(fd);
}

int main(int argc, char **argv)
{
	struct opts o = { .count = 20000, .seconds = 60 };
	struct pwcsim_get_info info = { .size = sizeof(info) };
	unsigned long it;
	unsigned int ci, e;
	double t0;
	int fd;

	parse_opts(argc, argv, &o);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# fuzz-ioctl (%u-bit): seed 0x%llx, up to %lu iterations or %.0f s\n",
	       (unsigned int)sizeof(void *) * 8, (unsigned long long)o.seed,
	       o.count, o.seconds);
	fd = pwcsim_open();
	if (fd < 0 || ioctl(fd, PWCSIM_GET_INFO, &info)) {
		perror("GET_INFO");
		return 2;
	}
	close(fd);
	levels = info.levels;
	max_batch = info.max_batch;
	setup_memory();
	huge_sizes();
	for (ci = 0; ci < NSESS; ci++) {
		ss[ci].fd = -1;
		reopen(&ss[ci]);
	}
	t0 = now_s();
	for (it = 0; it < o.count; it++) {
		if (!(it & 63) && now_s() - t0 > o.seconds)
			break;
		one_iteration();
	}
	t0 = now_s() - t0;
	for (ci = 0; ci < NSESS; ci++) {
		if (!ss[ci].stat_dirty)
			check(pw_stale(ss[ci].fd) == 0,
			      "session %u: stale lookups with coherence on", ci);
		close(ss[ci].fd);
	}
	for (ci = 0; ci <= NCMDS; ci++) {
		printf("# %-13s calls=%lu ok=%lu", ci < NCMDS ? cmd_names[ci] :
		       "unknown", calls[ci], oks[ci]);
		for (e = 1; e <= MAXERR; e++)
			if (errs[ci][e])
				printf(" %s=%lu", strerrorname_np(e),
				       errs[ci][e]);
		printf("\n");
	}
	printf("# failed calls by kind:");
	for (e = 0; e < NF; e++)
		printf(" %s=%lu", fail_names[e], fails[e]);
	printf("\n");
	printf("# fuzz-ioctl figures: iterations=%lu calls=%lu strict=%lu feeds_ok=%lu results_checked=%lu dumps_ok=%lu time=%.1fs\n",
	       it, it, strict_checks, feeds_ok, results_checked, dumps_ok, t0);
	return finish(sizeof(void *) == 8 ? "fuzz-ioctl" : "fuzz-ioctl32");
}
