// SPDX-License-Identifier: GPL-2.0
/*
 * priv-test.c - who sees physical addresses, with kselftest_harness.h.
 * A session opened by uid 65534 (through a group-accessible node) must
 * get pfn 0, base[] all 0 and PWCSIM_RES_NO_PHYS in every walked result
 * and 0x0 for every physical address of a GET_MODEL dump, as
 * /proc/self/pagemap shows it PFN 0; a session opened by root keeps the
 * real values after the process drops to uid 65534, as a pagemap fd
 * opened by root does.  With PWCSIM_FEED_TABLE_IDS either opener gets
 * table ids in base[] instead: one id per table, never 0, never the
 * table's physical address.  The debugfs target file is root's alone.
 * Runs as root in the VM with pwcsim.ko loaded.
 */
#define _GNU_SOURCE
#include <grp.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "campaign.h"
#include "kselftest_harness.h"

#define NOBODY 65534
#define LAB_GROUP 4242		/* the group a lab gives the node */
#define NADDR 96

/* Every model of the one list (pwc_models.h): a new one is checked too. */
static const char *const models[] = {
#define PWC_MODEL(KIND, name) #name,
#include "pwc_models.h"
#undef PWC_MODEL
};

/* Drop to uid/gid 65534; stay dumpable, so /proc/self stays ours. */
static int drop_to_nobody(gid_t extra)
{
	return setgroups(extra ? 1 : 0, &extra) || setgid(NOBODY) ||
	       setuid(NOBODY) || prctl(PR_SET_DUMPABLE, 1) ? -1 : 0;
}

#define DUMP_LEN (1 << 18)
static char dumps[ARRAY_LEN(models)][DUMP_LEN];

/*
 * Every model's dump, taken at once after a feed.  The buffers are
 * written before the feed: a first write to a page this test's process
 * shares with the harness (fork) would be a copy-on-write fault, an
 * invalidation of this very address space, and the module may drop more
 * than that page's entries (it coalesces queued ranges).
 */
static void take_dumps(int fd)
{
	unsigned int i;

	for (i = 0; i < ARRAY_LEN(models); i++)
		if (pw_dump(fd, i, dumps[i], DUMP_LEN, NULL))
			snprintf(dumps[i], DUMP_LEN, "GET_MODEL: %s",
				 strerror(errno));
}

/* Every 0x... number of the dumps: how many, how many not 0. */
static void scan_dumps(unsigned long *numbers, unsigned long *nonzero)
{
	unsigned int i;
	char *p;

	*numbers = *nonzero = 0;
	for (i = 0; i < ARRAY_LEN(models); i++) {
		dumps[i][DUMP_LEN - 1] = '\0';
		printf("# dump of %s begins: %.100s\n", models[i], dumps[i]);
		for (p = dumps[i]; (p = strstr(p, "0x")); p += 2) {
			(*numbers)++;
			*nonzero += strtoull(p, NULL, 16) != 0;
		}
	}
}

/*
 * Feed this process's own memory through @fd and check every result and
 * dump, against pagemap read through @pm.  The checks are counted
 * (campaign.h); returns the failures.
 */
