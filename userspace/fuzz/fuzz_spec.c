// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_spec.c - a libFuzzer target for model specs (module/model/
 * pwc_spec.c, the parser of -m and of the module's SET_MODEL): the input
 * is a spec, sized to a budget and levels taken from its first two bytes.
 * A spec that is accepted must print back to a spec that parses to the
 * same configuration, build a model, take walks of a synthetic table and
 * dump it; one that is refused must say why.
 */
#include <stdlib.h>
#include <string.h>

#include "pwc.h"
#include "pwc_synth.h"
#include "fuzz/fuzz_input.h"

/* 64 walks of a synthetic table: pages spread over a few 2 MiB regions. */
static void fuzz_walks(struct pwc_model *m, unsigned int levels,
		       const uint8_t *data, size_t size)
{
	struct pwc_synth pt = { .levels = levels };
	struct pwc_walk w[64];
	unsigned long long va[64];
	struct pwc_result r[64];
	unsigned long long reads;
	unsigned int i, n;

	for (i = 0; i < 64; i++)
		va[i] = (unsigned long long)(size ? data[i % size] : i) << 21 |
			(unsigned long long)i << 12 | 0x7f0000000000ULL;
	n = pwc_synth_walks(&pt, va, 64, true, w, &reads);
	if (pwc_access_batch(m, w, n, r, 0))
		abort();	/* synthetic walks are walks */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const unsigned long long budgets[] = { 0, 100, 1000, 5280,
						      40000, 1000000 };
	char spec[256], again[256], err[256], dump[4096];
	struct pwc_config cfg, cfg2;
	struct pwc_out out = { .buf = dump, .size = sizeof(dump) };
	struct pwc_model *m;
	unsigned int levels;
	unsigned long long budget;

	if (size < 2 || size - 2 >= sizeof(spec))
		return 0;
	budget = budgets[data[0] % 6];
	levels = data[1] & 1 ? 5 : 4;
	memcpy(spec, data + 2, size - 2);
	spec[size - 2] = '\0';
	if (pwc_config_from_spec(spec, budget, levels, &cfg, err,
				 sizeof(err))) {
		if (!err[0])
			abort();	/* a refusal says why */
		return 0;
	}
	/* what is accepted prints back to itself */
	pwc_format_spec(&cfg, again, sizeof(again));
	if (pwc_config_from_spec(again, 0, levels, &cfg2, err, sizeof(err)))
		abort();
	pwc_format_spec(&cfg2, spec, sizeof(spec));
	if (strcmp(spec, again))
		abort();
	m = pwc_create(&cfg);
	if (!m)
		return 0;	/* out of memory */
	fuzz_walks(m, levels, data, size);
	pwc_dump(m, &out);
	pwc_destroy(m);
	return 0;
}
