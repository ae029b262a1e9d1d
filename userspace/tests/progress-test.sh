#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/progress-test.sh - the progress line (output/progress.c)
# of run, replay and report: on stderr when it is a terminal (a pty from
# script(1)), absent when stderr is a pipe or with --quiet, and stdout
# byte-identical either way.  $PWCSIM is the binary.
# Ends with "progress-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
P=$(readlink -f "$P")
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

on_tty() {	# on_tty OUT COMMAND...: stdout to OUT, stderr on a pty (printed)
	local out=$1 cmd; shift
	printf -v cmd '%q ' "$@"
	script -qfec "$cmd >$out" /dev/null
}

# replay: a binary trace, so its length (and an ETA) is known; long
# enough (over a second under ASan) for a line at 4 Hz: MUM sampled is
# about 1.05 M addresses, sixteen passes of it after one magic, every
# walk looked up (--no-shortcut) by four models (measured: 14 M
# addresses/s under ASan with eight passes)
"$P" gen MUM --size sampled --format binary >"$tmp/one.bin"
{ cat "$tmp/one.bin"; for _ in $(seq 15); do tail -c +9 "$tmp/one.bin"; done; } \
	>"$tmp/t.bin"
# shellcheck disable=SC2207 # every model's "-m NAME", split on purpose
R=(replay --no-shortcut $(every_model "$P"))
on_tty "$tmp/tty.out" "$P" "${R[@]}" "$tmp/t.bin" >"$tmp/tty.err"
if grep -aq 'pwcsim replay: .* addresses, .*/s, [0-9]*%, ETA [0-9]*:[0-9][0-9]' "$tmp/tty.err"; then
	ok "replay on a tty: addresses, rate, % and ETA on stderr"
else bad "replay on a tty: progress"; cat -A "$tmp/tty.err" | head -c 300; fi
"$P" "${R[@]}" "$tmp/t.bin" >"$tmp/pipe.out" 2>"$tmp/pipe.err"
if [ ! -s "$tmp/pipe.err" ]; then ok "replay, stderr a file: nothing on stderr"
else bad "replay, stderr a file: $(head -c 100 "$tmp/pipe.err")"; fi
if cmp -s "$tmp/tty.out" "$tmp/pipe.out"; then ok "replay: stdout byte-identical with and without progress"
else bad "replay: stdout differs"; fi
on_tty "$tmp/q.out" "$P" "${R[@]}" --quiet "$tmp/t.bin" >"$tmp/q.err"
if [ ! -s "$tmp/q.err" ] && cmp -s "$tmp/q.out" "$tmp/pipe.out"; then
	ok "replay --quiet on a tty: silent, same stdout"
else bad "replay --quiet on a tty: $(cat -A "$tmp/q.err" | head -c 100)"; fi

# run: a workload (no total known: done and rate); 2mm's execution model
# emits about 400k addresses a second under ASan, so a million of them
# take seconds however fast the models are (MUM's 0.27 s was too short)
on_tty "$tmp/tty.out" "$P" run --userspace -w 2mm --size sampled \
	--window 1000000 -m tpc >"$tmp/tty.err"
if grep -aq 'pwcsim run: .* addresses, .*/s' "$tmp/tty.err"; then
	ok "run --workload on a tty: addresses and rate on stderr"
else bad "run on a tty: progress"; cat -A "$tmp/tty.err" | head -c 300; fi
"$P" run --userspace -w 2mm --size sampled --window 1000000 -m tpc \
	>"$tmp/pipe.out" 2>"$tmp/pipe.err"
if [ ! -s "$tmp/pipe.err" ] && cmp -s "$tmp/tty.out" "$tmp/pipe.out"; then
	ok "run, stderr a file: nothing on stderr, same stdout"
else bad "run, stderr a file"; fi
on_tty "$tmp/q.out" "$P" run -q --userspace -w MUM --size sampled -m tpc >"$tmp/q.err"
if [ ! -s "$tmp/q.err" ]; then ok "run -q on a tty: silent"
else bad "run -q on a tty: $(cat -A "$tmp/q.err" | head -c 100)"; fi

# report: cells done of total
on_tty "$tmp/tty.out" "$P" report --userspace gemm 2mm -o "$tmp/r1" >"$tmp/tty.err"
# Defect: the ETA counted cells (STO at 15/17 said ETA 0:00, then took
# most of the run).  Whole runs (no --window) count the GPU model's
# warp instructions against the most the launches can issue.
if grep -aq 'pwcsim report: \[1/2 gemm\] .* instructions, .*/s, [0-9]*%, ETA' "$tmp/tty.err" &&
   grep -aq 'pwcsim report: \[2/2 2mm\]' "$tmp/tty.err" &&
   ! grep -aq 'addresses' "$tmp/tty.err"; then
	ok "report on a tty: [cell/cells name], an ETA by instructions, not cells"
else bad "report on a tty: progress"; cat -A "$tmp/tty.err" | head -c 300; fi
on_tty /dev/null "$P" report --userspace --size full --window 20000 gemm 2mm -o "$tmp/r4" >"$tmp/tty.err"
if grep -aq 'pwcsim report: \[2/2 2mm\] .*[0-9]%, ETA' "$tmp/tty.err"; then
	ok "report --window on a tty: % and an ETA by addresses"
else bad "report --window: progress"; cat -A "$tmp/tty.err" | tail -c 300; fi
"$P" report --userspace gemm 2mm -o "$tmp/r2" >"$tmp/pipe.out" 2>"$tmp/pipe.err"
sed -i "s|$tmp/r[12]|DIR|" "$tmp/tty.out" "$tmp/pipe.out"
# (gnuplot may warn on stderr: only pwcsim's line counts)
if ! grep -q 'pwcsim report' "$tmp/pipe.err" && cmp -s "$tmp/tty.out" "$tmp/pipe.out"; then
	ok "report, stderr a file: nothing on stderr, same stdout"
else bad "report, stderr a file"; head -3 "$tmp/pipe.err"; fi
on_tty /dev/null "$P" report --quiet --userspace gemm -o "$tmp/r3" >"$tmp/q.err"
if ! grep -aq 'pwcsim report' "$tmp/q.err"; then ok "report --quiet on a tty: silent"
else bad "report --quiet on a tty: $(cat -A "$tmp/q.err" | head -c 100)"; fi
# gen's note before a whole run on a terminal ("possibly billions of
# addresses"): said for a full synthetic run; not with --data, whose
# files bound the run (4 nodes here; it said it too)
mkdir "$tmp/bfs"
printf '4\n0 2\n2 1\n3 2\n5 1\n2\n6\n1 1\n3 1\n0 1\n0 1\n3 1\n2 1\n' \
	>"$tmp/bfs/graph65536.txt"
on_tty /dev/null "$P" gen BFS --size full >"$tmp/g1.err"
on_tty /dev/null "$P" gen BFS --data "$tmp/bfs" >"$tmp/g2.err"
if grep -aq 'possibly billions of addresses' "$tmp/g1.err" &&
	! grep -aq 'possibly billions' "$tmp/g2.err" &&
	grep -aq 'graph65536.txt: 4 nodes' "$tmp/g2.err"; then
	ok "gen on a tty: the whole-run note for a full run, none with --data"
else bad "gen's whole-run note"; cat -A "$tmp/g2.err" | head -c 300; fi
echo "progress-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
