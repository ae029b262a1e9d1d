// SPDX-License-Identifier: GPL-2.0
/*
 * campaign-helper.c - the loads of latency-test.sh and lifecycle-test.sh:
 *
 *   campaign-helper feed [seconds]  16 models of tpc:entries=65536 behind a
 *       65,536-entry IOTLB, one feed of 65,536 addresses while two threads
 *       keep the notifier queue full (MADV_DONTNEED + touch) for at most
 *       @seconds (default 10)
 *   campaign-helper dump   a CPWC of 4,096 L3 sets x 4,096 blocks, filled
 *       from 4,096 GiB-apart pages of a 4 TiB PROT_READ mapping,
 *       dumped with GET_MODEL into 4 KiB, 1 MiB and 4 MiB buffers: each
 *       must come back truncated, within its buffer, NUL-terminated
 *   campaign-helper lives N   N session lives (open, attach, models,
 *       feeds, dump, close)
 *
 * Each prints its figures and ends with "<mode>: N passed, N failed".
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <sys/mman.h>

#include "campaign.h"

#define NFEED 65536

static volatile int stop;
static double churn_until;	/* the churners stop then at the latest */
static char *churn_mem;

static void *churner(void *arg)
{
	size_t i, off = (uintptr_t)arg * 256 * PAGE;
	unsigned long *rounds = malloc(sizeof(*rounds));

	*rounds = 0;
	while (!stop && now_s() < churn_until) {
		for (i = 0; i < 256; i += 2) {
			madvise(churn_mem + off + i * PAGE, PAGE, MADV_DONTNEED);
			churn_mem[off + i * PAGE] = 1;
		}
		(*rounds)++;
	}
	return rounds;
}

