// SPDX-License-Identifier: GPL-2.0
/*
 * addr_stream.c - the address trace readers and writers (addr_stream.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "addr_stream.h"
#include "trace_formats.h"
#include "xz_file.h"

/* Bytes read at once from a binary trace (a multiple of 8). */
#define ADDR_BLOCK (64 * 1024)

int addr_parse_format(const char *s, enum addr_format *fmt)
{
	if (!strcmp(s, "text"))
		*fmt = ADDR_TEXT;
	else if (!strcmp(s, "binary"))
		*fmt = ADDR_BINARY;
	else if (!strcmp(s, "auto"))
		*fmt = ADDR_AUTO;
	else if (!strcmp(s, "lackey"))
		*fmt = ADDR_LACKEY;
	else if (!strcmp(s, "traceg"))
		*fmt = ADDR_TRACEG;
	else if (!strcmp(s, "perf"))
		*fmt = ADDR_PERF;
	else
		return -1;
	return 0;
}

int addr_bad(struct addr_stream *s, const char *what)
{
	size_t len = strcspn(s->buf, "\r\n");

	fprintf(stderr, "pwcsim: %s:%llu: %s: '%.*s'\n", s->name, s->line,
		what, (int)(len > 60 ? 60 : len), s->buf);
	return -1;
}

static bool addr_is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* kernelslist.g, read as its directory unless another format is forced */
static bool addr_is_list(const char *path, enum addr_format fmt)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return (fmt == ADDR_AUTO || fmt == ADDR_TRACEG) &&
	       !strcmp(base, "kernelslist.g");
}

/* A text format, told apart by its first line. */
static enum addr_format addr_sniff_text(struct addr_stream *s)
{
	if (addr_read_line(s) <= 0)
		return ADDR_TEXT;
	s->have_line = true;
	if (s->buf[0] == '-' || !strncmp(s->buf, "#BEGIN_TB", 9))
		return ADDR_TRACEG;
	if (!strncmp(s->buf, "==", 2) || !strncmp(s->buf, "I  ", 3) ||
	    (s->buf[0] == ' ' && strchr("LSM", s->buf[1]) && s->buf[2] == ' '))
		return ADDR_LACKEY;
	return ADDR_TEXT;
}

int addr_open(struct addr_stream *s, const char *path, enum addr_format fmt)
{
	char magic[8];
	size_t n;
	int c;

	memset(s, 0, sizeof(*s));
	s->name = path;
	if (strcmp(path, "-") && (addr_is_dir(path) ||
				  addr_is_list(path, fmt))) {
		if (fmt != ADDR_AUTO && fmt != ADDR_TRACEG) {
			fprintf(stderr, "pwcsim: %s: a directory (an Accel-Sim trace directory is read as traceg)\n",
				path);
			return -1;
		}
		s->format = ADDR_TRACEDIR;
		if (trace_dir_open(s, path)) {
			addr_close(s);
			return -1;
		}
		return 0;
	}
	if (!strcmp(path, "-")) {
		s->f = stdin;
		s->name = "<stdin>";
	} else {
		s->f = fopen(path, "rb");
		if (!s->f) {
			fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
			return -1;
		}
		s->close = true;
	}
	/* xz magic starts with 0xfd, which no other format does */
	c = getc(s->f);
	if (c != EOF)
		ungetc(c, s->f);
	if (c == 0xfd) {
		s->f = xz_fdopen(s->f, s->name, &s->xz);
		s->close = true;
		if (!s->f)
			return -1;
		c = getc(s->f);
		if (c != EOF)
			ungetc(c, s->f);
	}
	if (fmt == ADDR_AUTO)	/* the binary magic starts with 'P' */
		fmt = c == 'P' ? ADDR_BINARY : addr_sniff_text(s);
	s->format = fmt;
	if (fmt == ADDR_BINARY) {
		s->bin = malloc(ADDR_BLOCK);
		if (!s->bin) {
			fprintf(stderr, "pwcsim: out of memory\n");
			addr_close(s);
			return -1;
		}
		n = fread(magic, 1, sizeof(magic), s->f);
		if (n != sizeof(magic) || memcmp(magic, ADDR_BINARY_MAGIC, 8)) {
			fprintf(stderr, "pwcsim: %s: not a pwcsim binary trace (bad magic)\n",
				s->name);
			addr_close(s);
			return -1;
		}
	}
	return 0;
}

int addr_read_line(struct addr_stream *s)
{
	size_t len;

	if (s->have_line) {
		s->have_line = false;
		return 1;
	}
	if (!fgets(s->buf, sizeof(s->buf), s->f)) {
		if (xz_error(s->xz)) {
			fprintf(stderr, "pwcsim: %s:%llu: %s\n", s->name,
				s->line + 1, xz_error(s->xz));
			return -1;
		}
		if (ferror(s->f)) {
			fprintf(stderr, "pwcsim: %s: read error\n", s->name);
			return -1;
		}
		return 0;
	}
	s->line++;
	len = strlen(s->buf);
	if (len == sizeof(s->buf) - 1 && s->buf[len - 1] != '\n' &&
	    !feof(s->f)) {
		fprintf(stderr, "pwcsim: %s:%llu: line too long\n", s->name,
			s->line);
		return -1;
	}
	return 1;
}

static int addr_next_text(struct addr_stream *s, unsigned long long *va)
{
	char *p, *end;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			continue;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		if (!isxdigit((unsigned char)*p))
			break;
		errno = 0;
		*va = strtoull(p, &end, 16);
		if (errno)
			break;
		while (isspace((unsigned char)*end))
			end++;
		if (*end && *end != '#')
			break;
		s->count++;
		return 1;
	}
	return r > 0 ? addr_bad(s, "not a hexadecimal address") : r;
}

/* Refill the block, keeping a partial record; 0 at the end of input. */
static int addr_refill(struct addr_stream *s)
{
	size_t keep = s->len - s->pos, n;

	memmove(s->bin, s->bin + s->pos, keep);
	s->pos = 0;
	n = fread(s->bin + keep, 1, ADDR_BLOCK - keep, s->f);
	s->len = keep + n;
	if (ferror(s->f)) {
		fprintf(stderr, "pwcsim: %s: %s\n", s->name,
			xz_error(s->xz) ? xz_error(s->xz) : "read error");
		return -1;
	}
	if (s->len == 0)
		return 0;
	if (s->len < 8) {
		fprintf(stderr, "pwcsim: %s: truncated record after %llu addresses\n",
			s->name, s->count);
		return -1;
	}
	return 1;
}

int addr_next(struct addr_stream *s, unsigned long long *va)
{
	const unsigned char *b;
	int r, i;

	if (s->format == ADDR_TEXT)
		return addr_next_text(s, va);
	if (s->format == ADDR_LACKEY)
		return lackey_next(s, va);
	if (s->format == ADDR_TRACEG)
		return traceg_next(s, va);
	if (s->format == ADDR_PERF)
		return perf_next(s, va);
	if (s->format == ADDR_TRACEDIR)
		return trace_dir_next(s, va);
	if (s->len - s->pos < 8) {
		r = addr_refill(s);
		if (r <= 0)
			return r;
	}
	b = s->bin + s->pos;
	s->pos += 8;
	*va = 0;
	for (i = 7; i >= 0; i--)
		*va = *va << 8 | b[i];
	s->count++;
	return 1;
}

void addr_close(struct addr_stream *s)
{
	if (s->close && s->f)
		fclose(s->f);
	s->f = NULL;
	free(s->bin);
	s->bin = NULL;
	traceg_free(s);
	trace_dir_free(s);
}

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
