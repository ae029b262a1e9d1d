#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/bench-test.sh - pwcsim-bench (tests/bench.c, `make
# bench`) on short streams: its rows (every model of the registry alone
# and all together, on the stress, scatter and a NAME=FILE stream), the
# whole-process column with --pwcsim, and the paired columns of --base
# (ns_base, and x_base, the median of the pairs' ratios: with one run,
# ns_process / ns_base); --instructions (counts under valgrind, with
# and without valgrind on PATH); --base without --pwcsim,
# a base that does not run and a bad option are refused; each pair runs
# copies of its own of the binaries and the trace, and SIGTERM or SIGHUP
# leaves none of its files.  It checks the
# figures' shape and arithmetic, never their size: a benchmark measures.
# $PWCSIM is the pwcsim timed, $PWCSIM_PLAIN an unsanitized build of it
# (counted under valgrind), $PWCSIM_BENCH the benchmark.
# Ends with "bench-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
B=${PWCSIM_BENCH:-./asan/pwcsim-bench}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
N=3000
short=(--repeat 1 --stress "$N" --scatter "$N" --min "$N")

"$P" gen 2mm --size sampled --format binary --limit $N >"$tmp/2mm.bin" \
	2>"$tmp/err" || { bad "gen 2mm"; cat "$tmp/err"; }

# --base without --pwcsim: exit 2, the reason on stderr, no table.
"$B" "${short[@]}" --base "$P" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q -- '--base needs --pwcsim' "$tmp/err" &&
	! [ -s "$tmp/out" ]; then
	ok "--base without --pwcsim: exit 2 and the reason"
else
	bad "--base without --pwcsim: exit $rc, stderr: $(head -c 200 "$tmp/err")"
fi

"$B" --no-such-option >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q usage "$tmp/err" && ! [ -s "$tmp/out" ]; then
	ok "a bad option: exit 2 and the usage on stderr"
else
	bad "a bad option: exit $rc"
fi

# A base that does not run: the run fails, saying which binary.
"$B" "${short[@]}" --pwcsim "$P" --base "$tmp/no-such-pwcsim" \
	2mm="$tmp/2mm.bin" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc != 0 ] && grep -q "no-such-pwcsim" "$tmp/err"; then
	ok "a base that does not run: exit $rc, named on stderr"
else
	bad "a base that does not run: exit $rc"
fi
# Defect: a failing run's stderr was shown "all of it" up to its first
# 1,023 bytes only; now whole.  (A stand-in for pwcsim that says 2,700
# bytes, then its last line, and fails.)
cat >"$tmp/noisy" <<'X'
#!/bin/sh
i=0
while [ $i -lt 40 ]; do
	echo "noisy: line $i of what a failing replay says ...................." >&2
	i=$((i + 1))
done
echo "noisy: the last line" >&2
exit 1
X
chmod +x "$tmp/noisy"
"$B" --repeat 1 --stress 0 --scatter 0 --min 1 --pwcsim "$tmp/noisy" \
	2mm="$tmp/2mm.bin" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc != 0 ] && [ "$(grep -c "^noisy: line" "$tmp/err")" = 40 ] &&
	grep -q "^noisy: the last line$" "$tmp/err"; then
	ok "a failing run's stderr past 1,024 bytes: all of it, exit $rc"
else
	bad "a failing run's stderr: exit $rc, $(wc -c <"$tmp/err") bytes, $(grep -c "^noisy" "$tmp/err") lines"
fi

# Defect: every timed replay's warning reached the terminal, one a run
# (ideal past its cap: twelve copies above the table on the bench's
# streams); a row's runs now say it once, and a failing run all it said.
if "$B" --repeat 2 --stress 0 --scatter 100000 --min 1 --pwcsim "$P" \
	>"$tmp/out" 2>"$tmp/err" &&
	[ "$(grep -c "warning: ideal keeps at most" "$tmp/err")" = 1 ]; then
	ok "a warning said by each run of a row: once"
else
	bad "warnings: $(grep -c warning "$tmp/err") of $(head -c 200 "$tmp/err")"
fi

# The rows, --json, with and without --base.
check_rows() {	# check_rows JSON WITH_BASE: python3 checks, one line each
	python3 - "$1" "$2" "$("$P" replay --list | awk '{ print $1 }' |
		paste -sd,)" <<'X'
import json, sys
path, with_base, models = sys.argv[1], sys.argv[2] == "1", sys.argv[3]
doc = json.load(open(path))
rows = doc["bench"]
want = models.split(",") + ["all"]
bad = []
streams = []
for r in rows:
    if r["stream"] not in streams:
        streams.append(r["stream"])
for s in streams:
    got = [r["model"] for r in rows if r["stream"] == s]
    if got != want:
        bad.append("%s: models %s, not %s" % (s, got, want))
