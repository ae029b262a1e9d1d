#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/bench-notrace.sh KO NOTRACE_KO [ROUNDS] - `make bench
# KERNEL=1`, in the VM, as root: the cost of pwcsim's tracepoints while
# they are disabled.  Each round loads KO (the normal module; its events
# start disabled) and runs `bench --feed` (all six models, 64 Ki addresses
# by ioctl), and loads NOTRACE_KO (built with PWCSIM_NO_TRACE: the
# tracepoints compiled out) and runs the same: odd rounds in that order,
# even rounds the other way round.  It prints both ns per
# address and their ratio per round, the ratio of the two medians and the
# median of the rounds' ratios (paired: the machine's load drifts).
# It measures; it asserts nothing (it fails only if a module will not load).
set -eu
ko=${1:?usage: bench-notrace.sh KO NOTRACE_KO [ROUNDS]}
nt=${2:?usage: bench-notrace.sh KO NOTRACE_KO [ROUNDS]}
rounds=${3:-7}
bench=$(dirname "$0")/bench

# load KO: replace whatever pwcsim module is loaded by KO.
load() {
	if grep -q '^pwcsim ' /proc/modules; then
		rmmod pwcsim
	fi
	insmod "$1"
}

out=$(mktemp)
i=1
while [ "$i" -le "$rounds" ]; do
	if [ $((i % 2)) = 1 ]; then
		load "$ko"
		a=$("$bench" --feed)
		load "$nt"
		b=$("$bench" --feed)
	else
		load "$nt"
		b=$("$bench" --feed)
		load "$ko"
		a=$("$bench" --feed)
	fi
	r=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')
	echo "round $i: tracepoints disabled $a ns/address, compiled out $b ns/address, ratio $r"
	echo "$a $b $r" >>"$out"
	i=$((i + 1))
done
load "$ko"
# median N: the median of column N (sort -n; the middle one, the lower of two)
median() {
	cut -d' ' -f"$1" "$out" | sort -n |
		awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}
ma=$(median 1)
mb=$(median 2)
mr=$(median 3)
rm -f "$out"
awk -v a="$ma" -v b="$mb" -v r="$mr" 'BEGIN {
	printf "tracepoints disabled vs compiled out, all six: median %.1f vs %.1f ns/address, disabled/compiled-out = %.3f (%+.1f %%); median of the rounds ratios %.3f (%+.1f %%)\n", a, b, a / b, (a / b - 1) * 100, r, (r - 1) * 100
}'
