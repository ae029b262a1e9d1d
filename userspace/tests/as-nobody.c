// SPDX-License-Identifier: GPL-2.0
/*
 * as-nobody.c - run a command as uid and gid 65534 with no supplementary
 * groups, for the VM tests that check what an unprivileged user gets
 * (vm-run-test.sh): the guest's busybox setpriv cannot change ids.
 *
 *   as-nobody COMMAND [ARG ...]
 */
#include <grp.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: as-nobody COMMAND [ARG ...]\n");
		return 2;
	}
	if (setgroups(0, NULL) || setgid(65534) || setuid(65534)) {
		perror("as-nobody");
		return 1;
	}
	execvp(argv[1], argv + 1);
	perror("as-nobody: exec");
	return 127;
}
