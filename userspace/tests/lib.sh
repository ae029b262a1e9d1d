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
