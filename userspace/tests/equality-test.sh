#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/equality-test.sh - the models' per-access equality
# matrix: `replay --per-access` and `replay --dump` of every model kind
# (bare, small, set-associative) on four streams made here (the paper's
# example; a random stream over 64 regions with locality; a stress stream
# over many L5/L4/L3 values at every start level; strided sweeps), at 4 and
# 5 levels, with and without --no-shortcut (every walk looked up), each
# output's md5 against the digests in equality/ beside this file, a file per model
# (equality/NAME.md5) and a digest per spec (the specs of tests/lib.sh's
# test_specs at the case's levels, so every model of the registry).
# The digests were made by the tool of the commit that split them by
# model, which gave every digest of the matrix made by the tool of
# d21d515, before any change to the model core: a speed-up or a
# refactoring that changes one access of one model fails here.  When a
# model is meant to change, regenerate them with --update and say why in
# the commit.  $PWCSIM is the binary.
# Ends with "equality-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
want="$(dirname "$0")/equality"
update=0
[ "${1:-}" = --update ] && update=1

# The streams: deterministic (Python's seeded getrandbits), 6,000 each.
python3 - "$tmp" <<'X'
import random, sys
d = sys.argv[1]
def put(name, vas):
    with open(f"{d}/{name}.txt", "w") as f:
        f.write("".join("0x%x\n" % v for v in vas))
put("paper", [0x7F72B010F1F0, 0x7F72BC30F1F0, 0x7FF2FC30F1F0] * 3)
r = random.Random(1)
regions = [0x7f0000000000 + (r.getrandbits(12) << 21) for _ in range(64)]
vas, cur = [], 0
for _ in range(6000):
    if r.getrandbits(3) == 0:
        cur = r.getrandbits(6)
    vas.append(regions[cur] + (r.getrandbits(9) << 12) + r.getrandbits(12))
put("regions", vas)
r = random.Random(2)
put("stress", [(r.getrandbits(2) << 48 | r.getrandbits(3) << 44 |
                r.getrandbits(3) << 39 |
                r.getrandbits(3) << 30 | r.getrandbits(4) << 21 |
                r.getrandbits(9) << 12) + 0x100000000000 for _ in range(6000)])
put("strided", [0x7e0000000000 + i * s for s in (4096, 1 << 21, 1 << 30)
                for i in range(2000)])
X

# Every model's test specs at 4 and 5 levels (tests/lib.sh), each digest
# its own: a new model adds its lines and changes no other.
for l in 4 5; do
	test_specs "$P" "$l" >"$tmp/specs$l"
done
for s in paper regions stress strided; do
	for l in 4 5; do
		mapfile -t specs <"$tmp/specs$l"
		for sc in "" --no-shortcut; do
			args=(-q -l "$l" ${sc:+"$sc"})
			for m in "${specs[@]}"; do args+=(-m "$m"); done
			for out in --per-access --dump; do
				c="$s L$l ${sc:-shortcut} $out"
				"$P" replay "${args[@]}" "$out" "$tmp/$s.txt" \
					>"$tmp/$c" 2>"$tmp/err" || bad "$c: replay failed"
				echo "$c" >>"$tmp/cases"
			done
		done
	done
done
[ "$failed" = 0 ] || { echo "equality-test: $passed passed, $failed failed"; exit 1; }
# Each case's output split by model, each part's md5 against $want: a
# part is a model's --per-access lines, or for --dump the first line,
# its row of the table (single spaces) and its contents.
python3 - "$tmp" "$want" "$update" <<'X'
import csv, hashlib, os, sys
tmp, want, update = sys.argv[1], sys.argv[2], sys.argv[3] == "1"
specs_at = {l: open(os.path.join(tmp, "specs%d" % l)).read().split()
            for l in (4, 5)}

def split(case, lines, specs):
    part = {s: [] for s in specs}
    if case.endswith("--per-access"):
        for row in csv.reader(lines[1:]):
            if row:
                part[row[1]].append(",".join(row))
        return part
    cur = None
    for i, line in enumerate(lines):
        f = line.split()
        if i >= 2 and cur is None and f and f[0] in part:
            part[f[0]] += [lines[0], " ".join(f)]
        head = line.split(" (", 1)[0]
        if line.endswith("):") and head in part:
            cur = head
        elif not line:
            cur = None
        if cur is not None:
            part[cur].append(line)
    return part

got = {}
for case in open(os.path.join(tmp, "cases")).read().split("\n")[:-1]:
    specs = specs_at[int(case.split()[1][1:])]  # "stress L5 ...": 5
    part = split(case, open(os.path.join(tmp, case)).read().split("\n"),
                 specs)
    for s in specs:
        if not part[s]:
            sys.exit("not ok - %s: nothing of %s in the output" % (case, s))
        got[case + " " + s] = hashlib.md5("\n".join(part[s]).encode()).hexdigest()
def model(key):  # the model a case's spec is of
    return key.rsplit(" ", 1)[1].split(":")[0]

if update:
    os.makedirs(want, exist_ok=True)
    for m in sorted({model(k) for k in got}):
        path = os.path.join(want, m + ".md5")
        with open(path + ".tmp", "w") as f:
            f.writelines("%s %s\n" % (v, k) for k, v in got.items()
                         if model(k) == m)
        os.rename(path + ".tmp", path)
    print("equality-test: wrote", want)
exp = {}
for name in sorted(os.listdir(want)):
    for line in open(os.path.join(want, name)):
        v, k = line.rstrip("\n").split(" ", 1)
        exp[k] = v
passed = failed = 0
for k, v in got.items():
    if exp.get(k) == v:
        passed += 1
    else:
        failed += 1
        print("not ok - %s: %s, not %s" % (k, v, exp.get(k, "there")))
print("ok - %d parts (%d and %d models' specs at 4 and 5 levels) equal "
      "their digests" % (passed, len(specs_at[4]), len(specs_at[5])))
for k in exp.keys() - got.keys():
    failed += 1
    print("not ok - %s: in equality/%s.md5, not run" % (k, model(k)))
print("equality-test: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
X
