// SPDX-License-Identifier: GPL-2.0
/*
 * perf.c - the `perf script` reader (trace_reader.h): the addr field of
 * each sample of one process.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "traces/trace_reader.h"

/* Is [p, p+len) all characters of @set, at least one? */
static bool all_of(const char *p, size_t len, const char *set)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (!strchr(set, p[i]))
			return false;
	return len > 0;
}

/*
 * perf script: fields in perf's order -- comm (any words), "PID" or
 * "PID/TID", "[CPU]", "TIME:", "EVENT:", then the addr field (hex, no
 * 0x); what follows (ip, sym, ...) is ignored.  Samples of another
 * process than s->pid (when set), and samples without an address (0),
 * are skipped and counted.
 */
static int perf_next(struct addr_stream *s, unsigned long long *va)
{
	const char *p, *tok, *slash;
	unsigned long long pid = 0;
	size_t len;
	bool have_pid;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf + strspn(s->buf, " \t");
		if (*p == '#' || !strcspn(p, "\r\n"))
			continue;
		have_pid = false;
		for (;;) {
			p += strspn(p, " \t\r\n");
			tok = p;
			len = strcspn(p, " \t\r\n");
			p += len;
			if (!len)
				return addr_bad(s, have_pid ?
					"no addr field (perf script -F ...,addr)" :
					"no pid field (perf script -F ...,pid,...)");
			slash = memchr(tok, '/', len);
			if (!have_pid) {
				if (!all_of(tok, slash ? (size_t)(slash - tok) : len,
					    "0123456789") ||
				    (slash && !all_of(slash + 1,
						      len - (slash + 1 - tok),
						      "0123456789")))
					continue;	/* comm */
				pid = strtoull(tok, NULL, 10);
				have_pid = true;
			} else if (tok[0] == '[' || tok[len - 1] == ':') {
				continue;		/* cpu, time, event */
			} else if (len <= 16 &&
				   all_of(tok, len, "0123456789abcdefABCDEF")) {
				*va = strtoull(tok, NULL, 16);
				break;
			} else {
				return addr_bad(s, "not a hexadecimal addr field");
			}
		}
		if (s->pid && pid != (unsigned long long)s->pid) {
			s->tc.skipped++;
			continue;
		}
		if (!*va) {
			s->tc.no_addr++;
			continue;
		}
		s->count++;
		return 1;
	}
	return r;
}

const struct trace_reader perf_reader = {
	.next = perf_next,
};
