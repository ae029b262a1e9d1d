/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_instr.h - pwcsim-bench --instructions (tests/bench.c): the
 * instructions one process executes, counted by valgrind.
 */
#ifndef BENCH_INSTR_H
#define BENCH_INSTR_H

/*
 * The instructions that the process @argv (argv[0] the program's path,
 * NULL-terminated) executes under valgrind's cachegrind, its cache
 * simulation off, its standard output thrown away; -1 with a message if
 * valgrind or the process failed.
 */
long long bench_instructions(const char *const *argv);

#endif /* BENCH_INSTR_H */
