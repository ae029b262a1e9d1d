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

# Defect: convert DIR DIR/kernel-1.traceg (an Accel-Sim trace directory
# into one of the files it is read from) replaced the kernel, exit 0:
# the check compared the output with DIR alone.
mkdir "$d/tg"
{
	traceg_launch_head
	printf -- '-accelsim tracer version = 5\n\n#BEGIN_TB\n\nthread block = 0,0,0\n\n'
	printf 'warp = 0\ninsts = 1\n0010 00000001 1 R2 LDG.E 1 R4 4 0 0x7f3000000000 0\n\n'
	printf 'warp = 1\ninsts = 0\n\n#END_TB\n'
} >"$d/tg/kernel-1.traceg"
echo kernel-1.traceg >"$d/tg/kernelslist.g"
tg=$(cat "$d/tg/kernel-1.traceg" "$d/tg/kernelslist.g" | md5sum)
fails "convert: a trace directory onto its kernel refused" \
	"the output is the input .*tg/kernel-1.traceg (of the trace" \
	"$P" trace convert "$d/tg" "$d/tg/kernel-1.traceg"
fails "convert: a trace directory onto its kernelslist.g refused" \
	"the output is the input .*tg/kernelslist.g" \
	"$P" trace convert --to text "$d/tg" "$d/tg/kernelslist.g"
fails "convert: a kernelslist.g onto its kernel refused" "the output is the input" \
	"$P" trace convert "$d/tg/kernelslist.g" "$d/tg/kernel-1.traceg"
# Defect: stdout (OUT "-") appended to one of the directory's files was
# not compared with them: the kernel and the list got the addresses,
# exit 0, and the trace no longer read.
for f in kernel-1.traceg kernelslist.g; do
	"$P" trace convert --to text "$d/tg" - >>"$d/tg/$f" 2>"$tmp/err"; rc=$?
	if [ $rc = 1 ] &&
		grep -q "^pwcsim: stdout: the output is the input .*tg/$f (of the trace" "$tmp/err"; then
		ok "convert: a trace directory to stdout appended to its $f refused"
	else bad "convert DIR - >>DIR/$f: exit $rc"; sed 's/^/    /' "$tmp/err" | head -3; fi
done
# Defect: replay, run and trace info wrote stdout appended to their own
# trace: replay -p read its own CSV lines back (4,097 addresses gave
# exit 0 and a trace with 4,098 more lines).
cp "$d/a.txt" "$d/self.txt"
for c in "replay -q -m tpc -p" "run -u -q -m tpc" "trace info"; do
	# shellcheck disable=SC2086,SC2094 # the command split; the file
	# both read and written is the defect tested
	"$P" $c "$d/self.txt" >>"$d/self.txt" 2>"$tmp/err"; rc=$?
	if [ $rc = 1 ] && cmp -s "$d/a.txt" "$d/self.txt" &&
		grep -q "^pwcsim: stdout: the output is the input .*self.txt: refused" "$tmp/err"; then
		ok "${c%% *}: stdout appended to its trace refused, the trace intact"
	else bad "${c%% *} T >>T: exit $rc"; sed 's/^/    /' "$tmp/err" | head -3; fi
done
# shellcheck disable=SC2094 # the file both read and written: the defect
"$P" storage --stream "$d/self.txt" >>"$d/self.txt" 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && cmp -s "$d/a.txt" "$d/self.txt"; then
	ok "storage --stream T >>T refused, the trace intact"
else bad "storage --stream T >>T: exit $rc"; fi
# shellcheck disable=SC2094 # the file both read and written: the defect
"$P" replay -q -m tpc - <"$d/self.txt" >>"$d/self.txt" 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && cmp -s "$d/a.txt" "$d/self.txt" &&
	grep -q "stdout: the output is the input (stdin): refused" "$tmp/err"; then
	ok "replay - <T >>T refused"
else bad "replay - <T >>T: exit $rc"; fi
"$P" run -u -q -m tpc "$d/tg" >>"$d/tg/kernelslist.g" 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q "the output is the input .*tg/kernelslist.g (of the trace" "$tmp/err"; then
	ok "run: a trace directory to stdout appended to its list refused"
else bad "run DIR >>DIR/kernelslist.g: exit $rc"; fi
if "$P" replay -q -m tpc - </dev/null >/dev/null; then
	ok "replay - </dev/null >/dev/null: no file both read and written"
else bad "replay - </dev/null >/dev/null refused"; fi
if [ "$(cat "$d/tg/kernel-1.traceg" "$d/tg/kernelslist.g" | md5sum)" = "$tg" ] &&
	"$P" trace convert --to text "$d/tg" "$d/tg/all.txt" &&
	[ "$(cat "$d/tg/all.txt")" = 0x7f3000000000 ]; then
	ok "convert: the trace intact, a new file beside it written"
