# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
# scripts/results.sh - the one reader of test summaries (sourced, POSIX
# sh): every test program and layer ends with "NAME: N passed, N failed".

# results_counts RC: "PASSED FAILED" of the output on stdin, read from its
# last summary line.  No summary (a crash before it) is one failure; so
# is a non-zero exit status RC when the summary shows no failure.
results_counts() {
	_line=$(sed -n -E 's/^(.*[^0-9])?([0-9]+) passed, ([0-9]+) failed$/\2 \3/p' |
		tail -n 1)
	_p=${_line% *}
	_f=${_line#* }
	if [ -z "$_line" ]; then
		echo "0 1"
	elif [ "$1" != 0 ] && [ "$_f" = 0 ]; then
		echo "$_p 1"
	else
		echo "$_p $_f"
	fi
}
