// SPDX-License-Identifier: GPL-2.0
/*
 * bench_instr.c - the instruction counts of pwcsim-bench --instructions
 * (bench_instr.h).  valgrind's cachegrind with --cache-sim=no counts the
 * instructions a process executes (its "I refs") and nothing else: the
 * same binary on the same input gives the same count on any load and
 * wherever its files sit in memory, which a time on this kind of machine
 * does not (Documentation/testing.rst).  The count is of the whole
 * process: its start and the reading of the trace too.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>

#include "tests/bench_files.h"
#include "tests/bench_instr.h"

/* valgrind's arguments before the process's own. */
#define BENCH_VG_ARGS 5

/* The "I refs" figure of cachegrind's log @log; -1 if it has none. */
static long long bench_irefs(const char *log)
{
	char line[256], *p;
	long long n = -1;
	FILE *f = fopen(log, "r");

	while (f && fgets(line, sizeof(line), f)) {
		p = strstr(line, "I   refs:");
		if (!p)
			continue;
		for (n = 0, p += 9; *p && *p != '\n'; p++)
			if (*p >= '0' && *p <= '9')
				n = n * 10 + (*p - '0');
			else if (*p != ',' && *p != ' ')
				n = -1;
		break;
	}
	if (f)
		fclose(f);
	return n;
}

/*
 * The child: valgrind running @argv, its log to @log, its arguments in
 * @vg (room for BENCH_VG_ARGS, @argv's and a NULL); never returns.
 */
static void bench_vg_exec(const char *const *argv, const char *log,
			  const char **vg)
{
	static const char *const head[BENCH_VG_ARGS - 1] = {
		"valgrind", "--tool=cachegrind", "--cache-sim=no",
		"--cachegrind-out-file=/dev/null",
	};
	char logarg[BENCH_NAME_MAX + 16];
	unsigned int i;

	snprintf(logarg, sizeof(logarg), "%s%s", "--log-file=", log);
	for (i = 0; i < BENCH_VG_ARGS - 1; i++)
		vg[i] = head[i];
	vg[i] = logarg;
	for (i = 0; argv[i]; i++)
		vg[BENCH_VG_ARGS + i] = argv[i];
	vg[BENCH_VG_ARGS + i] = NULL;
	if (!freopen("/dev/null", "w", stdout))
		_exit(127);
	execvp(vg[0], (char **)vg);
	fprintf(stderr, "pwcsim-bench: --instructions needs valgrind: %s\n",
		strerror(errno));
	_exit(127);
}

long long bench_instructions(const char *const *argv)
{
	char log[BENCH_NAME_MAX];
	long long n = -1;
	const char **vg;
	size_t na = 0;
	int fd, st;
	pid_t pid;

	while (argv[na])
		na++;
	vg = calloc(BENCH_VG_ARGS + na + 1, sizeof(*vg));
	if (!vg) {
		fprintf(stderr, "pwcsim-bench: out of memory\n");
		return -1;
	}
	fd = bench_file_new(log);
	if (fd < 0) {
		free(vg);
		return -1;
	}
	close(fd);
	fflush(stdout);
	pid = fork();
	if (pid == 0)
		bench_vg_exec(argv, log, vg);
	free(vg);
	if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
	    !WEXITSTATUS(st))
		n = bench_irefs(log);
	if (n < 0)
		fprintf(stderr, "pwcsim-bench: %s under valgrind failed (its log: no count)\n",
			argv[0]);
	bench_file_remove(log);
	return n;
}
