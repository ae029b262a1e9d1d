// SPDX-License-Identifier: GPL-2.0
/*
 * session-test.c - tests of pwcsim sessions on real page tables, with the
 * kernel's kselftest_harness.h: walks checked against /proc/self/pagemap,
 * the in-kernel models checked against the same model sources run here on
 * the walks' exported table bases, coherence, and every bad input with its
 * exact errno.  Runs as root in the VM with pwcsim.ko loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/capability.h>
#include <linux/pwcsim.h>

#include "pwc.h"
#include "pwcsim-test.h"
#include "kselftest_harness.h"

/* Every model of the registry (pwc_registry.c) by name, then two shapes. */
static const char *const shapes[] = { "tpc:entries=4",
				      "cpwc:l4=1,l3=2,blocks=3,ways=2" };
#define NSPECS (PWC_KIND_COUNT + sizeof(shapes) / sizeof(shapes[0]))

static const char *spec_at(unsigned int i)
{
	return i < PWC_KIND_COUNT ? pwc_kind_name(i) :
				    shapes[i - PWC_KIND_COUNT];
}

static uint64_t pagemap_pfn(uint64_t va)
{
	uint64_t e = 0;
	int fd = open("/proc/self/pagemap", O_RDONLY);

	if (fd < 0 || pread(fd, &e, 8, va / PAGE * 8) != 8)
		e = 0;
	if (fd >= 0)
		close(fd);
	return e >> 63 ? e & ((1ULL << 55) - 1) : 0;
}

FIXTURE(self)
{
	int fd;
	char *small;		/* 64 pages, 4 KiB leaves */
	char *thp;		/* one 2 MiB THP */
	char *hole;		/* 3 pages, the middle unmapped */
	char *none;		/* PROT_NONE */
	char *file;		/* a shared file mapping */
};

FIXTURE_SETUP(self)
{
	unsigned int i;
	int ffd;

	self->fd = pwcsim_open();
	ASSERT_LE(0, self->fd);
	ASSERT_EQ(0, attach(self->fd, PWCSIM_ATTACH_SELF, 0));
	for (i = 0; i < NSPECS; i++)
		ASSERT_EQ(0, add_model(self->fd, spec_at(i), 5280));
	self->small = map_aligned(64 * PAGE, MADV_NOHUGEPAGE);
	self->thp = map_aligned(HUGE, MADV_HUGEPAGE);
	ASSERT_NE(NULL, self->small);
	ASSERT_NE(NULL, self->thp);
	self->hole = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, self->hole);
	memset(self->hole, 1, 3 * PAGE);
	ASSERT_EQ(0, munmap(self->hole + PAGE, PAGE));
	self->none = mmap(NULL, 4 * PAGE, PROT_NONE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, self->none);
	ffd = open("/tmp/pwcsim-session-test", O_RDWR | O_CREAT | O_TRUNC,
		   0600);
	ASSERT_LE(0, ffd);
	ASSERT_EQ(0, ftruncate(ffd, 8 * PAGE));
	self->file = mmap(NULL, 8 * PAGE, PROT_READ | PROT_WRITE, MAP_SHARED,
			  ffd, 0);
	close(ffd);
	ASSERT_NE(MAP_FAILED, self->file);
	memset(self->file, 2, 8 * PAGE);
}

FIXTURE_TEARDOWN(self)
{
	close(self->fd);
	unlink("/tmp/pwcsim-session-test");
}

/* Every region's addresses, in an order that mixes them. */
static unsigned int addresses(struct _test_data_self *self, uint64_t *va)
{
	unsigned int n = 0, i;

	for (i = 0; i < 64; i++)
		va[n++] = (uintptr_t)self->small + i * PAGE + (i % 7) * 8;
	for (i = 0; i < 64; i++)
		va[n++] = (uintptr_t)self->thp + (i * 37 % 512) * PAGE;
	for (i = 0; i < 3; i++)
		va[n++] = (uintptr_t)self->hole + i * PAGE;
	for (i = 0; i < 4; i++)
		va[n++] = (uintptr_t)self->none + i * PAGE;
	for (i = 0; i < 8; i++)
		va[n++] = (uintptr_t)self->file + i * PAGE;
	for (i = 0; i < 64; i++)
		va[n++] = (uintptr_t)self->small + ((i * 13) % 64) * PAGE;
	return n;
}

