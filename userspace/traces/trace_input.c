// SPDX-License-Identifier: GPL-2.0
/*
 * trace_input.c - what every trace reader reads through (trace_reader.h):
 * a file or stdin, decoded by liblzma when it is xz (xz_file.h), read line
 * by line with line numbers for the messages.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "traces/trace_reader.h"
#include "traces/xz_file.h"

int addr_input_open(struct addr_stream *s, const char *path)
{
	struct stat st;
	int c;

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
	c = addr_input_peek(s);
	if (c == 0xfd) {
		s->f = xz_fdopen(s->f, s->name, &s->xz);
		s->close = true;
		if (!s->f)
			return -1;
	}
	/* gzip's magic 1f 8b: no format starts with 0x1f either */
	if (c == 0x1f) {
		fprintf(stderr, "pwcsim: %s: gzip-compressed (only xz is decoded: zcat it, or compress it with xz)\n",
			s->name);
		addr_input_close(s);
		return -1;
	}
	s->size_at_open = !s->xz && !fstat(fileno(s->f), &st) &&
			  S_ISREG(st.st_mode) ? st.st_size : -1;
	return 0;
}

int addr_input_shrank(struct addr_stream *s)
{
	struct stat st;
	off_t at;

	/*
	 * ended before its size at the open, and smaller now: a sysfs file
	 * gives 4096 whatever it holds, and still does at its end
	 */
	if (s->size_at_open < 0 || (at = ftello(s->f)) < 0 ||
	    at >= s->size_at_open || fstat(fileno(s->f), &st) ||
	    st.st_size >= s->size_at_open)
		return 0;
	fprintf(stderr, "pwcsim: %s: the file shrank while it was read (%lld of its %lld bytes read)\n",
		s->name, (long long)at, s->size_at_open);
	return -1;
}

int addr_input_peek(struct addr_stream *s)
{
	int c = getc(s->f);

	if (c != EOF)
		ungetc(c, s->f);
	return c;
}

void addr_input_close(struct addr_stream *s)
{
	if (s->close && s->f)
		fclose(s->f);
	s->f = NULL;
}

/* The bytes of an over-long line that its error quotes. */
#define ADDR_LONG_LINE_SHOWN 64

/* @len bytes of @p on stderr, control and non-ASCII bytes escaped. */
static void addr_print_escaped(const char *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = p[i];

		if (c == '\\' || c == '\'')
			fprintf(stderr, "\\%c", c);
		else if (c >= 0x20 && c < 0x7f)
			fputc(c, stderr);
		else if (c == '\t')
			fputs("\\t", stderr);
		else
			fprintf(stderr, "\\x%02x", c);
	}
}

int addr_bad(struct addr_stream *s, const char *what)
{
	size_t len = s->len;

	while (len && (s->buf[len - 1] == '\n' || s->buf[len - 1] == '\r'))
		len--;
	fprintf(stderr, "pwcsim: %s:%llu: %s: '", s->name, s->line, what);
	addr_print_escaped(s->buf, len);
	fputs("'\n", stderr);
	return -1;
}

/*
 * The first @len bytes of input @name starting as a zstd frame (28 B5 2F
 * FD) or a bzip2 stream ("BZh", the block size 1 to 9, then a block's or
 * the stream end's magic): refused as such, as gzip's magic is at the
 * open, not read as text with a NUL byte nor as a binary trace with a bad
 * magic; true when they do (the message printed).
 */
bool addr_input_compressed(const char *name, const char *b, size_t len)
{
	const char *what, *cat;

	if (len >= 4 && !memcmp(b, "\x28\xb5\x2f\xfd", 4)) {
		what = "zstd";
		cat = "zstdcat";
	} else if (len >= 10 && !memcmp(b, "BZh", 3) &&
		   b[3] >= '1' && b[3] <= '9' &&
		   (!memcmp(b + 4, "1AY&SY", 6) ||
		    !memcmp(b + 4, "\x17\x72\x45\x38\x50\x90", 6))) {
		what = "bzip2";
		cat = "bzcat";
	} else {
		return false;
	}
	fprintf(stderr, "pwcsim: %s: %s-compressed (only xz is decoded: %s it, or compress it with xz)\n",
		name, what, cat);
	return true;
}

/*
 * The next line into s->buf (s->len bytes, then a NUL), read a byte at a
 * time so that a NUL byte inside a line is seen, not taken as its end.
 */
int addr_read_line(struct addr_stream *s)
{
	size_t n = 0;
	int c = 0;

	if (s->have_line) {
		s->have_line = false;
		return 1;
	}
	while (n < sizeof(s->buf) - 1 && (c = getc_unlocked(s->f)) != EOF) {
		s->buf[n++] = c;
		if (c == '\n')
			break;
	}
	s->buf[n] = '\0';
	s->len = n;
	if (c == EOF && xz_error(s->xz)) {	/* in or before this line */
		fprintf(stderr, "pwcsim: %s:%llu: %s\n", s->name, s->line + 1,
			xz_error(s->xz));
		return -1;
	}
	if (c == EOF && ferror(s->f)) {	/* errno: read()'s ("Is a directory") */
		fprintf(stderr, "pwcsim: %s: %s\n", s->name,
			errno ? strerror(errno) : "read error");
		return -1;
	}
	/* its last line cut too: a shorter address, read as whole */
	if (c == EOF && addr_input_shrank(s))
		return -1;
	if (!n)
		return 0;
	s->line++;
	if (s->line == 1 && addr_input_compressed(s->name, s->buf, s->len))
		return -1;
	/*
	 * its newline not read: longer than 4,094 bytes and its newline,
	 * at the end of the input too
	 */
	if (c != '\n' && n == sizeof(s->buf) - 1) {
		/* its start, as addr_bad() quotes a line */
		fprintf(stderr, "pwcsim: %s:%llu: line too long (over %zu bytes): '",
			s->name, s->line, sizeof(s->buf) - 2);
		addr_print_escaped(s->buf, ADDR_LONG_LINE_SHOWN);
		fputs("...'\n", stderr);
		return -1;
	}
	if (memchr(s->buf, '\0', n))
		return addr_bad(s, "a NUL byte in the line (a binary file read as text?)");
	return 1;
}
