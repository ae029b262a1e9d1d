// SPDX-License-Identifier: GPL-2.0
/*
 * report_files.c - the files of a report directory (report_files.h).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "engine/run_engine.h"
#include "output/table.h"
#include "report/report_files.h"

int report_file(const char *dir, const char *name, struct out_file *o)
{
	char path[PATH_MAX];

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >=
	    (int)sizeof(path)) {
		fprintf(stderr, "pwcsim: %s/%s: %s\n", dir, name,
			strerror(ENAMETOOLONG));
		o->f = NULL;
		return -1;
	}
	return out_open(o, path, NULL);
}

int report_table(const char *dir, struct table *t, struct record *rec)
{
	struct out_file o;
	char name[64];
	int ret;

	snprintf(name, sizeof(name), "%s.csv", t->key);
	ret = report_file(dir, name, &o);
	if (!ret) {
		table_print_csv(t, o.f);
		ret = out_close(&o, false);
	}
	if (rec)
		record_table(rec, t);
	else
		table_free(t);
	return ret;
}

/*
 * gnuplot on @name in @dir, its plot to @out (outfile, the scripts'
 * output): started with no shell (any directory name), its stdout and
 * stderr the write end of @fds; its pid, or -1 with a message.
 */
static pid_t gnuplot_spawn(const char *dir, const char *name,
			   const char *out, int fds[2], const sigset_t *was)
{
	char assign[PATH_MAX + 16];
	pid_t pid;

	snprintf(assign, sizeof(assign), "outfile = '%s'", out);
	pid = fork();
	if (pid < 0) {
		fprintf(stderr, "pwcsim: gnuplot: %s\n", strerror(errno));
		return -1;
	}
	if (pid)
		return pid;
	sigprocmask(SIG_SETMASK, was, NULL);	/* the caller blocked them */
	close(fds[0]);
	dup2(fds[1], STDOUT_FILENO);
	dup2(fds[1], STDERR_FILENO);
	if (chdir(dir)) {
		fprintf(stderr, "pwcsim: %s: %s\n", dir, strerror(errno));
		_exit(127);
	}
	execlp("gnuplot", "gnuplot", "-e", assign, name, (char *)NULL);
	fprintf(stderr, "pwcsim: gnuplot: %s\n", strerror(errno));
	_exit(127);
}

/* gnuplot's output (@fd) until it exits: its status, or -1. */
static int gnuplot_wait(pid_t pid, int fd, bool quiet)
{
	char buf[4096], *text = NULL;
	size_t len = 0;
	ssize_t n;
	FILE *m = open_memstream(&text, &len);
	sigset_t all, was;
	siginfo_t info;
	int st;

	while ((n = read(fd, buf, sizeof(buf))) > 0 ||
	       (n < 0 && errno == EINTR))
		if (n > 0 && m)
			fwrite(buf, 1, n, m);
	close(fd);
	/*
	 * Ended, not yet reaped (a signal now still kills our gnuplot, not
	 * another process its pid went to); then no longer ours to kill
	 * (out_temp_writer_is()), and reaped, with no signal between.
	 */
	while (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) < 0 &&
	       errno == EINTR)
		;
	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &was);
	out_temp_writer_is(0);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			st = -1;
			break;
		}
	sigprocmask(SIG_SETMASK, &was, NULL);
	if (m)
		fclose(m);
	st = st || !m ? -1 : 0;
	if (text && (st || !quiet))
		fputs(text, stderr);
	free(text);
	return st;
}

/*
 * The mode of plot @dir/@png: an old one's (--plot redraws it), else
 * 0666 less the umask, as out_open() gives every other file.
 */
static mode_t report_png_mode(const char *dir, const char *png)
{
	char path[PATH_MAX];
	struct stat st;

	snprintf(path, sizeof(path), "%s/%s", dir, png);
	if (!stat(path, &st) && S_ISREG(st.st_mode))
		return st.st_mode & 07777;
	return out_new_mode(0666);
}

/*
 * The plot's temporary, @dir/.NAME.XXXXXX.png, made in @path and held
 * (out_temp_hold(), until report_gnuplot() releases it), its name without
 * @dir into @tmp: 0, or -1 with a message.
 */
static int gnuplot_tmp(const char *dir, const char *png, char *path,
		       size_t len, const char **tmp)
{
	int fd, n = snprintf(path, len, "%s/.%.*s.XXXXXX.png", dir,
			     (int)(strlen(png) - 4), png);

	if (n >= (int)len) {
		fprintf(stderr, "pwcsim: %s/%s: %s\n", dir, png,
			strerror(ENAMETOOLONG));
		return -1;
	}
	fd = mkstemps(path, 4);
	/* 0600 until drawn (less no umask): gnuplot opens it to write */
	if (fd < 0 || fchmod(fd, S_IRUSR | S_IWUSR)) {
		fprintf(stderr, "pwcsim: %s/%s: %s\n", dir, png,
			strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(path);
		}
		return -1;
	}
	close(fd);
	/* removed if a signal ends us (--plot DIR draws into a report) */
	if (out_temp_hold(path, false)) {
		fprintf(stderr, "pwcsim: %s/%s: %s\n", dir, png,
			strerror(errno));
		unlink(path);
		return -1;
	}
	*tmp = path + strlen(dir) + 1;
	return 0;
}

