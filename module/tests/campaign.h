/* SPDX-License-Identifier: GPL-2.0 */
/*
 * campaign.h - what the adversarial campaign's programs share (fuzz-ioctl,
 * fuzz-debugfs, race-test, priv-test, campaign-helper) on top of
 * pwcsim-test.h's wrappers: more wrappers, each command's documented errnos (include/uapi/linux/
 * pwcsim.h), the invariants of a successful feed's results, a seeded
 * random source, counted checks and the closing "N passed, N failed".
 * Header-only: every program is one .c file.
 */
#ifndef PWCSIM_CAMPAIGN_H
#define PWCSIM_CAMPAIGN_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "pwcsim-test.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define END_OF(type, field) (offsetof(type, field) + sizeof(((type *)0)->field))

/* ---- counted checks ---- */

static unsigned long c_passed, c_failed;
static unsigned int c_quiet_after = 20;	/* failures printed in full */

static inline void __attribute__((format(printf, 2, 3)))
check(bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok) {
		c_passed++;
		return;
	}
	if (c_failed++ < c_quiet_after) {
		fputs("not ok - ", stdout);
		va_start(ap, fmt);
		vprintf(fmt, ap);
		va_end(ap);
		fputc('\n', stdout);
		fflush(stdout);
	}
}

static inline int finish(const char *name)
{
	printf("%s: %lu passed, %lu failed\n", name, c_passed, c_failed);
	return c_failed ? 1 : 0;
}

/* ---- random numbers (xorshift64*), seeded and printed ---- */

static __thread uint64_t rng_state = 88172645463325252ULL;	/* per thread */

static inline void rng_seed(uint64_t seed)
{
	rng_state = seed ? seed : 88172645463325252ULL;
}

static inline uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

/* 0 .. n-1 */
static inline uint64_t rnd_below(uint64_t n)
{
	return n ? rnd() % n : 0;
}

/* true with probability 1/n */
static inline bool one_in(unsigned int n)
{
	return rnd_below(n) == 0;
}

static inline double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* ---- the ioctls ---- */

static inline int pw_set_tlb(int fd, unsigned int entries, unsigned int flags)
{
	struct pwcsim_set_tlb t = { .size = sizeof(t), .entries = entries,
				.flags = flags };

	return ioctl(fd, PWCSIM_SET_TLB, &t);
}

static inline int pw_reset(int fd, unsigned int flags)
{
	struct pwcsim_reset r = { .size = sizeof(r), .flags = flags };

	return ioctl(fd, PWCSIM_RESET, &r);
}

/* GET_MODEL into @buf of @len; the out fields through @out. */
static inline int pw_dump(int fd, unsigned int model, char *buf, unsigned int len,
		   struct pwcsim_get_model *out)
{
	struct pwcsim_get_model d = { .size = sizeof(d), .model = model,
				       .len = len, .buf = (uintptr_t)buf };
	int ret = ioctl(fd, PWCSIM_GET_MODEL, &d);

	if (out)
		*out = d;
	return ret;
}

/* GET_INFO's levels through @fd (0 on failure) */
static inline unsigned int pw_levels_fd(int fd)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };

	return ioctl(fd, PWCSIM_GET_INFO, &info) ? 0 : info.levels;
}

/* GET_INFO's levels through a session of its own (0 on failure) */
static inline unsigned int pw_levels(void)
{
	int fd = pwcsim_open();
	unsigned int levels = fd < 0 ? 0 : pw_levels_fd(fd);

	if (fd >= 0)
		close(fd);
	return levels;
}

/* The sum of stale lookups over every model of a session. */
static inline unsigned long long pw_stale(int fd)
{
	struct pwcsim_get_stats st;
	unsigned long long stale = 0;
	unsigned int i, n;

	if (stats(fd, PWCSIM_NO_MODEL, &st))
		return ~0ULL;
	n = st.nmodels;
	for (i = 0; i < n; i++)
		if (!stats(fd, i, &st))
			stale += st.stale;
	return stale;
}

/* ---- the documented errnos ---- */

enum { CMD_INFO, CMD_ATTACH, CMD_ADD_MODEL, CMD_SET_TLB, CMD_FEED,
       CMD_STATS, CMD_MODEL, CMD_RESET, CMD_COHERENCE, NCMDS };

static const char *const cmd_names[NCMDS] = {
	"GET_INFO", "ATTACH", "ADD_MODEL", "SET_TLB", "FEED", "GET_STATS",
	"GET_MODEL", "RESET", "SET_COHERENCE",
};

static const unsigned int cmd_numbers[NCMDS] = {
	PWCSIM_GET_INFO, PWCSIM_ATTACH, PWCSIM_ADD_MODEL, PWCSIM_SET_TLB,
	PWCSIM_FEED, PWCSIM_GET_STATS, PWCSIM_GET_MODEL, PWCSIM_RESET,
	PWCSIM_SET_COHERENCE,
};

