// SPDX-License-Identifier: GPL-2.0
/*
 * timing_print.c - `pwcsim run --timing`'s output (timing_print.h): the
 * run's settings, then one row of figures per model
 * (engine/timing_figures.h), as a table or as JSON records.
 */
#include <stdio.h>

#include "cli/options.h"
#include "cli/timing_print.h"
#include "engine/timing_figures.h"

void run_record_head(struct record *rec, const struct run_what *what,
		     bool real, unsigned int levels)
{
	const struct workload_opts *wo = what->wo;
	struct record *w;

	record_init(rec);
	record_str(rec, "source", what->source);
	if (wo) {	/* its input, then the stream's (0: no window) */
		w = record_object(rec, "workload");
		shared_record_input(w, what->w, what->size, wo);
		record_str(w, "iotlb_at", workload_at_names[wo->at]);
		record_f64(w, "jitter", wo->jitter);
		record_u64(w, "warmup", wo->warmup);
		record_u64(w, "window", wo->window);
	}
	if (what->accel)
		shared_record_trace(rec, "trace", what->gpu);
	record_str(rec, "tables", real ? "real" : "synthetic");
	record_u64(rec, "levels", levels);
}

void run_print_source(const struct run_what *what)
{
	printf("%s", what->source);
	if (what->accel && what->gpu)
		printf(" (Accel-Sim trace on the GPU model, at %s%s)",
		       workload_at_names[what->gpu->at],
		       what->gpu->ifetch ? ", with instruction fetches" : "");
	else if (what->accel)
		printf(" (Accel-Sim trace in file order)");
	if (!what->wo)
		return;
	printf(" (size %s", what->size);
	if (what->wo->table1)
		printf(", inputs table1");
	if (what->wo->data)
		printf(", --data %s", what->wo->data);
	if (what->wo->at != WORKLOAD_IOTLB_AT)
		printf(", at %s", workload_at_names[what->wo->at]);
	printf(")");
}

void timing_print(const struct timing_result *r, const struct run_what *what,
		  const struct iommu_config *io, bool json)
{
	unsigned int tlb = io->tlb;
	struct record rec;
	struct table t;

	if (!json) {
		run_print_source(what);
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
	run_record_head(&rec, what, r->real, r->levels);
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
