#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/lifecycle-test.sh [cycles] [lives] - run in the VM with
# pwcsim.ko loaded (from /vm/pwcsim.ko), which it leaves loaded:
#   1. 300 cycles of switching a pwcsim trace event and an unrelated one
#      (sched:sched_process_fork) while processes fork: must finish;
#   2. Slab and VmallocUsed (/proc/meminfo; /proc/slabinfo if present)
#      around @lives session lives (default 2000), after dropping caches:
#      the growth must stay under 2 MiB of slab and 1 MiB of vmalloc;
#   3. with kmemleak (the debug kernel): two scans, no report naming pwcsim;
#   4. @cycles (default 5) rmmod/insmod cycles, each with sessions opened
#      and closed, a debugfs target, models and a feed, and every pwcsim
#      trace event enabled and left enabled at rmmod: rmmod is refused
#      while a session fd is open and succeeds after it is closed.
# Ends with "lifecycle-test: N passed, N failed".
cd "$(dirname "$0")" || exit 1
. ./campaign-lib.sh
cycles=${1:-5}
lives=${2:-2000}
T=/sys/kernel/tracing
D=/sys/kernel/debug/pwcsim
KO=/vm/pwcsim.ko
SLAB_BOUND_KB=2048
VMALLOC_BOUND_KB=1024

[ -d $T/events ] || mount -t tracefs nodev $T 2>/dev/null
t "tracefs has pwcsim events" test -d $T/events/pwcsim

# ---- 1. switching trace events while processes fork ----
other=$T/events/sched/sched_process_fork
if [ ! -e "$other/enable" ]; then
	for e in "$T"/events/*/*; do
		case $e in */pwcsim/*) continue ;; esac
		if [ -e "$e/enable" ]; then
			other=$e
			break
		fi
	done
fi
ev=$T/events/pwcsim/pwcsim_session_open
(while :; do /bin/true; usleep 2000; done) &
forker=$!
start=$(date +%s)
i=0
while [ $i -lt 300 ]; do
	echo 1 >$ev/enable
	echo 1 >"$other/enable"
	exec 3</dev/pwcsim
	exec 3<&-
	echo 0 >$ev/enable
	echo 0 >"$other/enable"
	i=$((i + 1))
done
kill $forker
wait $forker 2>/dev/null
toggle_s=$(($(date +%s) - start))
t "trace-event toggle loop: $i cycles (with ${other#"$T"/events/}) in ${toggle_s}s" [ $i = 300 ]

# ---- 2. memory around session lives ----
meminfo() { sed -n "s/^$1: *\([0-9]*\) kB/\1/p" /proc/meminfo; }
slabinfo_kb() {
	[ -r /proc/slabinfo ] || { echo 0; return; }
	awk 'NR > 2 { s += $3 * $4 } END { printf "%d", s / 1024 }' /proc/slabinfo
}
settle() { sync; echo 3 >/proc/sys/vm/drop_caches; sleep 1; }
./campaign-helper lives 100 >/dev/null 2>&1	# warm the caches first
settle
slab0=$(meminfo Slab) vm0=$(meminfo VmallocUsed) si0=$(slabinfo_kb)
run_counted /tmp/lifecycle-lives.log ./campaign-helper lives "$lives"
settle
slab1=$(meminfo Slab) vm1=$(meminfo VmallocUsed) si1=$(slabinfo_kb)
slab_d=$((slab1 - slab0)) vm_d=$((vm1 - vm0)) si_d=$((si1 - si0))
echo "    Slab ${slab0} -> ${slab1} kB, VmallocUsed ${vm0} -> ${vm1} kB, slabinfo ${si0} -> ${si1} kB"
t "slab growth ${slab_d} kB over $lives session lives < $SLAB_BOUND_KB kB" \
	[ $slab_d -lt $SLAB_BOUND_KB ]
t "vmalloc growth ${vm_d} kB < $VMALLOC_BOUND_KB kB" [ $vm_d -lt $VMALLOC_BOUND_KB ]

# ---- 3. kmemleak ----
K=/sys/kernel/debug/kmemleak
if [ -e $K ]; then
	echo scan >$K
	sleep 5
	echo scan >$K
	cat $K >/tmp/kmemleak.txt
	n=$(grep -c 'unreferenced object' /tmp/kmemleak.txt)
	grep -B 2 -A 20 pwcsim /tmp/kmemleak.txt | head -n 40 | sed 's/^/    /'
	t "kmemleak: no report names pwcsim ($n reports in all)" \
		sh -c '! grep -q pwcsim /tmp/kmemleak.txt'
else
	echo "    no $K: kmemleak is not in this kernel"
fi

# ---- 4. load and unload ----
start=$(date +%s)
c=0
while [ $c -lt "$cycles" ]; do
	c=$((c + 1))
	echo 1 >$T/events/pwcsim/enable
	q "cycle $c: events enabled" grep -q 1 $T/events/pwcsim/pwcsim_lookup/enable
	./campaign-helper lives 3 >/tmp/lifecycle-cycle.log 2>&1
	q "cycle $c: sessions" grep -q ' 0 failed' /tmp/lifecycle-cycle.log
	q "cycle $c: debugfs target" sh -c "echo $$ >$D/target"
	q "cycle $c: debugfs models" sh -c "echo tpc >$D/models"
	addr=$(sed -n '1s/-.*//p' /proc/$$/maps)
	q "cycle $c: debugfs feed" sh -c "echo $addr >$D/feed"
	exec 3</dev/pwcsim
	q "cycle $c: rmmod refused while a session is open" \
		sh -c '! rmmod pwcsim 2>/dev/null'
	q "cycle $c: still loaded" grep -q '^pwcsim ' /proc/modules
	exec 3<&-
	q "cycle $c: rmmod with the events enabled" rmmod pwcsim
	q "cycle $c: device and debugfs gone" \
		sh -c "[ ! -e /dev/pwcsim ] && [ ! -e $D ] && [ ! -e $T/events/pwcsim ]"
	q "cycle $c: insmod" insmod $KO
	q "cycle $c: device back" test -c /dev/pwcsim
done
grep -q '^pwcsim ' /proc/modules || insmod $KO
t "$c load/unload cycles in $(($(date +%s) - start))s, module loaded at the end" \
	grep -q '^pwcsim ' /proc/modules
echo "lifecycle-test figures: toggle_cycles=$i cycles=$c lives=$lives slab_delta_kb=$slab_d vmalloc_delta_kb=$vm_d slabinfo_delta_kb=$si_d"
echo "lifecycle-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
