/* SPDX-License-Identifier: GPL-2.0 */
/*
 * out_file.h - every file pwcsim writes: never a half-written or
 * destroyed file.  A regular file (new or existing) is written as a
 * temporary file beside it and renamed over it only when every write,
 * the flush and the close succeeded; on failure the temporary is removed
 * and the old file is left as it was.  An output that is the same file as
 * an input (same device and inode, through links too) is refused before
 * anything is opened for writing, as is a symbolic link to no file (the
 * rename would replace the link).  A non-regular output (stdout as "-",
 * /dev/null, a FIFO) is written in place, its errors still checked.  A
 * signal that ends pwcsim removes the temporaries (out_temp_hold()).
 * Used by `trace convert` and the report's files (report_files.c).
 */
#ifndef OUT_FILE_H
#define OUT_FILE_H

#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>

struct out_file {
	FILE *f;		/* writing to @fd, or stdout */
	int fd;
	int err;		/* the errno of the first write that failed */
	char path[PATH_MAX];	/* the file written, as the user named it */
	char tmp[PATH_MAX];	/* the temporary beside it, or "" in place */
};

/*
 * @path ("-": stdout) opened for writing into @o->f: 0, or -1 with a
 * message and nothing created.  @inputs (NULL-terminated, may be NULL)
 * are the paths the command reads ("-": stdin); @path may be none of them.
 */
int out_open(struct out_file *o, const char *path, const char *const *inputs);
/*
 * Flush and close @o, then put it in place: 0, or -1 with a message (a
 * write, flush or close failed, or @failed: the caller's own error), the
 * temporary removed and any old file at @o->path untouched.
 */
int out_close(struct out_file *o, bool failed);
/* The most temporaries held at once (a report's directory, its files). */
#define OUT_TEMPS 4
/*
 * Temporary file or directory @path (a buffer that lives until
 * out_temp_release()) removed if SIGINT, SIGTERM, SIGHUP, SIGQUIT or
 * SIGPIPE ends pwcsim first; a directory holds files only.  out_open() holds its
 * temporary; the report's directory holds its own (report_dir.c).  0, or
 * -1 with errno EMFILE when OUT_TEMPS are held already: @path is not
 * held, and the caller removes it and fails.
 */
int out_temp_hold(const char *path, bool dir);
void out_temp_release(const char *path);
/*
 * Child @pid writes a held temporary (gnuplot a plot): a signal that ends
 * pwcsim kills it (SIGKILL, reaped) before removing the temporaries;
 * 0 once it has ended.
 */
void out_temp_writer_is(pid_t pid);
/*
 * The mode open() or mkdir() would give what pwcsim makes under another
 * name and renames: @full (0666 a file, 0777 a directory) less the umask.
 */
mode_t out_new_mode(mode_t full);
/*
 * @f (a file pwcsim wrote under a temporary name) flushed, on the disk
 * (fsync()) and closed, before a rename gives it a user's name: a crash
 * after the rename finds the whole file, not an empty one.  0, or -1
 * with errno (closed either way).
 */
int out_sync_close(FILE *f);
/* The same for a file another program wrote (gnuplot's plot). */
int out_sync_path(const char *path);
/*
 * true when input @in ("-": stdin) and output @out ("-": stdout) are the
 * same file (both exist).
 */
bool out_same_file(const char *in, const char *out);
/*
 * stdout made a stream that keeps the reason of a failed write, as the
 * files of out_open() do (the first call of main()): 0, or -1 and stdout
 * left as it was.
 */
int out_stdout_open(void);
/*
 * stdout flushed and checked at the end of a command: 0, or -1 with a
 * message (a full disk, a closed pipe) and, after out_stdout_open(), the
 * reason.
 */
int out_stdout_close(void);

#endif /* OUT_FILE_H */
