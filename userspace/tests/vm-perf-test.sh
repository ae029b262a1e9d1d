#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/vm-perf-test.sh - run in the VM with pwcsim.ko loaded
# (scripts/vm copies perf in): a live process shadowed from its own perf
# samples.  tests/toucher maps 8 MiB and waits; `perf record -e
# page-faults -c 1 -d -p PID` attaches; the toucher touches its pages;
# `perf script` output goes to `pwcsim run --pid PID --format perf -`,
# which walks the toucher's own page tables.  The result must equal
# `pwcsim run --pid PID` on the same addresses as a hex file (extracted
# here with awk), and every page the toucher touched must have been
# sampled.  Ends with "vm-perf-test: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
P=./pwcsim
. tests/lib.sh
finish() {
	echo "vm-perf-test: $passed passed, $failed failed"
	[ "$failed" = 0 ]
	exit
}
waitfor() {	# waitfor FILE SECONDS
	i=0
	while [ ! -e "$1" ] && [ $i -lt $(($2 * 10)) ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -e "$1" ]
}

if ! command -v perf >/dev/null; then
	bad "perf is in the VM (scripts/vm copies the host's perf)"
	finish
fi
npages=300
./tests/toucher $npages $tmp/touched.txt &
tpid=$!
waitfor $tmp/touched.txt.ready 30 || { bad "the toucher started"; finish; }
perf record -q --no-buildid --no-buildid-cache -e page-faults -c 1 -d \
	-p $tpid -o $tmp/perf.data 2>$tmp/perf.err &
ppid=$!
# perf has attached once it holds a perf_event file descriptor
i=0
while ! ls -l /proc/$ppid/fd 2>/dev/null | grep -q 'perf_event' &&
	[ $i -lt 300 ]; do
	sleep 0.1
	i=$((i + 1))
done
sleep 1
kill -USR1 $tpid
if waitfor $tmp/touched.txt.done 60; then
	ok "the toucher touched $npages pages"
else
	bad "the toucher finished"; kill $tpid $ppid; finish
fi
sleep 1
kill -INT $ppid
wait $ppid
if perf script -i $tmp/perf.data -F comm,pid,tid,time,event,addr \
	>$tmp/perf.txt 2>>$tmp/perf.err && [ -s $tmp/perf.txt ]; then
	ok "perf recorded $(wc -l <$tmp/perf.txt) page-fault samples"
else
	bad "perf record/script"; cat $tmp/perf.err; kill $tpid; finish
fi
head -3 $tmp/perf.txt

# the same samples as a hex file, without pwcsim
awk -v pid=$tpid '{ split($2, a, "/"); if (a[1] == pid && $NF != "0") print "0x" $NF }' \
	$tmp/perf.txt >$tmp/hex.txt
n=$(wc -l <$tmp/hex.txt)
# every touched page was sampled (pages: the address without 12 bits)
awk '{ print substr($1, 1, length($1) - 3) }' $tmp/touched.txt | sort -u >$tmp/tp
awk '{ print substr($1, 1, length($1) - 3) }' $tmp/hex.txt | sort -u >$tmp/hp
missing=$(awk 'NR == FNR { seen[$1] = 1; next } !($1 in seen) { n++ }
	END { print n + 0 }' $tmp/hp $tmp/tp)
[ "$(wc -l <$tmp/tp)" = $npages ] && [ "$missing" = 0 ] &&
	ok "all $npages touched pages are among the $n samples" ||
	bad "$missing of $(wc -l <$tmp/tp) touched pages were not sampled"

perf script -i $tmp/perf.data -F comm,pid,tid,time,event,addr 2>/dev/null |
	$P run --pid $tpid --format perf --json - >$tmp/perf.json 2>$tmp/err
rc=$?
[ $rc = 0 ] && grep -q "\"addresses\": $n," $tmp/perf.json &&
	ok "perf script | pwcsim run --pid $tpid --format perf -: $n addresses" ||
	{ bad "run --format perf"; cat $tmp/err $tmp/perf.json; }
grep -o '"skipped_samples": [0-9]*' $tmp/perf.json
$P run --pid $tpid --json $tmp/hex.txt >$tmp/hex.json 2>$tmp/err ||
	{ bad "run the hex file"; cat $tmp/err; }
sed 's/"source": "[^"]*", //; s/"skipped_samples": [0-9]*, "samples_without_addr": [0-9]*, //' \
	$tmp/perf.json >$tmp/a.json
sed 's/"source": "[^"]*", //' $tmp/hex.json >$tmp/b.json
if [ -s $tmp/a.json ] && cmp -s $tmp/a.json $tmp/b.json; then
	ok "perf-fed run = hex-file run on the live tables"
else
	bad "perf-fed != hex-fed"; diff $tmp/a.json $tmp/b.json | head -8
fi
grep -q '"tables": "real"' $tmp/a.json && ! grep -q '"walks": 0,' $tmp/a.json &&
	ok "real page tables walked" || bad "no walks on real tables"
sed -n 's/.*"model": "none"[^}]*"accesses": \([0-9]*\).*/none: \1 accesses/p' $tmp/a.json
kill $tpid
finish
