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

/* A NaN is a figure with no data (a mean over nothing): a null cell. */
void table_f64(struct table *t, unsigned int col, double v)
{
	struct cell *c = cell(t, t->nrows - 1, col);

	c->f = v;
	c->null = v != v;
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
	case CELL_F64:
		snprintf(buf, len, t->type[col] == CELL_PCT ? "%.2f%%" : "%.4g",
			 c->f);
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

/*
 * The length of the well-formed UTF-8 sequence at @s, which starts with a
 * byte of 0x80 or above (RFC 3629 4: no overlong form, no surrogate, none
 * past U+10FFFF), or 0 if it is not one.
 */
static size_t utf8_length(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		n = 2;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		n = 3;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		n = 4;
	else
		return 0;
	if (s[0] == 0xe0)
		lo = 0xa0;
	else if (s[0] == 0xed)
		hi = 0x9f;
	else if (s[0] == 0xf0)
		lo = 0x90;
	else if (s[0] == 0xf4)
		hi = 0x8f;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)	/* the NUL too */
			return 0;
	return n;
}

/*
 * JSON text is UTF-8 (RFC 8259 8.1); a user's string (a path, a
 * directory) need not be.  A byte that begins no well-formed sequence is
 * written as the lone surrogate U+DC00 + byte, as Python's
 * "surrogateescape" reads it (PEP 383), so that the JSON stays valid and
 * the bytes can be had back.
 */
void json_string(FILE *f, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	fputc('"', f);
	while (*s) {
		if (*s == '"' || *s == '\\') {
			fprintf(f, "\\%c", *s++);
		} else if (*s < 0x20) {
			fprintf(f, "\\u%04x", *s++);
		} else if (*s < 0x80) {
			fputc(*s++, f);
		} else if ((n = utf8_length(s))) {
			fwrite(s, 1, n, f);
			s += n;
		} else {
			fprintf(f, "\\udc%02x", *s++);
		}
	}
	fputc('"', f);
}

/* A JSON number (null if it has none: NaN, infinities). */
static void json_f64(FILE *f, double v)
{
	if (v != v || v - v != 0)
		fputs("null", f);
	else
		fprintf(f, "%.6g", v);
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
				json_f64(f, cl->f);
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

/* Records (table.h): one object of named members, text or JSON. */

enum member_kind { MEMBER_CELL, MEMBER_TABLE, MEMBER_RECORD, MEMBER_LIST };

struct record_member {
	char *name;
	enum member_kind kind;
	enum cell_type type;		/* MEMBER_CELL */
	struct cell val;
	struct table t;			/* MEMBER_TABLE */
	struct record **sub;		/* MEMBER_RECORD (one), MEMBER_LIST */
	unsigned int nsub;
};

static void *must(void *p)
{
	if (!p) {
		fprintf(stderr, "pwcsim: out of memory\n");
		exit(1);
	}
	return p;
}

void record_init(struct record *r)
{
	memset(r, 0, sizeof(*r));
}

static struct record_member *member(struct record *r, const char *name,
				    enum member_kind kind)
{
	struct record_member *m;

	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 8;
		r->m = must(realloc(r->m, r->cap * sizeof(*r->m)));
	}
	m = &r->m[r->n++];
	memset(m, 0, sizeof(*m));
	m->name = must(strdup(name));
	m->kind = kind;
	return m;
}

void record_str(struct record *r, const char *name, const char *s)
{
	struct record_member *m = member(r, name, MEMBER_CELL);

	m->type = CELL_STR;
	m->val.s = must(strdup(s));
}

void record_u64(struct record *r, const char *name, unsigned long long v)
{
	struct record_member *m = member(r, name, MEMBER_CELL);

	m->type = CELL_U64;
	m->val.u = v;
}

void record_f64(struct record *r, const char *name, double v)
{
	struct record_member *m = member(r, name, MEMBER_CELL);

	m->type = CELL_F64;
	m->val.f = v;
}

