#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/vm-tests.sh - run inside the VM (scripts/vm) with pwcsim.ko
# loaded: the module's life cycle and interfaces: the ioctl tests
# (uapi-test, session-test), debugfs, tracepoints against the statistics,
# unloading, and the bounded adversarial campaign (campaign.sh, whose
# counts are added).  Prints one line per check and ends with
# "vm-tests: N passed, N failed".
cd "$(dirname "$0")" || exit 1
. ./campaign-lib.sh	# passed, failed, ok, bad, t, run_counted

levels=4
grep -qw la57 /proc/cpuinfo && levels=5

t "module is loaded" grep -q '^pwcsim ' /proc/modules
# the ABI version the module was built with, from its uapi header
abi=$(sed -n 's/^#define PWCSIM_ABI_VERSION \([0-9]*\)$/\1/p' \
	../../include/uapi/linux/pwcsim.h)
t "debugfs version" grep -qx "pwcsim [0-9.]* abi ${abi:-none} levels $levels" \
	/sys/kernel/debug/pwcsim/version
# shellcheck disable=SC2016 # expanded by the inner sh
t "/dev/pwcsim is a 0600 char device" \
	sh -c '[ -c /dev/pwcsim ] && [ "$(stat -c %a /dev/pwcsim)" = 600 ]'

# The kselftest-harness programs: each of their cases counts.
# acct-test needs memory cgroups: the Debian kernel's, not the debug
# kernel's (Documentation/testing.rst); said, not counted, where absent
progs="uapi-test acct-test session-test"
if ! grep -q '^memory' /proc/cgroups 2>/dev/null; then
	echo "# acct-test not run: this kernel has no memory cgroups"
	progs="uapi-test session-test"
