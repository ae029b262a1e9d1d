// SPDX-License-Identifier: GPL-2.0
/*
 * table.c - the table printer (table.h): text, JSON and CSV.
 */
#include <stdlib.h>
#include <string.h>

#include "output/table.h"

void table_init(struct table *t, const char *title, const char *key)
{
	memset(t, 0, sizeof(*t));
	t->title = title;
	t->key = key;
}

void table_col(struct table *t, const char *name, enum cell_type type)
{
	if (t->ncols < TABLE_MAX_COLS) {
		t->col[t->ncols] = name;
		t->type[t->ncols++] = type;
	}
}

void table_cols(struct table *t, const char *spec)
{
	static const char types[] = "supf";	/* enum cell_type's order */
	const char *p = spec, *colon;
	size_t len;

	for (p += strspn(p, " "); *p && t->ncols < TABLE_MAX_COLS;
	     p += strspn(p, " ")) {
		len = strcspn(p, " ");
		colon = memchr(p, ':', len);
		if (!colon || colon + 2 != p + len || !colon[1] ||
		    !strchr(types, colon[1])) {
			fprintf(stderr, "pwcsim: bad table column '%.*s'\n",
				(int)len, p);
			abort();
		}
		t->owned[t->ncols] = strndup(p, colon - p);
		if (!t->owned[t->ncols])
			abort();
		table_col(t, t->owned[t->ncols],
			  (enum cell_type)(strchr(types, colon[1]) - types));
		p += len;
	}
}

static struct cell *cell(struct table *t, unsigned int row, unsigned int col)
{
	return &t->cells[(size_t)row * t->ncols + col];
}

unsigned int table_row(struct table *t)
{
	unsigned int c;

	if (t->nrows == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 16;
		t->cells = realloc(t->cells, (size_t)t->cap * t->ncols *
				   sizeof(*t->cells));
		if (!t->cells) {
			fprintf(stderr, "pwcsim: out of memory\n");
			exit(1);
		}
	}
	for (c = 0; c < t->ncols; c++) {
		memset(cell(t, t->nrows, c), 0, sizeof(struct cell));
		cell(t, t->nrows, c)->null = true;
	}
	return t->nrows++;
}

void table_str(struct table *t, unsigned int col, const char *s)
{
	struct cell *c = cell(t, t->nrows - 1, col);

	free(c->s);
	c->s = strdup(s);
	c->null = false;
}

void table_u64(struct table *t, unsigned int col, unsigned long long v)
{
	struct cell *c = cell(t, t->nrows - 1, col);

	c->u = v;
	c->null = false;
}

void table_f64(struct table *t, unsigned int col, double v)
{
	struct cell *c = cell(t, t->nrows - 1, col);

	c->f = v;
	c->null = false;
}

void table_null(struct table *t, unsigned int col)
{
	cell(t, t->nrows - 1, col)->null = true;
}

void table_free(struct table *t)
{
	unsigned int i;

	for (i = 0; i < t->nrows * t->ncols; i++)
		free(t->cells[i].s);
	free(t->cells);
	t->cells = NULL;
	for (i = 0; i < TABLE_MAX_COLS; i++)
		free(t->owned[i]);
	memset(t->owned, 0, sizeof(t->owned));
}

static void format_cell(const struct table *t, const struct cell *c,
			unsigned int col, char *buf, size_t len)
{
	if (c->null) {
		snprintf(buf, len, "-");
		return;
	}
	switch (t->type[col]) {
	case CELL_STR:
		snprintf(buf, len, "%s", c->s);
		break;
	case CELL_U64:
		snprintf(buf, len, "%llu", c->u);
		break;
	case CELL_PCT:
		snprintf(buf, len, "%.2f%%", c->f);
		break;
	case CELL_F64:
		snprintf(buf, len, "%.4g", c->f);
		break;
	}
}

void table_print_text(const struct table *t, FILE *f)
{
	unsigned int w[TABLE_MAX_COLS], r, c;
	char buf[128];
	size_t n;

	for (c = 0; c < t->ncols; c++)
		w[c] = strlen(t->col[c]);
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++) {
			format_cell(t, &t->cells[(size_t)r * t->ncols + c], c,
				    buf, sizeof(buf));
			n = strlen(buf);
			if (n > w[c])
				w[c] = n;
		}
	if (t->title)
		fprintf(f, "%s\n", t->title);
	for (c = 0; c < t->ncols; c++)
		fprintf(f, c ? "  %*s" : "%-*s", (int)w[c], t->col[c]);
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			format_cell(t, &t->cells[(size_t)r * t->ncols + c], c,
				    buf, sizeof(buf));
			fprintf(f, c ? "  %*s" : "%-*s", (int)w[c], buf);
		}
		fputc('\n', f);
	}
}

void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fprintf(f, "\\%c", *s);
		else if ((unsigned char)*s < 0x20)
			fprintf(f, "\\u%04x", *s);
		else
			fputc(*s, f);
	}
	fputc('"', f);
}

void table_print_json(const struct table *t, FILE *f)
{
	const struct cell *cl;
	unsigned int r, c;

	json_string(f, t->key);
	fputs(": [", f);
	for (r = 0; r < t->nrows; r++) {
		fputs(r ? ",\n  {" : "\n  {", f);
		for (c = 0; c < t->ncols; c++) {
			cl = &t->cells[(size_t)r * t->ncols + c];
			if (c)
				fputs(", ", f);
			json_string(f, t->col[c]);
			fputs(": ", f);
			if (cl->null)
				fputs("null", f);
			else if (t->type[c] == CELL_STR)
				json_string(f, cl->s);
			else if (t->type[c] == CELL_U64)
				fprintf(f, "%llu", cl->u);
			else
				fprintf(f, "%.6g", cl->f);
		}
		fputc('}', f);
	}
	fputs(t->nrows ? "\n]" : "]", f);
}

static void csv_string(FILE *f, const char *s)
{
	if (!s[strcspn(s, ",\"\r\n")]) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void table_print_csv(const struct table *t, FILE *f)
{
	const struct cell *cl;
	unsigned int r, c;

	for (c = 0; c < t->ncols; c++) {
		if (c)
			fputc(',', f);
		csv_string(f, t->col[c]);
	}
	fputc('\n', f);
	for (r = 0; r < t->nrows; r++) {
		for (c = 0; c < t->ncols; c++) {
			cl = &t->cells[(size_t)r * t->ncols + c];
			if (c)
				fputc(',', f);
			if (cl->null)
				continue;
			if (t->type[c] == CELL_STR)
				csv_string(f, cl->s);
			else if (t->type[c] == CELL_U64)
				fprintf(f, "%llu", cl->u);
			else
				fprintf(f, "%.4f", cl->f);
		}
		fputc('\n', f);
	}
}
