// SPDX-License-Identifier: GPL-2.0
/*
 * report_files.c - the files of a report directory (report_files.h).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output/table.h"
#include "report/report_files.h"

int report_file(const char *dir, const char *name, struct out_file *o)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path)) {
		fprintf(stderr, "pwcsim: %s/%s: %s\n", dir, name,
			strerror(ENAMETOOLONG));
		o->f = NULL;
		return -1;
	}
	return out_open(o, path, NULL);
}

int report_table(const char *dir, struct table *t, struct record *rec)
{
	struct out_file o;
	char name[64];
	int ret;

	snprintf(name, sizeof(name), "%s.csv", t->key);
	ret = report_file(dir, name, &o);
	if (!ret) {
		table_print_csv(t, o.f);
		ret = out_close(&o, false);
	}
	if (rec)
		record_table(rec, t);
	else
		table_free(t);
	return ret;
}

int report_gnuplot(const char *dir, const char *name, bool quiet)
{
	char cmd[PATH_MAX + 64], buf[4096];
	char *text = NULL;
	size_t len = 0, n;
	FILE *p, *m;
	int st;

	if (strchr(dir, '\'') || strchr(name, '\'')) {
		fprintf(stderr, "pwcsim: %s: a report directory without quotes, please\n",
			dir);
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "cd '%s' && gnuplot '%s' 2>&1", dir, name);
	m = open_memstream(&text, &len);
	p = m ? popen(cmd, "r") : NULL;
	if (!p) {
		fprintf(stderr, "pwcsim: gnuplot: %s\n", strerror(errno));
		if (m)
			fclose(m);
		free(text);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0)
		fwrite(buf, 1, n, m);
	st = pclose(p);
	fclose(m);
	if (st || !quiet)
		fputs(text, stderr);
	if (st)
		fprintf(stderr, "pwcsim: gnuplot failed on %s/%s\n", dir, name);
	free(text);
	return st ? -1 : 0;
}

/* What a plot's title says of the run (summary.txt's first line). */
struct plot_caption {
	char text[512];
	unsigned long long budget;
};

/*
 * @c from @dir/summary.txt ("pwcsim report: N workloads (S inputs) on ...,
 * B bits each, IOTLB E entries"): the budget, inputs and IOTLB in every
 * title, for a report just written and for --plot DIR alike.
 */
static void plot_caption(const char *dir, struct plot_caption *c)
{
	char path[PATH_MAX], line[sizeof(c->text)], *p, *q;
	FILE *f;

	snprintf(c->text, sizeof(c->text), "(no summary.txt)");
	c->budget = 0;
	snprintf(path, sizeof(path), "%s/summary.txt", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		p = strncmp(line, "pwcsim report: ", 15) ? line : line + 15;
		for (q = p; *q; q++)	/* a gnuplot string in single quotes */
			if (*q == '\'')
				*q = ' ';
		memmove(c->text, p, strlen(p) + 1);
		q = strstr(p, " bits each");
		while (q && q > p && q[-1] >= '0' && q[-1] <= '9')
			q--;
		if (q)
			c->budget = strtoull(q, NULL, 10);
	}
	fclose(f);
}

int report_plot_gp(const char *dir, const char *name, const char *prelude,
		   const char *script, bool quiet)
{
	struct plot_caption c;
	struct out_file o;

	plot_caption(dir, &c);
	if (report_file(dir, name, &o))
		return -1;
	fprintf(o.f, "caption = '%s'\nbudget = %llu\n", c.text,
		c.budget ? c.budget : 5280);
	if (prelude)
		fputs(prelude, o.f);
	fputs(script, o.f);
	if (out_close(&o, false))
		return -1;
	return report_gnuplot(dir, name, quiet);
}
