// SPDX-License-Identifier: GPL-2.0
/*
 * scenario_table.c - the sensitivity study's outputs (report.h): the
 * table (scenarios.csv, results.json) and the summary's text, each
 * figure labelled fit or prediction with the paper's number beside it.
 */
#include <stdio.h>

#include "output/table.h"
#include "report/report.h"

/* The paper's headline figures, in the order of struct report_scen. */
static const struct {
	const char *what;
	double paper;
} figures[REPORT_SCEN_FIGURES] = {
	{ "2mm IOTLB hit rate, 32 entries (%)", 0.81 },
	{ "2mm IOTLB hit rate, 64 entries (%)", 1.54 },
	{ "accesses, CPWC vs TPC, all (%)", -25.4 },
	{ "accesses, CPWC vs TPC, class I (%)", -2.18 },
	{ "accesses, CPWC vs TPC, class II (%)", -15.11 },
	{ "accesses, CPWC vs TPC, class III (%)", -32.2 },
	{ "mean L2 hit rate, TPC (%)", 46.5 },
	{ "mean L2 hit rate, CPWC (%)", 86.5 },
};

/* calibrated (the fit), or prediction */
static const char *label(unsigned int s, unsigned int f)
{
	return !s && !f ? "fit" : "prediction";
}

void report_scenarios_table(const struct report_opts *o, struct table *t)
{
	unsigned int s, f;

	table_init(t, NULL, "scenarios");
	table_cols(t, "scenario:s figure:s label:s paper:f ours:f");
	for (s = 0; s < o->nscen; s++) {
		for (f = 0; f < REPORT_SCEN_FIGURES; f++) {
			table_row(t);
			table_str(t, 0, o->scen[s].name);
			table_str(t, 1, figures[f].what);
			table_str(t, 2, label(s, f));
			table_f64(t, 3, figures[f].paper);
			if (o->scen[s].v[f] == -1)
				table_null(t, 4);
			else
				table_f64(t, 4, o->scen[s].v[f]);
		}
	}
}

void report_scenarios_text(const struct report_opts *o, FILE *f)
{
	unsigned int s, i;

	fprintf(f, "\nSensitivity: the paper's figures under each scenario (fit: the one calibrated figure; all else predictions)\n");
	fprintf(f, "%-20s", "figure (paper)");
	for (s = 0; s < o->nscen; s++)
		fprintf(f, " %9.9s", o->scen[s].name);
	fputc('\n', f);
	for (i = 0; i < REPORT_SCEN_FIGURES; i++) {
		fprintf(f, "%-13.13s %6.2f", figures[i].what + (i < 2 ? 0 : 0),
			figures[i].paper);
		for (s = 0; s < o->nscen; s++)
			if (o->scen[s].v[i] == -1)
				fprintf(f, " %8s ", "-");
			else
				fprintf(f, " %8.2f%s", o->scen[s].v[i],
					!s && !i ? "*" : " ");
		fputc('\n', f);
	}
	fprintf(f, "(* fit by scripts/calibrate; rows: ");
	for (i = 0; i < REPORT_SCEN_FIGURES; i++)
		fprintf(f, "%s%s", i ? "; " : "", figures[i].what);
	fprintf(f, ")\n");
}
