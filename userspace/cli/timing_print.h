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

/* @rec started with a run's source, its tables (real or synthetic), levels */
void run_record_head(struct record *rec, const char *source, bool real,
		     unsigned int levels);

/* @io: the IOMMU's configuration (its TLBs) */
void timing_print(const struct timing_result *r, const char *source,
		  const struct iommu_config *io, bool json);

#endif /* TIMING_PRINT_H */
