/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_dir.h - a report's output directory (-o DIR), checked before any
 * work starts and replaced whole at the end.  DIR may be new (created
 * with its parents), empty, or a previous report (a flat directory of
 * the files a report writes, with a results.json or shard.txt that
 * pwcsim wrote, told by its first bytes); anything else is refused.  The report is written into a temporary directory
 * beside DIR, which takes DIR's place only when the whole report was
 * written: a failed run leaves DIR as it was, and a new report never
 * keeps a file of an older one (a stale CSV redrawn as if it were new).
 */
#ifndef REPORT_DIR_H
#define REPORT_DIR_H

#include <limits.h>
#include <sys/types.h>

/* The most parents of DIR a report makes (-o a/b/c: 2). */
#define REPORT_DIR_MADE 64

struct report_dir {
	char path[PATH_MAX];	/* DIR, as it will be */
	char tmp[PATH_MAX];	/* where the report is written meanwhile */
	mode_t mode;		/* DIR's (an old one's kept), set at commit */
	/* the parents report_dir_open() made, their lengths in @path */
	size_t made[REPORT_DIR_MADE];
	unsigned int nmade;
};

/* @dir checked and its temporary made: 0, or -1 with a message. */
int report_dir_open(struct report_dir *d, const char *dir);
/*
 * Is @dir a report (what `report --plot DIR` redraws: a report directory
 * with its results.json)?  0, or -1 with a message.
 */
int report_dir_is_report(const char *dir);
/* The temporary in @d->path's place: 0, or -1 with a message. */
int report_dir_commit(struct report_dir *d);
/*
 * The temporary removed (a failed run), and the parents report_dir_open()
 * made, those still empty; @d->path untouched.
 */
void report_dir_abort(struct report_dir *d);

#endif /* REPORT_DIR_H */
