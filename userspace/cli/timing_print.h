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
 * @rec started with a run's source, the --data directory its input was
 * read from (member "data"; NULL: none, no member), its tables (real or
 * synthetic), levels
 */
void run_record_head(struct record *rec, const char *source,
		     const char *data, bool real, unsigned int levels);
/* The text line's source: "BFS", or with --data "BFS (--data DIR)" */
void run_print_source(const char *source, const char *data);

/* @io: the IOMMU's configuration (its TLBs); @data as above */
void timing_print(const struct timing_result *r, const char *source,
		  const char *data, const struct iommu_config *io, bool json);

#endif /* TIMING_PRINT_H */
