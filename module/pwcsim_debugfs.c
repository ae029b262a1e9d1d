// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_debugfs.c - /sys/kernel/debug/pwcsim/: a shell-friendly global
 * session (id 0) for people, not an ABI (tools use the ioctls).
 *
 *   target  write a pid to attach (replacing the previous target); read it
 *   models  write specs, one per line, to add; "clear" removes all; read
 *   feed    write hexadecimal addresses, one per line
 *   stats   read the session's and every model's counters
 *   dump    read every model's contents (the paper's Figure 2)
 *   reset   write anything: counters and contents are cleared
 *   latency read the longest span pwcsim ran without a scheduling point
 *           (pwcsim_budget.c); write anything to start again
 *
 * Attaching (target) needs CAP_SYS_ADMIN (and CAP_SYS_PTRACE) as the
 * ioctl does for another process; so does every other use of the session
 * but reading target's pid (models, feed, stats, dump, reset), whose
 * tables are another process's: the opener and the caller have
 * CAP_SYS_ADMIN, the caller CAP_SYS_PTRACE, at each read or write (an fd
 * opened by root and passed on is not enough), else -EPERM.  The files
 * are root's too (0600 and narrower), but a root without those
 * capabilities, or a process handed an fd, could otherwise probe the
 * target's address space.
 *
 * A write is parsed whole before anything changes: bad input gets -EINVAL
 * (or the precise errno) and leaves the session as it was.  Writes longer
 * than PWCSIM_DEBUGFS_MAX_WRITE get -E2BIG.  One exception: a new target
 * drops the old one before its notifier registers (one a session), so
 * -EINTR or -ENOMEM there leaves no target.
 */
#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "pwcsim.h"

#define PWCSIM_DEBUGFS_MAX_WRITE (64 * 1024)
/* The largest dump text; a longer one is cut at a line's end. */
#define PWCSIM_DEBUGFS_MAX_DUMP PWCSIM_MAX_DUMP

static struct pwcsim_session pwcsim_dbg;

/* The opener and the caller have CAP_SYS_ADMIN in the initial namespace. */
static bool pwcsim_dbg_privileged(const struct file *file)
{
	return file_ns_capable(file, &init_user_ns, CAP_SYS_ADMIN) &&
	       capable(CAP_SYS_ADMIN);
}

/*
 * May this read or write of @file use the session (its target's tables
 * are another process's): the opener and the caller privileged, and the
 * caller may trace it (as pwcsim_attach() asks of another process).
 */
static bool pwcsim_dbg_allowed(const struct file *file)
{
	return pwcsim_dbg_privileged(file) && capable(CAP_SYS_PTRACE);
}

/* The write as a NUL-terminated kernel string, or an ERR_PTR. */
static char *pwcsim_dbg_input(const char __user *ubuf, size_t count)
{
	if (!count)
		return ERR_PTR(-EINVAL);
	if (count > PWCSIM_DEBUGFS_MAX_WRITE)
		return ERR_PTR(-E2BIG);
	return memdup_user_nul(ubuf, count);
}

/* pwcsim_dbg_input() of a write to the session, or ERR_PTR(-EPERM). */
static char *pwcsim_dbg_session_input(const struct file *file,
				      const char __user *ubuf, size_t count)
{
	if (!pwcsim_dbg_allowed(file))
		return ERR_PTR(-EPERM);
	return pwcsim_dbg_input(ubuf, count);
}

/*
 * fops for a seq_file show function @name##_show and, if not NULL, a
 * write handler @write.
 */
#define PWCSIM_DBG_FOPS(name, write_fn)					\
static int name##_open(struct inode *inode, struct file *file)		\
{									\
	return single_open(file, name##_show, NULL);			\
}									\
static const struct file_operations name##_fops = {			\
	.owner = THIS_MODULE,						\
	.open = name##_open,						\
	.read = seq_read,						\
	.write = write_fn,						\
	.llseek = seq_lseek,						\
	.release = single_release,					\
}

/* ---- target ---- */

static ssize_t pwcsim_target_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_input(ubuf, count);
	int ret, pid;

	if (IS_ERR(in))
		return PTR_ERR(in);
	ret = kstrtoint(strim(in), 10, &pid);
	kfree(in);
	if (ret)
		return ret;
	/* Any process's tables: for CAP_SYS_ADMIN, as the ioctl asks. */
	if (!pwcsim_dbg_privileged(file))
		return -EPERM;
	ret = pwcsim_attach(&pwcsim_dbg, 0, pid, true);
	return ret ? ret : count;
}