TEST_F(self, walks_agree_with_pagemap)
{
	struct pwcsim_result res[256];
	unsigned int n, i, present = 0, agree = 0, thp = 0;
	uint64_t va[256];

	n = addresses(self, va);
	ASSERT_EQ(0, feed(self->fd, va, n, res, NULL));
	for (i = 0; i < n; i++) {
		EXPECT_EQ(va[i], res[i].va);
		if (va[i] >= (uintptr_t)self->hole + PAGE &&
		    va[i] < (uintptr_t)self->hole + 2 * PAGE) {
			EXPECT_EQ(PWCSIM_RES_NO_VMA, res[i].flags);
			EXPECT_EQ(0, res[i].present);
			continue;
		}
		if (va[i] >= (uintptr_t)self->none &&
		    va[i] < (uintptr_t)self->none + 4 * PAGE) {
			/* a VMA without pages: walked, and it faults */
			EXPECT_TRUE(res[i].flags & PWCSIM_RES_FAULT);
			EXPECT_EQ(0, res[i].present);
			continue;
		}
		ASSERT_EQ(1, res[i].present);
		present++;
		if (res[i].pfn == pagemap_pfn(va[i]))
			agree++;
		if (va[i] >= (uintptr_t)self->thp &&
		    va[i] < (uintptr_t)self->thp + HUGE) {
			EXPECT_EQ(2, res[i].leaf);
			thp += res[i].leaf == 2;
		} else {
			EXPECT_EQ(1, res[i].leaf);
		}
		EXPECT_NE(0, res[i].base[res[i].levels]);
	}
	printf("# pagemap agreement: %u of %u present addresses, %u on a 2 MiB leaf\n",
	       agree, present, thp);
	EXPECT_EQ(present, agree);
	EXPECT_EQ(64, thp);
}

/*
 * An untouched mapping where no table is below the top level: with 5-level
 * paging, a hint above 2^47 puts it under a PGD entry of its own, which is
 * none (and pgd_bad() of a none entry is true): a fault ending at the top
 * level, never a bad entry.  With 4-level paging the hint is ignored and
 * the walk faults lower down, still not bad.
 */
TEST_F(self, untouched_far_mapping_faults)
{
	struct pwcsim_result res[2];
	uint64_t va[2];
	char *far;

	far = mmap((void *)(1ULL << 52), 2 * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, far);
	va[0] = (uintptr_t)far;
	va[1] = (uintptr_t)far + PAGE + 8;
	ASSERT_EQ(0, feed(self->fd, va, 2, res, NULL));
	EXPECT_EQ(PWCSIM_RES_FAULT, res[0].flags);
	EXPECT_EQ(PWCSIM_RES_FAULT, res[1].flags);
	EXPECT_EQ(0, res[0].present);
	if (res[0].levels == 5) {
		/* the hint was taken: the case this test is for */
		EXPECT_NE(0, va[0] >> 47);
		EXPECT_EQ(5, res[0].end);
	}
	munmap(far, 2 * PAGE);
}

