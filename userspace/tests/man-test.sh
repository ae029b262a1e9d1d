#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/man-test.sh - pwcsim(1) against the tool: every long
# option `pwcsim CMD --help` prints (every command of `pwcsim --help`, and
# `trace convert` / `trace info`) is documented in that command's section
# of Documentation/man/pwcsim.1.rst, every option documented there is
# printed by --help, and the page rst2man makes from it renders with
# `man -l`.  $PWCSIM is the binary.  Ends with "man-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
RST=$(dirname "$0")/../../Documentation/man/pwcsim.1.rst
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

help_opts() {	# help_opts ARGS...: the long options that --help lists
	"$P" "$@" --help 2>&1 |
		sed -nE -e 's/^ +(-[a-z0-9], )?--([a-z0-9][a-z0-9-]*).*/\2/p' \
			-e '/^(usage:)? +pwcsim /{ s/[^-]*--([a-z0-9][a-z0-9-]*)/\1\n/g; p; }' |
		grep -E '^[a-z0-9][a-z0-9-]*$' | grep -vx help | sort -u
}

man_opts() {	# man_opts CMD: the options of CMD's section of the page
	awk -v cmd="$1" '
		/^[a-z]+$/ { getline u; insec = ($0 == cmd && u ~ /^-+$/); next }
		/^[A-Z ]+$/ { insec = 0 }
		insec && /^(-[a-z0-9], )?--[a-z0-9]/ {
			sub(/^-[a-z0-9], /, ""); sub(/^--/, ""); print $1 }' "$RST" |
		sort -u
}

# Defect: the page listed no short options.
help_short() {	# help_short ARGS...: "-x --long" for each short option
	"$P" "$@" --help 2>&1 |
		sed -nE 's/^ +(-[a-z0-9]), (--[a-z0-9][a-z0-9-]*).*/\1 \2/p' | sort -u
}

man_short() {	# man_short CMD: "-x --long" as CMD's section lists them
	awk -v cmd="$1" '
		/^[a-z]+$/ { getline u; insec = ($0 == cmd && u ~ /^-+$/); next }
		/^[A-Z ]+$/ { insec = 0 }
		insec && /^-[a-z0-9], --[a-z0-9]/ {
			sub(/,$/, "", $1); print $1, $2 }' "$RST" | sort -u
}

compare() {	# compare CMD HELP-OPTIONS MAN-OPTIONS
	local missing extra
	missing=$(comm -23 <(printf '%s\n' "$2" | sed '/^$/d') <(printf '%s\n' "$3" | sed '/^$/d'))
	extra=$(comm -13 <(printf '%s\n' "$2" | sed '/^$/d') <(printf '%s\n' "$3" | sed '/^$/d'))
	if [ -z "$missing" ]; then ok "$1: every --help option is in the man page"
	else bad "$1: not in the man page: $(echo "$missing" | tr '\n' ' ')"; fi
	if [ -z "$extra" ]; then ok "$1: every man-page option is in --help"
	else bad "$1: in the man page, not in --help: $(echo "$extra" | tr '\n' ' ')"; fi
}

cmds=$("$P" --help | awk '/^  [a-z]/ { print $1 }')
if [ "$(echo "$cmds" | wc -w)" -ge 8 ]; then ok "pwcsim --help lists $(echo "$cmds" | wc -w) commands"
else bad "pwcsim --help lists commands: $cmds"; fi
for c in $cmds; do
	if ! grep -qx "$c" "$RST"; then bad "$c: no section in the man page"; continue; fi
	if [ "$c" = trace ]; then
		compare trace "$( { help_opts trace convert; help_opts trace info; } | sort -u)" "$(man_opts trace)"
	else
		compare "$c" "$(help_opts "$c")" "$(man_opts "$c")"
	fi
	if [ "$c" = trace ]; then
		hs=$( { help_short trace convert; help_short trace info; } | sort -u)
	else
		hs=$(help_short "$c")
	fi
	if [ "$hs" = "$(man_short "$c")" ]; then ok "$c: the page gives --help's short options"
	else bad "$c: short options: --help '$(echo "$hs" | tr '\n' ' ')', page '$(man_short "$c" | tr '\n' ' ')'"; fi
done
# the parser finds options at all (a test of the test)
if [ "$(help_opts run | wc -l)" -ge 10 ] && [ "$(man_opts run | wc -l)" -ge 10 ] &&
   help_opts trace convert | grep -qx from; then ok "options are found in --help and the page"
else bad "options are found in --help and the page"; fi

# rst2man's page renders
if rst2man --strict "$RST" >"$tmp/pwcsim.1" 2>"$tmp/err" &&
   MANWIDTH=80 man -l "$tmp/pwcsim.1" >"$tmp/man.txt" 2>>"$tmp/err" &&
   grep -q "^COMMANDS" "$tmp/man.txt" &&
   ! grep -qi 'warning\|error' "$tmp/err"; then
	ok "rst2man output renders with man -l ($(wc -l <"$tmp/man.txt") lines)"
else bad "rst2man output renders with man -l"; sed 's/^/    /' "$tmp/err" | head -5; fi
echo "man-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
