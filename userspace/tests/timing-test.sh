#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/timing-test.sh - `pwcsim run --timing` end to end
# (engine/run_timing.c, iommu/): the JSON members Documentation/timing.rst
# lists and how they must relate (every request an IOTLB hit, a walk or a
# merged miss or not walked; p50 <= p95 <= p99 <= max; each timed run
# the ideal run's instructions; the slowdown the ratio of cycles per warp
# instruction;
# the none model's walks read the whole path, 4 or 5 entries; one walker
# queues longer than 32); the three policies on the same stream; the text
# table; a whole run's cycles at least ideal translation's; report
# --timing's tables, summary and plots; bad values refused with exit 2
# and a message.  $PWCSIM is the
# binary.  Ends with "timing-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
W=(--userspace --timing --quiet -w 2mm --size full --warmup 0 --window 5000)

# the checks on one --json output: python prints what is wrong, or nothing
relations() {
	python3 - "$1" "$2" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
full = int(sys.argv[2])
for m in d["models"]:
    t = m["translation"]
    lat = t["latency"]
    need = ("mean", "p50", "p95", "p99", "max")
    if any(k not in lat for k in need):
        print("latency members", m["model"])
    for k in ("queueing_mean", "walk_mean", "reads_per_walk",
              "walker_utilization"):
        if k not in t:
            print("no", k)
    if m["gpu_insts"] != m["gpu_insts_ideal"]:
        print("not the same work", m["model"])
    if t["l1_hits"] + t["tlb_hits"] + t["walks"] + t["merged"] + \
       t["not_walked"] != t["requests"]:
        print("requests", m["model"])
    if not lat["p50"] <= lat["p95"] <= lat["p99"] <= lat["max"]:
        print("quantiles", m["model"])
    cpi = (m["gpu_cycles"] / m["gpu_insts"]) / \
          (m["gpu_cycles_ideal"] / m["gpu_insts_ideal"])
    if abs(m["slowdown"] / cpi - 1) > 1e-3:
        print("slowdown", m["model"])
    if not 0 <= t["walker_utilization"] <= 1:
        print("utilization", m["model"])
    if m["model"] == "none" and t["reads_per_walk"] != full:
        print("none reads", t["reads_per_walk"])
PY
}

if "$P" run "${W[@]}" -m tpc -m cpwc -m none --json >"$tmp/t.json" \
	2>"$tmp/err" && [ -z "$(relations "$tmp/t.json" 4)" ]; then
	ok "run --timing --json: the members and their relations (4 levels)"
else
	bad "run --timing --json: $(relations "$tmp/t.json" 4) $(head -2 "$tmp/err")"
fi
if "$P" run "${W[@]}" -l 5 -m none --json >"$tmp/t5.json" 2>"$tmp/err" &&
	[ -z "$(relations "$tmp/t5.json" 5)" ]; then
	ok "run --timing -l 5: none reads five entries a walk"
else
	bad "run --timing -l 5: $(relations "$tmp/t5.json" 5)"
fi
q() {	# q FILE: the first model's mean queueing
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["models"][0]["translation"]["queueing_mean"])' "$1"
}
"$P" run "${W[@]}" -m none --walkers 1 --json >"$tmp/w1.json" 2>/dev/null
"$P" run "${W[@]}" -m none --walkers 32 --json >"$tmp/w32.json" 2>/dev/null
if python3 -c 'import sys; sys.exit(not float(sys.argv[1]) > float(sys.argv[2]))' \
	"$(q "$tmp/w1.json")" "$(q "$tmp/w32.json")" 2>/dev/null; then
	ok "one walker queues longer than 32"
else
	bad "one walker queues longer than 32"
fi
for s in fcfs simt path; do
	if "$P" run "${W[@]}" -m tpc --walk-sched "$s" --walkers 2 \
		--iommu-buffer 16 --json >"$tmp/$s.json" 2>"$tmp/err" &&
		[ -z "$(relations "$tmp/$s.json" 4)" ] &&
		grep -q "\"walk_sched\": \"$s\"" "$tmp/$s.json"; then
		ok "--walk-sched $s"
	else
		bad "--walk-sched $s: $(head -2 "$tmp/err")"
	fi
