/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * pwcsim - page-walk cache models shadowing real page-table walks.
 *
 * The ioctl ABI of /dev/pwcsim.  Every argument is a size-first extensible
 * struct, as in iommufd: the caller puts sizeof(struct) in @size; the kernel
 * accepts a smaller (older) struct when the fields it lacks may be zero and a
 * larger (newer) one when the bytes it does not know are zero, otherwise it
 * fails with -E2BIG.  @size is at most PWCSIM_MAX_ARG_SIZE (-E2BIG beyond)
 * and at least the size of the command's first version (-EINVAL below);
 * an unreadable argument gives -EFAULT.  @flags bits that are not defined
 * give -EOPNOTSUPP and reserved fields must be zero (-EINVAL).  User
 * pointers travel as __u64.  An ioctl number that is not one of the
 * commands below gives -ENOTTY.
 *
 * Physical addresses (page frames, table bases) are reported only to
 * sessions whose opener had CAP_SYS_ADMIN in the initial user namespace
 * when it opened /dev/pwcsim, as /proc/PID/pagemap does; other sessions
 * get 0 in their place (PWCSIM_RES_NO_PHYS in a result says so, and
 * GET_MODEL prints 0x0).  What the models compute is the same either way.
 */
#ifndef _UAPI_LINUX_PWCSIM_H
#define _UAPI_LINUX_PWCSIM_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define PWCSIM_TYPE 0xB7

/* Version of this ABI; bumped when a command or field is added. */
#define PWCSIM_ABI_VERSION 3

enum {
	PWCSIM_CMD_BASE = 0x80,
	PWCSIM_CMD_GET_INFO = PWCSIM_CMD_BASE,
	PWCSIM_CMD_ATTACH,
	PWCSIM_CMD_ADD_MODEL,
	PWCSIM_CMD_SET_TLB,
	PWCSIM_CMD_FEED,
	PWCSIM_CMD_GET_STATS,
	PWCSIM_CMD_GET_MODEL,
	PWCSIM_CMD_RESET,
	PWCSIM_CMD_SET_COHERENCE,
};

/* Longest model spec, with its NUL (e.g. "cpwc:l4=2,l3=4,blocks=62,ways=1"). */
#define PWCSIM_SPEC_LEN 96
/* Most models one session holds. */
#define PWCSIM_MAX_MODELS 16
/* Largest per-address result a feed may ask for. */
#define PWCSIM_MAX_RESULT_SIZE 4096
/* Largest @size of any command's argument. */
#define PWCSIM_MAX_ARG_SIZE 4096
/*
 * Most paging levels (5 with LA57).  Arrays indexed by level have
 * PWCSIM_MAX_LEVELS + 1 slots; slot 0 is unused.
 */
#define PWCSIM_MAX_LEVELS 5

/**
 * struct pwcsim_get_info - ioctl(PWCSIM_GET_INFO)
 * @size: sizeof(struct pwcsim_get_info)
 * @flags: must be 0
 * @abi_version: out: PWCSIM_ABI_VERSION of the running module
 * @levels: out: paging levels of the running kernel (4 or 5)
 * @max_batch: out: the most addresses one feed may carry
 * @__reserved: must be 0
 *
 * Feature and version query; needs no attached target.
 */
struct pwcsim_get_info {
	__u32 size;
	__u32 flags;
	__u32 abi_version;
	__u32 levels;
	__u32 max_batch;
	__u32 __reserved;
};

#define PWCSIM_GET_INFO _IO(PWCSIM_TYPE, PWCSIM_CMD_GET_INFO)

/* Attach to the calling process (then @pid must be 0). */
#define PWCSIM_ATTACH_SELF (1U << 0)

/**
 * struct pwcsim_attach - ioctl(PWCSIM_ATTACH)
 * @size: sizeof(struct pwcsim_attach)
 * @flags: PWCSIM_ATTACH_SELF, or 0 with @pid
 * @pid: the target process, in the caller's pid namespace
 * @__reserved: must be 0
 *
 * Once per session (-EBUSY after).  Another process needs CAP_SYS_ADMIN of
 * both the opener of the device and the caller, and CAP_SYS_PTRACE of the
 * caller (-EPERM); the calling process needs none.  -ESRCH: no such
 * process or it has exited; -EINVAL: pid <= 0 without PWCSIM_ATTACH_SELF,
 * or a kernel thread; -EINTR: a signal arrived while the mmu notifier
 * was being registered (the kernel then takes every lock of the target's
 * address space and gives up on a pending signal): nothing changed, call
 * again; -ENOMEM.
 */
