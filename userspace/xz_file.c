// SPDX-License-Identifier: GPL-2.0
/*
 * xz_file.c - .xz decoded through liblzma behind a FILE (xz_file.h).
 * Concatenated streams are accepted (as xz -d does); an input that ends
 * before the stream does is an error ("truncated"), never a short file.
 */
#include <errno.h>
#include <lzma.h>
#include <stdlib.h>
#include <string.h>

#include "xz_file.h"

#define XZ_IN 65536

struct xz_cookie {
	FILE *raw;
	lzma_stream strm;
	unsigned char in[XZ_IN];
	bool done;
	const char *error;
};

bool xz_magic(const unsigned char *b, size_t n)
{
	return n >= 6 && !memcmp(b, "\xfd" "7zXZ\0", 6);
}

static const char *xz_reason(lzma_ret r)
{
	switch (r) {
	case LZMA_FORMAT_ERROR:
		return "not an xz stream";
	case LZMA_DATA_ERROR:
		return "corrupt xz data";
	case LZMA_BUF_ERROR:
		return "truncated xz stream";
	case LZMA_MEM_ERROR:
		return "out of memory decoding xz";
	case LZMA_OPTIONS_ERROR:
		return "unsupported xz options";
	default:
		return "xz decoding failed";
	}
}

static ssize_t xz_read(void *arg, char *buf, size_t size)
{
	struct xz_cookie *c = arg;
	lzma_action action = LZMA_RUN;
	lzma_ret r;

	if (c->error) {
		errno = EIO;
		return -1;
	}
	if (c->done || !size)
		return 0;
	c->strm.next_out = (uint8_t *)buf;
	c->strm.avail_out = size;
	while (c->strm.avail_out == size) {
		if (!c->strm.avail_in) {
			c->strm.next_in = c->in;
			c->strm.avail_in = fread(c->in, 1, XZ_IN, c->raw);
			if (ferror(c->raw)) {
				c->error = strerror(errno ? errno : EIO);
				errno = EIO;
				return -1;
			}
			if (!c->strm.avail_in)
				action = LZMA_FINISH;
		}
		r = lzma_code(&c->strm, action);
		if (r == LZMA_STREAM_END) {
			c->done = true;
			break;
		}
		if (r != LZMA_OK) {
			c->error = xz_reason(r);
			errno = EIO;
			/* what was decoded before the error is still given */
			return size - c->strm.avail_out ?
			       (ssize_t)(size - c->strm.avail_out) : -1;
		}
	}
	return size - c->strm.avail_out;
}

static int xz_close(void *arg)
{
	struct xz_cookie *c = arg;
	int r;

	lzma_end(&c->strm);
	r = fclose(c->raw);
	free(c);
	return r;
}

FILE *xz_fdopen(FILE *raw, const char *name, struct xz_cookie **cookie)
{
	static const cookie_io_functions_t io = { .read = xz_read,
						  .close = xz_close };
	struct xz_cookie *c = calloc(1, sizeof(*c));
	FILE *f;

	if (!c) {
		fprintf(stderr, "pwcsim: out of memory\n");
		fclose(raw);
		return NULL;
	}
	c->raw = raw;
	c->strm = (lzma_stream)LZMA_STREAM_INIT;
	if (lzma_stream_decoder(&c->strm, UINT64_MAX, LZMA_CONCATENATED) !=
	    LZMA_OK) {
		fprintf(stderr, "pwcsim: %s: cannot start the xz decoder\n",
			name);
		goto fail;
	}
	f = fopencookie(c, "r", io);
	if (!f) {
		fprintf(stderr, "pwcsim: %s: %s\n", name, strerror(errno));
		goto fail;
	}
	*cookie = c;
	return f;
fail:
	lzma_end(&c->strm);
	fclose(raw);
	free(c);
	return NULL;
}

const char *xz_error(const struct xz_cookie *c)
{
	return c ? c->error : NULL;
}