/* sizeof(struct) and the size of its first version (smaller: EINVAL) */
static const unsigned int cmd_size[NCMDS] = {
	sizeof(struct pwcsim_get_info), sizeof(struct pwcsim_attach),
	sizeof(struct pwcsim_add_model), sizeof(struct pwcsim_set_tlb),
	sizeof(struct pwcsim_feed), sizeof(struct pwcsim_get_stats),
	sizeof(struct pwcsim_get_model), sizeof(struct pwcsim_reset),
	sizeof(struct pwcsim_set_coherence),
};

static const unsigned int cmd_min_size[NCMDS] = {
	END_OF(struct pwcsim_get_info, __reserved),
	END_OF(struct pwcsim_attach, __reserved),
	END_OF(struct pwcsim_add_model, spec),
	END_OF(struct pwcsim_set_tlb, __reserved),
	END_OF(struct pwcsim_feed, __reserved),
	END_OF(struct pwcsim_get_stats, spec),
	END_OF(struct pwcsim_get_model, buf),
	END_OF(struct pwcsim_reset, flags),
	END_OF(struct pwcsim_set_coherence, __reserved),
};

/* errno bit sets; EOPNOTSUPP (95) takes bit 63 */
#define E(x) ((x) == EOPNOTSUPP ? 1ULL << 63 : 1ULL << (x))
/* Every command may also give the generic ENOTTY, EFAULT, EINVAL, E2BIG. */
#define E_GENERIC (E(ENOTTY) | E(EFAULT) | E(EINVAL) | E(E2BIG))
static const unsigned long long cmd_errnos[NCMDS] = {
	[CMD_INFO] = E(EOPNOTSUPP) | E(EINVAL),
	[CMD_ATTACH] = E(EOPNOTSUPP) | E(EINVAL) | E(ESRCH) | E(EPERM) |
		       E(EBUSY) | E(EINTR) | E(ENOMEM),
	[CMD_ADD_MODEL] = E(EOPNOTSUPP) | E(EINVAL) | E(ENOSPC) | E(EBUSY) |
			  E(ENOMEM),
	[CMD_SET_TLB] = E(EOPNOTSUPP) | E(EINVAL) | E(EBUSY) | E(ENOMEM),
	[CMD_FEED] = E(EOPNOTSUPP) | E(EINVAL) | E(E2BIG) | E(ENOENT) |
		     E(ESRCH) | E(EFAULT) | E(EINTR) | E(ENOMEM),
	[CMD_STATS] = E(EOPNOTSUPP) | E(EINVAL),
	[CMD_MODEL] = E(EOPNOTSUPP) | E(EINVAL) | E(EFAULT) | E(ENOMEM),
	[CMD_RESET] = E(EOPNOTSUPP) | E(EINVAL),
	[CMD_COHERENCE] = E(EOPNOTSUPP) | E(EINVAL) | E(ESRCH) | E(EINTR) |
			  E(ENOMEM),
};

static inline bool errno_documented(unsigned int cmd, int err)
{
	return err > 0 && (err < 63 || err == EOPNOTSUPP) &&
	       ((cmd_errnos[cmd] | E_GENERIC) & E(err));
}

/* ---- the invariants of a successful feed's results ---- */

#define RES_KNOWN_FLAGS (PWCSIM_RES_TLB_HIT | PWCSIM_RES_NO_VMA | \
			 PWCSIM_RES_HUGETLB | PWCSIM_RES_FAULT | \
			 PWCSIM_RES_MIGRATION | PWCSIM_RES_BAD | \
			 PWCSIM_RES_NO_PHYS | PWCSIM_RES_RACED | \
			 PWCSIM_RES_TABLE_IDS)

struct res_ctx {
	unsigned int levels;	/* GET_INFO levels */
	unsigned int nmodels;
	bool privileged;	/* the session's opener had CAP_SYS_ADMIN */
	bool coherent;		/* no stale start levels expected */
};

/*
 * NULL when @r (a result of @rsize bytes for @va) keeps every rule of the
 * uAPI, else the first rule it breaks.
 */