else bad "convert: the trace directory changed"; fi

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
# Defect: an output of /dev/stdout (/dev/fd/1, /proc/self/fd/1) replaced
# the file stdout was sent to by a rename: ">> log" emptied the log, and
# "{ echo a; convert ...; } > f" lost the a.  It is written as "-" is.
printf 'kept\n' >"$d/log.txt"
for o in /dev/stdout /dev/fd/1 /proc/self/fd/1; do
	"$P" trace convert --to text "$d/a.bin" "$o" >>"$d/log.txt"
done
if [ "$(head -1 "$d/log.txt")" = kept ] &&
	[ "$(wc -l <"$d/log.txt")" = $((3 * $(wc -l <"$d/a.txt") + 1)) ]; then
	ok "convert to /dev/stdout >> a file: appended, the file kept"
else bad "convert to /dev/stdout >> a file: $(head -c 40 "$d/log.txt")"; fi
printf 'kept\n' >"$d/log2.txt"
if ! "$P" trace convert --to text "$d/a.bin" /dev/stderr 2>>"$d/log2.txt" &&
	[ "$(head -1 "$d/log2.txt")" = kept ] &&
	grep -q "the file of the standard error: refused" "$d/log2.txt"; then
	ok "convert to /dev/stderr sent to a file: refused, the file kept"
else bad "convert to /dev/stderr: $(head -c 60 "$d/log2.txt")"; fi
"$P" trace convert --to text "$d/a.bin" "$d/link.txt" 2>/dev/null
if [ -L "$d/link.txt" ] && cmp -s "$d/a.txt" <("$P" trace convert --to text "$d/a.bin" -); then
	ok "convert: through a link, the file it names is written, the link kept"
else bad "convert: through a link"; fi
# Defect: a symbolic link to no file was replaced by the output (the
# link gone, exit 0), where an existing file's link is kept.
ln -s nowhere.bin "$d/dangling.bin"
fails "convert: onto a link to no file refused" "dangling.bin: a symbolic link to no file" \
	"$P" trace convert "$d/a.txt" "$d/dangling.bin"
if [ -L "$d/dangling.bin" ] && [ ! -e "$d/nowhere.bin" ]; then ok "convert: the dangling link kept"
else bad "convert: the dangling link replaced"; fi
rm "$d/dangling.bin"
(umask 022 && "$P" trace convert "$d/a.txt" "$d/mode.bin")
if [ "$(stat -c %a "$d/mode.bin")" = 644 ]; then ok "convert: a new file gets 0666 less the umask"
else bad "convert: mode $(stat -c %a "$d/mode.bin")"; fi
if "$P" trace convert "$d/a.txt" "$d/a2.bin" && cmp -s "$d/a.bin" "$d/a2.bin"; then
	ok "convert: writes through the temporary file"
else bad "convert: output differs"; fi

# Defect: gen -f traceg -o FILE/ (a file, with a slash) was taken for a
# new directory: the whole run written, then "Not a directory".
echo keep >"$d/afile"
fails "gen -f traceg -o FILE/ refused before the run" "afile/ exists" \
	"$P" gen -q -f traceg -o "$d/afile/" -n 10 gemm
if [ "$(cat "$d/afile")" = keep ] && [ -z "$(find "$d" -maxdepth 1 -name 'afile.tmp*')" ]; then
	ok "gen -f traceg -o FILE/: the file kept, nothing beside it"
else bad "gen -f traceg -o FILE/: $(find "$d" -maxdepth 1 -name 'afile*')"; fi

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
# killed the process with SIGBUS and no message.  Defect: a text trace
# cut short gave exit 0 with the addresses before the cut, its last line
# cut too (0x639674133a3 read as 0x63967413).
python3 -c '
import random, struct, sys
random.seed(1)
n = 3000000
sys.stdout.buffer.write(b"PWCSIMT1" + struct.pack("<%dQ" % n,
    *[random.getrandbits(44) << 3 for _ in range(n)]))' >"$d/big.bin"
"$P" trace convert -t text "$d/big.bin" "$d/big.txt"
# cut at @2 bytes once replay has read past 4 KiB of @1 (a fixed sleep
# could cut before the open on a loaded machine, and replay then read a
# short file whole): a text trace within a line
for f in big.bin:4096 big.txt:4099; do
	# shellcheck disable=SC2046 # every model's "-m NAME", split on purpose
	"$P" replay -q $(every_model "$P") \
		"$d/${f%:*}" >"$tmp/out" 2>"$tmp/err" &
	pid=$!
	for _ in $(seq 400); do
		at=0
		for fd in /proc/"$pid"/fd/*; do
			[ "$(readlink "$fd" 2>/dev/null)" = "$d/${f%:*}" ] &&
				at=$(sed -n 's/^pos:[[:space:]]*//p' \
					"/proc/$pid/fdinfo/${fd##*/}" 2>/dev/null)
		done
		[ "${at:-0}" -gt 4096 ] && break
		sleep 0.05
	done
	truncate -s "${f#*:}" "$d/${f%:*}"
	wait $pid
	rc=$?
	if [ $rc -gt 128 ]; then bad "${f%:*} cut short: killed by signal $((rc - 128))"
	elif [ $rc = 0 ]; then bad "${f%:*} cut short: exit 0 (replay ended before the cut?)"
	elif grep -q "${f%:*}: the file shrank while it was read" "$tmp/err"; then
		ok "${f%:*} cut short while read: an error naming it"
	else bad "${f%:*} cut short: $(cat "$tmp/err")"; fi
	rm -f "$d/${f%:*}"
