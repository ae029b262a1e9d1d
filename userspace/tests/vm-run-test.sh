#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/vm-run-test.sh - run in the VM with pwcsim.ko loaded:
# `pwcsim run` end to end on real page tables: every workload, traces in
# each format, the sums, and the kernel's results against --userspace on
# the same stream.  Ends with "vm-run-test: N passed, N failed".
cd "$(dirname "$0")/.." || exit 1
P=./pwcsim
tmp=/tmp/vm-run-test
rm -rf $tmp
mkdir -p $tmp
passed=0
failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
levels=$($P info --json | sed 's/.*"levels": \([45]\).*/\1/')

# Sums that must hold in a run's JSON (python is not in the VM: awk).
sums() {	# sums FILE: every model's hits + misses = walks, and more
	awk '
	/"walks":/ { match($0, /"walks": [0-9]+/); w = substr($0, RSTART + 9, RLENGTH - 9) + 0
		     match($0, /"tlb_hits": [0-9]+/); h = substr($0, RSTART + 12, RLENGTH - 12) + 0
		     match($0, /"addresses": [0-9]+/); a = substr($0, RSTART + 13, RLENGTH - 13) + 0
		     if (w != a - h) bad = 1 }
	/"model":/ { n = split($0, f, /[,{}:" ]+/)
		     for (i = 1; i < n; i++) v[f[i]] = f[i + 1]
		     if (v["lookups"] != w) bad = 2
		     if (v["l2_hits"] + v["l3_hits"] + v["l4_hits"] + v["l5_hits"] + v["misses"] != v["lookups"]) bad = 3
		     if (v["stale"] != 0) bad = 4 }
	END { exit bad }' "$1"
}

for w in $($P gen --list | awk '{print $1}'); do
	if $P run -w "$w" --json >$tmp/run.json 2>$tmp/err && sums $tmp/run.json; then
		ok "run -w $w on real tables ($(sed -n 's/.*"addresses": \([0-9]*\).*/\1/p' $tmp/run.json) addresses)"
	else
		bad "run -w $w"; cat $tmp/err
	fi
done

# The kernel on real tables = the same models on the synthetic table,
# when the tables have the same shape (4 KiB pages, one table per path);
# streams with walks (gemm's and BFS's small inputs, copied in, fit in
# the L2: BFS's every request instead, a window of them).
for w in 2DCONV backprop "BFS --iotlb-at coalesced --window 20000"; do
	# shellcheck disable=SC2086 # a workload and its options
	$P run -w $w --tlb 32 --thp never --json | sed 's/"tables": "[a-z]*", //' >$tmp/k.json
	# shellcheck disable=SC2086
	$P run -w $w --tlb 32 --userspace --levels "$levels" --json |
		sed 's/"tables": "[a-z]*", //' >$tmp/u.json
	if grep -q '"walks": [1-9]' $tmp/k.json && cmp -s $tmp/k.json $tmp/u.json; then
		ok "$w: kernel = --userspace (IOTLB 32)"
	else
		{ bad "$w: kernel != --userspace"; diff $tmp/k.json $tmp/u.json | head -6; }
	fi
done

# RAY's parameters, scene and view matrix near 0x0 (GPGPU-Sim's static
# region, from 0x100) and its ray stacks in local memory: the kernel =
# --userspace as root (CAP_SYS_RAWIO maps page 0); as uid 65534, whose
# shadow process may not map below vm.mmap_min_addr, the run goes on
# with the rest of that region mapped, and says how many addresses it
# could not walk (the module walks only mapped addresses).  Every
# coalesced request: with its kernel's 53 registers (4 CTAs an SM) the
# L2 holds every line small RAY touches, and nothing reaches l2-miss.
R="-w RAY --iotlb-at coalesced --tlb 32"
# shellcheck disable=SC2086 # the options, split on purpose
$P run $R --thp never --json | sed 's/"tables": "[a-z]*", //' >$tmp/k.json
# shellcheck disable=SC2086
$P run $R --userspace --levels "$levels" --json |
	sed 's/"tables": "[a-z]*", //' >$tmp/u.json
mode=$(stat -c %a /dev/pwcsim)
chmod 0666 /dev/pwcsim
chmod 0777 $tmp
# shellcheck disable=SC2086
tests/as-nobody $P run $R --thp never --json 2>$tmp/err | sed 's/"tables": "[a-z]*", //' >$tmp/n.json
chmod "$mode" /dev/pwcsim
if grep -q '"walks": [1-9]' $tmp/k.json && cmp -s $tmp/k.json $tmp/u.json; then
	ok "RAY (constant and local memory, page 0): kernel = --userspace"
else
	{ bad "RAY: kernel != --userspace"; diff $tmp/k.json $tmp/u.json | head -4; }
fi
nw=$(sed -n 's/.*"not_walked": \([0-9]*\).*/\1/p' $tmp/n.json)
if [ "${nw:-0}" -gt 0 ] && grep -q "not walked: the shadow process may not map below vm.mmap_min_addr" $tmp/err &&
	grep -q '"not_walked": 0' $tmp/k.json; then
	ok "RAY as uid 65534: $nw addresses below vm.mmap_min_addr ($(cat /proc/sys/vm/mmap_min_addr)) not walked, and said so"
else
	{ bad "RAY as uid 65534"; cat $tmp/err; head -c 300 $tmp/n.json; }
fi

# Translation in time on real tables (run --timing, Documentation/timing.rst):
# the module's walks, their tables as ids (PWCSIM_FEED_TABLE_IDS), give
# the figures --userspace gives on the synthetic table of the same shape;
# as uid 65534 too, but for the parameter loads at 0x0 it may not map.
T="--timing -w 2mm --size full --warmup 0 --window 5000 -q --json"
T="$T $($P replay --list | awk '{ printf "-m %s ", $1 }')"	# every model
# shellcheck disable=SC2086 # the options, split on purpose
$P run $T --thp never 2>$tmp/terr | sed 's/"tables": "[a-z]*", //' >$tmp/tk.json
# shellcheck disable=SC2086
$P run $T --userspace --levels "$levels" | sed 's/"tables": "[a-z]*", //' >$tmp/tu.json
chmod 0666 /dev/pwcsim
# shellcheck disable=SC2086
tests/as-nobody $P run $T --thp never 2>$tmp/tnerr >$tmp/tn.json
chmod "$mode" /dev/pwcsim
if grep -q '"walks": [1-9]' $tmp/tk.json && grep -q '"slowdown"' $tmp/tk.json &&
	cmp -s $tmp/tk.json $tmp/tu.json; then
	ok "run --timing: the module's walks = --userspace (2mm, every model)"
else
	{ bad "run --timing: kernel != --userspace"; cat $tmp/terr; diff $tmp/tk.json $tmp/tu.json | head -4; }
fi
if grep -q '"tables": "real"' $tmp/tn.json && grep -q '"not_walked": [1-9]' $tmp/tn.json &&
	grep -q "had no walk: the shadow process may not map below" $tmp/tnerr &&
	grep -q '"not_walked": 0' $tmp/tk.json; then
	ok "run --timing as uid 65534: table ids, the page at 0x0 not walked, and said so"
else
	{ bad "run --timing as uid 65534"; cat $tmp/tnerr; head -c 400 $tmp/tn.json; }
fi

# report --timing on real tables: the module's walks for every model and
# the walker sweep give the tables --userspace gives on the synthetic
# table of the same shape, at the kernel's paging levels.
R="--timing -q --size full --warmup 0 --window 3000"
# shellcheck disable=SC2086 # the options, split on purpose
$P report $R -o $tmp/rk 2mm BFS >$tmp/rk.out 2>&1
# shellcheck disable=SC2086
$P report $R --userspace --levels "$levels" -o $tmp/ru 2mm BFS >$tmp/ru.out 2>&1
same=0
for f in timing.csv timing_walkers.csv timing_classes.csv timing_cdf.csv; do
	cmp -s $tmp/rk/$f $tmp/ru/$f && same=$((same + 1))
done
if [ $same = 4 ] && grep -q '^2mm,tpc' $tmp/rk/timing.csv; then
	ok "report --timing: the module's walks = --userspace (2mm, BFS; models and walker sweep)"
else
	{ bad "report --timing: kernel != --userspace ($same of 4 tables the same)"; tail -3 $tmp/rk.out; diff $tmp/rk/timing.csv $tmp/ru/timing.csv | head -4; }
fi

# Both GPU layouts on real tables: GPGPU-Sim's packed cudaMalloc from
# 0xC0000000 (below 4 GiB, the default) and 2 MiB-aligned at 1 TiB; the
# shadow process maps the pages at those addresses.
first=$($P gen --size small --iotlb-at coalesced --warmup 0 gemm | awk '$1 != "0x0"' | head -1)
case $first in
0xc0*) ok "packed layout: gemm's first request $first" ;;
*) bad "packed layout: gemm's first request $first" ;;
esac
# (2mm's every request, a window of them: behind the L2 its small input,
# copied in, makes no walk.)
for l in packed aligned; do
	$P run -w 2mm --layout $l --iotlb-at coalesced --window 50000 --tlb 32 \
		--thp never --json |
		sed 's/"tables": "[a-z]*", //' >$tmp/k.json 2>$tmp/err
	$P run -w 2mm --layout $l --iotlb-at coalesced --window 50000 --tlb 32 \
		--userspace --levels "$levels" --json |
		sed 's/"tables": "[a-z]*", //' >$tmp/u.json
	if sums $tmp/k.json && grep -q '"walks": [1-9]' $tmp/k.json &&
		cmp -s $tmp/k.json $tmp/u.json; then
		ok "2mm, $l layout: on real tables, kernel = --userspace"
	else
		{ bad "2mm, $l layout"; cat $tmp/err; diff $tmp/k.json $tmp/u.json | head -6; }
	fi
