/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_files.h - the files of a report directory: one opened for
 * writing with a message on failure, and a table written as its CSV file
 * and kept as a member of results.json.  Used by every report writer
 * (report_write.c, report_wins_write.c, report_plot.c, report_shard.c).
 */
#ifndef REPORT_FILES_H
#define REPORT_FILES_H

#include <stdio.h>

struct record;
struct table;

/* @dir/@name opened for writing, or NULL with a message. */
FILE *report_file(const char *dir, const char *name);
/* @t as @dir/@t->key.csv, then a member of @rec (or freed when NULL). */
void report_table(const char *dir, struct table *t, struct record *rec);

#endif /* REPORT_FILES_H */
