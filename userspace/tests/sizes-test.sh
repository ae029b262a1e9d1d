#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/sizes-test.sh - `pwcsim replay --sizes MODEL:N` is
# exact for every model with a sweep of sizes (engine/size_sweep.h; the
# models replay --help names): its rows for sizes 1 .. 48, from one pass,
# equal those of the 48 configurations it names, replayed directly (three
# runs of 16), on gen 2mm and MUM (sampled, the first 100 k addresses)
# and on a random stream over many L4, L3 and L2 values, at 4 and 5
# levels; and it refuses what it cannot do exactly, and a model with no
# sweep.  $PWCSIM is the binary.
# Ends with "sizes-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
N=48

# The table's rows without the header, one space between the cells.
rows() { awk 'NR > 2 { $1 = $1; print }'; }

# The models with a sweep, and one without (the help's list).
read -r -a sweeps < <("$P" replay --help |
	sed -n 's/.*sweep of sizes: *//p')
other=$("$P" replay --list | awk -v s=" ${sweeps[*]} " \
	'index(s, " " $1 " ") == 0 { print $1; exit }')
if [ "${#sweeps[@]}" -gt 0 ]; then
	ok "replay --help names the models with a sweep: ${sweeps[*]}"
else
	bad "replay --help names no model with a sweep"
fi

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

# sweep MODEL STREAM LEVELS: --sizes against the direct replays
sweep() {
	local m=() spec
	"$P" replay -q -l "$3" --sizes "$1:$N" "$tmp/$2.trace" \
		2>"$tmp/err" | rows >"$tmp/sweep"
	: >"$tmp/direct"
	# the configurations the sweep's rows name (column 2), 16 a run
	while read -r spec; do
		m+=(-m "$spec")
		if [ "${#m[@]}" = 32 ]; then
			"$P" replay -q -l "$3" "${m[@]}" "$tmp/$2.trace" \
				2>>"$tmp/err" | rows >>"$tmp/direct"
			m=()
		fi
	done < <(awk '{ print $2 }' "$tmp/sweep")
	[ "${#m[@]}" = 0 ] || "$P" replay -q -l "$3" "${m[@]}" \
		"$tmp/$2.trace" 2>>"$tmp/err" | rows >>"$tmp/direct"
	if [ "$(wc -l <"$tmp/sweep")" = "$N" ] && [ ! -s "$tmp/err" ] &&
	   cmp -s "$tmp/sweep" "$tmp/direct"; then
		ok "$1, $2, $3 levels: sizes 1..$N from one pass equal the direct replays"
	else
		bad "$1, $2, $3 levels: --sizes differs from the direct replays"
		diff "$tmp/sweep" "$tmp/direct" | head -4
		head -3 "$tmp/err"
	fi
}

for s in "${sweeps[@]}"; do
	for w in 2mm MUM random; do
		for l in 4 5; do
			sweep "$s" "$w" "$l"
		done
	done
	# Sizes where the random stream's hits change: the test has teeth.
	"$P" replay -q --sizes "$s:$N" "$tmp/random.trace" | rows |
		awk '{ print $5 }' | sort -u >"$tmp/l2hits"
	if [ "$(wc -l <"$tmp/l2hits")" -ge 10 ]; then
		ok "$s, random stream: the L2 hits differ across at least 10 sizes"
	else
		bad "$s, random stream: too few distinct L2 hit counts across the sizes"
	fi
done

fails() {	# fails WHAT ARGS...: exit status 2 and a message
	if "$P" replay -q "${@:2}" "$tmp/2mm.trace" >/dev/null 2>"$tmp/err"; then
		bad "$1: accepted"
	elif [ $? = 2 ] && [ -s "$tmp/err" ]; then
		ok "$1: refused with a message"
	else
		bad "$1: no message or another status"
	fi
}
s=${sweeps[0]:-none}
fails "--sizes $s:0" --sizes "$s:0"
fails "--sizes $s:4097 (over its most)" --sizes "$s:4097"
fails "--sizes with no N" --sizes "$s"
fails "--sizes of no model" --sizes ":4"
fails "--sizes of an unknown model" --sizes "bogus:4"
fails "--sizes of $other (no sweep)" --sizes "$other:4"
fails "--sizes with -p" --sizes "$s:4" -p
fails "--sizes with --dump" --sizes "$s:4" --dump
fails "--sizes with huge pages" --sizes "$s:4" --huge-2m 0-40000000

echo "sizes-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
