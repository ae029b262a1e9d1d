// SPDX-License-Identifier: GPL-2.0
/*
 * data_sha256.c - the SHA-256 of a --data input file (FIPS 180-4), so
 * that what records a run on the package's files (gen --allocations,
 * run --json, the report and its shards) names their contents, not only
 * their directory: `sha256sum FILE` gives the same digest.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "workloads/workloads.h"

/*
 * The constants, FIPS 180-4 4.2.2 and 5.3.3: the first 32 bits of the
 * fractional parts of the cube roots of the first 64 primes (K) and of
 * the square roots of the first 8 (the initial hash), computed once
 * (long double: 64 bits of mantissa, the 32 taken exact; workload-test
 * checks the digests against sha256sum's).
 */
static uint32_t sha256_k[64], sha256_h0[8];

static void sha256_constants(void)
{
	unsigned int n = 0, p, d;
	long double r;

	for (p = 2; n < 64; p++) {
		for (d = 2; d * d <= p && p % d; d++)
			;
		if (d * d <= p)
			continue;	/* not a prime */
		r = cbrtl(p);
		sha256_k[n] = (uint32_t)((r - floorl(r)) * 4294967296.0L);
		if (n < 8) {
			r = sqrtl(p);
			sha256_h0[n] = (uint32_t)((r - floorl(r)) *
						  4294967296.0L);
		}
		n++;
	}
}

static uint32_t sha256_ror(uint32_t x, unsigned int n)
{
	return x >> n | x << (32 - n);
}

/* One 64-byte block @p into the state @h. */
static void sha256_block(uint32_t h[8], const unsigned char *p)
{
	uint32_t w[64], v[8], s0, s1, t1, t2;
	unsigned int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 64; i++) {
		s0 = sha256_ror(w[i - 15], 7) ^ sha256_ror(w[i - 15], 18) ^
		     w[i - 15] >> 3;
		s1 = sha256_ror(w[i - 2], 17) ^ sha256_ror(w[i - 2], 19) ^
		     w[i - 2] >> 10;
		w[i] = w[i - 16] + s0 + w[i - 7] + s1;
	}
	memcpy(v, h, sizeof(v));
	for (i = 0; i < 64; i++) {
		t1 = v[7] + (sha256_ror(v[4], 6) ^ sha256_ror(v[4], 11) ^
			     sha256_ror(v[4], 25)) +
		     ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha256_k[i] + w[i];
		t2 = (sha256_ror(v[0], 2) ^ sha256_ror(v[0], 13) ^
		      sha256_ror(v[0], 22)) +
		     ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		memmove(v + 1, v, 7 * sizeof(*v));
		v[4] += t1;
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		h[i] += v[i];
}

int data_sha256(const char *path, char hex[WORKLOAD_SHA256_HEX])
{
	unsigned char buf[64 * 1024 + 128];
	uint32_t h[8];
	unsigned long long bytes = 0;
	size_t n, i, left;
	FILE *f = fopen(path, "rb");
	int err;

	if (!f)
		goto fail;
	if (!sha256_k[0])
		sha256_constants();
	memcpy(h, sha256_h0, sizeof(h));
	/* whole blocks as read; the last partial one and the padding after */
	do {
		n = fread(buf, 1, 64 * 1024, f);
		bytes += n;
		for (i = 0; i + 64 <= n; i += 64)
			sha256_block(h, buf + i);
	} while (n == 64 * 1024);
	if (ferror(f)) {
		err = errno;
		fclose(f);
		errno = err;
		goto fail;
	}
	fclose(f);
	left = n - i;
	memmove(buf, buf + i, left);
	buf[left++] = 0x80;
	while (left % 64 != 56)
		buf[left++] = 0;
	for (i = 0; i < 8; i++)
		buf[left++] = (unsigned char)(bytes * 8 >> (56 - 8 * i));
	for (i = 0; i < left; i += 64)
		sha256_block(h, buf + i);
	for (i = 0; i < 8; i++)
		snprintf(hex + 8 * i, 9, "%08x", (unsigned int)h[i]);
	return 0;
fail:
	fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
	return -1;
}
