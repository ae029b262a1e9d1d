/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_env.h - the one environment shim of the PWC model library.
 *
 * The model sources (pwc_*.c) include nothing but this header (through
 * pwc.h), so the same files compile into pwcsim.ko and into the userspace
 * tools, as mm/vma.c does with vma_internal.h.  The kernel half maps the
 * few services the models use onto kernel headers, the userspace half onto
 * libc.  Allocation is the only service with a policy:
 * kvzalloc(GFP_KERNEL_ACCOUNT) in the kernel (callers must be allowed to
 * sleep; the memory is charged to the caller's cgroup), calloc in
 * userspace.  pwc_zalloc_large() is for the models' arrays
 * (pwc_zalloc_parts()), which can outgrow the caches (ideal's maps): in
 * userspace it asks for transparent huge pages from 2 MiB up, so that
 * random probes do not also miss the TLB.
 */
#ifndef _PWC_ENV_H
#define _PWC_ENV_H

#ifdef __KERNEL__

#include <linux/bitops.h>
#include <linux/stdarg.h>
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/prefetch.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/types.h>

/* Charged to the memory cgroup of the process that asked for it. */
#define pwc_zalloc(size) kvzalloc(size, GFP_KERNEL_ACCOUNT)
#define pwc_free(ptr) kvfree(ptr)
#define pwc_zalloc_large(size) pwc_zalloc(size)
#define pwc_prefetch(ptr) prefetch(ptr)

#else /* userspace */

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef int s32;
typedef unsigned long long u64;
typedef long long s64;

#define pwc_zalloc(size) calloc(1, size)
#define pwc_free(ptr) free(ptr)
#define pwc_prefetch(ptr) __builtin_prefetch(ptr)

#ifndef ARRAY_SIZE
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
#define U64_MAX (~0ULL)
#define BIT_ULL(n) (1ULL << (n))
/* Format strings are checked by the kernel build of the same code. */
#define __printf(a, b)

/* The huge page size of x86-64 and arm64 (4 KiB granule). */
#define PWC_HUGE_PAGE (2UL << 20)

/*
 * Zeroed memory, aligned to and advised as huge pages from PWC_HUGE_PAGE
 * up (freed with pwc_free()); the advice is a hint, ignored where
 * transparent huge pages are off.
 */
static inline void *pwc_zalloc_large(size_t size)
{
	void *p;

	if (size < PWC_HUGE_PAGE)
		return calloc(1, size);
	if (posix_memalign(&p, PWC_HUGE_PAGE, size))
		return NULL;
	madvise(p, size, MADV_HUGEPAGE);
	return memset(p, 0, size);
}

static inline bool is_power_of_2(unsigned long n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

static inline unsigned long __ffs64(unsigned long long w)
{
	return __builtin_ctzll(w);
}

/*
 * A model's rare path, kept out of its hot loop: the kernel's noinline
 * (spelled through a parameter, as the kernel's own definition is not
 * available here).
 */
#define pwc_attribute(a) __attribute__((a))
#define noinline pwc_attribute(__noinline__)
/* A test that nearly always fails (the kernel's spelling). */
#define unlikely(x) __builtin_expect(!!(x), 0)
/* __always_inline: glibc's <sys/cdefs.h> has the kernel's spelling */

#endif /* __KERNEL__ */

#endif /* _PWC_ENV_H */
