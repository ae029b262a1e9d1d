// SPDX-License-Identifier: GPL-2.0
/*
 * race-test.c - feeds racing changes of the target's address space.  Each
 * scenario runs for -t seconds: threads feed (with results, coherence on)
 * while another changes the page tables under them (munmap/mmap,
 * mprotect, mremap, MADV_DONTNEED + touch, fork-COW, THP collapse and
 * split), or the target is another process that exits, execs or is
 * SIGKILLed mid-feed, or the fd is closed or dup2()ed over inside a feed,
 * or 32 sessions feed at once, or the session is reset and reconfigured
 * while it feeds.  Every error must be one the scenario allows, every
 * result must keep the uAPI's invariants, results flagged RACED must add
 * up to stats.raced, and no coherent session may count a stale lookup.
 *
 *   race-test [-t seconds-per-scenario] [-s seed] [scenario...]
 *
 * Prints one line per scenario (feeds, addresses, raced, notifications,
 * errnos) and ends with "race-test: N passed, N failed".
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "campaign.h"

#ifndef MADV_COLLAPSE
#define MADV_COLLAPSE 25
#endif

#define REGION (4 * HUGE)	/* the region the feeds walk */
#define BATCH 128
#define MAXERR 134
#define NSESS_MANY 32

/* Every model of the one list (pwc_models.h), and a TPC too small. */
static const char *const models[] = {
#define PWC_MODEL(KIND, name) #name,
#include "pwc_models.h"
#undef PWC_MODEL
	"tpc:entries=4",
};
#define NMODELS ARRAY_LEN(models)

static unsigned int levels;
static double seconds = 2;
static uint64_t seed;
static char *region, *spare;
static volatile int stop;
/*
 * fd-close-dup2: odd while the feeder's fd number is being closed or
 * swapped, bumped before and after; a feed that saw it move may have
 * gone to several sessions (two swaps between its two GET_STATS can land
 * on sessions with the same model count), so its results are not checked.
 */
static unsigned long fd_gen;

struct feeder {
	pthread_t th;
	int fds[NSESS_MANY];
	unsigned int nfds;
	volatile int *fdp;		/* feed this fd number instead */
	pid_t pid;			/* target: another process */
	unsigned int nmodels;		/* 0: read it before each feed */
	unsigned long long allowed;	/* errnos allowed besides 0 */
	unsigned long feeds, addresses, raced, res_raced, skipped;
	unsigned long errs[MAXERR + 1];
	unsigned int id;
};

static int session(pid_t pid)
{
	unsigned int i;
	int fd = pwcsim_open();

	if (fd < 0)
		return -1;
	if (pid ? attach(fd, 0, pid) : attach(fd, PWCSIM_ATTACH_SELF, 0)) {
		close(fd);
		return -1;
	}
	for (i = 0; i < NMODELS; i++)
		add_model(fd, models[i], 5280);
	return fd;
}

/* One feed of BATCH addresses in the region through @fd. */
static void feed_once(struct feeder *f, int fd)
{
	static const size_t rsize = sizeof(struct pwcsim_result);
	struct pwcsim_result res[BATCH];
	struct pwcsim_get_stats st;
	uint64_t va[BATCH];
	struct res_ctx c = { .levels = levels, .privileged = true,
			     .coherent = true };
	unsigned int i, done = 0, before = f->nmodels;
	unsigned long gen = __atomic_load_n(&fd_gen, __ATOMIC_ACQUIRE);
	int ret, err;

	for (i = 0; i < BATCH; i++)
		va[i] = (uintptr_t)region + rnd_below(REGION);
	if (!f->nmodels)
		before = stats(fd, PWCSIM_NO_MODEL, &st) ? 0 : st.nmodels;
	ret = feed(fd, va, BATCH, res, &done);
	err = ret ? errno : 0;
	f->feeds++;
	f->errs[err > 0 && err <= MAXERR ? err : 0]++;
	if (ret) {
		check(err > 0 && err < 63 && (f->allowed & (1ULL << err)),
		      "feed %u: unexpected errno %s", f->id,
		      strerrorname_np(err));
		if (err == EBADF)	/* the fd is being swapped: wait */
			usleep(200);
		return;
	}
	f->addresses += BATCH;
	check(done == BATCH, "feed: done %u of %u", done, BATCH);
	c.nmodels = before;
	if (!f->nmodels && (stats(fd, PWCSIM_NO_MODEL, &st) ||
			    st.nmodels != before ||
			    (gen & 1) ||
			    __atomic_load_n(&fd_gen, __ATOMIC_ACQUIRE) != gen)) {
		f->skipped++;	/* models added or the fd swapped meanwhile */
		return;
	}
	check_results(&c, res, rsize, va, BATCH, &f->res_raced);
}

