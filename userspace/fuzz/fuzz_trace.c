// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_trace.c - a libFuzzer target for one trace reader (traces/): the
 * input is a trace file, read to its end or its first error through the
 * reader FUZZ_FORMAT names (text, binary, lackey, traceg, perf; auto
 * picks one by the first bytes and decodes xz), one address at a time and
 * in blocks, as replay and trace convert read; an Accel-Sim trace in file
 * order or, on every other input, scheduled on the GPU model.  Built once per format
 * (userspace/Makefile: fuzz/fuzz-FORMAT); every crash, leak or sanitizer
 * report is a bug in the reader.
 */
#include <stdlib.h>

#include "traces/addr_stream.h"
#include "workloads/gpu_sim.h"
#include "fuzz/fuzz_input.h"

#ifndef FUZZ_FORMAT
#error "FUZZ_FORMAT names the reader: text, binary, lackey, traceg, perf or auto"
#endif

/* scheduled: every coalesced request (the whole model runs) */
static const struct gpu_params gp = { GPU_AT_COALESCED, 1.0, 1, 1, true,
				      false, false };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const unsigned long long *va;
	unsigned long long buf[64], one;
	enum addr_format fmt;
	struct addr_stream s;
	char path[64];
	int fd = fuzz_file(data, size, path, sizeof(path));
	long r;

	if (fd < 0 || addr_parse_format(FUZZ_FORMAT, &fmt))
		abort();
	if (!addr_open_gpu(&s, path, fmt, size & 4 ? &gp : NULL)) {
		/* lackey and perf options as a user may give them */
		s.with_ifetch = size & 1;
		s.pid = size & 2 ? 1234 : 0;
		/* the first addresses one at a time, the rest in blocks */
		r = 1;
		for (int i = 0; i < 8 && (r = addr_next(&s, &one)) > 0; i++)
			;
		while (r > 0)
			r = addr_view_block(&s, &va, buf, 64);
		addr_close(&s);
	}
	close(fd);
	return 0;
}