/*
 * Is @path a whole PNG: its signature first and its IEND chunk last?
 * gnuplot exits 0 when its write of the PNG failed (a full disk), which
 * leaves a file cut short or empty.
 */
static bool png_whole(const char *path)
{
	static const unsigned char sig[8] = "\x89PNG\r\n\x1a\n";
	static const unsigned char iend[12] = "\0\0\0\0IEND\xae\x42\x60\x82";
	unsigned char head[8], tail[12];
	bool whole = false;
	FILE *f = fopen(path, "rb");

	if (!f)
		return false;
	if (fread(head, 1, 8, f) == 8 && !memcmp(head, sig, 8) &&
	    !fseek(f, -12, SEEK_END) && fread(tail, 1, 12, f) == 12)
		whole = !memcmp(tail, iend, 12);
	fclose(f);
	return whole;
}

int report_gnuplot(const char *dir, const char *name, bool quiet)
{
	char png[NAME_MAX + 1], tmp[PATH_MAX], path[PATH_MAX];
	size_t len = strlen(name);
	const char *out;
	int fds[2], st = -1;
	sigset_t all, was;
	pid_t pid;

	/* X.gp draws X.png: into a temporary, renamed when drawn whole */
	if (len < 4 || len >= sizeof(png) || strcmp(name + len - 3, ".gp"))
		return -1;
	snprintf(png, sizeof(png), "%.*s.png", (int)(len - 3), name);
	if (gnuplot_tmp(dir, png, tmp, sizeof(tmp), &out))
		return -1;
	fflush(NULL);	/* nothing buffered written twice by the child */
	if (pipe(fds)) {
		fprintf(stderr, "pwcsim: gnuplot: %s\n", strerror(errno));
	} else {
		/* gnuplot known to the handler before a signal can come */
		sigfillset(&all);
		sigprocmask(SIG_BLOCK, &all, &was);
		pid = gnuplot_spawn(dir, name, out, fds, &was);
		if (pid > 0)
			out_temp_writer_is(pid);
		sigprocmask(SIG_SETMASK, &was, NULL);
		close(fds[1]);
		if (pid < 0)
			close(fds[0]);
		else		/* until it ended, out_temp_writer_is(0) */
			st = gnuplot_wait(pid, fds[0], quiet);
	}
	if (!st && !png_whole(tmp))
		st = -2;		/* exit 0, the plot cut short */
	snprintf(path, sizeof(path), "%s/%s", dir, png);
	/* drawn: the mode of every other file (mkstemps() made it 0600) */
	if (!st && (chmod(tmp, report_png_mode(dir, png)) ||
		    out_sync_path(tmp) || rename(tmp, path))) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		st = -1;
	} else if (st) {
		fprintf(stderr, "pwcsim: gnuplot %s on %s/%s (%s left as it was)\n",
			st == -2 ? "drew no whole PNG (a full disk?)" :
			"failed", dir, name, png);
	}
	if (st)
		unlink(tmp);
	out_temp_release(tmp);
	return st ? -1 : 0;
}

/* What a plot's title says of the run (summary.txt's first line). */
struct plot_caption {
	char text[512];
	unsigned long long budget;
};

/*
 * @c from @dir/summary.txt ("pwcsim report: N workloads (S inputs) on ...,
 * B bits each, IOTLB E entries"): the budget, inputs and IOTLB in every
 * title, for a report just written and for --plot DIR alike.
 */
static void plot_caption(const char *dir, struct plot_caption *c)
{
	char path[PATH_MAX], line[sizeof(c->text)], *p, *q;
	FILE *f;

	snprintf(c->text, sizeof(c->text), "(no summary.txt)");
	c->budget = 0;
	snprintf(path, sizeof(path), "%s/summary.txt", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		p = strncmp(line, "pwcsim report: ", 15) ? line : line + 15;
		for (q = p; *q; q++)	/* a gnuplot string in single quotes */
			if (*q == '\'')
				*q = ' ';
		memmove(c->text, p, strlen(p) + 1);
		q = strstr(p, " bits each");
		while (q && q > p && q[-1] >= '0' && q[-1] <= '9')
			q--;
		if (q)
			c->budget = strtoull(q, NULL, 10);
	}
	fclose(f);
}

int report_plot_gp(const char *dir, const char *name, const char *prelude,
		   const char *script, bool quiet)
{
	struct plot_caption c;
	struct out_file o;
	char *opts;

	plot_caption(dir, &c);
	if (report_file(dir, name, &o))
		return -1;
	/* the workloads' options (after "; ") on a line of their own */
	opts = strstr(c.text, "; ");
	if (opts) {
		*opts = '\0';
		opts += 2;
	}
	/* outfile: pwcsim's temporary (report_gnuplot()), else X.png */
	fprintf(o.f, "caption = '%s'%s%s%s\nbudget = %llu\n"
		"if (!exists('outfile')) outfile = '%.*s.png'\n", c.text,
		opts ? ".\"\\n\".'" : "", opts ? opts : "", opts ? "'" : "",
		c.budget ? c.budget : RUN_BUDGET_BITS, (int)(strlen(name) - 3),
		name);
	if (prelude)
		fputs(prelude, o.f);
	fputs(script, o.f);
	if (out_close(&o, false))
		return -1;
	return report_gnuplot(dir, name, quiet);
}
