// SPDX-License-Identifier: GPL-2.0
/*
 * progress.c - the progress line on stderr (progress.h).
 */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "output/progress.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* @n as 1234, 12.3k, 4.56M, 7.89G */
static void human(char *buf, size_t len, double n)
{
	if (n < 1e4)
		snprintf(buf, len, "%.0f", n);
	else if (n < 1e6)
		snprintf(buf, len, "%.1fk", n / 1e3);
	else if (n < 1e9)
		snprintf(buf, len, "%.2fM", n / 1e6);
	else
		snprintf(buf, len, "%.2fG", n / 1e9);
}

static void draw(struct progress *p, double t)
{
	double el = t - p->t0, rate = el > 0 ? p->done / el : 0, eta = -1;
	char done[16], speed[16], cell[96] = "", tail[32] = "";

	human(done, sizeof(done), p->done);
	human(speed, sizeof(speed), rate);
	if (p->steps)
		snprintf(cell, sizeof(cell), " [%u/%u%s%s]", p->step + 1,
			 p->steps, p->item ? " " : "", p->item ? p->item : "");
	/* an ETA by the work itself, never by how many cells are done */
	if (p->total && rate > 0 && p->done <= p->total) {
		eta = (p->total - p->done) / rate;
		snprintf(tail, sizeof(tail), ", %.0f%%",
			 100.0 * p->done / p->total);
	}
	fprintf(stderr, "\r%s:%s %s %s, %s/s%s", p->what, cell, done,
		p->unit ? p->unit : "addresses", speed, tail);
	if (eta >= 0)
		fprintf(stderr, ", ETA %u:%02u", (unsigned int)eta / 60,
			(unsigned int)eta % 60);
	fputs("\033[K", stderr);
	fflush(stderr);
	p->last = t;
	p->drawn = true;
}

void progress_init(struct progress *p, const char *what, bool want)
{
	*p = (struct progress){ .on = want && isatty(2), .what = what };
	if (p->on)
		p->t0 = p->last = now();
}

void progress_add(struct progress *p, unsigned long long n)
{
	double t;

	if (!p || !p->on)
		return;
	p->done += n;
	if (p->done - p->checked < 4096)	/* the clock now and then */
		return;
	p->checked = p->done;
	t = now();
	if (t - p->last >= 1.0 / PROGRESS_HZ)
		draw(p, t);
}

void progress_step(struct progress *p, unsigned int step, unsigned int steps,
		   const char *item)
{
	if (!p || !p->on)
		return;
	p->step = step;
	p->steps = steps;
	p->item = item;
	draw(p, now());
}

void progress_end(struct progress *p)
{
	if (p && p->on && p->drawn)
		fputs("\r\033[K", stderr);
	if (p && p->on)
		fflush(stderr);
}
