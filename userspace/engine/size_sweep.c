// SPDX-License-Identifier: GPL-2.0
/*
 * size_sweep.c - the models' sweeps of sizes (size_sweep.h), by kind:
 * each row of pwc_models.h names a weak <name>_sweep, which is NULL
 * unless an engine source defines it.
 */
#include "engine/size_sweep.h"

#define PWC_MODEL(KIND, name) \
	extern const struct size_sweep name##_sweep __attribute__((weak));
#include "pwc_models.h"
#undef PWC_MODEL

const struct size_sweep *size_sweep_of(enum pwc_kind kind)
{
	static const struct size_sweep *const sweeps[PWC_KIND_COUNT] = {
#define PWC_MODEL(KIND, name) [PWC_KIND_##KIND] = &name##_sweep,
#include "pwc_models.h"
#undef PWC_MODEL
	};

	return (unsigned int)kind < PWC_KIND_COUNT ? sweeps[kind] : NULL;
}
