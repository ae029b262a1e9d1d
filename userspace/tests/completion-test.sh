#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/completion-test.sh - scripts/pwcsim.bash-completion in
# bash with bash-completion loaded: commands, options, model and workload
# names, trace formats; then once interactively, `bash -i` on a
# pseudo-terminal (script(1)) typing TAB.  $PWCSIM is the binary.
# Ends with "completion-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
P=$(readlink -f "$P")
COMPLETION=$(readlink -f "$(dirname "$0")/../../scripts/pwcsim.bash-completion")
BC=/usr/share/bash-completion/bash_completion
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

if [ ! -r "$BC" ]; then
	bad "$BC missing (apt-get install bash-completion)"
	echo "completion-test: $passed passed, $failed failed"; exit 1
fi
mkdir "$tmp/bin" && ln -s "$P" "$tmp/bin/pwcsim"
cat >"$tmp/rc" <<X
PS1='$ '
PATH=$tmp/bin:\$PATH
. $BC
. $COMPLETION
X

complete_line() {	# complete_line LINE: the candidates for LINE's last word
	# shellcheck disable=SC2016 # expanded by the inner bash
	bash --norc --noprofile -c '. "$1"; COMP_LINE=$2; COMP_POINT=${#2}
		read -r -a COMP_WORDS <<<"$2"
		[ "${2: -1}" = " " ] && COMP_WORDS+=("")
		COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
		_pwcsim pwcsim "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
		printf "%s\n" "${COMPREPLY[@]}"' _ "$tmp/rc" "$1" 2>"$tmp/err" |
		sed 's/ *$//' | sort
}

expect() {	# expect LINE WORD...: LINE completes to exactly WORD...
	local line=$1 got want; shift
	got=$(complete_line "$line" | tr '\n' ' ')
	want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
	if [ "$got" = "$want" ]; then ok "'$line<TAB>' gives $want"
	else bad "'$line<TAB>' gives '$got', not '$want'"; sed 's/^/    /' "$tmp/err" | head -3; fi
}

includes() {	# includes LINE WORD: WORD is among LINE's completions
	if complete_line "$1" | grep -qx -- "$2"; then ok "'$1<TAB>' includes $2"
	else bad "'$1<TAB>' lacks $2: $(complete_line "$1" | tr '\n' ' ')"; fi
}

expect "pwcsim re" replay report
expect "pwcsim replay --mo" --model
includes "pwcsim run -m t" tpc
# the models and parameters from `pwcsim replay --list`, not a list here
expect "pwcsim replay -m s" stc stc:l2= stc:l3= stc:l4= stc:l5= stc:ways=
expect "pwcsim replay -m ide" ideal
expect "pwcsim run --workload 2m" 2mm
# --data DIR (gen, run): the option, then directories only
expect "pwcsim gen BFS --da" --data
mkdir "$tmp/pkgdata" && : >"$tmp/pkgdata.txt"
expect "pwcsim gen BFS --data $tmp/pkgd" "$tmp/pkgdata"
expect "pwcsim replay --format tr" traceg
expect "pwcsim trace c" convert
expect "pwcsim trace convert --to" --to
expect "pwcsim run --trace-order " scheduled file
expect "pwcsim report --si" --size
expect "pwcsim report --size s" small sampled
includes "pwcsim gen " MUM
expect "pwcsim run --l" --l1-tlb --layout --levels	# not "--list", which run --help mentions
expect "pwcsim report --sh" --shard
expect "pwcsim gen --li" --limit --list
expect "pwcsim trace info --f" --format
# Defect: --inputs, --layout and --iotlb-at completed to file names, and
# the numbers' options too.
expect "pwcsim run --inputs " default table1
expect "pwcsim gen --layout " aligned packed
expect "pwcsim report --iotlb-at l" l1-miss l2-input l2-miss
expect "pwcsim replay --budget-bits "

# Interactive: bash -i on a pty; TAB completes, Ctrl-A puts an echo in
# front, Enter runs it.
# Defect: -m tpc:<TAB> gave nothing (the colon split the word).
# report --data NAME=DIR as readline splits it (at the '='): the NAME,
# then the directory after it
printf 'pwcsim replay --mo\t\001echo COMPLETED: \rpwcsim run --workload 2m\t\001echo COMPLETED: \rpwcsim replay -m tpc:en\t\001echo COMPLETED: \rpwcsim report --data MU\t\001echo COMPLETED: \rpwcsim report --data MUM=%s/pkgd\t\001echo COMPLETED: \rexit\r' "$tmp" |
	TERM=dumb timeout 30 script -qfec "bash --noprofile --rcfile $tmp/rc -i" /dev/null >"$tmp/tty" 2>&1
if grep -a -q '^COMPLETED: pwcsim replay --model' "$tmp/tty" &&
   grep -a -q '^COMPLETED: pwcsim run --workload 2mm' "$tmp/tty" &&
   grep -a -q '^COMPLETED: pwcsim replay -m tpc:entries=' "$tmp/tty" &&
   grep -a -q '^COMPLETED: pwcsim report --data MUM=[[:space:]]*$' "$tmp/tty" &&
   grep -a -q "^COMPLETED: pwcsim report --data MUM=$tmp/pkgdata/[[:space:]]*\$" "$tmp/tty"; then
	ok "bash -i on a pty completes --mo<TAB>, 2m<TAB>, -m tpc:en<TAB>, report --data MU<TAB> and MUM=DIR<TAB>"
else bad "bash -i on a pty completes"; tr -d '\r' <"$tmp/tty" | tail -8 | sed 's/^/    /'; fi
echo "completion-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
