/* SPDX-License-Identifier: GPL-2.0 */
/*
 * table.h - one print path for human tables, JSON and CSV: a command
 * fills a table (typed columns, rows of cells) and prints it as an
 * aligned text table, a JSON array of objects (strings escaped) or CSV
 * (RFC 4180 quoting), never formatting twice.
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
void table_f64(struct table *t, unsigned int col, double v);	/* PCT too */
void table_null(struct table *t, unsigned int col);
void table_free(struct table *t);

void table_print_text(const struct table *t, FILE *f);
/* As `"key": [ {...}, ... ]` (a member of an enclosing object). */
void table_print_json(const struct table *t, FILE *f);
/* A header line of the column names, then a line per row. */
void table_print_csv(const struct table *t, FILE *f);
/* @s as a JSON string, escaped. */
void json_string(FILE *f, const char *s);

/* @a as a percentage of @b (0 when @b is 0). */
static inline double pct(unsigned long long a, unsigned long long b)
{
	return b ? 100.0 * a / b : 0.0;
}

#endif /* TABLE_H */
