# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0
# userspace/tests/lib.sh - what the shell tests share (sourced): ok/bad
# counters and a scratch directory removed at exit.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); echo "ok - $1"; }
bad() { failed=$((failed + 1)); echo "not ok - $1"; }
