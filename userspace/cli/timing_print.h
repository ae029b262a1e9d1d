/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timing_print.h - `pwcsim run --timing`'s output (timing_print.c): a
 * table of each model's translation in time, or JSON with the members
 * Documentation/timing.rst lists.
 */
#ifndef TIMING_PRINT_H
#define TIMING_PRINT_H

#include <stdbool.h>

#include "engine/run_timing.h"

/* @io: the IOMMU's configuration (its TLBs) */
void timing_print(const struct timing_result *r, const char *source,
		  const struct iommu_config *io, bool json);

#endif /* TIMING_PRINT_H */
