/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stream_cache.h - generated workload streams kept in memory, so that the
 * runs of one report (every model set, the sweep, the IOTLB sizes, the
 * scenarios sharing a stream) simulate each (workload, options) once.
 * Streams longer than STREAM_CACHE_MAX addresses are not kept.
 */
#ifndef STREAM_CACHE_H
#define STREAM_CACHE_H

#include "workloads/workloads.h"

#define STREAM_CACHE_MAX (4ULL << 20)		/* addresses per stream */
#define STREAM_CACHE_ENTRIES 24

/*
 * Run @w with @o into @out: from the cache when it holds the stream,
 * else generated (and kept when short enough).
 */
void stream_cache_run(const struct workload *w, const struct workload_opts *o,
		      struct gpu_sink *out);
/* Free every kept stream. */
void stream_cache_clear(void);

#endif /* STREAM_CACHE_H */
