// SPDX-License-Identifier: GPL-2.0
/*
 * report-test.c - tests of report_write() (report_write.c) on made-up
 * rows: with 5-level paging a model's misses are its own counter, not
 * lookups minus the L2-L4 hits (which counted L5-stage hits as misses);
 * a workload with no walk shows no rate and stays out of the means; a
 * plot's budget is the summary's, else the one default; a file opened
 * past the temporaries a signal can remove is refused (out_file.c); a
 * figure with no number is labelled "not measured", not fit or
 * prediction; --data is said in the summary and results.json.
 * Ends with "report-test: N passed, N failed".
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "pwc.h"
#include "report/report.h"
#include "report/report_files.h"
#include "output/table.h"
#include "tests/expect.h"


/* The whole of @path, NUL-terminated (freed by the caller). */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *buf = calloc(1, 1 << 20);

	if (f && buf)
		buf[fread(buf, 1, (1 << 20) - 1, f)] = '\0';
	if (f)
		fclose(f);
	return buf;
}

/*
 * A workload that made no walk (its input fits in the caches) has no
 * rates: shown as "-" and left out of the means, which were 0 % rows
 * averaged in (two such rows beside one at 100 % gave a mean of 33 %).
 */
static void test_no_walk(const char *dir)
{
	static const struct workload a = { .name = "walks", .paper_class = 2 };
	static const struct workload b = { .name = "nowalk", .paper_class = 3 };
	struct report_opts o = { .size = "small", .dir = dir,
				 .run = { .budget = 5280, .tlb = 64 } };
	struct report_row rows[2] = {
		{ .w = &a, .levels = 4, .walks = 10 },
		{ .w = &b, .levels = 4, .walks = 0 },
	};
	char path[80], *out;
	unsigned int k;
	FILE *f;

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		rows[0].st[k] = (struct pwc_stats){ .lookups = 10,
			.hits = { [1] = 10 }, .accesses = 10 };
		snprintf(rows[0].spec[k], sizeof(rows[0].spec[k]), "%s",
			 pwc_kind_name(k));
		snprintf(rows[1].spec[k], sizeof(rows[1].spec[k]), "%s",
			 pwc_kind_name(k));
	}
	snprintf(path, sizeof(path), "%s/summary.out", dir);
	f = fopen(path, "w");
	expect(f && !report_write(&o, rows, 2, f), "report_write with a row of no walk");
	if (f)
		fclose(f);
	out = slurp(path);
	expect(out && strstr(out, "nowalk             3         0        -") &&
	       strstr(out, "mean L2 hit rate, TPC (%)                        46.50    100.00") &&
	       strstr(out, "class III (%)            -32.20         -         -") &&
	       strstr(out, "1 workload made no page walk"),
	       "a row of no walk: '-' for its rates, out of the means, said once");
	/* no 2mm row: its figures not measured, neither fit nor prediction */
	expect(out && strstr(out, "2mm TLB hit rate, 32 entries (%)                  0.81         -         -  not measured\n") &&
	       !strstr(out, "a fit only at the calibrated settings"),
	       "2mm not run: its figures 'not measured', no note on the fit's settings");
	free(out);
}

/*
 * Table 1's classes by the paper's rule: over 150 distinct L2 indices,
 * II; a TPC hitting at L2 for 99 % of the walks or more (or no walk), I;
 * else III.
 */
static void test_table1(void)
{
	static const struct workload w = { .name = "w", .paper_class = 3 };
	struct report_row r = { .w = &w, .walks = 100 };

	r.st[PWC_KIND_TPC] = (struct pwc_stats){ .lookups = 100,
						  .hits = { [1] = 99 } };
	r.distinct[2] = 151;
	expect(report_table1_class(&r) == 2, "Table 1 rule: 151 L2 indices, class II");
	r.distinct[2] = 150;
	expect(report_table1_class(&r) == 1, "Table 1 rule: 150 L2 indices and 99 % TPC L2 hits, class I");
	r.st[PWC_KIND_TPC].hits[1] = 98;
	r.distinct[2] = 1;
	expect(report_table1_class(&r) == 3, "Table 1 rule: 98 % TPC L2 hits, more misses than L2 indices, class III");
	r.distinct[2] = 2;
	expect(report_table1_class(&r) == 1, "Table 1 rule: 98 % TPC L2 hits, its 2 misses the 2 L2 indices' cold ones, class I");
	r.st[PWC_KIND_TPC] = (struct pwc_stats){ 0 };
	expect(report_table1_class(&r) == 1, "Table 1 rule: no walk, class I");
}

/*
 * Every option that changes the figures is in results.json's config and
 * on the summary's first line (plots' titles): -t 64,2m said "IOTLB 64
 * entries", and --iotlb-at, --window, --seed, --jitter, --warmup,
 * --layout, --allocator and --inputs were in neither.
 */
