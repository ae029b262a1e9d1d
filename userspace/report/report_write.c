// SPDX-License-Identifier: GPL-2.0
/*
 * report_write.c - `pwcsim report`'s outputs: each table as CSV (and all
 * of them in results.json), and summary.txt, also on stdout, where the
 * paper's published figures stand beside ours with the difference.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"
#include "output/table.h"

/* The paper's published figures (section 3): for comparison only. */
static const struct {
	const char *what;
	double paper;
} paper[] = {
	{ "mean L2 hit rate, TPC (%)", 46.5 },
	{ "mean L2 hit rate, CPWC (%)", 86.5 },
	{ "accesses, CPWC vs TPC, all (%)", -25.4 },
	{ "accesses, CPWC vs TPC, class I (%)", -2.18 },
	{ "accesses, CPWC vs TPC, class II (%)", -15.11 },
	{ "accesses, CPWC vs TPC, class III (%)", -32.2 },
	{ "2mm TLB hit rate, 32 entries (%)", 0.81 },
	{ "2mm TLB hit rate, 64 entries (%)", 1.54 },
};
#define NPAPER (sizeof(paper) / sizeof(paper[0]))

static double l2(const struct report_row *r, unsigned int m)
{
	return pct(r->st[m].hits[1], r->st[m].lookups);
}

/* CPWC's page-table accesses against TPC's, in % (negative: fewer). */
static double reduction(const struct report_row *r)
{
	return r->st[0].accesses ?
	       100.0 * ((double)r->st[1].accesses - r->st[0].accesses) /
	       r->st[0].accesses : 0.0;
}

struct means {
	unsigned int n;
	double tpc, cpwc, red;
};

static struct means class_means(const struct report_row *rows,
				unsigned int n, int cls)
{
	struct means m = {};
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (cls && rows[i].w->paper_class != cls)
			continue;
		m.n++;
		m.tpc += l2(&rows[i], 0);
		m.cpwc += l2(&rows[i], 1);
		m.red += reduction(&rows[i]);
	}
	if (m.n) {
		m.tpc /= m.n;
		m.cpwc /= m.n;
		m.red /= m.n;
	}
	return m;
}

static void storage_tables(const char *dir, FILE *js, unsigned int levels)
{
	static const unsigned int entries[] = { 8, 16, 24, 32, 48, 62, 64,
						128, 256 };
	static const unsigned long long bits[] = { 1000, 2000, 5280, 10000,
						   20000, 40000 };
	struct pwc_config t, c;
	unsigned int i;
	FILE *f;

	f = report_file(dir, "table5.csv");
	fprintf(js, "\"table5\": [");
	if (f)
		fprintf(f, "entries,tpc_bits,cpwc_bits\n");
	for (i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		pwc_parse_spec("tpc", &t, NULL, 0);
		t.entries = entries[i];
		pwc_parse_spec("cpwc", &c, NULL, 0);
		c.blocks = entries[i];
		if (f)
			fprintf(f, "%u,%llu,%llu\n", entries[i],
				pwc_bits(&t, levels), pwc_bits(&c, levels));
		fprintf(js, "%s{\"entries\": %u, \"tpc_bits\": %llu, \"cpwc_bits\": %llu}",
			i ? ", " : "", entries[i], pwc_bits(&t, levels),
			pwc_bits(&c, levels));
	}
	fprintf(js, "],\n\"table6\": [");
	if (f)
		fclose(f);
	f = report_file(dir, "table6.csv");
	if (f)
		fprintf(f, "bits,tpc_entries,cpwc_entries\n");
	for (i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
		pwc_size_for_budget(PWC_KIND_TPC, bits[i], levels, &t);
		pwc_size_for_budget(PWC_KIND_CPWC, bits[i], levels, &c);
		if (f)
			fprintf(f, "%llu,%u,%u\n", bits[i], t.entries, c.blocks);
		fprintf(js, "%s{\"bits\": %llu, \"tpc_entries\": %u, \"cpwc_entries\": %u}",
			i ? ", " : "", bits[i], t.entries, c.blocks);
	}
	fprintf(js, "],\n");
	if (f)
		fclose(f);
}