/* The in-kernel models against the same sources run here on the bases. */
TEST_F(self, models_equal_userspace_replay)
{
	struct pwc_model *m[NSPECS];
	struct pwcsim_result res[256];
	struct pwcsim_get_stats st;
	struct pwc_config cfg;
	struct pwc_result r;
	struct pwc_walk w;
	unsigned int n, i, j, k, compared = 0, differ = 0;
	uint64_t va[256];

	for (j = 0; j < NSPECS; j++) {
		ASSERT_EQ(0, stats(self->fd, j, &st));
		ASSERT_EQ(0, pwc_parse_spec(st.spec, &cfg, NULL, 0));
		m[j] = pwc_create(&cfg);
		ASSERT_NE(NULL, m[j]);
	}
	n = addresses(self, va);
	for (k = 0; k < 3; k++) {	/* three passes: hits as well as misses */
		ASSERT_EQ(0, feed(self->fd, va, n, res, NULL));
		for (i = 0; i < n; i++) {
			if (!res[i].levels)
				continue;	/* not walked */
			memset(&w, 0, sizeof(w));
			w.va = res[i].va;
			w.levels = res[i].levels;
			w.end = res[i].end;
			w.fault = !res[i].present;
			memcpy(w.base, res[i].base, sizeof(w.base));
			for (j = 0; j < NSPECS; j++) {
				/* a walk that raced an invalidation fills nothing */
				if (res[i].flags & PWCSIM_RES_RACED) {
					ASSERT_EQ(0, pwc_access_nofill(m[j], &w, &r));
				} else {
					ASSERT_EQ(0, pwc_access(m[j], &w, &r));
				}
				compared++;
				if (r.start != res[i].start[j] ||
				    r.accesses != res[i].accesses[j])
					differ++;
			}
		}
	}
	for (j = 0; j < NSPECS; j++) {
		ASSERT_EQ(0, stats(self->fd, j, &st));
		EXPECT_EQ(m[j]->stats.lookups, st.lookups);
		EXPECT_EQ(m[j]->stats.accesses, st.accesses);
		EXPECT_EQ(m[j]->stats.hits[1], st.hits[1]);
		EXPECT_EQ(0, st.stale);
		pwc_destroy(m[j]);
	}
	printf("# replay agreement: %u of %u (address, model) results equal\n",
	       compared - differ, compared);
	EXPECT_EQ(0, differ);
	EXPECT_LT(1000, compared);
}

/* Remap a 4 KiB-mapped 2 MiB region as a THP between feeds. */
static void remap_as_thp(int fd, char *a, unsigned int *stale, unsigned int
			 *leaf2, struct __test_metadata *_metadata)
{
	struct pwcsim_result res[64];
	struct pwcsim_get_stats st;
	uint64_t va[64];
	unsigned int i, j;

	for (i = 0; i < 64; i++)
		va[i] = (uintptr_t)a + i * 8 * PAGE;
	ASSERT_EQ(0, feed(fd, va, 64, res, NULL));
	ASSERT_EQ(0, munmap(a, HUGE));
	ASSERT_EQ(a, mmap(a, HUGE, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0));
	ASSERT_EQ(0, madvise(a, HUGE, MADV_HUGEPAGE));
	memset(a, 3, HUGE);
	ASSERT_EQ(0, feed(fd, va, 64, res, NULL));
	*leaf2 = 0;
	for (i = 0; i < 64; i++)
		*leaf2 += res[i].leaf == 2;
	*stale = 0;
	for (j = 0; j < NSPECS; j++) {
		ASSERT_EQ(0, stats(fd, j, &st));
		*stale += st.stale;
	}
}

TEST(coherence)
{
	unsigned int stale_on, stale_off, leaf_on, leaf_off;
	struct pwcsim_set_coherence c = { .size = sizeof(c) };
	struct pwcsim_get_stats st;
	char *a, *b;
	int on, off;
	unsigned int j;

	on = pwcsim_open();
	off = pwcsim_open();
	ASSERT_LE(0, on);
	ASSERT_LE(0, off);
	ASSERT_EQ(0, ioctl(off, PWCSIM_SET_COHERENCE, &c));
	ASSERT_EQ(0, attach(on, PWCSIM_ATTACH_SELF, 0));
	ASSERT_EQ(0, attach(off, PWCSIM_ATTACH_SELF, 0));
	for (j = 0; j < NSPECS; j++) {
		ASSERT_EQ(0, add_model(on, spec_at(j), 5280));
		ASSERT_EQ(0, add_model(off, spec_at(j), 5280));
	}
	a = map_aligned(HUGE, MADV_NOHUGEPAGE);
	b = map_aligned(HUGE, MADV_NOHUGEPAGE);
	ASSERT_NE(NULL, a);
	ASSERT_NE(NULL, b);
	remap_as_thp(on, a, &stale_on, &leaf_on, _metadata);
	remap_as_thp(off, b, &stale_off, &leaf_off, _metadata);
	ASSERT_EQ(0, stats(on, PWCSIM_NO_MODEL, &st));
	printf("# coherence on: %u stale hits, %llu notifications; off: %u stale hits\n",
	       stale_on, (unsigned long long)st.notifications, stale_off);
	EXPECT_EQ(64, leaf_on);
	EXPECT_EQ(64, leaf_off);
	EXPECT_LT(0, st.notifications);
	ASSERT_EQ(0, stats(on, 0, &st));
	EXPECT_LT(0, st.invalidations);
	EXPECT_EQ(0, stale_on);
	EXPECT_LT(0, stale_off);
	close(on);
	close(off);
}

