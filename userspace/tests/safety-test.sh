#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/safety-test.sh - pwcsim never destroys or half-writes a
# user's file and never exits 0 on a failed write or a bad input it let
# through.  Each case names the defect it covers (each failed before the
# fix): outputs that are inputs, partial outputs, writes to a full disk,
# a binary trace cut short while it is read, impossible huge ranges, NUL
# bytes in text, messages printed twice, report directories and sweeps
# checked only after the work, gnuplot's noise under -q.  $PWCSIM is the
# binary (the ASan build from run-tests).
# Ends with "safety-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
d="$tmp/d"
mkdir -p "$d"

# fails NAME PATTERN COMMAND...: exit 1 or 2 (no signal), stderr matches
fails() {
	local name=$1 pat=$2 rc
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc = 0 ] || [ $rc -gt 2 ]; then
		bad "$name (exit $rc)"; sed 's/^/    /' "$tmp/err" | head -3
	elif ! grep -q -- "$pat" "$tmp/err"; then
		bad "$name (stderr lacks '$pat')"; sed 's/^/    /' "$tmp/err" | head -3
	else ok "$name"; fi
}
# same NAME FILE SUM: FILE's md5 is still SUM
same() {
	if [ "$(md5sum <"$2")" = "$3" ]; then ok "$1"; else bad "$1"; fi
}
# no_temporaries NAME DIR: nothing but the files named after DIR
no_temporaries() {
	local left
	left=$(find "$2" -mindepth 1 -maxdepth 1 -name '.*' -printf '%f ')
	if [ -n "$left" ]; then bad "$1: $left"; else ok "$1"; fi
}

"$P" gen 2mm --size small >"$d/a.txt" || bad "gen"
"$P" trace convert "$d/a.txt" "$d/a.bin" || bad "convert"
txt=$(md5sum <"$d/a.txt")
bin=$(md5sum <"$d/a.bin")
ln -s a.txt "$d/link.txt"
ln -s a.bin "$d/link.bin"

# Defect: convert same.bin same.bin died of SIGBUS leaving 0 bytes, and
# --to text same.txt same.txt cut the trace to 4 KiB (exit 0).
fails "convert: binary onto itself refused" "the output is the input" \
	"$P" trace convert "$d/a.bin" "$d/a.bin"
same "convert: the binary input is intact" "$d/a.bin" "$bin"
fails "convert: text onto itself refused" "the output is the input" \
	"$P" trace convert --to text "$d/a.txt" "$d/a.txt"
same "convert: the text input is intact" "$d/a.txt" "$txt"
fails "convert: onto its input through a link refused" "the output is the input" \
	"$P" trace convert --to text "$d/a.txt" "$d/link.txt"
fails "convert: from a link onto its target refused" "the output is the input" \
	"$P" trace convert --to binary "$d/link.bin" "$d/a.bin"
# shellcheck disable=SC2094 # reading and writing one file is the case
fails "convert: stdin onto itself refused" "the output is the input" \
	"$P" trace convert --to text - "$d/a.txt" <"$d/a.txt"
same "convert: the inputs are intact after every refusal" "$d/a.txt" "$txt"
same "convert: (binary too)" "$d/a.bin" "$bin"

# Defect: a failed conversion left a partial output file.
{ head -n 3000 "$d/a.txt"; echo "0xnot-an-address"; } >"$d/broken.txt"
fails "convert: a malformed input fails" "not a hexadecimal address" \
	"$P" trace convert "$d/broken.txt" "$d/new.bin"
if [ ! -e "$d/new.bin" ]; then ok "convert: a failed conversion leaves no output"
else bad "convert: a failed conversion left $(stat -c %s "$d/new.bin") bytes"; fi
cp "$d/a.bin" "$d/old.bin"
fails "convert: a malformed input fails over an old output" "not a hexadecimal address" \
	"$P" trace convert "$d/broken.txt" "$d/old.bin"
same "convert: the old output is untouched" "$d/old.bin" "$bin"
no_temporaries "convert: no temporary file is left" "$d"
"$P" trace convert --to text "$d/a.bin" "$d/link.txt" 2>/dev/null
if [ -L "$d/link.txt" ] && cmp -s "$d/a.txt" <("$P" trace convert --to text "$d/a.bin" -); then
	ok "convert: through a link, the file it names is written, the link kept"
