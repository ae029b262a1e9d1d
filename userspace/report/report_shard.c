// SPDX-License-Identifier: GPL-2.0
/*
 * report_shard.c - sharded sweeps of `pwcsim report` (report.h): a shard
 * (--shard K/N) runs the workloads K, K+N, ... of the list and saves their
 * rows in DIR/shard.txt; --merge reads the shards of one sweep back into
 * the rows of the whole list, in its order, so that report_write() gives
 * what one unsharded run gives.  The file is text; doubles are written in
 * hexadecimal (%a), so they come back bit for bit.  Its last line, "end"
 * and the FNV-1a hash of every byte before it, lets the merge refuse a
 * file changed or cut after it was written: its lines are read by
 * sscanf(), which would take a "-5" for a count.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "report/report_files.h"
#include "report/report.h"

#define SHARD_FILE "shard.txt"
#define SHARD_MAGIC "pwcsim-shard 5"
#define NSTATS (sizeof(struct pwc_stats) / sizeof(u64))
/* A line's room when read back: the longest data line's and more */
#define SHARD_LINE (REPORT_SHARD_DIR_MAX + 256)
_Static_assert(SHARD_LINE >= sizeof("data  \n") + 63 + REPORT_SHARD_DIR_MAX +
	       WORKLOAD_DATA_FILES * WORKLOAD_SHA256_HEX,
	       "a data line (shard_data()) fits in a line read back");

/*
 * What must be the same in every shard of a sweep, the workloads' options
 * too (inputs, layout, tap, jitter, warm-up, window): the merge labels the
 * figures by them and places the workloads on the wins map with them.
 */
static void shard_config(const struct report_opts *o, char *buf, size_t len)
{
	int n;
	unsigned int i;

	n = snprintf(buf, len,
		     "config %s %d %llu %u %d %u %u %llu %llu %d %d %d %d %a %u %llu %u",
		     o->size, o->run.userspace, o->run.budget, o->run.tlb,
		     o->run.tlb2m, o->run.levels, o->capacity, o->wo.seed,
		     o->run.max_footprint, o->wo.table1, (int)o->wo.layout,
		     (int)o->wo.allocator, (int)o->wo.at, o->wo.jitter, o->wo.warmup, o->wo.window,
		     o->nsweep);
	for (i = 0; i < o->nsweep && n > 0 && (size_t)n < len; i++)
		n += snprintf(buf + n, len - n, " %llu", o->sweep[i]);
	for (i = 0; i < o->nlist && n > 0 && (size_t)n < len; i++)
		n += snprintf(buf + n, len - n, " %s", o->list[i]->name);
}

