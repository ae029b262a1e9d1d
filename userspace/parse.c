// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - option-value parsers shared by the commands: counts with k/M/G
 * suffixes, process ids, paging levels, hexadecimal address ranges.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

int parse_count(const char *s, unsigned long long max,
		unsigned long long *out)
{
	unsigned long long v, mul = 1;
	char *end;

	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -1;
	if (*end == 'k' || *end == 'K')
		mul = 1000;
	else if (*end == 'M')
		mul = 1000000;
	else if (*end == 'G')
		mul = 1000000000;
	if (mul != 1)
		end++;
	if (*end || v > max / mul)
		return -1;
	*out = v * mul;
	return 0;
}

int parse_pid(const char *s, unsigned long long *pid)
{
	if (parse_count(s, 4194304, pid) || !*pid) {
		fprintf(stderr, "pwcsim: --pid takes a process id\n");
		return -1;
	}
	return 0;
}

int parse_levels(const char *s, unsigned int *levels)
{
	if (!strcmp(s, "4"))
		*levels = 4;
	else if (!strcmp(s, "5"))
		*levels = 5;
	else {
		fprintf(stderr, "pwcsim: --levels takes 4 or 5, not '%s'\n", s);
		return -1;
	}
	return 0;
}

int parse_range(const char *s, struct pwc_synth_range *r)
{
	const char *arg = s;
	char *end;

	errno = 0;
	r->start = strtoull(s, &end, 16);
	if (errno || end == s || *end != '-')
		goto bad;
	s = end + 1;
	r->end = strtoull(s, &end, 16);
	if (errno || end == s || *end || r->end <= r->start)
		goto bad;
	return 0;
bad:
	fprintf(stderr, "pwcsim: bad range '%s' (want START-END in hex, START < END)\n",
		arg);
	return -1;
}
