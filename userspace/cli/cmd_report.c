// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_report.c - `pwcsim report`: the CPWC paper's evaluation on real page
 * tables.  Runs workloads through TPC, CPWC, STC, UPTC, none and ideal at
 * one storage budget (5,280 bits) behind the GPU's IOTLB, and writes the
 * analogues of the paper's Tables 5-8 and Figure 3, a budget sweep, CSV and
 * JSON of every table, gnuplot plots (report_plot.c) and a text summary in
 * which the paper's published figures stand beside ours, never blended.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pwc.h"
#include "cli/cli.h"
#include "cli/parse.h"
#include "engine/run_engine.h"
#include "output/table.h"
#include "report/report.h"
#include "workloads/workloads.h"

const char *const report_models[REPORT_MODELS] = {
	"tpc", "cpwc", "stc", "uptc", "none", "ideal",
};

const char *const report_sweep_kinds[REPORT_SWEEP_KINDS] = {
	"tpc", "cpwc", "stc", "uptc",
};

static const unsigned long long default_sweep[] = {
	1000, 2000, 3000, 5280, 8000, 12000, 20000, 40000,
};

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

/* One workload: the six models at the budget, behind the IOTLB. */
static int report_one(const struct report_opts *o, const struct workload *w,
		      struct report_row *row)
{
	struct run_config cfg = { .specs = report_models,
				  .nspecs = REPORT_MODELS,
				  .budget = o->budget, .tlb = o->tlb,
				  .thp = SHADOW_THP_NEVER,
				  .max_footprint = o->max_footprint,
				  .coherent = true, .userspace = o->userspace,
				  .levels = o->levels };
	struct run_source src = { .w = w, .wo = o->wo };
	struct run_result r;
	unsigned int i;

	if (run_stream(&cfg, &src, &r)) {
		run_result_free(&r);
		return -1;
	}
	row->w = w;
	row->levels = r.levels;
	row->addresses = r.addresses;
	row->tlb_hits = r.tlb_hits;
	row->walks = r.walks;
	for (i = 0; i < REPORT_MODELS; i++) {
		snprintf(row->spec[i], sizeof(row->spec[i]), "%s",
			 r.set.e[i].spec);
		row->bits[i] = pwc_bits(&r.set.e[i].cfg, r.levels);
		row->st[i] = r.set.e[i].m->stats;
	}
	run_result_free(&r);
	return 0;
}

/* Table 7: TPC and CPWC holding the same number of L2 entries. */
static int report_redundancy(const struct report_opts *o,
			     const struct workload *w, struct report_row *row)
{
	char tpc[64], cpwc[64];
	const char *specs[2] = { tpc, cpwc };
	struct run_config cfg = { .specs = specs, .nspecs = 2,
				  .tlb = o->tlb, .userspace = true,
				  .levels = row->levels };
	struct run_source src = { .w = w, .wo = o->wo };
	struct run_result r;
	unsigned long long parts, red;
	int i;

	snprintf(tpc, sizeof(tpc), "tpc:entries=%u", o->capacity);
	snprintf(cpwc, sizeof(cpwc), "cpwc:l4=2,l3=4,blocks=%u,ways=1",
		 o->capacity);
	if (run_stream(&cfg, &src, &r)) {
		run_result_free(&r);
		return -1;
	}
	for (i = 0; i < 2; i++) {
		pwc_redundancy(r.set.e[i].m, &parts, &red);
		row->redundant[i] = pct(red, parts);
	}
	run_result_free(&r);
	return 0;
}

/* The budget sweep: each model kind at every budget, synthetic tables. */
static int report_sweep(const struct report_opts *o,
			const struct workload *w, struct report_row *row)
{
	static const enum pwc_kind kinds[REPORT_SWEEP_KINDS] = {
		PWC_KIND_TPC, PWC_KIND_CPWC, PWC_KIND_STC, PWC_KIND_UPTC,
	};
	char specs_buf[MODEL_SET_MAX][PWC_SPEC_LEN];
	const char *specs[MODEL_SET_MAX];
	struct run_config cfg = { .specs = specs, .tlb = o->tlb,
				  .userspace = true, .levels = row->levels };
	struct run_source src = { .w = w, .wo = o->wo };
	struct pwc_config pc;
	struct run_result r;
	unsigned int b, k, n = 0;

	for (b = 0; b < o->nsweep; b++) {
		for (k = 0; k < REPORT_SWEEP_KINDS; k++) {
			/* "none" where not even one entry fits */
			if (pwc_size_for_budget(kinds[k], o->sweep[b],
						row->levels, &pc))
				snprintf(specs_buf[n], PWC_SPEC_LEN, "none");
			else
				pwc_format_spec(&pc, specs_buf[n],
						PWC_SPEC_LEN);
			specs[n] = specs_buf[n];
			n++;
		}
	}
	cfg.nspecs = n;
	if (run_stream(&cfg, &src, &r)) {
		run_result_free(&r);
		return -1;
	}
	for (b = 0, n = 0; b < o->nsweep; b++) {
		for (k = 0; k < REPORT_SWEEP_KINDS; k++, n++) {
			row->sweep_hit[b][k] = !strcmp(specs[n], "none") ? -1 :
				pct(r.set.e[n].m->stats.hits[1],
				    r.set.e[n].m->stats.lookups);
			row->sweep_acc[b][k] = r.set.e[n].m->stats.accesses;
		}
	}
	run_result_free(&r);
	return 0;
}