done
if "$P" run "${W[@]}" -m tpc --l1-tlb 32 --json >"$tmp/l1.json" \
	2>"$tmp/err" && [ -z "$(relations "$tmp/l1.json" 4)" ] &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); sys.exit(not (d["l1_tlb_entries"] == 32 and d["models"][0]["translation"]["l1_hits"] > 0))' "$tmp/l1.json"; then
	ok "--l1-tlb 32: per-SM L1 TLBs hit, the sums hold"
else
	bad "--l1-tlb 32: $(relations "$tmp/l1.json" 4) $(head -2 "$tmp/err")"
fi
if "$P" run "${W[@]}" -m tpc >"$tmp/t.txt" 2>"$tmp/err" &&
	head -1 "$tmp/t.txt" | grep -q '5000 translations' &&
	grep -q '^tpc:entries=24 ' "$tmp/t.txt"; then
	ok "the text table"
else
	bad "the text table"
fi
# --tlb 0 given: no IOTLB (not the paper's 64 that --timing takes when
# --tlb is not given): no IOTLB hit, and both outputs say so
if "$P" run --userspace --timing --quiet -w 2DCONV -m tpc -t 0 --json \
	>"$tmp/t0.json" 2>"$tmp/err" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); t=[m["translation"] for m in d["models"]]; sys.exit(not (d["tlb_entries"] == 0 and all(x["tlb_hits"] == 0 and x["walks"] > 0 for x in t)))' "$tmp/t0.json" &&
	"$P" run --userspace --timing --quiet -w 2DCONV -m tpc -t 0 2>>"$tmp/err" |
	grep -q '; no IOTLB;'; then
	ok "run --timing -t 0: no IOTLB, said in the text and the JSON"
else
	bad "run --timing -t 0: $(head -2 "$tmp/err")"
fi
# an Accel-Sim trace directory (gen --format traceg) on the same model
"$P" gen 2DCONV --size small --format traceg -o "$tmp/tg" -q 2>"$tmp/err"
if "$P" run --userspace --timing --quiet "$tmp/tg" -m tpc -m none --json \
	>"$tmp/tg.json" 2>>"$tmp/err" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); m=d["models"]; sys.exit(not (len(m) == 2 and m[1]["translation"]["reads_per_walk"] == 4 and m[0]["translation"]["walks"] > 0))' "$tmp/tg.json"; then
	ok "run --timing on an Accel-Sim trace directory"
else
	bad "run --timing on a trace: $(head -2 "$tmp/err")"
fi
# a whole run (no window): the same work with and without translation,
# so its cycles are at least ideal translation's, at one walker too
if "$P" run --userspace --timing --quiet -w BFS --size small --window 0 \
	-m tpc -m none --walkers 1 --json >"$tmp/whole.json" 2>"$tmp/err" &&
	python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["models"]; sys.exit(not all(x["gpu_insts"] == x["gpu_insts_ideal"] and x["gpu_cycles"] >= x["gpu_cycles_ideal"] > 0 for x in m))' "$tmp/whole.json"; then
	ok "a whole run: gpu_cycles >= gpu_cycles_ideal, the same instructions"
else
	bad "a whole run: gpu_cycles against ideal $(head -2 "$tmp/err")"
fi
# report --timing: its tables, its summary, the sweep's 8 walkers the
# first runs' own, one walker queueing longer than 32.  Two class III
# workloads whose host code is cheap to execute: streamcluster's (its
# facility location) took 13 to 18 minutes under ASan here, hotspot's
# and 2mm's take seconds.
R=(report --userspace --timing -q --size full --warmup 0 --window 3000)
if "$P" "${R[@]}" -o "$tmp/rep" 2mm hotspot >"$tmp/rep.txt" \
	2>"$tmp/err" && grep -q '^Translation in time' "$tmp/rep.txt" &&
	python3 - "$tmp/rep" <<'PY2'
