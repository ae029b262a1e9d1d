// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_ioctl.c - the table-driven ioctl dispatcher of /dev/pwcsim, in
 * the style of drivers/iommu/iommufd/main.c: one row per command (matched
 * on the whole ioctl number) gives its handler and the smallest struct
 * size it accepts; the argument is copied
 * in with copy_struct_from_user() into a union large enough for all.
 */
#include <linux/uaccess.h>
#include <uapi/linux/pwcsim.h>

#include "pwcsim.h"

union pwcsim_ucmd_buffer {
	struct pwcsim_info info;
};

struct pwcsim_ucmd {
	struct pwcsim_session *s;
	void __user *ubuffer;
	u32 user_size;
	void *cmd;
};

static int pwcsim_copy_out(struct pwcsim_ucmd *ucmd, size_t cmd_len)
{
	if (copy_to_user(ucmd->ubuffer, ucmd->cmd,
			 min_t(size_t, ucmd->user_size, cmd_len)))
		return -EFAULT;
	return 0;
}

static int pwcsim_get_info(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_info *cmd = ucmd->cmd;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved)
		return -EINVAL;
	cmd->abi_version = PWCSIM_ABI_VERSION;
	cmd->levels = pwcsim_levels();
	cmd->max_batch = PWCSIM_MAX_BATCH;
	return pwcsim_copy_out(ucmd, sizeof(*cmd));
}

struct pwcsim_ioctl_op {
	unsigned int size;
	unsigned int min_size;
	unsigned int ioctl_num;
	int (*execute)(struct pwcsim_ucmd *ucmd);
};

#define PWCSIM_IOCTL_OP(_ioctl, _fn, _struct, _last)                        \
	{                                                                    \
		.size = sizeof(_struct) +                                    \
			BUILD_BUG_ON_ZERO(sizeof(union pwcsim_ucmd_buffer) < \
					  sizeof(_struct)),                  \
		.min_size = offsetofend(_struct, _last),                     \
		.ioctl_num = _ioctl,                                         \
		.execute = _fn,                                              \
	}

static const struct pwcsim_ioctl_op pwcsim_ioctl_ops[] = {
	PWCSIM_IOCTL_OP(PWCSIM_GET_INFO, pwcsim_get_info, struct pwcsim_info,
			__reserved),
};

long pwcsim_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pwcsim_session *s = file->private_data;
	const struct pwcsim_ioctl_op *op = NULL;
	union pwcsim_ucmd_buffer buf;
	struct pwcsim_ucmd ucmd = {};
	unsigned int i;
	int ret;

	for (i = 0; i < ARRAY_SIZE(pwcsim_ioctl_ops); i++)
		if (pwcsim_ioctl_ops[i].ioctl_num == cmd)
			op = &pwcsim_ioctl_ops[i];
	if (!op)
		return -ENOTTY;

	ucmd.s = s;
	ucmd.ubuffer = (void __user *)arg;
	ret = get_user(ucmd.user_size, (u32 __user *)ucmd.ubuffer);
	if (ret)
		return ret;
	if (ucmd.user_size < op->min_size)
		return -EINVAL;
	ucmd.cmd = &buf;
	ret = copy_struct_from_user(ucmd.cmd, op->size, ucmd.ubuffer,
				    ucmd.user_size);
	if (ret)
		return ret;

	mutex_lock(&s->lock);
	ret = op->execute(&ucmd);
	mutex_unlock(&s->lock);
	return ret;
}
