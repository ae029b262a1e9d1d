// SPDX-License-Identifier: GPL-2.0
/*
 * addr_stream.c - the address trace streams (addr_stream.h): the format
 * is named or told apart by the first bytes, then every call goes to that
 * format's reader (trace_reader.h).
 */
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "traces/trace_reader.h"

static const struct trace_reader *const addr_readers[] = {
	[ADDR_TEXT] = &text_reader,
	[ADDR_BINARY] = &binary_reader,
	[ADDR_LACKEY] = &lackey_reader,
	[ADDR_TRACEG] = &traceg_reader,
	[ADDR_PERF] = &perf_reader,
	[ADDR_TRACEDIR] = &trace_dir_reader,
};

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

/* A line the sniffing passes over: blank, or a '#' comment. */
static bool addr_sniff_skips(const char *b)
{
	return !b[strspn(b, " \t\r\n")] ||
	       (b[0] == '#' && strncmp(b, "#BEGIN_TB", 9));
}

/*
 * A text format, told apart by its first line that is neither blank nor
 * a '#' comment (a lackey file may start with one, a file of valgrind's
 * output with a blank line); -1 when that line cannot be read (message
 * printed once).
 */
static int addr_sniff_text(struct addr_stream *s)
{
	int r;

	while ((r = addr_read_line(s)) > 0 && addr_sniff_skips(s->buf))
		;
	if (r < 0)
		return -1;
	if (!r)
		return ADDR_TEXT;
	s->have_line = true;
	if (!strncmp(s->buf, "MemcpyHtoD,", 11) ||
	    !strncmp(s->buf, "kernel-", 7)) {
		/* the list's kernels are named relative to its directory */
		fprintf(stderr, "pwcsim: %s: an Accel-Sim kernelslist.g under another name: give its directory, or the file as kernelslist.g\n",
			s->name);
		return -1;
	}
	if (s->buf[0] == '-' || !strncmp(s->buf, "#BEGIN_TB", 9))
		return ADDR_TRACEG;
	if (!strncmp(s->buf, "==", 2) || !strncmp(s->buf, "I  ", 3) ||
	    !strncmp(s->buf, "SB ", 3) ||
	    (s->buf[0] == ' ' && strchr("LSM", s->buf[1]) && s->buf[2] == ' '))
		return ADDR_LACKEY;
	return ADDR_TEXT;
}

int addr_open(struct addr_stream *s, const char *path, enum addr_format fmt)
{
	return addr_open_gpu(s, path, fmt, NULL);
}

int addr_open_gpu(struct addr_stream *s, const char *path,
		  enum addr_format fmt, const struct gpu_params *gpu)
{
	memset(s, 0, sizeof(*s));
	s->name = path;
	s->gpu = gpu;
	if (strcmp(path, "-") && (addr_is_dir(path) ||
				  addr_is_list(path, fmt))) {
		if (fmt != ADDR_AUTO && fmt != ADDR_TRACEG) {
			fprintf(stderr, "pwcsim: %s: a directory (an Accel-Sim trace directory is read as traceg)\n",
				path);
			return -1;
		}
		fmt = ADDR_TRACEDIR;
	} else {
		if (addr_input_open(s, path))
			return -1;
		if (fmt == ADDR_AUTO) {	/* the binary magic starts with 'P' */
			int f = addr_input_peek(s) == 'P' ? ADDR_BINARY :
				addr_sniff_text(s);

			if (f < 0) {
				addr_close(s);
				return -1;
			}
			fmt = f;
		}
	}
	s->format = fmt;
	s->reader = addr_readers[fmt];
	if (s->reader->open && s->reader->open(s, path)) {
		addr_close(s);
		return -1;
	}
	return 0;
}

int addr_next(struct addr_stream *s, unsigned long long *va)
{
	return s->reader->next(s, va);
}

struct gpu_sink *addr_gpu_sink(struct addr_stream *s)
{
	return s->reader && s->reader->gpu_sink ? s->reader->gpu_sink(s) :
						  NULL;
}

int addr_check_given(struct addr_stream *s, const struct addr_given *g)
{
	bool accel = addr_format_is_accel(s->format);
	const char *why = accel ? "is read in file order: --trace-order file" :
				  "is not an Accel-Sim trace";

	if (g->gpu_opt && !addr_gpu_sink(s)) {
		fprintf(stderr, "pwcsim: %s is an option of the GPU model: it needs an Accel-Sim trace scheduled on it (%s %s)\n",
			g->gpu_opt, s->name, why);
		return -1;
	}
	if (g->ifetch && s->format != ADDR_LACKEY && !addr_gpu_sink(s)) {
		fprintf(stderr, "pwcsim: --with-ifetch adds a trace's instruction fetches: it needs a lackey trace (its I lines) or an Accel-Sim trace scheduled on the GPU model (%s %s)\n",
			s->name, accel ? why : "has only data addresses");
		return -1;
	}
	if (g->order && !accel) {
		fprintf(stderr, "pwcsim: --trace-order is an option of an Accel-Sim trace: it runs one on the GPU model or reads it in file order (%s is not an Accel-Sim trace)\n",
			s->name);
		return -1;
	}
	return 0;
}

long addr_next_block(struct addr_stream *s, unsigned long long *va, long n)
{
	long got = 0;
	int r = 1;

	if (s->failed)
		return -1;
	if (s->reader->block)
		return s->reader->block(s, va, n);
	while (got < n && (r = s->reader->next(s, &va[got])) > 0)
		got++;
	if (got && r < 0)
		s->failed = true;	/* the error after these */
	return got ? got : r;
}

long addr_view_block(struct addr_stream *s, const unsigned long long **va,
		     unsigned long long *buf, long n)
{
	if (s->failed || !s->reader->view) {
		*va = buf;
		return addr_next_block(s, buf, n);
	}
	return s->reader->view(s, va, buf, n);
}

void addr_close(struct addr_stream *s)
{
	if (s->reader && s->reader->close)
		s->reader->close(s);
	addr_input_close(s);
}