/* FNV-1a, 64 bits, of @len bytes at @p, continuing from @h. */
static u64 shard_hash(u64 h, const char *p, size_t len)
{
	while (len--) {
		h ^= (unsigned char)*p++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

#define SHARD_HASH0 0xcbf29ce484222325ULL

/* The shard's lines, before its "end", into @f. */
static void shard_lines(const struct report_opts *o,
			const struct report_row *rows, FILE *f)
{
	char cfg[2048];
	unsigned int n, k, b, i;
	const u64 *st;

	shard_config(o, cfg, sizeof(cfg));
	fprintf(f, "%s\nversion %s\nshard %u %u\n%s\n", SHARD_MAGIC,
		PWCSIM_VERSION, o->shard_k, o->shard_n, cfg);
	/*
	 * --data: the workload, its files' SHA-256 (by commas), and the
	 * rest of the line its directory
	 */
	for (i = 0; i < o->ndata; i++) {
		fprintf(f, "data %s ", o->data[i].w->name);
		for (k = 0; workload_data_file(o->data[i].w, k); k++)
			fprintf(f, "%s%s", k ? "," : "", o->data[i].sha256[k]);
		fprintf(f, " %s\n", o->data[i].dir);
	}
	if (o->have_2mm)
		fprintf(f, "tlb2mm %a %a\n", o->tlb2mm[0], o->tlb2mm[1]);
	for (n = o->shard_k; n < o->nlist; n += o->shard_n) {
		const struct report_row *r = &rows[n];

		fprintf(f, "row %u %s %u %llu %llu %llu %llu %a %a", n,
			r->w->name, r->levels, r->addresses, r->tlb_hits,
			r->walks, r->uncached, r->redundant[0],
			r->redundant[1]);
		for (k = 1; k <= PWC_MAX_LEVELS; k++)	/* Table 1 */
			fprintf(f, " %llu", r->distinct[k]);
		/* the wins map's place */
		fprintf(f, " %d %u %a %llu\n", r->wins_ok, r->wins_regions,
			r->wins_locality, r->wins_walks);
		for (k = 0; k < PWC_KIND_COUNT; k++) {
			st = (const u64 *)&r->st[k];
			fprintf(f, "model %u %s", k, r->spec[k]);
			for (i = 0; i < NSTATS; i++)
				fprintf(f, " %llu", (unsigned long long)st[i]);
			fputc('\n', f);
		}
		for (b = 0; b < o->nsweep; b++)
			for (k = 0; k < PWC_KIND_COUNT; k++)
				fprintf(f, "sweep %u %u %a %llu\n", b, k,
					r->sweep_hit[b][k],
					r->sweep_acc[b][k]);
	}
}

int report_shard_save(const struct report_opts *o,
		      const struct report_row *rows)
{
	struct out_file of;
	char *text = NULL;
	size_t len = 0;
	bool failed;
	FILE *m;

	if (report_file(o->dir, SHARD_FILE, &of))
		return -1;
	m = open_memstream(&text, &len);
	failed = !m;
	if (m) {
		shard_lines(o, rows, m);
		failed = ferror(m);
		if (fclose(m))		/* sets @text and @len */
			failed = true;
	}
	if (failed)
		fprintf(stderr, "pwcsim: %s: out of memory\n", SHARD_FILE);
	else
		fprintf(of.f, "%.*send %016llx\n", (int)len, text,
			shard_hash(SHARD_HASH0, text, len));
	free(text);
	return out_close(&of, failed);
}

/* One line of a shard file: the words after the keyword, parsed. */
static int shard_row(struct report_opts *o, struct report_row *rows,
		     char *line, bool *have)
{
	unsigned int n, lv;
	char name[64];
	struct report_row *r;
	int ok;

	if (sscanf(line, "row %u %63s %u", &n, name, &lv) != 3 ||
	    n >= o->nlist || have[n] || strcmp(o->list[n]->name, name))
		return -1;
	r = &rows[n];
	r->w = o->list[n];
	have[n] = true;
	if (sscanf(line, "row %*u %*s %u %llu %llu %llu %llu %la %la %llu %llu %llu %llu %llu %d %u %la %llu",
		   &r->levels, &r->addresses, &r->tlb_hits, &r->walks,
		   &r->uncached, &r->redundant[0], &r->redundant[1],
		   &r->distinct[1], &r->distinct[2], &r->distinct[3],
		   &r->distinct[4], &r->distinct[5], &ok, &r->wins_regions,
		   &r->wins_locality, &r->wins_walks) != 16)
		return -1;
	r->wins_ok = ok;
	return (int)n;
}

static int shard_model(struct report_row *r, char *line)
{
	unsigned int k, i;
	int off;
	char *p;
	u64 *st;

	if (sscanf(line, "model %u %*s%n", &k, &off) != 1 ||
	    k >= PWC_KIND_COUNT ||
	    sscanf(line, "model %*u %95s", r->spec[k]) != 1)
		return -1;
	st = (u64 *)&r->st[k];
	p = line + off;
	for (i = 0; i < NSTATS; i++) {
		char *end;

		errno = 0;
		st[i] = strtoull(p, &end, 10);
		if (end == p || errno)
			return -1;
		p = end;
	}
	return 0;
}

static int shard_sweep(const struct report_opts *o, struct report_row *r,
		       char *line)
{
	unsigned int b, k;
	double hit;
	unsigned long long acc;

	if (sscanf(line, "sweep %u %u %la %llu", &b, &k, &hit, &acc) != 4 ||
	    b >= o->nsweep || k >= PWC_KIND_COUNT)
		return -1;
	r->sweep_hit[b][k] = hit;
	r->sweep_acc[b][k] = acc;
	return 0;
}

/* The config line into @o (the first shard's); 0 or -1. */
static int shard_parse_config(struct report_opts *o, char *line)
{
	static char size[16];
	unsigned int i;
	int ud, t2, off, t1, layout, alloc, at;
	char *p, *tok, *save;

	if (sscanf(line,
		   "config %15s %d %llu %u %d %u %u %llu %llu %d %d %d %d %la %u %llu %u%n",
		   size, &ud, &o->run.budget, &o->run.tlb, &t2,
		   &o->run.levels, &o->capacity, &o->wo.seed,
		   &o->run.max_footprint, &t1, &layout, &alloc, &at,
		   &o->wo.jitter, &o->wo.warmup, &o->wo.window, &o->nsweep,
		   &off) != 17 ||
	    o->nsweep > REPORT_MAX_SWEEP || t1 < 0 || t1 > 1 ||
	    layout < GPU_LAYOUT_PACKED || layout > GPU_LAYOUT_ALIGNED ||
	    alloc < GPU_ALLOC_BUMP || alloc > GPU_ALLOC_REUSE ||
	    at < 0 || at >= GPU_AT_COUNT || !(o->wo.jitter >= 0) ||
	    o->wo.jitter > 100)
		return -1;
	o->ndata = 0;		/* the data lines after it (shard_data()) */
	o->wo.table1 = t1;
	o->wo.layout = (enum gpu_layout)layout;
	o->wo.allocator = (enum gpu_allocator)alloc;
	o->wo.at = (enum gpu_iotlb_at)at;
	o->size = size;
	o->run.userspace = ud;
	o->run.tlb2m = t2;
	p = line + off;
	for (i = 0; i < o->nsweep; i++)
		if (sscanf(p, " %llu%n", &o->sweep[i], &off) != 1)
			return -1;
		else
			p += off;
	o->nlist = 0;
	for (tok = strtok_r(p, " \n", &save); tok;
	     tok = strtok_r(NULL, " \n", &save)) {
		if (o->nlist == REPORT_MAX_WORKLOADS ||
		    !(o->list[o->nlist++] = workload_find(tok)))
			return -1;
	}
	return o->nlist ? 0 : -1;
}

/*
 * The digests of data line "data NAME HEX[,HEX] DIR" at @p (its HEX,
 * one for each of @w's files) into @sha; the directory's start, or NULL
 * if they are not that.
 */
static char *shard_data_sha256(const struct workload *w, char *p,
			       char sha[][WORKLOAD_SHA256_HEX])
{
	unsigned int k;

	for (k = 0; workload_data_file(w, k); k++) {
		if (strspn(p, "0123456789abcdef") != WORKLOAD_SHA256_HEX - 1 ||
		    p[WORKLOAD_SHA256_HEX - 1] != (workload_data_file(w, k + 1) ?
						   ',' : ' '))
			return NULL;
		memcpy(sha[k], p, WORKLOAD_SHA256_HEX - 1);
		sha[k][WORKLOAD_SHA256_HEX - 1] = '\0';
		p += WORKLOAD_SHA256_HEX;
	}
	return p;
}

/*
 * Data line @j of a shard ("data NAME HEX[,HEX] DIR", --data NAME=DIR,
 * the SHA-256 of each file read): the first shard's (@first) into @o,
 * every other's the same as the first's, in the same order.  0; -1 not
 * a data line of the report's workloads; -2 another sweep's (other
 * --data: directories or files).
 */
static int shard_data(struct report_opts *o, char *line, bool first,
		      unsigned int j)
{
	static char dirs[REPORT_MAX_DATA][REPORT_SHARD_DIR_MAX + 1];
	char sha[WORKLOAD_DATA_FILES][WORKLOAD_SHA256_HEX] = { 0 };
	const struct workload *w;
	char name[64], *dir;
	unsigned int i;
	int off;

	if (sscanf(line, "data %63s%n", name, &off) != 1 ||
	    line[off] != ' ' || !(w = workload_find(name)) ||
	    !workload_data_file(w, 0))
		return -1;
	dir = shard_data_sha256(w, line + off + 1, sha);
	if (!dir)
		return -1;
	dir[strcspn(dir, "\n")] = '\0';	/* as given: leading spaces too */
	if (!*dir || strlen(dir) > REPORT_SHARD_DIR_MAX)
		return -1;
	if (!first)
		return j < o->ndata && o->data[j].w == w &&
		       !strcmp(o->data[j].dir, dir) &&
		       !memcmp(o->data[j].sha256, sha, sizeof(sha)) ? 0 : -2;
	for (i = 0; i < o->ndata; i++)	/* each workload once */
		if (o->data[i].w == w)
			return -1;
	for (i = 0; i < o->nlist && o->list[i] != w; i++)
		;
	if (j != o->ndata || j == REPORT_MAX_DATA || i == o->nlist)
		return -1;
	snprintf(dirs[j], sizeof(dirs[j]), "%s", dir);
	o->data[o->ndata] = (struct report_data){ .w = w, .dir = dirs[j] };
	memcpy(o->data[o->ndata++].sha256, sha, sizeof(sha));
	return 0;
}

/*
 * A line after the header: a data line (the *@nd th, of the @first shard
 * or not: shard_data()), the 2 MiB IOTLB's figures, a workload's row,
 * its models' counters and its sweep (of row *@cur, set by its row); 0,
 * -1 for a line that is none of them, or -2 (shard_data()).
 */
static int shard_body(struct report_opts *o, struct report_row *rows,
		      char *line, bool *have, int *cur, bool first,
		      unsigned int *nd)
{
	if (!strncmp(line, "data ", 5))
		return shard_data(o, line, first, (*nd)++);
	if (!strncmp(line, "tlb2mm ", 7)) {
		if (sscanf(line, "tlb2mm %la %la", &o->tlb2mm[0],
			   &o->tlb2mm[1]) != 2)
			return -1;
		o->have_2mm = true;
		return 0;
	}
	if (!strncmp(line, "row ", 4))
		return (*cur = shard_row(o, rows, line, have)) < 0 ? -1 : 0;
	if (!strncmp(line, "model ", 6))
		return *cur < 0 || shard_model(&rows[*cur], line) ? -1 : 0;
	if (!strncmp(line, "sweep ", 6))
		return *cur < 0 || shard_sweep(o, &rows[*cur], line) ? -1 : 0;
	return -1;
}

/*
 * Line @ln (1 to 3) of shard @path, its header: the format, the version
 * (this pwcsim's: a merge never mixes another version's figures, nor
 * labels them as its own), and K/N into @k and @n (one N for all, each K
 * once: @seen).  0; -1 not a shard's header; -2 refused with a message.
 */
static int shard_head(const char *path, int ln, const char *line,
		      unsigned int *k, unsigned int *n,
		      const unsigned int *seen, unsigned int nshards)
{
	if (ln == 1)
		return strcmp(line, SHARD_MAGIC "\n") ? -1 : 0;
	if (ln == 2 && strncmp(line, "version ", 8))
		return -1;
	if (ln == 2 && strcmp(line + 8, PWCSIM_VERSION "\n")) {
		fprintf(stderr, "pwcsim: %s: a shard of pwcsim %.*s, this is %s: refused (the shards and the merge run one version)\n",
			path, (int)strcspn(line + 8, "\n"), line + 8,
			PWCSIM_VERSION);
		return -2;
	}
	if (ln == 2)
		return 0;
	if (sscanf(line, "shard %u %u", k, n) != 2 || *k >= *n ||
	    *n > REPORT_MAX_WORKLOADS || (nshards && *n != nshards))
		return -1;
	if (seen[*k / 32] & (1u << *k % 32)) {
		fprintf(stderr, "pwcsim: %s: shard %u/%u given twice (not a shard of this sweep: each once)\n", path,
			*k, *n);
		return -2;
	}
	return 0;
}

/* Shard @path into @o and @rows; the first one sets the sweep. */
static int shard_load(const char *path, struct report_opts *o,
		      struct report_row *rows, bool *have, char *cfg0,
		      unsigned int *seen, unsigned int *nshards)
{
	char line[SHARD_LINE], cfg[SHARD_LINE];
	unsigned int k, n, nd = 0;
	int cur = -1, ret = -1, ln = 0, head, d;
	bool ended = false, first = !*cfg0;
	u64 hash = SHARD_HASH0, want;
	FILE *f = fopen(path, "r");

	if (!f) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		ln++;
		if (ended)		/* a line after the end */
			goto bad;
		if (!strncmp(line, "end ", 4)) {
			if (sscanf(line, "end %16llx\n", &want) != 1 ||
			    want != hash) {
				fprintf(stderr, "pwcsim: %s:%d: the shard was changed after it was written (its hash does not match)\n",
					path, ln);
				goto out;
			}
			ended = true;
			continue;
		}
		hash = shard_hash(hash, line, strlen(line));
		head = ln <= 3 ? shard_head(path, ln, line, &k, &n, seen,
					    *nshards) : 0;
		if (head == -2)
			goto out;
		if (head)
			goto bad;
		if (ln == 4) {
			snprintf(cfg, sizeof(cfg), "%s", line);
			if (*cfg0 && strcmp(cfg0, cfg)) {
				fprintf(stderr, "pwcsim: %s: another sweep's shard (other options or workloads)\n",
					path);
				goto out;
			}
			if (first && shard_parse_config(o, line))
				goto bad;
			strcpy(cfg0, cfg);
			*nshards = n;
			seen[k / 32] |= 1u << k % 32;
		} else if (ln > 4) {
			d = shard_body(o, rows, line, have, &cur, first, &nd);
			if (d == -2)
				goto other_data;
			if (d)
				goto bad;
		}
	}
	if (ended && ln > 4 && nd != o->ndata)
		goto other_data;
	if (ended && ln > 4) {
		ret = 0;
		goto out;
	}
bad:
	fprintf(stderr, "pwcsim: %s:%d: not a shard of this sweep (or cut short)\n",
		path, ln);
	goto out;
other_data:
	fprintf(stderr, "pwcsim: %s: another sweep's shard (other --data)\n",
		path);
out:
	fclose(f);
	return ret;
}

int report_shard_merge(struct report_opts *o, struct report_row *rows,
		       char **dirs, unsigned int ndirs)
{
	unsigned int seen[(REPORT_MAX_WORKLOADS + 31) / 32] = {};
	bool have[REPORT_MAX_WORKLOADS] = {};
	static char cfg0[SHARD_LINE];
	unsigned int i, nshards = 0;
	char path[4096];

	cfg0[0] = '\0';
	for (i = 0; i < ndirs; i++) {
		if (!*dirs[i]) {	/* not "/shard.txt" */
			fprintf(stderr, "pwcsim: --merge '': not a usable directory name\n");
			return -1;
		}
		snprintf(path, sizeof(path), "%s/%s", dirs[i], SHARD_FILE);
		if (shard_load(path, o, rows, have, cfg0, seen, &nshards))
			return -1;
	}
	for (i = 0; i < nshards; i++)
		if (!(seen[i / 32] & (1u << i % 32))) {
			fprintf(stderr, "pwcsim: --merge: shard %u/%u is missing\n",
				i, nshards);
			return -1;
		}
	for (i = 0; i < o->nlist; i++)
		if (!have[i]) {
			fprintf(stderr, "pwcsim: --merge: no shard ran %s\n",
				o->list[i]->name);
			return -1;
		}
	return 0;
}
