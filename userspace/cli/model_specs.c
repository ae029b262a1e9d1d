// SPDX-License-Identifier: GPL-2.0
/*
 * model_specs.c - the model specs the tools take, from the registry
 * (model_specs.h): a model added to pwc_registry.c shows in --help and
 * in `pwcsim replay --list` without a line here.
 */
#include <string.h>

#include "pwc.h"
#include "cli/model_specs.h"

#define SPEC_INDENT 25		/* the usage's column of descriptions */
#define SPEC_WIDTH 79

/* @ops's spec form, "tpc[:entries=,ways=]", into @buf */
static void spec_form(const struct pwc_ops *ops, char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "%s", ops->name);
	unsigned int i;

	for (i = 0; i < ops->nparams && n < len; i++)
		n += snprintf(buf + n, len - n, "%s%s=", i ? "," : "[:",
			      ops->params[i].name);
	if (ops->nparams && n < len)
		snprintf(buf + n, len - n, "]");
}

void model_specs_usage(FILE *f)
{
	const struct pwc_ops *ops;
	unsigned int col, k;
	char form[128];
	size_t w;

	col = fprintf(f, "  -m, --model SPEC       ");
	for (k = 0; (ops = pwc_kind_ops(k)); k++) {
		spec_form(ops, form, sizeof(form));
		w = strlen(form) + 1;	/* and its comma */
		if (k && col + 1 + w > SPEC_WIDTH)
			col = fprintf(f, ",\n%*s", SPEC_INDENT, "") - 2;
		else if (k)
			col += fprintf(f, ", ");
		col += fprintf(f, "%s", form);
	}
	fprintf(f, "\n%*s(ways=W: W entries per set; --list: the models)\n",
		SPEC_INDENT, "");
}

void model_specs_list(FILE *f)
{
	const struct pwc_ops *ops;
	unsigned int i, k;

	for (k = 0; (ops = pwc_kind_ops(k)); k++) {
		fprintf(f, "%s", ops->name);
		for (i = 0; i < ops->nparams; i++)
			fprintf(f, " %s", ops->params[i].name);
		fprintf(f, "\n");
	}
}