done
# a sysfs file's size is 4096 whatever it holds: not a file cut short
f=/sys/kernel/mm/transparent_hugepage/hpage_pmd_size
if [ -r "$f" ]; then
	if "$P" trace info --format text "$f" >/dev/null 2>"$tmp/err"; then
		ok "a sysfs file (size 4096, shorter) read, not taken as cut"
	else bad "sysfs file refused: $(cat "$tmp/err")"; fi
else
	echo "# no $f here: the sysfs case is not run"
fi

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
# Defect: the error of a line too long quoted none of it (traces.rst: a
# malformed line is reported with its text): its first 64 bytes, escaped.
printf '0x1000\n\0010x%s\n' "$(head -c 5000 /dev/zero | tr '\0' 2)" >"$d/long2.txt"
fails "a line too long: its start quoted" \
	"long2.txt:2: line too long (over 4094 bytes): '\\\\x010x2\{61\}\.\.\.'\$" \
	"$P" replay -m tpc "$d/long2.txt"
# Defect: a last line of 4,095 bytes with no newline was read (the limit
# held only where more input followed).  At 4,094 bytes a line is read,
# its newline there or not; at 4,095 refused either way.
for len in 4094 4095; do
	for nl in '\n' ''; do
		{ printf '0x1000\n0x2000 #'; head -c $((len - 8)) /dev/zero | tr '\0' c
			printf '%b' "$nl"; } >"$d/edge.txt"
		"$P" trace info "$d/edge.txt" >/dev/null 2>"$tmp/err"; rc=$?
		if { [ $len = 4094 ] && [ $rc = 0 ]; } || { [ $len = 4095 ] && [ $rc = 1 ] &&
			grep -q "edge.txt:2: line too long (over 4094 bytes)" "$tmp/err"; }; then
			ok "a last line of $len bytes${nl:+ and its newline}: $( [ $rc = 0 ] && echo read || echo refused)"
		else bad "a last line of $len bytes${nl:+ and its newline}: exit $rc"; fi
	done
done
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
# Defect: report -b 2000000 (over the cap of the wins map's 4x TPC and
# CPWC) ran the whole report, then failed "the wins map's budgets do not
# fit"; -b 114 to 975 failed on a model that fits nothing; --sweep 114,200
# wrote a sweep of one model alone (the three others dropped, no note).
for a in "-b 2000000" "-b 1278083" "-b 975" "-b 114" "--shard 0/2 -b 2000000" \
	"-l 5 -b 1000"; do
	# shellcheck disable=SC2086 # the options split
	fails "report $a refused before any work, with the range" \
		"--budget-bits .*: the report needs [0-9]* to [0-9]* bits (" \
		"$P" report -u -q -o "$d/bb" --sweep 5280 $a gemm
done
fails "report -b over the wins map's cap: the reason" "the wins map sizes TPC and CPWC" \
	"$P" report -u -q -o "$d/bb" -b 2000000 gemm
for s in 114,200 975,5280; do
	fails "--sweep $s (a sized model fits nothing) refused" \
		"--sweep budget [0-9]*: model '.*' fits nothing .*from 976 bits" \
		"$P" report -u -q -o "$d/bb" --sweep "$s" gemm
done
fails "-l 5 --sweep 1000 refused (stc fits nothing at 5 levels)" \
	"--sweep budget 1000: model 'stc' fits nothing in 1000 bits at 5 levels" \
	"$P" report -u -q -o "$d/bb" -l 5 --sweep 1000 gemm
# the default sweep at 5 levels (the demo's report): it runs, STC absent
# at its first budget only
if "$P" report -u -q -o "$d/d5" -l 5 gemm >/dev/null 2>"$tmp/err" &&
	! grep -q '^1000,stc,' "$d/d5/sweep.csv" &&
	grep -q '^2000,stc,' "$d/d5/sweep.csv" &&
	grep -q '^1000,tpc,' "$d/d5/sweep.csv"; then
	ok "-l 5, the default sweep: runs, STC from its second budget"
else bad "-l 5 default sweep: $(head -2 "$tmp/err")"; fi
# Defect: the wins map runs on 4-level tables whatever --levels, and
# a -l 5 report said levels 5 alone (config), its wins.png no levels.
if grep -q '"wins_config": {"levels": 4,' "$d/d5/results.json" &&
	grep -q '"config": {[^}]*"levels": 5,' "$d/d5/results.json" &&
	grep -q "synthetic streams on 4-level tables" "$d/d5/wins.gp"; then
	ok "-l 5: the wins map says its own 4 levels"
else bad "-l 5: the wins map's levels unsaid"; fi
if [ ! -e "$d/bb" ]; then ok "budgets refused: no directory made"
else bad "budgets refused: $d/bb made"; fi
if "$P" report -u -q -o "$d/bb" -b 1278082 --sweep 976,5280 gemm >/dev/null 2>"$tmp/err" &&
	grep -q '"budget_bits": 1278082' "$d/bb/results.json"; then
	ok "report -b 1278082 --sweep 976,5280 (the edges) runs"
