#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/equality-test.sh - the models' per-access equality
# matrix: `replay --per-access` and `replay --dump` of every model kind
# (bare, small, set-associative) on four streams made here (the paper's
# example; a random stream over 64 regions with locality; a stress stream
# over many L5/L4/L3 values at every start level; strided sweeps), at 4 and
# 5 levels, with and without the same-2 MiB shortcut, each output's md5
# against equality.md5 beside this file.  The digests were made by the
# tool of d21d515, before any change to the model core: a speed-up or a
# refactoring that changes one access of one model fails here.  When a
# model is meant to change, regenerate them with --update and say why in
# the commit.  $PWCSIM is the binary.
# Ends with "equality-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
want="$(dirname "$0")/equality.md5"
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

# shellcheck disable=SC2054 # the commas are the specs'
specs=(tpc tpc:entries=4 tpc:entries=24,ways=4 tpc:entries=24,ways=1
       cpwc cpwc:l4=1,l3=2,blocks=4,ways=2 cpwc:l4=2,l3=4,blocks=62,ways=1
       stc stc:l4=1,l3=2,l2=4 stc:l4=4,l3=8,l2=32,ways=2
       uptc uptc:entries=4 uptc:entries=48,ways=4 none ideal)
got="$tmp/got.md5"
: >"$got"
for s in paper regions stress strided; do
	for l in 4 5; do
		for sc in "" --no-shortcut; do
			args=(-q -l "$l" ${sc:+"$sc"})
			for m in "${specs[@]}"; do args+=(-m "$m"); done
			for out in --per-access --dump; do
				sum=$("$P" replay "${args[@]}" "$out" "$tmp/$s.txt" |
					md5sum | cut -d' ' -f1)
				echo "$sum $s L$l ${sc:-shortcut} $out" >>"$got"
			done
		done
	done
done
if [ $update = 1 ]; then
	cp "$got" "$want"
	echo "equality-test: wrote $want"
fi
while read -r sum name; do
	if grep -qxF "$sum $name" "$want"; then ok "$name"
	else bad "$name: $sum, not $(grep -F " $name" "$want" | cut -d' ' -f1)"; fi
done <"$got"
if [ "$(wc -l <"$got")" = "$(wc -l <"$want")" ]; then ok "every case of equality.md5 ran"
else bad "equality.md5 has $(wc -l <"$want") cases, $(wc -l <"$got") ran"; fi
echo "equality-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
