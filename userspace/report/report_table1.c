// SPDX-License-Identifier: GPL-2.0
/*
 * report_table1.c - the CPWC paper's Table 1 as a report measures it:
 * per workload the distinct L4, L3 and L2 indices (page-table paths to
 * those levels) of the stream the IOTLB sees over the run (the whole run
 * with --window 0), the class the paper's rule gives them, and the
 * paper's numbers that survive in its text (every program 1 L4 index and
 * at most 4 L3; STO 409 L2).  The rule (section 2.1): class II, more than
 * 150 distinct L2 indices; class I, a PWC of limited size hits nearly
 * always: here the TPC at the budget hits at L2 for 99 % or more of the
 * walks, or misses there no more often than the stream has L2 indices
 * (its cold misses alone: AES's two walks), or the run made no walk;
 * class III, the rest.
 */
#include <stdio.h>
#include <string.h>

#include "output/table.h"
#include "report/report.h"

#define TABLE1_CLASS2_L2 150		/* "more than 150 L2 indices" */
#define TABLE1_CLASS1_HIT 99.0		/* near 100 %: our threshold */

unsigned int report_table1_class(const struct report_row *r)
{
	const struct pwc_stats *t = &r->st[PWC_KIND_TPC];

	if (r->distinct[2] > TABLE1_CLASS2_L2)
		return 2;
	if (!t->lookups || pct(t->hits[1], t->lookups) >= TABLE1_CLASS1_HIT ||
	    t->lookups - t->hits[1] <= r->distinct[2])
		return 1;
	return 3;
}

void report_table1(struct table *t, const struct report_row *rows,
		   unsigned int n)
{
	unsigned int i;

	table_init(t, NULL, "table1");
	table_cols(t, "workload:s paper_class:u class_by_rule:u pages:u "
		      "distinct_l4:u distinct_l3:u distinct_l2:u "
		      "paper_l4:u paper_l3_at_most:u paper_l2:u");
	for (i = 0; i < n; i++) {
		const struct report_row *r = &rows[i];

		table_row(t);
		table_str(t, 0, r->w->name);
		table_u64(t, 1, r->w->paper_class);
		table_u64(t, 2, report_table1_class(r));
		table_u64(t, 3, r->distinct[1]);
		table_u64(t, 4, r->distinct[4]);
		table_u64(t, 5, r->distinct[3]);
		table_u64(t, 6, r->distinct[2]);
		table_u64(t, 7, 1);
		table_u64(t, 8, 4);
		if (!strcmp(r->w->name, "STO"))
			table_u64(t, 9, 409);
		else
			table_null(t, 9);
	}
}

void report_table1_text(const struct report_row *rows, unsigned int n,
			FILE *f)
{
	unsigned int i, same = 0;

	fprintf(f, "\nTable 1 as measured (distinct indices of the stream the IOTLB sees; the paper: every program 1 L4 and at most 4 L3, STO 409 L2; class by the paper's rule: II over %d L2, I a TPC hitting %.0f %%+ at L2 or missing only cold, else III)\n",
		TABLE1_CLASS2_L2, TABLE1_CLASS1_HIT);
	fprintf(f, "%-14s %5s %5s %9s %4s %4s %6s\n", "workload", "paper",
		"rule", "pages", "L4", "L3", "L2");
	for (i = 0; i < n; i++) {
		const struct report_row *r = &rows[i];
		unsigned int c = report_table1_class(r);

		same += c == (unsigned int)r->w->paper_class;
		fprintf(f, "%-14s %5d %5u %9llu %4llu %4llu %6llu\n",
			r->w->name, r->w->paper_class, c, r->distinct[1],
			r->distinct[4], r->distinct[3], r->distinct[2]);
	}
	fprintf(f, "(%u of %u in the paper's class by its rule)\n", same, n);
}
