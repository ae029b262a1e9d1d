// SPDX-License-Identifier: GPL-2.0
/*
 * lackey.c - the valgrind lackey reader (trace_reader.h), for traces of
 * valgrind --tool=lackey --trace-mem=yes.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "traces/trace_reader.h"

/*
 * lackey: "I  ADDR,SIZE" (an instruction fetch), " L ADDR,SIZE",
 * " S ADDR,SIZE", " M ADDR,SIZE" (load, store, modify); valgrind's own
 * "==PID==" lines are skipped.
 */
static int lackey_next(struct addr_stream *s, unsigned long long *va)
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

const struct trace_reader lackey_reader = {
	.next = lackey_next,
};
