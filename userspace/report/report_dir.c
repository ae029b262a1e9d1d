// SPDX-License-Identifier: GPL-2.0
/*
 * report_dir.c - a report's directory, written whole or not at all
 * (report_dir.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output/out_file.h"
#include "report/report_dir.h"

/* How a results.json pwcsim wrote begins. */
#define REPORT_DIR_RESULTS "{\"config\": {\"tables\": "

/*
 * The names a report writes (report_write.c, report_wins_write.c,
 * report_plot.c, report_timing_*.c, report_shard.c), exactly: a user's
 * own notes.txt or data.csv in DIR makes it no report (it was removed
 * with the previous report's files).  safety-test runs a report of every
 * study twice into one directory: a new file missing here is refused.
 */
static bool report_dir_own(const char *name)
{
	static const char *const own[] = {
		"results.json", "summary.txt", "shard.txt", "paper.csv",
		"table1.csv", "table5.csv", "table6.csv", "table8.csv",
		"figure3.csv", "figure3.gp", "figure3.png",
		"sweep.csv", "sweep.dat", "sweep.gp", "sweep.png",
		"wins.csv", "wins.dat", "wins.gp", "wins.png",
		"wins_points.dat", "wins_workloads.csv",
		"scenarios.csv", "scenarios_wide.csv", "scenarios.gp",
		"scenarios.png", "timing.csv", "timing_classes.csv",
		"timing_cdf.csv", "timing_cdf.gp", "timing_cdf.png",
		"timing_slowdown.csv", "timing_slowdown.gp",
		"timing_slowdown.png", "timing_walkers.csv",
		"timing_walkers.gp", "timing_walkers.png",
	};
	unsigned int i;

	for (i = 0; i < sizeof(own) / sizeof(own[0]); i++)
		if (!strcmp(name, own[i]))
			return true;
	return false;
}

/*
 * A temporary of one of those names, left in a report by a --plot that a
 * SIGKILL (or a crash) ended: out_open()'s ".NAME.XXXXXX" or
 * report_gnuplot()'s ".X.XXXXXX.png" of X.png.  Removed with the report.
 */
static bool report_dir_temp(const char *name)
{
	char own[NAME_MAX + 1];
	size_t len = strlen(name);
	bool png = len > 4 && !strcmp(name + len - 4, ".png");
	size_t end = png ? len - 4 : len;	/* past the XXXXXX */

	if (name[0] != '.' || end < 9 || name[end - 7] != '.')
		return false;
	snprintf(own, sizeof(own), "%.*s%s", (int)(end - 8), name + 1,
		 png ? ".png" : "");
	return report_dir_own(own);
}

/* Does @path begin with @head (a report's results.json, a shard file)? */
static bool report_dir_begins(const char *path, const char *head)
{
	char buf[64];
	size_t n = strlen(head);
	FILE *f = fopen(path, "r");
	bool ok;

	if (!f)
		return false;
	ok = fread(buf, 1, n, f) == n && !memcmp(buf, head, n);
	fclose(f);
	return ok;
}

/*
 * What @dir holds: 0 nothing, 1 a previous report, -1 anything else or an
 * error (message printed).  With @remove, a report's files are removed.
 */
