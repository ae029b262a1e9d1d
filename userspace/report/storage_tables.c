// SPDX-License-Identifier: GPL-2.0
/*
 * storage_tables.c - Tables 5 and 6 (storage_tables.h).  Every figure
 * comes from the model library's accounting, none is typed in.
 */
#include "pwc.h"
#include "report/storage_tables.h"

/* Table 5's row of @entries: the bits of each (none if it cannot size). */
static void storage_row5(struct table *t, unsigned long long entries,
			 unsigned int levels)
{
	struct pwc_config a, b;
	u64 ta, tb;

	if (pwc_size_steps(PWC_KIND_TPC, entries, &a) ||
	    pwc_size_steps(PWC_KIND_CPWC, entries, &b))
		return;
	ta = pwc_bits(&a, levels);
	tb = pwc_bits(&b, levels);
	table_u64(t, 1, ta);
	table_u64(t, 2, tb);
	table_f64(t, 3, (double)ta / tb);
}

/* Table 6's row of @bits: the entries each fits (none if nothing fits). */
static void storage_row6(struct table *t, unsigned long long bits,
			 unsigned int levels)
{
	struct pwc_config a, b;
	int ra = pwc_size_for_budget(PWC_KIND_TPC, bits, levels, &a);
	int rb = pwc_size_for_budget(PWC_KIND_CPWC, bits, levels, &b);

	if (!ra)
		table_u64(t, 1, a.entries);
	if (!rb)
		table_u64(t, 2, b.blocks);
	if (!ra && !rb)
		table_f64(t, 3, (double)b.blocks / a.entries);
}

/*
 * Table 5 (@which 0) or 6 (1) of @n values @v: its title, which names
 * the paging levels, and a row each, its value first.
 */
static void storage_table(struct table *t, unsigned int which,
			  const unsigned long long *v, unsigned int n,
			  unsigned int levels)
{
	static const char *const title[2][2] = {
		{ "Table 5: storage (bits) of N entries (TPC) and N L2 entries (CPWC, l4=2, l3=4, ways=1), 4-level paging",
		  "Table 5: storage (bits) of N entries (TPC) and N L2 entries (CPWC, l4=2, l3=4, ways=1), 5-level paging" },
		{ "Table 6: entries that fit in N bits, 4-level paging",
		  "Table 6: entries that fit in N bits, 5-level paging" },
	};
	static const char *const key[2] = { "table5", "table6" };
	static const char *const cols[2] = {
		"entries:u tpc_bits:u cpwc_bits:u tpc_over_cpwc:f",
		"bits:u tpc_entries:u cpwc_entries:u cpwc_over_tpc:f",
	};
	unsigned int i;

	table_init(t, title[which][levels == 5], key[which]);
	table_cols(t, cols[which]);
	for (i = 0; i < n; i++) {
		table_row(t);
		table_u64(t, 0, v[i]);
		(which ? storage_row6 : storage_row5)(t, v[i], levels);
	}
}

void storage_table5(struct table *t, const unsigned long long *entries,
		    unsigned int n, unsigned int levels)
{
	storage_table(t, 0, entries, n, levels);
}

void storage_table6(struct table *t, const unsigned long long *bits,
		    unsigned int n, unsigned int levels)
{
	storage_table(t, 1, bits, n, levels);
}