static unsigned long phys_checks(int fd, int pm, bool privileged)
{
	struct pwcsim_result res[NADDR];
	struct res_ctx c = { .levels = pw_levels_fd(fd), .nmodels = ARRAY_LEN(models),
			     .privileged = privileged, .coherent = true };
	unsigned long numbers, nonzero, present = 0, agree = 0, raced = 0;
	struct pwcsim_get_stats st;
	char *small = map_aligned(32 * PAGE, MADV_NOHUGEPAGE);
	char *thp = map_aligned(HUGE, MADV_HUGEPAGE);
	uint64_t va[NADDR], pfn;
	unsigned int i, pass;

	check(small && thp, "mmap");
	check(!attach(fd, PWCSIM_ATTACH_SELF, 0), "ATTACH_SELF: %s",
	      strerror(errno));
	for (i = 0; i < ARRAY_LEN(models); i++)
		check(!add_model(fd, models[i], 5280), "ADD_MODEL %s",
		      models[i]);
	for (i = 0; i < NADDR; i++)
		va[i] = i < 32 ? (uintptr_t)small + i * PAGE :
			i < 64 ? (uintptr_t)thp + (i * 37 % 512) * PAGE :
			(uintptr_t)small + (i % 32) * PAGE + 8;
	memset(dumps, 0, sizeof(dumps));
	memset(&st, 0, sizeof(st));
	for (pass = 0; pass < 2; pass++) {
		check(!feed(fd, va, NADDR, res, NULL), "FEED: %s",
		      strerror(errno));
		if (pass)
			take_dumps(fd);
		check_results(&c, res, sizeof(res[0]), va, NADDR, &raced);
		for (i = 0; i < NADDR; i++) {
			if (!res[i].present)
				continue;
			present++;
			pfn = pagemap_pfn(pm, va[i]);
			agree += privileged ? pfn && res[i].pfn == pfn :
					      !pfn && !res[i].pfn;
		}
	}
	printf("# %s opener: %lu present results, %lu agree with pagemap (%s)\n",
	       privileged ? "privileged" : "unprivileged", present, agree,
	       privileged ? "same real PFN" : "both 0");
	check(present == 2 * NADDR && agree == present,
	      "pagemap agreement: %lu of %lu", agree, present);
	check(!stats(fd, 0, &st), "GET_STATS");
	printf("# %lu results flagged raced; model 0: %llu lookups, %llu fills, stats.raced %llu\n",
	       raced, (unsigned long long)st.lookups,
	       (unsigned long long)st.fills, (unsigned long long)st.raced);
	scan_dumps(&numbers, &nonzero);
	printf("# dumps: %lu physical addresses, %lu not 0x0\n", numbers,
	       nonzero);
	check(numbers > 0, "the dumps print no physical address");
	if (privileged)
		check(nonzero > 0, "a privileged dump printed only 0x0");
	else
		check(nonzero == 0, "an unprivileged dump printed %lu physical addresses",
		      nonzero);
	return c_failed;
}

/* A feed of @n addresses with table ids; ioctl's result */
static int feed_ids(int fd, const uint64_t *va, unsigned int n,
		    struct pwcsim_result *res, unsigned int flags)
{
	struct pwcsim_feed f = { .size = sizeof(f), .count = n,
				 .flags = flags, .addrs = (uintptr_t)va,
				 .results = (uintptr_t)res,
				 .result_size = sizeof(*res) };

	return ioctl(fd, PWCSIM_FEED, &f);
}

/*
 * Table ids through @fd: 32 pages of one 2 MiB region and a page of the
 * next.  Every result flagged, no id 0; the region's pages share every
 * table's id, the next region's page another L1 id but the same root; a
 * privileged opener's ids differ from the physical bases it is given
 * without the flag.  Returns the failures.
 */
