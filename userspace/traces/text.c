// SPDX-License-Identifier: GPL-2.0
/*
 * text.c - the text trace reader (trace_reader.h): one hexadecimal address
 * per line, optional 0x (once: "0x0x10" is not an address), '#' comments
 * and blank lines ignored.
 */
#include <ctype.h>
#include <stdbool.h>
#include <string.h>

#include "traces/trace_num.h"
#include "traces/trace_reader.h"

/*
 * Does @line look like `perf script` output (a "SECONDS.FRACTION:" time
 * field), which is never guessed: its error says what to give.
 */
static bool text_perf_like(const char *line)
{
	const char *p = line;
	size_t n, d;

	while (*(p += strspn(p, " \t"))) {
		n = strcspn(p, " \t\r\n");
		d = strspn(p, "0123456789");
		if (d && d + 2 < n && p[d] == '.' && p[n - 1] == ':' &&
		    strspn(p + d + 1, "0123456789") == n - d - 2)
			return true;
		p += n + !!p[n];
	}
	return false;
}

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
	if (r > 0 && text_perf_like(s->buf))
		return addr_bad(s, "not a hexadecimal address (perf script output? give --format perf)");
	return r > 0 ? addr_bad(s, "not a hexadecimal address") : r;
}

const struct trace_reader text_reader = {
	.next = text_next,
};
