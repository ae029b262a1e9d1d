// SPDX-License-Identifier: GPL-2.0
/*
 * perf.c - the `perf script` reader (trace_reader.h): the addr field of
 * each sample of one process.
 */
#include <stdbool.h>
#include <stdio.h>
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

#define DIGITS "0123456789"
/* The largest pid a kernel gives (PID_MAX_LIMIT, linux/threads.h). */
#define PERF_PID_MAX 4194304ULL

/* The next blank-separated field at *@p (its length in *@len), or NULL. */
static const char *perf_field(const char **p, size_t *len)
{
	const char *f = *p + strspn(*p, " \t\r\n");

	*len = strcspn(f, " \t\r\n");
	*p = f + *len;
	return *len ? f : NULL;
}

/* "PID" or "PID/TID" */
static bool perf_is_pid(const char *f, size_t len)
{
	const char *slash = memchr(f, '/', len);
	size_t n = slash ? (size_t)(slash - f) : len;

	return all_of(f, n, DIGITS) &&
	       (!slash || all_of(slash + 1, len - n - 1, DIGITS));
}

/* "SECONDS.FRACTION:" */
static bool perf_is_time(const char *f, size_t len)
{
	const char *dot = memchr(f, '.', len);
	size_t n = dot ? (size_t)(dot - f) : 0;

	return dot && f[len - 1] == ':' && all_of(f, n, DIGITS) &&
	       all_of(dot + 1, len - n - 2, DIGITS);
}

/* What perf prints after the pid: "[CPU]", "TIME:", "EVENT:". */
static bool perf_is_mark(const char *f, size_t len)
{
	return f[0] == '[' || f[len - 1] == ':';
}

/*
 * The pid field right before the time ("[CPU]" between them), or NULL;
 * *@after: where the fields after the pid start.  comm may be any words,
 * digits too ("12", "Web 2 Content"): only its place tells the pid.
 */
static const char *perf_pid_timed(const char *line, const char **after)
{
	const char *p = line, *f, *pid = NULL;
	bool cpu = false;
	size_t len;

	while ((f = perf_field(&p, &len))) {
		if (pid && perf_is_time(f, len))
			return pid;
		if (perf_is_pid(f, len)) {
			pid = f;
			*after = p;
			cpu = false;
		} else if (pid && !cpu && f[0] == '[') {
			cpu = true;
		} else {
			pid = NULL;
		}
	}
	return NULL;
}

/*
 * No time field (perf script -F without time): the last number before
 * "[CPU]" or "EVENT:", or with neither the first number (a numeric comm
 * cannot be told from the pid then); NULL if there is none.
 */
static const char *perf_pid_untimed(const char *line, const char **after)
{
	const char *p = line, *f, *pid = NULL, *first = NULL;
	const char *first_after = NULL;
	size_t len;

	while ((f = perf_field(&p, &len)) && !perf_is_mark(f, len)) {
		if (!perf_is_pid(f, len))
			continue;
		if (!first) {
			first = f;
			first_after = p;
		}
		pid = f;
		*after = p;
	}
	if (f || !first)
		return pid;
	*after = first_after;
	return first;
}

/*
 * The period field at @f: decimal ("%10lu"), printed between the time and
 * "EVENT:" (builtin-script.c, process_event()), so followed by the event
 * at @p.
 */
static bool perf_is_period(const char *f, size_t len, const char *p)
{
	const char *e;
	size_t elen;

	if (!all_of(f, len, DIGITS))
		return false;
	e = perf_field(&p, &elen);
	return e && e[elen - 1] == ':';
}

/*
 * The addr field, the first after the pid that is not "[CPU]", "TIME:",
 * the period or "EVENT:": 1 with *@va, or -1 (message printed).
 */
static int perf_addr(struct addr_stream *s, const char *p,
		     unsigned long long *va)
{
	const char *f;
	size_t len;

	while ((f = perf_field(&p, &len)) &&
	       (perf_is_mark(f, len) || perf_is_period(f, len, p)))
		;
	if (!f)
		return addr_bad(s, "no addr field (perf script -F ...,addr)");
	if (len > 16 || !all_of(f, len, DIGITS "abcdefABCDEF"))
		return addr_bad(s, "not a hexadecimal addr field");
	*va = strtoull(f, NULL, 16);
	return 1;
}

/*
 * A callchain line of the sample before (perf record -g, its ip printed):
 * a tab, then the frame's "IP SYM+OFF (DSO)"; a sample's line starts with
 * its comm or pid, padded with spaces.
 */
