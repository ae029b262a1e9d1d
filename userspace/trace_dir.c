// SPDX-License-Identifier: GPL-2.0
/*
 * trace_dir.c - an Accel-Sim trace directory (trace_formats.h):
 * kernelslist.g names the kernels in launch order ("kernel-N.traceg" or
 * "kernel-N.traceg.xz", relative to the directory), interleaved with
 * "MemcpyHtoD,0xADDR,BYTES" lines, which are counted, not walked (as are
 * other Memcpy lines).  Each kernel is read through its own stream, so
 * errors name the kernel file and its line.
 */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "addr_stream.h"
#include "trace_formats.h"

struct trace_dir {
	struct addr_stream list;	/* kernelslist.g */
	struct addr_stream kernel;	/* the current kernel, if open */
	bool kernel_open;
	char dir[PATH_MAX];
	char listpath[PATH_MAX + 16];
	char kpath[2 * PATH_MAX];
};

int trace_dir_open(struct addr_stream *s, const char *path)
{
	struct trace_dir *d = calloc(1, sizeof(*d));
	struct stat st;
	char *slash;

	if (!d) {
		fprintf(stderr, "pwcsim: out of memory\n");
		return -1;
	}
	s->dir = d;
	if (strlen(path) >= sizeof(d->dir)) {
		fprintf(stderr, "pwcsim: %s: path too long\n", path);
		return -1;
	}
	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		snprintf(d->dir, sizeof(d->dir), "%s", path);
		snprintf(d->listpath, sizeof(d->listpath), "%s/kernelslist.g",
			 path);
	} else {
		snprintf(d->listpath, sizeof(d->listpath), "%s", path);
		snprintf(d->dir, sizeof(d->dir), "%s", path);
		slash = strrchr(d->dir, '/');
		if (slash)
			*slash = '\0';
		else
			strcpy(d->dir, ".");
	}
	return addr_open(&d->list, d->listpath, ADDR_TEXT);
}

/* The next kernel from kernelslist.g opened; 0 at its end, -1 error. */
static int trace_dir_kernel(struct addr_stream *s, struct trace_dir *d)
{
	const char *b;
	size_t len;
	int r;

	while ((r = addr_read_line(&d->list)) > 0) {
		b = d->list.buf + strspn(d->list.buf, " \t");
		len = strcspn(b, " \t\r\n");
		if (!len || b[0] == '#')
			continue;
		if (!strncmp(b, "Memcpy", 6)) {
			s->tc.memcpys++;
			continue;
		}
		if (strncmp(b, "kernel", 6) || b[len + strspn(b + len, " \t\r\n")])
			return addr_bad(&d->list, "not a kernel or Memcpy line");
		snprintf(d->kpath, sizeof(d->kpath), "%s/%.*s", d->dir,
			 (int)len, b);
		if (addr_open(&d->kernel, d->kpath, ADDR_TRACEG))
			return -1;
		d->kernel.count = s->count;
		d->kernel_open = true;
		return 1;
	}
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
	addr_close(&d->kernel);
	d->kernel_open = false;
}

int trace_dir_next(struct addr_stream *s, unsigned long long *va)
{
	struct trace_dir *d = s->dir;
	int r;

	for (;;) {
		if (!d->kernel_open) {
			r = trace_dir_kernel(s, d);
			if (r <= 0)
				return r;
		}
		r = addr_next(&d->kernel, va);
		if (r) {
			s->count = d->kernel.count;
			return r;
		}
		trace_dir_close_kernel(s, d);
	}
}

void trace_dir_free(struct addr_stream *s)
{
	struct trace_dir *d = s->dir;

	if (!d)
		return;
	if (d->kernel_open)
		trace_dir_close_kernel(s, d);
	addr_close(&d->list);
	free(d);
	s->dir = NULL;
}
