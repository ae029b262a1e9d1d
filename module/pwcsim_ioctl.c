// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_ioctl.c - the table-driven ioctl dispatcher of /dev/pwcsim, in
 * the style of drivers/iommu/iommufd/main.c: a table indexed by the
 * command number (the whole ioctl number must match its row) gives the
 * handler and the smallest struct size it accepts; an argument of at most
 * PWCSIM_MAX_ARG_SIZE bytes is copied in with copy_struct_from_user() into
 * a union large enough for all.
 */
#include <linux/sched/signal.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <uapi/linux/pwcsim.h>

#include "pwcsim.h"

union pwcsim_ucmd_buffer {
	struct pwcsim_get_info info;
	struct pwcsim_attach attach;
	struct pwcsim_add_model add_model;
	struct pwcsim_set_tlb tlb;
	struct pwcsim_feed feed;
	struct pwcsim_get_stats stats;
	struct pwcsim_get_model dump;
	struct pwcsim_reset reset;
	struct pwcsim_set_coherence coherence;
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
	struct pwcsim_get_info *cmd = ucmd->cmd;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved)
		return -EINVAL;
	cmd->abi_version = PWCSIM_ABI_VERSION;
	cmd->levels = pwcsim_levels();
	cmd->max_batch = PWCSIM_MAX_BATCH;
	return pwcsim_copy_out(ucmd, sizeof(*cmd));
}

static int pwcsim_ioc_attach(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_attach *cmd = ucmd->cmd;

	if (cmd->__reserved)
		return -EINVAL;
	return pwcsim_attach(ucmd->s, cmd->flags, cmd->pid, false);
}

static int pwcsim_ioc_add_model(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_add_model *cmd = ucmd->cmd;
	int ret;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved || !memchr(cmd->spec, '\0', sizeof(cmd->spec)))
		return -EINVAL;
	ret = pwcsim_add_model(ucmd->s, cmd->spec, cmd->budget_bits,
			       &cmd->index);
	if (ret)
		return ret;
	ret = pwcsim_copy_out(ucmd, sizeof(*cmd));
	if (ret)	/* the caller cannot know the index: not added */
		pwcsim_unadd_model(ucmd->s, cmd->index);
	return ret;
}

static int pwcsim_ioc_set_tlb(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_set_tlb *cmd = ucmd->cmd;

	if (cmd->__reserved)
		return -EINVAL;
	return pwcsim_set_tlb(ucmd->s, cmd->entries, cmd->flags);
}

static int pwcsim_ioc_set_coherence(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_set_coherence *cmd = ucmd->cmd;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved || cmd->enable > 1)
		return -EINVAL;
	return pwcsim_set_coherence(ucmd->s, cmd->enable);
}

static int pwcsim_ioc_reset(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_reset *cmd = ucmd->cmd;

	if (cmd->flags & ~(PWCSIM_RESET_STATS | PWCSIM_RESET_CONTENTS))
		return -EOPNOTSUPP;
	if (!cmd->flags)
		return -EINVAL;
	pwcsim_reset(ucmd->s, cmd->flags);
	return 0;
}

static int pwcsim_ioc_get_stats(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_get_stats *cmd = ucmd->cmd;
	u32 model = cmd->model;
	int ret;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved)
		return -EINVAL;
	memset(cmd, 0, sizeof(*cmd));
	cmd->size = ucmd->user_size;
	cmd->model = model;
	ret = pwcsim_get_stats(ucmd->s, model, cmd);
	return ret ? ret : pwcsim_copy_out(ucmd, sizeof(*cmd));
}

