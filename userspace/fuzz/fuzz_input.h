/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_input.h - what the fuzz targets share: a fuzzer's input as a file
 * the readers open by path (a memfd, /proc/self/fd/N: a regular file, no
 * disk).  The readers' messages for malformed inputs are silenced by
 * libFuzzer's -close_fd_mask=2 (scripts/fuzz), which keeps its own
 * reports.  Included by each target (fuzz_*.c), never by the tool.
 */
#ifndef FUZZ_INPUT_H
#define FUZZ_INPUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/mman.h>
#include <unistd.h>

/* @data as a regular file: its path into @path, its fd returned (or -1). */
static inline int fuzz_file(const uint8_t *data, size_t size, char *path,
			    size_t len)
{
	int fd = memfd_create("fuzz", 0);

	if (fd < 0)
		return -1;
	if (write(fd, data, size) != (ssize_t)size) {
		close(fd);
		return -1;
	}
	snprintf(path, len, "/proc/self/fd/%d", fd);
	return fd;
}

#endif /* FUZZ_INPUT_H */
