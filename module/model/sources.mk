# SPDX-License-Identifier: GPL-2.0
# The model library's sources, listed once for Kbuild, userspace/Makefile
# and module/tests/Makefile: the library's own files, then pwc_<name>.c for
# each row PWC_MODEL(KIND, name) of pwc_models.h.
PWC_MODEL_DIR := $(dir $(lastword $(MAKEFILE_LIST)))
PWC_MODEL_NAMES := $(shell sed -n \
	's/^PWC_MODEL([A-Z0-9_]*, *\([a-z0-9_]*\))$$/\1/p' \
	$(PWC_MODEL_DIR)pwc_models.h)
PWC_MODEL_SOURCES := pwc_core.c pwc_registry.c pwc_spec.c pwc_lru.c \
	pwc_hset.c pwc_synth.c pwc_tlb.c $(PWC_MODEL_NAMES:%=pwc_%.c)
