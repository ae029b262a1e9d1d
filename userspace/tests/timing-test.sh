#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/timing-test.sh - `pwcsim run --timing` end to end
# (engine/run_timing.c, iommu/): the JSON members Documentation/timing.rst
# lists and how they must relate (every request an IOTLB hit, a walk or a
# merged miss or not walked; p50 <= p95 <= p99 <= max; the slowdown the
# ratio of cycles per warp instruction;
# the none model's walks read the whole path, 4 or 5 entries; one walker
# queues longer than 32); the three policies on the same stream; the text
# table; bad values refused with exit 2 and a message.  $PWCSIM is the
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
    if t["requests"] != d["translations"] or \
       t["l1_hits"] + t["tlb_hits"] + t["walks"] + t["merged"] + \
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
# an Accel-Sim trace directory (gen --format traceg) on the same model
"$P" gen 2DCONV --size small --format traceg -o "$tmp/tg" -q 2>"$tmp/err"
if "$P" run --userspace --timing --quiet "$tmp/tg" -m tpc -m none --json \
	>"$tmp/tg.json" 2>>"$tmp/err" &&
	python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); m=d["models"]; sys.exit(not (len(m) == 2 and m[1]["translation"]["reads_per_walk"] == 4 and m[0]["translation"]["walks"] > 0))' "$tmp/tg.json"; then
	ok "run --timing on an Accel-Sim trace directory"
else
	bad "run --timing on a trace: $(head -2 "$tmp/err")"
fi
fails() {	# fails NAME PATTERN ARGS...: exit 2, PATTERN on stderr
	local name=$1 pat=$2 rc
	shift 2
	"$P" run "$@" >/dev/null 2>"$tmp/err"
	rc=$?
	if [ "$rc" = 2 ] && grep -q -- "$pat" "$tmp/err"; then
		ok "$name"
	else
		bad "$name (exit $rc: $(head -1 "$tmp/err"))"
	fi
}
fails "--walkers 0 refused" "--walkers takes" "${W[@]}" --walkers 0
fails "--l1-tlb 0 refused" "--l1-tlb takes" "${W[@]}" --l1-tlb 0
fails "--walkers 2000 refused" "--walkers takes" "${W[@]}" --walkers 2000
fails "--iommu-buffer 70000 refused" "--iommu-buffer takes" "${W[@]}" \
	--iommu-buffer 70000
fails "--walk-sched lifo refused" "--walk-sched takes" "${W[@]}" \
	--walk-sched lifo
fails "--timing in file order refused" "not --trace-order file" \
	--userspace --timing --trace-order file "$tmp/tg"
fails "--timing on a live process refused" "not --pid" --timing --pid 1
fails "--timing with 2 MiB IOTLB entries refused" "4 KiB" "${W[@]}" \
	--tlb 64,2m
echo "timing-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
