/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * pwcsim - page-walk cache models shadowing real page-table walks.
 *
 * The ioctl ABI of /dev/pwcsim.  Every argument is a size-first extensible
 * struct, as in iommufd: the caller puts sizeof(struct) in @size; the kernel
 * accepts a smaller (older) struct when the fields it lacks may be zero and a
 * larger (newer) one when the bytes it does not know are zero, otherwise it
 * fails with -E2BIG.  @flags bits that are not defined give -EOPNOTSUPP and
 * reserved fields must be zero (-EINVAL).  User pointers travel as __u64.
 */
#ifndef _UAPI_LINUX_PWCSIM_H
#define _UAPI_LINUX_PWCSIM_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define PWCSIM_TYPE 0xB7

/* Version of this ABI; bumped when a command or field is added. */
#define PWCSIM_ABI_VERSION 1

enum {
	PWCSIM_CMD_BASE = 0x80,
	PWCSIM_CMD_GET_INFO = PWCSIM_CMD_BASE,
};

/**
 * struct pwcsim_info - ioctl(PWCSIM_GET_INFO)
 * @size: sizeof(struct pwcsim_info)
 * @flags: must be 0
 * @abi_version: out: PWCSIM_ABI_VERSION of the running module
 * @levels: out: paging levels of the running kernel (4 or 5)
 * @max_batch: out: the most addresses one feed may carry
 * @__reserved: must be 0
 *
 * Feature and version query; needs no attached target.
 */
struct pwcsim_info {
	__u32 size;
	__u32 flags;
	__u32 abi_version;
	__u32 levels;
	__u32 max_batch;
	__u32 __reserved;
};

#define PWCSIM_GET_INFO _IO(PWCSIM_TYPE, PWCSIM_CMD_GET_INFO)

#endif /* _UAPI_LINUX_PWCSIM_H */
