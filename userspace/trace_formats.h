/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_formats.h - readers of foreign trace formats for addr_stream.h:
 * valgrind lackey (--tool=lackey --trace-mem=yes) and `perf script`
 * output (trace_formats.c), Accel-Sim's .traceg (its NVBit tracer;
 * traceg.c) and Accel-Sim trace directories (kernelslist.g; trace_dir.c).
 * All stream: constant memory per line, per thread block (traceg), per
 * kernel file (directories).  Documentation/traces.rst describes them.
 */
#ifndef TRACE_FORMATS_H
#define TRACE_FORMATS_H

struct addr_stream;

/* Each returns 1 with *va set, 0 at the end, -1 (message printed). */
int lackey_next(struct addr_stream *s, unsigned long long *va);
int perf_next(struct addr_stream *s, unsigned long long *va);
int traceg_next(struct addr_stream *s, unsigned long long *va);
void traceg_free(struct addr_stream *s);

/* @path is a directory with kernelslist.g, or kernelslist.g itself. */
int trace_dir_open(struct addr_stream *s, const char *path);
int trace_dir_next(struct addr_stream *s, unsigned long long *va);
void trace_dir_free(struct addr_stream *s);

#endif /* TRACE_FORMATS_H */
