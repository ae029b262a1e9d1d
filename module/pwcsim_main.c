// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_main.c - module entry: registers the misc device /dev/pwcsim
 * (one session per open) and the debugfs directory /sys/kernel/debug/pwcsim.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/capability.h>
#include <linux/debugfs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <uapi/linux/pwcsim.h>

#include "pwcsim.h"
#define CREATE_TRACE_POINTS
#include "pwcsim_trace.h"

static struct dentry *pwcsim_debugfs_root;
static atomic_t pwcsim_next_id = ATOMIC_INIT(0);

static int pwcsim_open(struct inode *inode, struct file *file)
{
	struct pwcsim_session *s;

	s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
	if (!s)
		return -ENOMEM;
	pwcsim_session_init(s, atomic_inc_return(&pwcsim_next_id),
			    file_ns_capable(file, &init_user_ns,
					    CAP_SYS_ADMIN));
	file->private_data = s;
	trace_pwcsim_session_open(s->id);
	return 0;
}

static int pwcsim_release(struct inode *inode, struct file *file)
{
	struct pwcsim_session *s = file->private_data;

	trace_pwcsim_session_release(s->id);
	pwcsim_session_destroy(s);
	kfree(s);
	return 0;
}

static const struct file_operations pwcsim_fops = {
	.owner = THIS_MODULE,
	.open = pwcsim_open,
	.release = pwcsim_release,
	.unlocked_ioctl = pwcsim_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
	.llseek = noop_llseek,
};

static struct miscdevice pwcsim_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "pwcsim",
	.fops = &pwcsim_fops,
	.mode = 0600,
};

static int pwcsim_version_show(struct seq_file *m, void *unused)
{
	seq_printf(m, "pwcsim %s abi %u levels %u\n", PWCSIM_VERSION,
		   PWCSIM_ABI_VERSION, pwcsim_levels());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pwcsim_version);

static int __init pwcsim_init(void)
{
	int ret;

	pwcsim_debugfs_root = debugfs_create_dir("pwcsim", NULL);
	debugfs_create_file("version", 0444, pwcsim_debugfs_root, NULL,
			    &pwcsim_version_fops);
	pwcsim_debugfs_init(pwcsim_debugfs_root);

	ret = misc_register(&pwcsim_misc);
	if (ret)
		goto err_remove_debugfs;
	pr_info("version %s loaded, %u-level paging\n", PWCSIM_VERSION,
		pwcsim_levels());
	return 0;

err_remove_debugfs:
	debugfs_remove_recursive(pwcsim_debugfs_root);
	pwcsim_debugfs_exit();
	return ret;
}

static void __exit pwcsim_exit(void)
{
	misc_deregister(&pwcsim_misc);
	debugfs_remove_recursive(pwcsim_debugfs_root);
	pwcsim_debugfs_exit();
}

module_init(pwcsim_init);
module_exit(pwcsim_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Page-walk cache models shadowing real page-table walks");
MODULE_VERSION(PWCSIM_VERSION);
