// SPDX-License-Identifier: GPL-2.0
/*
 * trace_dir.c - an Accel-Sim trace directory (trace_reader.h):
 * kernelslist.g names the kernels in launch order ("kernel-N.traceg" or
 * "kernel-N.traceg.xz", relative to the directory), interleaved with
 * "MemcpyHtoD,0xADDR,BYTES" lines (the tracer's "MemcpyHtoD,0x%016lx,%lu";
 * "MemcpyDtoH" alike), which are checked and counted in either order, not
 * walked; scheduled (s->gpu), the kernels share one GPU model and each copy
 * fills its L2 (-gpgpu_perf_sim_memcpy, as gpu_memcpy()).  Each kernel is
 * read through its own stream, so errors name the kernel file and its line.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"
#include "traces/trace_num.h"
#include "traces/trace_reader.h"
#include "workloads/gpu_sim.h"

struct trace_dir {
	struct addr_stream list;	/* kernelslist.g */
	struct addr_stream kernel;	/* the current kernel, if open */
	bool kernel_open;
	bool listed;			/* a kernel line read, or its absence said */
	struct gpu_sink sink;		/* scheduled: the kernels' GPU */
	char dir[PATH_MAX];
	char listpath[PATH_MAX + 16];
	char kpath[2 * PATH_MAX];
};

/*
 * The directory and the kernelslist.g of trace @path (shorter than
 * PATH_MAX): @path and its list, or @path's directory and @path (a list
 * named directly).
 */
static void trace_dir_paths(const char *path, char dir[PATH_MAX],
			    char list[PATH_MAX + 16])
{
	struct stat st;
	char *slash;

	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		snprintf(dir, PATH_MAX, "%s", path);
		snprintf(list, PATH_MAX + 16, "%s/kernelslist.g", path);
		return;
	}
	snprintf(list, PATH_MAX + 16, "%s", path);
	snprintf(dir, PATH_MAX, "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(dir, ".");
}

/* The first word of a kernelslist.g line, its length in *@len. */
static const char *trace_dir_word(const char *line, size_t *len)
{
	const char *b = line + strspn(line, " \t");

	*len = strcspn(b, " \t\r\n");
	return b;
}

/*
 * A directory with no kernelslist.g: said with what it was read as (a
 * directory given where a file was meant) and, when it holds the NVBit
 * tracer's own kernelslist, what makes one of it.
 */
static void trace_dir_no_list(const struct trace_dir *d)
{
	char raw[PATH_MAX + 16];
	struct stat st;

	snprintf(raw, sizeof(raw), "%s/kernelslist", d->dir);
	if (!stat(raw, &st))
		fprintf(stderr, "pwcsim: %s: No such file or directory (%s is the NVBit tracer's list: Accel-Sim's post-traces-processing writes kernelslist.g and its .traceg kernels)\n",
			d->listpath, raw);
	else
		fprintf(stderr, "pwcsim: %s: No such file or directory (a directory is read as an Accel-Sim trace directory, which kernelslist.g lists)\n",
			d->listpath);
}

static int trace_dir_open(struct addr_stream *s, const char *path)
{
	struct trace_dir *d = calloc(1, sizeof(*d));

	if (!d) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->state = d;
	if (strlen(path) >= sizeof(d->dir)) {
		fprintf(stderr, "pwcsim: %s: path too long\n", path);
		return -1;
	}
	trace_dir_paths(path, d->dir, d->listpath);
	d->list.name = d->listpath;
	d->list.gpu = s->gpu;
	if (s->gpu)
		d->sink.p = *s->gpu;
	if (strcmp(path, d->listpath) && access(d->listpath, F_OK) &&
	    errno == ENOENT) {	/* a directory without one */
		trace_dir_no_list(d);
		return -1;
	}
	return addr_input_open(&d->list, d->listpath);
}

/*
 * A kernel file, read as traceg (it may be xz-compressed).  An empty one
 * is a trace cut short (the tracer writes the header at the launch), not
 * a kernel of no access.
 */
static int trace_dir_open_kernel(struct trace_dir *d)
{
	int r;

	memset(&d->kernel, 0, sizeof(d->kernel));
	d->kernel.name = d->kpath;
	d->kernel.format = ADDR_TRACEG;
	d->kernel.reader = &traceg_reader;
	d->kernel.gpu = d->list.gpu;
	d->kernel.sched = &d->sink;
	d->kernel_open = true;
	if (addr_input_open(&d->kernel, d->kpath) ||
	    d->kernel.reader->open(&d->kernel, d->kpath))
		return -1;
	r = addr_read_line(&d->kernel);
	if (!r)
		fprintf(stderr, "pwcsim: %s: an empty kernel file (no header, no thread block: a trace cut short?)\n",
			d->kpath);
	d->kernel.have_line = r > 0;
	return r > 0 ? 0 : -1;
}

static void trace_dir_close_stream(struct addr_stream *k)
{
	if (k->reader && k->reader->close)
		k->reader->close(k);
	addr_input_close(k);
}

/*
 * A Memcpy line, @b, read whole: 0 with the copy at *@va, *@bytes, or -1
 * (message printed).  Only what the tracer writes is a copy: another
 * direction, a sign, trailing characters or a number over 64 bits would
 * otherwise fill the wrong lines (or none) of a scheduled run's L2.
 */
