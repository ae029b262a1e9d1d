/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_reader.h - what a trace format's reader is (struct trace_reader),
 * the readers, one file each, and the input they read through
 * (trace_input.c: files, stdin, xz, lines).  Each reader keeps its own
 * state in s->state.  Documentation/traces.rst describes the formats.
 */
#ifndef TRACE_READER_H
#define TRACE_READER_H

#include "traces/addr_stream.h"

struct trace_reader {
	/* NULL, or 0 with s->state set up (the input is open, if a file) */
	int (*open)(struct addr_stream *s, const char *path);
	/* 1 with *va set, 0 at the end, -1 (message printed) */
	int (*next)(struct addr_stream *s, unsigned long long *va);
	/*
	 * NULL, or up to @n addresses into @va: how many (0 at the end), or
	 * -1 (message printed) when none could be read
	 */
	long (*block)(struct addr_stream *s, unsigned long long *va, long n);
	/*
	 * NULL, or as block, but *va may point at the reader's own records
	 * (valid until the next call) instead of @buf
	 */
	long (*view)(struct addr_stream *s, const unsigned long long **va,
		     unsigned long long *buf, long n);
	/* NULL, or free s->state */
	void (*close)(struct addr_stream *s);
	/*
	 * NULL, or the GPU model's sink a scheduled Accel-Sim trace runs on
	 * (its translator, its counters), NULL in file order
	 */
	struct gpu_sink *(*gpu_sink)(struct addr_stream *s);
};

extern const struct trace_reader text_reader;		/* text.c */
extern const struct trace_reader binary_reader;		/* binary.c */
extern const struct trace_reader lackey_reader;		/* lackey.c */
extern const struct trace_reader perf_reader;		/* perf.c */
extern const struct trace_reader traceg_reader;		/* traceg.c */
extern const struct trace_reader trace_dir_reader;	/* trace_dir.c */

/* The input (trace_input.c).  @path "-" is stdin; .xz is decoded. */
int addr_input_open(struct addr_stream *s, const char *path);
/* The next byte without reading it; EOF at the end. */
int addr_input_peek(struct addr_stream *s);
void addr_input_close(struct addr_stream *s);
/*
 * At the end of the input: -1, said, if a regular file ends before the
 * size it had at its open and is smaller now (cut while read: its last
 * record may be cut too), else 0.
 */
int addr_input_shrank(struct addr_stream *s);
/*
 * The next line into s->buf (counting lines); 0 at the end, -1 on an
 * error (message printed: a line too long, a NUL byte, a read error).
 */
int addr_read_line(struct addr_stream *s);
/*
 * Do the first @len bytes of input @name start as zstd or bzip2, which
 * are not decoded?  Then true, said (gzip is refused at the open).
 */
bool addr_input_compressed(const char *name, const char *b, size_t len);
/* "FILE:LINE: @what: 'the whole line, escaped'" on stderr; returns -1. */
int addr_bad(struct addr_stream *s, const char *what);

#endif /* TRACE_READER_H */