done

# Traces: text, binary, lackey, traceg, each through the module (the
# Accel-Sim trace in file order: its one warp's loads, as the text has them).
$P gen --size small --iotlb-at coalesced --limit 20000 gemm >$tmp/t.txt
$P trace convert $tmp/t.txt $tmp/t.bin
awk '{ sub(/^0x/, ""); printf " L %s,4\n", $1 }' $tmp/t.txt >$tmp/t.lackey
{
	echo "-kernel name = k"
	echo "#BEGIN_TB"
	echo "warp = 0"
	awk '{ printf "0000 00000001 0 LDG.E 0 4 0 %s\n", $1 }' $tmp/t.txt
	echo "#END_TB"
} >$tmp/t.traceg
for f in t.txt t.bin t.lackey t.traceg; do
	o=	# --trace-order: an Accel-Sim trace's option only
	[ $f = t.traceg ] && o="--trace-order file"
	# shellcheck disable=SC2086 # the option, split on purpose
	if $P run $o --json $tmp/$f >$tmp/r.json 2>$tmp/err && sums $tmp/r.json &&
		grep -q '"addresses": 20000,' $tmp/r.json; then
		ok "run $f: 20000 addresses"
	else
		bad "run $f"; cat $tmp/err
	fi
done
# every trace gives the same statistics as the text one (an Accel-Sim
# trace's run labelled with its order: "trace", checked and then cut)
$P run --json $tmp/t.txt | sed 's/"source": "[^"]*", //' >$tmp/a.json
for f in t.bin t.lackey t.traceg; do
	o=
	[ $f = t.traceg ] && o="--trace-order file"
	# shellcheck disable=SC2086
	$P run $o --json $tmp/$f | sed 's/"source": "[^"]*", //' >$tmp/b.json
	if [ $f = t.traceg ]; then
		grep -q '^{"trace": {"format": "traceg", "order": "file"}, ' $tmp/b.json ||
			bad "$f: no \"trace\" of its order"
		sed -i 's/"trace": {[^}]*}, //' $tmp/b.json
	fi
	if cmp -s $tmp/a.json $tmp/b.json; then
		ok "$f = text"
	else
		bad "$f != text"
	fi
