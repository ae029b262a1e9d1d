/* SPDX-License-Identifier: GPL-2.0 */
/*
 * storage_tables.h - the paper's storage tables from the model library's
 * accounting, for `pwcsim storage` and `pwcsim report`: Table 5 (bits a
 * TPC of N entries and a CPWC of N L2 entries take) and Table 6 (entries
 * each holds in N bits).
 */
#ifndef STORAGE_TABLES_H
#define STORAGE_TABLES_H

#include "output/table.h"

#define STORAGE_TABLE5_ENTRIES { 8, 16, 24, 32, 48, 62, 64, 128, 256 }
#define STORAGE_TABLE6_BITS { 1000, 2000, 5280, 10000, 20000, 40000 }

void storage_table5(struct table *t, const unsigned long long *entries,
		    unsigned int n, unsigned int levels);
void storage_table6(struct table *t, const unsigned long long *bits,
		    unsigned int n, unsigned int levels);

#endif /* STORAGE_TABLES_H */
