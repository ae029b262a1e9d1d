/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwcsim_compat.h - the kernel-version differences pwcsim meets, in one
 * place.  Written against 6.1; the later changes it knows of:
 *  - 6.5: pte_offset_map_lock() may fail (returns NULL, lock not taken)
 *    when the PMD changed under it; the walker then walks again.  Kbuild
 *    defines PWCSIM_PTE_MAP_CAN_FAIL for those kernels (the version test
 *    lives there, on Kbuild's VERSION and PATCHLEVEL).
 *  - 6.6: mmu_notifier_ops.invalidate_range became
 *    arch_invalidate_secondary_tlbs (pwcsim uses neither: it invalidates
 *    on invalidate_range_start and invalidate_range_end).
 *  - 6.9: pud_large()/pmd_large() were removed; pud_leaf()/pmd_leaf()
 *    (present since 5.x) are used throughout.
 */
#ifndef _PWCSIM_COMPAT_H
#define _PWCSIM_COMPAT_H

#ifdef PWCSIM_PTE_MAP_CAN_FAIL
#define pwcsim_pte_map_failed(ptep) (!(ptep))
#else
#define pwcsim_pte_map_failed(ptep) false
#endif

#endif /* _PWCSIM_COMPAT_H */