static void *feeder_main(void *arg)
{
	struct feeder *f = arg;
	unsigned int i;

	rng_seed(seed + f->id * 7919 + 1);
	while (!stop) {
		if (f->fdp) {
			feed_once(f, *f->fdp);
			continue;
		}
		for (i = 0; i < f->nfds && !stop; i++)
			feed_once(f, f->fds[i]);
	}
	return NULL;
}

static void touch(char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i += PAGE)
		p[i] = 1;
}

static void map_region(void)
{
	char *p = mmap(NULL, REGION + HUGE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
	region = (char *)(((uintptr_t)p + HUGE - 1) & ~(HUGE - 1));
	madvise(region, REGION, MADV_HUGEPAGE);
	touch(region, REGION);
	spare = mmap(NULL, 64 * PAGE, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (spare == MAP_FAILED) {
		perror("mmap");
		exit(2);
	}
}

/* A random page-aligned range of 1..16 pages in the region. */
static char *pick(size_t *len)
{
	*len = (1 + rnd_below(16)) * PAGE;
	return region + rnd_below((REGION - *len) / PAGE) * PAGE;
}

/* ---- the mutators; each returns the changes it made ---- */

static unsigned long mut_munmap(void)
{
	size_t len;
	char *p = pick(&len);

	munmap(p, len);
	sched_yield();
	if (mmap(p, len, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0) == MAP_FAILED)
		return 0;
	touch(p, len);
	return 1;
}

static unsigned long mut_mprotect(void)
{
	size_t len;
	char *p = pick(&len);

	mprotect(p, len, one_in(2) ? PROT_READ : PROT_NONE);
	sched_yield();
	mprotect(p, len, PROT_READ | PROT_WRITE);
	touch(p, len);
	return 1;
}

static unsigned long mut_mremap(void)
{
	size_t len;
	char *p = pick(&len);

	if (len > 64 * PAGE ||
	    mremap(p, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, spare) ==
	    MAP_FAILED)
		return 0;
	sched_yield();
	if (mremap(spare, len, len, MREMAP_MAYMOVE | MREMAP_FIXED, p) ==
	    MAP_FAILED) {
		perror("mremap back");
		exit(2);
	}
	touch(p, len);
	return 1;
}

static unsigned long mut_dontneed(void)
{
	size_t len;
	char *p = pick(&len);

	madvise(p, len, MADV_DONTNEED);
	touch(p, len);
	return 1;
}

static unsigned long mut_fork_cow(void)
{
	size_t len;
	char *p = pick(&len);
	pid_t child = fork();
	int st;

	if (!child)
		_exit(0);
	touch(p, len);		/* breaks COW while the child may live */
	waitpid(child, &st, 0);
	return 1;
}

/* Collapse 2 MiB of 4 KiB pages into a THP, then split it two ways. */
static int collapse_errno;	/* the last MADV_COLLAPSE failure */
static unsigned long collapses;

/*
 * A THP by fault, split two ways (MADV_DONTNEED of one 4 KiB page,
 * mprotect of 8 pages), then collapsed back with MADV_COLLAPSE.
 */
static unsigned long mut_thp(void)
{
	char *h = region + rnd_below(REGION / HUGE) * HUGE;

	madvise(h, HUGE, MADV_DONTNEED);
	touch(h, HUGE);
	sched_yield();
	madvise(h + rnd_below(512) * PAGE, PAGE, MADV_DONTNEED);
	mprotect(h + 64 * PAGE, 8 * PAGE, PROT_READ);
	mprotect(h + 64 * PAGE, 8 * PAGE, PROT_READ | PROT_WRITE);
	touch(h, HUGE);
	sched_yield();
	if (madvise(h, HUGE, MADV_COLLAPSE))
		collapse_errno = errno;
	else
		collapses++;
	return 1;
}

/* ---- running and reporting ---- */

static unsigned long long check_no_stale(const char *name, int fd)
{
	unsigned long long s = pw_stale(fd);

	check(s == 0, "%s: a session counted %llu stale lookups with coherence on",
	      name, s);
	return s;
}

static void report(const char *name, struct feeder *f, unsigned int nf,
		   const int *fds, unsigned int nfds, unsigned long changes)
{
	unsigned long feeds = 0, addrs = 0, raced = 0, errs[MAXERR + 1] = {};
	unsigned long long notif = 0, stale = 0, st_raced = 0;
	struct pwcsim_get_stats st;
	unsigned int i, e;
	char line[512];
	size_t n = 0;

	for (i = 0; i < nf; i++) {
		feeds += f[i].feeds;
		addrs += f[i].addresses;
		raced += f[i].res_raced;
		for (e = 0; e <= MAXERR; e++)
			errs[e] += f[i].errs[e];
	}
	for (i = 0; i < nfds; i++) {
		if (stats(fds[i], PWCSIM_NO_MODEL, &st))
			continue;
		notif += st.notifications;
		st_raced += st.raced;
		stale += check_no_stale(name, fds[i]);
	}
	check(feeds > 0 && addrs > 0, "%s: no successful feed", name);
	for (e = 1; e <= MAXERR; e++)
		if (errs[e])
			n += snprintf(line + n, sizeof(line) - n, " %s=%lu",
				      strerrorname_np(e), errs[e]);
	line[n] = '\0';
	printf("# race %-12s feeds=%lu addresses=%lu changes=%lu raced=%lu stats.raced=%llu notifications=%llu stale=%llu errnos:%s\n",
	       name, feeds, addrs, changes, raced, st_raced, notif, stale,
	       n ? line : " none");
}

/* One session of our own, @nthreads feeders, @mutate in this thread. */
static void run_self(const char *name, unsigned long (*mutate)(void))
{
	struct feeder f[2] = {};
	unsigned long changes = 0;
	unsigned int i;
	int fd = session(0);
	double end = now_s() + seconds;

	check(fd >= 0, "%s: no session", name);
	if (fd < 0)
		return;
	stop = 0;
	for (i = 0; i < 2; i++) {
		f[i].fds[0] = fd;
		f[i].nfds = 1;
		f[i].nmodels = NMODELS;
		f[i].id = i;
		pthread_create(&f[i].th, NULL, feeder_main, &f[i]);
	}
	while (now_s() < end)
		changes += mutate();
	stop = 1;
	for (i = 0; i < 2; i++)
		pthread_join(f[i].th, NULL);
	report(name, f, 2, &fd, 1, changes);
	{
		struct pwcsim_get_stats st;
		unsigned long raced = f[0].res_raced + f[1].res_raced;

		if (!stats(fd, PWCSIM_NO_MODEL, &st))
			check(st.raced == raced,
			      "%s: stats.raced %llu, results flagged RACED %lu",
			      name, (unsigned long long)st.raced, raced);
	}
	close(fd);
}

static void sc_munmap(void) { run_self("munmap-mmap", mut_munmap); }
static void sc_mprotect(void) { run_self("mprotect", mut_mprotect); }
static void sc_mremap(void) { run_self("mremap", mut_mremap); }
static void sc_dontneed(void) { run_self("dontneed", mut_dontneed); }
static void sc_fork(void) { run_self("fork-cow", mut_fork_cow); }
static void sc_thp(void)
{
	run_self("thp", mut_thp);
	printf("# race %-12s collapses=%lu last MADV_COLLAPSE failure: %s\n",
	       "thp", collapses,
	       collapse_errno ? strerrorname_np(collapse_errno) : "none");
}

/* A child that keeps the region, then ends as @how says. */
static pid_t child_target(int how, unsigned int delay_us)
{
	pid_t pid = fork();

	if (pid)
		return pid;
	touch(region, REGION);
	usleep(delay_us);
	if (how == 1)
		execl("/proc/self/exe", "race-test", "--idle", NULL);
	if (how == 2)
		pause();
	_exit(0);
}

/* Another process as the target: it exits (0), execs (1) or is killed (2). */
static void run_other(const char *name, int how)
{
	struct feeder f = { .nmodels = NMODELS, .id = 9,
			    .allowed = E(ESRCH) };
	unsigned long lives = 0, esrch_after = 0;
	double end = now_s() + seconds;
	pid_t pid;
	int fd, st;

	while (now_s() < end) {
		pid = child_target(how, 1000 + rnd_below(20000));
		fd = session(pid);
		if (fd < 0) {	/* it may be gone already */
			waitpid(pid, &st, 0);
			continue;
		}
		f.fds[0] = fd;
		f.nfds = 1;
		f.fdp = NULL;
		stop = 0;
		pthread_create(&f.th, NULL, feeder_main, &f);
		if (how == 2) {
			usleep(rnd_below(20000));
			kill(pid, SIGKILL);
		}
		waitpid(pid, &st, 0);
		usleep(2000);
		stop = 1;
		pthread_join(f.th, NULL);
		/* once the target is gone (and after exec), ESRCH */
		if (how != 1 || WIFEXITED(st)) {
			uint64_t va = (uintptr_t)region;

			errno = 0;
			check(feed(fd, &va, 1, NULL, NULL) == -1 &&
			      errno == ESRCH,
			      "%s: feed after the target ended: errno %s",
			      name, strerrorname_np(errno));
			esrch_after++;
		}
		check_no_stale(name, fd);
		close(fd);
		lives++;
	}
	report(name, &f, 1, NULL, 0, lives);
	printf("# race %-12s targets=%lu esrch_after_end=%lu\n", name, lives,
	       esrch_after);
}

static void sc_exit(void) { run_other("target-exit", 0); }
static void sc_exec(void) { run_other("target-exec", 1); }
static void sc_kill(void) { run_other("target-kill", 2); }

/* The fd a feeder uses is closed or dup2()ed over from another thread. */
static void sc_fd(void)
{
	static volatile int fdnum;
	struct feeder f = { .nmodels = 0, .id = 11,
			    .allowed = E(EBADF) | E(ENOENT) };
	unsigned long swaps = 0;
	double end = now_s() + seconds;
	int fresh;

	fdnum = session(0);
	f.fdp = &fdnum;
	stop = 0;
	pthread_create(&f.th, NULL, feeder_main, &f);
	while (now_s() < end) {
		usleep(rnd_below(3000));
		__atomic_add_fetch(&fd_gen, 1, __ATOMIC_ACQ_REL);
		if (one_in(2)) {
			close(fdnum);
			usleep(rnd_below(1000));
		}
		fresh = one_in(4) ? pwcsim_open() : session(0);
		if (fresh >= 0) {
			dup2(fresh, fdnum);	/* the feeder's fd number now */
			close(fresh);
			swaps++;
		}
		__atomic_add_fetch(&fd_gen, 1, __ATOMIC_ACQ_REL);
		mut_dontneed();
	}
	stop = 1;
	pthread_join(f.th, NULL);
	report("fd-close-dup2", &f, 1, NULL, 0, swaps);
	close(fdnum);
}

/* 32 sessions fed by 4 threads while the region changes. */
static void sc_many(void)
{
	struct feeder f[4] = {};
	int fds[NSESS_MANY];
	unsigned long changes = 0;
	unsigned int i;
	double end = now_s() + seconds;

	for (i = 0; i < NSESS_MANY; i++) {
		fds[i] = session(0);
		check(fds[i] >= 0, "many: session %u", i);
	}
	stop = 0;
	for (i = 0; i < 4; i++) {
		memcpy(f[i].fds, fds + i * 8, 8 * sizeof(int));
		f[i].nfds = 8;
		f[i].nmodels = NMODELS;
		f[i].id = 20 + i;
		pthread_create(&f[i].th, NULL, feeder_main, &f[i]);
	}
	while (now_s() < end)
		changes += mut_dontneed() + (one_in(8) ? mut_munmap() : 0);
	stop = 1;
	for (i = 0; i < 4; i++)
		pthread_join(f[i].th, NULL);
	report("32-sessions", f, 4, fds, NSESS_MANY, changes);
	for (i = 0; i < NSESS_MANY; i++)
		close(fds[i]);
}

/* RESET, ADD_MODEL and SET_TLB while another thread feeds. */
static void sc_reconfig(void)
{
	struct feeder f = { .nmodels = 0, .id = 30 };
	unsigned long ops = 0, busy = 0;
	double end = now_s() + seconds;
	int fd = session(0), ret;

	f.fds[0] = fd;
	f.nfds = 1;
	stop = 0;
	pthread_create(&f.th, NULL, feeder_main, &f);
	while (now_s() < end) {
		switch (rnd_below(4)) {
		case 0:
			ret = pw_reset(fd, 1 + rnd_below(3));
			check(!ret, "reconfig: RESET: %s", strerrorname_np(errno));
			break;
		case 1:
			ret = add_model(fd, models[rnd_below(NMODELS)], 5280);
			check(!ret || errno == EBUSY || errno == ENOSPC,
			      "reconfig: ADD_MODEL: %s", strerrorname_np(errno));
			busy += ret && errno == EBUSY;
			break;
		case 2:
			ret = pw_set_tlb(fd, rnd_below(3) * 32, rnd_below(2));
			check(!ret || errno == EBUSY, "reconfig: SET_TLB: %s",
			      strerrorname_np(errno));
			busy += ret && errno == EBUSY;
			break;
		default:
			mut_dontneed();
		}
		ops++;
		usleep(rnd_below(500));
	}
	stop = 1;
	pthread_join(f.th, NULL);
	report("reconfig", &f, 1, &fd, 1, ops);
	printf("# race %-12s operations=%lu ebusy=%lu results_skipped=%lu\n",
	       "reconfig", ops, busy, f.skipped);
	close(fd);
}

static const struct {
	const char *name;
	void (*run)(void);
} scenarios[] = {
	{ "munmap-mmap", sc_munmap }, { "mprotect", sc_mprotect },
	{ "mremap", sc_mremap }, { "dontneed", sc_dontneed },
	{ "fork-cow", sc_fork }, { "thp", sc_thp },
	{ "target-exit", sc_exit }, { "target-exec", sc_exec },
	{ "target-kill", sc_kill }, { "fd-close-dup2", sc_fd },
	{ "32-sessions", sc_many }, { "reconfig", sc_reconfig },
};

int main(int argc, char **argv)
{
	struct opts o = { .seconds = 2 };
	unsigned int i, ran = 0;
	double t0 = now_s();
	int a;

	if (argc > 1 && !strcmp(argv[1], "--idle")) {
		usleep(50000);
		return 0;
	}
	parse_opts(argc, argv, &o);
	setvbuf(stdout, NULL, _IOLBF, 0);
	seed = o.seed;
	seconds = o.seconds;
	levels = pw_levels();
	if (!levels) {
		perror("/dev/pwcsim");
		return 2;
	}
	printf("# race-test: seed 0x%llx, %.1f s per scenario\n",
	       (unsigned long long)seed, seconds);
	signal(SIGPIPE, SIG_IGN);
	map_region();
	for (i = 0; i < ARRAY_LEN(scenarios); i++) {
		for (a = optind; a < argc; a++)
			if (!strcmp(argv[a], scenarios[i].name))
				break;
		if (optind < argc && a == argc)
			continue;
		scenarios[i].run();
		ran++;
	}
	printf("# race-test figures: scenarios=%u time=%.1fs\n", ran,
	       now_s() - t0);
	return finish("race-test");
}
