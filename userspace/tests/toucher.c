// SPDX-License-Identifier: GPL-2.0
/*
 * toucher.c - a live process for vm-perf-test.sh: maps 8 MiB (4 KiB
 * pages, no THP), creates OUT.ready and waits for SIGUSR1, then writes
 * one byte to each of NPAGES pages spread over the mapping (one page
 * fault each), writes their addresses to OUT (hex, one a line), creates
 * OUT.done and sleeps until killed, its page tables left as they are.
 *
 *   toucher NPAGES OUT
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define SPAN (8UL << 20)
#define PAGES (SPAN / 4096)

static void mark(const char *out, const char *suffix)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s%s", out, suffix);
	f = fopen(path, "w");
	if (!f || fclose(f)) {
		perror(path);
		exit(1);
	}
}

static void on_usr1(int sig)
{
	(void)sig;
}

int main(int argc, char **argv)
{
	unsigned long n, i, page, *addr;
	sigset_t block, old;
	char *p;
	FILE *f;

	if (argc != 3 || (n = strtoul(argv[1], NULL, 10)) == 0 || n > PAGES) {
		fprintf(stderr, "usage: toucher NPAGES(1-%lu) OUT\n", PAGES);
		return 2;
	}
	addr = calloc(n, sizeof(*addr));
	p = mmap(NULL, SPAN, PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (!addr || p == MAP_FAILED) {
		perror("toucher");
		return 1;
	}
	madvise(p, SPAN, MADV_NOHUGEPAGE);
	signal(SIGUSR1, on_usr1);
	sigemptyset(&block);
	sigaddset(&block, SIGUSR1);
	sigprocmask(SIG_BLOCK, &block, &old);
	mark(argv[2], ".ready");
	sigsuspend(&old);
	/* distinct pages, scattered: i * 37 mod PAGES (37 is odd) */
	for (i = 0; i < n; i++) {
		page = i * 37 % PAGES;
		addr[i] = (unsigned long)(p + page * 4096 + (i % 64) * 8);
		*(volatile char *)addr[i] = 1;
	}
	f = fopen(argv[2], "w");
	if (!f) {
		perror(argv[2]);
		return 1;
	}
	for (i = 0; i < n; i++)
		fprintf(f, "0x%lx\n", addr[i]);
	if (fclose(f))
		return 1;
	mark(argv[2], ".done");
	for (;;)
		pause();
}
