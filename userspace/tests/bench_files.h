/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_files.h - the temporary files of pwcsim-bench (tests/bench.c):
 * its generated streams, its traces written in passes, and each pair's
 * copies of the binaries and the trace.  Each is made in $TMPDIR (else
 * /tmp) under a new name, is known from then until it is removed, and is
 * removed when the bench ends, also by SIGINT, SIGTERM or SIGHUP.
 */
#ifndef BENCH_FILES_H
#define BENCH_FILES_H

#include <stdbool.h>

/* The room for a name ($TMPDIR/pwcsim-bench-XXXXXX and its NUL). */
#define BENCH_NAME_MAX 512

/*
 * The handlers of SIGINT, SIGTERM and SIGHUP: they remove every file made
 * and not yet removed, then end the bench as the signal would have; a
 * signal ignored when the bench started stays ignored.  0, or -1 with a
 * message.
 */
int bench_files_init(void);

/*
 * A new empty file, its name into @name (BENCH_NAME_MAX bytes, which must
 * outlive the file: the signal handlers read it) and its descriptor
 * returned; -1 with a message, @name "".
 */
int bench_file_new(char *name);

/* The file named @name removed, and @name ""; nothing if it is "". */
void bench_file_remove(char *name);

/*
 * A new file (bench_file_new()) holding the bytes of @src, written a block
 * (st_blksize) at a time as stdio writes, executable by its owner when
 * @exec, and closed; 0, or -1 with a message and @name "" (no copy left).
 */
int bench_file_copy(const char *src, bool exec, char *name);

#endif /* BENCH_FILES_H */
