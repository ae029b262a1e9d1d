// SPDX-License-Identifier: GPL-2.0
/*
 * trace_formats.c - the valgrind lackey and `perf script` readers
 * (trace_formats.h).
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "addr_stream.h"
#include "trace_formats.h"

/*
 * lackey: "I  ADDR,SIZE" (an instruction fetch), " L ADDR,SIZE",
 * " S ADDR,SIZE", " M ADDR,SIZE" (load, store, modify); valgrind's own
 * "==PID==" lines are skipped.
 */
int lackey_next(struct addr_stream *s, unsigned long long *va)
{
	char *p, *end;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf;
		if (!strncmp(p, "==", 2) || !strcspn(p, "\r\n"))
			continue;
		if (!strncmp(p, "I  ", 3)) {
			if (!s->with_ifetch)
				continue;
			p += 3;
		} else if (p[0] == ' ' && strchr("LSM", p[1]) && p[1] &&
			   p[2] == ' ') {
			p += 3;
		} else {
			return addr_bad(s, "not a lackey line");
		}
		errno = 0;
		*va = strtoull(p, &end, 16);
		if (errno || end == p || *end != ',' || !isdigit(end[1]))
			return addr_bad(s, "not a lackey access");
		s->count++;
		return 1;
	}
	return r;
}

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
int perf_next(struct addr_stream *s, unsigned long long *va)
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