else bad "report at the edges: $(head -2 "$tmp/err")"; fi
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
# (every study, so that the next report over it sees every name one writes)
# Defect: -o a symbolic link to no directory: the link was moved aside
# (left as .NAME.XXXXXX.old beside it) and replaced by the report.
ln -s nowhere "$d/dlink"
fails "-o a link to no directory refused" "dlink: a symbolic link to no directory" \
	"$P" report -u -q -o "$d/dlink" gemm
if [ -L "$d/dlink" ] && [ -z "$(find "$d" -maxdepth 1 -name '.dlink*')" ]; then
	ok "-o a link to no directory: the link kept, nothing beside it"
else bad "-o a link to no directory: $(find "$d" -maxdepth 1 -name '*dlink*')"; fi
if "$P" report -u -q -o "$d/new/parents/r" --scenarios --timing gemm >/dev/null 2>"$tmp/err" &&
	[ -f "$d/new/parents/r/results.json" ]; then
	ok "-o made with its parents"
else bad "-o with parents: $(head -3 "$tmp/err")"; fi
r="$d/new/parents/r"
if "$P" report -u -q -o "$r" gemm >/dev/null 2>"$tmp/err" &&
	[ -f "$r/results.json" ] && [ ! -e "$r/scenarios.csv" ] && [ ! -e "$r/scenarios.png" ] &&
	[ ! -e "$r/timing.csv" ]; then
	ok "-o a previous report: its files this run does not write are gone"
else bad "-o a previous report: $(head -3 "$tmp/err"), $(cd "$r" && echo scen* timing*)"; fi
# Defect: the temporaries a --plot ended by SIGKILL leaves in a report
# (.NAME.XXXXXX, .X.XXXXXX.png) made it no report: -o and --plot refused
# it, naming no file.  They are pwcsim's, removed with the report.
: >"$r/.results.json.AbC123"
: >"$r/.wins.AbC123.png"
: >"$r/.notes.txt.AbC123"
fails "-o a report with a temporary not of its names refused" ".notes.txt.AbC123 is no report's file" \
	"$P" report -u -q -o "$r" gemm
rm "$r/.notes.txt.AbC123"
if "$P" report -u -q -o "$r" gemm >/dev/null 2>"$tmp/err" &&
	[ -z "$(find "$r" -name '.*')" ] && [ -f "$r/results.json" ]; then
	ok "-o a report with its own temporaries left: used, they are gone"
else bad "-o a report with its temporaries: $(head -2 "$tmp/err")"; fi
# Defect: a report over a previous one the user had made private (0700)
# replaced it with a directory of 0777 less the umask, open to all.
chmod 700 "$r"
if "$P" report -u -q -o "$r" gemm >/dev/null 2>"$tmp/err" &&
	[ "$(stat -c %a "$r")" = 700 ]; then
	ok "-o a previous report: its mode kept"
else bad "-o a previous report: mode $(stat -c %a "$r") $(head -2 "$tmp/err")"; fi
chmod 755 "$r"
# Defect: -o . (or the current directory by any name) replaced the
# directory the shell stood in, which was left in a removed directory.
sum=$(md5sum <"$r/results.json")
pa=$(realpath "$P" 2>/dev/null || command -v "$P")
# shellcheck disable=SC2016 # $1 and $2 are the inner shell's
fails "-o the current directory refused" "the current directory: refused" \
	sh -c 'cd "$1" && exec "$2" report -u -q -o . gemm' sh "$r" "$pa"
# shellcheck disable=SC2016
fails "-o the current directory by its path refused" "the current directory: refused" \
	sh -c 'cd "$1" && exec "$2" report -u -q -o "$1" gemm' sh "$r" "$pa"
same "-o the current directory: the report there kept" "$r/results.json" "$sum"
# Defect: a user's notes.txt or data.csv beside a previous report's files
# was taken for one of them and deleted with them (exit 0).
cp -r "$r" "$d/notes"
echo "my notes" >"$d/notes/notes.txt"
echo "a,b" >"$d/notes/data.csv"
fails "-o a previous report holding a user's files refused, naming one" \
	"not a pwcsim report (\(notes.txt\|data.csv\) is no report's file" \
	"$P" report -u -q -o "$d/notes" gemm
if [ "$(cat "$d/notes/notes.txt")" = "my notes" ] && [ "$(cat "$d/notes/data.csv")" = "a,b" ] &&
	[ -f "$d/notes/results.json" ]; then
	ok "-o refused: the user's files and the report kept"
