# shellcheck shell=sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/campaign-lib.sh - sourced by campaign.sh, latency-test.sh
# and lifecycle-test.sh: counted checks and running a program whose last
# line gives its counts ("N passed, N failed", or the kselftest harness's
# "# Totals: pass:N fail:N").
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
t() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }
# quiet: count a pass silently, print failures only
q() { name=$1; shift; if "$@"; then passed=$((passed + 1)); else bad "$name"; fi; }

# run_counted LOG PROG [ARGS...]: run PROG with its output in LOG (and, as
# it comes, on stdout, indented, without the harness's RUN/OK lines); add its
# counts; a missing count line or a crash counts as one failure.
run_counted() {
	log=$1
	shift
	{ "$@"; echo $? >"$log.rc"; } 2>&1 | tee "$log" |
		grep -v '^#  RUN\|^#  *OK \|^ok [0-9]' | sed 's/^/    /'
	rc=$(cat "$log.rc")
	line=$(grep -E '[0-9]+ passed, [0-9]+ failed$|^# Totals: pass:' "$log" | tail -n1)
	p=$(echo "$line" | sed -n 's/.* \([0-9]*\) passed, \([0-9]*\) failed$/\1/p; s/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\1/p')
	f=$(echo "$line" | sed -n 's/.* \([0-9]*\) passed, \([0-9]*\) failed$/\2/p; s/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\2/p')
	if [ -z "$p" ]; then
		bad "$* ran to its end (exit $rc)"
		return 1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
	if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
		bad "$* exited $rc"
	fi
	[ "$f" = 0 ] && [ "$rc" = 0 ]
}
