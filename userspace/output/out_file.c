// SPDX-License-Identifier: GPL-2.0
/*
 * out_file.c - files written whole or not at all (out_file.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "output/out_file.h"

/*
 * The temporaries a signal that ends pwcsim removes (out_temp_hold()):
 * the callers' own buffers, in slots the handler reads; what it calls
 * is async-signal-safe (unlink, getdents64, unlinkat, rmdir, raise).
 */
static const char *volatile out_temps[OUT_TEMPS];
static volatile sig_atomic_t out_temp_dir[OUT_TEMPS];
static pid_t out_temp_pid;	/* theirs: not a child's (fork()) to remove */
static volatile pid_t out_temp_writer;	/* a child writing one; 0: none */

/* Directory @path's entries removed (a report's files: no subdirectory). */
static void out_temp_empty(const char *path)
{
	static char buf[4096];
	struct dirent64 *e;
	ssize_t n, at;
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return;
	while ((n = getdents64(fd, buf, sizeof(buf))) > 0)
		for (at = 0; at < n; at += e->d_reclen) {
			e = (struct dirent64 *)(buf + at);
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				unlinkat(fd, e->d_name, 0);
		}
	close(fd);
}

static void out_temp_signal(int sig)
{
	const char *p;
	unsigned int i;

	/* its writer first, or it would make a removed temporary again */
	if (out_temp_writer > 0 && getpid() == out_temp_pid) {
		kill(out_temp_writer, SIGKILL);
		waitpid(out_temp_writer, NULL, 0);
	}
	for (i = 0; i < OUT_TEMPS && getpid() == out_temp_pid; i++) {
		p = out_temps[i];
		if (!p)
			continue;
		if (out_temp_dir[i]) {
			out_temp_empty(p);
			rmdir(p);
		} else {
			unlink(p);
		}
	}
	signal(sig, SIG_DFL);
	raise(sig);	/* the exit status of a process the signal ended */
}

int out_temp_hold(const char *path, bool dir)
{
	/* SIGPIPE: a reader of stdout gone (a report's summary | head) */
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE };
	static bool handled;
	struct sigaction sa = { .sa_handler = out_temp_signal };
	struct sigaction old;
	unsigned int i;

	if (!handled) {
		handled = true;
		out_temp_pid = getpid();
		for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
			/* a signal the caller ignores stays ignored */
			if (!sigaction(sigs[i], NULL, &old) &&
			    old.sa_handler != SIG_IGN)
				sigaction(sigs[i], &sa, NULL);
	}
	for (i = 0; i < OUT_TEMPS; i++)
		if (!out_temps[i]) {
			out_temp_dir[i] = dir;
			out_temps[i] = path;
			return 0;
		}
	errno = EMFILE;		/* a signal would leave @path: refused */
	return -1;
}

void out_temp_writer_is(pid_t pid)
{
	out_temp_writer = pid;
}

void out_temp_release(const char *path)
{
	unsigned int i;

	for (i = 0; i < OUT_TEMPS; i++)
		if (out_temps[i] == path)
			out_temps[i] = NULL;
}

/* stat(@path), fstat(0) for "-" (stdin): 0, or -1. */
static int stat_input(const char *path, struct stat *st)
{
	return strcmp(path, "-") ? stat(path, st) : fstat(STDIN_FILENO, st);
}

bool out_same_file(const char *in, const char *out)
{
	struct stat si, so;

	return !stat_input(in, &si) &&
	       !(strcmp(out, "-") ? stat(out, &so) :
				    fstat(STDOUT_FILENO, &so)) &&
	       si.st_dev == so.st_dev && si.st_ino == so.st_ino;
}

/*
 * Is @st the file open as @fd (a path /dev/stdout, /dev/fd/1 or
 * /proc/self/fd/1 names, or the file stdout was sent to)?  Renaming a
 * temporary over it would replace that file (">> log" emptied), where
 * writing to stdout writes into it.
 */
static bool out_is_fd(const struct stat *st, int fd)
{
	struct stat fs;

	return !fstat(fd, &fs) && fs.st_dev == st->st_dev &&
	       fs.st_ino == st->st_ino;
}

