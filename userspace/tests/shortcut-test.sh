#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/shortcut-test.sh - replay's repeated walks counted
# without a lookup (pwc_batch_loop(), walks merged by pwc_synth_walks()
# and pwc_walks_merge()) change nothing: `pwcsim replay
# --per-access`, `--dump` and the table (--json: without results) of
# every model (replay --list), with and without --no-shortcut, byte-equal
# (cmp) on gen RAY, 2mm and STO (sampled, at the l1-miss tap, the first
# 100 k addresses), at 4 and 5 levels, and with every model's small tables
# that cannot hold a path and set-associative ones (tests/lib.sh's
# test_specs).  Then each model alone against the same in the run of them
# all, and run --userspace against replay.  $PWCSIM is the binary.
# Ends with "shortcut-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
# every model bare, and every model's small and set-associative specs
# at 4 and 5 levels (SMALL: those of the levels run)
read -r -a ALL < <(every_model "$P")
for l in 4 5; do
	test_specs "$P" "$l" | grep : | sed 's/^/-m\n/' >"$tmp/small$l"
done
nall=$((${#ALL[@]} / 2))

for w in RAY 2mm STO; do
	if ! "$P" gen "$w" --size sampled --iotlb-at l1-miss --format binary \
	     --limit 100000 \
	     >"$tmp/$w.bin" 2>"$tmp/err"; then
		bad "gen $w"; cat "$tmp/err"; continue
	fi
	for l in 4 5; do
		mapfile -t SMALL <"$tmp/small$l"
		for set in ALL SMALL; do
			if [ "$set" = ALL ]; then models=("${ALL[@]}")
			else models=("${SMALL[@]}"); fi
			for out in --per-access --dump --json; do
				"$P" replay -q -l "$l" "$out" "${models[@]}" "$tmp/$w.bin" \
					>"$tmp/with" 2>"$tmp/err"
				"$P" replay -q -l "$l" "$out" --no-shortcut "${models[@]}" \
					"$tmp/$w.bin" >"$tmp/without" 2>>"$tmp/err"
				if [ -s "$tmp/with" ] && [ ! -s "$tmp/err" ] &&
				   cmp -s "$tmp/with" "$tmp/without"; then
					ok "$w, $l levels, $set models, $out: the same with and without"
				else
					bad "$w, $l levels, $set models, $out differs"
					head -3 "$tmp/err"
				fi
			done
		done
	done
done
# Each model alone gives its --per-access lines of the run of all six
# (the walks built once for all: model_set_access_va()), and run
# --userspace (no IOTLB) replay's rows (the bare names sized to one
# budget in both).
for w in RAY 2mm STO; do
	[ -s "$tmp/$w.bin" ] || continue
	for l in 4 5; do
		"$P" replay -q -l "$l" -p "${ALL[@]}" "$tmp/$w.bin" >"$tmp/all" \
			2>"$tmp/err"
		same=0
		for ((k = 1; k < ${#ALL[@]}; k += 2)); do
			m=${ALL[k]}
			"$P" replay -q -l "$l" -p -m "$m" "$tmp/$w.bin" 2>>"$tmp/err" |
				tail -n +2 >"$tmp/one"
			awk -F, -v m="$m" '$2 == m' "$tmp/all" >"$tmp/mine"
			[ -s "$tmp/one" ] && cmp -s "$tmp/one" "$tmp/mine" &&
				same=$((same + 1))
		done
		if [ "$same" = "$nall" ] && [ ! -s "$tmp/err" ]; then
			ok "$w, $l levels: each model alone as in all $nall"
		else
			bad "$w, $l levels: $same of $nall models alone as in all $nall"
			head -3 "$tmp/err"
		fi
		for set in "-m tpc" "${ALL[*]}"; do
			# shellcheck disable=SC2086 # the models, word by word
			"$P" replay -q -l "$l" -b 5280 --json $set "$tmp/$w.bin" |
				sed -n '/"models"/,$p' >"$tmp/r"
			# shellcheck disable=SC2086
			"$P" run --userspace --quiet -l "$l" -b 5280 --json $set \
				"$tmp/$w.bin" |
				sed -n '/"models"/,$p' | sed 's/^{.*"models"/{"models"/' \
				>"$tmp/u"
			sed -i 's/^{.*"models"/{"models"/' "$tmp/r"
			if [ -s "$tmp/r" ] && cmp -s "$tmp/r" "$tmp/u"; then
				ok "$w, $l levels, ${set// -m/}: run --userspace as replay"
			else
				bad "$w, $l levels, ${set// -m/}: run --userspace differs from replay"
			fi
		done
	done
done
echo "shortcut-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
