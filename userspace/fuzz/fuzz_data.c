// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_data.c - a libFuzzer target for the readers of the benchmarks'
 * data files (gen/run --data): an input whose first byte is even is
 * the rest as BFS's graph file (bfs_read_graph()); odd, the rest up to
 * its first NUL byte as MUM's reference FASTA and what follows as its
 * query file (mum_read_input()).  Each file is a memfd (fuzz_input.h).
 */
#include <string.h>

#include "workloads/bfs.h"
#include "workloads/mum.h"
#include "fuzz/fuzz_input.h"

/* The graph reader on @size bytes of @data. */
static void fuzz_bfs(const uint8_t *data, size_t size)
{
	struct bfs_graph g;
	char path[64];
	int fd = fuzz_file(data, size, path, sizeof(path));

	if (fd < 0)
		return;
	if (!bfs_read_graph(&g, path))
		bfs_free_graph(&g);
	close(fd);
}

/* The FASTA readers on @size bytes of @data: reference NUL queries. */
static void fuzz_mum(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, 0, size);
	size_t rlen = nul ? (size_t)(nul - data) : size;
	char rpath[64], qpath[64];
	struct mum_input in;
	int rfd = fuzz_file(data, rlen, rpath, sizeof(rpath));
	int qfd = fuzz_file(nul ? nul + 1 : data, nul ? size - rlen - 1 : 0,
			    qpath, sizeof(qpath));

	if (rfd >= 0 && qfd >= 0 && !mum_read_input(&in, rpath, qpath))
		mum_free_input(&in);
	if (rfd >= 0)
		close(rfd);
	if (qfd >= 0)
		close(qfd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!size)
		return 0;
	if (data[0] & 1)
		fuzz_mum(data + 1, size - 1);
	else
		fuzz_bfs(data + 1, size - 1);
	return 0;
}
