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
/*
 * The index of @arg among the @n @names (an option's values, indexed by
 * what each names); -1 otherwise, with a message "pwcsim: @opt takes a,
 * b or c".
 */
int parse_name(const char *arg, const char *opt, const char *const *names,
	       unsigned int n);
/* A process id (1 to 4194304); prints a message otherwise. */
int parse_pid(const char *s, unsigned long long *pid);
/* "4" or "5"; prints a message otherwise. */
int parse_levels(const char *s, unsigned int *levels);
/*
 * A trace's name @s (@what: the operand or option naming it): 0, or -1
 * with a message if it is empty (which no file has).
 */
int parse_path(const char *s, const char *what);
/* "START-END" in hex, START < END; prints a message otherwise. */
int parse_range(const char *s, struct pwc_synth_range *r);
/*
 * --huge-2m / --huge-1g's "START-END": a range of whole, aligned leaves of
 * @size bytes (1 << 21 or 1 << 30); prints a message naming @opt otherwise.
 */
int parse_huge_range(const char *s, const char *opt, unsigned long long size,
		     struct pwc_synth_range *r);
/*
 * A list "B1,B2,..." of 1 to @max numbers, increasing, each from @lo to
 * @hi, into @v (*@n of them); prints a message naming @opt and the value
 * at fault otherwise (nothing is dropped: the list is taken whole or not).
 */
int parse_increasing(const char *s, const char *opt, unsigned long long lo,
		     unsigned long long hi, unsigned long long *v,
		     unsigned int max, unsigned int *n);

#endif /* PARSE_H */