static int pwcsim_ioc_get_model(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_get_model *cmd = ucmd->cmd;
	size_t len = min(cmd->len, PWCSIM_MAX_DUMP), written;
	bool truncated;
	char *buf;
	int ret;

	if (cmd->flags)
		return -EOPNOTSUPP;
	if (cmd->__reserved || cmd->out_flags)
		return -EINVAL;
	/* With @len 0, a byte of our own: the model index is still checked. */
	buf = kvmalloc(max_t(size_t, len, 1), GFP_KERNEL_ACCOUNT);
	if (!buf)
		return -ENOMEM;
	ret = pwcsim_dump_model(ucmd->s, cmd->model, buf,
				max_t(size_t, len, 1), !ucmd->s->privileged,
				&written, &truncated);
	if (ret)
		goto out_free;
	if (len && copy_to_user(u64_to_user_ptr(cmd->buf), buf, written)) {
		ret = -EFAULT;
		goto out_free;
	}
	cmd->len = len ? written : 0;
	cmd->out_flags = truncated ? PWCSIM_DUMP_TRUNCATED : 0;
	ret = pwcsim_copy_out(ucmd, sizeof(*cmd));
out_free:
	kvfree(buf);
	return ret;
}

/* Bytes of the results buffer checked (zeroed) between scheduling points. */
#define PWCSIM_CLEAR_STEP SZ_1M

/*
 * Zero the results buffer before anything changes (an unwritable one must
 * fail the feed first): up to 256 MiB, so in steps, yielding between them
 * and giving up on a fatal signal.
 */
