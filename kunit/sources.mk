# SPDX-License-Identifier: GPL-2.0
# KUnit suites linked into pwcsim.ko when the target kernel has CONFIG_KUNIT.
PWC_KUNIT_SOURCES := pwc_geometry_kunit.c pwc_model_kunit.c \
	pwcsim_session_kunit.c
