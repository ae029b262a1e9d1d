// SPDX-License-Identifier: GPL-2.0
/*
 * storage_tables.c - Tables 5 and 6 (storage_tables.h).  Every figure
 * comes from the model library's accounting, none is typed in.
 */
#include "pwc.h"
#include "report/storage_tables.h"

void storage_table5(struct table *t, const unsigned long long *entries,
		    unsigned int n, unsigned int levels)
{
	struct pwc_config a, b;
	unsigned int i;
	u64 ta, tb;

	table_init(t, levels == 5 ?
		   "Table 5: storage (bits) of N entries (TPC) and N L2 entries (CPWC, l4=2, l3=4, ways=1), 5-level paging" :
		   "Table 5: storage (bits) of N entries (TPC) and N L2 entries (CPWC, l4=2, l3=4, ways=1), 4-level paging",
		   "table5");
	table_cols(t, "entries:u tpc_bits:u cpwc_bits:u tpc_over_cpwc:f");
	for (i = 0; i < n; i++) {
		table_row(t);
		table_u64(t, 0, entries[i]);
		if (pwc_size_steps(PWC_KIND_TPC, entries[i], &a) ||
		    pwc_size_steps(PWC_KIND_CPWC, entries[i], &b))
			continue;
		ta = pwc_bits(&a, levels);
		tb = pwc_bits(&b, levels);
		table_u64(t, 1, ta);
		table_u64(t, 2, tb);
		table_f64(t, 3, (double)ta / tb);
	}
}

void storage_table6(struct table *t, const unsigned long long *bits,
		    unsigned int n, unsigned int levels)
{
	struct pwc_config a, b;
	unsigned int i;
	int ra, rb;

	table_init(t, levels == 5 ?
		   "Table 6: entries that fit in N bits, 5-level paging" :
		   "Table 6: entries that fit in N bits, 4-level paging",
		   "table6");
	table_cols(t, "bits:u tpc_entries:u cpwc_entries:u cpwc_over_tpc:f");
	for (i = 0; i < n; i++) {
		ra = pwc_size_for_budget(PWC_KIND_TPC, bits[i], levels, &a);
		rb = pwc_size_for_budget(PWC_KIND_CPWC, bits[i], levels, &b);
		table_row(t);
		table_u64(t, 0, bits[i]);
		if (!ra)
			table_u64(t, 1, a.entries);
		if (!rb)
			table_u64(t, 2, b.blocks);
		if (!ra && !rb)
			table_f64(t, 3, (double)b.blocks / a.entries);
	}
}
