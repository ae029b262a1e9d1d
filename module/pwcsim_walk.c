// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim_walk.c - the live page-table walker (pwcsim_walk.h).
 *
 * pgd -> p4d (folded with 4-level paging, a real level with 5-level) ->
 * pud -> pmd -> pte, as lockless GUP does: each entry is read once with
 * READ_ONCE() and the copy is decoded and followed (the *_offset_lockless
 * helpers), so a concurrent change is seen as one consistent value.  The
 * caller's mmap read lock keeps upper tables from being freed; the PTE is
 * read under the PTE table lock (pte_offset_map_lock), after checking that
 * the PMD still points to the same table.  Addresses outside a VMA are
 * never walked (a hole is a fault, and its tables may be gone); hugetlbfs
 * VMAs are not walked either (their leaves live at other levels and are
 * walked by hugetlb code paths): both are reported, not fed to models.
 */
#include <linux/hugetlb.h>
#include <linux/io.h>
#include <linux/mm.h>
#include <linux/pgtable.h>
#include <linux/swap.h>
#include <linux/swapops.h>

#include "pwcsim_compat.h"
#include "pwcsim_walk.h"

/* Walks of one address before a PMD that keeps changing counts as a fault. */
#define PWCSIM_WALK_TRIES 8

static void pwcsim_walk_end(struct pwcsim_walk *out, unsigned int level,
			    bool fault, u8 flags)
{
	out->w.end = level;
	out->w.fault = fault;
	out->flags |= flags;
	if (!fault)
		out->leaf = level;
}

/* The PTE level; false if the PMD changed under us (walk again). */
static bool pwcsim_walk_pte(struct mm_struct *mm, pmd_t *pmdp, pmd_t pmd,
			    unsigned long va, struct pwcsim_walk *out)
{
	spinlock_t *ptl;	/* the PTE table's lock */
	pte_t *ptep, pte;

	ptep = pte_offset_map_lock(mm, pmdp, va, &ptl);
	if (pwcsim_pte_map_failed(ptep))
		return false;
	if (!pmd_same(READ_ONCE(*pmdp), pmd)) {
		pte_unmap_unlock(ptep, ptl);
		return false;
	}
	pte = READ_ONCE(*ptep);
	pte_unmap_unlock(ptep, ptl);
	out->entry[1] = pte_val(pte);
	if (pte_present(pte)) {
		out->pfn = pte_pfn(pte);
		pwcsim_walk_end(out, 1, false, 0);
	} else if (!pte_none(pte) &&
		   is_migration_entry(pte_to_swp_entry(pte))) {
		pwcsim_walk_end(out, 1, true, PWCSIM_WALK_MIGRATION);
	} else {
		pwcsim_walk_end(out, 1, true, 0);
	}
	return true;
}

/*
 * Each level's step reads its entry once, records it, and either ends the
 * walk (a fault, a leaf or a bad entry) or records the next table's base
 * and goes on.  In each level the order is none -> not present -> leaf ->
 * bad -> table: pgd_bad() is true of a none entry (5-level paging), which
 * is a fault, not a bad entry.
 *
 * pwcsim_walk_next() is the end of a table level's step: a none or
 * non-present entry (!@present) ends the walk in a fault, a bad one in a
 * fault flagged bad; else the next table's base is @pfn's.  True when
 * the walk goes on.
 */
static bool pwcsim_walk_next(struct pwcsim_walk *out, unsigned int k,
			     bool present, bool bad, unsigned long pfn)
{
	if (!present || bad) {
		pwcsim_walk_end(out, k, true, present ? PWCSIM_WALK_BAD : 0);
		return false;
	}
	out->w.base[k - 1] = (u64)pfn << PAGE_SHIFT;
	return true;
}

/* A 1 GiB leaf ends the walk between not present and bad. */
static pmd_t *pwcsim_walk_pud(pud_t *pudp, unsigned long va,
			      struct pwcsim_walk *out)
{
	pud_t pud = READ_ONCE(*pudp);
	bool present = !pud_none(pud) && pud_present(pud);

	out->entry[3] = pud_val(pud);
	if (present && pud_leaf(pud)) {
		out->pfn = pud_pfn(pud) + ((va & ~PUD_MASK) >> PAGE_SHIFT);
		pwcsim_walk_end(out, 3, false, 0);
		return NULL;
	}
	if (!pwcsim_walk_next(out, 3, present, pud_bad(pud), pud_pfn(pud)))
		return NULL;
	return pmd_offset_lockless(pudp, pud, va);
}