fi
for prog in $progs; do
	out=$(./"$prog" 2>&1)
	echo "$out" | grep -v '^#  RUN\|^#  *OK ' | sed 's/^/    /'
	p=$(echo "$out" | sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\1/p')
	f=$(echo "$out" | sed -n 's/^# Totals: pass:\([0-9]*\) fail:\([0-9]*\).*/\2/p')
	if [ -z "$p" ]; then
		bad "$prog ran to its end"
	else
		passed=$((passed + p))
		failed=$((failed + f))
	fi
done

# debugfs: a session driven from the shell; bad input changes nothing.
# The target is this shell (a child would exec, and exec replaces the
# address space the session watches: it then reports ESRCH).
D=/sys/kernel/debug/pwcsim
target=$$
t "debugfs target" sh -c "echo $target >$D/target && grep -qx $target $D/target"
echo 1 >$D/reset
echo clear >$D/models
t "debugfs models" sh -c "printf 'tpc\ncpwc:l4=2,l3=4,blocks=62,ways=1\nstc\n' >$D/models &&
	[ \$(wc -l <$D/models) = 3 ]"
# every page of the target's mappings (up to 400), twice
n=0
: >/tmp/addrs
while IFS=' -' read -r lo hi rest; do
	a=$((0x$lo))
	while [ $a -lt $((0x$hi)) ] && [ $n -lt 400 ]; do
		printf '%x\n' $a >>/tmp/addrs
		a=$((a + 4096))
		n=$((n + 1))
	done
done </proc/$target/maps
cat /tmp/addrs /tmp/addrs >/tmp/addrs2
# (notifications count the target's own forks: not compared)
counters() { sed 's/ notifications=[0-9]*//' $D/stats; }
stats0=$(counters)
t "debugfs rejects a bad address" sh -c "! echo zz 2>/dev/null >$D/feed"
t "debugfs rejects a kernel address" sh -c \
	"! echo ffff888000000000 2>/dev/null >$D/feed"
t "debugfs rejects an empty feed" sh -c "! echo 2>/dev/null >$D/feed"
t "debugfs rejects an overlong write" sh -c \
	"! head -c 70000 /dev/zero | tr '\\0' 1 2>/dev/null >$D/feed"
t "debugfs rejects a bad model" sh -c \
	"! echo 'tpc:entries=0' 2>/dev/null >$D/models"
# an L5 cache's size at 4 levels: the whole write refused, none added
[ "$levels" = 4 ] && t "debugfs rejects l5= at 4 levels" sh -c \
	"! printf 'none\nstc:l5=2\n' 2>/dev/null >$D/models"
t "debugfs rejects a bad target" sh -c \
	"! echo nope 2>/dev/null >$D/target && grep -qx $target $D/target"
t "bad input changed nothing" sh -c "[ \"\$(sed 's/ notifications=[0-9]*//' $D/stats)\" = \"$stats0\" ] &&
	[ \$(wc -l <$D/models) = 3 ]"
# models: all or nothing; the lines before a clear change nothing
for _ in $(seq 14); do echo none; done >/tmp/models14
{ cat /tmp/models14; echo clear; printf 'tpc\ncpwc:l4=2,l3=4,blocks=62,ways=1\nstc\n'; } \
	>/tmp/models-clear
t "debugfs refuses a 17th model, the write whole" sh -c \
	"! cat /tmp/models14 2>/dev/null >$D/models && [ \$(wc -l <$D/models) = 3 ]"
t "debugfs: 14 models before a clear, then 3" sh -c \
	"cat /tmp/models-clear >$D/models && [ \$(wc -l <$D/models) = 3 ] &&
	grep -q '^0 tpc' $D/models && grep -q '^2 stc' $D/models"

# Tracepoints: lookups summed per model and start level equal the stats.
rm -f /tmp/lookup.dat
trace-cmd record -q -e pwcsim:pwcsim_lookup -e pwcsim:pwcsim_walk \
	-o /tmp/lookup.dat sh -c "cat /tmp/addrs2 >$D/feed" >/dev/null 2>&1
trace-cmd report -i /tmp/lookup.dat 2>/dev/null >/tmp/lookup.txt
n=$(wc -l </tmp/addrs2)
t "feed of $n addresses recorded" grep -q pwcsim_lookup /tmp/lookup.txt
cat $D/stats | sed 's/^/    /'
for m in 0 1 2; do
	want=$(sed -n "s/^model $m .*: lookups=\([0-9]*\) l2_hits=\([0-9]*\) l3_hits=\([0-9]*\) l4_hits=\([0-9]*\).* misses=\([0-9]*\) accesses=\([0-9]*\).*/\1 \2 \3 \4 \6/p" $D/stats)
	got=$(awk -v m=$m '/pwcsim_lookup:/ && $0 ~ " model=" m " " {
		for (i = 1; i <= NF; i++) {
			if ($i ~ /^start=/) { split($i, a, "="); s = a[2] }
			if ($i ~ /^accesses=/) { split($i, a, "="); acc += a[2] }
		}
		n++; h[s]++ }
		END { printf "%d %d %d %d %d", n, h[1], h[2], h[3], acc }' /tmp/lookup.txt)
	t "model $m: trace sums ($got) = stats ($want)" [ "$got" = "$want" ]
done
walks=$(grep -c 'pwcsim_walk:' /tmp/lookup.txt)
t "one walk event per walk ($walks)" grep -q "walks=$walks " $D/stats

# Defect: a new target emptied the models (pwcsim.rst) but left the
# session fed, so models could not be added until a reset (EBUSY).
t "debugfs: a new target empties the models, which take a model again" sh -c \
	"echo $target >$D/target && echo none >$D/models && [ \$(wc -l <$D/models) = 4 ]"

t "rmmod refused while a session is open" sh -c \
	'exec 3</dev/pwcsim; ! rmmod pwcsim 2>/dev/null'
t "module still loaded" grep -q '^pwcsim ' /proc/modules

# trace-cmd records pwcsim's events.  The command waits a second before
# and after its open and close: trace-cmd's per-CPU recorders start after
# the command, and one that is not yet running loses a command this short
# ("can not stat trace.dat.cpu0": 3 of 60 records under TCG without the
# waits, 0 of 45 with them).
rm -f /tmp/trace.dat
trace-cmd record -q -e pwcsim -o /tmp/trace.dat \
	sh -c 'sleep 1; exec 3</dev/pwcsim; exec 3<&-; sleep 1' \
	>/tmp/record.log 2>&1
t "trace-cmd record -e pwcsim" test -s /tmp/trace.dat
trace-cmd report -i /tmp/trace.dat >/tmp/report.txt 2>/dev/null
t "trace has pwcsim_session_open" grep -q 'pwcsim_session_open:' /tmp/report.txt
t "trace has pwcsim_session_release" \
	grep -q 'pwcsim_session_release:' /tmp/report.txt
grep -q 'pwcsim_session_release:' /tmp/report.txt ||
	sed 's/^/    record: /' /tmp/record.log

t "rmmod" rmmod pwcsim
t "device gone after rmmod" test ! -e /dev/pwcsim
t "debugfs gone after rmmod" test ! -e /sys/kernel/debug/pwcsim
t "insmod again" insmod /vm/pwcsim.ko
t "device back" test -c /dev/pwcsim

# The bounded adversarial campaign (campaign.sh): its counts are ours.
run_counted /tmp/campaign.log ./campaign.sh
t "module loaded after the campaign" grep -q '^pwcsim ' /proc/modules

echo "vm-tests: $passed passed, $failed failed"
[ "$failed" = 0 ]
