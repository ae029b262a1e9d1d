// SPDX-License-Identifier: GPL-2.0
/*
 * trace_input.c - what every trace reader reads through (trace_reader.h):
 * a file or stdin, decoded by liblzma when it is xz (xz_file.h), read line
 * by line with line numbers for the messages.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "traces/trace_reader.h"
#include "traces/xz_file.h"

int addr_input_open(struct addr_stream *s, const char *path)
{
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
	return 0;
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

int addr_bad(struct addr_stream *s, const char *what)
{
	size_t len = strcspn(s->buf, "\r\n");

	fprintf(stderr, "pwcsim: %s:%llu: %s: '%.*s'\n", s->name, s->line,
		what, (int)(len > 60 ? 60 : len), s->buf);
	return -1;
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