static int report_dir_scan(const char *dir, bool remove)
{
	char path[PATH_MAX];
	char other[NAME_MAX + 1] = "";
	bool report = false, any = false;
	struct dirent *e;
	struct stat st;
	DIR *d = opendir(dir);

	if (!d) {
		fprintf(stderr, "pwcsim: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d))) {
		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		any = true;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (lstat(path, &st) || !S_ISREG(st.st_mode) ||
		    (!report_dir_own(e->d_name) &&
		     !report_dir_temp(e->d_name))) {
			if (!*other)
				snprintf(other, sizeof(other), "%s", e->d_name);
			continue;
		}
		/* what pwcsim wrote, by its first bytes */
		if ((!strcmp(e->d_name, "results.json") &&
		     report_dir_begins(path, REPORT_DIR_RESULTS)) ||
		    (!strcmp(e->d_name, "shard.txt") &&
		     report_dir_begins(path, "pwcsim-shard ")))
			report = true;
		if (remove && unlink(path) && !*other)
			snprintf(other, sizeof(other), "%s", e->d_name);
	}
	closedir(d);
	if (!any)
		return 0;
	if (report && !*other)
		return 1;
	if (!remove && *other)
		fprintf(stderr, "pwcsim: %s: not empty and not a pwcsim report (%s is no report's file; refused: give a new or empty directory, or a previous report's)\n",
			dir, other);
	else if (!remove)
		fprintf(stderr, "pwcsim: %s: not empty and not a pwcsim report (no results.json or shard.txt pwcsim wrote; refused: give a new or empty directory, or a previous report's)\n",
			dir);
	return -1;
}

int report_dir_is_report(const char *dir)
{
	char path[PATH_MAX];
	int r;

	if (!*dir) {	/* not "/results.json" */
		fprintf(stderr, "pwcsim: '': not a usable directory name\n");
		return -1;
	}
	r = report_dir_scan(dir, false);
	if (r < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/results.json", dir);
	if (!r || !report_dir_begins(path, REPORT_DIR_RESULTS)) {
		fprintf(stderr, "pwcsim: %s: not a pwcsim report (no results.json pwcsim wrote): --plot redraws a report's plots\n",
			dir);
		return -1;
	}
	return 0;
}

/*
 * mkdir -p of @d->path's parents (not DIR itself), each one made noted
 * in @d->made (report_dir_unmake()): 0, or -1 with errno (ENAMETOOLONG:
 * more than REPORT_DIR_MADE to make).
 */
static int report_dir_parents(struct report_dir *d)
{
	char p[PATH_MAX];
	char *s;

	snprintf(p, sizeof(p), "%s", d->path);
	for (s = p + 1; (s = strchr(s, '/')); s++) {
		*s = '\0';
		if (!mkdir(p, 0777)) {
			if (d->nmade == REPORT_DIR_MADE) {
				rmdir(p);
				errno = ENAMETOOLONG;
				return -1;
			}
			d->made[d->nmade++] = (size_t)(s - p);
		} else if (errno != EEXIST) {
			return -1;
		}
		*s = '/';
	}
	return 0;
}

/*
 * The parents report_dir_parents() made, the last made first, each
 * removed only if it is still empty (rmdir()); then none is noted.  A
 * directory that was there ("-o new/../old/r": old) is never one.
 */
static void report_dir_unmake(struct report_dir *d)
{
	char p[PATH_MAX];

	while (d->nmade) {
		snprintf(p, sizeof(p), "%.*s", (int)d->made[--d->nmade],
			 d->path);
		rmdir(p);
	}
}

/*
 * Is @path a mount point (the root of a mount: statx(); or on another
 * device than its parent)?  The swap renames DIR, which a mount point
 * refuses (EBUSY), and only at the end of the run: refused now, with a
 * message, -1; else 0.
 */
static int report_dir_mount(const char *path)
{
	char up[PATH_MAX];
	struct statx sx;
	struct stat st, parent;
	bool root = false;

	if (!statx(AT_FDCWD, path, 0, STATX_BASIC_STATS, &sx) &&
	    (sx.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT))
		root = sx.stx_attributes & STATX_ATTR_MOUNT_ROOT;
	else if (snprintf(up, sizeof(up), "%s/..", path) < (int)sizeof(up) &&
		 !stat(path, &st) && !stat(up, &parent))
		root = st.st_dev != parent.st_dev ||
		       st.st_ino == parent.st_ino;
	if (!root)
		return 0;
	fprintf(stderr, "pwcsim: %s: a mount point: refused (a report replaces its directory whole, by a rename that a mount point refuses; name a directory inside it)\n",
		path);
	return -1;
}

/*
 * DIR as it stands (@d->path, @st its stat): a directory, empty or a
 * previous report, and writable by us: one made read-only is not
 * replaced behind its mode (the swap needs only its parent), as
 * out_open() keeps a read-only file.  Its own name into @d->path: 0, or
 * -1 with a message.  Not the current directory.
 */
static int report_dir_existing(struct report_dir *d, const char *dir,
			       const struct stat *st)
{
	struct stat here;

	if (!S_ISDIR(st->st_mode)) {
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(ENOTDIR));
		return -1;
	}
	if (report_dir_scan(d->path, false) < 0)
		return -1;
	if (report_dir_mount(d->path))
		return -1;
	if (access(d->path, W_OK)) {
		fprintf(stderr, "pwcsim: %s: %s (refused: a directory made read-only is not replaced)\n",
			d->path, strerror(errno));
		return -1;
	}
	/* "." or "a/..": the directory by its own name */
	if (!realpath(dir, d->path)) {
		fprintf(stderr, "pwcsim: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	/*
	 * The swap would leave whoever stands in it (the user's shell) in a
	 * removed directory, seeing no report
	 */
	if (!stat(".", &here) && here.st_dev == st->st_dev &&
	    here.st_ino == st->st_ino) {
		fprintf(stderr, "pwcsim: %s: the current directory: refused (a report replaces its directory whole, which would leave this shell in a removed one; run it from another directory, from the parent as -o %s)\n",
			dir, strrchr(d->path, '/') + 1);
		return -1;
	}
	return 0;
}

int report_dir_open(struct report_dir *d, const char *dir)
{
	const char *slash;
	struct stat st;
	size_t len = strlen(dir);
	int dirlen;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (!len || len >= sizeof(d->path) - 16) {
		fprintf(stderr, "pwcsim: '%s': not a usable directory name\n",
			dir);
		return -1;
	}
	snprintf(d->path, sizeof(d->path), "%.*s", (int)len, dir);
	*d->tmp = '\0';
	d->nmade = 0;
	d->mode = out_new_mode(0777);	/* as mkdir() would make it */
	if (!stat(d->path, &st)) {
		d->mode = st.st_mode & 07777;	/* DIR's own (a private one) */
		if (report_dir_existing(d, dir, &st))
			return -1;
	} else if (errno == ENOENT && !lstat(d->path, &st) &&
		   S_ISLNK(st.st_mode)) {
		/* the swap would move the link aside and leave it there */
		fprintf(stderr, "pwcsim: %s: a symbolic link to no directory: refused (name the directory it would, or remove the link)\n",
			d->path);
		return -1;
	} else if (errno != ENOENT || report_dir_parents(d)) {
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(errno));
		report_dir_unmake(d);
		return -1;
	}
	slash = strrchr(d->path, '/');
	dirlen = slash ? (int)(slash - d->path + 1) : 0;
	if (snprintf(d->tmp, sizeof(d->tmp), "%.*s.%s.XXXXXX", dirlen,
		     d->path, slash ? slash + 1 : d->path) >=
	    (int)sizeof(d->tmp) - 8)
		errno = ENAMETOOLONG;
	else if (mkdtemp(d->tmp))
		errno = 0;
	if (errno) {
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(errno));
		*d->tmp = '\0';
		report_dir_unmake(d);
		return -1;
	}
	/* mkdtemp() made it 0700; writable by us until the commit */
	chmod(d->tmp, d->mode | S_IRWXU);
	if (out_temp_hold(d->tmp, true)) {	/* removed if a signal ends us */
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(errno));
		rmdir(d->tmp);
		*d->tmp = '\0';
		report_dir_unmake(d);
		return -1;
	}
	return 0;
}

/*
 * The previous report at @d->path to @old and the new one in its place:
 * 0, or -1 with a message and the previous report back.  No signal
 * comes between the two renames (out_temp_hold()).
 */
static int report_dir_swap(struct report_dir *d, const char *old)
{
	sigset_t all, was;
	int ret = -1;

	sigfillset(&all);
	sigprocmask(SIG_BLOCK, &all, &was);
	if (rename(d->path, old) && errno != ENOENT) {
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(errno));
	} else if (rename(d->tmp, d->path)) {
		fprintf(stderr, "pwcsim: %s: %s\n", d->path, strerror(errno));
		rename(old, d->path);
	} else {
		out_temp_release(d->tmp);
		ret = 0;
	}
	sigprocmask(SIG_SETMASK, &was, NULL);
	return ret;
}

int report_dir_commit(struct report_dir *d)
{
	char old[PATH_MAX];

	/* fits: report_dir_open() left 8 bytes of room */
	if (snprintf(old, sizeof(old), "%s.old", d->tmp) >= (int)sizeof(old))
		return -1;
	/* a previous report steps aside, the new one takes its name */
	chmod(d->tmp, d->mode);
	if (report_dir_swap(d, old)) {
		chmod(d->tmp, d->mode | S_IRWXU);	/* for the abort */
		return -1;
	}
	*d->tmp = '\0';
	d->nmade = 0;			/* they hold the report now */
	if (!access(old, F_OK) &&
	    (report_dir_scan(old, true) < 0 || rmdir(old)))
		fprintf(stderr, "pwcsim: %s: the previous report could not be removed\n",
			old);
	return 0;
}

void report_dir_abort(struct report_dir *d)
{
	if (*d->tmp) {
		report_dir_scan(d->tmp, true);
		rmdir(d->tmp);
		out_temp_release(d->tmp);
		*d->tmp = '\0';
	}
	report_dir_unmake(d);
}