struct pwcsim_attach {
	__u32 size;
	__u32 flags;
	__s32 pid;
	__u32 __reserved;
};

#define PWCSIM_ATTACH _IO(PWCSIM_TYPE, PWCSIM_CMD_ATTACH)

/**
 * struct pwcsim_add_model - ioctl(PWCSIM_ADD_MODEL)
 * @size: sizeof(struct pwcsim_add_model)
 * @flags: must be 0
 * @budget_bits: if not 0, a bare model name in @spec is sized to its
 *	largest configuration within this many bits (Documentation/models.rst)
 * @index: out: the model's index in the session (0, 1, ...)
 * @__reserved: must be 0
 * @spec: the model spec, NUL-terminated (Documentation/models.rst)
 *
 * -EINVAL for a spec the model library rejects (userspace can get the
 * message by parsing it with the same library) or a @spec without a NUL,
 * -ENOSPC when the session holds PWCSIM_MAX_MODELS, -EBUSY once addresses
 * have been fed (until a reset of the contents), -ENOMEM, -EFAULT (the
 * struct is not writable: the model is not added, unless another call
 * added one after it); on an error the session's models are as they were.
 */
struct pwcsim_add_model {
	__u32 size;
	__u32 flags;
	__aligned_u64 budget_bits;
	__u32 index;
	__u32 __reserved;
	char spec[PWCSIM_SPEC_LEN];
};

#define PWCSIM_ADD_MODEL _IO(PWCSIM_TYPE, PWCSIM_CMD_ADD_MODEL)

/* The IOTLB also holds 2 MiB entries for 2 MiB (and 1 GiB) leaves. */
#define PWCSIM_TLB_2M (1U << 0)

/**
 * struct pwcsim_set_tlb - ioctl(PWCSIM_SET_TLB)
 * @size: sizeof(struct pwcsim_set_tlb)
 * @flags: PWCSIM_TLB_2M
 * @entries: IOTLB entries (fully associative, LRU); 0 removes the IOTLB
 * @__reserved: must be 0
 *
 * With an IOTLB, only its misses are walked and looked up in the models.
 * -EBUSY once addresses have been fed (until a reset of the contents);
 * -EINVAL over 65,536 entries; -ENOMEM.
 */
struct pwcsim_set_tlb {
	__u32 size;
	__u32 flags;
	__u32 entries;
	__u32 __reserved;
};

#define PWCSIM_SET_TLB _IO(PWCSIM_TYPE, PWCSIM_CMD_SET_TLB)

/* struct pwcsim_result.flags */
#define PWCSIM_RES_TLB_HIT	(1U << 0)	/* the IOTLB translated it */
#define PWCSIM_RES_NO_VMA	(1U << 1)	/* no VMA: not walked */
#define PWCSIM_RES_HUGETLB	(1U << 2)	/* hugetlbfs: not walked */
#define PWCSIM_RES_FAULT	(1U << 3)	/* walked; a non-present entry */
#define PWCSIM_RES_MIGRATION	(1U << 4)	/* ... a migration entry */
#define PWCSIM_RES_BAD		(1U << 5)	/* ... a bad entry */
/* @pfn and @base are 0: the session's opener lacked CAP_SYS_ADMIN */
#define PWCSIM_RES_NO_PHYS	(1U << 6)
/*
 * The walk overlapped an invalidation of the target's page tables (an mmu
 * notifier range was in progress or arrived during it): the models were
 * looked up but not filled, as a secondary MMU installs nothing while an
 * invalidation is in progress.
 */
#define PWCSIM_RES_RACED	(1U << 7)
/*
 * @base holds table ids, not physical bases (PWCSIM_FEED_TABLE_IDS): per
 * session, the same table always the same id, never 0
 */
#define PWCSIM_RES_TABLE_IDS	(1U << 8)

/**
 * struct pwcsim_result - what a feed reports for one address
 * @va: the address
 * @pfn: the leaf's page frame for @va when @present (0 with
 *	PWCSIM_RES_NO_PHYS)
 * @base: @base[k] is the physical base of the level-k table the walk read
 *	(k = @end .. @levels; @base[@levels] is the root), else 0 (all 0
 *	with PWCSIM_RES_NO_PHYS); its id with PWCSIM_RES_TABLE_IDS
 * @flags: PWCSIM_RES_*
 * @levels: paging levels of the walk (0 when not walked)
 * @end: the lowest level whose entry was read (1..@levels)
 * @leaf: 1, 2, 3 for a 4 KiB, 2 MiB, 1 GiB leaf; 0 if none
 * @present: the walk reached a leaf (0 when not walked: an IOTLB hit,
 *	PWCSIM_RES_TLB_HIT, is a translation with no walk, and its @levels,
 *	@pfn and @base are 0 too)
 * @start: @start[i] is model i's start level (0 when not looked up)
 * @accesses: @accesses[i] is model i's page-table accesses for this walk
 */