static int pwcsim_target_show(struct seq_file *m, void *v)
{
	pid_t pid = pwcsim_target_pid(&pwcsim_dbg);

	if (pid)
		seq_printf(m, "%d\n", pid);
	else
		seq_puts(m, "none\n");
	return 0;
}

PWCSIM_DBG_FOPS(pwcsim_target, pwcsim_target_write);

/* ---- models ---- */

/* Most lines one models write may carry. */
#define PWCSIM_DEBUGFS_MAX_LINES 64

/*
 * Each line: a spec to add, or "clear" to remove every model; the lines
 * before the last "clear" change nothing, but a bad one is still refused.
 * All or nothing: every line is checked here (each spec parsed again by
 * pwcsim_set_models(), which creates the models before the session
 * changes).
 */
static ssize_t pwcsim_models_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_session_input(file, ubuf, count), *p, *line;
	const char *specs[PWCSIM_DEBUGFS_MAX_LINES];
	unsigned int nlines = 0, n = 0;
	struct pwc_config cfg;
	bool clear = false;
	int ret = 0;

	if (IS_ERR(in))
		return PTR_ERR(in);
	for (p = in; (line = strsep(&p, "\n"));) {
		line = strim(line);
		if (!*line)
			continue;
		if (nlines++ == PWCSIM_DEBUGFS_MAX_LINES) {
			ret = -E2BIG;
			goto out_free;
		}
		if (!strcmp(line, "clear")) {
			clear = true;
			n = 0;
		} else if (pwc_config_from_spec(line, 0, pwcsim_levels(), &cfg,
						NULL, 0)) {
			ret = -EINVAL;
			goto out_free;
		} else {
			specs[n++] = line;
		}
	}
	if (!nlines)
		ret = -EINVAL;
	else
		ret = pwcsim_set_models(&pwcsim_dbg, specs, n, 0, clear, NULL);
out_free:
	kfree(in);
	return ret ? ret : count;
}

static int pwcsim_models_show(struct seq_file *m, void *v)
{
	char spec[PWCSIM_SPEC_LEN];
	u32 i;

	if (!pwcsim_dbg_allowed(m->file))
		return -EPERM;
	for (i = 0; !pwcsim_model_spec(&pwcsim_dbg, i, spec, sizeof(spec));
	     i++)
		seq_printf(m, "%u %s\n", i, spec);
	return 0;
}

PWCSIM_DBG_FOPS(pwcsim_models, pwcsim_models_write);

/* ---- feed ---- */

static ssize_t pwcsim_feed_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_session_input(file, ubuf, count), *p, *tok;
	u32 n = 0, done;
	u64 *va;
	int ret = 0;

	if (IS_ERR(in))
		return PTR_ERR(in);
	/* At most one address per two bytes ("0\n"). */
	va = kvmalloc_array(count / 2 + 1, sizeof(*va), GFP_KERNEL_ACCOUNT);
	if (!va) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (p = in; (tok = strsep(&p, "\n"));) {
		tok = strim(tok);
		if (!*tok)
			continue;
		if (kstrtou64(tok, 16, &va[n]) || !pwcsim_va_ok(va[n])) {
			ret = -EINVAL;
			goto out_free;
		}
		n++;
	}
	if (!n)
		ret = -EINVAL;
	else
		ret = pwcsim_feed(&pwcsim_dbg, va, n, NULL, 0, &done);
out_free:
	kvfree(va);
	kfree(in);
	return ret ? ret : count;
}

static const struct file_operations pwcsim_feed_fops = {
	.owner = THIS_MODULE,
	.write = pwcsim_feed_write,
	.llseek = noop_llseek,
};

/* ---- stats and dump ---- */

static void pwcsim_pct(struct seq_file *m, u64 a, u64 b)
{
	u64 x = b ? div64_u64(a * 10000, b) : 0;

	seq_printf(m, "%llu.%02llu%%", div_u64(x, 100), x % 100);
}

