# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# userspace/tests/lib.sh - what the shell tests share (sourced): ok/bad
# counters and a scratch directory removed at exit.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
# every_model BIN: "-m NAME" for each model of BIN's registry, in its
# order (replay --list), on stdout, for a test that runs every model to
# split: a new model is taken with no edit.  POSIX sh (the VM's tests
# source this file too).
every_model() {
	"$1" replay --list | while read -r name _; do
		printf -- '-m %s ' "$name"
	done
}
# test_specs BIN [LEVELS]: the specs to test each model of BIN's registry
# with at LEVELS paging levels (4 if not given), one a line, in its order:
# the bare name, then for a sized model (one with parameters) every size
# parameter at 1, 2 and 4 (tables too small for a path), at 1, 2, 4,
# 8 ... in turn and in turn with the last at 1 (2 ways where it has
# ways), and at 32 in 1, 2 and 4 ways, each kept only if BIN accepts it.
# A parameter lN of a level above LEVELS is left out (BIN refuses it).
# A new model is taken with no edit.  POSIX sh.
test_specs() {
	levels=${2:-4}
	"$1" replay --list | while read -r name params; do
		echo "$name"
		[ -n "$params" ] || continue
		for v in 1 2 4 up:2 upl:2 32:1 32:2 32:4; do
			case $v in *:*) w=${v#*:} v=${v%:*} ;; *) w= ;; esac
			case " $params " in *" ways "*) ;; *) [ -z "$w" ] || continue ;; esac
			spec='' sep='' n=1
			for p in $params; do
				[ "$p" = ways ] && continue
				case $p in
				l[0-9]) [ "${p#l}" -gt "$levels" ] && continue ;;
				esac
				case $v in
				up) spec="$spec$sep$p=$n" ;;
				upl) last="$spec$sep$p=1" spec="$spec$sep$p=$n" ;;
				*) spec="$spec$sep$p=$v" ;;
				esac
				sep=, n=$((n * 2))
			done
			[ "$v" = upl ] && spec=$last
			spec="$name:$spec${w:+,ways=$w}"
			"$1" replay -q -l "$levels" -m "$spec" /dev/null \
				>/dev/null 2>&1 &&
				echo "$spec"
		done
	done
}

# An Accel-Sim kernel trace's first header lines (a 1-block, 64-thread
# launch: a block lists warps 0 and 1), for the tests that write .traceg
# files to read back.
traceg_launch_head() {
	cat <<'X'
-kernel name = _Z6kernelPfS_i
-kernel id = 1
-grid dim = (1,1,1)
-block dim = (64,1,1)
-shmem = 0
-nregs = 16
X
}

# A shard.txt's body (every line before its end line) on stdin, written
# to $1 with the end line a shard's writer makes: its FNV-1a hash of the
# body (report_shard.c), for the tests that craft shards.
shard_seal() {
	python3 -c '
import sys
text, h = sys.stdin.buffer.read(), 0xcbf29ce484222325
for b in text:
	h = (h ^ b) * 0x100000001b3 % 2**64
open(sys.argv[1], "wb").write(text + b"end %016x\n" % h)' "$1"
}
