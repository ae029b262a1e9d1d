// SPDX-License-Identifier: GPL-2.0
/*
 * bench_files.c - the temporary files of pwcsim-bench (bench_files.h):
 * their names, a list of those not yet removed for the signal handlers,
 * and copies.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "tests/bench_files.h"

/* Files at once: two a stream (its own, its passes), three a pair. */
#define BENCH_FILES_MAX 40

static const int bench_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define BENCH_NSIGNALS (sizeof(bench_signals) / sizeof(bench_signals[0]))

/*
 * The names of the files made and not yet removed, NULL in a free slot.
 * A slot is written with the signals blocked (bench_files_block()), so a
 * handler never meets a file made but not listed, or half a change.
 */
static char *bench_live[BENCH_FILES_MAX];

static void bench_files_on_signal(int sig)
{
	unsigned int i;

	for (i = 0; i < BENCH_FILES_MAX; i++)
		if (bench_live[i])
			unlink(bench_live[i]);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* The handled signals blocked (@block) or as they were in *@old. */
static void bench_files_block(bool block, sigset_t *old)
{
	sigset_t set;
	unsigned int i;

	if (!block) {
		sigprocmask(SIG_SETMASK, old, NULL);
		return;
	}
	sigemptyset(&set);
	for (i = 0; i < BENCH_NSIGNALS; i++)
		sigaddset(&set, bench_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* A signal ignored at the start (nohup, a background job) stays ignored. */
int bench_files_init(void)
{
	struct sigaction sa, was;
	unsigned int i;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = bench_files_on_signal;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < BENCH_NSIGNALS; i++)
		sigaddset(&sa.sa_mask, bench_signals[i]);
	for (i = 0; i < BENCH_NSIGNALS; i++) {
		if (sigaction(bench_signals[i], NULL, &was) ||
		    (was.sa_handler != SIG_IGN &&
		     sigaction(bench_signals[i], &sa, NULL))) {
			perror("pwcsim-bench: sigaction");
			return -1;
		}
	}
	return 0;
}

int bench_file_new(char *name)
{
	const char *dir = getenv("TMPDIR");
	unsigned int i;
	sigset_t old;
	int n, fd;

	if (!dir || !*dir)
		dir = "/tmp";
	n = snprintf(name, BENCH_NAME_MAX, "%s/pwcsim-bench-XXXXXX", dir);
	if (n < 0 || n >= BENCH_NAME_MAX) {
		fprintf(stderr, "pwcsim-bench: TMPDIR is longer than %d bytes\n",
			BENCH_NAME_MAX - 32);
		name[0] = '\0';
		return -1;
	}
	bench_files_block(true, &old);
	for (i = 0; i < BENCH_FILES_MAX && bench_live[i]; i++)
		;
	fd = i < BENCH_FILES_MAX ? mkostemp(name, O_CLOEXEC) : -1;
	if (fd >= 0)
		bench_live[i] = name;
	else if (i == BENCH_FILES_MAX)
		errno = EMFILE;
	bench_files_block(false, &old);
	if (fd < 0) {
		fprintf(stderr, "pwcsim-bench: a temporary file in %s: %s\n",
			dir, strerror(errno));
		name[0] = '\0';
	}
	return fd;
}

void bench_file_remove(char *name)
{
	unsigned int i;
	sigset_t old;

	if (!name[0])
		return;
	bench_files_block(true, &old);
	for (i = 0; i < BENCH_FILES_MAX; i++)
		if (bench_live[i] == name)
			bench_live[i] = NULL;
	unlink(name);
	name[0] = '\0';
	bench_files_block(false, &old);
}

/* @n bytes of @buf to @fd; 0, or -1 (errno set). */
static int bench_write_all(int fd, const char *buf, size_t n)
{
	ssize_t w;

	for (; n; buf += w, n -= w) {
		w = write(fd, buf, n);
		if (w < 0)
			return -1;
		if (!w) {
			errno = EIO;
			return -1;
		}
	}
	return 0;
}

/*
 * The copy is written a block (st_blksize) at a time, as stdio writes a
 * file and so as pwcsim writes its traces: how a file was written sets
 * how its pages sit in the page cache (in larger folios after larger
 * writes), and a reader that maps the file (d21d515) gains from large
 * ones (Documentation/testing.rst).
 */
int bench_file_copy(const char *src, bool exec, char *name)
{
	static char buf[1 << 16];
	struct stat st;
	size_t block;
	int in, out;
	ssize_t n;

	name[0] = '\0';
	in = open(src, O_RDONLY | O_CLOEXEC);
	if (in < 0) {
		perror(src);
		return -1;
	}
	out = bench_file_new(name);
	if (out < 0)
		goto close_in;
	block = sizeof(buf);
	if (!fstat(out, &st) && st.st_blksize > 0 &&
	    (size_t)st.st_blksize < block)
		block = st.st_blksize;
	while ((n = read(in, buf, block)) > 0)
		if (bench_write_all(out, buf, n)) {
			perror(name);
			goto remove_copy;
		}
	if (n < 0) {
		perror(src);
		goto remove_copy;
	}
	if (exec && fchmod(out, 0700)) {
		perror(name);
		goto remove_copy;
	}
	close(in);
	if (close(out)) {
		perror(name);
		bench_file_remove(name);
		return -1;
	}
	return 0;
remove_copy:
	close(out);
	bench_file_remove(name);
close_in:
	close(in);
	return -1;
}