static int pwcsim_clear_results(void __user *p, u64 total)
{
	struct pwcsim_budget b;
	u64 off, n;
	int ret = 0;

	pwcsim_budget_start(&b);
	for (off = 0; off < total; off += n) {
		n = min_t(u64, total - off, PWCSIM_CLEAR_STEP);
		if (clear_user(p + off, n)) {
			ret = -EFAULT;
			break;
		}
		if (fatal_signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		pwcsim_budget_resched(&b);
	}
	pwcsim_budget_end(&b);
	return ret;
}

static int pwcsim_ioc_feed(struct pwcsim_ucmd *ucmd)
{
	struct pwcsim_feed *cmd = ucmd->cmd;
	struct pwcsim_result *res = NULL;
	u64 *va, total;
	u32 i, n, done = 0, chunk_done;
	int ret;

	if (cmd->flags & ~PWCSIM_FEED_TABLE_IDS)
		return -EOPNOTSUPP;
	if (cmd->__reserved || !cmd->count)
		return -EINVAL;
	if (cmd->count > PWCSIM_MAX_BATCH)
		return -E2BIG;
	/* No results, no size: unused input must be zero. */
	if (!cmd->results && cmd->result_size)
		return -EINVAL;
	if (cmd->results && (cmd->result_size < sizeof(*res) ||
			     cmd->result_size > PWCSIM_MAX_RESULT_SIZE))
		return -EINVAL;
	/* At most 65,536 x 4,096 bytes: no overflow, and cleared in steps. */
	total = (u64)cmd->count * cmd->result_size;

	va = kvmalloc_array(cmd->count, sizeof(*va), GFP_KERNEL_ACCOUNT);
	if (!va)
		return -ENOMEM;
	if (copy_from_user(va, u64_to_user_ptr(cmd->addrs),
			   cmd->count * sizeof(*va))) {
		ret = -EFAULT;
		goto out_free;
	}
	/* Check everything before anything changes. */
	for (i = 0; i < cmd->count; i++) {
		if (!pwcsim_va_ok(va[i])) {
			ret = -EINVAL;
			goto out_free;
		}
	}
	if (cmd->results) {
		ret = pwcsim_clear_results(u64_to_user_ptr(cmd->results), total);
		if (ret)
			goto out_free;
		res = kvmalloc_array(PWCSIM_FEED_CHUNK, sizeof(*res),
				     GFP_KERNEL_ACCOUNT);
		if (!res) {
			ret = -ENOMEM;
			goto out_free;
		}
	}
	for (ret = 0; done < cmd->count && !ret; done += chunk_done) {
		n = min_t(u32, cmd->count - done, PWCSIM_FEED_CHUNK);
		ret = pwcsim_feed(ucmd->s, va + done, n, res, cmd->flags,
				  &chunk_done);
		for (i = 0; res && i < chunk_done; i++) {
			if (copy_to_user(u64_to_user_ptr(cmd->results) +
					 (u64)(done + i) * cmd->result_size,
					 &res[i], sizeof(*res))) {
				ret = -EFAULT;
				break;
			}
		}
	}
	cmd->done = done;
	if (pwcsim_copy_out(ucmd, sizeof(*cmd)) && !ret)
		ret = -EFAULT;
out_free:
	kvfree(res);
	kvfree(va);
	return ret;
}

struct pwcsim_ioctl_op {
	unsigned int size;
	unsigned int min_size;
	unsigned int ioctl_num;
	int (*execute)(struct pwcsim_ucmd *ucmd);
};

#define PWCSIM_IOCTL_OP(_cmd, _fn, _struct, _last)                          \
	[PWCSIM_CMD_##_cmd - PWCSIM_CMD_BASE] = {                            \
		.size = sizeof(_struct) +                                    \
			BUILD_BUG_ON_ZERO(sizeof(union pwcsim_ucmd_buffer) < \
					  sizeof(_struct)),                  \
		.min_size = offsetofend(_struct, _last),                     \
		.ioctl_num = PWCSIM_##_cmd,                                  \
		.execute = _fn,                                              \
	}

static const struct pwcsim_ioctl_op pwcsim_ioctl_ops[] = {
	PWCSIM_IOCTL_OP(GET_INFO, pwcsim_get_info, struct pwcsim_get_info,
			__reserved),
	PWCSIM_IOCTL_OP(ATTACH, pwcsim_ioc_attach, struct pwcsim_attach,
			__reserved),
	PWCSIM_IOCTL_OP(ADD_MODEL, pwcsim_ioc_add_model,
			struct pwcsim_add_model, spec),
	PWCSIM_IOCTL_OP(SET_TLB, pwcsim_ioc_set_tlb, struct pwcsim_set_tlb,
			__reserved),
	PWCSIM_IOCTL_OP(FEED, pwcsim_ioc_feed, struct pwcsim_feed,
			__reserved),
	PWCSIM_IOCTL_OP(GET_STATS, pwcsim_ioc_get_stats,
			struct pwcsim_get_stats, spec),
	PWCSIM_IOCTL_OP(GET_MODEL, pwcsim_ioc_get_model,
			struct pwcsim_get_model, buf),
	PWCSIM_IOCTL_OP(RESET, pwcsim_ioc_reset, struct pwcsim_reset,
			flags),
	PWCSIM_IOCTL_OP(SET_COHERENCE, pwcsim_ioc_set_coherence,
			struct pwcsim_set_coherence, __reserved),
};

long pwcsim_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	struct pwcsim_session *s = file->private_data;
	const struct pwcsim_ioctl_op *op;
	union pwcsim_ucmd_buffer buf;
	struct pwcsim_ucmd ucmd = {};
	unsigned int nr;
	int ret;

	nr = _IOC_NR(cmd);
	if (nr < PWCSIM_CMD_BASE ||
	    nr - PWCSIM_CMD_BASE >= ARRAY_SIZE(pwcsim_ioctl_ops))
		return -ENOTTY;
	op = &pwcsim_ioctl_ops[nr - PWCSIM_CMD_BASE];
	if (op->ioctl_num != cmd)
		return -ENOTTY;

	ucmd.s = s;
	ucmd.ubuffer = (void __user *)arg;
	ret = get_user(ucmd.user_size, (u32 __user *)ucmd.ubuffer);
	if (ret)
		return ret;
	if (ucmd.user_size > PWCSIM_MAX_ARG_SIZE)
		return -E2BIG;
	if (ucmd.user_size < op->min_size)
		return -EINVAL;
	ucmd.cmd = &buf;
	ret = copy_struct_from_user(ucmd.cmd, op->size, ucmd.ubuffer,
				    ucmd.user_size);
	if (ret)
		return ret;

	/* Each handler takes the session lock where it needs it. */
	return op->execute(&ucmd);
}
