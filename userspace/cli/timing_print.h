/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timing_print.h - `pwcsim run --timing`'s output (timing_print.c): a
 * table of each model's translation in time, or JSON with the members
 * Documentation/timing.rst lists; and the members every JSON of `pwcsim
 * run` opens with.
 */
#ifndef TIMING_PRINT_H
#define TIMING_PRINT_H

#include <stdbool.h>

#include "engine/run_timing.h"
#include "output/table.h"

/*
 * What a run ran: @source, a workload's name or a trace's path; for a
 * workload (-w) the workload @w, its input's @size and its options @wo,
 * else NULL.  For an Accel-Sim trace @accel: run on the GPU model with
 * @gpu (scheduled), or read in file order (@gpu NULL).
 */
struct run_what {
	const char *source;
	const struct workload *w;
	const char *size;
	const struct workload_opts *wo;
	bool accel;
	const struct gpu_params *gpu;
};

/*
 * @rec started with the run's source, for a workload the member
 * "workload" (its size and every option that changes its stream, the
 * --data directory if one), its tables (real or synthetic), levels
 */
void run_record_head(struct record *rec, const struct run_what *what,
		     bool real, unsigned int levels);
/*
 * The text line's source: a trace's path; a workload's name and its
 * input, "BFS (size small)", "RAY (size full, inputs table1)",
 * "BFS (size full, --data DIR)"
 */
void run_print_source(const struct run_what *what);

/* @io: the IOMMU's configuration (its TLBs) */
void timing_print(const struct timing_result *r, const struct run_what *what,
		  const struct iommu_config *io, bool json);

#endif /* TIMING_PRINT_H */