else bad "-o a report with a user's files: $(cd "$d/notes" && echo *)"; fi
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
# Defect: a shard of another pwcsim version (its hash right) was merged
# with this one's, exit 0, into a report labelled as one run's; the same
# shard given twice was "not a shard of this sweep (or cut short)".
mkdir "$d/oldv"
python3 - "$d/shard0/shard.txt" <<'PY' | shard_seal "$d/oldv/shard.txt"
import re, sys
text = open(sys.argv[1]).read()
sys.stdout.write(re.sub(r"(?m)^version .*$", "version 0.0-old", text[:text.rindex("end ")], count=1))
PY
fails "--merge: a shard of another version refused" \
	"oldv/shard.txt: a shard of pwcsim 0.0-old, this is .*: refused" \
	"$P" report -q --merge -o "$d/merged" "$d/oldv"
fails "--merge: a shard given twice refused, so named" "shard 0/1 given twice" \
	"$P" report -q --merge -o "$d/merged" "$d/shard0" "$d/shard0"
if [ ! -e "$d/merged" ]; then ok "--merge refused: no directory made"
else bad "--merge refused: $d/merged made"; fi
# Defect: a failed report left behind the parents of -o DIR it had made
# (empty directories); those it made are removed, one already there kept.
mkdir "$d/there"
"$P" report -q --merge -o "$d/there/made/too/merged" "$d/shard0" "$d/shard0" \
	>/dev/null 2>&1
if [ -d "$d/there" ] && [ ! -e "$d/there/made" ]; then
	ok "a failed report removes the parents it made, keeps the one there"
else bad "a failed report's parents: $(find "$d/there")"; fi
no_temporaries "a failed report leaves no temporary directory" "$d/new/parents"

# Defect: a report whose stdout failed (a full disk, a closed stdout)
# exited 1 having replaced the previous report: stdout is now checked
# before the report takes DIR's place.
"$P" report -u -q -o "$d/outfail" 2mm >/dev/null 2>&1
sum=$(md5sum <"$d/outfail/results.json")
fails "a report to a full stdout fails" "standard output: write error" \
	sh -c '"$@" >/dev/full' sh "$P" report -u -q -o "$d/outfail" gemm
same "a report to a full stdout: the previous report kept" "$d/outfail/results.json" "$sum"
fails "a report with stdout closed fails" "standard output: write error" \
	sh -c '"$@" >&-' sh "$P" report -u -q -o "$d/outfail" gemm
same "a report with stdout closed: the previous report kept" "$d/outfail/results.json" "$sum"
no_temporaries "a report whose stdout failed leaves no temporary" "$d"
# Defect (of that check): stdout flushed before the commit raised SIGPIPE
# when its reader had gone (report | head), which no handler took: the
# temporary report was left beside DIR.  SIGPIPE now removes it too.
"$P" report -u -q -o "$d/outfail" gemm 2>/dev/null | true
rc=${PIPESTATUS[0]}
if [ "$rc" = 141 ]; then ok "a report to a closed pipe: ended by SIGPIPE"
else bad "a report to a closed pipe: exit $rc"; fi
same "a report to a closed pipe: the previous report kept" "$d/outfail/results.json" "$sum"
no_temporaries "a report to a closed pipe leaves no temporary" "$d"

# Defect: -o an empty mount point ran the whole report, then failed
# (EBUSY) at the rename that puts it in place: now refused before the run.
# (Needs mount(2): a machine that refuses it says so on a comment line.)
mkdir "$d/mnt"
if mount -t tmpfs -o size=1m tmpfs "$d/mnt" 2>"$tmp/err"; then
	fails "-o a mount point is refused" "a mount point: refused" \
		"$P" report -u -q -o "$d/mnt" gemm
	if [ -z "$(ls -A "$d/mnt")" ]; then ok "-o a mount point: nothing written in it"
	else bad "-o a mount point: $(ls -A "$d/mnt")"; fi
	umount "$d/mnt"
else
	echo "# -o a mount point: not tested, mount refused: $(head -1 "$tmp/err")"
fi

# Defect: with no gnuplot, a report drew no PNG and said nothing.
if env PATH=/nonexistent "$P" report -u -q -o "$d/nognuplot" --sweep 5280 gemm \
	>/dev/null 2>"$tmp/err" && [ "$(grep -c "gnuplot is not installed" "$tmp/err")" = 1 ]; then
	ok "no gnuplot: said once, the report written"
else bad "no gnuplot: $(head -2 "$tmp/err")"; fi

# Defect: whether gnuplot is there was asked of a shell by system(),
# which ignores SIGINT while it runs: a Ctrl-C then killed the shell
# alone, and the report went on as if gnuplot were missing, replacing the
# old report's plots with none, exit 0.  Now $PATH is searched in-process
# (as execlp() does): no process is started to ask.  A file "gnuplot"
# that is no executable (a directory, mode 0644) is not one.  (Under
# strace, a ptrace, LeakSanitizer cannot run: off for this one.)
mkdir -p "$tmp/nogp/gnuplot" "$tmp/nogp2"
: >"$tmp/nogp2/gnuplot"
if strace -f -qq -e trace=execve -o "$tmp/execs" \
	env PATH="$tmp/nogp:$tmp/nogp2" ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
	"$P" report -u -q -o "$d/nognuplot2" --sweep 5280 gemm \
	>/dev/null 2>"$tmp/err" && [ "$(grep -c "gnuplot is not installed" "$tmp/err")" = 1 ] &&
	[ "$(grep -c 'execve(' "$tmp/execs")" = 2 ]; then	# env, then pwcsim
	ok "gnuplot looked for without a shell; a directory or a plain file named so is none"
