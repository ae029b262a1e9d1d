/* SPDX-License-Identifier: GPL-2.0 */
/*
 * report_files.h - the files of a report directory: one opened for
 * writing (out_file.h: a temporary renamed into place by out_close(), so
 * no report file is ever half-written), a table written as its CSV
 * file and kept as a member of results.json, and gnuplot run on a
 * script there (with the report's caption and budget before it).  Used by every report
 * writer (report_write.c, report_wins_write.c, report_plot.c,
 * report_timing_write.c, report_timing_plot.c,
 * report_shard.c).
 */
#ifndef REPORT_FILES_H
#define REPORT_FILES_H

#include <stdbool.h>

#include "output/out_file.h"

struct record;
struct table;

/*
 * @dir/@name opened for writing into @o: 0, or -1 with a message.  The
 * caller writes o->f and puts the file in place with out_close().
 */
int report_file(const char *dir, const char *name, struct out_file *o);
/*
 * @t as @dir/@t->key.csv, then a member of @rec (or freed when NULL):
 * 0, or -1 when the file could not be written (message printed).
 */
int report_table(const char *dir, struct table *t, struct record *rec);
/*
 * gnuplot on the script @dir/@name ("X.gp", which draws X.png to its
 * variable outfile): run in @dir with no shell (any directory name), its
 * plot drawn into a temporary renamed to X.png only when gnuplot
 * succeeded (a failure leaves X.png as it was): 0, or -1 with its
 * messages.  Its warnings are shown unless @quiet (-q); all of them when
 * it fails.
 */
int report_gnuplot(const char *dir, const char *name, bool quiet);
/*
 * gnuplot on @script written to @dir/@name after the report's caption
 * and budget, outfile's default and @prelude (or NULL): 0, or -1 with a
 * message.
 */
int report_plot_gp(const char *dir, const char *name, const char *prelude,
		   const char *script, bool quiet);

#endif /* REPORT_FILES_H */
