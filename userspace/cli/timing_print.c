// SPDX-License-Identifier: GPL-2.0
/*
 * timing_print.c - `pwcsim run --timing`'s output (timing_print.h): the
 * run's settings, then one row of figures per model
 * (engine/timing_figures.h), as a table or as JSON records.
 */
#include <stdio.h>

#include "cli/timing_print.h"
#include "engine/timing_figures.h"

void run_record_head(struct record *rec, const char *source,
		     const char *data, bool real, unsigned int levels)
{
	record_init(rec);
	record_str(rec, "source", source);
	if (data)
		record_str(rec, "data", data);
	record_str(rec, "tables", real ? "real" : "synthetic");
	record_u64(rec, "levels", levels);
}

void run_print_source(const char *source, const char *data)
{
	if (data)
		printf("%s (--data %s)", source, data);
	else
		printf("%s", source);
}

void timing_print(const struct timing_result *r, const char *source,
		  const char *data, const struct iommu_config *io, bool json)
{
	unsigned int tlb = io->tlb;
	struct record rec;
	struct table t;

	if (!json) {
		run_print_source(source, data);
		printf(": %llu translations (the ideal run's), %s %u-level page tables; ",
		       r->addresses, r->real ? "real" : "synthetic",
		       r->levels);
		if (io->l1_tlb)
			printf("L1 TLBs %u entries per SM, ", io->l1_tlb);
		if (tlb)
			printf("IOTLB %u entries; ", tlb);
		else
			printf("no IOTLB; ");
		printf("%u walkers, %s, buffer %u; ideal translation %llu GPU cycles\n",
		       r->walkers,
		       iommu_sched_names[r->sched], r->buffer,
		       r->gpu_cycles_ideal);
		timing_table_init(&t, false);
		timing_table_add(&t, r, NULL);
		table_print_text(&t, stdout);
		table_free(&t);
		return;
	}
	run_record_head(&rec, source, data, r->real, r->levels);
	record_u64(&rec, "tlb_entries", tlb);
	record_u64(&rec, "l1_tlb_entries", io->l1_tlb);
	record_u64(&rec, "walkers", r->walkers);
	record_str(&rec, "walk_sched", iommu_sched_names[r->sched]);
	record_u64(&rec, "iommu_buffer", r->buffer);
	record_u64(&rec, "translations", r->addresses);
	record_u64(&rec, "gpu_cycles_ideal", r->gpu_cycles_ideal);
	record_u64(&rec, "gpu_insts_ideal", r->insts_ideal);
	timing_records(&rec, r);
	record_print_json(&rec, stdout);
	record_free(&rec);
}
