#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/vm-basic.sh - run inside the VM (scripts/vm) with pwcsim.ko
# loaded: the module's life cycle and interfaces.  Prints one line per
# check and ends with "vm-basic: N passed, N failed".
cd "$(dirname "$0")" || exit 1
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
t() { name=$1; shift; if "$@"; then ok "$name"; else bad "$name"; fi; }

levels=4
grep -qw la57 /proc/cpuinfo && levels=5

t "module is loaded" grep -q '^pwcsim ' /proc/modules
t "debugfs version" grep -qx "pwcsim 0.1 abi 1 levels $levels" \
	/sys/kernel/debug/pwcsim/version
t "/dev/pwcsim is a 0600 char device" \
	sh -c '[ -c /dev/pwcsim ] && [ "$(stat -c %a /dev/pwcsim)" = 600 ]'

out=$(./uapi-test 2>&1)
echo "$out" | sed 's/^/    /'
t "uapi-test passes" sh -c 'echo "$1" | grep -q "^# Totals: pass:[1-9][0-9]* fail:0 "' _ "$out"

# trace-cmd records pwcsim's events.
rm -f /tmp/trace.dat
trace-cmd record -q -e pwcsim -o /tmp/trace.dat \
	sh -c 'exec 3</dev/pwcsim; exec 3<&-' >/tmp/record.log 2>&1
t "trace-cmd record -e pwcsim" test -s /tmp/trace.dat
trace-cmd report -i /tmp/trace.dat >/tmp/report.txt 2>/dev/null
t "trace has pwcsim_session_open" grep -q 'pwcsim_session_open:' /tmp/report.txt
t "trace has pwcsim_session_release" \
	grep -q 'pwcsim_session_release:' /tmp/report.txt

t "rmmod" rmmod pwcsim
t "device gone after rmmod" test ! -e /dev/pwcsim
t "debugfs gone after rmmod" test ! -e /sys/kernel/debug/pwcsim
t "insmod again" insmod /vm/pwcsim.ko
t "device back" test -c /dev/pwcsim

echo "vm-basic: $passed passed, $failed failed"
[ "$failed" = 0 ]
