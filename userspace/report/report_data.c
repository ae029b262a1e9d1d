// SPDX-License-Identifier: GPL-2.0
/*
 * report_data.c - `pwcsim report --data NAME=DIR`: the benchmarks' own
 * input files (BFS's graph, MUM's genome and reads, as `gen --data DIR`
 * reads them: workloads.h) for the workloads named, read once before
 * the runs, and each workload's options in the report with them.
 */
#include <stdio.h>
#include <string.h>

#include "report/report.h"

int report_data_parse(struct report_opts *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	const struct workload *w = NULL;
	char name[32];
	unsigned int i;

	if (eq && eq > arg && (size_t)(eq - arg) < sizeof(name)) {
		memcpy(name, arg, eq - arg);
		name[eq - arg] = '\0';
		w = workload_find(name);
	}
	if (!w || !eq[1]) {
		fprintf(stderr, "pwcsim report: --data takes NAME=DIR, a workload and its data directory (--data BFS=DIR), not '%s'\n",
			arg);
		return 2;
	}
	for (i = 0; i < o->ndata; i++)
		if (o->data[i].w == w) {
			fprintf(stderr, "pwcsim report: --data %s=... given twice\n",
				w->name);
			return 2;
		}
	if (o->ndata == REPORT_MAX_DATA) {
		fprintf(stderr, "pwcsim report: at most %d --data options\n",
			REPORT_MAX_DATA);
		return 2;
	}
	o->data[o->ndata++] = (struct report_data){ .w = w, .dir = eq + 1 };
	return 0;
}

/* Is @w one of the report's workloads? */
static bool report_lists(const struct report_opts *o,
			 const struct workload *w)
{
	unsigned int i;

	for (i = 0; i < o->nlist; i++)
		if (o->list[i] == w)
			return true;
	return false;
}

int report_data_load(struct report_opts *o)
{
	struct workload_opts wo;
	unsigned int i;
	int ret;

	for (i = 0; i < o->ndata; i++)
		if (!report_lists(o, o->data[i].w)) {
			fprintf(stderr, "pwcsim report: --data %s=...: %s is not one of the report's workloads\n",
				o->data[i].w->name, o->data[i].w->name);
			return 2;
		}
	for (i = 0; i < o->ndata; i++) {
		wo = o->wo;
		wo.data = o->data[i].dir;
		ret = workload_load(o->data[i].w, &wo, "pwcsim report",
				    o->quiet);
		if (ret) {
			report_data_unload(o);
			return ret;
		}
		o->data[i].input = wo.input;
		memcpy(o->data[i].sha256, wo.data_sha256,
		       sizeof(o->data[i].sha256));
	}
	return 0;
}

void report_data_unload(struct report_opts *o)
{
	unsigned int i;

	for (i = 0; i < o->ndata; i++) {
		struct workload_opts wo = { .input = o->data[i].input };

		workload_unload(o->data[i].w, &wo);
		o->data[i].input = NULL;
	}
}

void report_workload_opts(const struct report_opts *o,
			  const struct workload *w, struct workload_opts *wo)
{
	unsigned int i;

	*wo = o->wo;
	workload_size(o->size, w, wo);
	wo->data = NULL;
	wo->input = NULL;
	for (i = 0; i < o->ndata; i++)
		if (o->data[i].w == w) {
			wo->data = o->data[i].dir;
			wo->input = o->data[i].input;
		}
}
