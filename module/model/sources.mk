# SPDX-License-Identifier: GPL-2.0
# The model library's sources, listed once for Kbuild and userspace/Makefile.
PWC_MODEL_SOURCES := pwc_core.c pwc_registry.c pwc_spec.c pwc_lru.c pwc_tpc.c pwc_cpwc.c \
	pwc_stc.c pwc_uptc.c pwc_bounds.c pwc_hset.c \
	pwc_synth.c pwc_tlb.c
