/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim.h - internal declarations shared by the pwcsim kernel module's
 * files: sessions (pwcsim_session.c), the ioctl dispatcher
 * (pwcsim_ioctl.c), debugfs (pwcsim_debugfs.c) and the module entry
 * (pwcsim_main.c).
 */
#ifndef _PWCSIM_H
#define _PWCSIM_H

#include <linux/fs.h>
#include <linux/mmu_notifier.h>
#include <linux/mutex.h>
#include <linux/siphash.h>
#include <linux/spinlock.h>
#include <uapi/linux/pwcsim.h>

#include "pwc.h"
#include "pwc_tlb.h"

#define PWCSIM_VERSION "0.2"

/* The most addresses one feed may carry. */
#define PWCSIM_MAX_BATCH 65536
/* Invalidations queued by the notifier before it falls back to "all". */
#define PWCSIM_PENDING 32
/*
 * Work, in model entries visited (pwc_cost()), between two scheduling
 * points; a walk counts as PWCSIM_WALK_COST.  131,072 entry visits take
 * about 0.1 ms natively and a few ms under emulation.
 */
#define PWCSIM_RESCHED_WORK BIT(17)
#define PWCSIM_WALK_COST 256
/* Most addresses walked under one hold of the target's mmap lock. */
#define PWCSIM_FEED_CHUNK 64

/**
 * struct pwcsim_budget - work done since the last scheduling point
 * @t0: ktime_get_ns() at that point (or at the start)
 * @work: units charged since then
 * @chunk: units charged since the caller last zeroed it (for callers
 *	that must also drop a lock now and then)
 *
 * On the stack of one operation; see pwcsim_budget.c.
 */
struct pwcsim_budget {
	u64 t0;
	u64 work;
	u64 chunk;
};

void pwcsim_budget_start(struct pwcsim_budget *b);
/* Charge @work; a scheduling point once PWCSIM_RESCHED_WORK is reached. */
void pwcsim_budget_charge(struct pwcsim_budget *b, u64 work);
/* A scheduling point now. */
void pwcsim_budget_resched(struct pwcsim_budget *b);
void pwcsim_budget_end(struct pwcsim_budget *b);
/* The longest span between scheduling points, and how many were taken. */
void pwcsim_budget_stats(u64 *max_span_ns, u64 *points);
void pwcsim_budget_stats_reset(void);

struct pwcsim_model {
	struct pwc_model *m;
	char spec[PWCSIM_SPEC_LEN];
};

/* Most walks queued for the models' batch ops: one feed chunk. */
#define PWCSIM_FEED_QUEUE PWCSIM_FEED_CHUNK

/**
 * struct pwcsim_feed_queue - walks waiting for the models, in address order
 * @n: walks queued
 * @w: the walks, each to be fed to every model with a fill
 * @res: where each walk's per-model start and accesses go (NULL: nowhere);
 *	a slot of the caller's results of the feed in progress
 * @nres: the walks whose @res is not NULL: with none, the models keep no
 *	result (@r is not written)
 * @r: one model's results of the walks, reused model after model
 *
 * Part of struct pwcsim_session and owned by its @lock, like the models
 * it feeds.  Bounded (PWCSIM_FEED_QUEUE walks) and empty whenever the
 * lock is free: pwcsim_feed() empties it before it returns, so @res
 * never outlives the caller's buffer.  It is emptied
 * (pwcsim_session_flush()) before anything else reaches the models: an
 * invalidation (pwcsim_sync()), a walk that fills nothing or one fed
 * per walk for its tracepoints.  The models thus see every walk and
 * invalidation in the order the per-walk path gives them.
 */
struct pwcsim_feed_queue {
	u32 n;
	u32 nres;
	struct pwc_walk w[PWCSIM_FEED_QUEUE];
	struct pwcsim_result *res[PWCSIM_FEED_QUEUE];
	struct pwc_result r[PWCSIM_FEED_QUEUE];
};