else bad "gnuplot's check: $(grep -v 'pwcsim\|/env' "$tmp/execs" | head -2) $(head -2 "$tmp/err")"; fi
# Defect: gnuplot's warnings reached stderr under -q.
if command -v gnuplot >/dev/null; then
	if "$P" report -u -q -o "$d/q" --sweep 5280 gemm >/dev/null 2>"$tmp/err" &&
		[ ! -s "$tmp/err" ]; then
		ok "-q silences gnuplot"
	else bad "-q: $(head -2 "$tmp/err")"; fi
fi

# Defect: the plots were left 0600 (mkstemps()'s temporary) where every
# other file of a report gets 0666 less the umask: unreadable to the
# others a report is shared with.
if command -v gnuplot >/dev/null; then
	modes=
	if (umask 022 && "$P" report -u -q -o "$d/modes" --sweep 5280 gemm) >/dev/null 2>"$tmp/err" &&
		modes=$(stat -c %a "$d/modes"/*.png | sort -u) && [ "$modes" = 644 ]; then
		ok "plots: 0666 less the umask, as every other file"
	else bad "plots: modes $modes $(head -2 "$tmp/err")"; fi
	chmod 640 "$d/modes/wins.png"
	if "$P" report --plot "$d/modes" -q 2>"$tmp/err" &&
		[ "$(stat -c %a "$d/modes/wins.png")" = 640 ]; then
		ok "--plot: a redrawn plot keeps its mode"
	else bad "--plot: wins.png mode $(stat -c %a "$d/modes/wins.png")"; fi
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
	if grep -qxF "caption = '3 workloads (small inputs) on synthetic 4-level page tables, 5280 bits each, IOTLB 64 entries at l2-miss'.\"\\n\".'seed 1, window all, warm-up 2, jitter 3.5, inputs default, layout packed, allocator gpgpu-sim'" "$p/figure3.gp" &&
		grep -q "caption" "$p/sweep.gp"; then
		ok "plots: titles give the inputs, tables, budget, IOTLB and the workloads' options"
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

	# Defect: --plot DIR drew over the plots in place: a failed gnuplot
	# (sweep.dat gone) left sweep.png a partial drawing, exit 1.
	cp -r "$p" "$d/rp"
	rm "$d/rp/sweep.dat"
	png=$(md5sum <"$d/rp/sweep.png")
	fails "--plot: a failed plot fails" "gnuplot failed on .*sweep.gp (sweep.png left as it was)" \
		"$P" report --plot "$d/rp" -q
	same "--plot: a failed plot leaves the old PNG whole" "$d/rp/sweep.png" "$png"
	no_temporaries "--plot: a failed plot leaves no temporary" "$d/rp"
	if "$P" report --plot "$p" -q 2>"$tmp/err" && [ -s "$p/sweep.png" ]; then
		ok "--plot: a report redrawn"
	else bad "--plot: $(head -2 "$tmp/err")"; fi
	no_temporaries "--plot: no temporary left" "$p"
	# Defect: --plot EMPTY wrote figure3.gp and a 0-byte figure3.png
	# into a directory that is no report.
	mkdir "$d/empty"
	fails "--plot an empty directory refused" "not a pwcsim report" \
		"$P" report --plot "$d/empty"
	fails "--plot a directory of other files refused" "not a pwcsim report" \
		"$P" report --plot "$d/mine"
	fails "--plot a shard directory refused" "not a pwcsim report" \
		"$P" report --plot "$d/shard0"
	if [ -z "$(ls -A "$d/empty")" ] && [ "$(ls -A "$d/mine")" = "notes.md
shard.txt" ]; then
		ok "--plot refused: nothing written"
	else bad "--plot refused: $(ls -A "$d/empty" "$d/mine")"; fi
	# Defect: --plot returned inside the option loop: --plot DIR --bogus
	# exited 0, and options after it (-b, workloads) were ignored.
	fails "--plot DIR --bogus-option refused" "unrecognized option" \
		"$P" report --plot "$p" --bogus-option
	fails "--plot DIR -b N refused (it would be ignored)" "--plot DIR only redraws.*-b is not for it" \
		"$P" report --plot "$p" -b 6000
	fails "--plot DIR WORKLOAD refused (it would be ignored)" "a workload is not for it" \
		"$P" report --plot "$p" gemm

	# Defect: gnuplot ran through the shell (cd 'DIR' && gnuplot): -o
	# "it's" failed after the whole run ("without quotes, please"), and
	# --out=-dash/x in "sh: cd: Illegal option -d".
	abs=$(realpath "$P" 2>/dev/null || command -v "$P")
	if (cd "$d" && "$abs" report -u -q --out="-it's/x" --sweep 5280 gemm) \
		>/dev/null 2>"$tmp/err" && [ -s "$d/-it's/x/figure3.png" ] &&
		[ -s "$d/-it's/x/wins.png" ]; then
		ok "-o a name with a quote and a leading dash: plotted"
	else bad "-o -it's/x: $(head -2 "$tmp/err")"; fi
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

# Defect: a file replaced (written beside, renamed over) became owned by
# whoever ran pwcsim: root converting into nobody's file took it from
# nobody.  Its owner and group are now kept where we may give them.
if [ "$(id -u)" = 0 ]; then
	echo old >"$ro/theirs.bin"
	chown 65534:65534 "$ro/theirs.bin"
	"$P" trace convert "$ro/in.txt" "$ro/theirs.bin" 2>"$tmp/err"
	if [ "$(stat -c %u:%g "$ro/theirs.bin")" = 65534:65534 ] &&
		[ "$(stat -c %s "$ro/theirs.bin")" = 16 ]; then
		ok "a file replaced as root: its owner and group kept"
	else bad "a file replaced as root: $(stat -c '%u:%g %s' "$ro/theirs.bin")"; fi
else
	echo "# a file replaced as root: not tested (not root)"
fi

# Defect: a previous report made read-only (0555) was replaced behind its
# mode (the swap needs only the parent), its old files left beside it as
# .NAME.XXXXXX.old; with its mode kept, the report failed at the end.
# Now refused before any work, kept.
"${as[@]}" "$P" report -u -q -o "$ro/rep" gemm >/dev/null 2>"$tmp/err" ||
	bad "a report as the user: $(head -2 "$tmp/err")"
chmod 555 "$ro/rep"
rsum=$(md5sum <"$ro/rep/results.json")
fails "-o a read-only previous report refused" "rep: Permission denied (refused: a directory made read-only" \
	"${as[@]}" "$P" report -u -q -o "$ro/rep" gemm
same "-o a read-only report: kept" "$ro/rep/results.json" "$rsum"
if [ "$(stat -c %a "$ro/rep")" = 555 ] && [ -z "$(find "$ro" -maxdepth 1 -name '.*')" ]; then
	ok "-o a read-only report: its mode kept, nothing beside it"
else bad "-o a read-only report: $(stat -c %a "$ro/rep") $(find "$ro" -maxdepth 1 -name '.*')"; fi

# Defect: under a umask without the owner's write (0277) the report's
# temporary directory, then its plots' temporaries, were made unwritable
# to pwcsim itself: the report failed after all its work.
if (umask 277 && "${as[@]}" "$P" report -u -q -o "$ro/u277" --sweep 5280 gemm) \
	>/dev/null 2>"$tmp/err" && [ "$(stat -c %a "$ro/u277")" = 500 ] &&
	{ ! command -v gnuplot >/dev/null || [ "$(stat -c %a "$ro/u277/wins.png")" = 400 ]; }; then
	ok "umask 0277: the report written, read-only as the umask says"
else bad "umask 0277: $(head -3 "$tmp/err")"; fi
chmod -R u+w "$ro/u277" 2>/dev/null

# Defect: a signal that ended pwcsim left its temporaries (a report's
# directory, a converted file).  killed NAME DIR PATTERN CMD...: CMD
# killed with SIGTERM once its temporary (a name in DIR matching the
# find PATTERN) stands ends by the signal, and no temporary is left.
killed() {
	local name=$1 dir=$2 pat=$3 pid rc
	shift 3
	"$@" >/dev/null 2>"$tmp/err" &
	pid=$!
	for _ in $(seq 400); do
		[ -n "$(find "$dir" -mindepth 1 -maxdepth 1 -name "$pat")" ] && break
		sleep 0.05
	done
	kill -TERM "$pid"
	wait "$pid"
	rc=$?
	if [ "$rc" = 143 ]; then no_temporaries "$name" "$dir"
	else bad "$name: exit $rc, not by SIGTERM"; fi
}
sd=$tmp/sig
mkdir "$sd"
killed "a report killed: its temporary directory removed" "$sd" '.*' \
	"$P" report -u -q --size full -o "$sd/r" 2mm gemm
mkfifo "$sd/in.fifo"
exec 3<>"$sd/in.fifo"	# a writer that never ends the stream
killed "a conversion killed: its temporary file removed" "$sd" '.*' \
	"$P" trace convert --from text "$sd/in.fifo" "$sd/out.bin"
exec 3>&-
# Defect: report --plot DIR ended by a signal while gnuplot drew left
# the plot's temporary, .NAME.XXXXXX.png, in the report (which then was
# no report to -o or --plot).  gnuplot here sleeps a second, then writes
# its outfile.  Defect: gnuplot outlived pwcsim and wrote the temporary
# again after the handler had removed it; the handler now kills it first.
if [ -d "$d/plots" ]; then
	mkdir "$tmp/slow"
	cat >"$tmp/slow/gnuplot" <<'GP'
#!/bin/sh
# $2: outfile = 'NAME'
f=${2#*\'}
f=${f%\'}
sleep 1
: >"$f"
GP
	chmod +x "$tmp/slow/gnuplot"
	killed "--plot killed: the plot's temporary removed" "$d/plots" '.*.png' \
		env PATH="$tmp/slow:$PATH" "$P" report --plot "$d/plots" -q
	sleep 2
	no_temporaries "--plot killed: gnuplot ended with it, no temporary made again" \
		"$d/plots"
	# Defect: gnuplot exits 0 when its write of the PNG fails (a full
	# disk): the cut plot replaced the old one, exit 0.  This one writes
	# the PNG signature alone.
	mkdir "$tmp/cutgp"
	cat >"$tmp/cutgp/gnuplot" <<'GP'
#!/bin/sh
f=${2#*\'}
f=${f%\'}
printf '\211PNG\r\n\032\n' >"$f"
GP
	chmod +x "$tmp/cutgp/gnuplot"
	sum=$(cat "$d"/plots/*.png | md5sum)
	fails "--plot: a PNG gnuplot cut short is refused" "drew no whole PNG" \
		env PATH="$tmp/cutgp:$PATH" "$P" report --plot "$d/plots" -q
	if [ "$(cat "$d"/plots/*.png | md5sum)" = "$sum" ]; then
		ok "--plot: the old plots kept"
	else bad "--plot: a cut PNG replaced an old one"; fi
	no_temporaries "--plot: a cut PNG leaves no temporary" "$d/plots"
fi
# Defect: gen --format traceg ended by a signal left its partial trace,
# DIR.tmpXXXXXX (of up to gigabytes), beside DIR.
"$P" gen -q -f traceg -o "$sd/tg" --size full gemm 2>"$tmp/err" &
pid=$!
for _ in $(seq 400); do
	compgen -G "$sd/tg.tmp*/kernel-1.traceg" >/dev/null && break
	sleep 0.05
done
kill -TERM "$pid"
wait "$pid"
rc=$?
left=$(find "$sd" -mindepth 1 -maxdepth 1 -name 'tg*' -printf '%f ')
if [ "$rc" = 143 ] && [ -z "$left" ]; then
	ok "gen -f traceg killed: its partial trace removed"
else bad "gen -f traceg killed: exit $rc, left $left"; fi
if [ -e "$sd/r" ] || [ -e "$sd/out.bin" ]; then
	bad "a killed command left an output: $(ls "$sd")"
else ok "a killed command leaves no output"; fi

# Defect: a file written under a temporary name was renamed to the user's
# before it was on the disk: a crash just after could leave the name on
# an empty file, the old one gone.  Each of pwcsim's files is fsync()ed
# before its rename: convert's output, a report's files and plots, an
# Accel-Sim trace's kernels and list before the directory's rename.
# synced LOG: every rename in an strace -f log of a file follows an fsync
# of the same process; a directory's, its files each renamed so or
# fsync()ed since the process's last rename.
synced() {
	python3 - "$1" <<'PY4'
import re, sys, os
last, pend, named, bad, n = {}, {}, set(), [], 0
for line in open(sys.argv[1]):
    m = re.match(r'(\d+) +(\w+)\((.*)', line)
    if not m:
        continue
    pid, call, args = m.groups()
    if call == "rename" and not re.search(r"= -1", args):
        src, dst = re.findall(r'"([^"]*)"', args)[:2]
        if dst.endswith(".old") and not os.path.exists(dst):
            pass  # a previous report stepped aside, then removed
        elif os.path.isdir(dst):
            left = [f for f in os.listdir(dst)
                    if os.path.join(src, f) not in named]
            if pend.get(pid, 0) < len(left):
                bad.append(dst)
        elif last.get(pid) != "fsync":
            bad.append(dst)
        else:
            named.add(dst)
        n += 1
        pend[pid] = 0
    if call == "fsync":
        pend[pid] = pend.get(pid, 0) + 1
    last[pid] = call
print(n, " ".join(bad))
sys.exit(1 if bad or not n else 0)
PY4
}
# traced LOG COMMAND...: COMMAND under strace -f into LOG (LeakSanitizer
# cannot run under ptrace: its leak check off there alone)
traced() {
	local log=$1
	shift
	ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" \
		strace -f -qq -e trace=fsync,rename -o "$log" "$@"
}
if ! command -v strace >/dev/null; then
	bad "strace is missing (scripts/deps installs it)"
else
	"$P" gen -q -f binary --size small 2mm >"$sd/s.bin"
	rm -rf "$sd/st"
	mkdir "$sd/st"
	if traced "$tmp/st1" "$P" trace convert "$sd/s.bin" "$sd/st/s.txt" &&
		traced "$tmp/st2" "$P" report -u -q --size small \
			-o "$sd/st/r" 2mm >/dev/null &&
		traced "$tmp/st3" "$P" gen -q -f traceg -o "$sd/st/tg" \
			--size small 2DCONV &&
		synced "$tmp/st1" >"$tmp/sy1" && synced "$tmp/st2" >"$tmp/sy2" &&
		synced "$tmp/st3" >"$tmp/sy3"; then
		ok "each file on the disk before its rename: convert, report (with plots), traceg"
	else bad "renamed before fsync: $(cat "$tmp"/sy* 2>/dev/null | tr '\n' ' ')"; fi
fi

echo "safety-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
