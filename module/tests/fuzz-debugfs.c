// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-debugfs.c - garbage into /sys/kernel/debug/pwcsim/: random bytes,
 * huge and negative numbers, partial and 64 KiB lines, embedded NULs, too
 * many lines, unreadable buffers, and now and then valid input, written
 * to target, models, feed and reset; reads of every file at random
 * offsets.  Every rejected write must give a listed errno and change
 * nothing (target, models, and stats without the notification counts are
 * compared before and after); every accepted one must consume its whole
 * count; a read at an offset must return that slice of the file.
 *
 *   fuzz-debugfs [-s seed] [-n writes] [-t seconds]
 *
 * Ends with "fuzz-debugfs: N passed, N failed".
 */
#define _GNU_SOURCE
#include <sys/mman.h>

#include "campaign.h"

#define D "/sys/kernel/debug/pwcsim/"
#define BIG (64 * 1024)
#define MAXERR 134

static const char *const wfiles[] = { "target", "models", "feed", "reset" };
static const char *const rfiles[] = { "target", "models", "stats", "dump",
				      "version", "latency" };
static char *mem;		/* 16 pages of this process, for valid feeds */
static unsigned long writes[4], rejected[4], accepted[4], reads, read_bytes;
static unsigned long errs[MAXERR + 1];