/*
 * Session counters, owned by @lock of struct pwcsim_session (the models
 * keep their own, struct pwc_stats; the IOTLB its own, struct pwc_tlb;
 * notifications are @seq - @seq_reset, under @pending_lock).
 */
struct pwcsim_counters {
	u64 addresses;
	u64 walks;
	u64 faults;
	u64 not_walked;
	u64 uncached;
	u64 raced;
};

/* A queued invalidation: [start, end) of the target's address space. */
struct pwcsim_range {
	u64 start;
	u64 end;
};

/**
 * struct pwcsim_session - one open of /dev/pwcsim, or the debugfs session
 * @lock: serialises every operation on the session (ioctls, debugfs
 *	reads and writes, release); protects every field from @mm to @queue
 *	(functions that need it assert it with lockdep_assert_held()).
 *	Taken before the target's mmap lock, never inside a notifier
 *	callback.
 * @id: the session's name in tracepoints (0: the debugfs session)
 * @mm: the target's mm with an mm_count reference (mmgrab), or NULL; its
 *	users are pinned (mmget_not_zero) only for the span of one call
 * @pid: the target's pid in the attacher's namespace (for reading back)
 * @coherent: invalidate on the target's mmu notifier (default on)
 * @registered: @mn is registered on @mm
 * @fed: addresses have been fed (the configuration is then frozen)
 * @privileged: the opener had CAP_SYS_ADMIN at open
 * @table_key: the key of the table ids (PWCSIM_FEED_TABLE_IDS), drawn at
 *	init, never changed
 * @feed_flags: the flags of the feed in progress (under @lock)
 * @nmodels: models in @models
 * @models: the model instances and their canonical specs
 * @tlb: the IOTLB in front of the models (0 entries: none)
 * @cnt: session counters
 * @queue: walks of the feed in progress not yet given to the models
 *	(struct pwcsim_feed_queue: empty outside pwcsim_feed())
 * @mn: the mmu notifier; its callbacks only queue ranges
 * @pending_lock: protects @npending, @pending_all, @pending,
 *	@in_progress, @seq and @seq_reset; a spinlock, since notifier
 *	callbacks must not sleep, held only to queue or take the queue.  The
 *	ranges are applied to the models under @lock by the next operation
 *	(and after each walk that overlapped a notification), each merged
 *	range once.
 * @npending: queued ranges
 * @pending_all: the queue overflowed, or the mm is going away
 * @pending: queued [start, end) ranges
 * @in_progress: invalidate_range_start calls not yet ended; while it is
 *	not 0, walks fill nothing (PWCSIM_RES_RACED)
 * @seq: bumped by every notification (read without the lock after a walk,
 *	with smp_rmb() between the walk's reads and it)
 * @seq_reset: @seq at the last reset of the statistics
 *
 * Lifetime: allocated at open (or module init for debugfs), freed at the
 * last close (module exit), after which no callback can run: the notifier
 * is unregistered (which waits for running callbacks) before the free.
 */
struct pwcsim_session {
	struct mutex lock;	/* see above */
	unsigned int id;
	struct mm_struct *mm;
	pid_t pid;
	bool coherent;
	bool registered;
	bool fed;
	bool privileged;
	siphash_key_t table_key;
	u32 feed_flags;
	unsigned int nmodels;
	struct pwcsim_model models[PWCSIM_MAX_MODELS];
	struct pwc_tlb tlb;
	struct pwcsim_counters cnt;
	struct pwcsim_feed_queue queue;
	struct mmu_notifier mn;
	spinlock_t pending_lock;	/* see above */
	unsigned int npending;
	bool pending_all;
	struct pwcsim_range pending[PWCSIM_PENDING];
	unsigned int in_progress;
	u64 seq;
	u64 seq_reset;
};

unsigned int pwcsim_levels(void);

/*
 * pwcsim_session.c; all but init/destroy and those said to need it held
 * take @s->lock themselves.
 */
void pwcsim_session_init(struct pwcsim_session *s, unsigned int id,
			 bool privileged);
