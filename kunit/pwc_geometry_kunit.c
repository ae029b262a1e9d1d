// SPDX-License-Identifier: GPL-2.0
/*
 * pwc_geometry_kunit.c - KUnit suite for the address geometry of the PWC
 * models: index decomposition of 4- and 5-level virtual addresses, the
 * path keys, and region overlap used by range invalidation.
 */
#include <kunit/test.h>

#include "pwc.h"

/* The paper's section 2.4 addresses and their L4/L3/L2 indices. */
static void pwc_index_paper_example(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, pwc_index(0x7F72B010F1F0ULL, 4), 254U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7F72B010F1F0ULL, 3), 458U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7F72B010F1F0ULL, 2), 384U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7F72BC30F1F0ULL, 2), 481U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7FF2FC30F1F0ULL, 4), 255U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7FF2FC30F1F0ULL, 3), 459U);
	KUNIT_EXPECT_EQ(test, pwc_index(0x7FF2FC30F1F0ULL, 2), 481U);
}

/* Each level's index is 9 bits at 12 + 9 (k - 1), L5 included. */
static void pwc_index_all_levels(struct kunit *test)
{
	unsigned int k;
	u64 va;

	for (k = 1; k <= 5; k++) {
		va = 0x1a5ULL << (12 + 9 * (k - 1));
		KUNIT_EXPECT_EQ(test, pwc_index(va, k), 0x1a5U);
		if (k > 1)
			KUNIT_EXPECT_EQ(test, pwc_index(va, k - 1), 0U);
		if (k < 5)
			KUNIT_EXPECT_EQ(test, pwc_index(va, k + 1), 0U);
	}
	/* A 5-level address above 128 TiB: L5 index 1. */
	KUNIT_EXPECT_EQ(test, pwc_index(1ULL << 48, 5), 1U);
	KUNIT_EXPECT_EQ(test, pwc_index(1ULL << 48, 4), 0U);
	/* The page offset never reaches an index. */
	KUNIT_EXPECT_EQ(test, pwc_index(0xfffULL, 1), 0U);
}

static void pwc_key_prefixes(struct kunit *test)
{
	u64 va = 0x7F72B010F1F0ULL;

	KUNIT_EXPECT_EQ(test, pwc_key(va, 4), 254ULL);
	KUNIT_EXPECT_EQ(test, pwc_key(va, 3), 254ULL * 512 + 458);
	KUNIT_EXPECT_EQ(test, pwc_key(va, 2),
			(254ULL * 512 + 458) * 512 + 384);
	/* Canonical upper-half bits above 56 do not reach the key. */
	KUNIT_EXPECT_EQ(test, pwc_key(0xfe00000000000000ULL | va, 4),
			pwc_key(va, 4));
}

static void pwc_key_overlap_bounds(struct kunit *test)
{
	u64 key2 = pwc_key(0x40000000ULL, 2);	/* 2 MiB at 1 GiB */

	KUNIT_EXPECT_TRUE(test, pwc_key_overlaps(key2, 2, 0x40000000ULL,
						 0x40001000ULL));
	KUNIT_EXPECT_TRUE(test, pwc_key_overlaps(key2, 2, 0x401ff000ULL,
						 0x40200000ULL));
	KUNIT_EXPECT_FALSE(test, pwc_key_overlaps(key2, 2, 0x40200000ULL,
						  0x40201000ULL));
	KUNIT_EXPECT_FALSE(test, pwc_key_overlaps(key2, 2, 0x3ffff000ULL,
						  0x40000000ULL));
	KUNIT_EXPECT_TRUE(test, pwc_key_overlaps(0, 4, 0, 1ULL << 39));
	KUNIT_EXPECT_FALSE(test, pwc_key_overlaps(1, 4, 0, 1ULL << 39));
}

static struct kunit_case pwc_geometry_cases[] = {
	KUNIT_CASE(pwc_index_paper_example),
	KUNIT_CASE(pwc_index_all_levels),
	KUNIT_CASE(pwc_key_prefixes),
	KUNIT_CASE(pwc_key_overlap_bounds),
	{}
};

static struct kunit_suite pwc_geometry_suite = {
	.name = "pwc_geometry",
	.test_cases = pwc_geometry_cases,
};

kunit_test_suite(pwc_geometry_suite);
