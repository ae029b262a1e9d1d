// SPDX-License-Identifier: GPL-2.0
/*
 * shadow.c - the shadow address space (shadow.h).
 *
 * The protocol on the pipes: the parent sends a count and that many page
 * addresses; the child maps the 2 MiB regions it has not mapped yet
 * (MAP_FIXED_NOREPLACE, then the THP advice), writes one byte to each page
 * and answers 0, or an errno and the region it could not place.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "engine/shadow.h"

#define REGION (2ULL << 20)
#define BATCH 4096

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

/* All @len bytes of @buf written to @fd (@out) or read from it; 0, or -1. */
static int xio(int fd, void *buf, size_t len, bool out)
{
	char *p = buf;
	ssize_t n;

	while (len) {
		n = out ? write(fd, p, len) : read(fd, p, len);
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

static int xread(int fd, void *buf, size_t len)
{
	return xio(fd, buf, len, false);
}

static int xwrite(int fd, const void *buf, size_t len)
{
	return xio(fd, (void *)buf, len, true);
}

/* vm.mmap_min_addr, page-rounded: the lowest address mmap() gives us */
static unsigned long long mmap_floor(void)
{
	unsigned long long v = 65536;
	FILE *f = fopen("/proc/sys/vm/mmap_min_addr", "r");

	if (f) {
		if (fscanf(f, "%llu", &v) != 1)
			v = 65536;
		fclose(f);
	}
	return (v + 4095) & ~4095ULL;
}

/*
 * Map the region at @r (MAP_FIXED_NOREPLACE, the THP advice); the first
 * address it maps into *@from: @r, or for the region under
 * vm.mmap_min_addr (a GPU's parameters and __constant__ symbols near 0)
 * without CAP_SYS_RAWIO, the region from @floor, a page there touched so
 * its page tables exist.  A page below @floor is in no VMA: pwcsim.ko
 * does not walk it and counts it not_walked, which run reports.
 * 0, or an errno.
 */
static int map_region(unsigned long long r, unsigned long long floor,
		      enum shadow_thp thp, unsigned long long *from)
{
	unsigned long long at = r, len = REGION;
	void *p;

	for (;;) {
		p = mmap((void *)at, len, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
			 -1, 0);
		if (p == (void *)at)
			break;
		if (p != MAP_FAILED) {
			munmap(p, len);
			return EEXIST;
		}
		if ((errno != EPERM && errno != EACCES) || at != r ||
		    floor <= r || floor >= r + REGION)
			return errno;
		at = floor;
		len = r + REGION - floor;
	}
	if (thp != SHADOW_THP_MADVISE)
		madvise(p, len, thp == SHADOW_THP_ALWAYS ? MADV_HUGEPAGE :
							   MADV_NOHUGEPAGE);
	*(volatile char *)at = 1;
	*from = at;
	return 0;
}

static void child(int cmd, int ack, enum shadow_thp thp)
{
	struct pwc_hset regions = {};
	unsigned long long page[BATCH], reply[2], r, from = 0;
	unsigned long long floor = mmap_floor();
	unsigned int n, i;
	long slot;

	while (!xread(cmd, &n, sizeof(n)) && n <= BATCH &&
	       !xread(cmd, page, n * sizeof(page[0]))) {
		reply[0] = 0;
		for (i = 0; i < n && !reply[0]; i++) {
			r = page[i] & ~(REGION - 1);
			slot = pwc_hset_find(&regions, r);
			if (slot < 0) {
				reply[0] = map_region(r, floor, thp, &from);
				if (reply[0]) {
					reply[1] = r;
					break;
				}
				pwc_hset_add(&regions, r, from);
			} else {
				from = regions.val[slot];
			}
			if (page[i] >= from)
				*(volatile char *)page[i] = 1;
		}
		if (xwrite(ack, reply, sizeof(reply)))
			break;
	}
	_exit(0);
}

int shadow_start(struct shadow *s, enum shadow_thp thp,
		 unsigned long long max_footprint, int attach_fd)
{
	struct pwcsim_attach a = { .size = sizeof(a),
				   .flags = PWCSIM_ATTACH_SELF };
	int cmd[2], ack[2];
	unsigned long long ok;

	memset(s, 0, sizeof(*s));
	s->thp = thp;
	s->max_footprint = max_footprint;
	if (pipe(cmd) || pipe(ack)) {
		perror("pwcsim: pipe");
		return -1;
	}
	s->pid = fork();
	if (s->pid < 0) {
		perror("pwcsim: fork");
		return -1;
	}
	if (!s->pid) {
		close(cmd[1]);
		close(ack[0]);
		ok = attach_fd >= 0 && ioctl(attach_fd, PWCSIM_ATTACH, &a) ?
		     errno : 0;
		if (xwrite(ack[1], &ok, sizeof(ok)) || ok)
			_exit(1);
		child(cmd[0], ack[1], thp);
	}
	close(cmd[0]);
	close(ack[1]);
	s->cmd = cmd[1];
	s->ack = ack[0];
	if (xread(s->ack, &ok, sizeof(ok)) || ok) {
		fprintf(stderr, "pwcsim: the shadow process could not attach: %s\n",
			strerror(ok ? (int)ok : EPIPE));
		shadow_stop(s);
		return -1;
	}
	return 0;
}

static int shadow_send(struct shadow *s, const unsigned long long *page,
		       unsigned int n)
{
	unsigned long long reply[2];

	if (!n)
		return 0;
	if (xwrite(s->cmd, &n, sizeof(n)) ||
	    xwrite(s->cmd, page, n * sizeof(page[0])) ||
	    xread(s->ack, reply, sizeof(reply))) {
		fprintf(stderr, "pwcsim: the shadow process died\n");
		return -1;
	}
	if (reply[0]) {
		fprintf(stderr, "pwcsim: cannot place the region 0x%llx-0x%llx in the shadow address space: %s\n",
			reply[1], reply[1] + REGION, strerror(reply[0]));
		return -1;
	}
	return 0;
}

int shadow_touch(struct shadow *s, const unsigned long long *va,
		 unsigned int n)
{
	unsigned long long page[BATCH], pg;
	unsigned int i, np = 0;

	for (i = 0; i < n; i++) {
		pg = va[i] & ~4095ULL;
		if (pwc_hset_find(&s->pages, pg) >= 0)
			continue;
		s->footprint += 4096;
		if (s->footprint > s->max_footprint) {
			fprintf(stderr, "pwcsim: the stream touches more than %llu bytes (--max-footprint)\n",
				s->max_footprint);
			return -1;
		}
		if (pwc_hset_add(&s->pages, pg, 0) < 0) {
			fprintf(stderr, "pwcsim: out of memory\n");
			return -1;
		}
		page[np++] = pg;
		if (np == BATCH) {
			if (shadow_send(s, page, np))
				return -1;
			np = 0;
		}
	}
	return shadow_send(s, page, np);
}

void shadow_stop(struct shadow *s)
{
	int st;

	if (s->pid > 0) {
		close(s->cmd);
		close(s->ack);
		kill(s->pid, SIGKILL);
		waitpid(s->pid, &st, 0);
	}
	s->pid = 0;
	pwc_hset_free(&s->pages);
}