void pwcsim_session_destroy(struct pwcsim_session *s);
/* @replace: drop a previous target (and the models' contents) first. */
int pwcsim_attach(struct pwcsim_session *s, u32 flags, s32 pid, bool replace);
/*
 * Add the models of @specs (@n), each sized to @budget_bits, after
 * removing every model if @clear; *@index (if not NULL): the first one's.
 * All or nothing: -EINVAL (a bad spec), -ENOMEM, -EBUSY (fed, unless
 * @clear), -ENOSPC (over PWCSIM_MAX_MODELS) leave the models as they were.
 */
int pwcsim_set_models(struct pwcsim_session *s, const char *const *specs,
		      unsigned int n, u64 budget_bits, bool clear, u32 *index);

/* pwcsim_set_models() of one spec, added to the session's models. */
static inline int pwcsim_add_model(struct pwcsim_session *s, const char *spec,
				   u64 budget_bits, u32 *index)
{
	return pwcsim_set_models(s, &spec, 1, budget_bits, false, index);
}

/* pwcsim_set_models() of none, every model removed. */
static inline int pwcsim_clear_models(struct pwcsim_session *s)
{
	return pwcsim_set_models(s, NULL, 0, 0, true, NULL);
}

/*
 * Model @index removed again if it is still the last and nothing was fed
 * (its adder could not be told its index).
 */
void pwcsim_unadd_model(struct pwcsim_session *s, u32 index);
int pwcsim_set_tlb(struct pwcsim_session *s, u32 entries, u32 flags);
int pwcsim_set_coherence(struct pwcsim_session *s, bool enable);
void pwcsim_reset(struct pwcsim_session *s, u32 flags);
/*
 * Feed @count addresses (already checked); results optional, with table
 * ids for PWCSIM_FEED_TABLE_IDS in @flags.
 */
int pwcsim_feed(struct pwcsim_session *s, const u64 *va, u32 count,
		struct pwcsim_result *res, u32 flags, u32 *done);
bool pwcsim_va_ok(u64 va);
/*
 * The IOTLB missed and @w was walked: count it, fill the IOTLB (unless
 * @fill is false) and feed the models, filling them unless @fill is
 * false.  A walk that fills is queued for the models' batch ops (when no
 * per-walk model tracepoint is enabled): its results reach @res, and the
 * models their state, at the next pwcsim_session_flush().  @s->lock held.
 */
void pwcsim_session_walked(struct pwcsim_session *s,
			   const struct pwc_walk *w, struct pwcsim_result *res,
			   bool fill, struct pwcsim_budget *b);
/* Feed the queued walks to the models, in order; @s->lock held. */
void pwcsim_session_flush(struct pwcsim_session *s, struct pwcsim_budget *b);
/* Apply the invalidations the notifier queued; @s->lock held (KUnit's). */
void pwcsim_apply_pending(struct pwcsim_session *s);
/* Notifications since the last reset of the statistics. */
u64 pwcsim_notifications(struct pwcsim_session *s);
/* The target's pid (0: none) and model @i's canonical spec (for debugfs). */
pid_t pwcsim_target_pid(struct pwcsim_session *s);
int pwcsim_model_spec(struct pwcsim_session *s, u32 i, char *spec,
		      size_t len);
int pwcsim_get_stats(struct pwcsim_session *s, u32 model,
		     struct pwcsim_get_stats *st);
/*
 * The model's contents as text into @buf (@len > 0 bytes, NUL-terminated),
 * physical addresses as 0 if @hide_phys; *@written: bytes with the NUL,
 * *@truncated: the text did not fit.
 */
int pwcsim_dump_model(struct pwcsim_session *s, u32 model, char *buf,
		      size_t len, bool hide_phys, size_t *written,
		      bool *truncated);

/* pwcsim_ioctl.c */
long pwcsim_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

/* pwcsim_debugfs.c */
void pwcsim_debugfs_init(struct dentry *root);
void pwcsim_debugfs_exit(void);

#endif /* _PWCSIM_H */