done

run_fails() {	# run_fails NAME PATTERN ARGS...: `pwcsim run ARGS` fails, naming why
	name=$1 pat=$2
	shift 2
	if $P run "$@" >/dev/null 2>"$tmp/err"; then
		bad "$name (accepted)"
	elif grep -q "$pat" "$tmp/err"; then
		ok "$name"
	else
		bad "$name (stderr lacks '$pat')"
		cat "$tmp/err"
	fi
}
# A region that cannot be placed is named (past the address space).
echo 0xfff0000000000000 >$tmp/clash.txt
run_fails "a clashing region is named" "cannot place the region" $tmp/clash.txt
# The footprint guard.
run_fails "--max-footprint guards" "more than 1000000 bytes" \
	-w MUM --max-footprint 1M

# report --data BFS=DIR on real tables: the graph file's runs (a graph
# of 8 nodes, the one of workload-test), labelled, and the module's
# tables those --userspace gives on the synthetic table of that shape.
mkdir -p $tmp/bfs
printf '8\n4 1\n7 2\n5 2\n9 2\n2 2\n11 1\n0 1\n1 1\n\n2\n13\n7 3\n6 3\n3 1\n5 2\n1 4\n1 1\n3 5\n0 4\n2 1\n2 5\n4 2\n4 2\n0 9\n' \
	>$tmp/bfs/graph65536.txt