static inline const char *result_broken(const struct res_ctx *c,
				 const struct pwcsim_result *r, size_t rsize,
				 uint64_t va)
{
	const unsigned char *tail = (const unsigned char *)r + sizeof(*r);
	unsigned int i, k;

	for (i = 0; i < rsize - sizeof(*r); i++)
		if (tail[i])
			return "bytes past the struct are not zero";
	if (r->va != va)
		return "va != addrs[i]";
	if (r->flags & ~RES_KNOWN_FLAGS)
		return "undefined flag bits";
	if (r->flags & (PWCSIM_RES_TLB_HIT | PWCSIM_RES_NO_VMA |
			PWCSIM_RES_HUGETLB)) {
		if (r->levels || r->end || r->leaf || r->present)
			return "not walked but levels/end/leaf/present set";
		for (i = 0; i < PWCSIM_MAX_MODELS; i++)
			if (r->start[i] || r->accesses[i])
				return "not walked but a model was looked up";
		return NULL;
	}
	if (r->levels != c->levels)
		return "levels != GET_INFO levels";
	if (r->end < 1 || r->end > r->levels)
		return "end outside 1..levels";
	if (r->present != !(r->flags & PWCSIM_RES_FAULT))
		return "present != !(flags & FAULT)";
	if (r->present && (r->leaf != r->end || r->leaf < 1 || r->leaf > 3))
		return "present but leaf != end or leaf outside 1..3";
	if (!r->present && r->leaf)
		return "not present but leaf != 0";
	for (i = 0; i < PWCSIM_MAX_MODELS; i++) {
		if (i >= c->nmodels) {
			if (r->start[i] || r->accesses[i])
				return "start/accesses set past nmodels";
			continue;
		}
		if (r->accesses[i] < 1 ||
		    r->accesses[i] > r->levels - r->end + 1)
			return "accesses outside 1..levels-end+1";
		if (c->coherent &&
		    (r->start[i] < r->end || r->start[i] > r->levels))
			return "start outside end..levels";
	}
	/* table ids (PWCSIM_FEED_TABLE_IDS): one for each level read */
	if (r->flags & PWCSIM_RES_TABLE_IDS)
		for (k = 0; k < ARRAY_LEN(r->base); k++)
			if ((k >= r->end && k <= r->levels) != !!r->base[k])
				return "table ids: 0 for a level read, or one for a level not read";
	if (c->privileged) {
		if (r->flags & PWCSIM_RES_NO_PHYS)
			return "NO_PHYS for a privileged session";
		if (!r->base[r->levels])
			return "privileged: base[levels] (the root) is 0";
		for (k = 0; k < r->end; k++)
			if (r->base[k])
				return "base[k] != 0 below end";
	} else {
		if (!(r->flags & PWCSIM_RES_NO_PHYS))
			return "unprivileged: NO_PHYS not set";
		if (r->pfn)
			return "unprivileged: pfn != 0";
		for (k = 0; k < ARRAY_LEN(r->base) &&
		     !(r->flags & PWCSIM_RES_TABLE_IDS); k++)
			if (r->base[k])
				return "unprivileged: a base[] is not 0";
	}
	return NULL;
}

/*
 * Check @n results of @rsize bytes: one counted check for the batch,
 * naming its first broken result; returns how many are broken.
 */
static inline unsigned long check_results(const struct res_ctx *c,
					  const void *res, size_t rsize,
					  const uint64_t *va, unsigned int n,
					  unsigned long *raced)
{
	const struct pwcsim_result *r, *first = NULL;
	const char *why, *first_why = "";
	unsigned long bad = 0;
	unsigned int i, at = 0;

	for (i = 0; i < n; i++) {
		r = (const void *)((const char *)res + (size_t)i * rsize);
		why = result_broken(c, r, rsize, va[i]);
		if (why && !bad++) {
			first = r;
			first_why = why;
			at = i;
		}
		if (raced && (r->flags & PWCSIM_RES_RACED))
			(*raced)++;
	}
	check(!bad, "%lu of %u results broken; result %u (va 0x%llx flags 0x%x levels %u end %u leaf %u): %s",
	      bad, n, at, first ? (unsigned long long)first->va : 0ULL,
	      first ? first->flags : 0, first ? first->levels : 0,
	      first ? first->end : 0, first ? first->leaf : 0, first_why);
	return bad;
}

/* /proc/self/pagemap's PFN for @va through @fd (0: none or hidden). */
static inline uint64_t pagemap_pfn(int fd, uint64_t va)
{
	uint64_t e = 0;

	if (pread(fd, &e, 8, va / PAGE * 8) != 8)
		return 0;
	return e >> 63 ? e & ((1ULL << 55) - 1) : 0;
}

/* Options shared by the fuzzers and race-test: -s seed -n count -t sec */
struct opts {
	uint64_t seed;
	unsigned long count;
	double seconds;
};

static inline void parse_opts(int argc, char **argv, struct opts *o)
{
	int c;

	while ((c = getopt(argc, argv, "s:n:t:")) != -1) {
		switch (c) {
		case 's':
			o->seed = strtoull(optarg, NULL, 0);
			break;
		case 'n':
			o->count = strtoul(optarg, NULL, 0);
			break;
		case 't':
			o->seconds = strtod(optarg, NULL);
			break;
		default:
			fprintf(stderr, "usage: %s [-s seed] [-n count] [-t seconds]\n",
				argv[0]);
			exit(2);
		}
	}
	if (!o->seed)
		o->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	rng_seed(o->seed);
}

#endif /* PWCSIM_CAMPAIGN_H */