static bool perf_is_callchain(const char *line)
{
	const char *f = line;
	size_t len;

	if (line[0] != '\t')
		return false;
	f = perf_field(&f, &len);
	return f && len <= 16 && all_of(f, len, DIGITS "abcdefABCDEF");
}

/*
 * At the end, said once: no sample of s->pid at all (a --pid that names
 * another process), or samples skipped by a lone number, which perf
 * script's default fields (-F +addr) print for the tid, not the pid, and
 * which may be another thread's of the same process.
 */
static void perf_end_warn(struct addr_stream *s)
{
	if (s->perf_ended || s->quiet)
		return;
	s->perf_ended = true;
	if (s->pid && !s->count && s->tc.skipped)
		fprintf(stderr, "pwcsim: warning: %s: no sample of process %d (%llu of other processes skipped: is --pid right?)\n",
			s->name, s->pid, s->tc.skipped);
	if (s->perf_mixed)
		fprintf(stderr, "pwcsim: warning: %s: samples of more than one pid or tid, replayed as one address space (threads of one process, or processes: perf script -F +pid prints PID/TID, and trace convert --pid keeps one process)\n",
			s->name);
	if (!s->lone_skipped)
		return;
	fprintf(stderr, "pwcsim: warning: %s: %llu sample%s skipped as not process %d's had a pid or tid alone (perf script's default fields print the tid: threads of %d other than its first are skipped too; -F +pid prints PID/TID)\n",
		s->name, s->lone_skipped, s->lone_skipped == 1 ? "" : "s",
		s->pid, s->pid);
}

/*
 * Without --pid, are the samples one process's?  A "PID/TID" field of
 * another pid than the first sample's: refused, -1 (two address spaces
 * would be replayed as one); a lone number (perf script's default prints
 * the tid, which threads of one process differ in) other than the first:
 * noted, said at the end (perf_end_warn()).  0 otherwise.
 */
static int perf_one_process(struct addr_stream *s, const char *pid,
			    unsigned long long id)
{
	unsigned long long v = id + 1;
	bool lone = pid[strspn(pid, DIGITS)] != '/';
	char msg[160];

	if (!s->perf_first) {
		s->perf_first = v;
		return 0;
	}
	if (v == s->perf_first)
		return 0;
	if (lone) {
		s->perf_mixed = true;
		return 0;
	}
	snprintf(msg, sizeof(msg), "a sample of process %llu after process %llu's: two address spaces (trace convert --pid PID keeps one)",
		 v - 1, s->perf_first - 1);
	return addr_bad(s, msg);
}

/*
 * perf script: fields in perf's order -- comm (any words, digits too),
 * "PID" or "PID/TID", "[CPU]", "TIME:", the period, "EVENT:", then the addr field
 * (hex, no 0x); what follows (ip, sym, ...) is ignored, and so are
 * perf's side-band records (PERF_RECORD_MMAP2, ... lines) and a sample's
 * callchain lines.  Samples of
 * another process than s->pid (when set), and samples without an address
 * (0), are skipped and counted.
 */
static int perf_next(struct addr_stream *s, unsigned long long *va)
{
	const char *p, *pid, *after = NULL;
	unsigned long long id;
	int r;

	while ((r = addr_read_line(s)) > 0) {
		p = s->buf + strspn(s->buf, " \t");
		if (*p == '#' || !strcspn(p, "\r\n"))
			continue;
		/* a side-band record (--show-mmap-events, ...), no sample */
		if (strstr(p, " PERF_RECORD_") || perf_is_callchain(s->buf))
			continue;
		pid = perf_pid_timed(p, &after);
		if (!pid)
			pid = perf_pid_untimed(p, &after);
		if (!pid)
			return addr_bad(s, "no pid field (perf script -F ...,pid,...)");
		/* at most 7 digits: strtoull() then cannot saturate */
		id = strspn(pid, DIGITS) <= 7 ? strtoull(pid, NULL, 10) :
						PERF_PID_MAX + 1;
		if (id > PERF_PID_MAX)
			return addr_bad(s, "a pid above 4194304, the kernel's limit (PID_MAX_LIMIT)");
		if (perf_addr(s, after, va) < 0)
			return -1;
		if (s->pid && id != (unsigned long long)s->pid) {
			s->tc.skipped++;
			if (pid[strspn(pid, DIGITS)] != '/')
				s->lone_skipped++;
			continue;
		}
		if (!*va) {
			s->tc.no_addr++;
			continue;
		}
		/* a sample without an address adds no address space */
		if (!s->pid && perf_one_process(s, pid, id))
			return -1;
		s->count++;
		return 1;
	}
	if (!r)
		perf_end_warn(s);
	return r;
}

const struct trace_reader perf_reader = {
	.next = perf_next,
};