import csv, json, sys
d = sys.argv[1]
rows = lambda f: list(csv.DictReader(open("%s/%s.csv" % (d, f))))
t, w = rows("timing"), rows("timing_walkers")
models = {r["model"] for r in t}
assert len(t) == 2 * len(models) >= 12, "a row per workload and model"
assert len(w) == 2 * 2 * 6, "the sweep: 2 workloads, TPC, CPWC, 6 points"
for src in ("2mm", "hotspot"):
    main = [r for r in t if r["source"] == src and r["model"].startswith("tpc")]
    sw = {int(r["walkers"]): r for r in w
          if r["workload"] == src and r["model"] == "tpc"}
    assert abs(float(sw[8]["slowdown"]) - float(main[0]["slowdown"])) < 1e-3
    assert float(sw[1]["queueing"]) > float(sw[32]["queueing"])
cls = rows("timing_classes")
assert {r["class"] for r in cls} >= {"0", "3"}
cdf = [r for r in rows("timing_cdf") if r["class"] == "0" and r["model"] == "tpc"]
assert len(cdf) == 100 and all(int(a["cycles"]) <= int(b["cycles"])
                               for a, b in zip(cdf, cdf[1:]))
j = json.load(open(d + "/results.json"))
runs = j["timing_runs"]
assert len(runs) == 2 and "p99" in runs[0]["models"][0]["translation"]["latency"]
PY2
then
	ok "report --timing: tables, summary, sweep, pooled CDF, results.json"
else
	bad "report --timing: $(head -3 "$tmp/err")"
fi
if command -v gnuplot >/dev/null; then
	if [ -s "$tmp/rep/timing_cdf.png" ] && [ -s "$tmp/rep/timing_walkers.png" ] &&
		[ -s "$tmp/rep/timing_slowdown.png" ]; then
		ok "report --timing: its three plots"
	else
		bad "report --timing: its three plots"
	fi
fi
fails() {	# fails NAME PATTERN COMMAND ARGS...: exit 2, PATTERN on stderr
	local name=$1 pat=$2 rc
	shift 2
	"$P" "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$pat" "$tmp/err"; then
		ok "$name"
	else
		bad "$name (exit $rc: $(head -1 "$tmp/err"))"
	fi
}
fails "--walkers 0 refused" "--walkers takes" run "${W[@]}" --walkers 0
fails "--l1-tlb 0 refused" "--l1-tlb takes" run "${W[@]}" --l1-tlb 0
fails "--walkers 2000 refused" "--walkers takes" run "${W[@]}" --walkers 2000
fails "--iommu-buffer 70000 refused" "--iommu-buffer takes" run "${W[@]}" \
	--iommu-buffer 70000
fails "--walk-sched lifo refused" "--walk-sched takes" run "${W[@]}" \
	--walk-sched lifo
fails "--timing in file order refused" "not --trace-order file" run \
	--userspace --timing --trace-order file "$tmp/tg"
fails "--timing on a live process refused" "not --pid" run --timing --pid 1
fails "--timing with 2 MiB IOTLB entries refused" "4 KiB" run "${W[@]}" \
	--tlb 64,2m
fails "report --timing --shard refused" "unsharded" "${R[@]}" --shard 0/2 \
	-o "$tmp/rs"
fails "report --timing with 2 MiB IOTLB entries refused" "4 KiB" "${R[@]}" \
	-t 64,2m -o "$tmp/r2m" 2mm
if [ ! -e "$tmp/r2m" ]; then ok "report --timing refused: no directory made"
else bad "report --timing refused: $tmp/r2m made"; fi
# Defect: a run with no translation (gemm small: the L2 holds its data,
# no request reaches the IOTLB) printed a mean latency, quantiles, walk
# figures and utilization of 0, and the report averaged them into its
# class means; they are none: "-" in the table, null in the JSON, no CDF.
if "$P" run -u -q --timing -w gemm -m tpc >"$tmp/z.txt" &&
	awk 'NR == 3 { exit !($2 == 0 && $7 == "-" && $8 == "-" && $11 == "-" && $12 == "-" && $13 == "-" && $15 == "-") }' "$tmp/z.txt" &&
	"$P" run -u -q --timing -w gemm -m tpc --json >"$tmp/z.json" &&
	python3 - "$tmp/z.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["models"][0]["translation"]