int report_write(const struct report_opts *o, const struct report_row *rows,
		 unsigned int n)
{
	FILE *js, *f, *sum;
	char *text = NULL;
	size_t len = 0;
	const struct report_row *r;
	struct means all, cls[4];
	double ours[NPAPER];
	unsigned int i, m, b, k;
	unsigned long long acc;
	double hit;
	int c;

	if (!n)
		return -1;
	js = report_file(o->dir, "results.json");
	sum = open_memstream(&text, &len);
	if (!js || !sum)
		return -1;
	fprintf(js, "{\"config\": {\"tables\": \"%s\", \"levels\": %u, \"budget_bits\": %llu, \"tlb_entries\": %u, \"size\": \"%s\"},\n",
		o->userspace ? "synthetic" : "real", rows[0].levels, o->budget,
		o->tlb, o->size);
	storage_tables(o->dir, js, rows[0].levels);

	/* per workload: Figure 3, Table 7, Table 8 */
	f = report_file(o->dir, "table8.csv");
	if (f) {
		fprintf(f, "workload,class,addresses,tlb_hit_rate,walks");
		for (m = 0; m < REPORT_MODELS; m++)
			fprintf(f, ",%s_accesses,%s_l2_hit_rate", report_models[m],
				report_models[m]);
		fprintf(f, ",cpwc_vs_tpc,tpc_redundant,cpwc_redundant\n");
	}
	fprintf(js, "\"workloads\": [");
	for (i = 0; i < n; i++) {
		r = &rows[i];
		if (f) {
			fprintf(f, "%s,%d,%llu,%.4f,%llu", r->w->name,
				r->w->paper_class, r->addresses,
				pct(r->tlb_hits, r->addresses), r->walks);
			for (m = 0; m < REPORT_MODELS; m++)
				fprintf(f, ",%llu,%.4f", r->st[m].accesses,
					l2(r, m));
			fprintf(f, ",%.4f,%.4f,%.4f\n", reduction(r),
				r->redundant[0], r->redundant[1]);
		}
		fprintf(js, "%s\n {\"workload\": \"%s\", \"class\": %d, \"addresses\": %llu, \"tlb_hits\": %llu, \"walks\": %llu, \"cpwc_vs_tpc\": %.4f, \"tpc_redundant\": %.4f, \"cpwc_redundant\": %.4f, \"models\": [",
			i ? "," : "", r->w->name, r->w->paper_class,
			r->addresses, r->tlb_hits, r->walks, reduction(r),
			r->redundant[0], r->redundant[1]);
		for (m = 0; m < REPORT_MODELS; m++) {
			fprintf(js, "%s{\"model\": \"%s\", \"config\": \"%s\", \"lookups\": %llu, \"l2_hits\": %llu, \"l3_hits\": %llu, \"l4_hits\": %llu, \"misses\": %llu, \"accesses\": %llu, \"l2_hit_rate\": %.4f, \"stale\": %llu}",
				m ? ", " : "", report_models[m], r->spec[m],
				r->st[m].lookups, r->st[m].hits[1],
				r->st[m].hits[2], r->st[m].hits[3],
				r->st[m].lookups - r->st[m].hits[1] -
				r->st[m].hits[2] - r->st[m].hits[3],
				r->st[m].accesses, l2(r, m), r->st[m].stale);
		}
		fprintf(js, "]}");
	}
	fprintf(js, "],\n");
	if (f)
		fclose(f);

	f = report_file(o->dir, "figure3.csv");
	if (f) {
		fprintf(f, "workload,tpc,cpwc,stc,uptc,ideal\n");
		for (i = 0; i < n; i++)
			fprintf(f, "%s,%.4f,%.4f,%.4f,%.4f,%.4f\n",
				rows[i].w->name, l2(&rows[i], 0),
				l2(&rows[i], 1), l2(&rows[i], 2),
				l2(&rows[i], 3), l2(&rows[i], 5));
		fclose(f);
	}

	/* the budget sweep, summed over the workloads */
	f = report_file(o->dir, "sweep.csv");
	if (f)
		fprintf(f, "bits,model,mean_l2_hit_rate,accesses\n");
	fprintf(js, "\"sweep\": [");
	for (b = 0; b < o->nsweep; b++) {
		for (k = 0; k < REPORT_SWEEP_KINDS; k++) {
			hit = 0;
			acc = 0;
			for (i = 0; i < n; i++) {
				hit += rows[i].sweep_hit[b][k];
				acc += rows[i].sweep_acc[b][k];
			}
			if (rows[0].sweep_hit[b][k] < 0)
				continue;	/* nothing fits */
			if (f)
				fprintf(f, "%llu,%s,%.4f,%llu\n", o->sweep[b],
					report_sweep_kinds[k], hit / n, acc);
			fprintf(js, "%s{\"bits\": %llu, \"model\": \"%s\", \"mean_l2_hit_rate\": %.4f, \"accesses\": %llu}",
				b || k ? ", " : "", o->sweep[b],
				report_sweep_kinds[k], hit / n, acc);
		}
	}
	fprintf(js, "],\n");
	if (f)
		fclose(f);
	/* the same, one gnuplot data block per model (for sweep.png) */
	f = report_file(o->dir, "sweep.dat");
	for (k = 0; f && k < REPORT_SWEEP_KINDS; k++) {
		fprintf(f, "# %s: bits mean_l2_hit_rate accesses\n",
			report_sweep_kinds[k]);
		for (b = 0; b < o->nsweep; b++) {
			if (rows[0].sweep_hit[b][k] < 0)
				continue;
			hit = 0;
			acc = 0;
			for (i = 0; i < n; i++) {
				hit += rows[i].sweep_hit[b][k];
				acc += rows[i].sweep_acc[b][k];
			}
			fprintf(f, "%llu %.4f %llu\n", o->sweep[b], hit / n, acc);
		}
		fprintf(f, "\n\n");
	}
	if (f)
		fclose(f);

	/* ours beside the paper's */
	all = class_means(rows, n, 0);
	for (c = 1; c <= 3; c++)
		cls[c] = class_means(rows, n, c);
	ours[0] = all.tpc;
	ours[1] = all.cpwc;
	ours[2] = all.red;
	ours[3] = cls[1].red;
	ours[4] = cls[2].red;
	ours[5] = cls[3].red;
	ours[6] = o->have_2mm ? o->tlb2mm[0] : -1;
	ours[7] = o->have_2mm ? o->tlb2mm[1] : -1;
	f = report_file(o->dir, "paper.csv");
	if (f)
		fprintf(f, "figure,paper,ours,difference\n");
	fprintf(js, "\"paper\": [");
	for (i = 0; i < NPAPER; i++) {
		if (f)
			fprintf(f, "\"%s\",%.2f,%.2f,%.2f\n", paper[i].what,
				paper[i].paper, ours[i], ours[i] - paper[i].paper);
		fprintf(js, "%s{\"figure\": \"%s\", \"paper\": %.2f, \"ours\": %.4f}",
			i ? ", " : "", paper[i].what, paper[i].paper, ours[i]);
	}
	fprintf(js, "]}\n");
	if (f)
		fclose(f);
	fclose(js);

	/* the summary */
	fprintf(sum, "pwcsim report: %u workloads (%s inputs) on %s %u-level page tables, %llu bits each, IOTLB %u entries\n\n",
		n, o->size,
		o->userspace ? "synthetic" : "real", rows[0].levels, o->budget,
		o->tlb);
	fprintf(sum, "%-14s %5s %9s %8s %8s %8s %8s %8s %8s\n", "workload",
		"class", "walks", "TPC L2%", "CPWC L2%", "STC L2%", "UPTC L2%",
		"ideal", "CPWC/TPC");
	for (i = 0; i < n; i++) {
		r = &rows[i];
		fprintf(sum, "%-14s %5d %9llu %8.1f %8.1f %8.1f %8.1f %8.1f %+7.1f%%\n",
			r->w->name, r->w->paper_class, r->walks, l2(r, 0),
			l2(r, 1), l2(r, 2), l2(r, 3), l2(r, 5), reduction(r));
	}
	fprintf(sum, "\n%-44s %9s %9s %9s\n", "figure", "paper", "ours",
		"ours-paper");
	for (i = 0; i < NPAPER; i++) {
		if (ours[i] < 0 && i >= 6)
			fprintf(sum, "%-44s %9.2f %9s %9s\n", paper[i].what,
				paper[i].paper, "-", "-");
		else
			fprintf(sum, "%-44s %9.2f %9.2f %+9.2f\n",
				paper[i].what, paper[i].paper, ours[i],
				ours[i] - paper[i].paper);
	}
	fclose(sum);
	f = report_file(o->dir, "summary.txt");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
	fputs(text, stdout);
	free(text);
	return f ? 0 : -1;
}
