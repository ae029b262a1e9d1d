// SPDX-License-Identifier: GPL-2.0
/*
 * binary.c - pwcsim's binary trace format (addr_stream.h): its reader
 * (trace_reader.h), which reads blocks of records, its writer, and the
 * length of a binary file (for progress lines).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "traces/trace_reader.h"
#include "traces/xz_file.h"

/* Bytes read at once from a binary trace (a multiple of 8). */
#define BINARY_BLOCK (1024 * 1024)

struct binary_state {
	unsigned char buf[BINARY_BLOCK];	/* a block of records */
	size_t pos, len;
};

/* A record: a little-endian u64, read with one load on such hosts. */
static inline unsigned long long binary_record(const unsigned char *p)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
#else
	unsigned long long v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
#endif
}

static int binary_open(struct addr_stream *s, const char *path)
{
	struct binary_state *b = calloc(1, sizeof(*b));
	char magic[8];
	size_t n;

	if (!b) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->state = b;
	n = fread(magic, 1, sizeof(magic), s->f);
	if (n != sizeof(magic) || memcmp(magic, ADDR_BINARY_MAGIC, 8)) {
		fprintf(stderr, "pwcsim: %s: not a pwcsim binary trace (bad magic)\n",
			s->name);
		return -1;
	}
	return 0;
}

/* Refill the block, keeping a partial record; 0 at the end of input. */
static int binary_refill(struct addr_stream *s, struct binary_state *b)
{
	size_t keep = b->len - b->pos, n;

	memmove(b->buf, b->buf + b->pos, keep);
	b->pos = 0;
	n = fread(b->buf + keep, 1, BINARY_BLOCK - keep, s->f);
	b->len = keep + n;
	if (ferror(s->f)) {
		fprintf(stderr, "pwcsim: %s: %s\n", s->name,
			xz_error(s->xz) ? xz_error(s->xz) : "read error");
		return -1;
	}
	if (b->len == 0)
		return 0;
	if (b->len < 8) {
		fprintf(stderr, "pwcsim: %s: truncated record after %llu addresses\n",
			s->name, s->count);
		return -1;
	}
	return 1;
}

static int binary_next(struct addr_stream *s, unsigned long long *va)
{
	struct binary_state *b = s->state;
	int r;

	if (b->len - b->pos < 8) {
		r = binary_refill(s, b);
		if (r <= 0)
			return r;
	}
	*va = binary_record(b->buf + b->pos);
	b->pos += 8;
	s->count++;
	return 1;
}

/* Up to @n records, copied from the block; refilled as it empties. */
static long binary_block(struct addr_stream *s, unsigned long long *va,
			 long n)
{
	struct binary_state *b = s->state;
	const unsigned char *p;
	long got = 0, k, i;
	int r;

	while (got < n) {
		if (b->len - b->pos < 8) {
			r = binary_refill(s, b);
			if (r < 0 && got)
				s->failed = true;	/* after these */
			if (r <= 0)
				return got ? got : r;
		}
		k = (b->len - b->pos) / 8;
		k = k < n - got ? k : n - got;
		p = b->buf + b->pos;
		for (i = 0; i < k; i++)
			va[got + i] = binary_record(p + 8 * i);
		b->pos += 8 * k;
		s->count += k;
		got += k;
	}
	return got;
}

static void binary_close(struct addr_stream *s)
{
	free(s->state);
	s->state = NULL;
}

const struct trace_reader binary_reader = {
	.open = binary_open,
	.next = binary_next,
	.block = binary_block,
	.close = binary_close,
};

int addr_write_binary_header(FILE *f)
{
	return fwrite(ADDR_BINARY_MAGIC, 1, 8, f) == 8 ? 0 : -1;
}

int addr_write_binary(FILE *f, unsigned long long va)
{
	unsigned char b[8];
	int i;

	for (i = 0; i < 8; i++)
		b[i] = va >> (8 * i);
	return fwrite(b, 1, 8, f) == 8 ? 0 : -1;
}

unsigned long long addr_binary_length(const char *path)
{
	char magic[8];
	struct stat st;
	FILE *f;
	size_t n;

	if (!strcmp(path, "-") || stat(path, &st) || !S_ISREG(st.st_mode))
		return 0;
	f = fopen(path, "rb");
	if (!f)
		return 0;
	n = fread(magic, 1, sizeof(magic), f);
	fclose(f);
	if (n != sizeof(magic) || memcmp(magic, ADDR_BINARY_MAGIC, 8))
		return 0;
	return (st.st_size - sizeof(magic)) / 8;
}