TEST(attach_errors)
{
	int fd = pwcsim_open(), st;
	pid_t zombie;

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, attach(fd, 0, 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, attach(fd, 0, -1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, attach(fd, PWCSIM_ATTACH_SELF, 1));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, attach(fd, 1U << 5, 0));
	EXPECT_EQ(EOPNOTSUPP, errno);
	EXPECT_EQ(-1, attach(fd, 0, 4000000));	/* over pid_max */
	EXPECT_EQ(ESRCH, errno);
	EXPECT_EQ(-1, attach(fd, 0, 2));	/* kthreadd */
	EXPECT_EQ(EINVAL, errno);
	zombie = fork();
	if (!zombie)
		_exit(0);
	usleep(200000);
	EXPECT_EQ(-1, attach(fd, 0, zombie));
	EXPECT_EQ(ESRCH, errno);
	waitpid(zombie, &st, 0);
	/* nothing above attached */
	EXPECT_EQ(0, attach(fd, PWCSIM_ATTACH_SELF, 0));
	EXPECT_EQ(-1, attach(fd, PWCSIM_ATTACH_SELF, 0));
	EXPECT_EQ(EBUSY, errno);
	close(fd);
}

/* A child that waits to be killed (SIGKILL), a process to attach to. */
static pid_t sleeper(void)
{
	pid_t child = fork();

	if (!child) {
		pause();
		_exit(0);
	}
	return child;
}

TEST(target_exit_gives_esrch)
{
	uint64_t va = 0x400000;
	int fd = pwcsim_open(), st;
	pid_t child;

	ASSERT_LE(0, fd);
	child = sleeper();
	ASSERT_EQ(0, attach(fd, 0, child));
	ASSERT_EQ(0, add_model(fd, "cpwc", 0));
	EXPECT_EQ(0, feed(fd, &va, 1, NULL, NULL));
	kill(child, SIGKILL);
	waitpid(child, &st, 0);
	EXPECT_EQ(-1, feed(fd, &va, 1, NULL, NULL));
	EXPECT_EQ(ESRCH, errno);
	close(fd);
}

/* This thread's effective capabilities without @cap; 0 or -1. */
static int drop_effective(unsigned int cap)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return -1;
	d[cap / 32].effective &= ~(1U << cap % 32);
	return syscall(SYS_capset, &h, d) ? -1 : 0;
}

/*
 * In a child that became nobody (@cap < 0) or dropped capability @cap:
 * attaching to @other must fail with EPERM and attaching to itself
 * succeed, on @fd or (if -1) on its own open.  Returns the child's exit
 * status (0: as expected).
 */
static int attach_other_refused(int fd, pid_t other, int cap)
{
	pid_t child = fork();
	int st;

	if (!child) {
		if (cap < 0 ? setgid(65534) || setuid(65534) :
			      drop_effective(cap))
			_exit(10);
		if (fd < 0)
			fd = pwcsim_open();
		if (fd < 0)
			_exit(13);
		if (attach(fd, 0, other) != -1 || errno != EPERM)
			_exit(11);
		if (attach(fd, PWCSIM_ATTACH_SELF, 0))
			_exit(12);
		_exit(0);
	}
	waitpid(child, &st, 0);
	return WEXITSTATUS(st);
}

/*
 * Root without CAP_SYS_PTRACE may not watch another process (pagemap
 * asks ptrace_may_access()), and may still watch itself.
 */
TEST(attach_other_needs_cap_sys_ptrace)
{
	int fd = pwcsim_open(), fd2 = pwcsim_open(), st;
	pid_t other = sleeper();

	ASSERT_LE(0, fd);
	ASSERT_LE(0, fd2);
	EXPECT_EQ(0, attach_other_refused(fd, other, CAP_SYS_PTRACE));
	/* with it, the same attach is taken */
	EXPECT_EQ(0, attach(fd2, 0, other));
	kill(other, SIGKILL);
	waitpid(other, &st, 0);
	close(fd);
	close(fd2);
}

