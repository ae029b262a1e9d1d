// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_registry.c - the models pwcsim knows, by kind: the rows of
 * pwc_models.h (adding a model is its own file, pwc_<name>.c with its
 * ops, plus a row there).
 */
#include "pwc.h"

static const struct pwc_ops *const pwc_registry[PWC_KIND_COUNT] = {
#define PWC_MODEL(KIND, name) \
	[PWC_KIND_##KIND] = &pwc_##name##_ops,
#include "pwc_models.h"
#undef PWC_MODEL
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