static int mode_feed(double seconds)
{
	static uint64_t va[NFEED];
	struct pwcsim_get_stats st;
	pthread_t th[2];
	unsigned long churns = 0;
	unsigned int i, done = 0;
	unsigned long *r;
	double t0;
	char *mem;
	int fd = pwcsim_open(), ret, err;

	check(fd >= 0 && !attach(fd, PWCSIM_ATTACH_SELF, 0), "session");
	for (i = 0; i < PWCSIM_MAX_MODELS; i++)
		check(!add_model(fd, "tpc:entries=65536", 0),
		      "ADD_MODEL tpc:entries=65536 #%u: %s", i, strerror(errno));
	check(!pw_set_tlb(fd, 65536, 0), "SET_TLB 65536: %s", strerror(errno));
	mem = mmap(NULL, 16 << 20, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	churn_mem = mmap(NULL, 512 * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	if (mem == MAP_FAILED || churn_mem == MAP_FAILED)
		return 2;
	madvise(mem, 16 << 20, MADV_NOHUGEPAGE);
	for (i = 0; i < NFEED; i++) {
		va[i] = (uintptr_t)mem + (i % 4096) * PAGE + (i / 4096) * 8;
		if (i < 4096)
			mem[i * PAGE] = 1;
	}
	/* distinct pages first, so the IOTLB and models fill up */
	stop = 0;
	churn_until = now_s() + seconds;
	for (i = 0; i < 2; i++)
		pthread_create(&th[i], NULL, churner, (void *)(uintptr_t)i);
	t0 = now_s();
	{
		struct pwcsim_feed f = { .size = sizeof(f), .count = NFEED,
					 .addrs = (uintptr_t)va };

		ret = ioctl(fd, PWCSIM_FEED, &f);
		err = errno;
		done = f.done;
	}
	t0 = now_s() - t0;
	stop = 1;
	for (i = 0; i < 2; i++) {
		pthread_join(th[i], (void **)&r);
		churns += *r;
		free(r);
	}
	check(ret == 0 && done == NFEED, "feed of %u: ret %d (%s), done %u",
	      NFEED, ret, ret ? strerror(err) : "ok", done);
	check(!stats(fd, PWCSIM_NO_MODEL, &st), "GET_STATS");
	printf("# latency feed: 16 x tpc:entries=65536 + IOTLB 65536, %u addresses in %.2f s, %llu notifications, %lu churn rounds, raced=%llu\n",
	       done, t0, (unsigned long long)st.notifications, churns,
	       (unsigned long long)st.raced);
	close(fd);
	return finish("latency-feed");
}

#define LATENCY "/sys/kernel/debug/pwcsim/latency"

/* Reset the debugfs latency file (if @reset) or read its longest span. */
static long long latency(bool reset)
{
	char line[128] = "";
	long long span = -1;
	FILE *f = fopen(LATENCY, reset ? "w" : "r");

	if (!f)
		return -1;
	if (reset)
		fputs("1\n", f);
	else if (fgets(line, sizeof(line), f))
		sscanf(line, "max_span_ns=%lld", &span);
	fclose(f);
	return span;
}

static int mode_dump(void)
{
	static const char spec[] = "cpwc:l4=8,l3=4096,blocks=4096,ways=1";
	static const unsigned int lens[] = { 4096, 1U << 20, 4U << 20 };
	struct pwcsim_get_model d;
	size_t gib = 1UL << 30, span = 4096 * gib, i;
	uint64_t *va;
	unsigned int n = 0, k;
	long long ns;
	char *mem, *buf;
	double t0;
	int fd = pwcsim_open(), ret;

	check(fd >= 0 && !attach(fd, PWCSIM_ATTACH_SELF, 0), "session");
	check(!add_model(fd, spec, 0), "ADD_MODEL %s: %s", spec,
	      strerror(errno));
	mem = mmap(NULL, span, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS |
		   MAP_NORESERVE, -1, 0);
	va = malloc(NFEED * sizeof(*va));
	buf = malloc(4U << 20);
	if (mem == MAP_FAILED || !va || !buf)
		return 2;
	/*
	 * One read per GiB (a zero page: a PMD and a PTE table each), so
	 * that all 4,096 L3 sets fill: each prints a 4,096-bit mask, a
	 * dump of about 17 MB
	 */
	for (i = 0; i < span; i += gib)
		n += ((volatile char *)mem)[i];
	for (i = 0; i < NFEED; i++)
		va[i] = (uintptr_t)mem + (i % 4096) * gib + (i / 4096) * HUGE;
	t0 = now_s();
	check(!feed(fd, va, NFEED, NULL, NULL), "filling feed: %s",
	      strerror(errno));
	printf("# latency dump: %s filled with %u walks in %.2f s\n", spec,
	       NFEED, now_s() - t0);
	for (k = 0; k < ARRAY_LEN(lens); k++) {
		memset(buf, 'x', lens[k]);
		latency(true);
		t0 = now_s();
		ret = pw_dump(fd, 0, buf, lens[k], &d);
		t0 = now_s() - t0;
		ns = latency(false);
		check(!ret, "GET_MODEL into %u bytes: %s", lens[k],
		      strerror(errno));
		if (ret)
			continue;
		check(d.len >= 1 && d.len <= lens[k] && d.len <= PWCSIM_MAX_DUMP &&
		      strnlen(buf, d.len) == d.len - 1,
		      "GET_MODEL into %u bytes: len %u", lens[k], d.len);
		check(d.out_flags & PWCSIM_DUMP_TRUNCATED,
		      "GET_MODEL into %u bytes: not flagged truncated (out_flags 0x%x)",
		      lens[k], d.out_flags);
		printf("# latency dump: GET_MODEL into %u bytes: %u written, out_flags 0x%x, %.3f s, longest span %lld ns\n",
		       lens[k], d.len, d.out_flags, t0, ns);
		/* latency-test.sh's bound (the file is reset per call here) */
		check(ns < 1000000000LL,
		      "GET_MODEL into %u bytes: a span of %lld ns without a scheduling point (bound 1 s)",
		      lens[k], ns);
	}
	close(fd);
	check(n == 0, "zero pages read %u", n);
	return finish("latency-dump");
}

static int mode_lives(unsigned long lives)
{
	/* a second model: each of the one list (pwc_models.h) in turn */
	static const char *const models[] = {
#define PWC_MODEL(KIND, name) #name,
#include "pwc_models.h"
#undef PWC_MODEL
	};
	static char buf[8192];
	uint64_t va[64];
	struct pwcsim_result res[64];
	unsigned long i, ok = 0;
	unsigned int k;
	char *mem = mmap(NULL, 64 * PAGE, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	double t0 = now_s();
	int fd;

	for (k = 0; k < 64; k++)
		va[k] = (uintptr_t)mem + k * PAGE;
	for (i = 0; i < lives; i++) {
		fd = pwcsim_open();
		if (fd < 0) {
			check(false, "open: %s", strerror(errno));
			continue;
		}
		if (!attach(fd, PWCSIM_ATTACH_SELF, 0) &&
		    !add_model(fd, i & 1 ? "cpwc" : "tpc", 5280) &&
		    !add_model(fd, models[i % (sizeof(models) / sizeof(*models))], 0) &&
		    !pw_set_tlb(fd, 16, 0) &&
		    !feed(fd, va, 64, res, NULL) &&
		    !pw_dump(fd, 0, buf, sizeof(buf), NULL))
			ok++;
		close(fd);
	}
	check(ok == lives, "%lu of %lu session lives went through", ok, lives);
	printf("# session lives: %lu in %.1f s\n", lives, now_s() - t0);
	return finish("lives");
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc >= 2 && !strcmp(argv[1], "feed"))
		return mode_feed(argc > 2 ? atof(argv[2]) : 10);
	if (argc >= 2 && !strcmp(argv[1], "dump"))
		return mode_dump();
	if (argc >= 3 && !strcmp(argv[1], "lives"))
		return mode_lives(strtoul(argv[2], NULL, 0));
	fprintf(stderr, "usage: campaign-helper feed [seconds] | dump | lives N\n");
	return 2;
}
