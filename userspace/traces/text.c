// SPDX-License-Identifier: GPL-2.0
/*
 * text.c - the text trace reader (trace_reader.h): one hexadecimal address
 * per line, optional 0x (once: "0x0x10" is not an address), '#' comments
 * and blank lines ignored.
 */
#include <ctype.h>

#include "traces/trace_num.h"
#include "traces/trace_reader.h"

static int text_next(struct addr_stream *s, unsigned long long *va)
{
	const char *p, *end;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf;
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#')
			continue;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
			p += 2;
		end = trace_hex(p, va);
		if (!end)
			break;
		while (isspace((unsigned char)*end))
			end++;
		if (*end && *end != '#')
			break;
		s->count++;
		return 1;
	}
	return r > 0 ? addr_bad(s, "not a hexadecimal address") : r;
}

const struct trace_reader text_reader = {
	.next = text_next,
};