/* -1 with a message when @out (its stat) is one of @inputs. */
static int out_check_inputs(const char *path, const struct stat *out,
			    const char *const *inputs)
{
	struct stat st;

	for (; inputs && *inputs; inputs++)
		if (!stat_input(*inputs, &st) && st.st_dev == out->st_dev &&
		    st.st_ino == out->st_ino) {
			fprintf(stderr, "pwcsim: %s: the output is the input %s: refused (nothing written)\n",
				path, !strcmp(*inputs, "-") ? "(stdin)" :
				*inputs);
			return -1;
		}
	return 0;
}

mode_t out_new_mode(mode_t full)
{
	mode_t m = umask(022);

	umask(m);
	return full & ~m;
}

/*
 * The writes of @o->f: all of @len to @o->fd, else 0 (an error for stdio)
 * with the failing write's errno kept in @o->err, which stdio itself
 * would lose before the flush that reports it (out_flush()).
 */
static ssize_t out_write(void *cookie, const char *buf, size_t len)
{
	struct out_file *o = cookie;
	size_t done = 0;
	ssize_t n;

	while (done < len) {
		n = write(o->fd, buf + done, len - done);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (!o->err)
				o->err = n < 0 ? errno : EIO;
			return 0;
		}
		done += n;
	}
	return done;
}

static int out_close_fd(void *cookie)
{
	struct out_file *o = cookie;

	if (close(o->fd) && !o->err)
		o->err = errno;
	return o->err ? -1 : 0;
}

/*
 * @o->f as a stream writing to @fd (out_write()): 0, or -1 with errno
 * (@fd < 0: its open's) and @fd closed.
 */
static int out_stream(struct out_file *o, int fd)
{
	static const cookie_io_functions_t io = {
		.write = out_write,
		.close = out_close_fd,
	};
	int e;

	if (fd < 0)
		return -1;
	o->fd = fd;
	o->err = 0;
	o->f = fopencookie(o, "w", io);
	if (!o->f) {
		e = errno;
		close(fd);
		errno = e;
		return -1;
	}
	return 0;
}

/*
 * @o->tmp made beside @target and opened: 0, or -1.  Its mode @old's
 * (the file it will replace) or, new, @mode; and @old's owner and group
 * where we may give them (root, or a group we are in), as the file kept
 * them when written in place: else ours, as for any file we make.
 */
