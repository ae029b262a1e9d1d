// SPDX-License-Identifier: GPL-2.0
/*
 * parse.c - option-value parsers shared by the commands: counts with k/M/G
 * suffixes, names from a list, process ids, paging levels, hexadecimal
 * address ranges, huge leaves' ranges, increasing lists (--sweep).  Each
 * is a fuzz target's (fuzz/fuzz_args.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/parse.h"
#include "traces/trace_num.h"

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

int parse_name(const char *arg, const char *opt, const char *const *names,
	       unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (!strcmp(arg, names[i]))
			return i;
	fprintf(stderr, "pwcsim: %s takes", opt);
	for (i = 0; i < n; i++)
		fprintf(stderr, "%s %s", !i ? "" : i + 1 < n ? "," : " or",
			names[i]);
	fputc('\n', stderr);
	return -1;
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

int parse_path(const char *s, const char *what)
{
	if (*s)
		return 0;
	fprintf(stderr, "pwcsim: %s '': an empty name (a file, or - for stdin)\n",
		what);
	return -1;
}

/*
 * A hexadecimal number at @s, "0x" optional, into *@v, *@end past it; -1
 * if none or over 64 bits (trace_hex(): no blanks, sign or second 0x).
 */
static int parse_hex(const char *s, unsigned long long *v, const char **end)
{
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		s += 2;
	*end = trace_hex(s, v);
	return *end ? 0 : -1;
}

int parse_range(const char *s, struct pwc_synth_range *r)
{
	const char *arg = s;
	const char *end;

	if (parse_hex(s, &r->start, &end) || *end != '-')
		goto bad;
	s = end + 1;
	if (parse_hex(s, &r->end, &end) || *end || r->end <= r->start)
		goto bad;
	return 0;
bad:
	fprintf(stderr, "pwcsim: bad range '%s' (want START-END in hex, START < END)\n",
		arg);
	return -1;
}

int parse_huge_range(const char *s, const char *opt, unsigned long long size,
		     struct pwc_synth_range *r)
{
	const char *what = size == 1ULL << 30 ? "1 GiB" : "2 MiB";

	if (parse_range(s, r))
		return -1;
	/* a leaf maps its whole aligned region: no MMU builds another table */
	if ((r->start | r->end) & (size - 1)) {
		fprintf(stderr, "pwcsim: %s '%s': START and END must be multiples of 0x%llx (a %s leaf maps a whole aligned %s)\n",
			opt, s, size, what, what);
		return -1;
	}
	return 0;
}

int parse_increasing(const char *s, const char *opt, unsigned long long lo,
		     unsigned long long hi, unsigned long long *v,
		     unsigned int max, unsigned int *n)
{
	const char *p = s;
	char tok[24];
	size_t len;

	*n = 0;
	do {
		len = strcspn(p, ",");
		if (*n == max) {
			fprintf(stderr, "pwcsim: %s '%s': at most %u values\n",
				opt, s, max);
			return -1;
		}
		snprintf(tok, sizeof(tok), "%.*s", (int)len, p);
		if (!len || len >= sizeof(tok) || parse_count(tok, hi, &v[*n]) ||
		    v[*n] < lo) {
			fprintf(stderr, "pwcsim: %s '%s': '%.*s' is not a number from %llu to %llu\n",
				opt, s, (int)len, p, lo, hi);
			return -1;
		}
		if (*n && v[*n] <= v[*n - 1]) {
			fprintf(stderr, "pwcsim: %s '%s': give the values in increasing order, each once (%llu after %llu)\n",
				opt, s, v[*n], v[*n - 1]);
			return -1;
		}
		++*n;
		p += len;
	} while (*p++ == ',');
	return 0;
}