/* TLB hit rate of a workload's stream with @entries, 4 KiB pages. */
static double report_tlb(const struct report_opts *o,
			 const struct workload *w, unsigned int entries)
{
	static const char *const none[1] = { "none" };
	struct run_config cfg = { .specs = none, .nspecs = 1, .tlb = entries,
				  .userspace = true };
	struct run_source src = { .w = w, .wo = o->wo };
	struct run_result r;
	double hit = -1;

	if (!run_stream(&cfg, &src, &r))
		hit = pct(r.tlb_hits, r.addresses);
	run_result_free(&r);
	return hit;
}

static void report_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim report [OPTIONS] [WORKLOAD ...]\n"
		"  -o, --out DIR          where the report goes (default report)\n"
		"  -u, --userspace        synthetic page tables, no module\n"
		"  -t, --tlb N            IOTLB entries in front (default 64; 0: none)\n"
		"      --size S           small, sampled (default) or full inputs\n"
		"  -b, --budget-bits N    the equal storage budget (default 5280)\n"
		"      --sweep LIST       budgets of the sweep (default 1000,...,40000)\n"
		"  -l, --levels 4|5       paging levels with --userspace (default 4)\n"
		"      --plot DIR         only (re)draw DIR's plots from its CSV files\n");
}

int cmd_report(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "userspace", no_argument, NULL, 'u' },
		{ "tlb", required_argument, NULL, 't' },
		{ "size", required_argument, NULL, 'z' },
		{ "budget-bits", required_argument, NULL, 'b' },
		{ "sweep", required_argument, NULL, 'S' },
		{ "plot", required_argument, NULL, 'P' },
		{ "levels", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct report_opts o = { .dir = "report", .size = "sampled",
				 .tlb = 64, .budget = 5280,
				 .capacity = 24, .max_footprint = 1ULL << 30,
				 .wo = { .seed = 1 } };
	struct report_row *rows;
	const struct workload *w;
	unsigned long long tlb;
	unsigned int i, n = 0;
	char *tok, *save;
	int c, ret = 1;

	memcpy(o.sweep, default_sweep, sizeof(default_sweep));
	o.nsweep = sizeof(default_sweep) / sizeof(default_sweep[0]);
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:ut:b:l:h", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			o.dir = optarg;
			break;
		case 'u':
			o.userspace = true;
			break;
		case 't':
			if (parse_count(optarg, PWC_MAX_ENTRIES, &tlb)) {
				fprintf(stderr, "pwcsim: --tlb takes 0 to %d\n",
					PWC_MAX_ENTRIES);
				return 2;
			}
			o.tlb = tlb;
			break;
		case 'z':
			if (workload_size(optarg, NULL, &o.wo)) {
				fprintf(stderr, "pwcsim: --size takes small, sampled or full\n");
				return 2;
			}
			o.size = optarg;
			break;
		case 'b':
			if (parse_count(optarg, PWC_MAX_BUDGET_BITS, &o.budget) ||
			    !o.budget) {
				fprintf(stderr, "pwcsim: bad --budget-bits\n");
				return 2;
			}
			break;
		case 'S':
			o.nsweep = 0;
			for (tok = strtok_r(optarg, ",", &save); tok;
			     tok = strtok_r(NULL, ",", &save)) {
				if (o.nsweep == REPORT_MAX_SWEEP ||
				    parse_count(tok, PWC_MAX_BUDGET_BITS,
						&o.sweep[o.nsweep]) ||
				    !o.sweep[o.nsweep]) {
					fprintf(stderr, "pwcsim: --sweep takes up to %d budgets\n",
						REPORT_MAX_SWEEP);
					return 2;
				}
				o.nsweep++;
			}
			break;
		case 'P':
			return report_plot(optarg) ? 1 : 0;
		case 'l':
			if (parse_levels(optarg, &o.levels))
				return 2;
			break;
		case 'h':
			report_usage(stdout);
			return 0;
		default:
			report_usage(stderr);
			return 2;
		}
	}
	rows = calloc(REPORT_MAX_WORKLOADS, sizeof(*rows));
	if (!rows)
		return 1;
	if (optind == argc)
		for (i = 0; i < nworkloads; i++)
			o.list[o.nlist++] = &workloads[i];
	for (; optind < argc; optind++) {
		w = workload_find(argv[optind]);
		if (!w || o.nlist == REPORT_MAX_WORKLOADS) {
			fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
				argv[optind]);
			goto out;
		}
		o.list[o.nlist++] = w;
	}
	if (mkdir(o.dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "pwcsim: %s: %s\n", o.dir, strerror(errno));
		goto out;
	}
	for (n = 0; n < o.nlist; n++) {
		w = o.list[n];
		fprintf(stderr, "pwcsim report: [%u/%u] %s\n", n + 1, o.nlist,
			w->name);
		workload_size(o.size, w, &o.wo);
		if (report_one(&o, w, &rows[n]) ||
		    report_redundancy(&o, w, &rows[n]) ||
		    report_sweep(&o, w, &rows[n]))
			goto out;
		if (!strcmp(w->name, "2mm")) {
			o.tlb2mm[0] = report_tlb(&o, w, 32);
			o.tlb2mm[1] = report_tlb(&o, w, 64);
			o.have_2mm = true;
		}
	}
	if (report_write(&o, rows, n))
		goto out;
	/* Plots where gnuplot is (the VM has none: `--plot DIR` later). */
	if (!system("command -v gnuplot >/dev/null 2>&1") &&
	    report_plot(o.dir))
		goto out;
	printf("\n%s\n", o.dir);
	ret = 0;
out:
	free(rows);
	return ret;
}
