// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - `make bench` (module half, run in the VM): nanoseconds per
 * address for a walk alone, a walk plus each model, a walk plus all six,
 * on two streams: GPU-like warps striding through 64 MiB (the caches
 * mostly hit), and a scatter over 4,096 2 MiB regions under 8 L4 and 64
 * L3 entries, each address in another region than the one before (the
 * caches mostly miss);
 * ioctl batches against debugfs writes; tracepoints enabled against
 * disabled.  Ratios within one run are what it reports (absolute figures
 * under software emulation say little): each model's models/walk is the
 * median of PAIRS ratios, each of a walk-only feed and the model's feed
 * measured one right after the other (the machine's load drifts).  It
 * measures; it asserts nothing.
 * `bench --feed` prints only the all-six feed's ns per address (warm
 * session, events as they are): bench-notrace.sh runs it on the module
 * with tracepoints and on one with them compiled out.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "pwc.h"

#define PAGE 4096UL
#define REGION (64UL << 20)
#define N 65536
#define ROUNDS 4
#define PAIRS 5

/* Every model of the registry (pwc_registry.c), by name. */
#define NSPECS PWC_KIND_COUNT

/* The two streams, and the one fed. */
static uint64_t warps[N], scatter[N];
static const uint64_t *va = warps;
#define SCATTER_BASE 0x200000000000UL	/* 32 TiB: an L4 entry's start */
#define SCATTER_L4 8
#define SCATTER_L3 8
#define SCATTER_L2 64

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void die(const char *what)
{
	perror(what);
	exit(1);
}

/* A session on this process with @n models from @first. */
static int session(unsigned int first, unsigned int n)
{
	struct pwcsim_attach a = { .size = sizeof(a),
				   .flags = PWCSIM_ATTACH_SELF };
	struct pwcsim_add_model m = { .size = sizeof(m), .budget_bits = 5280 };
	unsigned int i;
	int fd = open("/dev/pwcsim", O_RDWR);

	if (fd < 0 || ioctl(fd, PWCSIM_ATTACH, &a))
		die("attach");
	for (i = first; i < first + n; i++) {
		snprintf(m.spec, sizeof(m.spec), "%s", pwc_kind_name(i));
		if (ioctl(fd, PWCSIM_ADD_MODEL, &m))
			die("add model");
	}
	return fd;
}

/* ns per address of ROUNDS feeds of N addresses. */
static double ioctl_ns(int fd)
{
	struct pwcsim_feed f = { .size = sizeof(f), .count = N,
				 .addrs = (uintptr_t)va };
	double t = now();
	int r;

	for (r = 0; r < ROUNDS; r++)
		if (ioctl(fd, PWCSIM_FEED, &f))
			die("feed");
	return (now() - t) * 1e9 / ((double)N * ROUNDS);
}

static double session_ns(unsigned int first, unsigned int n)
{
	int fd = session(first, n);
	double ns;

	ioctl_ns(fd);			/* warm: tables and caches */
	ns = ioctl_ns(fd);
	close(fd);
	return ns;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The median of @v[0..PAIRS) (sorts @v). */
static double median(double *v)
{
	qsort(v, PAIRS, sizeof(*v), cmp_double);
	return v[PAIRS / 2];
}

/*
 * PAIRS walk-only feeds, each followed by a feed with @n models from
 * @first: their median ns per address in *@ns, the walk-only one in
 * *@walk; returns the median of the pairs' (models - walk) / walk.
 */
static double paired(unsigned int first, unsigned int n, double *ns,
		     double *walk)
{
	double w[PAIRS], m[PAIRS], r[PAIRS];
	unsigned int p;

	for (p = 0; p < PAIRS; p++) {
		w[p] = session_ns(0, 0);
		m[p] = session_ns(first, n);
		r[p] = (m[p] - w[p]) / w[p];
	}
	*ns = median(m);
	*walk = median(w);
	return median(r);
}

/*
 * The scatter stream: one page mapped (4 KiB leaves) in each of 64 2 MiB
 * regions of each of 8 1 GiB ranges under each of 8 L4 entries, each
 * address a random byte of a random region other than the last one's.
 */
static void make_scatter(void)
{
	uint64_t x = 88172645463325252ULL, at, prev = 0;
	unsigned int l4, l3, l2, i;
	char *p;

	for (l4 = 0; l4 < SCATTER_L4; l4++)
		for (l3 = 0; l3 < SCATTER_L3; l3++) {
			at = SCATTER_BASE + ((uint64_t)l4 << 39) +
			     ((uint64_t)l3 << 30);
			p = mmap((void *)at, SCATTER_L2 << 21,
				 PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS |
				 MAP_FIXED_NOREPLACE | MAP_NORESERVE, -1, 0);
			if (p != (void *)at)
				die("mmap scatter");
			madvise(p, SCATTER_L2 << 21, MADV_NOHUGEPAGE);
			for (l2 = 0; l2 < SCATTER_L2; l2++)
				p[(uint64_t)l2 << 21] = 1;
		}
	for (i = 0; i < N; i++) {
		do {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			at = SCATTER_BASE +
			     ((x >> 8) % SCATTER_L4 << 39) +
			     ((x >> 16) % SCATTER_L3 << 30) +
			     ((x >> 24) % SCATTER_L2 << 21);
		} while (at == prev);
		prev = at;
		scatter[i] = at + (x >> 40) % PAGE;
	}
}

static void write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);

	if (fd < 0 || write(fd, s, strlen(s)) != (ssize_t)strlen(s))
		die(path);
	close(fd);
}

