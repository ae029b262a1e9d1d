/* SPDX-License-Identifier: GPL-2.0 */
/*
 * traceg_write.h - writing a generated workload as an Accel-Sim trace
 * directory (traceg_write.c): open, run the workload with a sink whose
 * trace hooks are the writer's, close.  The directory appears whole or not
 * at all: it is written under DIR.tmpXXXXXX and renamed.
 */
#ifndef TRACEG_WRITE_H
#define TRACEG_WRITE_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>

#include "workloads/gpu_sim.h"

struct traceg_writer {
	char dir[PATH_MAX], tmp[PATH_MAX];
	const char *name;		/* the workload: kernel names */
	FILE *list;			/* kernelslist.g */
	unsigned int kernels;
	unsigned long long lanes, limit;	/* addresses; stop past limit */
	bool failed;
	struct gpu_trace_hooks hooks;	/* for the sink */
};

/* 0, or -1 (message printed; nothing left behind) */
int traceg_writer_open(struct traceg_writer *w, const char *dir,
		       const char *name, unsigned long long limit);
/* Rename into place when @keep and all went well; 0, or -1 (printed). */
int traceg_writer_close(struct traceg_writer *w, bool keep);

#endif /* TRACEG_WRITE_H */