/* The unprivileged may watch themselves, not others. */
TEST(permissions)
{
	int fd, st;
	pid_t other = sleeper();

	/* opened by root, used by nobody */
	fd = pwcsim_open();
	ASSERT_LE(0, fd);
	EXPECT_EQ(0, attach_other_refused(fd, other, -1));
	close(fd);
	/* opened by nobody */
	ASSERT_EQ(0, chmod("/dev/pwcsim", 0666));
	EXPECT_EQ(0, attach_other_refused(-1, other, -1));
	chmod("/dev/pwcsim", 0600);
	kill(other, SIGKILL);
	waitpid(other, &st, 0);
}

TEST(feed_errors_leave_state_intact)
{
	struct pwcsim_feed f = { .size = sizeof(f) };
	struct pwcsim_reset r = { .size = sizeof(r) };
	struct pwcsim_result *ro;
	struct pwcsim_get_stats st;
	uint64_t va[2] = { 0x400000, 0x400000 };
	int fd = pwcsim_open();
	unsigned int done = 99;

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, feed(fd, va, 1, NULL, NULL));
	EXPECT_EQ(ENOENT, errno);	/* no target */
	ASSERT_EQ(0, attach(fd, PWCSIM_ATTACH_SELF, 0));
	ASSERT_EQ(0, add_model(fd, "tpc", 0));

	EXPECT_EQ(-1, feed(fd, va, 0, NULL, NULL));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, feed(fd, va, 65537, NULL, NULL));
	EXPECT_EQ(E2BIG, errno);
	f.count = 1;
	f.addrs = (uintptr_t)va;
	f.flags = 2;	/* 1 is PWCSIM_FEED_TABLE_IDS */
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_FEED, &f));
	EXPECT_EQ(EOPNOTSUPP, errno);
	f.flags = 0;
	f.__reserved = 1;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_FEED, &f));
	EXPECT_EQ(EINVAL, errno);
	f.__reserved = 0;
	f.size = 8;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_FEED, &f));
	EXPECT_EQ(EINVAL, errno);
	f.size = sizeof(f);
	f.results = (uintptr_t)va;
	f.result_size = 8;		/* smaller than a result */
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_FEED, &f));
	EXPECT_EQ(EINVAL, errno);
	f.result_size = PWCSIM_MAX_RESULT_SIZE + 8;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_FEED, &f));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, feed(fd, NULL, 1, NULL, NULL));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, feed(fd, (uint64_t *)0xffff888000000000ULL, 1, NULL,
			   NULL));
	EXPECT_EQ(EFAULT, errno);
	/* kernel and non-canonical addresses fail the whole batch */
	va[1] = 0xffff888000000000ULL;
	EXPECT_EQ(-1, feed(fd, va, 2, NULL, NULL));
	EXPECT_EQ(EINVAL, errno);
	va[1] = 1ULL << 57;
	EXPECT_EQ(-1, feed(fd, va, 2, NULL, NULL));
	EXPECT_EQ(EINVAL, errno);
	va[1] = 0x400000;
	/* a read-only results buffer */
	ro = mmap(NULL, PAGE, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, ro);
	EXPECT_EQ(-1, feed(fd, va, 2, ro, &done));
	EXPECT_EQ(EFAULT, errno);
	munmap(ro, PAGE);
	/* none of it fed anything */
	ASSERT_EQ(0, stats(fd, 0, &st));
	EXPECT_EQ(0, st.addresses);
	EXPECT_EQ(0, st.lookups);
	EXPECT_EQ(0, feed(fd, va, 2, NULL, &done));
	EXPECT_EQ(2, done);
	/* configuration is frozen once fed, until a reset of the contents */
	EXPECT_EQ(-1, add_model(fd, "none", 0));
	EXPECT_EQ(EBUSY, errno);
	/* the counters alone: the models stay warm, a new one cannot join */
	r.flags = PWCSIM_RESET_STATS;
	ASSERT_EQ(0, ioctl(fd, PWCSIM_RESET, &r));
	EXPECT_EQ(-1, add_model(fd, "none", 0));
	EXPECT_EQ(EBUSY, errno);
	r.flags = PWCSIM_RESET_CONTENTS;
	ASSERT_EQ(0, ioctl(fd, PWCSIM_RESET, &r));
	EXPECT_EQ(0, add_model(fd, "none", 0));
	close(fd);
}

