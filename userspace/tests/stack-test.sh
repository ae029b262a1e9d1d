#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/stack-test.sh - `pwcsim replay --uptc-sizes N`
# (engine/uptc_stack.c, Mattson's stack distances) is exact: its rows for
# uptc:entries=1 .. 48, from one pass, equal those of the 48 models
# replayed directly (three runs of 16), on gen 2mm and MUM (sampled, the
# first 100 k addresses) and on a random stream over many L4, L3 and L2
# values, at 4 and 5 levels; and it refuses what it cannot do exactly.
# $PWCSIM is the binary.
# Ends with "stack-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
N=48

# The table's rows without the header, one space between the cells.
rows() { awk 'NR > 2 { $1 = $1; print }'; }

for w in 2mm MUM; do
	"$P" gen "$w" --size sampled --format binary --limit 100000 \
		>"$tmp/$w.trace" 2>"$tmp/err" || { bad "gen $w"; cat "$tmp/err"; }
done
# 30 k addresses: 8 L4, 16 L3 and 64 L2 values, half of them reused soon
awk 'BEGIN { srand(7); for (i = 0; i < 30000; i++) {
	if (i >= 8 && rand() < 0.5) { a = prev[int(rand() * 8)] } else {
		a = sprintf("%x%02x%02x%05x", 1 + int(rand() * 8),
			    int(rand() * 16) * 4, int(rand() * 64) * 2,
			    int(rand() * 1048576)) }
	prev[i % 8] = a; print "0x" a } }' >"$tmp/random.trace"

for w in 2mm MUM random; do
	for l in 4 5; do
		"$P" replay -q -l "$l" --uptc-sizes "$N" "$tmp/$w.trace" \
			2>"$tmp/err" | rows >"$tmp/stack"
		: >"$tmp/direct"
		for first in 1 17 33; do
			m=()
			for ((c = first; c < first + 16; c++)); do
				m+=(-m "uptc:entries=$c")
			done
			"$P" replay -q -l "$l" "${m[@]}" "$tmp/$w.trace" \
				2>>"$tmp/err" | rows >>"$tmp/direct"
		done
		if [ "$(wc -l <"$tmp/stack")" = "$N" ] && [ ! -s "$tmp/err" ] &&
		   cmp -s "$tmp/stack" "$tmp/direct"; then
			ok "$w, $l levels: uptc:entries=1..$N from one pass equal the direct replays"
		else
			bad "$w, $l levels: --uptc-sizes differs from the direct replays"
			diff "$tmp/stack" "$tmp/direct" | head -4
			head -3 "$tmp/err"
		fi
	done
done

# Sizes where the random stream's hits change, so the test above has teeth.
"$P" replay -q --uptc-sizes "$N" "$tmp/random.trace" | rows |
	awk '{ print $5 }' | sort -u >"$tmp/l2hits"
if [ "$(wc -l <"$tmp/l2hits")" -ge 10 ]; then
	ok "random stream: the L2 hits differ across at least 10 sizes"
else
	bad "random stream: too few distinct L2 hit counts across the sizes"
fi

fails() {	# fails WHAT ARGS...: exit status 2 and a message
	if "$P" replay -q "${@:2}" "$tmp/2mm.trace" >/dev/null 2>"$tmp/err"; then
		bad "$1: accepted"
	elif [ $? = 2 ] && [ -s "$tmp/err" ]; then
		ok "$1: refused with a message"
	else
		bad "$1: no message or another status"
	fi
}
fails "--uptc-sizes 0" --uptc-sizes 0
fails "--uptc-sizes over 4096" --uptc-sizes 4097
fails "--uptc-sizes with -p" --uptc-sizes 4 -p
fails "--uptc-sizes with --dump" --uptc-sizes 4 --dump
fails "--uptc-sizes with huge pages" --uptc-sizes 4 --huge-2m 0-40000000

echo "stack-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
