// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_info.c - `pwcsim info`: ask the loaded module (/dev/pwcsim) for its
 * ABI version, the kernel's paging levels and the feed batch cap (a
 * record: text or --json).
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
#include "output/table.h"

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
	struct record rec;
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
	if (optind != argc) {
		fprintf(stderr, "pwcsim info: unexpected argument '%s'\nusage: pwcsim info [--device PATH] [--json]\n",
			argv[optind]);
		return 2;
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
	record_init(&rec);
	record_str(&rec, "device", dev);
	record_u64(&rec, "abi_version", info.abi_version);
	record_u64(&rec, "levels", info.levels);
	record_u64(&rec, "max_batch", info.max_batch);
	(json ? record_print_json : record_print_text)(&rec, stdout);
	record_free(&rec);
	return 0;	/* stdout checked by main() */
}
