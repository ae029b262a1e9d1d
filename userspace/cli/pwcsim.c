// SPDX-License-Identifier: GPL-2.0
/*
 * pwcsim.c - the pwcsim command-line tool: a table of commands, each in
 * its own cmd_*.c file, in the style of bpftool and iproute2.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "output/out_file.h"
#include "pwc.h"

struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
};

static const struct command commands[] = {
	{ "gen", cmd_gen, "GPU workload address streams of the paper's 17 benchmarks" },
	{ "info", cmd_info, "ask the loaded pwcsim.ko for its ABI and paging levels" },
	{ "replay", cmd_replay,
	  "run address traces through PWC models on a synthetic page table" },
	{ "report", cmd_report,
	  "the CPWC paper's tables and figures, on real page tables" },
	{ "run", cmd_run,
	  "address streams through pwcsim.ko on real page tables" },
	{ "storage", cmd_storage,
	  "storage tables: bits vs entries, entries vs bits, TPC redundancy" },
	{ "trace", cmd_trace, "convert traces and describe them" },
	{ "version", cmd_version, "print the version" },
};

static void usage(FILE *f)
{
	unsigned int i;

	fprintf(f, "usage: pwcsim COMMAND [OPTIONS] (pwcsim COMMAND --help)\n\n");
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
}

int cmd_version(int argc, char **argv)
{
	if (argc > 1 && (!strcmp(argv[1], "-h") ||
			 !strcmp(argv[1], "--help"))) {
		printf("usage: pwcsim version\n");
		return 0;
	}
	if (argc > 1) {		/* it takes nothing else */
		fprintf(stderr, "pwcsim version: unexpected argument '%s'\nusage: pwcsim version\n",
			argv[1]);
		return 2;
	}
	printf("pwcsim %s\n", PWCSIM_VERSION);
	return 0;
}

/*
 * A command's exit status, 1 when its output did not reach stdout (a full
 * disk), said once: every command's writes to stdout checked here.
 */
static int finish(int ret)
{
	return out_stdout_close() && !ret ? 1 : ret;
}

int main(int argc, char **argv)
{
	char name[32];
	unsigned int i;

	out_stdout_open();	/* else stdio's own: the reason may be lost */
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") ||
	    !strcmp(argv[1], "help")) {
		usage(stdout);
		return finish(0);
	}
	if (!strcmp(argv[1], "--version"))
		return finish(cmd_version(argc - 1, argv + 1));
	for (i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(argv[1], commands[i].name)) {
			/* getopt's messages name "pwcsim COMMAND" */
			snprintf(name, sizeof(name), "pwcsim %s", argv[1]);
			argv[1] = name;
			return finish(commands[i].fn(argc - 1, argv + 1));
		}
	fprintf(stderr, "pwcsim: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}