/*
 * Coherence turned off, entries filled, then on again: what was filled
 * while no notifier watched is dropped, so the next lookup misses.
 */
TEST(coherence_on_again_drops_contents)
{
	struct pwcsim_set_coherence c = { .size = sizeof(c) };
	struct pwcsim_result res[2];
	uint64_t va[2];
	char *a = map_aligned(HUGE, MADV_NOHUGEPAGE);
	int fd = pwcsim_open();

	ASSERT_NE(NULL, a);
	ASSERT_LE(0, fd);
	va[0] = (uintptr_t)a;
	va[1] = (uintptr_t)a + PAGE;
	ASSERT_EQ(0, attach(fd, PWCSIM_ATTACH_SELF, 0));
	ASSERT_EQ(0, add_model(fd, "tpc", 0));
	ASSERT_EQ(0, ioctl(fd, PWCSIM_SET_COHERENCE, &c));	/* off */
	ASSERT_EQ(0, feed(fd, va, 2, res, NULL));
	EXPECT_EQ(1, res[1].start[0]);	/* the path of va[0] again */
	c.enable = 1;
	ASSERT_EQ(0, ioctl(fd, PWCSIM_SET_COHERENCE, &c));
	ASSERT_EQ(0, feed(fd, va, 1, res, NULL));
	EXPECT_EQ(res[0].levels, res[0].start[0]);	/* a miss */
	EXPECT_EQ(0, res[0].flags & PWCSIM_RES_RACED);
	close(fd);
	munmap(a, HUGE);
}

/* ADD_MODEL whose struct cannot take the index back adds nothing. */
TEST(add_model_to_a_read_only_struct_adds_nothing)
{
	struct pwcsim_add_model *m;
	struct pwcsim_get_stats st;
	int fd = pwcsim_open();

	ASSERT_LE(0, fd);
	m = mmap(NULL, PAGE, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, m);
	m->size = sizeof(*m);
	strcpy(m->spec, "tpc");
	ASSERT_EQ(0, mprotect(m, PAGE, PROT_READ));
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_ADD_MODEL, m));
	EXPECT_EQ(EFAULT, errno);
	EXPECT_EQ(-1, stats(fd, 0, &st));	/* no model 0 */
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, add_model(fd, "stc", 0));
	ASSERT_EQ(0, stats(fd, 0, &st));
	EXPECT_EQ(0, strncmp(st.spec, "stc", 3));
	munmap(m, PAGE);
	close(fd);
}

TEST(model_and_stats_errors)
{
	struct pwcsim_add_model m = { .size = sizeof(m) };
	struct pwcsim_get_model d = { .size = sizeof(d) };
	struct pwcsim_reset r = { .size = sizeof(r) };
	struct pwcsim_set_tlb t = { .size = sizeof(t) };
	struct pwcsim_get_stats st;
	char buf[64];
	int fd = pwcsim_open(), i;

	ASSERT_LE(0, fd);
	EXPECT_EQ(-1, add_model(fd, "foo", 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_model(fd, "tpc:entries=0", 0));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(-1, add_model(fd, "tpc", 10));	/* nothing fits */
	EXPECT_EQ(EINVAL, errno);
	memset(m.spec, 'a', sizeof(m.spec));		/* no NUL */
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_ADD_MODEL, &m));
	EXPECT_EQ(EINVAL, errno);
	for (i = 0; i < PWCSIM_MAX_MODELS; i++)
		ASSERT_EQ(0, add_model(fd, "none", 0));
	EXPECT_EQ(-1, add_model(fd, "none", 0));
	EXPECT_EQ(ENOSPC, errno);
	EXPECT_EQ(-1, stats(fd, PWCSIM_MAX_MODELS, &st));
	EXPECT_EQ(EINVAL, errno);
	EXPECT_EQ(0, stats(fd, PWCSIM_NO_MODEL, &st));
	EXPECT_EQ(PWCSIM_MAX_MODELS, st.nmodels);
	d.model = 99;
	d.len = sizeof(buf);
	d.buf = (uintptr_t)buf;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_GET_MODEL, &d));
	EXPECT_EQ(EINVAL, errno);
	d.model = 0;
	EXPECT_EQ(0, ioctl(fd, PWCSIM_GET_MODEL, &d));
	EXPECT_STREQ("  (no cache)\n", buf);
	EXPECT_EQ(strlen(buf) + 1, d.len);
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_RESET, &r));
	EXPECT_EQ(EINVAL, errno);
	r.flags = 1U << 7;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_RESET, &r));
	EXPECT_EQ(EOPNOTSUPP, errno);
	t.entries = 70000;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_SET_TLB, &t));
	EXPECT_EQ(EINVAL, errno);
	t.entries = 32;
	t.flags = 1U << 3;
	EXPECT_EQ(-1, ioctl(fd, PWCSIM_SET_TLB, &t));
	EXPECT_EQ(EOPNOTSUPP, errno);
	close(fd);
}