static unsigned long id_checks(int fd, bool privileged)
{
	struct pwcsim_result ids[33], phys[33];
	char *p = map_aligned(2 * HUGE, MADV_NOHUGEPAGE);
	unsigned long same = 0, flagged = 0, hidden = 0;
	unsigned int i, k, levels = pw_levels_fd(fd);
	uint64_t va[33];

	check(p != NULL, "mmap");
	check(!attach(fd, PWCSIM_ATTACH_SELF, 0), "ATTACH_SELF: %s",
	      strerror(errno));
	check(!add_model(fd, "none", 0), "ADD_MODEL none");
	for (i = 0; i < 33; i++)
		va[i] = (uintptr_t)p + (i < 32 ? i * PAGE : HUGE);
	check(!feed_ids(fd, va, 33, ids, PWCSIM_FEED_TABLE_IDS),
	      "FEED with table ids: %s", strerror(errno));
	errno = 0;
	check(feed_ids(fd, va, 1, ids + 32, 2) && errno == EOPNOTSUPP,
	      "an unknown feed flag refused: %s", strerror(errno));
	for (i = 0; i < 33; i++) {
		flagged += (ids[i].flags & PWCSIM_RES_TABLE_IDS) &&
			   ids[i].present && ids[i].end == 1;
		for (k = 1; k <= levels; k++) {
			check(ids[i].base[k] != 0, "id 0 at level %u", k);
			same += i && i < 32 && ids[i].base[k] == ids[0].base[k];
		}
	}
	printf("# %s opener: %lu of 33 results with table ids\n",
	       privileged ? "privileged" : "unprivileged", flagged);
	check(flagged == 33, "results with table ids: %lu", flagged);
	check(same == 31UL * levels, "one region's tables, one id each");
	check(ids[32].base[1] != ids[0].base[1] &&
	      ids[32].base[levels] == ids[0].base[levels],
	      "the next region: another L1 table, the same root");
	if (privileged) {
		check(!feed(fd, va, 33, phys, NULL), "FEED");
		for (i = 0; i < 33; i++)
			for (k = 1; k <= levels; k++)
				hidden += phys[i].base[k] &&
					  phys[i].base[k] != ids[i].base[k];
		check(hidden == 33UL * levels, "ids are not the bases: %lu",
		      hidden);
	} else {
		check(ids[0].flags & PWCSIM_RES_NO_PHYS && !ids[0].pfn,
		      "the pfn stays hidden");
	}
	return c_failed;
}

/*
 * @child's exit status in a process of uid 65534 that opens the node
 * group-accessible (0660, group LAB_GROUP); -1 if it did not exit.
 */