else bad "convert: through a link"; fi
(umask 022 && "$P" trace convert "$d/a.txt" "$d/mode.bin")
if [ "$(stat -c %a "$d/mode.bin")" = 644 ]; then ok "convert: a new file gets 0666 less the umask"
else bad "convert: mode $(stat -c %a "$d/mode.bin")"; fi
if "$P" trace convert "$d/a.txt" "$d/a2.bin" && cmp -s "$d/a.bin" "$d/a2.bin"; then
	ok "convert: writes through the temporary file"
else bad "convert: output differs"; fi

# Defect: with stdout on a full disk, replay, storage, run and gen --list
# exited 1 with no message and trace info exited 0.
# shellcheck disable=SC2016 # $0 and $1 are sh -c's own
if [ -w /dev/full ]; then
	fails "replay to a full disk" \
		"standard output: write error: No space left on device" \
		sh -c '"$0" replay -m tpc "$1" >/dev/full' "$P" "$d/a.txt"
	fails "storage to a full disk" "write error" \
		sh -c '"$0" storage >/dev/full' "$P"
	fails "run to a full disk" "write error" \
		sh -c '"$0" run --userspace -w gemm --size small -q >/dev/full' "$P"
	fails "gen --list to a full disk" "write error" \
		sh -c '"$0" gen --list >/dev/full' "$P"
	fails "replay --list to a full disk" "write error" \
		sh -c '"$0" replay --list >/dev/full' "$P"
	fails "gen to a full disk, with the reason" \
		"standard output: write error: No space left on device" \
		sh -c '"$0" gen gemm --size small --iotlb-at coalesced >/dev/full' "$P"
	fails "trace info to a full disk" "write error" \
		sh -c '"$0" trace info "$1" >/dev/full' "$P" "$d/a.txt"
	fails "trace convert to /dev/full, with the reason" \
		"/dev/full: write error: No space left on device" \
		"$P" trace convert "$d/a.txt" /dev/full
	fails "version to a full disk" "write error" \
		sh -c '"$0" version >/dev/full' "$P"
	n=$(grep -c "write error" "$tmp/err")
	if [ "$n" = 1 ]; then ok "a write error is said once"
	else bad "a write error said $n times"; fi
fi

# Defect: a binary trace cut short while replay read it (it was mapped)
# killed the process with SIGBUS and no message.
python3 -c '
import random, struct, sys
random.seed(1)
n = 3000000
sys.stdout.buffer.write(b"PWCSIMT1" + struct.pack("<%dQ" % n,
    *[random.getrandbits(44) << 3 for _ in range(n)]))' >"$d/big.bin"
# shellcheck disable=SC2046 # every model's "-m NAME", split on purpose
"$P" replay -q $(every_model "$P") \
	"$d/big.bin" >"$tmp/out" 2>"$tmp/err" &
pid=$!
sleep 0.2
truncate -s 4096 "$d/big.bin"
wait $pid
rc=$?
if [ $rc -gt 128 ]; then bad "a binary trace cut short: killed by signal $((rc - 128))"
elif [ $rc = 0 ]; then bad "a binary trace cut short: exit 0 (replay ended before the cut?)"
elif grep -q "big.bin: the file shrank while it was read" "$tmp/err"; then
	ok "a binary trace cut short while read: an error naming it"
else bad "a binary trace cut short: $(cat "$tmp/err")"; fi
rm -f "$d/big.bin"

# Defect: unaligned huge ranges built an impossible page table silently.
fails "--huge-2m unaligned refused" "multiples of 0x200000" \
	"$P" replay -m tpc --huge-2m 1000-200000 "$d/a.txt"
fails "--huge-1g unaligned refused" "multiples of 0x40000000" \
	"$P" replay -m tpc --huge-1g 40000000-60000000 "$d/a.txt"
if "$P" replay -m tpc --huge-1g 40000000-80000000 "$d/a.txt" >/dev/null; then
	ok "--huge-1g aligned accepted"; else bad "--huge-1g aligned"; fi

# Defect: the text reader stopped at a NUL byte inside a line and skipped
# a line starting with one (exit 0); context was cut at 60 characters and
# binary bytes were echoed raw.
printf '0x1000\n0x20\0000\n' >"$d/nul.txt"
fails "a NUL byte inside a line" 'nul.txt:2: a NUL byte.*0x20\\x000' \
	"$P" replay -m tpc "$d/nul.txt"
printf '0x1000\n\0000x2000\n' >"$d/nul0.txt"
fails "a line starting with a NUL byte" 'nul0.txt:2: a NUL byte' \
	"$P" replay -m tpc "$d/nul0.txt"