/* The whole file into @buf (NUL-terminated); its length, or -1. */
static ssize_t slurp(const char *name, char *buf, size_t size)
{
	char path[128];
	ssize_t n, len = 0;
	int fd;

	snprintf(path, sizeof(path), D "%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	while ((n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return n < 0 ? -1 : len;
}

/* target, models and stats without " notifications=N" */
static void state(char *out, size_t size)
{
	static char stats[1 << 16];
	char *p, *q;
	size_t n;

	n = slurp("target", out, size);
	n += slurp("models", out + n, size - n);
	slurp("stats", stats, sizeof(stats));
	while ((p = strstr(stats, " notifications="))) {
		for (q = p + 15; *q >= '0' && *q <= '9'; q++)
			;
		memmove(p, q, strlen(q) + 1);
	}
	snprintf(out + n, size - n, "%s", stats);
}

/*
 * Write @buf to the file; @positioned: now and then with pwrite() at an
 * offset (ESPIPE where the file is a seq_file, which has no positions).
 */
static int wr(const char *name, const void *buf, size_t len, bool positioned)
{
	char path[128];
	ssize_t ret;
	int fd, err;

	snprintf(path, sizeof(path), D "%s", name);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -errno;
	ret = positioned && one_in(4) ?
	      pwrite(fd, buf, len, rnd_below(1 << 20)) : write(fd, buf, len);
	err = errno;
	close(fd);
	if (ret < 0)
		return -err;
	return ret == (ssize_t)len ? 0 : -1000;
}

static size_t printable(char *b, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		b[i] = 0x20 + rnd_below(0x5f);
	return len;
}

/* The input for @file: mostly garbage, now and then valid. */
static size_t make_input(unsigned int file, char *b, const void **ptr)
{
	static const char *const numbers[] = {
		"99999999999999999999999", "-1", "-2147483648", "2147483648",
		"0", "0x10", " 1 ", "+1", "1e9", "-0", "4294967296",
		"18446744073709551615", "18446744073709551616", "ffffffffffffffff",
		"ffff888000000000", "200000000000000", "7fffffffffff", "\n",
		"   \n\n  ", "1\n2\n",
	};
	static const char *const lines[] = {
		"tpc\n", "cpwc\nstc\n", "clear\n", "tpc:entries=0\n", "tpc\0cpwc\n",
		"stc:l2=65537\n", "clear\nbogus\n", "none\nideal\nclear\n",
		"cpwc:l4=2,l3=4,blocks=62,ways=1", "tpc\n\0\n", "\0",
	};
	size_t len, i, n;

	*ptr = b;
	switch (rnd_below(12)) {
	case 0:
	case 1:		/* random bytes, NULs included */
		len = 1 + rnd_below(300);
		for (i = 0; i < len; i++)
			b[i] = rnd();
		return len;
	case 2:
	case 3:
		return sprintf(b, "%s", numbers[rnd_below(ARRAY_LEN(numbers))]);
	case 4:		/* one line at, or just over, the 64 KiB limit */
		len = BIG + (one_in(2) ? 0 : 1 + rnd_below(16));
		memset(b, one_in(2) ? '1' : 'a', len);
		if (one_in(2))
			b[len - 1] = '\n';
		return len;
	case 5:		/* embedded NULs */
		n = sprintf(b, "%s", lines[rnd_below(ARRAY_LEN(lines))]);
		b[n] = '\0';
		return n + 1 + printable(b + n + 1, rnd_below(20));
	case 6:		/* too many lines */
		for (n = 0, i = 0; i < 65 + rnd_below(100); i++)
			n += sprintf(b + n, "%s\n", file == 2 ? "400000" : "none");
		return n;
	case 7:		/* an unreadable buffer */
		*ptr = one_in(2) ? NULL : (const void *)(uintptr_t)0xffff888000000000ULL;
		return 1 + rnd_below(64);
	case 8:
		return printable(b, 1 + rnd_below(120));
	default:	/* valid, or nearly */
		break;
	}
	switch (file) {
	case 0:
		return sprintf(b, "%d\n", one_in(4) ? (int)rnd_below(40000) :
						    getpid());
	case 1:
		return sprintf(b, "%s", lines[rnd_below(ARRAY_LEN(lines))]);
	case 2:
		for (n = 0, i = 0; i < 1 + rnd_below(20); i++)
			n += sprintf(b + n, "%lx\n",
				     (unsigned long)(uintptr_t)mem +
				     rnd_below(16 * PAGE));
		if (one_in(3))
			n += sprintf(b + n, "%s\n", numbers[rnd_below(ARRAY_LEN(numbers))]);
		return n;
	default:
		return 1 + rnd_below(4);
	}
}

static void fuzz_write(void)
{
	static char in[BIG + 256], before[1 << 17], after[1 << 17];
	unsigned int file;
	const void *ptr;
	size_t len;
	int ret;

	file = one_in(60) ? 3 : rnd_below(3);
	len = make_input(file, in, &ptr);
	state(before, sizeof(before));
	ret = wr(wfiles[file], ptr, len, true);
	writes[file]++;
	if (ret == -1000) {
		check(false, "write to %s of %zu bytes: short count", wfiles[file], len);
		return;
	}
	if (!ret) {
		accepted[file]++;
		return;
	}
	rejected[file]++;
	errs[-ret <= MAXERR ? -ret : 0]++;
	check(-ret == EINVAL || -ret == E2BIG || -ret == ENOSPC ||
	      -ret == EBUSY || -ret == EPERM || -ret == ESRCH ||
	      -ret == ERANGE || -ret == EFAULT || -ret == ENOENT ||
	      -ret == ESPIPE,
	      "write to %s: unlisted errno %s", wfiles[file],
	      strerrorname_np(-ret));
	state(after, sizeof(after));
	check(!strcmp(before, after),
	      "a rejected write (%s) to %s of %zu bytes changed the session:\n--- before\n%.400s--- after\n%.400s",
	      strerrorname_np(-ret), wfiles[file], len, before, after);
}

static void fuzz_read(void)
{
	static char full[1 << 20], part[8192];
	const char *name = rfiles[rnd_below(ARRAY_LEN(rfiles))];
	bool stable = !strcmp(name, "target") || !strcmp(name, "models") ||
		      !strcmp(name, "version");
	char path[128];
	ssize_t flen, n;
	off_t off;
	size_t len = rnd_below(sizeof(part));
	int fd;

	flen = slurp(name, full, sizeof(full));
	if (flen < 0)
		return;		/* latency: not in every module */
	snprintf(path, sizeof(path), D "%s", name);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return;
	off = one_in(8) ? (off_t)rnd_below(1ULL << 40) : (off_t)rnd_below(flen + 64);
	n = pread(fd, part, len, off);
	close(fd);
	reads++;
	check(n >= 0 && (size_t)n <= len, "pread of %s at %lld: %zd", name,
	      (long long)off, n);
	if (n > 0)
		read_bytes += n;
	if (stable && n >= 0) {
		size_t want = off >= flen ? 0 : (size_t)(flen - off) < len ?
			      (size_t)(flen - off) : len;

		check((size_t)n == want && !memcmp(part, full + (off < flen ? off : 0), n),
		      "pread of %s at %lld, %zu bytes: %zd, not the file's slice",
		      name, (long long)off, len, n);
	}
}

int main(int argc, char **argv)
{
	struct opts o = { .count = 3000, .seconds = 60 };
	char pid[32];
	const struct { const char *file, *text; } setup[] = {
		{ "target", pid }, { "reset", "1" },
		{ "models", "clear\ntpc\ncpwc\n" },
	};
	unsigned long i;
	int e;
	double t0;

	parse_opts(argc, argv, &o);
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# fuzz-debugfs: seed 0x%llx, up to %lu writes or %.0f s\n",
	       (unsigned long long)o.seed, o.count, o.seconds);
	mem = mmap(NULL, 16 * PAGE, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0);
	snprintf(pid, sizeof(pid), "%d\n", getpid());
	if (mem == MAP_FAILED)
		return 2;
	for (i = 0; i < ARRAY_LEN(setup); i++) {
		e = wr(setup[i].file, setup[i].text, strlen(setup[i].text),
		       false);
		if (e) {
			printf("debugfs setup: writing %s: %s\n", setup[i].file,
			       e == -1000 ? "short count" : strerror(-e));
			return 2;
		}
	}
	t0 = now_s();
	for (i = 0; i < o.count; i++) {
		if (!(i & 15) && now_s() - t0 > o.seconds)
			break;
		fuzz_write();
		fuzz_read();
		if (one_in(3))
			fuzz_read();
	}
	t0 = now_s() - t0;
	for (e = 0; e < 4; e++)
		printf("# %-7s writes=%lu accepted=%lu rejected=%lu\n",
		       wfiles[e], writes[e], accepted[e], rejected[e]);
	printf("# errnos:");
	for (e = 1; e <= MAXERR; e++)
		if (errs[e])
			printf(" %s=%lu", strerrorname_np(e), errs[e]);
	printf("\n# fuzz-debugfs figures: writes=%lu reads=%lu read_bytes=%lu time=%.1fs\n",
	       i, reads, read_bytes, t0);
	/* leave the debugfs session empty */
	wr("models", "clear\n", 6, false);
	wr("reset", "1", 1, false);
	return finish("fuzz-debugfs");
}
