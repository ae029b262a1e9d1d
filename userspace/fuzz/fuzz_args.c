// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_args.c - a libFuzzer target for the option-value parsers
 * (cli/parse.c): the input's first byte picks --huge-2m/--huge-1g ranges,
 * a --sweep list, a name from a list or a count, the rest is the value.
 * What a parser accepts must hold what it promises (aligned, increasing,
 * in range, the name itself).
 */
#include <string.h>

#include <stdlib.h>

#include "cli/parse.h"
#include "fuzz/fuzz_input.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "fcfs", "simt", "path" };
	unsigned long long v[8], huge, n;
	struct pwc_synth_range r;
	unsigned int k, i;
	char arg[128];
	int j;

	if (!size || size - 1 >= sizeof(arg))
		return 0;
	memcpy(arg, data + 1, size - 1);
	arg[size - 1] = '\0';
	switch (data[0] % 4) {
	case 0:
		huge = data[0] & 8 ? 1ULL << 30 : 1ULL << 21;
		if (!parse_huge_range(arg, "--huge", huge, &r) &&
		    (r.start >= r.end || (r.start | r.end) & (huge - 1)))
			abort();
		break;
	case 1:
		if (!parse_increasing(arg, "--sweep", 114, 5112329, v, 8, &k))
			for (i = 0; i < k; i++)
				if (v[i] < 114 || v[i] > 5112329 ||
				    (i && v[i] <= v[i - 1]) || k > 8 || !k)
					abort();
		break;
	case 2:
		j = parse_name(arg, "--walk-sched", names, 3);
		if (j >= 3 || (j >= 0 && strcmp(arg, names[j])))
			abort();
		break;
	default:
		if (!parse_count(arg, 1ULL << 32, &n) && n > 1ULL << 32)
			abort();
	}
	return 0;
}
