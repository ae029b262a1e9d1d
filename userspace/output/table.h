/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table.h - one print path for human tables, JSON and CSV: a command
 * fills a table (typed columns, rows of cells) and prints it as an
 * aligned text table, a JSON array of objects (strings escaped) or CSV
 * (RFC 4180 quoting), never formatting twice.  A record is one object of
 * named members (values, tables, nested records, lists of records), the
 * header of a command's output: printed as a JSON object, or as text
 * ("name: value" lines and the tables).
 */
#ifndef TABLE_H
#define TABLE_H

#include <stdbool.h>
#include <stdio.h>

enum cell_type { CELL_STR, CELL_U64, CELL_PCT, CELL_F64 };

#define TABLE_MAX_COLS 24

struct table {
	const char *title;
	const char *key;		/* JSON member name of the rows */
	unsigned int ncols, nrows, cap;
	const char *col[TABLE_MAX_COLS];
	char *owned[TABLE_MAX_COLS];	/* names copied by table_cols() */
	enum cell_type type[TABLE_MAX_COLS];
	struct cell *cells;		/* nrows x ncols */
};

struct cell {
	bool null;
	char *s;
	unsigned long long u;
	double f;
};

void table_init(struct table *t, const char *title, const char *key);
void table_col(struct table *t, const char *name, enum cell_type type);
/*
 * Columns from @spec, "name:type ..." with type s (string), u (count),
 * p (percentage) or f (number): one line per table instead of one per
 * column.
 */
void table_cols(struct table *t, const char *spec);
/* Start a row; then set its cells by column index. */
unsigned int table_row(struct table *t);
void table_str(struct table *t, unsigned int col, const char *s);
void table_u64(struct table *t, unsigned int col, unsigned long long v);
/* PCT too; a NaN (no data) makes the cell null, as table_null() */
void table_f64(struct table *t, unsigned int col, double v);
void table_null(struct table *t, unsigned int col);
void table_free(struct table *t);

void table_print_text(const struct table *t, FILE *f);
/* As `"key": [ {...}, ... ]` (a member of an enclosing object). */
void table_print_json(const struct table *t, FILE *f);
/* A header line of the column names, then a line per row. */
void table_print_csv(const struct table *t, FILE *f);
/* @s as a JSON string, escaped (a byte not UTF-8's: \udcXX). */
void json_string(FILE *f, const char *s);

struct record_member;

struct record {
	unsigned int n, cap;
	struct record_member *m;	/* in the order added */
};

void record_init(struct record *r);
void record_str(struct record *r, const char *name, const char *s);
void record_u64(struct record *r, const char *name, unsigned long long v);
void record_f64(struct record *r, const char *name, double v);
/* @t as member @t->key; the record owns it from now on (frees it). */
void record_table(struct record *r, struct table *t);
/* A nested record, member @name, owned by @r. */
struct record *record_object(struct record *r, const char *name);
/*
 * A new record at the end of the list member @name (created by the first
 * call), owned by @r.
 */
struct record *record_list_add(struct record *r, const char *name);
/* A JSON object (and a newline after the outermost). */
void record_print_json(const struct record *r, FILE *f);
/*
 * Text: a "name: value" line per value (nested names joined with '.'),
 * each table as text; a blank line between tables and the rest.
 */
void record_print_text(const struct record *r, FILE *f);
void record_free(struct record *r);

/* @a as a percentage of @b (0 when @b is 0). */
static inline double pct(unsigned long long a, unsigned long long b)
{
	return b ? 100.0 * a / b : 0.0;
}

/*
 * @v as printed with @decimals digits (1 or 2), never "-0.0": a value that
 * rounds to zero is shown as 0.
 */
static inline double shown(double v, int decimals)
{
	double unit = decimals == 1 ? 0.05 : 0.005;

	return v > -unit && v < unit ? 0.0 : v;
}

#endif /* TABLE_H */
