#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/cli-test.sh - tests of the pwcsim command line (replay,
# storage, trace) on small traces made here; $PWCSIM is the binary
# (the ASan build from run-tests).  Ends with "cli-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
check() {	# check NAME COMMAND... : the command must succeed
	local name=$1; shift
	if "$@" >"$tmp/out" 2>"$tmp/err"; then ok "$name"; else
		bad "$name"; sed 's/^/    /' "$tmp/err" | head -5; fi
}
fails() {	# fails NAME PATTERN COMMAND... : exit != 0, stderr matches
	local name=$1 pat=$2; shift 2
	if "$@" >"$tmp/out" 2>"$tmp/err"; then
		bad "$name (succeeded)"
	elif ! grep -q -- "$pat" "$tmp/err"; then
		bad "$name (stderr lacks '$pat')"; sed 's/^/    /' "$tmp/err" | head -3
	else ok "$name"; fi
}
refuses() {	# refuses NAME PATTERN COMMAND... : a usage error (exit 2)
	local name=$1 pat=$2 rc; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	if [ $rc != 2 ]; then
		bad "$name (exit $rc, not 2)"; sed 's/^/    /' "$tmp/err" | head -3
	elif ! grep -q -- "$pat" "$tmp/err"; then
		bad "$name (stderr lacks '$pat')"; sed 's/^/    /' "$tmp/err" | head -3
	else ok "$name"; fi
}
json_ok() { python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$1"; }

printf '0x7F72B010F1F0\n7f72bc30f1f0\n# comment\n\n  0x7FF2FC30F1F0  # trailing\n' >"$tmp/paper.txt"

# The paper's example through CPWC: start levels 4, 2, 4.
check "replay --per-access" "$P" replay --per-access -m cpwc:l4=2,l3=4,blocks=4,ways=8 "$tmp/paper.txt"
if diff -u - "$tmp/out" >"$tmp/diff" <<'X'
va,model,start_level,accesses
0x7f72b010f1f0,"cpwc:l4=2,l3=4,blocks=4,ways=8",4,4
0x7f72bc30f1f0,"cpwc:l4=2,l3=4,blocks=4,ways=8",2,2
0x7ff2fc30f1f0,"cpwc:l4=2,l3=4,blocks=4,ways=8",4,4
X
then ok "per-access CSV is the paper's sequence"; else bad "per-access CSV"; cat "$tmp/diff"; fi

# Binary round trip gives the same statistics as text.
check "trace convert to binary" "$P" trace convert "$tmp/paper.txt" "$tmp/paper.bin"
if [ "$(head -c8 "$tmp/paper.bin")" = PWCSIMT1 ] && [ "$(stat -c %s "$tmp/paper.bin")" = 32 ]; then
	ok "binary trace: magic + 3 records"
else
	bad "binary trace layout"
fi
$P replay --json -m tpc -m cpwc "$tmp/paper.txt" >"$tmp/a.json"
$P replay --json -m tpc -m cpwc "$tmp/paper.bin" >"$tmp/b.json"
if cmp -s "$tmp/a.json" "$tmp/b.json"; then
	ok "binary and text replay agree"
else
	bad "binary vs text"
fi
# The same binary trace mapped (a file) and read (a pipe, stdin): the same
# statistics; and a partial record after whole ones, named after them.
$P replay --json -m tpc -m cpwc - <"$tmp/paper.bin" >"$tmp/c.json"
$P replay --json -m tpc -m cpwc <(cat "$tmp/paper.bin") >"$tmp/d.json"
if cmp -s "$tmp/b.json" "$tmp/c.json" && cmp -s "$tmp/b.json" "$tmp/d.json"; then
	ok "binary replay: file, stdin and a pipe agree"
else
	bad "binary replay: file, stdin and a pipe differ"
fi
head -c 29 "$tmp/paper.bin" >"$tmp/cut.bin"
fails "truncated binary (file)" "truncated record after 2 addresses" \
	"$P" replay -m tpc "$tmp/cut.bin"
if ! $P replay -m tpc <(cat "$tmp/cut.bin") >/dev/null 2>"$tmp/err" &&
	grep -q "truncated record after 2 addresses" "$tmp/err"; then
	ok "truncated binary (pipe)"
else
	bad "truncated binary (pipe)"
fi
if json_ok "$tmp/a.json"; then
	ok "replay --json is JSON"
else
	bad "replay --json is JSON"
fi
check "trace convert back to text" "$P" trace convert --to text "$tmp/paper.bin" "$tmp/back.txt"
check "text round trip" test "$(head -1 "$tmp/back.txt")" = 0x7f72b010f1f0

# Internal consistency of the statistics on a generated stream.
python3 - "$tmp/gen.txt" <<'X'
import random, sys
r = random.Random(7)
with open(sys.argv[1], "w") as f:
    for i in range(20000):
        l4 = 254 + r.randrange(2); l3 = r.randrange(3); l2 = r.randrange(200)
        f.write("%#x\n" % ((l4 << 39) | (l3 << 30) | (l2 << 21) | (r.randrange(512) << 12)))
X
read -r -a ALL < <(every_model "$P")
check "replay every model" "$P" replay --json -b 5280 "${ALL[@]}" "$tmp/gen.txt"
cp "$tmp/out" "$tmp/all.json"
"$P" replay -q -p --json -b 5280 "${ALL[@]}" "$tmp/gen.txt" >"$tmp/all.jsonl"
if python3 - "$tmp/all.json" "$tmp/all.jsonl" "${ALL[@]}" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
m = {x["model"]: x for x in d["models"]}
assert list(m) == sys.argv[4::2]
# the table's accesses are the sum of the per-access lines'
acc = dict.fromkeys(m, 0)
for line in open(sys.argv[2]):
    a = json.loads(line)
    acc[a["model"]] += a["accesses"]
assert all(acc[n] == m[n]["accesses"] for n in m), acc
assert d["addresses"] == 20000
assert m["tpc"]["config"] == "tpc:entries=24" and m["tpc"]["bits"] == 5280
assert m["cpwc"]["config"] == "cpwc:l4=2,l3=4,blocks=62,ways=1" and m["cpwc"]["bits"] == 5280
for x in d["models"]:
    assert x["lookups"] == 20000
    assert x["l2_hits"] + x["l3_hits"] + x["l4_hits"] + x["misses"] == 20000
    # 4 KiB leaves: at most the sum of start levels (fewer where a
    # model skips a level below its start, as a per-level cache's hits do)
    assert x["accesses"] <= x["l2_hits"] + 2 * x["l3_hits"] + 3 * x["l4_hits"] + 4 * x["misses"], x
for n in ("tpc", "cpwc", "stc", "none", "ideal"):
    x = m[n]  # each walk reads every level from its start down
    assert x["accesses"] == x["l2_hits"] + 2 * x["l3_hits"] + 3 * x["l4_hits"] + 4 * x["misses"], x
    assert x["stale"] == 0
assert m["none"]["accesses"] == 4 * 20000
assert m["ideal"]["accesses"] <= min(x["accesses"] for x in d["models"])
assert m["ideal"]["bits"] is None
assert m["cpwc"]["l2_hits"] > m["tpc"]["l2_hits"]
X
then ok "statistics add up (and CPWC beats TPC at 5,280 bits)"; else bad "statistics add up"; fi

# Set geometries: ways = entries is the fully associative model address by
# address (each model with ways whose bare configuration has none: its
# configuration with ways = its largest size); a direct-mapped TPC under
# a budget loses hits but not storage.
fa=() sa=()
while read -r name params; do
	case " $params " in *" ways "*) ;; *) continue ;; esac
	cfg=$("$P" replay -q -m "$name" /dev/null | awk 'NR == 3 { print $2 }')
	case $cfg in *ways=*) continue ;; esac
	max=$(echo "${cfg#*:}" | tr ',' '\n' | sed -n 's/.*=//p' | sort -n | tail -1)
	fa+=(-m "$name") sa+=(-m "$cfg,ways=$max")
done < <("$P" replay --list)
$P replay -q --per-access "${fa[@]}" "$tmp/gen.txt" |
	python3 -c 'import csv, sys
for r in csv.reader(sys.stdin): print(r[0], r[2], r[3])' >"$tmp/fa.csv"
$P replay -q --per-access "${sa[@]}" "$tmp/gen.txt" |
	python3 -c 'import csv, sys
