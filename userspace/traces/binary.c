// SPDX-License-Identifier: GPL-2.0
/*
 * binary.c - pwcsim's binary trace format (addr_stream.h): its reader
 * (trace_reader.h), its writer, and the length of a binary file (for
 * progress lines).  Every input (a file, a pipe, an xz file) is read in
 * blocks that stay in the CPU's caches while the models read them, and
 * its records handed out in place (binary_view(): no second copy on
 * little-endian hosts).  The input is read once and checked as it is
 * read: a partial record at the end is reported after the whole records
 * before it, and a regular file that is cut short while it is read (not
 * mapped, so no SIGBUS) is an error naming it.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "traces/trace_reader.h"
#include "traces/xz_file.h"

/* Bytes read at once (a multiple of 8, within a core's L2 cache). */
#define BINARY_BLOCK (256 * 1024)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define BINARY_LE 1
#else
#define BINARY_LE 0
#endif

struct binary_state {
	size_t pos, len;		/* [pos, len) of buf not yet returned */
	unsigned char *buf;		/* BINARY_BLOCK bytes */
};

/* A record: a little-endian u64, read with one load on such hosts. */
static inline unsigned long long binary_record(const unsigned char *p)
{
#if BINARY_LE
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
	char magic[10];		/* the magic; a bzip2 stream's needs 10 */
	size_t n;

	if (!b) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->state = b;
	n = fread(magic, 1, 8, s->f);
	if (n != 8 || memcmp(magic, ADDR_BINARY_MAGIC, 8)) {
		/* a compressor's magic said as such, as when guessed */
		n += fread(magic + n, 1, sizeof(magic) - n, s->f);
		if (!addr_input_compressed(s->name, magic, n))
			fprintf(stderr, "pwcsim: %s: not a pwcsim binary trace (bad magic)\n",
				s->name);
		return -1;
	}
	b->buf = malloc(BINARY_BLOCK);
	if (!b->buf) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	return 0;
}

/*
 * Records at hand: at least one whole record (1), the end (0) or an error
 * (-1, message printed).  The block is refilled, keeping a partial record.
 */
static int binary_more(struct addr_stream *s, struct binary_state *b)
{
	size_t keep = b->len - b->pos, n;

	if (keep >= 8)
		return 1;
	memmove(b->buf, b->buf + b->pos, keep);
	b->pos = 0;
	n = fread(b->buf + keep, 1, BINARY_BLOCK - keep, s->f);
	b->len = keep + n;
	if (ferror(s->f)) {
		fprintf(stderr, "pwcsim: %s: %s\n", s->name,
			xz_error(s->xz) ? xz_error(s->xz) : "read error");
		return -1;
	}
	if (!n && addr_input_shrank(s))
		return -1;
	if (b->len - b->pos == 0)
		return 0;
	if (b->len - b->pos < 8) {
		fprintf(stderr, "pwcsim: %s: truncated record after %llu addresses\n",
			s->name, s->count);
		return -1;
	}
	return 1;
}

static int binary_next(struct addr_stream *s, unsigned long long *va)
{
	struct binary_state *b = s->state;
	int r = binary_more(s, b);

	if (r <= 0)
		return r;
	*va = binary_record(b->buf + b->pos);
	b->pos += 8;
	s->count++;
	return 1;
}

/*
 * Up to @n records of the block at hand, in place (*va points into the
 * block) when they are aligned little-endian u64s, else
 * decoded into @buf: how many (0 at the end, -1 on an error).
 */
static long binary_view(struct addr_stream *s, const unsigned long long **va,
			unsigned long long *buf, long n)
{
	struct binary_state *b = s->state;
	const unsigned char *p;
	long k, i;
	int r = binary_more(s, b);

	if (r <= 0)
		return r;
	k = (b->len - b->pos) / 8;
	k = k < n ? k : n;
	p = b->buf + b->pos;
	if (BINARY_LE && !((uintptr_t)p % _Alignof(unsigned long long))) {
		*va = (const unsigned long long *)(const void *)p;
	} else {
		for (i = 0; i < k; i++)
			buf[i] = binary_record(p + 8 * i);
		*va = buf;
	}
	b->pos += 8 * k;
	s->count += k;
	return k;
}

/* Up to @n records, copied out of the blocks in turn. */
static long binary_block(struct addr_stream *s, unsigned long long *va,
			 long n)
{
	const unsigned long long *p;
	long got = 0, k;

	while (got < n) {
		k = binary_view(s, &p, va + got, n - got);
		if (k < 0 && got)
			s->failed = true;	/* after these */
		if (k <= 0)
			return got ? got : k;
		if (p != va + got)
			memcpy(va + got, p, k * sizeof(*va));
		got += k;
	}
	return got;
}

static void binary_close(struct addr_stream *s)
{
	struct binary_state *b = s->state;

	if (b)
		free(b->buf);
	free(b);
	s->state = NULL;
}

const struct trace_reader binary_reader = {
	.open = binary_open,
	.next = binary_next,
	.block = binary_block,
	.view = binary_view,
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
