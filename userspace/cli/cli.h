/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - the commands of userspace/pwcsim, one file each (cmd_*.c),
 * dispatched from the table in pwcsim.c.  Each takes argc/argv starting at
 * its own name, parses its options with getopt_long, prints errors on
 * stderr and returns the process exit status.
 */
#ifndef CLI_H
#define CLI_H

int cmd_gen(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_storage(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_version(int argc, char **argv);

#endif /* CLI_H */