/*
 * A spec sizing the L5 cache is refused by a 4-level kernel (it would
 * name a cache that neither runs nor counts in the bits), leaving the
 * models as they were; a 5-level kernel takes it.
 */
TEST(l5_spec_needs_5_levels)
{
	struct pwcsim_get_info info = { .size = sizeof(info) };
	struct pwcsim_get_stats st;
	int fd = pwcsim_open();

	ASSERT_LE(0, fd);
	ASSERT_EQ(0, ioctl(fd, PWCSIM_GET_INFO, &info));
	ASSERT_EQ(0, add_model(fd, "tpc", 0));
	if (info.levels == 4) {
		EXPECT_EQ(-1, add_model(fd, "stc:l5=2", 0));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(-1, add_model(fd, "cpwc:l5=1", 5280));
		EXPECT_EQ(EINVAL, errno);
		EXPECT_EQ(0, stats(fd, PWCSIM_NO_MODEL, &st));
		EXPECT_EQ(1, st.nmodels);
	} else {
		ASSERT_EQ(5, info.levels);
		EXPECT_EQ(0, add_model(fd, "stc:l5=2", 0));
		EXPECT_EQ(0, add_model(fd, "cpwc:l5=1", 5280));
		EXPECT_EQ(0, stats(fd, PWCSIM_NO_MODEL, &st));
		EXPECT_EQ(3, st.nmodels);
	}
	close(fd);
}

/* An IOTLB in front: only its misses are walked and looked up. */
TEST(tlb_filters)
{
	struct pwcsim_set_tlb t = { .size = sizeof(t), .entries = 8,
				.flags = PWCSIM_TLB_2M };
	struct pwcsim_result res[32];
	struct pwcsim_get_stats st;
	uint64_t va[32];
	char *a = map_aligned(HUGE, MADV_NOHUGEPAGE);
	int fd = pwcsim_open(), i, hits = 0;

	ASSERT_LE(0, fd);
	ASSERT_NE(NULL, a);
	ASSERT_EQ(0, ioctl(fd, PWCSIM_SET_TLB, &t));
	ASSERT_EQ(0, attach(fd, PWCSIM_ATTACH_SELF, 0));
	ASSERT_EQ(0, add_model(fd, "cpwc", 0));
	for (i = 0; i < 32; i++)		/* 4 pages, 8 times each */
		va[i] = (uintptr_t)a + (i % 4) * PAGE;
	ASSERT_EQ(0, feed(fd, va, 32, res, NULL));
	for (i = 0; i < 32; i++)
		hits += !!(res[i].flags & PWCSIM_RES_TLB_HIT);
	ASSERT_EQ(0, stats(fd, 0, &st));
	EXPECT_EQ(28, hits);
	EXPECT_EQ(32, st.tlb_lookups);
	EXPECT_EQ(28, st.tlb_hits);
	EXPECT_EQ(4, st.walks);
	EXPECT_EQ(4, st.lookups);
	close(fd);
}

TEST_HARNESS_MAIN
