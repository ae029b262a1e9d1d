// SPDX-License-Identifier: GPL-2.0
/*
 * lackey.c - the valgrind lackey reader (trace_reader.h), for traces of
 * valgrind --tool=lackey --trace-mem=yes.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "traces/trace_num.h"
#include "traces/trace_reader.h"

/*
 * "ADDR,SIZE" to the end of the line, as lk_main.c prints it ("%08lx,%lu":
 * hex, then decimal, nothing after but the line's end); an 0x is taken for
 * traces written by hand.
 */
static bool lackey_access(const char *p, unsigned long long *va)
{
	unsigned long long size;

	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X'))
		p += 2;
	p = trace_hex(p, va);
	if (!p || *p != ',')
		return false;
	p = trace_dec(p + 1, &size);
	return p && !p[strspn(p, " \t\r\n")];
}

/* "ADDR" to the end of the line: a superblock's ("SB %08lx"). */
static bool lackey_superblock(const char *p)
{
	unsigned long long va;

	p = trace_hex(p, &va);
	return p && !p[strspn(p, " \t\r\n")];
}

/*
 * lackey: "I  ADDR,SIZE" (an instruction fetch), " L ADDR,SIZE",
 * " S ADDR,SIZE", " M ADDR,SIZE" (load, store, modify); valgrind's own
 * "==PID==" lines are skipped, and so are "SB ADDR" lines
 * (--trace-superblocks=yes: where a superblock starts, no access of its
 * own).  An I or SB line is checked even when it is skipped: malformed
 * input is an error, never a silent skip.
 */
static int lackey_next(struct addr_stream *s, unsigned long long *va)
{
	const char *p;
	bool fetch;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf;
		if (!strncmp(p, "==", 2) || !strcspn(p, "\r\n"))
			continue;
		if (!strncmp(p, "SB ", 3)) {
			if (!lackey_superblock(p + 3))
				return addr_bad(s, "not a lackey superblock (SB ADDR)");
			s->traced = true;
			continue;
		}
		fetch = !strncmp(p, "I  ", 3);
		if (!fetch && !(p[0] == ' ' && p[1] && strchr("LSM", p[1]) &&
				p[2] == ' '))
			return addr_bad(s, "not a lackey line");
		if (!lackey_access(p + 3, va))
			return addr_bad(s, "not a lackey access (ADDR,SIZE)");
		s->traced = true;
		if (fetch && !s->with_ifetch)
			continue;
		s->count++;
		return 1;
	}
	if (!r && s->line && !s->traced) {	/* valgrind's lines alone */
		fprintf(stderr, "pwcsim: %s: a valgrind log with no access line (lackey without --trace-mem=yes?)\n",
			s->name);
		return -1;
	}
	return r;
}

const struct trace_reader lackey_reader = {
	.next = lackey_next,
};
