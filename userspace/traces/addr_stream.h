/* SPDX-License-Identifier: GPL-2.0 */
/*
 * addr_stream.h - streaming readers and writers of address traces: text
 * (one hexadecimal address per line, optional 0x, '#' comments and blank
 * lines ignored), pwcsim's binary format (Documentation/models.rst), and
 * the foreign formats of trace_reader.h (Accel-Sim traces and trace
 * directories, valgrind lackey, perf script), any of them xz-compressed
 * (xz_file.h).  addr_stream.c picks the reader; each format is one file
 * behind struct trace_reader:
 *
 *   offset 0: magic "PWCSIMT1" (8 bytes)
 *   offset 8: then little-endian u64 virtual addresses, to the end
 *
 * Memory use is constant whatever the trace length.
 */
#ifndef ADDR_STREAM_H
#define ADDR_STREAM_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define ADDR_BINARY_MAGIC "PWCSIMT1"

enum addr_format { ADDR_AUTO, ADDR_TEXT, ADDR_BINARY, ADDR_LACKEY,
		   ADDR_TRACEG, ADDR_PERF, ADDR_TRACEDIR };

/* Is @f an Accel-Sim trace's (a file, or a trace directory)? */
static inline bool addr_format_is_accel(enum addr_format f)
{
	return f == ADDR_TRACEG || f == ADDR_TRACEDIR;
}

struct trace_reader;
struct xz_cookie;
struct gpu_params;
struct gpu_sink;

/* What a GPU trace or a perf recording held besides its addresses. */
struct trace_counts {
	unsigned long long kernels, memcpys;	/* Accel-Sim */
	unsigned long long warps, insts;	/* "warp =" lines, instructions */
	unsigned long long global_insts;	/* with a global address */
	unsigned long long global_lanes;	/* their active lanes' addresses */
	unsigned long long skipped;		/* perf: samples of other pids */
	unsigned long long no_addr;		/* perf: samples without addr */
};

/* An open trace: its input (trace_input.c) and its format's reader. */
struct addr_stream {
	FILE *f;
	const char *name;
	enum addr_format format;
	const struct trace_reader *reader;
	void *state;			/* the reader's own */
	unsigned long long line;	/* text: current line number */
	unsigned long long count;	/* addresses returned */
	bool failed;			/* addr_next_block() owes a -1 */
	bool close;
	/* a regular, uncompressed input's size at its open; else -1 */
	long long size_at_open;
	/* no warning said: a read that checks an input read again after */
	bool quiet;
	char buf[4096];			/* text: one line, then a NUL */
	size_t len;			/* text: the line's bytes in buf */
	bool have_line;			/* text formats: buf holds a line */
	bool with_ifetch;		/* lackey: instruction fetches too */
	bool traced;			/* lackey: an access or SB line read */
	struct xz_cookie *xz;		/* the decoder of an .xz input */
	int pid;			/* perf: keep this process's samples */
	/* perf: samples skipped by a lone field, pid or tid; the end said */
	unsigned long long lone_skipped;
	bool perf_ended;
	/*
	 * perf without a pid to keep: the first sample's pid or lone tid
	 * (+1; 0: none yet), and whether lone numbers differed since
	 */
	unsigned long long perf_first;
	bool perf_mixed;
	/*
	 * Accel-Sim traces: run through the GPU execution model with these
	 * (the stream its tap sees), or NULL: the coalesced accesses in file
	 * order.  @sched: a trace directory's model, shared by its kernels.
	 */
	const struct gpu_params *gpu;
	struct gpu_sink *sched;
	struct trace_counts tc;
};

/*
 * Open @path ("-" for stdin; a directory or kernelslist.g: an Accel-Sim
 * trace directory; xz-compressed input is decoded); detects the format
 * when @fmt is ADDR_AUTO.
 */
int addr_open(struct addr_stream *s, const char *path, enum addr_format fmt);
/* addr_open(), Accel-Sim traces scheduled with @gpu (NULL: file order) */
int addr_open_gpu(struct addr_stream *s, const char *path,
		  enum addr_format fmt, const struct gpu_params *gpu);
/* 1: *va set; 0: end of input; -1: malformed (message printed). */
int addr_next(struct addr_stream *s, unsigned long long *va);
/*
 * The GPU model's sink a scheduled Accel-Sim trace runs on (to give it a
 * translator, gpu_sink.xl, and read its counters before addr_close()),
 * or NULL for any other input.
 */
struct gpu_sink *addr_gpu_sink(struct addr_stream *s);
/*
 * The options given that depend on what a trace is read as, known only
 * once it is open (addr_check_given()).
 */
struct addr_given {
	/* one of the GPU model's run (--seed, --jitter, ...), or NULL */
	const char *gpu_opt;
	bool order;			/* --trace-order */
	bool ifetch;			/* --with-ifetch */
};
/*
 * The options @g, each refused when @s would ignore it: @g->gpu_opt when
 * @s does not run on the GPU model (not an Accel-Sim trace, or one in
 * file order), @g->order when @s is not an Accel-Sim trace, @g->ifetch
 * when it has no instruction fetch to add (neither a lackey trace nor
 * one that runs on the GPU model).  0, or -1 with a message.
 */
int addr_check_given(struct addr_stream *s, const struct addr_given *g);
/*
 * Is output @file (which exists; "-": stdout) one that reading the
 * Accel-Sim trace directory @in (a directory, or its kernelslist.g
 * named) opens: the list, or a kernel the list names?  Its path then
 * into @path (trace_dir.c).  Read after an output is opened, they are no
 * input out_open() can compare.
 */
bool addr_trace_dir_opens(const char *in, const char *file, char *path,
			  size_t plen);
/*
 * Up to @n addresses into @va: how many (fewer only at the end of the
 * input or before an error), 0 at the end, -1 on an error (message
 * printed) with nothing read.  Binary traces are read a block at a time.
 */
long addr_next_block(struct addr_stream *s, unsigned long long *va, long n);
/*
 * addr_next_block() without the copy where the reader can avoid it: the
 * addresses are at *@va, which is @buf or the reader's own records (a
 * binary trace's block), valid until the next call on @s.
 */
long addr_view_block(struct addr_stream *s, const unsigned long long **va,
		     unsigned long long *buf, long n);
void addr_close(struct addr_stream *s);
/* --format's argument; -1 if unknown.  ADDR_FORMATS lists them. */
int addr_parse_format(const char *s, enum addr_format *fmt);
#define ADDR_FORMATS "auto, text, binary, lackey, traceg or perf"
/* pwcsim's binary format: the header, then each address (binary.c). */
int addr_write_binary_header(FILE *f);
int addr_write_binary(FILE *f, unsigned long long va);
/* The addresses in @path if it is an uncompressed binary trace, else 0. */
unsigned long long addr_binary_length(const char *path);

#endif /* ADDR_STREAM_H */