static int pwcsim_stats_show(struct seq_file *m, void *v)
{
	struct pwcsim_get_stats *st;
	unsigned int i, k, nmodels;

	if (!pwcsim_dbg_allowed(m->file))
		return -EPERM;
	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return -ENOMEM;
	if (pwcsim_get_stats(&pwcsim_dbg, PWCSIM_NO_MODEL, st))
		goto out_free;
	nmodels = st->nmodels;
	seq_printf(m, "session: addresses=%llu walks=%llu faults=%llu not_walked=%llu raced=%llu tlb_lookups=%llu tlb_hits=%llu notifications=%llu\n",
		   st->addresses, st->walks, st->faults, st->not_walked,
		   st->raced, st->tlb_lookups, st->tlb_hits,
		   st->notifications);
	for (i = 0; i < nmodels; i++) {
		if (pwcsim_get_stats(&pwcsim_dbg, i, st))
			break;
		seq_printf(m, "model %u %s: lookups=%llu", i, st->spec,
			   st->lookups);
		for (k = 1; k < st->levels; k++)
			seq_printf(m, " l%u_hits=%llu", k + 1, st->hits[k]);
		seq_printf(m, " misses=%llu accesses=%llu stale=%llu fills=%llu evictions=%llu invalidations=%llu l2_hit_rate=",
			   st->misses, st->accesses, st->stale, st->fills,
			   st->evictions, st->invalidations);
		pwcsim_pct(m, st->hits[1], st->lookups);
		seq_puts(m, "\n");
	}
out_free:
	kfree(st);
	return 0;
}

PWCSIM_DBG_FOPS(pwcsim_stats, NULL);

/*
 * Each model's text goes straight into the seq_file buffer; when it does
 * not fit, the buffer is reported full and seq_read() calls again with a
 * larger one, up to PWCSIM_DEBUGFS_MAX_DUMP, where the text is cut.
 * Physical addresses shown: only a privileged opener gets here.
 */
static int pwcsim_dump_show(struct seq_file *m, void *v)
{
	bool truncated = false;
	size_t len, written;
	char spec[PWCSIM_SPEC_LEN];
	char *buf;
	u32 i;

	if (!pwcsim_dbg_allowed(m->file))
		return -EPERM;
	for (i = 0; !truncated &&
	     !pwcsim_model_spec(&pwcsim_dbg, i, spec, sizeof(spec)); i++) {
		seq_printf(m, "model %u:\n", i);
		len = seq_get_buf(m, &buf);
		if (len < 2) {
			seq_commit(m, -1);
			return 0;
		}
		if (pwcsim_dump_model(&pwcsim_dbg, i, buf, len, false,
				      &written, &truncated))
			break;
		if (truncated && m->size < PWCSIM_DEBUGFS_MAX_DUMP) {
			seq_commit(m, -1);	/* again, with more room */
			return 0;
		}
		seq_commit(m, written - 1);
	}
	return 0;
}

PWCSIM_DBG_FOPS(pwcsim_dump, NULL);

static ssize_t pwcsim_reset_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_session_input(file, ubuf, count);

	if (IS_ERR(in))
		return PTR_ERR(in);
	kfree(in);
	pwcsim_reset(&pwcsim_dbg, PWCSIM_RESET_STATS | PWCSIM_RESET_CONTENTS);
	return count;
}

static const struct file_operations pwcsim_reset_fops = {
	.owner = THIS_MODULE,
	.write = pwcsim_reset_write,
	.llseek = noop_llseek,
};

/* ---- latency: the longest span between scheduling points ---- */

static int pwcsim_latency_show(struct seq_file *m, void *v)
{
	u64 span, points;

	pwcsim_budget_stats(&span, &points);
	seq_printf(m, "max_span_ns=%llu points=%llu\n", span, points);
	return 0;
}

static ssize_t pwcsim_latency_write(struct file *file,
				    const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	pwcsim_budget_stats_reset();
	return count;
}

PWCSIM_DBG_FOPS(pwcsim_latency, pwcsim_latency_write);

void pwcsim_debugfs_init(struct dentry *root)
{
	pwcsim_session_init(&pwcsim_dbg, 0, true);
	debugfs_create_file("target", 0600, root, NULL, &pwcsim_target_fops);
	debugfs_create_file("models", 0600, root, NULL, &pwcsim_models_fops);
	debugfs_create_file("feed", 0200, root, NULL, &pwcsim_feed_fops);
	debugfs_create_file("stats", 0400, root, NULL, &pwcsim_stats_fops);
	debugfs_create_file("dump", 0400, root, NULL, &pwcsim_dump_fops);
	debugfs_create_file("reset", 0200, root, NULL, &pwcsim_reset_fops);
	debugfs_create_file("latency", 0600, root, NULL,
			    &pwcsim_latency_fops);
}

/* After debugfs_remove_recursive(): no file operation can still run. */
void pwcsim_debugfs_exit(void)
{
	pwcsim_session_destroy(&pwcsim_dbg);
}
