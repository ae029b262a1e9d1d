/* SPDX-License-Identifier: GPL-2.0 */
/*
 * parse.h - option-value parsers shared by the commands (parse.c).
 */
#ifndef PARSE_H
#define PARSE_H

#include "pwc_synth.h"

/* A positive decimal number with an optional k/M/G suffix, at most @max. */
int parse_count(const char *s, unsigned long long max,
		unsigned long long *out);
/* A process id (1 to 4194304); prints a message otherwise. */
int parse_pid(const char *s, unsigned long long *pid);
/* "4" or "5"; prints a message otherwise. */
int parse_levels(const char *s, unsigned int *levels);
/* "START-END" in hex, START < END; prints a message otherwise. */
int parse_range(const char *s, struct pwc_synth_range *r);

#endif /* PARSE_H */