void record_table(struct record *r, struct table *t)
{
	member(r, t->key, MEMBER_TABLE)->t = *t;
	memset(t, 0, sizeof(*t));
}

static struct record *add_sub(struct record_member *m)
{
	m->sub = must(realloc(m->sub, (m->nsub + 1) * sizeof(*m->sub)));
	m->sub[m->nsub] = must(calloc(1, sizeof(struct record)));
	return m->sub[m->nsub++];
}

struct record *record_object(struct record *r, const char *name)
{
	return add_sub(member(r, name, MEMBER_RECORD));
}

struct record *record_list_add(struct record *r, const char *name)
{
	unsigned int i;

	for (i = 0; i < r->n; i++)
		if (r->m[i].kind == MEMBER_LIST && !strcmp(r->m[i].name, name))
			return add_sub(&r->m[i]);
	return add_sub(member(r, name, MEMBER_LIST));
}

static void record_json(const struct record *r, FILE *f)
{
	const struct record_member *m;
	unsigned int i, j;

	fputc('{', f);
	for (i = 0; i < r->n; i++) {
		m = &r->m[i];
		if (i)
			fputs(", ", f);
		if (m->kind == MEMBER_TABLE) {
			table_print_json(&m->t, f);
			continue;
		}
		json_string(f, m->name);
		fputs(": ", f);
		if (m->kind == MEMBER_RECORD) {
			record_json(m->sub[0], f);
		} else if (m->kind == MEMBER_LIST) {
			fputc('[', f);
			for (j = 0; j < m->nsub; j++) {
				fputs(j ? ",\n " : "\n ", f);
				record_json(m->sub[j], f);
			}
			fputc(']', f);
		} else if (m->type == CELL_STR) {
			json_string(f, m->val.s);
		} else if (m->type == CELL_U64) {
			fprintf(f, "%llu", m->val.u);
		} else {
			json_f64(f, m->val.f);
		}
	}
	fputc('}', f);
}

void record_print_json(const struct record *r, FILE *f)
{
	record_json(r, f);
	fputc('\n', f);
}

/* @r's values as "prefix.name: value" lines, then its tables. */
static void record_text(const struct record *r, const char *prefix,
			FILE *f, bool *blank)
{
	const struct record_member *m;
	unsigned int i, j;
	char name[256], buf[128];

	for (i = 0; i < r->n; i++) {
		m = &r->m[i];
		snprintf(name, sizeof(name), "%s%s", prefix, m->name);
		if (m->kind == MEMBER_CELL) {
			if (*blank)
				fputc('\n', f);
			*blank = false;
			fprintf(f, "%s: ", name);
			if (m->type == CELL_STR) {
				fprintf(f, "%s\n", m->val.s);
				continue;
			}
			format_cell(&(struct table){ .type = { m->type } },
				    &m->val, 0, buf, sizeof(buf));
			fprintf(f, "%s\n", buf);
		} else if (m->kind == MEMBER_TABLE) {
			if (*blank)
				fputc('\n', f);
			table_print_text(&m->t, f);
			*blank = true;
		} else {
			for (j = 0; j < m->nsub; j++) {
				char sub[300];

				if (m->kind == MEMBER_LIST)
					snprintf(sub, sizeof(sub), "%s[%u].",
						 name, j);
				else
					snprintf(sub, sizeof(sub), "%s.", name);
				record_text(m->sub[j], sub, f, blank);
			}
		}
	}
}

void record_print_text(const struct record *r, FILE *f)
{
	bool blank = false;

	record_text(r, "", f, &blank);
}

void record_free(struct record *r)
{
	struct record_member *m;
	unsigned int i, j;

	for (i = 0; i < r->n; i++) {
		m = &r->m[i];
		free(m->name);
		free(m->val.s);
		table_free(&m->t);
		for (j = 0; j < m->nsub; j++) {
			record_free(m->sub[j]);
			free(m->sub[j]);
		}
		free(m->sub);
	}
	free(r->m);
	memset(r, 0, sizeof(*r));
}