static double debugfs_ns(void)
{
	static char buf[60 * 1024];
	char line[64];
	size_t len = 0;
	unsigned int i;
	double t;
	int fd;

	snprintf(line, sizeof(line), "%d\n", getpid());
	write_file("/sys/kernel/debug/pwcsim/target", line);
	write_file("/sys/kernel/debug/pwcsim/reset", "1\n");
	write_file("/sys/kernel/debug/pwcsim/models", "clear\n");
	for (i = 0; i < NSPECS; i++) {
		snprintf(line, sizeof(line), "%s\n", pwc_kind_name(i));
		write_file("/sys/kernel/debug/pwcsim/models", line);
	}
	fd = open("/sys/kernel/debug/pwcsim/feed", O_WRONLY);
	if (fd < 0)
		die("feed");
	t = now();
	for (i = 0; i < N; i++) {
		len += snprintf(buf + len, sizeof(buf) - len, "%llx\n",
				(unsigned long long)va[i]);
		if (len > sizeof(buf) - 32 || i == N - 1) {
			if (write(fd, buf, len) != (ssize_t)len)
				die("debugfs feed");
			len = 0;
		}
	}
	t = (now() - t) * 1e9 / N;
	close(fd);
	return t;
}

int main(int argc, char **argv)
{
	double walk, all, one, dbg, traced, ratio;
	unsigned int i, s;
	char *p;

	if (argc > 2 || (argc == 2 && strcmp(argv[1], "--feed"))) {
		fprintf(stderr, "usage: bench [--feed]\n");
		return 2;
	}

	p = mmap(NULL, REGION, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED)
		die("mmap");
	madvise(p, REGION, MADV_NOHUGEPAGE);
	memset(p, 1, REGION);
	/* GPU-like: 480 warps striding through the region, 128-byte steps */
	for (i = 0; i < N; i++)
		warps[i] = (uintptr_t)p + ((i % 480) * 16 * PAGE +
					   (i / 480) * 128) % REGION;

	if (argc == 2) {
		printf("%.1f\n", session_ns(0, NSPECS));
		return 0;
	}
	make_scatter();
	for (s = 0; s < 2; s++) {
		va = s ? scatter : warps;
		printf("%smodels/walk, %s: the median of %d paired runs (walk only, then walk + models)\n",
		       s ? "\n" : "", s ? "scatter over 4,096 2 MiB regions (misses)" :
		       "warps striding through 64 MiB (hits)", PAIRS);
		for (i = 0; i < NSPECS; i++) {
			ratio = paired(i, 1, &one, &walk);
			printf("walk + %-22s %8.0f ns/address  models/walk = %.2f  (walk only %.0f)\n",
			       pwc_kind_name(i), one, ratio, walk);
		}
		ratio = paired(0, NSPECS, &all, &walk);
		printf("walk + all six                %8.0f ns/address  models/walk = %.2f  (walk only %.0f)\n",
		       all, ratio, walk);
	}
	va = warps;
	all = session_ns(0, NSPECS);
	printf("\nthe rest on the warps' stream\n");
	dbg = debugfs_ns();
	printf("debugfs writes, all six       %8.0f ns/address  debugfs/ioctl = %.1f\n",
	       dbg, dbg / all);
	write_file("/sys/kernel/tracing/events/pwcsim/enable", "1\n");
	traced = session_ns(0, NSPECS);
	write_file("/sys/kernel/tracing/events/pwcsim/enable", "0\n");
	write_file("/sys/kernel/tracing/trace", "");
	printf("tracepoints enabled, all six  %8.0f ns/address  enabled/disabled = %.2f\n",
	       traced, traced / all);
	all = session_ns(0, NSPECS);
	printf("tracepoints disabled again    %8.0f ns/address\n", all);
	return 0;
}