assert t["requests"] == 0, t
assert all(t["latency"][k] is None for k in ("mean", "p50", "p95", "p99", "max")), t
assert "cdf" not in t["latency"], t
assert t["walk_mean"] is None and t["walker_utilization"] is None, t
PY
then ok "no translation: latency and walk figures none, not 0"
else bad "no translation: $(sed -n 3p "$tmp/z.txt")"; fi
# ... and report --timing averaged that 0 into its class means (AES and
# STO at the demo's window halved class 2's latency): a class's latency
# is the mean over its workloads with translations ("translating").
if "$P" report -u --timing -q -o "$tmp/rz" gemm pathfinder >"$tmp/rz.txt" 2>"$tmp/err" &&
	python3 - "$tmp/rz" <<'PY'
import csv, sys
d = sys.argv[1]
rows = lambda f: list(csv.DictReader(open("%s/%s.csv" % (d, f))))
t = {r["source"]: r for r in rows("timing") if r["model"].startswith("tpc")}
assert t["gemm"]["requests"] == "0" and t["gemm"]["lat_mean"] == "", t["gemm"]
assert int(t["pathfinder"]["requests"]) > 0
a = [r for r in rows("timing_classes") if r["class"] == "0" and r["model"] == "tpc"][0]
assert (a["workloads"], a["translating"]) == ("2", "1"), a
assert a["lat_mean"] == t["pathfinder"]["lat_mean"], (a, t["pathfinder"])
PY
then ok "report --timing: a class's latency over its workloads with translations"
else bad "report --timing class means: $(head -2 "$tmp/err")"; fi

# Defect: ideal past its cap under --timing (run_timing.c's own runs) kept
# no more keys without a word, where replay and run said so.  One warp's
# loads, each in another 2 MiB region: 100 past the cap.
mkdir "$tmp/capg"
python3 - "$tmp/capg" <<'PY3'
import sys
d, n = sys.argv[1], 65636
with open(d + "/kernel-1.traceg", "w") as f:
    f.write("-kernel name = cap\n-kernel id = 1\n-grid dim = (1,1,1)\n"
            "-block dim = (32,1,1)\n-shmem = 0\n-nregs = 8\n"
            "-binary version = 20\n-cuda stream id = 0\n"
            "-shmem base_addr = 0x00007f2000000000\n"
            "-local mem base_addr = 0x00007f4000000000\n"
            "-nvbit version = 1.5.5\n-accelsim tracer version = 5\n"
            "-enable lineinfo = 0\n\n#BEGIN_TB\n\nthread block = 0,0,0\n\n"
            "warp = 0\ninsts = %d\n" % n)
    for i in range(n):
        f.write("%04x 00000001 1 R1 LDG.E 0 4 0 0x%x 0\n"
                % (i * 16 % 0x10000, 0x100000000000 + (i << 21)))
    f.write("\n#END_TB\n")
open(d + "/kernelslist.g", "w").write("kernel-1.traceg\n")
PY3
if "$P" run --userspace --timing --quiet "$tmp/capg" -m ideal -m tpc \
	>/dev/null 2>"$tmp/err" &&
	grep -q "^pwcsim: warning: ideal keeps at most 65536 keys a level and met that cap: 100 keys not kept" "$tmp/err" &&
	[ "$(wc -l <"$tmp/err")" = 1 ]; then
	ok "run --timing: ideal past its cap, the warning (once, of ideal)"
else bad "run --timing past ideal's cap: '$(head -2 "$tmp/err")'"; fi

