// SPDX-License-Identifier: GPL-2.0
/*
 * scenario_table.c - the sensitivity study's outputs (report.h): the
 * table (scenarios.csv, results.json) and the summary's text, each
 * figure labelled fit or prediction with the paper's number beside it.
 */
#include <stdio.h>
#include <string.h>

#include "output/table.h"
#include "report/report.h"

/* The paper's headline figures, in the order of struct report_scen. */
static const struct {
	const char *what, *col;
	double paper;
} figures[REPORT_SCEN_FIGURES] = {
	{ "2mm IOTLB hit rate, 32 entries (%)", "iotlb32_2mm", 0.81 },
	{ "2mm IOTLB hit rate, 64 entries (%)", "iotlb64_2mm", 1.54 },
	{ "accesses, CPWC vs TPC, all (%)", "cpwc_vs_tpc_all", -25.4 },
	{ "accesses, CPWC vs TPC, class I (%)", "cpwc_vs_tpc_i", -2.18 },
	{ "accesses, CPWC vs TPC, class II (%)", "cpwc_vs_tpc_ii", -15.11 },
	{ "accesses, CPWC vs TPC, class III (%)", "cpwc_vs_tpc_iii", -32.2 },
	{ "mean L2 hit rate, TPC (%)", "tpc_l2_mean", 46.5 },
	{ "mean L2 hit rate, CPWC (%)", "cpwc_l2_mean", 86.5 },
};

bool report_fit_holds(const struct report_opts *o, char *needs, size_t len)
{
	struct workload_opts wo = o->wo;

	workload_size(o->size, workload_find("2mm"), &wo);
	return workload_fit_holds(&wo, needs, len);
}

/*
 * The baseline's 2mm 32-entry figure at the calibrated settings is the
 * fit; every other figure is a prediction; one not measured (2mm not
 * run, no walk) is neither.
 */
static const char *label(const struct report_opts *o, unsigned int s,
			 unsigned int f)
{
	char needs[160];

	if (o->scen[s].v[f] == -1)
		return "not measured";
	return !s && !f && report_fit_holds(o, needs, sizeof(needs)) ?
	       "fit" : "prediction";
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
			table_str(t, 2, label(o, s, f));
			table_f64(t, 3, figures[f].paper);
			if (o->scen[s].v[f] == -1)
				table_null(t, 4);
			else
				table_f64(t, 4, o->scen[s].v[f]);
		}
	}
}

void report_scenarios_wide(const struct report_opts *o, struct table *t)
{
	unsigned int s, f;

	table_init(t, NULL, "scenarios_wide");
	table_col(t, "scenario", CELL_STR);
	for (f = 0; f < REPORT_SCEN_FIGURES; f++)
		table_col(t, figures[f].col, CELL_F64);
	table_row(t);
	table_str(t, 0, "paper");
	for (f = 0; f < REPORT_SCEN_FIGURES; f++)
		table_f64(t, 1 + f, figures[f].paper);
	for (s = 0; s < o->nscen; s++) {
		table_row(t);
		table_str(t, 0, o->scen[s].name);
		for (f = 0; f < REPORT_SCEN_FIGURES; f++)
			if (o->scen[s].v[f] == -1)
				table_null(t, 1 + f);
			else
				table_f64(t, 1 + f, o->scen[s].v[f]);
	}
}

/* A scenario's column: as wide as its name, at least 9. */
static int scen_width(const struct report_opts *o, unsigned int s)
{
	size_t n = strlen(o->scen[s].name);

	return n > 9 ? (int)n : 9;
}

void report_scenarios_text(const struct report_opts *o, FILE *f)
{
	unsigned int s, i;
	int w;

	char needs[160];
	bool fit = report_fit_holds(o, needs, sizeof(needs));

	if (fit)
		fprintf(f, "\nSensitivity: the paper's figures under each scenario (*: the one fit, scripts/calibrate; every other figure a prediction)\n");
	else
		fprintf(f, "\nSensitivity: the paper's figures under each scenario (every figure a prediction: the fit holds only with %s)\n",
			needs);
	fprintf(f, "%-15s %6s", "figure", "paper");
	for (s = 0; s < o->nscen; s++)
		fprintf(f, " %*s", scen_width(o, s), o->scen[s].name);
	fputc('\n', f);
	for (i = 0; i < REPORT_SCEN_FIGURES; i++) {
		fprintf(f, "%-15s %6.2f", figures[i].col, figures[i].paper);
		for (s = 0; s < o->nscen; s++) {
			w = scen_width(o, s) - 1;
			if (o->scen[s].v[i] == -1)
				fprintf(f, " %*s ", w, "-");
			else
				fprintf(f, " %*.2f%s", w, shown(o->scen[s].v[i], 2),
					fit && !s && !i ? "*" : " ");
		}
		fputc('\n', f);
	}
	fprintf(f, "(scenarios: ");
	for (s = 0; s < o->nscen; s++)
		fprintf(f, "%s%s", s ? ", " : "", o->scen[s].name);
	fprintf(f, ")\n");
}
