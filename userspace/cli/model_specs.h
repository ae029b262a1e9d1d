/* SPDX-License-Identifier: GPL-2.0 */
/*
 * model_specs.h - the model specs the tools take, as the registry has
 * them (pwc_registry.c: each model's name and parameters), for --help
 * and `pwcsim replay --list` (the bash completion reads that).
 */
#ifndef _CLI_MODEL_SPECS_H
#define _CLI_MODEL_SPECS_H

#include <stdio.h>

/* The "-m, --model SPEC" lines of a usage: each model's spec form. */
void model_specs_usage(FILE *f);

/* One line per model: its name, then its parameters' names. */
void model_specs_list(FILE *f);

#endif /* _CLI_MODEL_SPECS_H */
