#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/shard-test.sh - sharded sweeps of `pwcsim report`
# (report/report_shard.c): 4 workloads with --userspace --size small, run
# whole and as N = 2 and 3 shards merged with --merge; every CSV and JSON
# file (and sweep.dat, summary.txt, stdout) must be byte-equal, the plots
# drawn; broken merges refused (a shard missing, twice, of another sweep,
# cut, changed after it was written).  $PWCSIM is the binary.
# Ends with "shard-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
W=(gemm 2mm MUM RAY)
# Defect: a shard did not record the workloads' options (window, jitter,
# tap, ...), so --merge placed the workloads on the wins map with the
# defaults (a whole run where the shards ran a window) and labelled the
# figures by them: non-default ones here.
R=(report -q --userspace --size small --window 20000 --jitter 2
   --iotlb-at l1-miss --warmup 1)

"$P" "${R[@]}" "${W[@]}" -o "$tmp/whole" >"$tmp/whole.out" 2>"$tmp/err" ||
	{ bad "the unsharded report"; cat "$tmp/err"; }
for n in 2 3; do
	dirs=()
	okay=1
	for ((k = 0; k < n; k++)); do
		d=$tmp/n$n-$k
		dirs+=("$d")
		if ! "$P" "${R[@]}" "${W[@]}" --shard "$k/$n" -o "$d" >"$tmp/out" 2>"$tmp/err" ||
		   [ "$(cat "$tmp/out")" != "$d/shard.txt" ] || [ ! -s "$d/shard.txt" ] ||
		   ls "$d"/*.csv >/dev/null 2>&1; then
			okay=0; sed 's/^/    /' "$tmp/err" | head -3
		fi
	done
	if [ $okay = 1 ]; then ok "N=$n: each shard writes DIR/shard.txt alone"
	else bad "N=$n: the shards"; fi
	# the shards' rows: workloads k, k+N, ...
	if [ "$(grep -c '^row ' "$tmp/n$n-0/shard.txt")" = $(( (4 + n - 1) / n )) ] &&
	   grep -q '^row 1 2mm ' "$tmp/n$n-1/shard.txt"; then
		ok "N=$n: shard k has workloads k, k+N, ..."
	else bad "N=$n: shard 0 rows: $(grep '^row' "$tmp/n$n-0/shard.txt" | cut -d' ' -f1-3 | tr '\n' ' ')"; fi
	# merged in another order than the shards'
	rev=()
	for ((k = n - 1; k >= 0; k--)); do rev+=("${dirs[k]}"); done
	if ! "$P" report --merge -o "$tmp/m$n" "${rev[@]}" >"$tmp/m$n.out" 2>"$tmp/err"; then
		bad "N=$n: --merge"; sed 's/^/    /' "$tmp/err" | head -3; continue
	fi
	files=0 diff=""
	for f in "$tmp/whole"/*.csv "$tmp/whole"/*.json "$tmp/whole/sweep.dat" "$tmp/whole/summary.txt"; do
		files=$((files + 1))
		cmp -s "$f" "$tmp/m$n/${f##*/}" || diff="$diff ${f##*/}"
	done
	if [ -z "$diff" ] && [ "$files" -ge 9 ]; then ok "N=$n: merged = unsharded, $files files byte-equal (cmp)"
	else bad "N=$n: merged differs in:$diff"; fi
	if diff -q <(sed '$d' "$tmp/whole.out") <(sed '$d' "$tmp/m$n.out") >/dev/null; then
		ok "N=$n: the same summary on stdout"
	else bad "N=$n: the summary on stdout differs"; fi
	if ! command -v gnuplot >/dev/null || { [ -s "$tmp/m$n/figure3.png" ] && [ -s "$tmp/m$n/sweep.png" ]; }; then
		ok "N=$n: the plots are drawn"
	else bad "N=$n: no plots"; fi
done

# --data NAME=DIR recorded in each shard ("data NAME SHA256 DIR"): the merge of
# a sweep on BFS's own graph file (a small one of our own, in bfs.cu's
# format) is labelled (the file's SHA-256 too) and byte-equal to the
# unsharded run's; a shard on other files (in another directory, or in
# one of the same name on another node), or on the synthetic input, is
# another sweep's.  The
# directory " bfs", relative, run from $tmp: its name as given, its
# leading space too.
mkdir "$tmp/ bfs" "$tmp/bfs2"
printf '4\n0 2\n2 2\n4 1\n5 1\n\n0\n6\n1 1\n2 1\n0 1\n3 1\n0 1\n1 1\n' \
	>"$tmp/ bfs/graph65536.txt"
cp "$tmp/ bfs/graph65536.txt" "$tmp/bfs2"
D=("$(readlink -f "$P")" report -q --userspace --window 20000 BFS gemm)
okay=1
for a in "dw" "d0 --shard 0/2" "d1 --shard 1/2"; do
	# shellcheck disable=SC2086 # the shard option and its value split
	(cd "$tmp" && "${D[@]}" --data "BFS= bfs" -o ${a%% *} ${a#d?} \
		>/dev/null 2>&1) || okay=0
done
"${D[@]}" --data "BFS=$tmp/bfs2" --shard 1/2 -o "$tmp/d1b" >/dev/null 2>&1 || okay=0
"${D[@]}" --size full --shard 1/2 -o "$tmp/d1s" >/dev/null 2>&1 || okay=0
"$P" report -q --merge -o "$tmp/dm" "$tmp/d1" "$tmp/d0" >/dev/null 2>"$tmp/err" ||
	{ okay=0; head -2 "$tmp/err"; }
diff=""
for f in "$tmp/dw"/*.csv "$tmp/dw"/*.json "$tmp/dw/summary.txt"; do
	cmp -s "$f" "$tmp/dm/${f##*/}" || diff="$diff ${f##*/}"
done
sha=$(sha256sum <"$tmp/ bfs/graph65536.txt" | cut -d' ' -f1)
if [ $okay = 1 ] && [ -z "$diff" ] &&
	grep -qx "data BFS $sha  bfs" "$tmp/d0/shard.txt" &&
	grep -qx "  graph65536.txt sha256 $sha" "$tmp/dm/summary.txt" &&
	head -1 "$tmp/dm/summary.txt" | grep -q ', data BFS$' &&
	grep -q "^BFS's input: the files of  bfs (--data)" "$tmp/dm/summary.txt"; then
	ok "--data: each shard records it; merged = unsharded (cmp), labelled"
else bad "--data, sharded (differs in:$diff)"; fi

fails() {	# fails NAME PATTERN COMMAND...: exit != 0, stderr matches
	local name=$1 pat=$2; shift 2
	if "$@" >/dev/null 2>"$tmp/err"; then bad "$name (succeeded)"
	elif ! grep -q -- "$pat" "$tmp/err"; then bad "$name: $(head -2 "$tmp/err")"
	else ok "$name"; fi
}
fails "a missing shard is refused" "shard 1/3 is missing" \
	"$P" report --merge -o "$tmp/x" "$tmp/n3-0" "$tmp/n3-2"
fails "a shard given twice is refused" "not a shard of this sweep" \
	"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/n2-0" "$tmp/n2-1"
fails "shards of two sweeps are refused" "not a shard of this sweep" \
	"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/n3-1" "$tmp/n3-2"
"$P" "${R[@]}" --seed 7 "${W[@]}" --shard 1/2 -o "$tmp/seed7" >/dev/null 2>&1
fails "a shard with other options is refused" "another sweep" \
	"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/seed7"
fails "a shard on other --data files is refused" "another sweep's shard (other --data)" \
	"$P" report --merge -o "$tmp/x" "$tmp/d0" "$tmp/d1b"
# another node's " bfs": the same name, another file (a line more)
mkdir -p "$tmp/node2/ bfs"
{ cat "$tmp/ bfs/graph65536.txt"; echo; } >"$tmp/node2/ bfs/graph65536.txt"
(cd "$tmp/node2" && "${D[@]}" --data "BFS= bfs" --shard 1/2 -o "$tmp/d1n" \
	>/dev/null 2>&1)
fails "a shard on other files in a directory of the same name is refused" \
	"another sweep's shard (other --data)" \
	"$P" report --merge -o "$tmp/x" "$tmp/d0" "$tmp/d1n"
fails "a shard on the synthetic input beside --data's is refused" "other --data" \
	"$P" report --merge -o "$tmp/x" "$tmp/d0" "$tmp/d1s"
fails "--data's shard beside the synthetic input's is refused" "other --data" \
	"$P" report --merge -o "$tmp/x" "$tmp/d1s" "$tmp/d0"
# Data lines a shard's writer never makes, its hash made again (as one
# written so would have it): a workload's twice, one that reads no file,
# one not in the sweep; each refused.
for m in twice gemm MUM; do
	mkdir "$tmp/dd-$m"
	python3 - "$tmp/d0/shard.txt" "$m" <<'X' | shard_seal "$tmp/dd-$m/shard.txt"
import sys
lines = open(sys.argv[1]).read().splitlines(True)[:-1]	# not the end line
i = next(k for k, l in enumerate(lines) if l.startswith("data "))
if sys.argv[2] == "twice":
	lines.insert(i, lines[i])
else:
	lines[i] = "data %s  bfs\n" % sys.argv[2]
sys.stdout.write("".join(lines))
X
	fails "a shard naming --data's workload $m is refused" "not a shard of this sweep" \
		"$P" report --merge -o "$tmp/x" "$tmp/dd-$m" "$tmp/d1"
done
# The longest data line a shard writes reads back: MUM's two digests and
# a directory of 4,000 bytes, the most --shard takes (the name as a shard
# of files of our own would record it, its hash made again; the merge
# reads no data file)
mkdir "$tmp/mum" "$tmp/mlong"
printf '>r\nAGACTNTCAAAGATATGCTGGGTAGAGGTCGAGGTTATTATTTGTTACCAATTCTCATTG\n' \
	>"$tmp/mum/NC_003997.20k.fna"
printf '>q\nGAGGTTATTATTTGTTACCAATTCT\n' >"$tmp/mum/NC_003997_q25bp.50k.fna"
long=/$(printf '%03999d' 0)
"$P" report -q -u --window 20000 --data "MUM=$tmp/mum" --shard 0/1 \
	-o "$tmp/m1" MUM >/dev/null 2>&1
python3 - "$tmp/m1/shard.txt" "$tmp/mum" "$long" <<'X' | shard_seal "$tmp/mlong/shard.txt"
import sys
sys.stdout.write(open(sys.argv[1]).read().rsplit("end ", 1)[0].replace(
	" %s\n" % sys.argv[2], " %s\n" % sys.argv[3]))
X
if "$P" report -q --merge -o "$tmp/mlm" "$tmp/mlong" >/dev/null 2>"$tmp/err" &&
	grep -q "^MUM's input: the files of $long (--data)" "$tmp/mlm/summary.txt"; then
	ok "a shard's longest data line (MUM, a 4,000-byte directory) reads back"
else bad "the longest data line: $(head -2 "$tmp/err")"; fi
# a directory whose name a shard.txt line cannot hold: refused, not cut
# (a newline; over the 4,000 bytes its reader takes)
fails "--shard --data with a newline in DIR is refused" "holds a newline" \
	"$P" report -q -u --shard 0/2 --data "BFS=$tmp/b
fs" -o "$tmp/x" BFS gemm
fails "--shard --data with a DIR over 4000 bytes is refused" "over 4000 bytes" \
	"$P" report -q -u --shard 0/2 --data "BFS=/$(printf '%04000d' 0)" \
	-o "$tmp/x" BFS gemm
head -c 200 "$tmp/n2-1/shard.txt" >"$tmp/cut.txt"; mkdir "$tmp/cut"; mv "$tmp/cut.txt" "$tmp/cut/shard.txt"
fails "a cut shard is refused" "cut short" \
	"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/cut"
# Defect: a count changed to "-5" in a shard was merged (sscanf's %llu
# takes a sign), and changed the figures: the hash on the end line
# refuses any change after the file was written.
mkdir "$tmp/edited"
sed '0,/^model 0 /s/^\(model 0 [^ ]*\) [0-9]*/\1 -5/' "$tmp/n2-1/shard.txt" \
	>"$tmp/edited/shard.txt"
if cmp -s "$tmp/n2-1/shard.txt" "$tmp/edited/shard.txt"; then
	bad "a changed shard: the test's edit changed nothing"
else
	fails "a shard changed after it was written is refused" \
		"changed after it was written" \
		"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/edited"
fi
mkdir "$tmp/after"
{ cat "$tmp/n2-1/shard.txt"; echo "sweep 0 0 0x1p+0 1"; } >"$tmp/after/shard.txt"
fails "a line after a shard's end is refused" "not a shard of this sweep" \
	"$P" report --merge -o "$tmp/x" "$tmp/n2-0" "$tmp/after"
fails "--shard 2/2 is refused" "--shard takes K/N" "$P" report --shard 2/2
fails "--shard 1 is refused" "--shard takes K/N" "$P" report --shard 1
fails "--merge without directories is refused" "--merge takes" "$P" report --merge
# Defect: options a shard or a merge does not use were ignored, exit 0:
# --shard K/N --scenarios wrote no scenarios, --merge --scenarios -b 6000
# --size full took none of the three (the merge takes its shards').
fails "--shard --scenarios is refused" "--scenarios runs unsharded" \
	"$P" report -u -q --shard 0/2 --scenarios -o "$tmp/x" gemm
fails "--shard --wins-iotlb is refused" "give --wins-iotlb to the --merge" \
	"$P" report -u -q --shard 0/2 --wins-iotlb 4 -o "$tmp/x" gemm
for a in --scenarios "-b 6000" "--size full" "--seed 3" "--sweep 5280" -u \
	"--window 100"; do
	# shellcheck disable=SC2086 # the option and its value split
	fails "--merge $a is refused" "--merge takes the runs' options from its shards: ${a%% *} is not for it" \
		"$P" report -q --merge $a -o "$tmp/x" "$tmp/n2-0" "$tmp/n2-1"
done
if [ ! -e "$tmp/x" ]; then ok "refused: no directory made"
else bad "refused: $tmp/x made"; fi
if "$P" report -q --merge --wins-iotlb 4 -o "$tmp/wi" "$tmp/n2-0" "$tmp/n2-1" >/dev/null 2>"$tmp/err" &&
	grep -q '"iotlb_entries": 4' "$tmp/wi/results.json"; then
	ok "--merge --wins-iotlb N: the map behind N entries"
else bad "--merge --wins-iotlb: $(head -2 "$tmp/err")"; fi
echo "shard-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