D="-q --sweep 5280 --iotlb-at coalesced --data BFS=$tmp/bfs"
# shellcheck disable=SC2086 # the options, split on purpose
if $P report $D -o $tmp/dk BFS >$tmp/out 2>$tmp/err &&
	$P report $D --userspace --levels "$levels" -o $tmp/du BFS \
		>/dev/null 2>>$tmp/err &&
	cmp -s $tmp/dk/table8.csv $tmp/du/table8.csv &&
	grep -q "^pwcsim report: .* on real $levels-level page tables, .*, data BFS$" $tmp/dk/summary.txt &&
	grep -q "^BFS's input: the files of $tmp/bfs (--data)" $tmp/dk/summary.txt &&
	grep -q "\"data\": {\"BFS\": \"$tmp/bfs\"}" $tmp/dk/results.json; then
	ok "report --data BFS=DIR on real tables: labelled, = --userspace (table8.csv)"
else
	{ bad "report --data on real tables"; cat $tmp/err; diff $tmp/dk/table8.csv $tmp/du/table8.csv | head -4; }
fi
# --help's --max-footprint default is the bound a report on real tables
# records (a defect gave "1G", which --max-footprint reads as 10^9, not
# the 2^30 used)
f=$(sed -n 's/.*"max_footprint": \([0-9]*\).*/\1/p' $tmp/dk/results.json)
if [ -n "$f" ] &&
	$P run --help | grep -q -- "--max-footprint N .*(default $f)" &&
	$P report --help | grep -q -- "--max-footprint N .*(default $f)"; then
	ok "run and report --help: --max-footprint's default is the one recorded ($f)"
else
	bad "--max-footprint's default: recorded '$f', $($P report --help | grep -- --max-footprint)"
fi
# The same report as one shard (0/1) merged: the shard records --data
# (the file's SHA-256 and the directory),
# the merge labels with it; its files equal the unsharded report's.
# shellcheck disable=SC2086 # the options, split on purpose
if $P report $D --shard 0/1 -o $tmp/ds BFS >/dev/null 2>$tmp/err &&
	$P report -q --merge -o $tmp/dm $tmp/ds >/dev/null 2>>$tmp/err &&
	grep -q "^data BFS $(sha256sum <$tmp/bfs/graph65536.txt | cut -d' ' -f1) $tmp/bfs\$" \
		$tmp/ds/shard.txt &&
	cmp -s $tmp/dk/table8.csv $tmp/dm/table8.csv &&
	cmp -s $tmp/dk/summary.txt $tmp/dm/summary.txt &&
	cmp -s $tmp/dk/results.json $tmp/dm/results.json; then
	ok "report --shard --data on real tables, merged: = unsharded (table8.csv, summary.txt, results.json)"
else
	{ bad "report --shard --data on real tables"; cat $tmp/err; }
fi

# report: two workloads end to end on real tables; the same tables as
# on the synthetic page table (same shape), the paper's figures beside.
# (Two with walks behind the L2 at their small inputs.)
if $P report --size small --sweep 2000,5280 -o $tmp/rk 2DCONV backprop >$tmp/out 2>$tmp/err &&
	$P report --size small --sweep 2000,5280 --userspace --levels "$levels" \
		-o $tmp/ru 2DCONV backprop >/dev/null 2>>$tmp/err; then
	ok "report: two workloads on real page tables"
else
	bad "report"; cat $tmp/err
fi
if cmp -s $tmp/rk/table8.csv $tmp/ru/table8.csv && [ "$(wc -l <$tmp/rk/table8.csv)" = 3 ]; then
	ok "report: real tables = synthetic tables (table8.csv)"
else
	{ bad "report: real != synthetic"; diff $tmp/rk/table8.csv $tmp/ru/table8.csv | head -4; }
fi
# The wins map: its cells and the workloads' places do not depend on the
# tables (walks behind the same IOTLB, ratios from equal table8 rows).
if cmp -s $tmp/rk/wins.csv $tmp/ru/wins.csv &&
	cmp -s $tmp/rk/wins_workloads.csv $tmp/ru/wins_workloads.csv &&
	[ "$(wc -l <$tmp/rk/wins_workloads.csv)" = 3 ]; then
	ok "report: the wins map, real tables = synthetic tables"
else
	{ bad "report: wins map real != synthetic"; diff $tmp/rk/wins_workloads.csv $tmp/ru/wins_workloads.csv | head -4; }
fi
if grep -q "real $levels-level page tables" $tmp/rk/summary.txt &&
	grep -q "^mean L2 hit rate, CPWC (%) *86.50" $tmp/rk/summary.txt &&
	[ "$(tail -n1 $tmp/out)" = $tmp/rk ]; then
	ok "report: summary, the paper beside ours, the directory last"
else
	bad "report summary"
fi

echo "vm-run-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