if len(streams) != 3 or "2mm" not in streams or \
        not any(s.startswith("stress") for s in streams) or \
        not any(s.startswith("scatter") for s in streams):
    bad.append("streams %s: not 2mm, stress and scatter" % streams)
for r in rows:
    what = "%s %s" % (r["stream"], r["model"])
    for k in ("ns_per_address", "ns_no_shortcut", "ns_process"):
        if not isinstance(r.get(k), (int, float)) or r[k] <= 0:
            bad.append("%s: %s is %r" % (what, k, r.get(k)))
    if r["addresses"] != 3000:
        bad.append("%s: %r addresses" % (what, r["addresses"]))
    if with_base:
        nb, x = r.get("ns_base"), r.get("x_base")
        if not isinstance(nb, (int, float)) or nb <= 0:
            bad.append("%s: ns_base is %r" % (what, nb))
        elif not isinstance(x, (int, float)) or \
                abs(x - r["ns_process"] / nb) > 1e-3 * x + 1e-4:
            bad.append("%s: x_base %r is not %r / %r" %
                       (what, x, r["ns_process"], nb))
    elif "ns_base" in r or "x_base" in r:
        bad.append("%s: a base column without --base" % what)
if with_base and "ns_base" not in doc:
    bad.append("no description of ns_base")
if "pinned" not in doc:
    bad.append("no statement of the CPU pinned")
for b in bad[:10]:
    print(b)
sys.exit(1 if bad else 0)
X
}

for base in 0 1; do
	args=(--pwcsim "$P")
	[ $base = 1 ] && args+=(--base "$P")
	what="--pwcsim${args[2]:+ --base}"
	if "$B" "${short[@]}" --json "${args[@]}" 2mm="$tmp/2mm.bin" \
		>"$tmp/b.json" 2>"$tmp/err"; then
		ok "$what --json: exit 0"
	else
		bad "$what --json: exit $?: $(head -c 300 "$tmp/err")"
		continue
	fi
	if out=$(check_rows "$tmp/b.json" $base 2>&1); then
		ok "$what: every model and all on three streams, figures positive${args[2]:+, x_base = ns_process / ns_base}"
	else
		bad "$what: $out"
	fi
done

# The table has the same columns.
if "$B" "${short[@]}" --pwcsim "$P" --base "$P" 2mm="$tmp/2mm.bin" \
	>"$tmp/b.txt" 2>"$tmp/err" &&
	grep -q '^stream .* ns_process .* ns_base  *x_base$' "$tmp/b.txt"; then
	ok "the table's header ends with ns_base and x_base"
else
	bad "the table: $(head -c 300 "$tmp/err")"
fi

# --instructions: counts instead of times, one valgrind run of each
# binary a row.  The same binary as its own base counts the same (a
# count is deterministic); all six execute more than any one alone.
# valgrind cannot run a sanitized binary (ASan's runtime must load
# first): these count $V, a plain build.
V=${PWCSIM_PLAIN:-./pwcsim}
"$B" --instructions "${short[@]}" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q -- '--instructions needs --pwcsim' "$tmp/err"; then
	ok "--instructions without --pwcsim: exit 2 and the reason"
else
	bad "--instructions without --pwcsim: exit $rc"
fi
"$B" --instructions --repeat 3 --pwcsim "$V" "${short[@]}" >"$tmp/out" \
	2>"$tmp/err"
rc=$?
if [ $rc = 2 ] && grep -q -- 'counts one run: no --repeat' "$tmp/err" &&
	[ ! -s "$tmp/out" ]; then
	ok "--instructions --repeat: exit 2 and the reason, nothing run"
else
	bad "--instructions --repeat: exit $rc"
fi
if "$B" --instructions --json --stress 0 --scatter "$N" --min "$N" \
	--pwcsim "$V" --base "$V" 2mm="$tmp/2mm.bin" >"$tmp/i.json" \
	2>"$tmp/err"; then
	if out=$(python3 - "$tmp/i.json" "$("$V" replay --list |
		awk '{ print $1 }' | paste -sd,)" <<'X'
import json, sys
doc = json.load(open(sys.argv[1]))
want = sys.argv[2].split(",") + ["all"]
bad = []
for s in ("2mm", "scatter-2m"):
    rows = [r for r in doc["bench"] if r["stream"] == s]
    if [r["model"] for r in rows] != want:
        bad.append("%s: models %s" % (s, [r["model"] for r in rows]))
        continue
    for r in rows:
        i, b, x = (r.get(k) for k in ("instructions_per_address",
                                      "instructions_base", "x_base"))
        if not all(isinstance(v, (int, float)) and v > 0 for v in (i, b, x)):
            bad.append("%s %s: %r %r %r" % (s, r["model"], i, b, x))
        elif abs(x - 1) > 1e-3 or abs(i / b - x) > 1e-6:
            bad.append("%s %s: x_base %r (%r / %r)" % (s, r["model"], x, i, b))
        if "ns_process" in r:
            bad.append("%s %s: a time column" % (s, r["model"]))
    top = max(r["instructions_per_address"] for r in rows[:-1])
    if rows[-1]["instructions_per_address"] <= top:
        bad.append("%s: all %r, not above %r" % (s,
                   rows[-1]["instructions_per_address"], top))
