// SPDX-License-Identifier: GPL-2.0
/*
 * report_files.c - the files of a report directory (report_files.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "output/table.h"
#include "report/report_files.h"

FILE *report_file(const char *dir, const char *name)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
	return f;
}

/* @t as @dir/@t->key.csv, then a member of @rec (or freed). */
void report_table(const char *dir, struct table *t, struct record *rec)
{
	char name[64];
	FILE *f;

	snprintf(name, sizeof(name), "%s.csv", t->key);
	f = report_file(dir, name);
	if (f) {
		table_print_csv(t, f);
		fclose(f);
	}
	if (rec)
		record_table(rec, t);
	else
		table_free(t);
}