static void test_options_recorded(const char *dir)
{
	static const struct workload a = { .name = "a", .paper_class = 2 };
	struct report_opts o = { .size = "full", .dir = dir,
				 .run = { .budget = 6000, .tlb = 64,
					  .tlb2m = true, .userspace = true },
				 .wo = { .seed = 7, .at = GPU_AT_L1_MISS,
					 .window = 20000, .warmup = 1,
					 .jitter = 2.5, .table1 = true,
					 .layout = GPU_LAYOUT_ALIGNED,
					 .allocator = GPU_ALLOC_REUSE },
				 .data = { { .w = &a, .dir = "/x/d" } },
				 .ndata = 1 };
	struct report_row row = { .w = &a, .levels = 4, .walks = 10 };
	char path[80], cmd[512], *out;
	unsigned int k;
	FILE *f;

	for (k = 0; k < PWC_KIND_COUNT; k++)
		snprintf(row.spec[k], sizeof(row.spec[k]), "%s",
			 pwc_kind_name(k));
	snprintf(path, sizeof(path), "%s/summary.out", dir);
	f = fopen(path, "w");
	expect(f && !report_write(&o, &row, 1, f), "report_write with every option set");
	if (f)
		fclose(f);
	out = slurp(path);
	expect(out && strstr(out, "pwcsim report: 1 workload (full inputs) on synthetic 4-level page tables, 6000 bits each, IOTLB 64 entries (2 MiB ones too) at l1-miss; seed 7, window 20000 addresses, warm-up 1, jitter 2.5, inputs table1, layout aligned, allocator reuse, data a\n\na's input: the files of /x/d (--data), not the synthetic one\n\n"),
	       "the summary's first line names every option of the data, --data's directory below");
	free(out);
	snprintf(cmd, sizeof(cmd), "python3 -c 'import json, sys; c = json.load(open(sys.argv[1]))[\"config\"]; sys.exit(c != dict(c, tlb_entries=64, tlb_pages=\"2m\", seed=7, iotlb_at=\"l1-miss\", window=20000, warmup=1, jitter=2.5, inputs=\"table1\", layout=\"aligned\", allocator=\"reuse\", data=dict(a=\"/x/d\")))' %s/results.json",
		 dir);
	expect(!system(cmd), "results.json's config names every option of the data");
}

/*
 * A plot script's budget (report_plot_gp(): the arrow of sweep.gp): the
 * one summary.txt names, else the default of --budget-bits,
 * RUN_BUDGET_BITS (it was a literal 5280 of its own, as were the budget
 * check's and the wins map's).  gnuplot's result aside: the script is
 * written before it runs.
 */
static void test_plot_budget(const char *dir)
{
	char sub[128], path[160], want[64], *gp;
	FILE *f;

	snprintf(sub, sizeof(sub), "%s/plot", dir);
	if (mkdir(sub, 0700)) {
		expect(0, "mkdir for the plot scripts");
		return;
	}
	report_plot_gp(sub, "nosummary.gp", NULL, "", true);
	snprintf(path, sizeof(path), "%s/nosummary.gp", sub);
	gp = slurp(path);
	snprintf(want, sizeof(want), "\nbudget = %llu\n", RUN_BUDGET_BITS);
	expect(gp && strstr(gp, want),
	       "a plot without summary.txt marks the default budget, RUN_BUDGET_BITS");
	free(gp);
	snprintf(path, sizeof(path), "%s/summary.txt", sub);
	f = fopen(path, "w");
	if (f) {
		fputs("pwcsim report: 1 workload (small inputs) on synthetic 4-level page tables, 8000 bits each, IOTLB 64 entries at l2-miss\n",
		      f);
		fclose(f);
	}
	report_plot_gp(sub, "summary.gp", NULL, "", true);
	snprintf(path, sizeof(path), "%s/summary.gp", sub);
	gp = slurp(path);
	expect(gp && strstr(gp, "\nbudget = 8000\n"),
	       "a plot marks summary.txt's budget");
	free(gp);
}

/* The entries of directory @path ("." and ".." aside), or -1. */
static int dir_entries(const char *path)
{
	DIR *d = opendir(path);
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	closedir(d);
	return n;
}

/*
 * Files open past the OUT_TEMPS temporaries out_temp_hold() can hold: the
 * next out_open() fails (EMFILE), leaving no temporary; it took one that
 * a signal would have left behind, unheld, silently.  Once one closes,
 * a file opens again.
 */