static int trace_dir_parse_copy(struct trace_dir *d, const char *b,
				unsigned long long *va,
				unsigned long long *bytes)
{
	const char *form = "not MemcpyHtoD,0xADDRESS,BYTES";
	const char *range = "a Memcpy address or size out of range";
	const char *p;

	if (strncmp(b, "MemcpyHtoD,", 11) && strncmp(b, "MemcpyDtoH,", 11))
		return addr_bad(&d->list, "not MemcpyHtoD or MemcpyDtoH");
	p = b + 11;
	if (strncmp(p, "0x", 2) || !isxdigit((unsigned char)p[2]))
		return addr_bad(&d->list, form);
	p = trace_hex(p + 2, va);
	if (!p)
		return addr_bad(&d->list, range);
	if (*p != ',' || !isdigit((unsigned char)p[1]))
		return addr_bad(&d->list, form);
	p = trace_dec(p + 1, bytes);
	if (!p)
		return addr_bad(&d->list, range);
	if (p[strspn(p, " \t\r\n")])
		return addr_bad(&d->list, form);
	if (*bytes && *va + (*bytes - 1) < *va)
		return addr_bad(&d->list,
				"a Memcpy past the end of the address space");
	return 0;
}

/* A Memcpy line, counted; scheduled, it fills the L2 as a copy does. */
static int trace_dir_copy(struct addr_stream *s, struct trace_dir *d,
			  const char *b)
{
	unsigned long long va = 0, bytes = 0;

	if (trace_dir_parse_copy(d, b, &va, &bytes))
		return -1;
	s->tc.memcpys++;
	if (s->gpu)
		gpu_memcpy(&d->sink, va, bytes);
	return 0;
}

/* The next kernel from kernelslist.g opened; 0 at its end, -1 error. */
static int trace_dir_kernel(struct addr_stream *s, struct trace_dir *d)
{
	const char *b;
	size_t len;
	int r;

	while ((r = addr_read_line(&d->list)) > 0) {
		b = trace_dir_word(d->list.buf, &len);
		if (!len || b[0] == '#')
			continue;
		if (!strncmp(b, "Memcpy", 6)) {
			if (trace_dir_copy(s, d, b))
				return -1;
			continue;
		}
		if (strncmp(b, "kernel", 6) || b[len + strspn(b + len, " \t\r\n")])
			return addr_bad(&d->list, "not a kernel or Memcpy line");
		snprintf(d->kpath, sizeof(d->kpath), "%s/%.*s", d->dir,
			 (int)len, b);
		if (trace_dir_open_kernel(d))
			return -1;
		d->listed = true;
		d->kernel.count = s->count;
		d->kernel.quiet = s->quiet;	/* its warnings, as the list's */
		return 1;
	}
	/* the tracer lists every launch: a list of none traced nothing */
	if (!r && !d->listed && !s->quiet)
		fprintf(stderr, "pwcsim: warning: %s lists no kernel: an empty stream\n",
			d->listpath);
	d->listed = true;
	return r;
}

static void trace_dir_close_kernel(struct addr_stream *s, struct trace_dir *d)
{
	const struct trace_counts *k = &d->kernel.tc;

	s->tc.kernels += k->kernels;
	s->tc.warps += k->warps;
	s->tc.insts += k->insts;
	s->tc.global_insts += k->global_insts;
	s->tc.global_lanes += k->global_lanes;
	trace_dir_close_stream(&d->kernel);
	d->kernel_open = false;
}

static int trace_dir_next(struct addr_stream *s, unsigned long long *va)
{
	struct trace_dir *d = s->state;
	int r;

	for (;;) {
		if (!d->kernel_open) {
			r = trace_dir_kernel(s, d);
			if (r <= 0)
				return r;
		}
		r = d->kernel.reader->next(&d->kernel, va);
		if (r) {
			s->count = d->kernel.count;
			return r;
		}
		trace_dir_close_kernel(s, d);
	}
}

static void trace_dir_close(struct addr_stream *s)
{
	struct trace_dir *d = s->state;

	if (!d)
		return;
	if (d->kernel_open)
		trace_dir_close_kernel(s, d);
	trace_dir_close_stream(&d->list);
	gpu_done(&d->sink);
	free(d);
	s->state = NULL;
}

static struct gpu_sink *trace_dir_sink(struct addr_stream *s)
{
	struct trace_dir *d = s->state;

	return d && s->gpu ? &d->sink : NULL;
}

bool addr_trace_dir_opens(const char *in, const char *file, char *path,
			  size_t plen)
{
	char dir[PATH_MAX], list[PATH_MAX + 16], *line = NULL;
	const char *b, *slash = strrchr(in, '/');
	size_t cap = 0, len;
	struct stat st;
	bool same;
	FILE *f;

	if (strlen(in) >= PATH_MAX ||
	    ((stat(in, &st) || !S_ISDIR(st.st_mode)) &&
	     strcmp(slash ? slash + 1 : in, "kernelslist.g")))
		return false;	/* no trace directory */
	trace_dir_paths(in, dir, list);
	snprintf(path, plen, "%s", list);
	same = out_same_file(list, file);
	f = same ? NULL : fopen(list, "r");
	while (f && !same && getline(&line, &cap, f) > 0) {
		b = trace_dir_word(line, &len);
		if (!len || strncmp(b, "kernel", 6))
			continue;	/* the reader refuses what is no kernel */
		snprintf(path, plen, "%s/%.*s", dir, (int)len, b);
		same = out_same_file(path, file);
	}
	if (f)
		fclose(f);
	free(line);
	return same;
}

const struct trace_reader trace_dir_reader = {
	.open = trace_dir_open,
	.next = trace_dir_next,
	.close = trace_dir_close,
	.gpu_sink = trace_dir_sink,
};
