/* SPDX-License-Identifier: GPL-2.0 */
/*
 * pwc_models.h - the one list of the models pwcsim knows, in the order the
 * tools list them: a row PWC_MODEL(KIND, name) per model, whose ops
 * pwc_<name>_ops live in pwc_<name>.c.  From it come enum pwc_kind and the
 * ops' declarations (pwc.h), the registry (pwc_registry.c) and the list of
 * sources (sources.mk); every tool reads the models from the registry at
 * run time.  Adding a model is its file plus its row here.
 *
 * Included with PWC_MODEL() defined; no include guard, on purpose.
 */
PWC_MODEL(TPC, tpc)
PWC_MODEL(CPWC, cpwc)
PWC_MODEL(STC, stc)
PWC_MODEL(UPTC, uptc)
PWC_MODEL(NONE, none)
PWC_MODEL(IDEAL, ideal)
