/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_formats.h - readers of foreign trace formats for addr_stream.h:
 * valgrind lackey (--tool=lackey --trace-mem=yes) and Accel-Sim's .traceg
 * (its NVBit tracer).  Both stream: constant memory per line (lackey) or
 * per thread block (traceg).  Documentation/traces.rst describes them.
 */
#ifndef TRACE_FORMATS_H
#define TRACE_FORMATS_H

struct addr_stream;

/* Each returns 1 with *va set, 0 at the end, -1 (message printed). */
int lackey_next(struct addr_stream *s, unsigned long long *va);
int traceg_next(struct addr_stream *s, unsigned long long *va);
void traceg_free(struct addr_stream *s);

#endif /* TRACE_FORMATS_H */
