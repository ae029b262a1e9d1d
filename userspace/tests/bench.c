// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - `make bench` (userspace half): lookups per second of each
 * model, alone and all models together, on a generated 10 M-address GPU-like
 * stream read back from pwcsim's binary trace format.  It measures; it
 * asserts nothing.  Prints the machine, the build flags and one line per
 * configuration.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "traces/addr_stream.h"
#include "pwc.h"
#include "pwc_synth.h"

#ifndef BENCH_CFLAGS
#define BENCH_CFLAGS "?"
#endif

/* Every model of the registry, at its defaults. */
#define NSPECS PWC_KIND_COUNT

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

/*
 * A GPU-like stream: 15 SMs' warps sweep 3 buffers of 64 MiB (one L4, a
 * few L3 indices, ~100 L2 indices) with 128-byte coalesced accesses,
 * interleaved warp by warp, with a reused hot region.
 */
static void generate(const char *path, unsigned long n)
{
	const unsigned long long buf[3] = { 0x7f1000000000ULL,
					    0x7f1040000000ULL,
					    0x7f1080000000ULL };
	unsigned long long x = 88172645463325252ULL, va;
	unsigned long i, warp;
	FILE *f = fopen(path, "wb");

	if (!f || addr_write_binary_header(f)) {
		perror(path);
		exit(1);
	}
	for (i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		warp = i % 480;			/* 15 SMs x 32 warps */
		va = buf[i % 3] + ((warp * 4096 + (i / 480) * 128) %
				   (64ULL << 20));
		if (x % 16 == 0)		/* a scattered access */
			va = buf[x % 3] + (x >> 20) % (64ULL << 20);
		if (addr_write_binary(f, va)) {
			perror(path);
			exit(1);
		}
	}
	fclose(f);
}

/* Run @nm models over the trace; returns seconds, and the sum of accesses. */
static double run(const char *path, struct pwc_model **m, unsigned int nm,
		  unsigned long long *acc)
{
	struct pwc_synth pt = { .levels = 4 };
	struct addr_stream in;
	struct pwc_result r;
	struct pwc_walk w;
	unsigned long long va;
	unsigned int j;
	double t0;

	if (addr_open(&in, path, ADDR_BINARY))
		exit(1);
	*acc = 0;
	t0 = now();
	while (addr_next(&in, &va) > 0) {
		pwc_synth_walk(&pt, va, &w);
		for (j = 0; j < nm; j++) {
			pwc_access(m[j], &w, &r);
			*acc += r.accesses;
		}
	}
	t0 = now() - t0;
	addr_close(&in);
	return t0;
}

/* Model @kind at its defaults; its canonical spec in @spec. */
static struct pwc_model *make(enum pwc_kind kind, char *spec)
{
	struct pwc_config cfg;

	if (pwc_parse_spec(pwc_kind_name(kind), &cfg, NULL, 0))
		exit(1);
	pwc_format_spec(&cfg, spec, PWC_SPEC_LEN);
	return pwc_create(&cfg);
}

int main(int argc, char **argv)
{
	unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 10000000;
	const char *path = "/tmp/pwcsim-bench.trace";
	struct pwc_model *m[NSPECS];
	unsigned long long acc;
	char cpu[256] = "?", line[256];
	double base, t;
	char spec[PWC_SPEC_LEN];
	unsigned int j;
	FILE *f;

	f = fopen("/proc/cpuinfo", "r");
	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, "model name", 10)) {
			snprintf(cpu, sizeof(cpu), "%s", strchr(line, ':') + 2);
			cpu[strcspn(cpu, "\n")] = 0;
			break;
		}
	if (f)
		fclose(f);
	printf("machine: %s; build: %s\n", cpu, BENCH_CFLAGS);
	generate(path, n);
	printf("stream: %lu addresses (binary trace, %lu bytes)\n", n, 8 + 8 * n);
	base = run(path, NULL, 0, &acc);
	printf("%-36s %8.1f M addresses/s  (%.2f ns/address)\n",
	       "read + synthetic walk only", n / base / 1e6, base * 1e9 / n);
	for (j = 0; j < NSPECS; j++) {
		m[0] = make(j, spec);
		t = run(path, m, 1, &acc);
		printf("%-36s %8.1f M lookups/s    (%.2f ns/lookup beyond the stream)\n",
		       spec, n / t / 1e6, (t - base) * 1e9 / n);
		pwc_destroy(m[0]);
	}
	for (j = 0; j < NSPECS; j++)
		m[j] = make(j, spec);
	t = run(path, m, NSPECS, &acc);
	printf("%-36s %8.1f M addresses/s  (%.1f M lookups/s)\n",
	       "all models together", n / t / 1e6, NSPECS * n / t / 1e6);
	for (j = 0; j < NSPECS; j++)
		pwc_destroy(m[j]);
	remove(path);
	return 0;
}