for b in bad[:10]:
    print(b)
sys.exit(1 if bad else 0)
X
	); then
		ok "--instructions --base: every model and all, x_base 1 (the same binary), all above each alone"
	else
		bad "--instructions: $out"
	fi
else
	bad "--instructions: $(head -c 300 "$tmp/err")"
fi
if PATH=/nonexistent "$B" --instructions --stress 0 --scatter 100 \
	--min 100 --pwcsim "$V" >"$tmp/out" 2>"$tmp/err"; then
	bad "--instructions with no valgrind on PATH: exit 0"
elif grep -q 'needs valgrind' "$tmp/err" && ! [ -s "$tmp/out" ]; then
	ok "--instructions with no valgrind on PATH: fails, saying so"
else
	bad "--instructions with no valgrind: $(head -c 300 "$tmp/err")"
fi

# Each pair's runs execute new copies of the binaries and read a new copy
# of the trace, made for the pair and removed after it: a wrapper, given
# as both binaries, logs the path it runs from ($0: the file executed),
# the trace it is given (the last argument) and the trace's checksum
# (with $SLEEP, it writes its pid there and sleeps instead).
cat >"$tmp/wrap" <<W
#!/bin/bash
for t; do :; done
echo "\$0 \$t \$(cksum <"\$t")" >>"$tmp/runs"
[ -z "\${SLEEP:-}" ] || { echo \$\$ >"\$SLEEP"; exec sleep 60; }
exec "$(realpath "$P")" "\$@"
W
chmod +x "$tmp/wrap"
mkdir "$tmp/t"
if TMPDIR="$tmp/t" "$B" --repeat 2 --stress 0 --scatter 0 --min "$N" \
	--pwcsim "$tmp/wrap" --base "$tmp/wrap" 2mm="$tmp/2mm.bin" \
	>/dev/null 2>"$tmp/err"; then
	want=$(cksum <"$tmp/2mm.bin")
	rows=$(($("$P" replay --list | wc -l) + 1))
	read -r runs tools traces same left < <(awk -v want="$want" \
		-v dir="$tmp/t/pwcsim-bench-" '
		{ n++; tool[$1]++; trace[$2]++; s = $3; for (i = 4; i <= NF; i++)
		  s = s " " $i; same += s == want && index($1, dir) == 1
		  if (system("test -e " $1 " || test -e " $2) == 0) left++ }
		END { print n, length(tool), length(trace), same, left + 0 }' \
		"$tmp/runs")
	if [ "$runs" = $((rows * 4)) ] && [ "$tools" = "$runs" ] &&
		[ "$traces" = $((rows * 2)) ] && [ "$same" = "$runs" ] &&
		[ "$left" = 0 ]; then
		ok "each pair on its own copies in \$TMPDIR: $runs runs, $tools binaries, $traces traces, each the trace's bytes, none left"
	else
		bad "copies: $runs runs (want $((rows * 4))), $tools binaries, $traces traces (want $((rows * 2))), $same of the trace's bytes, $left left"
	fi
else
	bad "the bench on a wrapper: $(head -c 300 "$tmp/err")"
fi

# Stopped by a signal, the bench removes its files (here the generated
# stream and a pair's copies, while the pair's run, the wrapper told to
# sleep, is under way) and ends as the signal ends a process.  SIGINT is
# handled alike, but a background job of this script starts with it
# ignored, and the bench leaves a signal ignored at its start so.
for sig in TERM HUP; do
	rm -rf "$tmp/s" "$tmp/sleeper"
	mkdir "$tmp/s"
	SLEEP="$tmp/sleeper" TMPDIR="$tmp/s" "$B" --repeat 1 --stress 0 \
		--scatter 20000 --min 20000 --pwcsim "$tmp/wrap" \
		>/dev/null 2>&1 &
	pid=$!
	for _ in $(seq 300); do	# until the pair's run sleeps
		[ -s "$tmp/sleeper" ] && break
		sleep 0.1
	done
	made=$(find "$tmp/s" -type f | wc -l)
	kill -s "$sig" $pid
	{ wait $pid; } 2>/dev/null
	rc=$?
	[ -s "$tmp/sleeper" ] && kill "$(cat "$tmp/sleeper")" 2>/dev/null
	left=$(find "$tmp/s" -type f | wc -l)
	want=$((128 + $(kill -l "$sig")))
	if [ "$made" = 3 ] && [ "$left" = 0 ] && [ $rc = "$want" ]; then
		ok "SIG$sig: the $made files it had made removed, exit $rc"
	else
		bad "SIG$sig: $made files made, $left left, exit $rc (want $want)"
	fi
done

echo "bench-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