for r in csv.reader(sys.stdin): print(r[0], r[2], r[3])' >"$tmp/ways.csv"
if [ "${#fa[@]}" -ge 6 ] &&
   [ "$(wc -l <"$tmp/fa.csv")" = $((20000 * ${#fa[@]} / 2 + 1)) ] &&
   cmp -s "$tmp/fa.csv" "$tmp/ways.csv"; then
	ok "ways=entries: per-access output identical to fully associative (${sa[*]})"
else
	bad "ways=entries per-access output differs (${sa[*]})"
fi
check "replay tpc:ways=1 under a budget" "$P" replay --json -b 5280 -m tpc -m tpc:ways=1 -m tpc:ways=4 "$tmp/gen.txt"
if python3 - "$tmp/out" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
m = {x["model"]: x for x in d["models"]}
assert m["tpc:ways=1"]["config"] == "tpc:entries=24,ways=1"
assert m["tpc:ways=4"]["config"] == "tpc:entries=24,ways=4"
assert m["tpc:ways=1"]["bits"] == m["tpc"]["bits"] == 5280
# 1,200 uniform paths: L2 hits stay near 24/1200 whatever the sets, but
# a lookup sees its own set only, so fewer ways lose partial hits
a = [m[k]["accesses"] for k in ("tpc", "tpc:ways=4", "tpc:ways=1")]
assert a[0] < a[1] < a[2], a
for k in m:
    assert 250 < m[k]["l2_hits"] < 550, m[k]
X
then ok "direct-mapped and 4-way TPC sized to 5,280 bits: fewer partial hits"; else bad "set geometries under a budget"; fi
fails "a geometry given that does not divide" "entries=24 is not a multiple of ways=5" \
	"$P" replay -b 5280 -m tpc:entries=24,ways=5 "$tmp/gen.txt"
if "$P" replay -b 5280 -m tpc:ways=5 "$tmp/gen.txt" | grep -q "tpc:entries=20,ways=5"; then
	ok "ways only, under a budget: the largest multiple of the ways (20 of 24)"
else bad "tpc:ways=5 under a budget"; fi
fails "ways that no size within the budget divides: said of what was given" \
	"no size within 5280 bits fits the shape given: at the smallest, stc: l2=8 is not a multiple of ways=7" \
	"$P" replay -b 5280 -m stc:ways=7 "$tmp/gen.txt"

# Defect: ideal past its cap of 65,536 keys a level kept no more, and its
# row, no upper bound any more, was printed without a word; now said.
python3 -c 'print("\n".join("0x%x" % (0x100000000000 + (i << 21)) for i in range(65636)))' >"$tmp/cap.txt"
if "$P" replay -q -m ideal -m tpc "$tmp/cap.txt" >/dev/null 2>"$tmp/err" &&
	grep -q "^pwcsim: warning: ideal keeps at most 65536 keys a level and met that cap: 100 keys not kept" "$tmp/err" &&
	[ "$(wc -l <"$tmp/err")" = 1 ] &&
	head -65536 "$tmp/cap.txt" | "$P" replay -q -m ideal - >/dev/null 2>"$tmp/err" &&
	[ ! -s "$tmp/err" ]; then
	ok "ideal past its cap: a warning; at its cap: none"
else bad "ideal's cap: '$(head -2 "$tmp/err")'"; fi

# Defect: a path that is not UTF-8 went into --json as its bytes, which
# no JSON reader takes (RFC 8259: JSON is UTF-8).  Now a byte that begins
# no well-formed sequence is \udcXX (PEP 383), UTF-8 kept as it is: read
# strictly, and os.fsencode() gives the bytes back.
nf=$tmp/$(printf 'caf\xe9-\xc3\xa9-\xed\xa0\x80-\xf4\x90\x80\x80-\xe2\x82.txt')
printf '0x7f0000001000\n' >"$nf"
if $P run -u -q -j -m tpc "$nf" >"$tmp/u8.json" 2>"$tmp/err" &&
	python3 - "$tmp/u8.json" "$nf" <<'X'
import json, os, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
assert os.fsencode(d["source"]) == os.fsencode(sys.argv[2]), d["source"]
assert "\u00e9" in d["source"] and "\udce9" in d["source"], d["source"]
X
then ok "--json: a path not UTF-8 escaped, UTF-8 kept, the bytes had back"
else bad "--json of a path not UTF-8"; cat "$tmp/err"; fi
# Huge leaves: a 2 MiB range costs 3 uncached accesses.
printf '0x40000000\n' >"$tmp/h.txt"
$P replay --json -m none --huge-2m 40000000-40200000 "$tmp/h.txt" >"$tmp/h.json"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["models"][0]["accesses"]==3' "$tmp/h.json"; then
	ok "--huge-2m walks end at L2"
else
	bad "--huge-2m"
fi
# The ranges are part of the result's label, in the header and the JSON.
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["huge_2m"]==[{"start":"0x40000000","end":"0x40200000"}] and "huge_1g" not in d' "$tmp/h.json"; then
	ok "--huge-2m recorded in the JSON"
else
	bad "--huge-2m not recorded in the JSON"
fi
if $P replay -m none --huge-2m 40000000-40200000 --huge-1g 0-40000000 "$tmp/h.txt" | head -1 |
	grep -qF '1 address, 4-level synthetic page table (2 MiB leaves in [0x40000000,0x40200000), 1 GiB leaves in [0x0,0x40000000)), 3 accesses without a cache'; then
	ok "huge ranges named in the table's header"
else
	bad "huge ranges missing from the table's header"
fi
# Defect: a --huge-2m range overlapping a --huge-1g one was taken
# silently (1 GiB leaves won there, unsaid, though each option claims its
# addresses); now a usage error naming both ranges, in either order.
refuses "--huge-2m inside --huge-1g refused" \
	"--huge-2m 40000000-40200000 overlaps --huge-1g 40000000-80000000" \
	"$P" replay -m none --huge-2m 40000000-40200000 --huge-1g 40000000-80000000 "$tmp/h.txt"
refuses "--huge-1g first, overlapping --huge-2m refused" "overlaps --huge-1g 0-80000000" \
	"$P" replay -m none --huge-1g 0-80000000 --huge-2m 7fe00000-80200000 "$tmp/h.txt"
$P replay --json --levels 5 -m none "$tmp/h.txt" >"$tmp/h5.json"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert d["models"][0]["accesses"]==5 and "l5_hits" in d["models"][0]' "$tmp/h5.json"; then
	ok "--levels 5"
else
	bad "--levels 5"
fi

# Storage tables.
check "storage --json" "$P" storage --json --stream "$tmp/gen.txt" --capacities 24,62
if python3 - "$tmp/out" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
t6 = {x["bits"]: x for x in d["table6"]}
assert t6[5280]["tpc_entries"] == 24 and t6[5280]["cpwc_entries"] == 62
t5 = {x["entries"]: x for x in d["table5"]}
assert t5[62]["cpwc_bits"] == 5280 and t5[24]["tpc_bits"] == 5280
t7 = {x["capacity"]: x for x in d["table7"]}
assert t7[24]["cpwc_redundant"] == 0
# 2 L4 x 3 L3 paths under 24 full entries: parts 72, unique 2 + 6 + 24
assert abs(t7[24]["tpc_redundant"] - 100.0 * (72 - 32) / 72) < 0.01, t7[24]
X
then ok "storage tables 5/6/7"; else bad "storage tables 5/6/7"; fi
check "storage text" "$P" storage
if grep -q "^5280  *24  *62" "$tmp/out"; then
	ok "storage text shows 5280 -> 24 vs 62"
else
	bad "storage text"
fi
# Defect: storage --bits past a model's size cap (TPC's at 20,000,000
# bits, CPWC's already at 10,000,000) showed "-" with no reason; the
# human table now says why under the tables, the JSON keeps null.
if "$P" storage --bits 1000,10000000,20000000 >"$tmp/out" 2>"$tmp/err" &&
	grep -qx "(Table 6, -: over tpc's size cap, 65536 entries, at 20000000 bits)" "$tmp/out" &&
	grep -qx "(Table 6, -: over cpwc's size cap, 65536 entries, at 10000000, 20000000 bits)" "$tmp/out" &&
	[ "$(grep -c "^(Table 6, -" "$tmp/out")" = 2 ] &&
	"$P" storage --bits 10 | grep -qx "(Table 6, -: not one tpc entry fits in 10 bits)" &&
	"$P" storage --json --bits 20000000 | python3 -c 'import json, sys
d = json.load(sys.stdin)
assert d["table6"] == [{"bits": 20000000, "tpc_entries": None, "cpwc_entries": None, "cpwc_over_tpc": None}], d' &&
	! "$P" storage --json --bits 20000000 | grep -q "Table 6, -"; then
	ok "storage --bits past the cap: the reason under the table, JSON null"
else bad "storage --bits past the cap: $(grep "Table 6, -" "$tmp/out")"; fi

# trace info
check "trace info" "$P" trace info --json "$tmp/gen.txt"
if python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["trace"][0]; assert d["distinct_l4"]==2 and d["distinct_l3"]==6 and d["addresses"]==20000, d' "$tmp/out"; then
	ok "trace info counts paths"
else
	bad "trace info"
fi

# Every --json output parses (the one printer, table.h), and a file name
# with a quote, a backslash and a control character comes back unchanged.
weird=$tmp/$'q"b\\s\tt\001.txt'
cp "$tmp/paper.txt" "$weird"
for cmd in "run --json --userspace --quiet -m tpc" \
	"replay --json --quiet --dump -m tpc -m cpwc" "storage --json --stream" \
	"trace info --json"; do
	# shellcheck disable=SC2086  # $cmd: the command and its options
	if $P $cmd "$weird" >"$tmp/w.json" 2>"$tmp/err" && json_ok "$tmp/w.json"; then
		ok "$cmd parses"
	else
		bad "$cmd parses"; sed 's/^/    /' "$tmp/err" | head -3
	fi
done
if W=$weird python3 -c 'import json, os, sys; d = json.load(open(sys.argv[1])); assert d["source"] == os.environ["W"]' \
	<($P run --userspace --quiet -m tpc --json "$weird"); then
	ok "run --json: the source name round-trips"
else
	bad "run --json: the source name round-trips"
fi
# Defect: --json --dump put text blocks in strings, keyed by the spec (two
# identical -m gave one key twice); --json --per-access printed CSV.
if $P replay --json --dump -m tpc:entries=2 -m tpc:entries=2 "$weird" | python3 -c 'import json, sys
d = json.load(sys.stdin)["dumps"]
assert len(d) == 2 and d[0]["model"] == d[1]["model"] == "tpc:entries=2", d
assert d[0]["lines"][0]["text"].startswith("entry 0:"), d
assert all("\n" not in l["text"] for l in d[0]["lines"]), d'; then
	ok "replay --json --dump: one object per model, the contents as lines"
else
	bad "replay --json --dump"
fi
if $P replay --json --per-access -m tpc -m cpwc "$tmp/paper.txt" | python3 -c 'import json, sys
rows = [json.loads(l) for l in sys.stdin]
assert len(rows) == 6 and rows[1] == {"va": "0x7f72b010f1f0", "model": "cpwc", "start_level": 4, "accesses": 4}, rows'; then
	ok "replay --json --per-access: JSON lines"
else
	bad "replay --json --per-access"
fi
# an input that fails mid-way on a pipe (printed as it is read): the
# lines so far, then one saying they are incomplete (CSV: "stdin
# malformed" below); with --json an object like the others, so that
# every line stays JSON; exit 1
printf '0x1000\n0x2000\nzzz\n' >"$tmp/broken.txt"
# shellcheck disable=SC2002 # a pipe: the input cannot be checked first
cat "$tmp/broken.txt" | $P replay -q -p --json -m tpc - >"$tmp/broken.jsonl" 2>"$tmp/err"
rc=$?
if [ $rc = 1 ] && grep -q ":3: not a hexadecimal address" "$tmp/err" &&
	python3 -c 'import json, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
assert len(rows) == 3 and rows[2] == {"error": "input is malformed; the lines above are incomplete"}, rows' "$tmp/broken.jsonl"; then
	ok "replay -p --json, input broken mid-way: every line JSON, the last an error object"
else
	bad "replay -p --json, input broken mid-way (exit $rc)"
fi
$P report --userspace --quiet --size small --sweep 5280 -o "$tmp/wrep" gemm >/dev/null 2>&1
if json_ok "$tmp/wrep/results.json"; then
	ok "report's results.json parses"
else
	bad "report's results.json parses"
fi

# Errors: a message naming the problem, a non-zero exit, no table.
printf '0x1000\nzzz\n' >"$tmp/badline.txt"
fails "malformed line number" "badline.txt:2: not a hexadecimal address" "$P" replay -m tpc "$tmp/badline.txt"
if [ ! -s "$tmp/out" ]; then
	ok "nothing printed for malformed input"
else
	bad "output despite malformed input"
fi
fails "per-access malformed" ":2: not a hexadecimal" "$P" replay -p -m tpc "$tmp/badline.txt"
if [ ! -s "$tmp/out" ]; then
	ok "per-access prints nothing for a malformed file"
else
	bad "per-access half-printed"
fi
# Defect: an address no run takes (at or above 2^57) was found only as
# the file was replayed, after -p had printed its header and lines, and
# the output ended "# error" as a pipe's does: now the file's check
# before printing refuses it (with -j too), nothing on stdout.
printf '0x7f0000001000\n0x200000000000000\n' >"$tmp/b57.txt"
for j in '' -j; do
	fails "replay -p $j: an address above 2^57 in a file, before printing" \
		"address 2 of the stream, 0x200000000000000, is not a user address" \
		"$P" replay -p $j -m tpc "$tmp/b57.txt"
	if [ ! -s "$tmp/out" ] && [ "$(wc -l <"$tmp/err")" = 1 ]; then
		ok "replay -p $j: nothing printed for it, said once"
	else bad "replay -p $j: $(wc -l <"$tmp/out") lines printed"; fi
done
if ! printf '0x1000\nzzz\n' | $P replay -p -m tpc - >"$tmp/out" 2>"$tmp/err" &&
	tail -1 "$tmp/out" | grep -q "^# error"; then
	ok "stdin malformed: marked incomplete"
else
	bad "stdin malformed"
fi
fails "unknown model" "unknown model 'foo'" "$P" replay -m foo "$tmp/paper.txt"
fails "zero entries" "must not be zero" "$P" replay -m tpc:entries=0 "$tmp/paper.txt"
fails "non-power-of-two" "not a power of two" "$P" replay -m cpwc:l4=3 "$tmp/paper.txt"
fails "trailing garbage" "unexpected" "$P" replay -m tpc:entries=4x "$tmp/paper.txt"
fails "budget too small for this model" "nothing fits" "$P" replay -b 150 -m tpc "$tmp/paper.txt"
fails "budget too small for any model" "give a number from" "$P" replay -b 100 -m tpc "$tmp/paper.txt"
# Defect: a bad -m SPEC exited 1 (refused only as the run made the
# models), where every other bad option value is a usage error (exit 2);
# now refused as one, by each command that takes -m (replay and run, its
# timed run too).
refuses "replay -m: a bad value is a usage error" "model 'tpc:entries=zz': tpc: entries needs a decimal value" \
	"$P" replay -m tpc:entries=zz "$tmp/paper.txt"
refuses "replay -m: an unknown model is a usage error" "model 'nosuch': unknown model 'nosuch'" \
	"$P" replay -m nosuch "$tmp/paper.txt"
refuses "replay -m: a spec the budget cannot size is a usage error" "nothing fits" \
	"$P" replay -b 150 -m tpc "$tmp/paper.txt"
refuses "replay -m: a level the table lacks is a usage error" "l5 is for walks of 5 levels" \
	"$P" replay -m cpwc:l5=2 "$tmp/paper.txt"
refuses "run -u -m: an unknown model is a usage error" "model 'nosuch': unknown model" \
	"$P" run -u -q -w gemm -m tpc -m nosuch
refuses "run -u -m: a bad value is a usage error" "model 'tpc:entries=zz'" \
	"$P" run -u -q "$tmp/paper.txt" -m tpc:entries=zz
refuses "run --timing -m: an unknown model is a usage error" "model 'nosuch': unknown model" \
	"$P" run -u -q --timing -w gemm -m nosuch
refuses "run (module) -m: an unknown model is a usage error, before the module" \
	"model 'nosuch': unknown model" "$P" run -q -w gemm -m nosuch
# Defect: stc:ways=7 complained of an l3=10 the user never gave, and
# tpc:ways=4 at 5 levels failed rather than sizing to a multiple of 4.
fails "a shape on the default size says so" "the default size: give the sizes" \
	"$P" replay -m stc:ways=7 "$tmp/paper.txt"
if "$P" replay -b 5280 -l 5 -m tpc:ways=4 "$tmp/paper.txt" 2>"$tmp/err" |
	grep -q "tpc:entries=16,ways=4"; then
	ok "tpc:ways=4 at 5 levels: sized to the largest multiple of 4 (16)"
else bad "tpc:ways=4 at 5 levels: $(cat "$tmp/err")"; fi
fails "no model" "give at least one --model" "$P" replay "$tmp/paper.txt"
fails "missing file" "No such file" "$P" replay -m tpc "$tmp/nonexistent"
fails "bad levels" "takes 4 or 5" "$P" replay --levels 3 -m tpc "$tmp/paper.txt"
fails "bad range" "bad range" "$P" replay --huge-2m 5-1 -m tpc "$tmp/paper.txt"
# strtoull() alone took these: a negative end (2^64 - 0x200000), spaces,
# a sign, a second 0x
for r in 0--200000 " 0- 200000" 0-+200000 0-0x0x200000; do
	fails "bad range '$r'" "bad range" "$P" replay --huge-2m "$r" -m tpc "$tmp/paper.txt"
done
if "$P" replay -q --huge-2m 0x0-0X200000 -m tpc "$tmp/paper.txt" >/dev/null; then
	ok "a range with 0x and 0X prefixes"
else
	bad "a range with 0x and 0X prefixes refused"
fi
head -c 12 "$tmp/paper.bin" >"$tmp/trunc.bin"
fails "truncated binary" "truncated record" "$P" replay -m tpc "$tmp/trunc.bin"
printf 'PWCSIMXX' >"$tmp/magic.bin"
fails "bad magic" "bad magic" "$P" replay -m tpc --format binary "$tmp/magic.bin"
fails "unknown command" "unknown command" "$P" frobnicate

# More models than a pwcsim.ko session holds: run --userspace and replay
# take up to RUN_MAX_MODELS (64), each model as it is alone (one model set,
# whatever its size); the module path keeps 16.
many=()
for i in $(seq 1 20); do many+=(-m "tpc:entries=$i"); done
if $P run --userspace --quiet --json "${many[@]}" "$tmp/paper.txt" >"$tmp/many.json" 2>"$tmp/err" &&
	$P run --userspace --quiet --json -m tpc:entries=20 "$tmp/paper.txt" >"$tmp/one.json" &&
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["models"]
o = json.load(open(sys.argv[2]))["models"]
assert len(m) == 20 and len(o) == 1, (len(m), len(o))
assert [r["model"] for r in m] == ["tpc:entries=%d" % i for i in range(1, 21)]
assert m[19] == o[0], (m[19], o[0])' "$tmp/many.json" "$tmp/one.json"; then
	ok "run --userspace with 20 models"
else
	bad "run --userspace with 20 models"; sed 's/^/    /' "$tmp/err" | head -3
fi
for i in $(seq 21 65); do many+=(-m "tpc:entries=$i"); done
fails "run --userspace: 65 models" "at most 64 models" \
	"$P" run --userspace --quiet "${many[@]}" "$tmp/paper.txt"
# Defect: on pwcsim.ko's backend more models than a session holds exited
# 1 once the run began, where a bad option exits 2; now refused before the
# module is opened, naming the limit (so here, with no module: a 16th
# model is no usage error, exit 1 for the missing device).
refuses "run (module): 20 models" "at most 16 models on pwcsim.ko's backend" \
	"$P" run --quiet "${many[@]:0:40}" "$tmp/paper.txt"
refuses "run (module): 17 models" "at most 16 models on pwcsim.ko's backend" \
	"$P" run --quiet "${many[@]:0:34}" "$tmp/paper.txt"
"$P" run --quiet "${many[@]:0:32}" "$tmp/paper.txt" >/dev/null 2>"$tmp/err"
rc=$?
if [ $rc != 2 ]; then
	ok "run (module): 16 models are no usage error (exit $rc)"
else
	bad "run (module): 16 models refused"; sed 's/^/    /' "$tmp/err" | head -3
fi
# Defect: on pwcsim.ko's backend a spec good at 4 levels but not at the
# module's (or at 5 but not at 4) passed the check, which tried both, and
# the run exited 1 once the module said its levels.  The kernel's paging
# levels (the module's) are now told before the module is opened and the
# spec refused at them, exit 2 naming them, as is a --levels the kernel
# does not use.  On any host one of each pair is refused: stc:l5=2 and
# --levels 5 on 4 levels, tpc in 250 bits and --levels 4 on 5 levels.
kernel_rc() {	# kernel_rc ARGS...: run's exit, "2:L" if refused at L levels
	local rc
	"$P" run --quiet "$@" "$tmp/paper.txt" >/dev/null 2>"$tmp/err"; rc=$?
	[ $rc = 2 ] && rc=2:$(sed -n "s/.*the kernel\('s\| uses\) \([45]\)-level paging, which pwcsim.ko walks.*/\2/p" "$tmp/err")
	echo "$rc"
}
got="$(kernel_rc -m stc:l5=2) $(kernel_rc -b 250 -m tpc) $(kernel_rc --levels 5) $(kernel_rc --levels 4)"
case $got in
"2:4 "[01]" 2:4 "[01] | [01]" 2:5 "[01]" 2:5")
	ok "run (module): specs and --levels checked at the kernel's levels before the module is opened ($got)" ;;
*) bad "run (module): specs and --levels at the kernel's levels ($got)"; sed 's/^/    /' "$tmp/err" | head -3 ;;
esac
if $P replay -q --json "${many[@]:0:40}" "$tmp/paper.txt" >"$tmp/many-replay.json" \
	2>"$tmp/err" &&
	python3 -c 'import json, sys
m = json.load(open(sys.argv[1]))["models"]
r = json.load(open(sys.argv[2]))["models"]
assert len(r) == 20 and r == m, (len(r), len(m))' "$tmp/many.json" "$tmp/many-replay.json"; then
	ok "replay with 20 models: run --userspace's rows"
else
	bad "replay with 20 models"; sed 's/^/    /' "$tmp/err" | head -3
fi
fails "replay: 65 models" "at most 64 models" \
	"$P" replay "${many[@]}" "$tmp/paper.txt"

# gen on the shared options: every bad option a message and a non-zero exit.
fails "gen --size" "size takes small, sampled or full" "$P" gen --size huge gemm
fails "gen --seed" "seed takes a number" "$P" gen --seed x gemm
fails "gen --format" "format takes text, binary or traceg" "$P" gen --format lackey gemm
# an address the models would take for another (bits at 57 and above
# are not keyed): refused; one above 4-level paging's user addresses:
# replayed (bits 56..48 kept as tags above L4) with a warning, once
printf '0x1000\n0xffff800000001000\n' >"$tmp/kaddr.txt"
# its place counted over the blocks the engine feeds (not within one)
python3 -c 'print("\n".join(["0x1000"] * 70000 + ["0xffff800000001000"]))' >"$tmp/kaddr2.txt"
fails "a bad address past the first block: its place in the whole stream" \
	"address 70001 of the stream, 0xffff800000001000, is not a user address" \
	"$P" replay -q -m tpc "$tmp/kaddr2.txt"
fails "an address at bit 57 or above, named with its place" "address 2 of the stream, 0xffff800000001000, is not a user address" \
	"$P" replay -q -l 5 -m tpc "$tmp/kaddr.txt"
printf '0x1000\n0x1000000001000\n0x2000000001000\n' >"$tmp/high.txt"
if "$P" replay -q -m tpc "$tmp/high.txt" >/dev/null 2>"$tmp/err" &&
	[ "$(grep -c 'warning: address 2 of the stream, 0x1000000001000, is above 4-level' "$tmp/err")" = 1 ] &&
	[ "$(wc -l <"$tmp/err")" = 1 ] &&
	"$P" replay -q -l 5 -m tpc "$tmp/high.txt" 2>"$tmp/err" >/dev/null &&
	[ ! -s "$tmp/err" ]; then
	ok "an address above 2^47 with 4 levels: one warning; with 5 levels none"
else
	bad "an address above 2^47: $(head -2 "$tmp/err")"
fi
# Defect: with 5 levels, one at bit 56 (above 5-level paging's user
# addresses, 0xffffffffffffff, as the refusal at bit 57 says) was
# replayed without a word; now warned as at 4 levels above 2^47
printf '0x1000\n0x100000000001000\n0x100000000002000\n' >"$tmp/high56.txt"
if "$P" replay -q -l 5 -m tpc "$tmp/high56.txt" >/dev/null 2>"$tmp/err" &&
	[ "$(grep -c 'warning: address 2 of the stream, 0x100000000001000, is above 5-level' "$tmp/err")" = 1 ] &&
	[ "$(wc -l <"$tmp/err")" = 1 ]; then
	ok "an address at bit 56 with 5 levels: one warning"
else
	bad "an address at bit 56 with 5 levels: '$(head -2 "$tmp/err")'"
fi
fails "run: --walkers without --timing" "--walkers is an option of the timed IOMMU: it needs --timing" \
	"$P" run -u -q -m tpc --walkers 4 -w 2DCONV
# Defect: report's usage errors of its workloads and budget exited 1 (gen
# refuses an unknown workload with 2).
refuses "report: a workload named twice" "workload '2dconv' named twice" \
	"$P" report -u -q -o "$tmp/twice" 2DCONV 2dconv
[ -e "$tmp/twice" ] && bad "report: a workload named twice made its directory"
refuses "report: an unknown workload" "unknown workload 'nope'" \
	"$P" report -u -q -o "$tmp/twice" 2mm nope
refuses "report -b 200: below the report's range" \
	"--budget-bits 200: the report needs 976 to [0-9]* bits" \
	"$P" report -u -q -o "$tmp/twice" -b 200 2mm
refuses "report --sweep 200: a sized model fits nothing" \
	"--sweep budget 200: model" \
	"$P" report -u -q -o "$tmp/twice" --sweep 200 2mm
[ -e "$tmp/twice" ] && bad "report: a refused workload or budget made its directory"
# options that would be ignored: refused, saying what they need
fails "storage --capacities without --stream" "--capacities needs --stream FILE" \
	"$P" storage --capacities 4
fails "trace info --pid on a text trace" "--pid keeps one process's samples of a perf trace" \
	"$P" trace info -p 5 "$tmp/paper.txt"
fails "trace convert --pid on a text trace" "--pid keeps one process's samples" \
	"$P" trace convert -p 5 "$tmp/paper.txt" "$tmp/pid.out"
[ -e "$tmp/pid.out" ] && bad "trace convert --pid refused: its output made"
refuses "gen --allocations --format binary" "--format is an option of the address stream: --allocations prints a table" \
	"$P" gen -a -f binary gemm
# Defect: -o DIR/ (a trailing slash) failed ("DIR/.tmpXXXXXX"), and the
# directory was made 0700 (mkdtemp()'s) whatever the umask
if (umask 027 && "$P" gen 2DCONV -q --format traceg -n 100 -o "$tmp/tgslash/") &&
	[ "$(stat -c %a "$tmp/tgslash")" = 750 ] &&
	[ -s "$tmp/tgslash/kernelslist.g" ] &&
	[ -z "$(find "$tmp" -maxdepth 1 -name 'tgslash.tmp*')" ]; then
	ok "gen --format traceg -o DIR/: DIR made, mode from the umask (750)"
else
	bad "gen --format traceg -o DIR/: $(stat -c %a "$tmp/tgslash" 2>&1)"
fi
# Defect: -o DIR in a missing or non-directory parent named the
# temporary directory (DIR.tmpXXXXXX), a path the user never gave
: >"$tmp/tgfile"
fails "gen --format traceg -o FILE/DIR" "^pwcsim: $tmp/tgfile/d: Not a directory\$" \
	"$P" gen 2DCONV -q --format traceg -n 100 -o "$tmp/tgfile/d"
fails "gen --limit" "limit takes a number" "$P" gen --limit -1 gemm
# Defect: --limit 0 was taken as no limit (the whole run, maybe billions)
refuses "gen --limit 0" "limit takes a number from 1" "$P" gen -q --limit 0 gemm
[ -s "$tmp/out" ] && bad "gen --limit 0: addresses printed"
fails "gen unknown option" "usage: pwcsim gen" "$P" gen --budget-bits 5 gemm
fails "gen no NAME" "give one workload NAME" "$P" gen
fails "gen --list NAME" "list takes no NAME" "$P" gen --list gemm
# Defect: replay --help sent Accel-Sim traces' stream to "--iotlb-at",
# which replay refuses: every option a --help names (but another
# command's, "pwcsim gen --list") is one the command takes.  Two unknown
# options after it: an option taking a value takes the first, the second
# ends the parse, nothing runs.
helpbad=
for c in replay run gen report storage info "trace convert" "trace info"; do
	# shellcheck disable=SC2086 # $c is words
	for o in $("$P" $c --help 2>&1 | sed 's/(pwcsim [a-z]* --[a-z-]*)//g' |
			grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
		# shellcheck disable=SC2086
		"$P" $c "$o" --zz-not-an-option --zz-not-an-option </dev/null 2>&1 |
			grep -q "unrecognized option '$o'" && helpbad="$helpbad $c:$o"
	done
done
if [ -z "$helpbad" ]; then ok "every option a --help names is taken by its command"
else bad "options a --help names, refused by the command:$helpbad"; fi
# Defect: gen --list and replay --list took options and ignored them
refuses "gen --list --window" "list takes no NAME nor option" \
	"$P" gen --list --window 5
[ -s "$tmp/out" ] && bad "gen --list --window: the list printed"
refuses "replay --list -m" "list takes nothing else" "$P" replay --list -m tpc
[ -s "$tmp/out" ] && bad "replay --list -m: the list printed"
fails "gen unknown workload" "unknown workload 'nope'" "$P" gen nope
check "gen --limit --format binary" "$P" gen --size small --iotlb-at coalesced --limit 3 --format binary gemm
check "gen: header + 3 records" test "$(stat -c %s "$tmp/out")" = 32
# gen --allocations: the host code's allocations in program order, as
# GPGPU-Sim's cudaMalloc places them (from 0xC0000000, 256-byte rounding),
# those made after a launch included (backprop's delta and old weights).
if "$P" gen --size full --allocations --json backprop >"$tmp/alloc.json" &&
	python3 - "$tmp/alloc.json" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
f = [x for x in d["allocations"] if x["call"] == "cudaFree"]
a = [x for x in d["allocations"] if x["call"] == "cudaMalloc"]
assert [x["buffer"] for x in f] == ["input_cuda", "output_hidden_cuda",
    "input_hidden_cuda", "hidden_partial_sum", "input_prev_weights_cuda",
    "hidden_delta_cuda"], f
assert all(x["source"].startswith("backprop/backprop_cuda.cu:18") for x in f)
assert len(a) + len(f) == len(d["allocations"])
assert [x["buffer"] for x in a] == ["input_cuda", "output_hidden_cuda",
    "input_hidden_cuda", "hidden_partial_sum", "hidden_delta_cuda",
    "input_prev_weights_cuda"], a
assert a[0]["address"] == "0xc0000000" and a[1]["address"] == "0xc0040100"
assert a[2]["bytes"] == 65537 * 17 * 4
assert all(x["source"].startswith("backprop/backprop_cuda.cu:") for x in a)
assert all(x["space"] == "global" for x in a)
for x, y in zip(a, a[1:]):
    assert int(y["address"], 16) == int(x["address"], 16) + (x["bytes"] + 255) // 256 * 256
assert d["heap_end"] == hex(int(a[-1]["address"], 16) + (a[-1]["bytes"] + 255) // 256 * 256)
X
then ok "gen --allocations --json: backprop's six buffers in program order, packed, and their six cudaFree calls"
else bad "gen --allocations"; fi
# --allocator reuse: streamcluster's work_mem_d, freed after each pgain
# call (streamcluster_cuda.cu:369), is placed in the hole the last one
# left; GPGPU-Sim's allocator gives every call a new address.
sc_addrs() {	# the distinct work_mem_d addresses, then the calls
	"$P" gen --size small --allocator "$1" --allocations --json streamcluster |
		python3 -c '
import json, sys
a = [x for x in json.load(sys.stdin)["allocations"]
     if x["buffer"] == "work_mem_d" and x["call"] == "cudaMalloc"]
print(len({x["address"] for x in a}), len(a))'
}
read -r bd bn < <(sc_addrs gpgpu-sim)
read -r rd rn < <(sc_addrs reuse)
if [ "$bd" = "$bn" ] && [ "$rn" = "$bn" ] && [ "$rd" -le 3 ] && [ "$bn" -gt 10 ]; then
	ok "gen --allocator reuse: streamcluster's $bn work_mem_d in $rd places (GPGPU-Sim's: $bd)"
else bad "gen --allocator reuse: $bd/$bn, $rd/$rn"; fi
# The options that take a name from a list (parse_name()): each name
# taken, and a bad one refused with the whole list, in the tables' order.
name_list() {	# name_list A B C: "A, B or C"
	local out=$1; shift
	while [ $# -gt 1 ]; do out="$out, $1"; shift; done
	[ $# -eq 1 ] && out="$out or $1"
	printf '%s' "$out"
}
for spec in "gen --inputs:default table1" "gen --layout:packed aligned" \
	"gen --allocator:gpgpu-sim reuse" \
	"gen --iotlb-at:coalesced l1-miss l2-miss l2-input" \
	"run --walk-sched:fcfs simt path" "run --thp:madvise always never"; do
	cmd=${spec%% *}; opt=${spec#* }; opt=${opt%%:*}
	read -ra names <<<"${spec#*:}"
	if [ "$cmd" = gen ]; then
		for n in "${names[@]}"; do
			check "gen $opt $n taken" "$P" gen --size sampled --limit 1 "$opt" "$n" gemm
		done
	fi
	fails "$cmd $opt bogus refused, the list given" \
		"^pwcsim: $opt takes $(name_list "${names[@]}")\$" \
		"$P" "$cmd" "$opt" bogus -m none -u "$tmp/paper.txt"
done
# Defect: --inputs table1 at --size small (the default) was ignored --
# the workloads take their own smaller input first -- and the output
# still said "inputs table1" (gen's allocations, run's line, a report's
# summary and its table1-inputs scenario, the baseline again).  Now, as
# with --data, the size is full unless --size sampled is given, and
# small is refused.
for c in "gen STO" "run -u -q -m none -w STO" "report -u -q -o $tmp/rt1 STO"; do
	# shellcheck disable=SC2086 # the command's words
	refuses "$c --inputs table1 --size small" \
		"--size small is the workload's own smaller input; --inputs table1 replaces the inputs of the sampled and full sizes" \
		"$P" $c --inputs table1 --size small
done
if "$P" gen -q --inputs table1 --allocations AES >"$tmp/t1a" &&
	grep -qx "size: full" "$tmp/t1a" && grep -qx "inputs: table1" "$tmp/t1a" &&
	grep -q "^0xc0000000  *16777216  *cudaMalloc  *global  *d_Input " "$tmp/t1a"; then
	ok "gen --inputs table1: size full by default, AES's 16 MiB input"
else bad "gen --inputs table1's default size"; "$P" gen -q --inputs table1 --allocations AES | head -5; fi
if "$P" gen --allocations MUM |
	grep -q "^0x[0-9a-f]* .* cudaMallocArray *cudaArray *d_node_tex_array *MUM/mummergpu.cu:395$"; then
	ok "gen --allocations: a cudaMallocArray shows as a cudaArray, with its source line"
else bad "gen --allocations MUM"; fi
# Defect: the allocations were labelled with the workload and --size
# only, though --inputs, --layout, --allocator and --seed (BFS's graph)
# change them
if "$P" gen -a -j --inputs table1 --layout aligned --allocator reuse --seed 7 BFS |
	python3 -c 'import json, sys
d = json.load(sys.stdin)
assert (d["inputs"], d["layout"], d["allocator"], d["seed"]) == ("table1", "aligned", "reuse", 7), d' 2>/dev/null &&
	"$P" gen -a BFS | grep -qx "inputs: default"; then
	ok "gen --allocations: labelled with the inputs, layout, allocator and seed"
else bad "gen --allocations: the inputs, layout, allocator or seed missing"; fi
# Defect: the header printed "IOTLB 0 lookups, 0 hits (0.00%)" with no
# IOTLB at all, and a 0.00 % rate of nothing looked up.
if "$P" run -u -q -w gemm | head -1 | grep -q "; IOTLB none; 0 walks$" &&
	"$P" run -u -q -w gemm --tlb 64 | head -1 | grep -q "; IOTLB 64 entries: 0 lookups, 0 hits (-); " &&
	"$P" run -u -q -w 2DCONV --tlb 64 | head -1 | grep -q "; IOTLB 64 entries: [1-9][0-9]* lookups, [0-9]* hits ([0-9.]*%); "; then
	ok "run's header: IOTLB none, a rate of nothing '-', else lookups and hits"
else bad "run header IOTLB"; fi
# Defect: run's header and JSON gave the IOTLB's lookups and hits but not
# its size (-t 8 and -t 64 told apart by the rate alone)
if "$P" run -u -q -w 2DCONV -t 8,2m -m tpc | head -1 | grep -q "; IOTLB 8 entries (2 MiB ones too): [0-9]* lookups" &&
	"$P" run -u -q -j -w 2DCONV -t 8,2m -m tpc | python3 -c 'import json, sys
d = json.load(sys.stdin)
assert (d["tlb_entries"], d["tlb_pages"]) == (8, "2m"), d' 2>/dev/null &&
	"$P" run -u -q -j -w 2DCONV -m tpc | python3 -c 'import json, sys
d = json.load(sys.stdin)
assert (d["tlb_entries"], d["tlb_pages"]) == (0, "4k"), d' 2>/dev/null; then
	ok "run: the IOTLB's size in the header and the JSON"
else bad "run: the IOTLB's size missing from the header or the JSON"; fi
# Defect: run -t 0,2m said "IOTLB none" in its header but "tlb_pages":
# "2m" in its JSON; 0 entries are no IOTLB, and the JSON now says so as
# for -t 0 (0 entries, "4k").
if "$P" run -u -q -w 2DCONV -t 0,2m -m tpc | head -1 | grep -q "; IOTLB none; " &&
	"$P" run -u -q -j -w 2DCONV -t 0,2m -m tpc | python3 -c 'import json, sys
d = json.load(sys.stdin)
assert (d["tlb_entries"], d["tlb_pages"]) == (0, "4k"), d' 2>/dev/null; then
	ok "run -t 0,2m: no IOTLB in the header and the JSON alike"
else bad "run -t 0,2m: the header and the JSON disagree"; fi
fails "gen --json without --allocations" "json goes with --allocations" \
	"$P" gen --json gemm
check "help" "$P" --help

# trace on the shared options: every bad option a message and a non-zero exit.
fails "trace info --format" "a trace format is auto" "$P" trace info --format zz "$tmp/paper.txt"
fails "trace info --pid" "pid takes a process id" "$P" trace info --pid 0 "$tmp/paper.txt"
fails "trace info --from" "usage: pwcsim trace info" "$P" trace info --from text "$tmp/paper.txt"
fails "trace info no FILE" "give one FILE" "$P" trace info
fails "trace convert --to" "to takes text or binary" "$P" trace convert --to perf "$tmp/paper.txt" -
fails "trace convert --from" "a trace format is auto" "$P" trace convert --from zz "$tmp/paper.txt" -
fails "trace convert --json" "usage: pwcsim trace convert" "$P" trace convert --json "$tmp/paper.txt" -
fails "trace convert one operand" "give IN and OUT" "$P" trace convert "$tmp/paper.txt"
fails "trace convert bad output" "$tmp/nodir/x" "$P" trace convert "$tmp/paper.txt" "$tmp/nodir/x"
fails "trace nothing" "usage: pwcsim trace convert|info" "$P" trace frob
check "trace convert --format (= --from) text" "$P" trace convert --format text --to text "$tmp/paper.txt" -
check "trace convert: 3 lines" test "$(wc -l <"$tmp/out")" = 3

# report: a small two-workload report; its numbers agree with each other.
# (2DCONV: gemm's small input, copied in, fits in the L2 and makes no walk)
if $P report --userspace --size small --sweep 2000,5280 -o "$tmp/rep" 2DCONV MUM >"$tmp/out" 2>"$tmp/err"; then
	ok "report runs"
else
	bad "report runs"; sed 's/^/    /' "$tmp/err" | head -5
fi
if python3 - "$tmp/rep" <<'X'
import csv, json, sys, os
d = sys.argv[1]
js = json.load(open(os.path.join(d, "results.json")))
rows = list(csv.DictReader(open(os.path.join(d, "table8.csv"))))
assert [r["workload"] for r in rows] == ["2DCONV", "MUM"]
for r, w in zip(rows, js["workloads"]):
    m = {x["model"]: x for x in w["models"]}
    assert len(m) >= 6
    for name in m:
        assert int(r[name + "_accesses"]) == m[name]["accesses"]
        assert abs(float(r[name + "_l2_hit_rate"]) - m[name]["l2_hit_rate"]) < 1e-3
        x = m[name]
        assert x["l2_hits"] + x["l3_hits"] + x["l4_hits"] + x["misses"] == x["lookups"] == w["walks"]
        assert x["accesses"] <= x["l2_hits"] + 2 * x["l3_hits"] + 3 * x["l4_hits"] + 4 * x["misses"]
    red = 100.0 * (m["cpwc"]["accesses"] - m["tpc"]["accesses"]) / m["tpc"]["accesses"]
    assert abs(red - w["cpwc_vs_tpc"]) < 1e-3 and abs(red - float(r["cpwc_vs_tpc"])) < 1e-3
    assert w["cpwc_redundant"] == 0
paper = {p["figure"]: p for p in js["paper"]}
mean_tpc = sum(float(r["tpc_l2_hit_rate"]) for r in rows) / 2
assert abs(paper["mean L2 hit rate, TPC (%)"]["ours"] - mean_tpc) < 1e-3
assert paper["mean L2 hit rate, TPC (%)"]["paper"] == 46.5
t6 = {r["bits"]: r for r in csv.DictReader(open(os.path.join(d, "table6.csv")))}
assert t6["5280"]["tpc_entries"] == "24" and t6["5280"]["cpwc_entries"] == "62"
sweep = list(csv.DictReader(open(os.path.join(d, "sweep.csv"))))
assert len(sweep) == 8 and {s["bits"] for s in sweep} == {"2000", "5280"}
X
then ok "report: CSV = JSON, sums and reductions from the same runs"; else bad "report consistency"; fi
# Defect: a workload with no walk (gemm small: the L2 holds its data) had
# L2 hit rates, reduction and redundancy of 0 in table8.csv and
# results.json, and the sweep averaged its 0 in (sweep.csv's TPC at the
# report's budget below the summary's mean at the same budget).
if $P report --userspace --size small --sweep 5280 -o "$tmp/rep0" gemm pathfinder >/dev/null 2>"$tmp/err" &&
	python3 - "$tmp/rep0" <<'X'
import csv, json, sys, os
d = sys.argv[1]
js = json.load(open(os.path.join(d, "results.json")))
t8 = {r["workload"]: r for r in csv.DictReader(open(os.path.join(d, "table8.csv")))}
g = t8["gemm"]
assert g["walks"] == "0" and int(t8["pathfinder"]["walks"]) > 0
assert all(g[k] == "" for k in g if k.endswith("_l2_hit_rate") or k.endswith("_redundant") or k == "cpwc_vs_tpc"), g
w = [x for x in js["workloads"] if x["workload"] == "gemm"][0]
assert w["cpwc_vs_tpc"] is None and w["tpc_redundant"] is None, w
sweep = {r["model"]: r for r in csv.DictReader(open(os.path.join(d, "sweep.csv")))}
paper = {p["figure"]: p for p in js["paper"]}
assert abs(float(sweep["tpc"]["mean_l2_hit_rate"]) - paper["mean L2 hit rate, TPC (%)"]["ours"]) < 1e-3
assert abs(float(sweep["tpc"]["mean_l2_hit_rate"]) - float(t8["pathfinder"]["tpc_l2_hit_rate"])) < 1e-3
X
then ok "report: a workload with no walk has no rates, and the sweep's mean leaves it out"
else bad "report: a workload with no walk: $(head -2 "$tmp/err")"; fi
if python3 - "$tmp/rep" <<'X'
import csv, json, sys, os
d = sys.argv[1]
js = json.load(open(os.path.join(d, "results.json")))
cells = list(csv.DictReader(open(os.path.join(d, "wins.csv"))))
assert len(cells) == 3 * 15 * 11 == len(js["wins"])
for c, j in zip(cells, js["wins"]):
    assert int(c["regions"]) == j["regions"] and int(c["cpwc_accesses"]) == j["cpwc_accesses"]
    assert abs(float(c["cpwc_tpc_accesses"]) - int(c["cpwc_accesses"]) / int(c["tpc_accesses"])) < 1e-3
cell = {(c["bits"], c["regions"], c["locality"]): c for c in cells}
# cyclic over 32 regions: LRU TPC of 24 misses, CPWC of 62 blocks hits
c = cell[("5280", "32", "0.0000")]
assert float(c["tpc_l2_hit_rate"]) == 0 and float(c["cpwc_l2_hit_rate"]) == 100, c
assert {c["bits"] for c in cells} == {"5280", "10560", "21120"}
pts = list(csv.DictReader(open(os.path.join(d, "wins_workloads.csv"))))
assert [p["workload"] for p in pts] == ["2DCONV", "MUM"] and len(js["wins_workloads"]) == 2
for p, w in zip(pts, js["workloads"]):
    assert int(p["walks"]) == w["walks"], (p, w["walks"])
    assert 0 <= float(p["locality"]) <= 1 and int(p["regions"]) >= 1
    m = {x["model"]: x for x in w["models"]}
    assert abs(float(p["cpwc_tpc_accesses"]) - m["cpwc"]["accesses"] / m["tpc"]["accesses"]) < 1e-3
X
then ok "report: the wins map (CSV = JSON, a cyclic cell, workloads' walks as the report's)"; else bad "report wins map"; fi
if grep -q "^mean L2 hit rate, TPC (%) *46.50" "$tmp/rep/summary.txt" &&
	grep -qF "$(head -n1 "$tmp/rep/summary.txt")" "$tmp/out"; then
	ok "report: summary with the paper's figures beside ours"
else
	bad "report summary"
fi
if command -v gnuplot >/dev/null; then
	for png in figure3.png sweep.png wins.png; do
		if [ "$(head -c 8 "$tmp/rep/$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] &&
			[ "$(stat -c %s "$tmp/rep/$png")" -gt 2000 ]; then
			ok "report: $png is a PNG"
		else
			bad "report: $png"
		fi
	done
fi

# Defect: --dump of a model that holds nothing (a path cache after an empty
# stream) printed a buffer with no terminating NUL (ASan: overflow).
head -c8 "$tmp/paper.bin" >"$tmp/empty.bin"
last=${ALL[${#ALL[@]} - 1]}
if "$P" replay -q --dump "${ALL[@]}" \
	"$tmp/empty.bin" >"$tmp/out" 2>"$tmp/err" && [ ! -s "$tmp/err" ] &&
	[ "$(grep -c "^[a-z]* ([a-z]*[:)]" "$tmp/out")" = $((${#ALL[@]} / 2)) ] &&
	grep -q "^$last ($last" "$tmp/out"; then
	ok "replay --dump of an empty stream: every model, nothing past its text"
else bad "replay --dump of an empty stream"; head -3 "$tmp/err"; fi

# replay --list: the registry's models, each one replay takes, each in
# replay's --help (which is made from the same registry), and each
# parameter one its spec takes
printf '0x1000\n0x200000\n' >"$tmp/two.txt"
listed=0 taken=0 params=0 nparams=0
while read -r name rest; do
	listed=$((listed + 1))
	"$P" replay -q -m "$name" "$tmp/two.txt" 2>/dev/null | grep -q "^$name" &&
		"$P" replay --help | grep -q "[ ,]${name}[[,]*" && taken=$((taken + 1))
	for k in $rest; do
		nparams=$((nparams + 1))
		# a parameter the spec knows: never "unknown parameter"
		"$P" replay -q -m "$name:$k=1" "$tmp/two.txt" 2>&1 |
			grep -q "unknown" || params=$((params + 1))
	done
done < <("$P" replay --list)
if [ "$listed" -ge 6 ] && [ "$taken" = "$listed" ] && [ "$params" = "$nparams" ]; then
	ok "replay --list: $listed models, each taken by replay and in --help, $nparams parameters known"
else bad "replay --list: $taken of $listed models taken, $params of $nparams parameters"; fi
fails "replay --list with a FILE" "takes nothing else" "$P" replay --list "$tmp/two.txt"

# Defect: storage --stream took what replay refuses (the same check now):
# an address past 56 bits, and one above 2^47 at 4 levels with no warning
printf '0x1000\n0xffffffffffffffff\n' >"$tmp/wide.txt"
fails "storage --stream: an address past 56 bits" \
	"address 2 of the stream, 0xffffffffffffffff, is not a user address" \
	"$P" storage --stream "$tmp/wide.txt" --capacities 8
printf '0x1000\n0x100000000000000\n0x100000000001000\n' >"$tmp/high57.txt"
if "$P" storage --stream "$tmp/high57.txt" --capacities 8 >/dev/null 2>"$tmp/err" &&
	[ "$(wc -l <"$tmp/err")" = 1 ] &&
	grep -q "warning: address 2 of the stream, 0x100000000000000, is above 4-level" "$tmp/err" &&
	"$P" storage -l 5 --stream "$tmp/high57.txt" --capacities 8 >/dev/null 2>"$tmp/err" &&
	[ "$(wc -l <"$tmp/err")" = 1 ] &&
	grep -q "warning: address 2 of the stream, 0x100000000000000, is above 5-level" "$tmp/err"; then
	ok "storage --stream above 2^47 with 4 levels, at bit 56 with 5: one warning"
else bad "storage --stream above 2^47: $(head -2 "$tmp/err")"; fi

# Defect: a second -w (run) or --sizes (replay) replaced the first, which
# ran as if never given; --shard with a K/N over 31 bytes was cut (a
# shard "0/3" from "0/000...033"); each refused.
refuses "run -w twice" "-w given twice" "$P" run -u -q -w 2mm -w gemm
# (a model with a sweep of sizes, as replay --help names them)
sw=$("$P" replay --help | sed -n 's/.*sweep of sizes: *\([a-z0-9_]*\).*/\1/p')
refuses "replay --sizes twice" "--sizes given twice" \
	"$P" replay -q -m tpc --sizes "$sw:4" --sizes "$sw:8" "$tmp/paper.txt"
refuses "report --shard over 31 bytes" "--shard takes K/N" \
	"$P" report -u -q --shard "0/$(printf '%028d' 0)33" -o "$tmp/x" gemm
# Defect: storage's text titles named no paging level, where the bits
# differ at 4 and 5.
if [ "$("$P" storage --levels 5 | head -1)" != "$("$P" storage --levels 4 | head -1)" ] &&
	"$P" storage --levels 5 | grep -q "^Table 6: entries that fit in N bits, 5-level paging$"; then
	ok "storage: the titles give the paging levels"
else bad "storage titles: $("$P" storage --levels 5 | head -1)"; fi
# Defect: run -f perf on a generated workload printed "perf: 0 samples of
# other processes skipped"; a trace's options with a workload are refused
refuses "run -w -f perf" "--format is an option of a trace: it needs a trace FILE" \
	"$P" run -u -q -w 2DCONV -f perf
refuses "run -w --with-ifetch" "--with-ifetch is an option of a trace" \
	"$P" run -u -q -w 2DCONV --with-ifetch
refuses "run -w --trace-order" "--trace-order is an option of a trace" \
	"$P" run -u -q -w 2DCONV --trace-order file
# Defect: a generated workload's options with a trace were ignored (a
# trace, an Accel-Sim one too, is replayed whole: --window applied to
# nothing)
"$P" gen 2DCONV -q --format traceg -n 100 -o "$tmp/tgwin/" 2>/dev/null
for o in "--window 10" "--size full" "--inputs table1" "--layout aligned" \
	"--allocator reuse"; do
	# shellcheck disable=SC2086
	refuses "run FILE $o" "${o% *} is an option of a generated workload: it needs --workload NAME" \
		"$P" run -u -q $o "$tmp/paper.txt"
done
refuses "run TRACEG-DIR --window" "--window is an option of a generated workload" \
	"$P" run -u -q --window 10 "$tmp/tgwin"
check "run -w --window" "$P" run -u -q -w 2DCONV --window 10 --size small
# Defect: the GPU model's options with a trace that does not run on it
# (not an Accel-Sim trace, or one in file order) were taken and ignored;
# so were gen's with --format traceg and --allocations (no kernel runs)
printf '==1== lackey\n L 7f72b010f1f0,8\n S 7f72bc30f1f0,4\n' >"$tmp/lk.txt"
for o in "--seed 3" "--jitter 2" "--warmup 0" "--iotlb-at coalesced"; do
	# shellcheck disable=SC2086
	fails "run LACKEY $o" "${o% *} is an option of the GPU model: it needs an Accel-Sim trace scheduled on it (.*lk.txt is not an Accel-Sim trace)" \
		"$P" run -u -q $o "$tmp/lk.txt"
	# shellcheck disable=SC2086
	fails "run TRACEG-DIR --trace-order file $o" "${o% *} is an option of the GPU model: .*tgwin is read in file order" \
		"$P" run -u -q --trace-order file $o "$tmp/tgwin"
done
check "run TRACEG-DIR --seed --jitter (scheduled: taken)" \
	"$P" run -u -q --seed 3 --jitter 2 "$tmp/tgwin"
fails "trace info TEXT --seed" "--seed is an option of the GPU model" \
	"$P" trace info --seed 3 "$tmp/paper.txt"
fails "trace convert --trace-order file --iotlb-at" "--iotlb-at is an option of the GPU model: .*file order" \
	"$P" trace convert --trace-order file --iotlb-at coalesced "$tmp/tgwin" "$tmp/tgo.bin"
[ -e "$tmp/tgo.bin" ] && bad "trace convert --iotlb-at refused: its output made"
refuses "gen --format traceg --jitter" "--jitter is an option of the GPU model's run of the kernels: --format traceg writes them" \
	"$P" gen 2DCONV -q --format traceg --jitter 2 -o "$tmp/tgj"
# Defect: --window N with --format traceg was taken for --limit N (whole
# launches up to N addresses, byte for byte -n N's), not a window after
# a warm-up, which a trace written and not run has none of: refused.
refuses "gen --format traceg --window" "--window counts the run's addresses after its warm-up: --format traceg writes the kernels" \
	"$P" gen 2DCONV -q --format traceg --window 100 -o "$tmp/tgw"
[ -e "$tmp/tgw" ] && bad "gen --format traceg --window: $tmp/tgw written"
refuses "gen --allocations --warmup" "--warmup is an option of the GPU model's run of the kernels: --allocations" \
	"$P" gen -a --warmup 0 gemm
# Defect: the stream's --window, --limit and --format text with gen
# --allocations were taken and ignored (a dry run: nothing is emitted)
for o in "--window 5" "--limit 3" "--format text"; do
	# shellcheck disable=SC2086
	refuses "gen --allocations $o" "${o% *} is an option of the address stream: --allocations prints a table" \
		"$P" gen -a $o gemm
	[ -s "$tmp/out" ] && bad "gen --allocations $o: output written"
done
# Defect: --trace-order (either order) with a trace that is not an
# Accel-Sim trace was taken and ignored: run, replay, trace info/convert
for o in file scheduled; do
	fails "run LACKEY --trace-order $o" "--trace-order is an option of an Accel-Sim trace: .*lk.txt is not an Accel-Sim trace" \
		"$P" run -u -q -m tpc --trace-order "$o" "$tmp/lk.txt"
	[ -s "$tmp/out" ] && bad "run LACKEY --trace-order $o: output written"
done
fails "replay -p TEXT --trace-order file" "--trace-order is an option of an Accel-Sim trace: .*paper.txt is not" \
	"$P" replay -p -q -m tpc --trace-order file "$tmp/paper.txt"
[ -s "$tmp/out" ] && bad "replay -p --trace-order refused: lines written"
fails "trace info LACKEY --trace-order file" "--trace-order is an option of an Accel-Sim trace" \
	"$P" trace info --trace-order file "$tmp/lk.txt"
fails "trace convert TEXT --trace-order scheduled" "--trace-order is an option of an Accel-Sim trace: .*paper.txt is not" \
	"$P" trace convert --trace-order scheduled "$tmp/paper.txt" "$tmp/too.bin"
[ -e "$tmp/too.bin" ] && bad "trace convert --trace-order refused: its output made"
check "trace info TRACEG-DIR --trace-order file (taken)" \
	"$P" trace info --trace-order file "$tmp/tgwin"
# Defect: --with-ifetch with a trace that has no instruction fetch to add
# (text, binary, perf, an Accel-Sim trace in file order) was taken and
# ignored: run, replay
for f in paper.txt paper.bin; do
	fails "run $f --with-ifetch" "--with-ifetch adds a trace's instruction fetches: it needs a lackey trace .*$f has only data addresses" \
		"$P" run -u -q -m tpc --with-ifetch "$tmp/$f"
	[ -s "$tmp/out" ] && bad "run $f --with-ifetch: output written"
done
: >"$tmp/empty.perf"
fails "replay -f perf --with-ifetch" "--with-ifetch adds .*empty.perf has only data addresses" \
	"$P" replay -q -m tpc -f perf --with-ifetch "$tmp/empty.perf"
fails "replay -p TEXT --with-ifetch" "--with-ifetch adds" \
	"$P" replay -p -q -m tpc --with-ifetch "$tmp/paper.txt"
[ -s "$tmp/out" ] && bad "replay -p --with-ifetch refused: lines written"
fails "run TRACEG-DIR --trace-order file --with-ifetch" "--with-ifetch adds .*tgwin is read in file order" \
	"$P" run -u -q --trace-order file --with-ifetch "$tmp/tgwin"
check "replay LACKEY --with-ifetch (taken)" \
	"$P" replay -q -m tpc --with-ifetch "$tmp/lk.txt"
check "run TRACEG-DIR --with-ifetch (scheduled: taken)" \
	"$P" run -u -q --with-ifetch "$tmp/tgwin"
# Defect: run -u took the module's options and ignored them
for o in "--thp always" "--no-coherence" "--max-footprint 1M"; do
	# shellcheck disable=SC2086
	refuses "run -u $o" "${o% *} is an option of pwcsim.ko's backend: it needs the module (not --userspace)" \
		"$P" run -u -q $o -w 2DCONV
done
refuses "run --pid --max-footprint" "--max-footprint is an option of the shadow process" \
	"$P" run -q --max-footprint 1M -p 1 "$tmp/paper.txt"
# Defect: report -u took --max-footprint, recorded it in results.json and
# ran without it (the synthetic tables have no shadow pages)
refuses "report -u --max-footprint" "--max-footprint is an option of pwcsim.ko's backend: it needs the module (not --userspace)" \
	"$P" report -u -q --max-footprint 1M -o "$tmp/rfoot" gemm
[ -e "$tmp/rfoot" ] && bad "report -u --max-footprint refused: its directory made"
# Defect: report -u recorded max_footprint in results.json, a bound of
# the module's shadow process that a run on synthetic tables does not
# have (--help's default against a real report's: vm-run-test)
"$P" report -u -q --sweep 5280 -o "$tmp/rdeffoot" gemm >/dev/null 2>&1
if python3 -c 'import json, sys; sys.exit("max_footprint" in json.load(open(sys.argv[1]))["config"])' \
	"$tmp/rdeffoot/results.json"; then
	ok "report -u: no max_footprint in results.json's config"
else bad "report -u: max_footprint recorded"; fi
# Defect: pwcsim(1) gave --jitter's default as 3 (the calibration's before
# it moved back to 4): the page's value is the one the runs use
j=$(sed -n 's/^--jitter J .*(default: the calibrated \([0-9.]*\)).*/\1/p' \
	"$(dirname "$0")/../../Documentation/man/pwcsim.1.rst" | sort -u)
if [ -n "$j" ] && python3 -c 'import json, sys
assert float(sys.argv[1]) == json.load(open(sys.argv[2]))["config"]["jitter"]' \
	"$j" "$tmp/rdeffoot/results.json" 2>/dev/null; then
	ok "pwcsim(1): --jitter's default the one used ($j)"
else bad "pwcsim(1): --jitter's default '$j'"; fi
# Defect: --jitter was read by strtod(), which took " 3", "0x1.8p1" and
# "3e0" for 3 (the same stream, exit 0); now digits and a fraction only.
for j in ' 3' 0x1.8p1 3e0 1. .5 -1 101 nan; do
	refuses "--jitter '$j'" "^pwcsim: --jitter takes a decimal number from 0 to 100" \
		"$P" gen 2DCONV -n 200 --jitter "$j"
done
if [ "$("$P" gen 2DCONV -n 200 --jitter 3 | md5sum)" = "$("$P" gen 2DCONV -n 200 --jitter 3.0 | md5sum)" ] &&
	[ "$("$P" gen 2DCONV -n 200 --jitter 0.5 | md5sum)" != "$("$P" gen 2DCONV -n 200 --jitter 3 | md5sum)" ]; then
	ok "--jitter 3 = 3.0, 0.5 read as such"
else bad "--jitter's decimals"; fi
refuses "run --timing --no-coherence" "--no-coherence is an option of an untimed run" \
	"$P" run -q --timing --no-coherence -w 2DCONV

# Defect: replay -p --dump printed no dump (a dump is no CSV row)
refuses "replay -p --dump" "--dump follows the table: it needs the table (not -p" \
	"$P" replay -q -p --dump -m tpc "$tmp/paper.txt"

# Defect: info and version ignored extra operands
refuses "info with an operand" "pwcsim info: unexpected argument 'extra'" \
	"$P" info extra
refuses "version with an operand" "pwcsim version: unexpected argument 'x'" \
	"$P" version x
check "version --help" "$P" version --help

# Defect: storage's lists took empty items and repeats (strtok_r); now as
# --sweep's: increasing, each once, no empty item
refuses "storage --entries ,8,,8" "--entries ',8,,8': '' is not a number" \
	"$P" storage --entries ,8,,8
refuses "storage --entries 8,8" "increasing order, each once (8 after 8)" \
	"$P" storage --entries 8,8
refuses "storage --bits 2000,1000" "increasing order, each once (1000 after 2000)" \
	"$P" storage --bits 2000,1000
refuses "storage --capacities 8," "--capacities '8,': '' is not a number" \
	"$P" storage --stream "$tmp/paper.txt" --capacities 8,
check "storage --entries 8,16 --bits 5280" "$P" storage --entries 8,16 --bits 5280

# Defect: run -u -w 2mm (its small input, copied in, fits in the caches)
# printed 0 addresses and nothing else; gen said why.  Both say it now.
if "$P" run -u -w 2mm >"$tmp/out" 2>"$tmp/err" &&
	grep -q '^2mm (size small): 0 addresses' "$tmp/out" &&
	grep -q 'pwcsim run: no request reached the IOTLB at --iotlb-at l2-miss.*try --size full' "$tmp/err" &&
	"$P" run -u -q -w 2mm >/dev/null 2>"$tmp/err" && [ ! -s "$tmp/err" ]; then
	ok "run -u -w 2mm (no request): says why, not with -q"
else bad "run -u -w 2mm: $(head -2 "$tmp/err")"; fi
# Defect: run --help and pwcsim(1) gave -q as "no progress line on
# stderr" alone: the note above, which -q silences too, was unsaid.
if "$P" run --help | grep -A1 -- '-q, --quiet' | grep -q "nor the note of a" &&
	grep -A1 -- '^-q, --quiet  *no progress line on stderr, nor the note of a$' \
	"$(dirname "$0")/../../Documentation/man/pwcsim.1.rst" |
	grep -q "workload with no request at the IOTLB's tap"; then
	ok "run -q: --help and pwcsim(1) say it silences the note too"
else bad "run -q: --help or pwcsim(1) leave the note unsaid"; fi

# Defect: report -t 0 (no IOTLB) gave table8.csv an IOTLB hit rate of
# 0.0000 for every workload, a rate of an IOTLB that is not there; now
# none (an empty cell), as for no address; -t 64 keeps its rate.
if $P report --userspace --quiet --size small --iotlb-at coalesced -t 0 \
	-o "$tmp/rept0" gemm >/dev/null 2>"$tmp/err" &&
	$P report --userspace --quiet --size small --iotlb-at coalesced \
	-o "$tmp/rept64" gemm >/dev/null 2>>"$tmp/err" &&
	python3 - "$tmp/rept0" "$tmp/rept64" >>"$tmp/err" 2>&1 <<'X'
import csv, os, sys
r0, r64 = (list(csv.DictReader(open(os.path.join(d, "table8.csv"))))[0]
           for d in sys.argv[1:])
assert r0["tlb_hit_rate"] == "" and int(r0["walks"]) == int(r0["addresses"]) > 0, r0
assert float(r64["tlb_hit_rate"]) > 99, r64
X
then ok "report -t 0: no IOTLB, no IOTLB hit rate in table8.csv"
else bad "report -t 0: $(tail -2 "$tmp/err")"; fi

# Defect: report --merge '' read the shard '/shard.txt' (the root's) and
# --plot '' said ': No such file or directory'; now both are refused as
# -o '' is, naming the empty name.
fails "report --merge ''" "^pwcsim: --merge '': not a usable directory name" \
	"$P" report --merge -o "$tmp/merged" ""
fails "report --plot ''" "^pwcsim: '': not a usable directory name" \
	"$P" report --plot ""

# Defect: an empty name (gen --format traceg -o '', a trace FILE '' of
# replay and run, storage --stream '') was refused as ': No such file or
# directory' (exit 1), the empty name unsaid; now a usage error naming it.
refuses "gen -f traceg -o ''" "^pwcsim gen: -o '': not a usable directory name" \
	"$P" gen gemm --format traceg -o ""
refuses "replay FILE ''" "^pwcsim: FILE '': an empty name (a file, or - for stdin)" \
	"$P" replay -m tpc ""
refuses "run -u FILE ''" "^pwcsim: FILE '': an empty name" "$P" run -u ""
refuses "storage --stream ''" "^pwcsim: --stream '': an empty name" \
	"$P" storage --stream ""

# Defect: the bash completion read -p and -l as --pid and --levels in every
# command (replay -p FILE<TAB> gave nothing; gen -l offered 4 5), trace's
# -t as --tlb (no binary, text), offered gen's --format lackey and perf
# (refused), and file names after --walk-sched, --walkers or --entries
# and workload names after gen --output DIR.  report --data offered
# directories where its value is NAME=DIR, and report no workload names.
BC=/usr/share/bash-completion/bash_completion
COMPLETION=$(readlink -f "$(dirname "$0")/../../scripts/pwcsim.bash-completion")
if [ -r "$BC" ]; then
	mkdir -p "$tmp/cbin/outdir" && ln -s "$(readlink -f "$P")" "$tmp/cbin/pwcsim" &&
		: >"$tmp/cbin/trace1.txt"
	complete_words() {	# complete_words LINE: LINE's last word's candidates
		# shellcheck disable=SC2016 # expanded by the inner bash
		(cd "$tmp/cbin" && PATH=$tmp/cbin:$PATH bash --norc --noprofile -c \
			'. "$1"; . "$2"; COMP_LINE=$3; COMP_POINT=${#3}
			read -r -a COMP_WORDS <<<"$3"
			[ "${3: -1}" = " " ] && COMP_WORDS+=("")
			COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
			_pwcsim pwcsim "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
			printf "%s\n" "${COMPREPLY[@]}"' _ "$BC" "$COMPLETION" "$1" 2>/dev/null) |
			sed -e 's/ *$//' -e '/^$/d' | sort | tr '\n' ' '
	}
	got=
	for line in "pwcsim replay -p tr" "pwcsim run -p " "pwcsim trace convert -t " \
		"pwcsim gen -l gem" "pwcsim gen gemm -f " "pwcsim run --walk-sched " \
		"pwcsim run --walkers " "pwcsim storage --entries " \
		"pwcsim gen gemm --output o" "pwcsim report --data " \
		"pwcsim report --data BFS=o" "pwcsim report --data MUM = o" \
		"pwcsim run --data o" "pwcsim report -u B" \
		"pwcsim report --merge o"; do
		got="$got$line:$(complete_words "$line")| "
	done
	want="pwcsim replay -p tr:trace1.txt | pwcsim run -p :| pwcsim trace convert -t :binary text | "
	want="${want}pwcsim gen -l gem:gemm | pwcsim gen gemm -f :binary text traceg | "
	want="${want}pwcsim run --walk-sched :fcfs path simt | pwcsim run --walkers :| "
	want="${want}pwcsim storage --entries :| pwcsim gen gemm --output o:outdir | "
	# the NAMEs gen --list gives a data directory; the '=' a word or not
	want="${want}pwcsim report --data :BFS= MUM= | "
	want="${want}pwcsim report --data BFS=o:BFS=outdir | pwcsim report --data MUM = o:outdir | "
	want="${want}pwcsim run --data o:outdir | pwcsim report -u B:BFS | "
	want="${want}pwcsim report --merge o:outdir | "
	if [ "$got" = "$want" ]; then ok "completion: each command's own -p, -l, -t; --walk-sched, numbers, --output DIR, report --data NAME=DIR, report's workloads"
	else bad "completion: got '$got', want '$want'"; fi
fi

echo "cli-test: $passed passed, $failed failed"
[ $failed = 0 ]