static int as_nobody(int (*child)(void))
{
	int st = -1;
	pid_t pid;

	if (chown("/dev/pwcsim", 0, LAB_GROUP) || chmod("/dev/pwcsim", 0660))
		return -1;
	pid = fork();
	if (!pid)
		_exit(drop_to_nobody(LAB_GROUP) ? 100 : child());
	if (pid > 0)
		waitpid(pid, &st, 0);
	chown("/dev/pwcsim", 0, 0);
	chmod("/dev/pwcsim", 0600);
	return pid > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int ids_as_nobody(void)
{
	int fd = pwcsim_open();

	return fd < 0 ? 101 : id_checks(fd, false) ? 1 : 0;
}

TEST(table_ids_for_an_unprivileged_opener)
{
	EXPECT_EQ(0, as_nobody(ids_as_nobody));
}

TEST(table_ids_for_root_are_not_physical_bases)
{
	int fd = pwcsim_open();

	ASSERT_LE(0, fd);
	EXPECT_EQ(0, id_checks(fd, true));
}

static int phys_as_nobody(void)
{
	int fd = pwcsim_open(), pm = open("/proc/self/pagemap", O_RDONLY);

	return fd < 0 || pm < 0 ? 101 : phys_checks(fd, pm, false) ? 1 : 0;
}

/* The node group-accessible (0660, group LAB_GROUP); opened by nobody. */
TEST(unprivileged_opener_sees_no_physical_address)
{
	EXPECT_EQ(0, as_nobody(phys_as_nobody));
}

/* Opened by root, used by nobody: the opener's capability counts. */
TEST(root_opened_fd_keeps_physical_addresses)
{
	int fd = pwcsim_open(), pm = open("/proc/self/pagemap", O_RDONLY);

	ASSERT_LE(0, fd);
	ASSERT_LE(0, pm);
	ASSERT_EQ(0, drop_to_nobody(0));
	EXPECT_EQ(0, phys_checks(fd, pm, true));
}

/* The premise: pagemap opened after the drop hides PFNs. */
TEST(pagemap_opened_by_nobody_hides_pfns)
{
	char *p = map_aligned(PAGE, MADV_NOHUGEPAGE);
	int pm;

	ASSERT_NE(NULL, p);
	ASSERT_EQ(0, drop_to_nobody(0));
	pm = open("/proc/self/pagemap", O_RDONLY);
	ASSERT_LE(0, pm);
	EXPECT_EQ(0, pagemap_pfn(pm, (uintptr_t)p));
}

/* Nobody cannot open debugfs files (root's 0700 mount). */
TEST(debugfs_target_open_by_nobody)
{
	int fd;

	ASSERT_EQ(0, drop_to_nobody(0));
	errno = 0;
	fd = open("/sys/kernel/debug/pwcsim/target", O_WRONLY);
	printf("# open(target, O_WRONLY) as uid %d: %s\n", NOBODY,
	       fd < 0 ? strerrorname_np(errno) : "opened");
	EXPECT_EQ(-1, fd);
	EXPECT_EQ(EACCES, errno);
}

/*
 * A target fd opened by root and written by nobody: EPERM, for another
 * process and for the writer itself, and the target stays as it was.
 */
TEST(debugfs_target_write_needs_cap_sys_admin)
{
	char before[64] = "", after[64] = "", pid[32];
	int fd, rd;
	ssize_t n;

	rd = open("/sys/kernel/debug/pwcsim/target", O_RDONLY);
	ASSERT_LE(0, rd);
	n = pread(rd, before, sizeof(before) - 1, 0);
	ASSERT_LT(0, n);
	fd = open("/sys/kernel/debug/pwcsim/target", O_WRONLY);
	ASSERT_LE(0, fd);
	ASSERT_EQ(0, drop_to_nobody(0));
	snprintf(pid, sizeof(pid), "%d\n", getppid());
	errno = 0;
	EXPECT_EQ(-1, write(fd, pid, strlen(pid)));
	EXPECT_EQ(EPERM, errno);
	snprintf(pid, sizeof(pid), "%d\n", getpid());
	errno = 0;
	EXPECT_EQ(-1, write(fd, pid, strlen(pid)));
	EXPECT_EQ(EPERM, errno);
	n = pread(rd, after, sizeof(after) - 1, 0);
	ASSERT_LT(0, n);
	EXPECT_STREQ(before, after);
}

/*
 * The debugfs session's other files, opened by root and used by nobody:
 * EPERM for each read and write (they reach another process's tables,
 * which attaching asks CAP_SYS_ADMIN and CAP_SYS_PTRACE for); before,
 * only the target's write was checked, and an fd passed on could feed
 * the target's addresses and read which were mapped.
 */
TEST(debugfs_session_needs_caps)
{
	static const char *const rd[] = { "stats", "dump", "models" };
	static const char *const wr[] = { "feed", "models", "reset" };
	int rfd[ARRAY_SIZE(rd)], wfd[ARRAY_SIZE(wr)];
	char buf[256];
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rd); i++) {
		snprintf(buf, sizeof(buf), "/sys/kernel/debug/pwcsim/%s", rd[i]);
		rfd[i] = open(buf, O_RDONLY);
		ASSERT_LE(0, rfd[i]);
	}
	for (i = 0; i < ARRAY_SIZE(wr); i++) {
		snprintf(buf, sizeof(buf), "/sys/kernel/debug/pwcsim/%s", wr[i]);
		wfd[i] = open(buf, O_WRONLY);
		ASSERT_LE(0, wfd[i]);
	}
	ASSERT_EQ(0, drop_to_nobody(0));
	for (i = 0; i < ARRAY_SIZE(rd); i++) {
		errno = 0;
		EXPECT_EQ(-1, pread(rfd[i], buf, sizeof(buf), 0));
		EXPECT_EQ(EPERM, errno);
		printf("# read(%s) as uid %d: %s\n", rd[i], NOBODY,
		       strerrorname_np(errno));
	}
	for (i = 0; i < ARRAY_SIZE(wr); i++) {
		errno = 0;
		EXPECT_EQ(-1, write(wfd[i], "tpc\n", 4));
		EXPECT_EQ(EPERM, errno);
		printf("# write(%s) as uid %d: %s\n", wr[i], NOBODY,
		       strerrorname_np(errno));
	}
}

TEST_HARNESS_MAIN