struct pwcsim_result {
	__aligned_u64 va;
	__aligned_u64 pfn;
	__aligned_u64 base[PWCSIM_MAX_LEVELS + 1];
	__u32 flags;
	__u8 levels;
	__u8 end;
	__u8 leaf;
	__u8 present;
	__u8 start[PWCSIM_MAX_MODELS];
	__u8 accesses[PWCSIM_MAX_MODELS];
};

/*
 * struct pwcsim_feed.flags: each result's @base[k] is an opaque id of the
 * level-k table instead of its physical base, for any opener: a keyed
 * hash (SipHash) of the base under a key drawn when the session was
 * opened, so one table keeps one id for the session, two tables get
 * different ids but with a 2^-63 chance, and the id tells nothing of the
 * address without the key.  What a timing model needs (which walks read
 * the same table) without a physical address; @pfn is as without it.
 */
#define PWCSIM_FEED_TABLE_IDS	(1U << 0)

/**
 * struct pwcsim_feed - ioctl(PWCSIM_FEED)
 * @size: sizeof(struct pwcsim_feed)
 * @flags: 0 or PWCSIM_FEED_TABLE_IDS (other bits: -EOPNOTSUPP)
 * @addrs: user pointer to @count __u64 virtual addresses
 * @results: user pointer to @count results of @result_size bytes each,
 *	or 0 for none
 * @count: 1 .. PWCSIM_GET_INFO's max_batch
 * @result_size: 0 when @results is 0; else at least
 *	sizeof(struct pwcsim_result) and at most PWCSIM_MAX_RESULT_SIZE
 *	(bytes past the struct are zeroed)
 * @done: out: addresses processed
 * @__reserved: must be 0
 *
 * Walks the target's page tables for each address and feeds every model
 * (behind the IOTLB, if set).  Every address is checked first: a
 * non-canonical or kernel address fails the whole feed with -EINVAL before
 * anything changes, as do a bad @result_size (-EINVAL), an unreadable
 * @addrs or an unwritable @results buffer (-EFAULT).  -EINVAL: @count 0;
 * -ENOENT: no target attached; -ESRCH: the target has exited; -E2BIG:
 * @count over the cap; -ENOMEM.  A fatal signal stops the feed with -EINTR
 * after @done addresses (also before any, while the buffers are checked).
 * The kernel yields the CPU between addresses (and between models when
 * they are large), so a feed of the largest configuration never holds a
 * CPU for long.
 */
struct pwcsim_feed {
	__u32 size;
	__u32 flags;
	__aligned_u64 addrs;
	__aligned_u64 results;
	__u32 count;
	__u32 result_size;
	__u32 done;
	__u32 __reserved;
};

#define PWCSIM_FEED _IO(PWCSIM_TYPE, PWCSIM_CMD_FEED)

/* struct pwcsim_get_stats.model value for session counters only */
#define PWCSIM_NO_MODEL 0xffffffffU

/**
 * struct pwcsim_get_stats - ioctl(PWCSIM_GET_STATS)
 * @size: sizeof(struct pwcsim_get_stats)
 * @flags: must be 0
 * @model: in: a model index, or PWCSIM_NO_MODEL (-EINVAL otherwise)
 * @nmodels: out: models in the session
 * @addresses: out: addresses fed
 * @tlb_lookups: out: IOTLB lookups
 * @tlb_hits: out: IOTLB hits
 * @walks: out: page-table walks fed to the models
 * @faults: out: walks that ended on a non-present entry
 * @not_walked: out: addresses outside a VMA or in hugetlbfs
 * @uncached: out: the accesses the walks would cost with no cache at all
 * @notifications: out: mmu notifier invalidations received
 * @lookups: out: model lookups
 * @hits: out: @hits[s] lookups with start level s (1 = L2-stage hit, ...)
 * @misses: out: lookups that started at the top level
 * @accesses: out: page-table accesses
 * @fills: out: entries written
 * @evictions: out: valid entries displaced
 * @invalidations: out: entries dropped by invalidations
 * @stale: out: lookups that supplied a table base the real walk did not use
 * @bits: out: the model's storage in bits (~0: unbounded)
 * @levels: out: paging levels of the target (4 or 5)
 * @__reserved: must be 0
 * @spec: out: the model's canonical spec
 * @raced: out: walks that overlapped an invalidation (PWCSIM_RES_RACED)
 */