long=$(printf 'z%.0s' $(seq 100))
printf '0x1000\n0x2%s\001END\n' "$long" >"$d/ctl.txt"
fails "the whole bad line, escaped" "${long}\\\\x01END'" \
	"$P" replay -m tpc "$d/ctl.txt"
# Defect: "line too long" was said for line 1 and line 2 of a one-line file.
head -c 5000 /dev/zero | tr '\0' 1 >"$d/long.txt"
fails "a line too long" "long.txt:1: line too long" "$P" replay -m tpc "$d/long.txt"
n=$(wc -l <"$tmp/err")
if [ "$n" = 1 ]; then ok "a line too long is said once"; else bad "said $n times"; fi
# Defect: a lackey file starting with a comment was read as text.
printf '# recorded by hand\n==1== Lackey\n L 0x1000,4\n S 0x7000,8\n' >"$d/c.lackey"
if "$P" trace info --json "$d/c.lackey" >"$tmp/out" 2>"$tmp/err" &&
	grep -q '"addresses": 2' "$tmp/out"; then
	ok "a lackey file starting with a comment is lackey"
else bad "lackey after a comment: $(cat "$tmp/err")"; fi

# Defect: --sweep 1000,20000000 and 1000,100,2000 dropped budgets (exit
# 0); --sweep '' ran the whole report, then failed in gnuplot.
for s in 1000,20000000 1000,100,2000 1000,1000 '' 1000,,2000 1,2; do
	fails "--sweep '$s' refused before any work" "--sweep" \
		"$P" report -u -q -o "$d/sw" --sweep "$s" gemm
done
if [ ! -e "$d/sw" ]; then ok "--sweep refused: no directory made"
else bad "--sweep refused: $d/sw made"; fi
fails "--budget-bits over every model's cap refused" "every model within its cap" \
	"$P" replay -b 20000000 -m tpc "$d/a.txt"

# Defect: a bad -o was found only after the whole report had run; an old
# report's files stayed beside the new ones (and were redrawn).
: >"$d/plain"
fails "-o a regular file refused" "Not a directory" \
	"$P" report -u -q -o "$d/plain" gemm
mkdir "$d/mine"
echo "my notes" >"$d/mine/notes.md"
fails "-o a directory of other files refused" "not a pwcsim report" \
	"$P" report -u -q -o "$d/mine" gemm
if [ "$(cat "$d/mine/notes.md")" = "my notes" ] && [ "$(ls -A "$d/mine")" = notes.md ]; then
	ok "-o refused: the directory untouched"
else bad "-o refused: the directory changed"; fi
mkdir "$d/look-alike"
echo '{"mine": 1}' >"$d/look-alike/results.json"
echo "keep me" >"$d/look-alike/notes.txt"
fails "-o a directory with a results.json pwcsim did not write refused" "not a pwcsim report" \
	"$P" report -u -q -o "$d/look-alike" gemm
if "$P" report -u -q -o "$d/new/parents/r" --scenarios gemm >/dev/null 2>"$tmp/err" &&
	[ -f "$d/new/parents/r/results.json" ]; then
	ok "-o made with its parents"
else bad "-o with parents: $(head -3 "$tmp/err")"; fi
r="$d/new/parents/r"
if "$P" report -u -q -o "$r" gemm >/dev/null 2>"$tmp/err" &&
	[ -f "$r/results.json" ] && [ ! -e "$r/scenarios.csv" ] && [ ! -e "$r/scenarios.png" ]; then
	ok "-o a previous report: its files this run does not write are gone"
else bad "-o a previous report: scenarios files stayed"; fi
old=$(md5sum <"$r/results.json")
echo "not a shard" >"$d/mine/shard.txt"
fails "a report that fails after it started" "shard" \
	"$P" report -q --merge -o "$r" "$d/mine"
same "a failed report leaves the previous one as it was" "$r/results.json" "$old"
"$P" report -u -q --shard 0/1 -o "$d/shard0" gemm >/dev/null 2>&1
fails "--merge into one of its shard directories refused" "the merge would replace it" \
	"$P" report -q --merge -o "$d/shard0" "$d/shard0"
if [ -f "$d/shard0/shard.txt" ]; then ok "--merge refused: the shard kept"
else bad "--merge refused: the shard is gone"; fi
no_temporaries "a failed report leaves no temporary directory" "$d/new/parents"

