// SPDX-License-Identifier: GPL-2.0
/*
 * data_sha256.c - the SHA-256 of a --data input file (FIPS 180-4), so
 * that what records a run on the package's files (gen --allocations,
 * run --json, the report and its shards) names their contents, not only
 * their directory: `sha256sum FILE` gives the same digest.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "workloads/workloads.h"

static const uint32_t sha256_k[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b,
	0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
	0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7,
	0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152,
	0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
	0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
	0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
	0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

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
	uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
			  0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
	unsigned char buf[64 * 1024 + 128];
	unsigned long long bytes = 0;
	size_t n, i, left;
	FILE *f = fopen(path, "rb");
	int err;

	if (!f)
		goto fail;
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