/*
 * none -> not present (migration) -> leaf (THP, devmap) -> bad -> table.
 * True when the walk ended here; else *@pmd is the PTE table's entry.
 */
static bool pwcsim_walk_pmd(pmd_t *pmdp, unsigned long va, pmd_t *pmd,
			    struct pwcsim_walk *out)
{
	*pmd = READ_ONCE(*pmdp);	/* one 64-bit load on x86-64 */
	out->entry[2] = pmd_val(*pmd);
	if (pmd_none(*pmd)) {
		pwcsim_walk_end(out, 2, true, 0);
		return true;
	}
	if (!pmd_present(*pmd)) {
		pwcsim_walk_end(out, 2, true, is_pmd_migration_entry(*pmd) ?
				PWCSIM_WALK_MIGRATION : 0);
		return true;
	}
	if (pmd_leaf(*pmd) || pmd_devmap(*pmd)) {
		out->pfn = pmd_pfn(*pmd) + ((va & ~PMD_MASK) >> PAGE_SHIFT);
		pwcsim_walk_end(out, 2, false, 0);
		return true;
	}
	return !pwcsim_walk_next(out, 2, true, pmd_bad(*pmd), pmd_pfn(*pmd));
}

/*
 * One walk from the root; false if the PMD changed under us.  The PGD and
 * P4D steps are here: with 4-level paging the PGD is folded into the P4D
 * (its entry is read as the P4D's).  A none entry is not present.
 */
static bool pwcsim_walk_once(struct mm_struct *mm, unsigned long va,
			     struct pwcsim_walk *out)
{
	pgd_t *pgdp = pgd_offset(mm, va), pgd;
	p4d_t *p4dp, p4d;
	pmd_t *pmdp, pmd;

	out->w.base[out->w.levels] = virt_to_phys(mm->pgd);
	if (out->w.levels == 5) {
		pgd = READ_ONCE(*pgdp);
		out->entry[5] = pgd_val(pgd);
		if (!pwcsim_walk_next(out, 5, pgd_present(pgd), pgd_bad(pgd), pgd_pfn(pgd)))
			return true;
		p4dp = p4d_offset_lockless(pgdp, pgd, va);
	} else {
		p4dp = p4d_offset(pgdp, va);
	}
	p4d = READ_ONCE(*p4dp);
	out->entry[4] = p4d_val(p4d);
	if (!pwcsim_walk_next(out, 4, p4d_present(p4d), p4d_bad(p4d), p4d_pfn(p4d)))
		return true;
	pmdp = pwcsim_walk_pud(pud_offset_lockless(p4dp, p4d, va), va, out);
	if (!pmdp)
		return true;
	if (pwcsim_walk_pmd(pmdp, va, &pmd, out))
		return true;
	return pwcsim_walk_pte(mm, pmdp, pmd, va, out);
}

bool pwcsim_walk(struct mm_struct *mm, unsigned long va,
		 struct pwcsim_walk *out)
{
	struct vm_area_struct *vma;
	unsigned int tries;

	/* mmap_assert_locked() calls dump_mm(), not exported to modules */
	lockdep_assert_held(&mm->mmap_lock);
	memset(out, 0, sizeof(*out));
	out->w.va = va;
	out->w.levels = pgtable_l5_enabled() ? 5 : 4;
	vma = vma_lookup(mm, va);
	if (!vma) {
		out->flags = PWCSIM_WALK_NO_VMA;
		return false;
	}
	if (is_vm_hugetlb_page(vma)) {
		out->flags = PWCSIM_WALK_HUGETLB;
		return false;
	}
	/* A PMD that changes between our read and the PTE lock: walk again. */
	for (tries = 0; tries < PWCSIM_WALK_TRIES; tries++) {
		if (pwcsim_walk_once(mm, va, out))
			return true;
		memset(out->entry, 0, sizeof(out->entry));
		memset(out->w.base, 0, sizeof(out->w.base));
	}
	/* Still changing: report the PMD level as a fault. */
	pwcsim_walk_end(out, 2, true, 0);
	return true;
}