# Defect: with no gnuplot, a report drew no PNG and said nothing.
if env PATH=/nonexistent "$P" report -u -q -o "$d/nognuplot" --sweep 5280 gemm \
	>/dev/null 2>"$tmp/err" && [ "$(grep -c "gnuplot is not installed" "$tmp/err")" = 1 ]; then
	ok "no gnuplot: said once, the report written"
else bad "no gnuplot: $(head -2 "$tmp/err")"; fi

# Defect: gnuplot's warnings reached stderr under -q.
if command -v gnuplot >/dev/null; then
	if "$P" report -u -q -o "$d/q" --sweep 5280 gemm >/dev/null 2>"$tmp/err" &&
		[ ! -s "$tmp/err" ]; then
		ok "-q silences gnuplot"
	else bad "-q: $(head -2 "$tmp/err")"; fi
fi

# Defect: figure3.png's y axis ran 0-105 with the bars at 97-100 %, the
# titles gave no budget, inputs or IOTLB, sweep.png's x range was wider
# than the data and its budget unmarked, wins.png's colours ran to 1.5
# where no cell exceeded 1.
if command -v gnuplot >/dev/null; then
	p="$d/plots"
	"$P" report -u -q -o "$p" gemm 2mm MUM >/dev/null 2>&1
	# gnuplot_value SCRIPT EXPR: EXPR after SCRIPT has drawn
	gv() { (cd "$p" && gnuplot -e "load '$1'; print $2" 2>&1 | tail -n 1); }
	y=$(gv figure3.gp GPVAL_Y_MIN)
	lo=$(tr -d '\r' <"$p/figure3.csv" | awk -F, 'NR > 1 { for (i = 2; i <= 6; i++) if (m == "" || $i < m) m = $i } END { print m }')
	if awk -v y="$y" -v m="$lo" 'BEGIN { exit !(y > 0 && y <= m && m - y <= 6) }'; then
		ok "figure3: the y axis starts just under the lowest bar ($y, lowest $lo)"
	else bad "figure3: y from $y, lowest bar $lo"; fi
	if grep -q "^caption = '3 workloads (small inputs) on synthetic 4-level page tables, 5280 bits each, IOTLB 64 entries'" "$p/figure3.gp" &&
		grep -q "caption" "$p/sweep.gp"; then
		ok "plots: titles give the inputs, tables, budget and IOTLB"
	else bad "plots: titles"; fi
	x=$(gv sweep.gp GPVAL_X_MAX)
	if awk -v x="$x" 'BEGIN { exit !(x > 40000 && x < 50000) }' &&
		grep -q "^budget = 5280" "$p/sweep.gp" && grep -q "set arrow 1 from budget" "$p/sweep.gp"; then
		ok "sweep: x to the largest budget swept ($x), the report's budget marked"
	else bad "sweep: x to $x, budget marked?"; fi
	cb=$(gv wins.gp GPVAL_CB_MAX)
	hi=$(awk 'NF == 3 && $1 !~ /#/ { if ($3 > m) m = $3 } END { print m }' "$p/wins.dat")
	if awk -v c="$cb" -v h="$hi" 'BEGIN { exit !(c >= h && c <= (h > 1 ? h : 1) + 0.06) }'; then
		ok "wins: the colour scale ends at the cells' largest ratio ($cb, cells to $hi)"
	else bad "wins: colour scale to $cb, cells to $hi"; fi
fi

# A file made read-only for the user running pwcsim is not replaced
# (the rename needs only the directory): refused, EACCES, kept.  As root,
# the user is nobody (tests/as-nobody), in a directory open to it.
ro=$tmp/ro
mkdir "$ro" && chmod 777 "$ro" && chmod 711 "$tmp"
printf '0x1000\n' >"$ro/in.txt"
echo keep >"$ro/out.bin"
chmod 444 "$ro/out.bin"
as=()
if [ "$(id -u)" = 0 ]; then
	chown 65534 "$ro/out.bin"
	as=("$(dirname "$0")/as-nobody")
fi
fails "a read-only output file is not replaced" "out.bin: Permission denied" \
	"${as[@]}" "$P" trace convert "$ro/in.txt" "$ro/out.bin"
if [ "$(cat "$ro/out.bin")" = keep ] && [ "$(ls "$ro")" = "in.txt
out.bin" ]; then
	ok "the read-only file kept, no temporary file left"
else
	bad "the read-only file: $(cat "$ro/out.bin"), $(ls "$ro")"
fi

echo "safety-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
