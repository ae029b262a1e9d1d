/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim.h - internal declarations shared by the pwcsim kernel module's
 * files (device, ioctl dispatch, debugfs).
 */
#ifndef _PWCSIM_H
#define _PWCSIM_H

#include <linux/fs.h>
#include <linux/mutex.h>

#define PWCSIM_VERSION "0.1"

/* The most addresses one feed ioctl may carry. */
#define PWCSIM_MAX_BATCH 65536

/**
 * struct pwcsim_session - the state of one open of /dev/pwcsim
 * @lock: serialises every ioctl on this session; taken first, never while
 *	holding another pwcsim lock.  Sessions share nothing, so two opens
 *	never contend.
 *
 * Lifetime: allocated at open, freed at release (the last close of the
 * file), after which no ioctl can run on it.
 */
struct pwcsim_session {
	struct mutex lock;	/* serialises this session's ioctls */
};

long pwcsim_ioctl(struct file *file, unsigned int cmd, unsigned long arg);
unsigned int pwcsim_levels(void);

#endif /* _PWCSIM_H */
