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
 * Attaching (target) needs CAP_SYS_ADMIN as the ioctl does for another
 * process; dump shows physical addresses only to an opener with it.
 *
 * A write is parsed whole before anything changes: bad input gets -EINVAL
 * (or the precise errno) and leaves the session as it was.  Writes longer
 * than PWCSIM_DEBUGFS_MAX_WRITE get -E2BIG.
 */
#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/debugfs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "pwcsim.h"

#define PWCSIM_DEBUGFS_MAX_WRITE (64 * 1024)
/* Room for stats and dumps; a larger text is cut short. */
#define PWCSIM_DEBUGFS_MAX_READ (1024 * 1024)

static struct pwcsim_session pwcsim_dbg;

/* The opener and the caller have CAP_SYS_ADMIN in the initial namespace. */
static bool pwcsim_dbg_privileged(struct file *file)
{
	return file_ns_capable(file, &init_user_ns, CAP_SYS_ADMIN) &&
	       capable(CAP_SYS_ADMIN);
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

static ssize_t pwcsim_dbg_read_text(struct file *file, char __user *ubuf,
				    size_t count, loff_t *ppos,
				    size_t (*fill)(struct file *file, char *buf,
						   size_t len))
{
	ssize_t ret;
	size_t len;
	char *buf;

	buf = kvzalloc(PWCSIM_DEBUGFS_MAX_READ, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	len = fill(file, buf, PWCSIM_DEBUGFS_MAX_READ);
	ret = simple_read_from_buffer(ubuf, count, ppos, buf, len);
	kvfree(buf);
	return ret;
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

static size_t pwcsim_target_fill(struct file *file, char *buf, size_t len)
{
	pid_t pid;

	mutex_lock(&pwcsim_dbg.lock);
	pid = pwcsim_dbg.mm ? pwcsim_dbg.pid : 0;
	mutex_unlock(&pwcsim_dbg.lock);
	return pid ? scnprintf(buf, len, "%d\n", pid) :
		     scnprintf(buf, len, "none\n");
}

static ssize_t pwcsim_target_read(struct file *file, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	return pwcsim_dbg_read_text(file, ubuf, count, ppos, pwcsim_target_fill);
}

static const struct file_operations pwcsim_target_fops = {
	.owner = THIS_MODULE,
	.read = pwcsim_target_read,
	.write = pwcsim_target_write,
	.llseek = default_llseek,
};

/* ---- models ---- */

/* Most lines one models write may carry. */
#define PWCSIM_DEBUGFS_MAX_LINES 64

/* Each line: a spec or "clear"; every line is checked before any applies. */
static ssize_t pwcsim_models_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_input(ubuf, count), *p, *line;
	char *lines[PWCSIM_DEBUGFS_MAX_LINES];
	unsigned int i, nlines = 0, n = 0;
	struct pwc_config cfg;
	bool clear = false;
	u32 index;
	int ret = 0;

	if (IS_ERR(in))
		return PTR_ERR(in);
	for (p = in; (line = strsep(&p, "\n"));) {
		line = strim(line);
		if (!*line)
			continue;
		if (nlines == PWCSIM_DEBUGFS_MAX_LINES) {
			ret = -E2BIG;
			goto out_free;
		}
		if (!strcmp(line, "clear")) {
			clear = true;
			n = 0;
		} else if (pwc_parse_spec(line, &cfg, NULL, 0)) {
			ret = -EINVAL;
			goto out_free;
		} else {
			n++;
		}
		lines[nlines++] = line;
	}
	if (!nlines) {
		ret = -EINVAL;
		goto out_free;
	}
	mutex_lock(&pwcsim_dbg.lock);
	if (pwcsim_dbg.fed && !clear)
		ret = -EBUSY;
	else if (n > PWCSIM_MAX_MODELS - (clear ? 0 : pwcsim_dbg.nmodels))
		ret = -ENOSPC;
	mutex_unlock(&pwcsim_dbg.lock);
	for (i = 0; i < nlines && !ret; i++) {
		if (!strcmp(lines[i], "clear"))
			ret = pwcsim_clear_models(&pwcsim_dbg);
		else
			ret = pwcsim_add_model(&pwcsim_dbg, lines[i], 0,
					       &index);
	}
out_free:
	kfree(in);
	return ret ? ret : count;
}

static size_t pwcsim_models_fill(struct file *file, char *buf, size_t len)
{
	size_t n = 0;
	unsigned int i;

	mutex_lock(&pwcsim_dbg.lock);
	for (i = 0; i < pwcsim_dbg.nmodels; i++)
		n += scnprintf(buf + n, len - n, "%u %s\n", i,
			       pwcsim_dbg.models[i].spec);
	mutex_unlock(&pwcsim_dbg.lock);
	return n;
}

static ssize_t pwcsim_models_read(struct file *file, char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	return pwcsim_dbg_read_text(file, ubuf, count, ppos, pwcsim_models_fill);
}

static const struct file_operations pwcsim_models_fops = {
	.owner = THIS_MODULE,
	.read = pwcsim_models_read,
	.write = pwcsim_models_write,
	.llseek = default_llseek,
};

/* ---- feed ---- */

static ssize_t pwcsim_feed_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_input(ubuf, count), *p, *tok;
	u32 n = 0, done;
	u64 *va;
	int ret = 0;

	if (IS_ERR(in))
		return PTR_ERR(in);
	/* At most one address per two bytes ("0\n"). */
	va = kvmalloc_array(count / 2 + 1, sizeof(*va), GFP_KERNEL);
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
		ret = pwcsim_feed(&pwcsim_dbg, va, n, NULL, &done);
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

static size_t pwcsim_pct(char *buf, size_t len, u64 a, u64 b)
{
	u64 x = b ? div64_u64(a * 10000, b) : 0;

	return scnprintf(buf, len, "%llu.%02llu%%", div_u64(x, 100),
			 x % 100);
}

static size_t pwcsim_stats_fill(struct file *file, char *buf, size_t len)
{
	struct pwcsim_stats *st;
	unsigned int i, k, nmodels;
	size_t n = 0;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st)
		return 0;
	if (pwcsim_get_stats(&pwcsim_dbg, PWCSIM_NO_MODEL, st))
		goto out_free;
	nmodels = st->nmodels;
	n += scnprintf(buf + n, len - n,
		       "session: addresses=%llu walks=%llu faults=%llu not_walked=%llu raced=%llu tlb_lookups=%llu tlb_hits=%llu notifications=%llu\n",
		       st->addresses, st->walks, st->faults, st->not_walked,
		       st->raced, st->tlb_lookups, st->tlb_hits,
		       st->notifications);
	for (i = 0; i < nmodels; i++) {
		if (pwcsim_get_stats(&pwcsim_dbg, i, st))
			break;
		n += scnprintf(buf + n, len - n, "model %u %s: lookups=%llu",
			       i, st->spec, st->lookups);
		for (k = 1; k < st->levels; k++)
			n += scnprintf(buf + n, len - n, " l%u_hits=%llu",
				       k + 1, st->hits[k]);
		n += scnprintf(buf + n, len - n,
			       " misses=%llu accesses=%llu stale=%llu fills=%llu evictions=%llu invalidations=%llu l2_hit_rate=",
			       st->misses, st->accesses, st->stale, st->fills,
			       st->evictions, st->invalidations);
		n += pwcsim_pct(buf + n, len - n, st->hits[1], st->lookups);
		n += scnprintf(buf + n, len - n, "\n");
	}
out_free:
	kfree(st);
	return n;
}

static ssize_t pwcsim_stats_read(struct file *file, char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	return pwcsim_dbg_read_text(file, ubuf, count, ppos, pwcsim_stats_fill);
}

static const struct file_operations pwcsim_stats_fops = {
	.owner = THIS_MODULE,
	.read = pwcsim_stats_read,
	.llseek = default_llseek,
};

static size_t pwcsim_dump_fill(struct file *file, char *buf, size_t len)
{
	bool hide = !file_ns_capable(file, &init_user_ns, CAP_SYS_ADMIN);
	struct pwcsim_stats *st;
	size_t n = 0, written;
	unsigned int i;
	bool truncated = false;

	st = kzalloc(sizeof(*st), GFP_KERNEL);
	if (!st || pwcsim_get_stats(&pwcsim_dbg, PWCSIM_NO_MODEL, st))
		goto out_free;
	for (i = 0; i < st->nmodels && n + 1 < len && !truncated; i++) {
		n += scnprintf(buf + n, len - n, "model %u:\n", i);
		if (n + 1 >= len ||
		    pwcsim_dump_model(&pwcsim_dbg, i, buf + n, len - n, hide,
				      &written, &truncated))
			break;
		n += written - 1;
	}
out_free:
	kfree(st);
	return n;
}

static ssize_t pwcsim_dump_read(struct file *file, char __user *ubuf,
				size_t count, loff_t *ppos)
{
	return pwcsim_dbg_read_text(file, ubuf, count, ppos, pwcsim_dump_fill);
}

static const struct file_operations pwcsim_dump_fops = {
	.owner = THIS_MODULE,
	.read = pwcsim_dump_read,
	.llseek = default_llseek,
};

static ssize_t pwcsim_reset_write(struct file *file, const char __user *ubuf,
				  size_t count, loff_t *ppos)
{
	char *in = pwcsim_dbg_input(ubuf, count);

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

static size_t pwcsim_latency_fill(struct file *file, char *buf, size_t len)
{
	u64 span, points;

	pwcsim_budget_stats(&span, &points);
	return scnprintf(buf, len, "max_span_ns=%llu points=%llu\n", span,
			 points);
}

static ssize_t pwcsim_latency_read(struct file *file, char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	return pwcsim_dbg_read_text(file, ubuf, count, ppos,
				    pwcsim_latency_fill);
}

static ssize_t pwcsim_latency_write(struct file *file,
				    const char __user *ubuf, size_t count,
				    loff_t *ppos)
{
	pwcsim_budget_stats_reset();
	return count;
}

static const struct file_operations pwcsim_latency_fops = {
	.owner = THIS_MODULE,
	.read = pwcsim_latency_read,
	.write = pwcsim_latency_write,
	.llseek = default_llseek,
};

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
