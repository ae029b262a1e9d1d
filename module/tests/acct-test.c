// SPDX-License-Identifier: GPL-2.0
/*
 * acct-test.c - what a caller makes pwcsim.ko hold is charged to the
 * caller's memory cgroup (GFP_KERNEL_ACCOUNT, Documentation/pwcsim.rst):
 * sessions opened from a cgroup of their own raise its memory.current by
 * at least their size.  kselftest_harness.h; runs as root in the VM with
 * pwcsim.ko loaded (vm-tests.sh), mounting cgroup2 if nothing has.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kselftest_harness.h"

#define CG "/sys/fs/cgroup"
/* Sessions opened; each is a struct pwcsim_session of about 8.6 KiB. */
#define SESSIONS 512
/* Charged at least: 4 KiB a session (a struct file is a few hundred B). */
#define AT_LEAST_EACH 4096

/* @text written to @path: 0, or -1 with errno. */
static int put(const char *path, const char *text)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;
	ssize_t len = strlen(text);

	if (fd < 0)
		return -1;
	if (write(fd, text, len) != len)
		ret = -1;
	close(fd);
	return ret;
}

/* The number in @path, or -1. */
static long long get(const char *path)
{
	char buf[64] = "";
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? strtoll(buf, NULL, 10) : -1;
}

TEST(sessions_charged_to_the_callers_cgroup)
{
	struct rlimit rl = { SESSIONS + 64, SESSIONS + 64 };
	char dir[64], procs[96], current[96];
	long long before, after;
	int fd[SESSIONS], i;

	if (access(CG "/cgroup.controllers", F_OK))
		ASSERT_EQ(0, mount("cgroup2", CG, "cgroup2", 0, NULL))
			TH_LOG("mount cgroup2: %s", strerror(errno));
	ASSERT_EQ(0, put(CG "/cgroup.subtree_control", "+memory"))
		TH_LOG("the memory controller: %s", strerror(errno));
	snprintf(dir, sizeof(dir), CG "/pwcsim-acct-%d", getpid());
	snprintf(procs, sizeof(procs), "%s/cgroup.procs", dir);
	snprintf(current, sizeof(current), "%s/memory.current", dir);
	ASSERT_EQ(0, mkdir(dir, 0755));
	ASSERT_EQ(0, setrlimit(RLIMIT_NOFILE, &rl));
	/* this process (the harness forked it for this test) moves in */
	ASSERT_EQ(0, put(procs, "0"));
	before = get(current);
	ASSERT_GE(before, 0);
	for (i = 0; i < SESSIONS; i++) {
		fd[i] = open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
		ASSERT_GE(fd[i], 0) TH_LOG("open %d: %s", i, strerror(errno));
	}
	after = get(current);
	TH_LOG("%d sessions: memory.current %lld -> %lld", SESSIONS, before,
	       after);
	EXPECT_GE(after - before, (long long)SESSIONS * AT_LEAST_EACH);
	for (i = 0; i < SESSIONS; i++)
		close(fd[i]);
	ASSERT_EQ(0, put(CG "/cgroup.procs", "0"));
	EXPECT_EQ(0, rmdir(dir)) TH_LOG("rmdir %s: %s", dir, strerror(errno));
}

TEST_HARNESS_MAIN