struct pwcsim_get_stats {
	__u32 size;
	__u32 flags;
	__u32 model;
	__u32 nmodels;
	__aligned_u64 addresses;
	__aligned_u64 tlb_lookups;
	__aligned_u64 tlb_hits;
	__aligned_u64 walks;
	__aligned_u64 faults;
	__aligned_u64 not_walked;
	__aligned_u64 uncached;
	__aligned_u64 notifications;
	__aligned_u64 lookups;
	__aligned_u64 hits[PWCSIM_MAX_LEVELS + 1];
	__aligned_u64 misses;
	__aligned_u64 accesses;
	__aligned_u64 fills;
	__aligned_u64 evictions;
	__aligned_u64 invalidations;
	__aligned_u64 stale;
	__aligned_u64 bits;
	__u32 levels;
	__u32 __reserved;
	char spec[PWCSIM_SPEC_LEN];
	__aligned_u64 raced;
};

#define PWCSIM_GET_STATS _IO(PWCSIM_TYPE, PWCSIM_CMD_GET_STATS)

/* The largest text GET_MODEL returns; a longer one is truncated. */
#define PWCSIM_MAX_DUMP (1U << 20)

/* struct pwcsim_get_model.out_flags: the text did not fit and was cut */
#define PWCSIM_DUMP_TRUNCATED (1U << 0)

/**
 * struct pwcsim_get_model - ioctl(PWCSIM_GET_MODEL)
 * @size: sizeof(struct pwcsim_get_model)
 * @flags: must be 0
 * @model: a model index (-EINVAL otherwise)
 * @len: in: bytes at @buf (0 is allowed: nothing is written); out: bytes
 *	written, with the NUL (0 when in @len was 0)
 * @buf: user pointer: the model's contents as text (the layout of the
 *	paper's Figure 2), NUL-terminated
 * @out_flags: out (0 on input, -EINVAL otherwise): PWCSIM_DUMP_TRUNCATED
 *	when the text was longer than the in @len (or PWCSIM_MAX_DUMP):
 *	formatting stops there, at the end of a line, so a dump costs at
 *	most as much as the buffer it fills
 * @__reserved: must be 0
 *
 * -EFAULT: @buf is not writable; -ENOMEM.
 */
struct pwcsim_get_model {
	__u32 size;
	__u32 flags;
	__u32 model;
	__u32 len;
	__aligned_u64 buf;
	__u32 out_flags;
	__u32 __reserved;
};

#define PWCSIM_GET_MODEL _IO(PWCSIM_TYPE, PWCSIM_CMD_GET_MODEL)

#define PWCSIM_RESET_STATS	(1U << 0)	/* every counter */
#define PWCSIM_RESET_CONTENTS	(1U << 1)	/* every cached entry */

/**
 * struct pwcsim_reset - ioctl(PWCSIM_RESET)
 * @size: sizeof(struct pwcsim_reset)
 * @flags: PWCSIM_RESET_STATS and/or PWCSIM_RESET_CONTENTS (not 0)
 */
struct pwcsim_reset {
	__u32 size;
	__u32 flags;
};

#define PWCSIM_RESET _IO(PWCSIM_TYPE, PWCSIM_CMD_RESET)

/**
 * struct pwcsim_set_coherence - ioctl(PWCSIM_SET_COHERENCE)
 * @size: sizeof(struct pwcsim_set_coherence)
 * @flags: must be 0
 * @enable: 1 (the default): model entries are invalidated when the
 *	target's page tables change (an mmu notifier); 0: they are not, and
 *	stale hits show what an IOMMU without invalidation would get wrong
 * @__reserved: must be 0
 *
 * Turned on again for an attached session, it drops every cached entry
 * (what was filled while off may be stale).  -ESRCH: the target has
 * exited; -EINTR: a signal arrived while the mmu notifier was being
 * registered; -ENOMEM.  On an error the setting is as it was.
 */
struct pwcsim_set_coherence {
	__u32 size;
	__u32 flags;
	__u32 enable;
	__u32 __reserved;
};

#define PWCSIM_SET_COHERENCE _IO(PWCSIM_TYPE, PWCSIM_CMD_SET_COHERENCE)

#endif /* _UAPI_LINUX_PWCSIM_H */
