/* SPDX-License-Identifier: GPL-2.0 */
/*
 * progress.h - a progress line on stderr for the long commands (run,
 * replay, report): addresses done, their rate, and an ETA where the total
 * is known (a binary trace's length; a report's runs of --window N
 * addresses each): by addresses, never by cells done, which differ
 * by orders of magnitude.  Drawn only when
 * stderr is a terminal and not --quiet, at most PROGRESS_HZ times a
 * second, and cleared at the end: stdout is never touched.
 */
#ifndef PROGRESS_H
#define PROGRESS_H

#include <stdbool.h>

#define PROGRESS_HZ 4

struct progress {
	bool on;
	const char *what;		/* "pwcsim run" */
	const char *unit;		/* what is counted; NULL: addresses */
	unsigned long long total;	/* addresses expected; 0: unknown */
	unsigned long long done;	/* addresses so far */
	unsigned long long checked;	/* done at the last clock reading */
	unsigned int step, steps;	/* cells done, of; steps 0: none */
	const char *item;		/* the current cell's name */
	double t0, last;		/* start, last draw (seconds) */
	bool drawn;
};

/* On when @want (not --quiet) and stderr is a terminal. */
void progress_init(struct progress *p, const char *what, bool want);
/* @n more addresses done; redrawn if it is time. */
void progress_add(struct progress *p, unsigned long long n);
/* Cell @step of @steps (0-based) starts, named @item; redrawn. */
void progress_step(struct progress *p, unsigned int step, unsigned int steps,
		   const char *item);
/* The line cleared. */
void progress_end(struct progress *p);

#endif /* PROGRESS_H */