static int out_open_tmp(struct out_file *o, const char *target,
			const struct stat *old, mode_t mode)
{
	const char *slash = strrchr(target, '/');
	int dirlen = slash ? (int)(slash - target + 1) : 0;
	int fd;

	if (snprintf(o->tmp, sizeof(o->tmp), "%.*s.%s.XXXXXX", dirlen, target,
		     slash ? slash + 1 : target) >= (int)sizeof(o->tmp)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	fd = mkostemp(o->tmp, O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* the owner and group, else the group alone, else neither: ours */
	if (old && fchown(fd, old->st_uid, old->st_gid) &&
	    fchown(fd, (uid_t)-1, old->st_gid))
		errno = 0;
	if (fchmod(fd, old ? old->st_mode & 07777 : mode)) {
		close(fd);
		unlink(o->tmp);
		return -1;
	}
	if (out_stream(o, fd)) {
		unlink(o->tmp);
		return -1;
	}
	if (out_temp_hold(o->tmp, false)) {
		fclose(o->f);
		o->f = NULL;
		unlink(o->tmp);
		*o->tmp = '\0';
		errno = EMFILE;
		return -1;
	}
	return 0;
}

int out_sync_close(FILE *f)
{
	int err = 0;

	if (fflush(f) || fsync(fileno(f)))
		err = errno;
	if (fclose(f) && !err)
		err = errno;
	errno = err;
	return err ? -1 : 0;
}

int out_sync_path(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;

	if (fd < 0)
		return -1;
	err = fsync(fd) ? errno : 0;
	close(fd);
	errno = err;
	return err ? -1 : 0;
}

/*
 * @f flushed (and closed when @close): 0, or non-zero with a message
 * naming @name: the reason of the first failed write where @kept has it
 * (out_write()), else errno's where the failing call gave one.
 */
static int out_flush(FILE *f, bool close, const char *name, const int *kept)
{
	int err = ferror(f) ? -1 : 0;

	if (fflush(f) && err <= 0)
		err = errno;
	if (close && fclose(f) && err <= 0)
		err = errno;
	if (err && kept && *kept)
		err = *kept;
	if (err > 0)
		fprintf(stderr, "pwcsim: %s: write error: %s\n", name,
			strerror(err));
	else if (err)
		fprintf(stderr, "pwcsim: %s: write error\n", name);
	return err;
}

/*
 * Is @path (which stat() finds no file at) a symbolic link to nothing?
 * true with a message: the rename would replace the link itself with the
 * file, where it is kept and the file it names written for an existing
 * one.
 */
static bool out_dangling(const char *path)
{
	struct stat st;

	if (lstat(path, &st) || !S_ISLNK(st.st_mode))
		return false;
	fprintf(stderr, "pwcsim: %s: a symbolic link to no file: refused (nothing written; name the file it would, or remove the link)\n",
		path);
	return true;
}

int out_open(struct out_file *o, const char *path, const char *const *inputs)
{
	char real[PATH_MAX];
	const char *target = path;
	struct stat st;
	bool exists;

	memset(o, 0, sizeof(*o));
	if (snprintf(o->path, sizeof(o->path), "%s", path) >=
	    (int)sizeof(o->path)) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(ENAMETOOLONG));
		return -1;
	}
	exists = !strcmp(path, "-") ? !fstat(STDOUT_FILENO, &st) :
		 !stat(path, &st);
	if (exists && out_check_inputs(path, &st, inputs))
		return -1;
	if (!strcmp(path, "-") || (exists && out_is_fd(&st, STDOUT_FILENO))) {
		o->f = stdout;	/* /dev/stdout too: written, not replaced */
		return 0;
	}
	/* a file the rename would replace (a device or pipe is written) */
	if (exists && S_ISREG(st.st_mode) && out_is_fd(&st, STDERR_FILENO)) {
		fprintf(stderr, "pwcsim: %s: the file of the standard error: refused (nothing written)\n",
			path);
		return -1;
	}
	if (!exists && out_dangling(path))
		return -1;
	if (exists && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(EISDIR));
			return -1;
		}
		/* /dev/null, a FIFO */
		if (out_stream(o, open(path, O_WRONLY | O_CREAT | O_TRUNC |
					     O_CLOEXEC, 0666))) {
			fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
			return -1;
		}
		return 0;
	}
	/*
	 * A file its owner made read-only for us is not replaced behind its
	 * mode (the rename would need only the directory's): as cp(1) and a
	 * shell's > refuse it.
	 */
	if (exists && access(path, W_OK)) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	/* through a symbolic link: the file it names is replaced */
	if (exists && realpath(path, real))
		target = real;
	if (out_open_tmp(o, target, exists ? &st : NULL, out_new_mode(0666))) {
		fprintf(stderr, "pwcsim: %s: %s\n", path, strerror(errno));
		return -1;
	}
	/* o->tmp names the target's directory: rename there */
	if (target == real)
		snprintf(o->path, sizeof(o->path), "%s", real);
	return 0;
}

int out_close(struct out_file *o, bool failed)
{
	int err;

	if (!o->f)
		return -1;
	if (o->f == stdout) {		/* checked once, by out_stdout_close() */
		o->f = NULL;
		return failed ? -1 : 0;
	}
	/* a temporary on the disk before its rename (out_sync_close()) */
	if (*o->tmp && !failed && !fflush(o->f) && fsync(o->fd) && !o->err)
		o->err = errno;
	err = out_flush(o->f, true, o->path, &o->err);
	o->f = NULL;
	if (*o->tmp) {
		if (!err && !failed && rename(o->tmp, o->path)) {
			err = errno;
			fprintf(stderr, "pwcsim: %s: %s\n", o->path, strerror(err));
		}
		if (err || failed)
			unlink(o->tmp);
		out_temp_release(o->tmp);
		*o->tmp = '\0';
	}
	return err || failed ? -1 : 0;
}

/* stdout's own stream (out_stdout_open()): fd 1, never closed here */
static struct out_file out_std = { .fd = STDOUT_FILENO };

int out_stdout_open(void)
{
	static const cookie_io_functions_t io = { .write = out_write };
	FILE *f = fopencookie(&out_std, "w", io);

	if (!f)
		return -1;
	/* a terminal sees each line as it is printed, as before */
	if (isatty(STDOUT_FILENO) && setvbuf(f, NULL, _IOLBF, BUFSIZ)) {
		fclose(f);
		return -1;
	}
	stdout = f;	/* glibc's stdout is a variable one may set */
	return 0;
}

int out_stdout_close(void)
{
	return out_flush(stdout, false, "standard output", &out_std.err) ?
	       -1 : 0;
}
