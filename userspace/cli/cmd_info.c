// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_info.c - `pwcsim info`: ask the loaded module (/dev/pwcsim) for its
 * ABI version, the kernel's paging levels and the feed batch cap.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "cli/cli.h"

int cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "device", required_argument, NULL, 'D' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	struct pwcsim_get_info info = { .size = sizeof(info) };
	const char *dev = "/dev/pwcsim";
	bool json = false;
	int c, fd;

	optind = 1;
	while ((c = getopt_long(argc, argv, "jD:h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			json = true;
			break;
		case 'D':
			dev = optarg;
			break;
		case 'h':
			printf("usage: pwcsim info [--device PATH] [--json]\n");
			return 0;
		default:
			return 2;
		}
	}
	fd = open(dev, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "pwcsim: %s: %s%s\n", dev, strerror(errno),
			errno == ENOENT ? " (is pwcsim.ko loaded?)" : "");
		return 1;
	}
	if (ioctl(fd, PWCSIM_GET_INFO, &info)) {
		fprintf(stderr, "pwcsim: PWCSIM_GET_INFO: %s\n", strerror(errno));
		close(fd);
		return 1;
	}
	close(fd);
	if (json)
		printf("{\"abi_version\": %u, \"levels\": %u, \"max_batch\": %u}\n",
		       info.abi_version, info.levels, info.max_batch);
	else
		printf("pwcsim.ko: ABI %u, %u-level paging, feeds of up to %u addresses\n",
		       info.abi_version, info.levels, info.max_batch);
	return 0;
}