# Defect: a --window the stream never reaches (AES's 65 requests) ran the
# ideal run whole, to its last warp's end, but each timed run only to its
# last warp instruction's issue: a cycle short, a slowdown below 1
# (0.9998) where translation costs nothing.  Now they run whole too: the
# same cycles as without the window.
if "$P" run --userspace --timing --quiet -w AES -m tpc -m none --json \
	>"$tmp/aw0.json" 2>"$tmp/err" &&
	"$P" run --userspace --timing --quiet -w AES -m tpc -m none --json \
	--window 1000 >"$tmp/aw1.json" 2>>"$tmp/err" &&
	python3 - "$tmp/aw0.json" "$tmp/aw1.json" >"$tmp/err" <<'PY'
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:])
for x, y in zip(a["models"], b["models"]):
    if (x["gpu_cycles"], x["slowdown"]) != (y["gpu_cycles"], y["slowdown"]) \
       or y["slowdown"] < 1:
        print(x["model"], x["gpu_cycles"], y["gpu_cycles"], y["slowdown"])
PY
	[ ! -s "$tmp/err" ]; then
	ok "run --timing --window past the stream's end: the whole run's cycles"
else bad "run --timing --window past the stream: $(head -2 "$tmp/err")"; fi

# Defect: a translated miss delayed only the instruction that made it.
# At the l2-miss tap (the default) only the first SM's miss of a line
# reaches the IOTLB; the other SMs' misses to the line merge with it in
# the L2's MSHR and took their data at its fill's time as if its
# translation cost nothing (so did the warps of an SM that found its L1,
# texture or constant line in flight).  AES small's 65 requests are all
# SM 0's (its T-box and posIdx_E loads), and its last CTA, on SM 7, never
# waited: gpu_cycles 5121, ideal translation's, with every model, at one
# walker with a buffer of one too, and at the l1-miss tap.  Now a line's
# fill waits for the translation of the miss that fetches it, for every
# request that finds it in flight.
aes_slower() {	# aes_slower ARGS...: AES small's slowdown is above 1.05
	"$P" run --userspace --timing --quiet -w AES --size small -m none \
		--json "$@" >"$tmp/as.json" 2>"$tmp/err" &&
		python3 - "$tmp/as.json" 2>"$tmp/err" <<'PY'
import json, sys
m = json.load(open(sys.argv[1]))["models"][0]
assert m["translation"]["requests"] > 0, m["translation"]
assert m["gpu_insts"] == m["gpu_insts_ideal"], m
assert m["slowdown"] > 1.05, (m["gpu_cycles"], m["gpu_cycles_ideal"])
PY
}
if aes_slower && aes_slower --walkers 1 --iommu-buffer 1 &&
	aes_slower --iotlb-at l1-miss; then
	ok "run --timing: a miss merged with a translated one waits for it (AES)"
else bad "run --timing AES: merged misses do not wait: $(tail -1 "$tmp/err")"; fi

# Defect: the page-table line cache was updated when a walk started, for
# all its reads: AES small's second walk (page 1, none), started 3 cycles
# after page 0's and reading its four lines, found them all cached and
# took 41 cycles while page 0's walk, fetching them, took 1201 (walk_mean
# 621).  Now a read of a line in flight completes when its data arrives:
# the second walk ends with the first (walk_mean about 1200), its four
# reads still line-cache hits.
if "$P" run --userspace --timing --quiet -w AES --size small -m none \
	--json >"$tmp/al.json" 2>"$tmp/err" &&
	python3 - "$tmp/al.json" >"$tmp/err" 2>&1 <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))["models"][0]["translation"]
if t["walks"] != 2 or t["line_cache_hits_pct"] != 50 or \
   t["walk_mean"] < 1190:
    print(t["walks"], t["line_cache_hits_pct"], t["walk_mean"])
PY
	[ ! -s "$tmp/err" ]; then
	ok "run --timing: a walk reading lines in flight waits for them (AES)"
else bad "run --timing AES: lines in flight read as cached: $(head -2 "$tmp/err")"; fi

echo "timing-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
