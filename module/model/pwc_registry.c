// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_registry.c - the models pwcsim knows: one row per model, in the
 * order the tools list them (enum pwc_kind).  Adding a model is its own
 * file (pwc_<kind>.c, with its ops) plus a row here.
 */
#include "pwc.h"

static const struct pwc_ops *const pwc_registry[PWC_KIND_COUNT] = {
	[PWC_KIND_TPC] = &pwc_tpc_ops,
	[PWC_KIND_CPWC] = &pwc_cpwc_ops,
	[PWC_KIND_STC] = &pwc_stc_ops,
	[PWC_KIND_UPTC] = &pwc_uptc_ops,
	[PWC_KIND_NONE] = &pwc_none_ops,
	[PWC_KIND_IDEAL] = &pwc_ideal_ops,
};

const struct pwc_ops *pwc_kind_ops(enum pwc_kind kind)
{
	return (unsigned int)kind < PWC_KIND_COUNT ? pwc_registry[kind] : NULL;
}

const char *pwc_kind_name(enum pwc_kind kind)
{
	const struct pwc_ops *ops = pwc_kind_ops(kind);

	return ops ? ops->name : "?";
}

bool pwc_kind_sized(enum pwc_kind kind)
{
	const struct pwc_ops *ops = pwc_kind_ops(kind);

	return ops && ops->size;
}