static void test_temp_slots(const char *dir)
{
	struct out_file o[OUT_TEMPS + 1];
	char sub[128], path[160];
	int i, err;

	snprintf(sub, sizeof(sub), "%s/temps", dir);
	if (mkdir(sub, 0700)) {
		expect(0, "mkdir for the temporaries");
		return;
	}
	for (i = 0; i < OUT_TEMPS; i++) {
		snprintf(path, sizeof(path), "%s/f%d", sub, i);
		if (out_open(&o[i], path, NULL))
			break;
	}
	expect(i == OUT_TEMPS, "OUT_TEMPS files open at once, each held");
	snprintf(path, sizeof(path), "%s/over", sub);
	errno = 0;
	err = out_open(&o[OUT_TEMPS], path, NULL);
	expect(err && errno == EMFILE && dir_entries(sub) == i,
	       "one more is refused (EMFILE), its temporary removed");
	if (!err)
		out_close(&o[OUT_TEMPS], true);
	while (i--)
		out_close(&o[i], false);
	expect(!out_open(&o[0], path, NULL) && !out_close(&o[0], false) &&
	       dir_entries(sub) == OUT_TEMPS + 1,
	       "closed, they are in place, and a file opens again");
}

/*
 * scenarios.csv's labels: a figure a scenario has no number for (2mm
 * not run) is "not measured", not the fit or a prediction it was.
 */
static void test_scenario_labels(void)
{
	struct report_opts o = { .size = "full", .nscen = 1 };
	struct table t;
	char *buf = NULL;
	size_t len = 0;
	unsigned int f;
	FILE *m;

	o.scen[0].name = "baseline";
	for (f = 0; f < REPORT_SCEN_FIGURES; f++)
		o.scen[0].v[f] = f == 2 ? 12.5 : -1;
	report_scenarios_table(&o, &t);
	m = open_memstream(&buf, &len);
	if (m) {
		table_print_csv(&t, m);
		fclose(m);
	}
	table_free(&t);
	expect(buf && strstr(buf, "baseline,\"2mm IOTLB hit rate, 32 entries (%)\",not measured,0.8100,\n") &&
	       strstr(buf, "baseline,\"accesses, CPWC vs TPC, all (%)\",prediction,-25.4000,12.5000\n"),
	       "scenarios.csv: an empty figure 'not measured', a measured one a prediction");
	free(buf);
}

int main(void)
{
	/* a quote, a backslash and a control character in each string */
	static const struct workload w = { .name = "made\"up\\\x01",
					   .paper_class = 2 };
	char dir[] = "/tmp/report-test.XXXXXX", path[64], cmd[512];
	struct report_opts o = { .size = "sm\"al\\l\t",
				 .run = { .budget = 5280, .tlb = 64 } };
	struct report_row row = { .w = &w, .levels = 5, .walks = 100 };
	unsigned int k;
	FILE *null;
	char *js;

	if (!mkdtemp(dir))
		return 1;
	test_table1();
	test_scenario_labels();
	o.dir = dir;
	for (k = 0; k < PWC_KIND_COUNT; k++) {
		row.st[k] = (struct pwc_stats){ .lookups = 100,
			.hits = { [1] = 50, [2] = 20, [3] = 10, [4] = 13 },
			.misses = 7, .accesses = 300 };
		snprintf(row.spec[k], sizeof(row.spec[k]), "%s",
			 pwc_kind_name(k));
	}
	null = fopen("/dev/null", "w");
	if (!null)
		return 1;
	expect(!report_write(&o, &row, 1, null), "report_write on one row");
	fclose(null);
	snprintf(path, sizeof(path), "%s/results.json", dir);
	js = slurp(path);
	expect(js && strstr(js, "\"l5_hits\": 13"),
	       "5-level models have l5_hits");
	expect(js && strstr(js, "\"misses\": 7") &&
	       !strstr(js, "\"misses\": 20"),
	       "5-level misses are the misses counter, not lookups - l2..l4");
	expect(js && strstr(js, "\"workload\": \"made\\\"up\\\\\\u0001\""),
	       "JSON strings are escaped");
	free(js);
	/* results.json parses, and the strings come back as they went in */
	setenv("W", w.name, 1);
	setenv("S", o.size, 1);
	snprintf(cmd, sizeof(cmd), "python3 -c 'import json, os, sys; d = json.load(open(sys.argv[1])); sys.exit(d[\"workloads\"][0][\"workload\"] != os.environ[\"W\"] or d[\"config\"][\"size\"] != os.environ[\"S\"] or d[\"workloads\"][0][\"models\"][0][\"misses\"] != 7)' %s", path);
	expect(!system(cmd), "results.json parses; quote, backslash and control character round-trip");
	test_no_walk(dir);
	test_options_recorded(dir);
	test_plot_budget(dir);
	test_temp_slots(dir);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd))
		failed++;
	return expect_done("report-test");
}
