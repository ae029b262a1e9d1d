// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_tracedir.c - a libFuzzer target for Accel-Sim trace directories
 * (traces/trace_dir.c): the input up to its first NUL byte is the
 * directory's kernelslist.g, the rest its kernel-1.traceg; the directory
 * is read as replay reads one.  The directory is this process's own,
 * written anew for each input.
 */
#include <string.h>

#include <stdlib.h>

#include "traces/addr_stream.h"
#include "workloads/gpu_sim.h"
#include "fuzz/fuzz_input.h"

static char dir[64];

/* @len bytes of @p as @dir/@name: 0, or -1. */
static int put(const char *name, const uint8_t *p, size_t len)
{
	char path[128];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f)
		return -1;
	ok = fwrite(p, 1, len, f) == len;
	return fclose(f) || !ok ? -1 : 0;
}

/* The directory removed when the fuzzer exits. */
static void cleanup(void)
{
	char path[128];

	snprintf(path, sizeof(path), "%s/kernelslist.g", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/kernel-1.traceg", dir);
	unlink(path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	snprintf(dir, sizeof(dir), "/tmp/pwcsim-fuzz-dir.%d", (int)getpid());
	if (mkdtemp(strcat(dir, ".XXXXXX")) == NULL)
		abort();
	atexit(cleanup);
	return 0;
}

/* scheduled (odd sizes): every coalesced request, the whole model runs */
static const struct gpu_params gp = { GPU_AT_COALESCED, 1.0, 1, 1, true,
				      false, false };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t list = nul ? (size_t)(nul - data) : size;
	const unsigned long long *va;
	unsigned long long buf[64];
	struct addr_stream s;
	long r = 1;

	if (put("kernelslist.g", data, list) ||
	    put("kernel-1.traceg", nul ? nul + 1 : data, nul ? size - list - 1 : 0))
		abort();
	if (!addr_open_gpu(&s, dir, ADDR_AUTO, size & 1 ? &gp : NULL)) {
		while (r > 0)
			r = addr_view_block(&s, &va, buf, 64);
		addr_close(&s);
	}
	return 0;
}
