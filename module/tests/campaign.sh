#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# module/tests/campaign.sh [--long] - the adversarial campaign of issue 9,
# run in the VM as root with pwcsim.ko loaded (left loaded): the ioctl
# fuzzer (and its compat build if there is one), the debugfs fuzzer, the
# race scenarios, the privilege tests, the latency test and, last, the
# life-cycle test (which unloads and reloads the module).  Bounded by
# default (minutes under emulation, for make check); --long is make
# stress's (up to 1 M ioctls in 15 minutes, 20 s per race scenario, 100
# load cycles).
# SEED=N fixes the random seeds.  Prints one "phase" line per phase with
# its figures and ends with "campaign: N passed, N failed".
cd "$(dirname "$0")" || exit 1
. ./campaign-lib.sh
long=0
[ "${1:-}" = --long ] && long=1
seed=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
if [ $long = 1 ]; then
	# up to 1 M ioctls, but 15 minutes at most: ~150 k on the debug kernel
	ioctls=1000000 ioctl_s=900 compat=20000 writes=40000 dbg_s=300
	race_s=20 cycles=100 lives=20000 feed_s=20
else
	ioctls=20000 ioctl_s=30 compat=3000 writes=1500 dbg_s=20
	race_s=2 cycles=5 lives=2000 feed_s=5
fi
echo "campaign: $([ $long = 1 ] && echo long || echo bounded), seed $seed"
t0=$(date +%s)

# phase NAME FIGURES-PATTERN PROG [ARGS...]: run a counted program and
# print one line with its counts, its figures line and its time.
phase() {
	name=$1 pat=$2
	shift 2
	p0=$passed f0=$failed s0=$(date +%s)
	run_counted "/tmp/campaign-$name.log" "$@"
	figs=$(grep -h "$pat" "/tmp/campaign-$name.log" | tail -n1 |
		sed 's/^.*figures: //')
	echo "phase $name: $((passed - p0)) passed, $((failed - f0)) failed; $figs ($(($(date +%s) - s0))s)"
}

phase fuzz-ioctl 'figures:' ./fuzz-ioctl -s "$seed" -n $ioctls -t $ioctl_s
# (the test kernels have no IA32 emulation: the 32-bit program cannot run)
if [ -x ./fuzz-ioctl32 ] && ./fuzz-ioctl32 -n 0 -t 0 2>/dev/null | grep -q '^fuzz-ioctl32: '; then
	phase fuzz-ioctl32 'figures:' ./fuzz-ioctl32 -s "$seed" -n $compat -t $ioctl_s
else
	echo "phase fuzz-ioctl32: skipped (not built, no gcc -m32 on the build host; or no IA32 emulation in this kernel)"
fi
phase fuzz-debugfs 'figures:' ./fuzz-debugfs -s "$seed" -n $writes -t $dbg_s
phase race 'figures:' ./race-test -s "$seed" -t $race_s
phase priv '^# Totals' ./priv-test
phase latency 'figures:' ./latency-test.sh $feed_s
phase lifecycle 'figures:' ./lifecycle-test.sh $cycles $lives
echo "campaign figures: time=$(($(date +%s) - t0))s"
echo "campaign: $passed passed, $failed failed"
[ "$failed" = 0 ]
