/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim-test.h - the ioctl wrappers and the memory helper that the
 * module's test programs share (session-test, priv-test and the
 * campaign's programs through campaign.h).
 */
#ifndef PWCSIM_TEST_H
#define PWCSIM_TEST_H

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#define PAGE 4096UL
#define HUGE (2UL << 20)

static inline int pwcsim_open(void)
{
	return open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
}

static inline int attach(int fd, unsigned int flags, int pid)
{
	struct pwcsim_attach a = { .size = sizeof(a), .flags = flags,
				   .pid = pid };

	return ioctl(fd, PWCSIM_ATTACH, &a);
}

static inline int add_model(int fd, const char *spec,
			    unsigned long long budget)
{
	struct pwcsim_add_model m = { .size = sizeof(m),
				      .budget_bits = budget };

	snprintf(m.spec, sizeof(m.spec), "%s", spec);
	return ioctl(fd, PWCSIM_ADD_MODEL, &m);
}

static inline int feed(int fd, const uint64_t *va, unsigned int n,
		       struct pwcsim_result *res, unsigned int *done)
{
	struct pwcsim_feed f = { .size = sizeof(f), .count = n,
				 .addrs = (uintptr_t)va,
				 .results = (uintptr_t)res,
				 .result_size = res ? sizeof(*res) : 0 };
	int ret = ioctl(fd, PWCSIM_FEED, &f);

	if (done)
		*done = f.done;
	return ret;
}

static inline int stats(int fd, unsigned int model, struct pwcsim_get_stats *st)
{
	memset(st, 0, sizeof(*st));
	st->size = sizeof(*st);
	st->model = model;
	return ioctl(fd, PWCSIM_GET_STATS, st);
}

/* A 2 MiB-aligned anonymous region of @size with THP as asked, touched. */
static inline char *map_aligned(size_t size, int advice)
{
	char *p = mmap(NULL, size + HUGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char *a;

	if (p == MAP_FAILED)
		return NULL;
	a = (char *)(((uintptr_t)p + HUGE - 1) & ~(HUGE - 1));
	madvise(a, size, advice);
	memset(a, 1, size);
	return a;
}

#endif /* PWCSIM_TEST_H */
