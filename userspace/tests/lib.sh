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
# order (replay --list), into the array models_m: a test that runs every
# model takes a new one with no edit.
every_model() {
	local name
	models_m=()
	while read -r name _; do models_m+=(-m "$name"); done < <("$1" replay --list)
	[ ${#models_m[@]} -gt 0 ] || { echo "not ok - $1 replay --list gave no model"; exit 1; }
}
