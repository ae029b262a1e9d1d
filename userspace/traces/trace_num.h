/* SPDX-License-Identifier: GPL-2.0 */
/*
 * trace_num.h - the numbers of the line-based trace formats (text, lackey,
 * kernelslist.g), read strictly.  strtoull() alone takes leading blanks, a
 * sign ("-1000" wraps to 0xfffffffffffff000) and, in base 16, an "0x" of
 * its own (so "0x0x10" after the caller's 0x): these take digits only, and
 * a number over 64 bits is refused, never cut or clamped.
 */
#ifndef TRACE_NUM_H
#define TRACE_NUM_H

#include <ctype.h>
#include <limits.h>
#include <stddef.h>

/*
 * The digits at @p in @base (10 or 16) into *@v: the end of them, or NULL
 * when there is none or the number does not fit in 64 bits.
 */
static inline const char *trace_num(const char *p, unsigned int base,
				    unsigned long long *v)
{
	const char *start = p;
	unsigned int d;

	*v = 0;
	for (;; p++) {
		if (isdigit((unsigned char)*p))
			d = *p - '0';
		else if (base == 16 && isxdigit((unsigned char)*p))
			d = tolower((unsigned char)*p) - 'a' + 10;
		else
			break;
		if (*v > (ULLONG_MAX - d) / base)
			return NULL;
		*v = *v * base + d;
	}
	return p == start ? NULL : p;
}

static inline const char *trace_hex(const char *p, unsigned long long *v)
{
	return trace_num(p, 16, v);
}

static inline const char *trace_dec(const char *p, unsigned long long *v)
{
	return trace_num(p, 10, v);
}

#endif /* TRACE_NUM_H */
