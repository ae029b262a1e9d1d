#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/trace-test.sh - the foreign trace readers on traces
# written here in their tools' exact formats: Accel-Sim tracer versions
# 2-6 (each line ending, lineinfo, each address format, masks with
# holes), a two-kernel trace directory with an .xz kernel, truncated and
# corrupt xz, garbage lines, and perf script output.  The addresses read
# back must be the ones the format defines (worked out by hand below), in
# file order (--trace-order file, for Accel-Sim traces); at the end, the same traces scheduled
# on the GPU model, and generated workloads written as trace directories
# and read back.  $PWCSIM is the binary.  Ends with "trace-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"
order() {	# order FILE|DIR: ${order[@]} is --trace-order file for an
	# Accel-Sim trace (a .traceg file, .xz or not, or a directory), else
	# nothing (the other formats refuse it)
	order=()
	case $1 in
	*.traceg | *.traceg.xz | */kernelslist.g) order=(--trace-order file) ;;
	*) if [ -d "$1" ]; then order=(--trace-order file); fi ;;
	esac
}
expect() {	# expect NAME FILE|DIR [ARGS...] <<< addresses: as text, equal
	local name=$1 in=$2; shift 2
	cat >"$tmp/want"
	order "$in"
	if $P trace convert "${order[@]}" --to text "$@" "$in" - >"$tmp/got" 2>"$tmp/err" &&
		diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"; then
		ok "$name"
	else
		bad "$name"; sed 's/^/    /' "$tmp/err" "$tmp/diff" | head -12
	fi
}
fails() {	# fails NAME PATTERN FILE|DIR [ARGS...]: trace convert fails, stderr matches
	local name=$1 pat=$2 in=$3; shift 3
	order "$in"
	if $P trace convert "${order[@]}" --to text "$@" "$in" - >/dev/null 2>"$tmp/err"; then
		bad "$name (accepted)"
	elif ! grep -q -- "$pat" "$tmp/err"; then
		bad "$name (stderr lacks '$pat')"; sed 's/^/    /' "$tmp/err" | head -3
	else ok "$name"; fi
}
header() {	# header VERSION [LINEINFO]: the tracer's header, then a block
	traceg_launch_head
	cat <<X
-binary version = 86
-cuda stream id = 0
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007f0001000000
-nvbit version = 1.7.1
-accelsim tracer version = $1
-enable lineinfo = ${2:-0}

#traces format = [line_num] PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses] immediate


#BEGIN_TB

thread block = 0,0,0
X
}

# --- Version 5, the three address formats, interleaved warps ---
# warp 0: LDG format 1 on lanes 4-7 (the first active lane, 4, has the
#   base): 0x7f1000000000 + 0, 4096, 8192, 12288 -> four segments;
#   STG format 2 on lanes 0,2,9,11 (holes): 0x7f2000000100, +128, -256,
#   +4096 -> ..100, ..180, ..080, ..1080.
# warp 1: LDG format 0 on lanes 0 and 2 (a hole), two addresses in one
#   128-byte segment and one in another -> 0x7f3000000000, 0x7f3000010000.
# Emitted: warp 0's first, warp 1's first, warp 0's second.
{
	header 5
	cat <<'X'

warp = 0
insts = 4
0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0 0 
0010 000000f0 1 R2 LDG.E 1 R4 4 1 0x7f1000000000 4096 0 
0020 00000a05 0 STG.E 2 R4 R2 4 2 0x7f2000000100 128 -256 4096 0 
0030 ffffffff 0 EXIT 0 0 0 

warp = 1
insts = 2
0000 ffffffff 1 R3 MOV 0 0 7 
0010 00000007 1 R2 LDG.E.64 1 R4 8 0 0x00007f3000000000 0x00007f3000000040 0x00007f3000010000 0 

#END_TB
X
} >"$tmp/v5.traceg"
cat >"$tmp/v5.want" <<'X'
0x7f1000000000
0x7f1000001000
0x7f1000002000
0x7f1000003000
0x7f3000000000
0x7f3000010000
0x7f2000000100
0x7f2000000180
0x7f2000000080
0x7f2000001080
X
expect "v5: formats 0/1/2, holes, immediates, warps interleaved" "$tmp/v5.traceg" <"$tmp/v5.want"

# --- Each version's line ending ---
kernel() {	# kernel VERSION LINEINFO LINE...: warp 0 of these lines, warp 1 empty
	local v=$1 li=$2; shift 2
	header "$v" "$li"
	printf 'warp = 0\ninsts = %d\n' $#
	printf '%s\n' "$@" 'warp = 1' 'insts = 0' '#END_TB'
}
line3='0010 00000003 1 R2 LDG.E 1 R4 4 1 0x7f4000000000 256'
two=$(printf '0x7f4000000000\n0x7f4000000100')
kernel 3 0 "$line3 " >"$tmp/v3.traceg"
expect "v3: no immediate" "$tmp/v3.traceg" <<<"$two"
kernel 3 0 "$line3 0" >"$tmp/v3imm.traceg"
fails "v3: an immediate is trailing" "v3imm.traceg:23: trailing characters" "$tmp/v3imm.traceg"
kernel 4 0 "$line3 12" '0020 ffffffff 0 BAR.SYNC 0 0 -1' >"$tmp/v4.traceg"
expect "v4: immediates on every line (memory or not, negative)" "$tmp/v4.traceg" <<<"$two"
kernel 4 0 "$line3" >"$tmp/v4noimm.traceg"
fails "v4: the immediate is required" "v4noimm.traceg:23: missing immediate" "$tmp/v4noimm.traceg"
kernel 6 0 "$line3 0 0 NoVal" '0020 00000001 1 R5 IADD3 2 R1 R2 0 0 3 Val 0x10' \
	'0030 00000001 1 R6 LDG.E 1 R4 4 0 0x7f5000000000 0 0 Val 0x1' >"$tmp/v6.traceg"
expect "v6: immediate1 immediate2 Val|NoVal [values]" "$tmp/v6.traceg" <<<"$two
0x7f5000000000"
kernel 6 0 "$line3 0 0" >"$tmp/v6bad.traceg"
fails "v6: Val or NoVal is required" "v6bad.traceg:23: missing Val or NoVal" "$tmp/v6bad.traceg"
kernel 5 1 "37 $line3 0" >"$tmp/li.traceg"
expect "lineinfo: a line number first" "$tmp/li.traceg" <<<"$two"
kernel 2 0 "0 0 0 0 $line3" >"$tmp/v2.traceg"
expect "v2: the thread block and warp prefix" "$tmp/v2.traceg" <<<"$two"
header 7 >"$tmp/v7.traceg"
fails "v7 is refused" "v7.traceg:12: unsupported tracer version" "$tmp/v7.traceg"

# --- Global or not: windows, LDS/ATOMS, generic LD, LDGSTS, ATOMG, RED ---
{
	header 5
	cat <<'X'
warp = 0
insts = 8
0010 00000001 1 R2 LDS 1 R4 4 0 0x7f6000000000 0
0020 00000001 1 R2 LD.E 1 R4 4 0 0x00007f0000000080 0
0030 00000001 1 R2 LD.E 1 R4 4 0 0x00007f0001000080 0
0040 00000001 1 R2 LD.E 1 R4 4 0 0x00007f7000000000 0
0050 00000001 1 R2 ATOMS.ADD 1 R4 4 0 0x7f6000000000 0
0060 00000001 1 R2 ATOMG.E.ADD 1 R4 4 0 0x7f7000001000 0
0070 00000001 0 RED.E.ADD 2 R4 R5 4 0 0x7f7000002000 0
0080 00000001 0 LDGSTS.E 2 R4 R5 4 0 0x7f7000003000 0
warp = 1
insts = 0
#END_TB
X
} >"$tmp/kinds.traceg"
expect "global: LD outside the windows, ATOMG, RED, LDGSTS; not LDS/ATOMS/windows" "$tmp/kinds.traceg" <<'X'
0x7f7000000000
0x7f7000001000
0x7f7000002000
0x7f7000003000
X
# Defect: REDG (sm_90's reduction on global memory, in Hopper traces) was
# taken for no memory access: its addresses were dropped in either order.
kernel 5 0 '0010 00000003 0 REDG.E.ADD.STRONG.GPU 2 R4 R2 4 1 0x7f7000004000 4096 0' \
	'0020 00000001 0 REDUX.SUM 1 R4 0 0' >"$tmp/redg.traceg"
expect "global: REDG (sm_90), not REDUX" "$tmp/redg.traceg" <<'X'
0x7f7000004000
0x7f7000005000
X
# Defect: LDGMC (sm_90's reducing load, multimem.ld_reduce, from global
# memory) was taken for no memory access: its addresses were dropped in
# either order; now a global load.  The surface instructions (SULD, SUST,
# SURED, SUATOM) stay no access, as Accel-Sim's tables make them (ALU_OP:
# Documentation/traces.rst), addresses or not.
kernel 5 0 '0010 00000003 1 R2 LDGMC.E.ADD.F32.STRONG.SYS 1 R4 4 1 0x7f7000006000 4096 0' \
	'0020 00000001 1 R3 SULD.D.BA.2D.32.TRAP 1 R6 4 0 0x7f7000008000 0' \
	'0030 00000001 0 SUST.D.BA.2D.32.TRAP 2 R6 R3 4 0 0x7f7000009000 0' \
	'0040 00000001 0 SURED.D.BA.2D.ADD 2 R6 R3 4 0 0x7f700000a000 0' \
	'0050 00000001 1 R5 SUATOM.D.BA.2D.ADD 2 R6 R3 4 0 0x7f700000b000 0' >"$tmp/ldgmc.traceg"
printf '0x%s\n' 7f7000006000 7f7000007000 >"$tmp/ldgmc.want"
expect "global: LDGMC (sm_90); not SULD/SUST/SURED/SUATOM" "$tmp/ldgmc.traceg" <"$tmp/ldgmc.want"
if $P trace convert --iotlb-at coalesced --to text "$tmp/ldgmc.traceg" - 2>"$tmp/err" |
	sort | diff -u "$tmp/ldgmc.want" - >"$tmp/diff" && [ ! -s "$tmp/err" ]; then
	ok "global: LDGMC scheduled, its two lanes; no surface access"
else
	bad "global: LDGMC scheduled"; sed 's/^/    /' "$tmp/err" "$tmp/diff" | head -8
fi

# --- Garbage ---
kernel 5 0 'this is not an instruction' >"$tmp/junk.traceg"
fails "garbage: file and line named" "junk.traceg:23: no PC" "$tmp/junk.traceg"
kernel 5 0 '0010 00000003 1 R2 LDG.E 1 R4 4 0 0x7f4000000000 0' >"$tmp/short.traceg"
fails "format 0: an address per active lane" "short.traceg:23: missing immediate" "$tmp/short.traceg"
kernel 5 0 '0010 00000003 1 R2 LDG.E 1 R4 4 3 0x7f4000000000 0' >"$tmp/fmt3.traceg"
fails "address format 3 is refused" "fmt3.traceg:23: bad address format" "$tmp/fmt3.traceg"
# Defect: an address over 64 bits (or not hex), a delta or a stride out of
# range was refused as "missing address" ("missing delta", "missing
# stride"), though it was there; now said to be bad, and what it must be.
kernel 5 0 '0010 00000001 1 R2 LDG.E 1 R4 4 0 0x1ffffffffffffffff 0' >"$tmp/a65.traceg"
fails "format 0: an address over 64 bits is bad, not missing" \
	"a65.traceg:23: bad address (hex, at most 64 bits)" "$tmp/a65.traceg"
kernel 5 0 '0010 00000003 1 R2 LDG.E 1 R4 4 2 0x7f00 99999999999999999999 0' >"$tmp/d65.traceg"
fails "format 2: a delta over 64 bits is bad, not missing" \
	"d65.traceg:23: bad delta (a signed decimal of 64 bits)" "$tmp/d65.traceg"
kernel 5 0 '0010 00000003 1 R2 LDG.E 1 R4 4 1 0x7f00 1x 0' >"$tmp/sx.traceg"
fails "format 1: a stride not a number is bad, not missing" \
	"sx.traceg:23: bad stride" "$tmp/sx.traceg"
{ header 5; printf 'warp = 0\n'; } >"$tmp/open.traceg"
fails "a file ending inside a block" "ends inside a thread block" "$tmp/open.traceg"
printf -- '-accelsim tracer version = 5\n0 0 0 0 0010 00000001 1 R2 LDG.E 1 R4 4 0 0x7f4000000000 0\n' >"$tmp/raw.traceg"
fails "an instruction outside a block" "raw.traceg:2: an instruction outside a thread block" "$tmp/raw.traceg"

# --- A version-5 directory: two kernels, the second xz-compressed ---
d=$tmp/dir
mkdir -p "$d"
cp "$tmp/v5.traceg" "$d/kernel-1.traceg"
{
	header 5 | sed 's/^-kernel id = 1/-kernel id = 2/'
	cat <<'X'

warp = 0
insts = 2
0000 ffffffff 1 R1 S2R 0 0 0 
0010 0000000c 1 R2 LDG.E 1 R4 4 2 0x7f8000000000 -4096 0 

warp = 1
insts = 1
0010 80000001 0 STG.E 2 R4 R2 4 1 0x7f9000000000 8 0 

#END_TB

#BEGIN_TB

thread block = 1,0,0

warp = 0
insts = 1
0010 00000001 1 R2 LDG.E 1 R4 4 0 0x7fa000000000 0 

warp = 1
insts = 0

#END_TB
X
} >"$d/kernel-2.traceg"
xz -k "$d/kernel-2.traceg"
cp "$d/kernel-2.traceg" "$tmp/kernel-2.plain"
rm "$d/kernel-2.traceg"
printf 'MemcpyHtoD,0x00007f1000000000,16384\nkernel-1.traceg\nMemcpyHtoD,0x00007f8000000000,8192\nkernel-2.traceg.xz\n' >"$d/kernelslist.g"
# kernel 2, block 0: lanes 2-3 in format 2: base, base - 4096; lanes 0
# and 31 in format 1 (a hole the tracer would not write): base, base + 8,
# one segment; block 1: one address.
{ cat "$tmp/v5.want"; printf '0x%s\n' 7f8000000000 7f7ffffff000 7f9000000000 7fa000000000; } >"$tmp/dir.want"
expect "directory: kernels in order, .xz decoded, addresses as defined" "$d" <"$tmp/dir.want"
expect "kernelslist.g named directly = the directory" "$d/kernelslist.g" <"$tmp/dir.want"
# Defect: the list under another name (a symlink, a copy) was read as a
# text trace and refused at its first line as "not a hexadecimal
# address"; now said to be a kernelslist.g, with what to give instead.
ln -s "$d/kernelslist.g" "$tmp/kl-link"
fails "kernelslist.g under another name: said, not parsed as text" \
	"kl-link: an Accel-Sim kernelslist.g under another name: give its directory" "$tmp/kl-link"
printf 'kernel-1.traceg\n' >"$tmp/klist.txt"
fails "a list starting with a kernel: said too" "klist.txt: an Accel-Sim kernelslist.g" "$tmp/klist.txt"
if $P trace info --trace-order file --json "$d" >"$tmp/info.json" 2>"$tmp/err" && python3 - "$tmp/info.json" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
t, s = d["trace"][0], d["source"][0]
assert t["addresses"] == 14, t
assert (s["kernels"], s["memcpys"], s["warps"], s["instructions"]) == (2, 2, 6, 10), s
assert (s["global_instructions"], s["global_accesses"]) == (6, 16), s
assert (t["pages_4k"], s["regions_2m"], s["regions_1g"]) == (12, 7, 7), (t, s)
X
then ok "trace info: kernels, memcpys, warps, instructions, global accesses, regions"
else bad "trace info on a directory"; sed 's/^/    /' "$tmp/err" "$tmp/info.json" | head; fi
if $P trace info "$d" >"$tmp/info.txt" 2>&1 && grep -q "^kernels" "$tmp/info.txt"; then
	ok "trace info: a text table too"
else
	bad "trace info text"
fi
if $P replay --trace-order file --json -m tpc -m cpwc "$d" >"$tmp/rd.json" 2>"$tmp/err" &&
	$P trace convert --trace-order file "$d" "$tmp/dir.bin" &&
	$P replay --json -m tpc -m cpwc "$tmp/dir.bin" >"$tmp/rb.json" &&
	cmp -s "$tmp/rd.json" "$tmp/rb.json" && grep -q '"addresses": 14,' "$tmp/rd.json"; then
	ok "replay DIR = replay of its addresses"
else bad "replay DIR"; sed 's/^/    /' "$tmp/err" | head -3; fi
if $P run --trace-order file --userspace --json "$d" >"$tmp/run.json" 2>"$tmp/err" &&
	grep -q '"addresses": 14,' "$tmp/run.json"; then
	ok "run --userspace DIR"
else bad "run DIR"; sed 's/^/    /' "$tmp/err" | head -3; fi

# --- xz: a single file, truncated, corrupt; directory errors ---
xz -c "$tmp/v5.traceg" >"$tmp/v5.traceg.xz"
expect "a single .xz file" "$tmp/v5.traceg.xz" <"$tmp/v5.want"
if $P trace convert --trace-order file --to text - - <"$tmp/v5.traceg.xz" | cmp -s - "$tmp/v5.want"; then
	ok ".xz from a pipe"
else
	bad ".xz from a pipe"
fi
python3 - "$tmp/big.traceg" <<'X'
import random, sys
r = random.Random(3)
with open(sys.argv[1], "w") as f:
    f.write("-accelsim tracer version = 5\n#BEGIN_TB\nthread block = 0,0,0\nwarp = 0\ninsts = 40000\n")
    for i in range(40000):
        f.write("%04x ffffffff 1 R2 LDG.E 1 R4 4 0 %s %d\n" % (16 * i,
            " ".join("0x%016x" % r.randrange(1 << 47) for _ in range(32)), r.randrange(100)))
    f.write("#END_TB\n")
X
xz -c -1 "$tmp/big.traceg" >"$tmp/big.traceg.xz"
size=$(stat -c %s "$tmp/big.traceg.xz")
head -c $((size / 2)) "$tmp/big.traceg.xz" >"$tmp/cut.traceg.xz"
fails "truncated xz: file and line named" "cut.traceg.xz:[0-9][0-9]*: truncated xz stream" "$tmp/cut.traceg.xz"
line=$(sed -n 's/.*cut.traceg.xz:\([0-9]*\):.*/\1/p' "$tmp/err")
if [ "${line:-0}" -gt 1000 ]; then
	ok "truncated xz: the lines before were read ($line)"
else
	bad "truncated xz: line $line"
fi
cp "$tmp/big.traceg.xz" "$tmp/bad.traceg.xz"
printf 'XXXXXXXXXXXXXXXX' | dd of="$tmp/bad.traceg.xz" bs=1 seek=$((size / 2)) conv=notrunc status=none
fails "corrupt xz is an error" "bad.traceg.xz:[0-9]*: corrupt xz data" "$tmp/bad.traceg.xz"
# Defect: a gzip-compressed trace was refused as "a NUL byte in the line
# (a binary file read as text?)", its line quoted in escapes; now said to
# be gzip, which pwcsim does not decode.
gzip -c "$tmp/v5.traceg" >"$tmp/v5.traceg.gz"
fails "gzip: said, not read as text" "v5.traceg.gz: gzip-compressed (only xz is decoded" "$tmp/v5.traceg.gz"
# Defect: zstd- and bzip2-compressed traces were refused as "a NUL byte
# in the line (a binary file read as text?)"; now named as gzip is.
# (the zstd frame of "0x1000\n0x2000\n", as zstd writes it; bzip2 by
# python3's bz2, so that neither tool is needed)
printf '\050\265\057\375\004\130\161\000\000\060\170\061\060\060\060\012\060\170\062\060\060\060\012\250\330\037\150' >"$tmp/a.txt.zst"
python3 -c 'import bz2, sys; sys.stdout.buffer.write(bz2.compress(open(sys.argv[1], "rb").read()))' \
	"$tmp/v5.traceg" >"$tmp/v5.traceg.bz2"
fails "zstd: said, not read as text" "a.txt.zst: zstd-compressed (only xz is decoded" "$tmp/a.txt.zst"
fails "bzip2: said, not read as text" "v5.traceg.bz2: bzip2-compressed (only xz is decoded" "$tmp/v5.traceg.bz2"
if ! $P replay -q -m tpc - <"$tmp/a.txt.zst" >/dev/null 2>"$tmp/err" &&
	grep -q "^pwcsim: <stdin>: zstd-compressed" "$tmp/err"; then
	ok "zstd on stdin: said"
else bad "zstd on stdin: $(head -c 200 "$tmp/err")"; fi
# Defect: with --format binary, zstd and bzip2 input was "not a pwcsim
# binary trace (bad magic)"; now named as when the format is guessed
# (gzip too), and an xz-compressed binary trace is still decoded.
fails "zstd, --format binary: said" "a.txt.zst: zstd-compressed (only xz is decoded: zstdcat it" "$tmp/a.txt.zst" --format binary
fails "bzip2, --format binary: said" "v5.traceg.bz2: bzip2-compressed (only xz is decoded: bzcat it" "$tmp/v5.traceg.bz2" --format binary
fails "gzip, --format binary: said" "v5.traceg.gz: gzip-compressed (only xz is decoded: zcat it" "$tmp/v5.traceg.gz" --format binary
fails "text, --format binary: bad magic" "v5.traceg: not a pwcsim binary trace (bad magic)" "$tmp/v5.traceg" --format binary
if ! $P replay -q -m tpc -f binary - <"$tmp/a.txt.zst" >/dev/null 2>"$tmp/err" &&
	grep -q "^pwcsim: <stdin>: zstd-compressed" "$tmp/err"; then
	ok "zstd on stdin, replay -f binary: said"
else bad "zstd on stdin, replay -f binary: $(head -c 200 "$tmp/err")"; fi
printf '0x1000\n0x2000\n' | $P trace convert - "$tmp/a.bin"
xz -c "$tmp/a.bin" >"$tmp/a.bin.xz"
printf '0x1000\n0x2000\n' | expect "xz, --format binary: decoded" "$tmp/a.bin.xz" --format binary
cp -r "$d" "$tmp/dir2"
cp "$tmp/cut.traceg.xz" "$tmp/dir2/kernel-2.traceg.xz"
fails "directory: a truncated kernel named" "dir2/kernel-2.traceg.xz:[0-9]*: truncated xz stream" "$tmp/dir2"
printf 'kernel-1.traceg\nkernel-9.traceg\n' >"$tmp/dir2/kernelslist.g"
fails "directory: a missing kernel named" "dir2/kernel-9.traceg: No such file" "$tmp/dir2"
# Defect: a kernel that is a directory was refused as "read error", the
# reason unsaid; now the system's ("Is a directory").
mkdir "$tmp/dir2/kernel-9.traceg"
fails "directory: a kernel that is a directory said so" "dir2/kernel-9.traceg: Is a directory" "$tmp/dir2"
rmdir "$tmp/dir2/kernel-9.traceg"
# Defect: an empty kernel file (a trace cut short: the tracer writes the
# header at the launch) was read as a kernel of no access, exit 0.
: >"$tmp/dir2/kernel-9.traceg"
fails "directory: an empty kernel file refused" "dir2/kernel-9.traceg: an empty kernel file" "$tmp/dir2"
fails "directory: an empty kernel file refused (scheduled)" "dir2/kernel-9.traceg: an empty kernel file" "$tmp/dir2" \
	--trace-order scheduled
rm "$tmp/dir2/kernel-9.traceg"
printf 'kernel-1.traceg\nMemcpyHtoD,0x1,2\nlaunch foo\n' >"$tmp/dir2/kernelslist.g"
fails "directory: a bad kernelslist.g line" "dir2/kernelslist.g:3: not a kernel or Memcpy line" "$tmp/dir2"
# Memcpy lines as Accel-Sim's tracer writes them ("MemcpyHtoD,0x%016lx,%lu"),
# checked in file order too (where they are only counted): a size that
# wraps, trailing garbage, an overflow, an unknown direction, a bad address.
memcpy_bad() {	# memcpy_bad NAME PATTERN LINE
	printf 'kernel-1.traceg\n%s\n' "$3" >"$tmp/dir2/kernelslist.g"
	fails "kernelslist.g: $1 (file order)" "dir2/kernelslist.g:2: $2" "$tmp/dir2"
	fails "kernelslist.g: $1 (scheduled)" "dir2/kernelslist.g:2: $2" "$tmp/dir2" \
		--trace-order scheduled
}
memcpy_bad "a size of -1" "not MemcpyHtoD,0xADDRESS,BYTES" "MemcpyHtoD,0x7f1000000000,-1"
memcpy_bad "trailing garbage" "not MemcpyHtoD,0xADDRESS,BYTES" "MemcpyHtoD,0x7f1000000000,16384x"
memcpy_bad "a size over 64 bits" "a Memcpy address or size out of range" "MemcpyHtoD,0x7f1000000000,99999999999999999999"
memcpy_bad "a copy past 2^64" "a Memcpy past the end of the address space" "MemcpyHtoD,0xfffffffffffff000,8192"
memcpy_bad "an unknown direction" "not MemcpyHtoD or MemcpyDtoH" "MemcpyFoo,1,2"
memcpy_bad "a bad address" "not MemcpyHtoD,0xADDRESS,BYTES" "MemcpyHtoD,zz,16384"
printf 'MemcpyHtoD,0x00007f1000000000,16384\r\nMemcpyDtoH,0x7f1000000000,0\nkernel-1.traceg\n' \
	>"$tmp/dir2/kernelslist.g"
expect "kernelslist.g: MemcpyHtoD (CRLF), a DtoH copy of 0 bytes" "$tmp/dir2" <"$tmp/v5.want"
rm "$tmp/dir2/kernelslist.g"
fails "directory without kernelslist.g" "dir2/kernelslist.g: No such file" "$tmp/dir2"
# Defect: a directory without kernelslist.g (a directory of text traces
# given for a file, or the NVBit tracer's output before Accel-Sim's
# post-processing) was refused with "No such file" alone; now said to be
# read as an Accel-Sim trace directory, or to need the post-processing.
fails "a directory without kernelslist.g: what it was read as" \
	"dir2/kernelslist.g: No such file or directory (a directory is read as an Accel-Sim trace directory" "$tmp/dir2"
printf 'kernel-1.trace\n' >"$tmp/dir2/kernelslist"
fails "the tracer's raw output: post-processing named" \
	"dir2/kernelslist is the NVBit tracer's list: Accel-Sim's post-traces-processing" "$tmp/dir2"
rm "$tmp/dir2/kernelslist"
if $P replay -m tpc --format text "$d" >/dev/null 2>"$tmp/err"; then
	bad "a directory read as text"
elif grep -q "is read as traceg" "$tmp/err"; then
	ok "a directory is not text"
else
	bad "directory as text message"
	cat "$tmp/err"
fi

# --- valgrind lackey ---
# lk_main.c prints "I  %08lx,%lu", " L %08lx,%lu", " S ...", " M ...";
# valgrind's own lines start "==PID==", --trace-superblocks=yes adds
# "SB %08lx" (no access).  0x is taken (traces by hand).
cat >"$tmp/ok.lackey" <<'X'
==4242== Lackey, an example Valgrind tool
SB 04000b20
I  04000b20,3
 L 1ffefffd48,8
 S 00000000be80199c,4
I  04000b23,5
 M 0025747C,1
 L 0x1000,4
==4242== 
X
expect "lackey: every line valgrind writes" "$tmp/ok.lackey" <<'X'
0x1ffefffd48
0xbe80199c
0x25747c
0x1000
X
if $P replay --with-ifetch --json -m none "$tmp/ok.lackey" >"$tmp/lk.json" 2>"$tmp/err" &&
	grep -q '"addresses": 6,' "$tmp/lk.json"; then
	ok "lackey --with-ifetch: the I lines too"
else bad "lackey --with-ifetch"; sed 's/^/    /' "$tmp/err" | head -3; fi
lackey_bad() {	# lackey_bad NAME LINE: the second line of a lackey file is bad
	printf ' L 1000,8\n%s\n' "$2" >"$tmp/bad.lackey"
	fails "lackey: $1" "bad.lackey:2: not a lackey access" "$tmp/bad.lackey"
}
lackey_bad "a negative address" ' L -1000,8'
lackey_bad "garbage after the size" ' L 1000,8zzzz'
lackey_bad "a word after the size" ' L 1000,8 extra'
lackey_bad "a size over 64 bits" ' L 1000,99999999999999999999999'
lackey_bad "an address over 64 bits" ' S 10000000000000000,8'
lackey_bad "0x twice" ' L 0x0x1000,8'
lackey_bad "a malformed I line (skipped or not)" 'I  garbage'
printf ' L 1000,8\nSB 4000b20 x\n' >"$tmp/bad.lackey"
fails "lackey: a malformed SB line" \
	"bad.lackey:2: not a lackey superblock (SB ADDR)" "$tmp/bad.lackey"
# Defect: a valgrind log of lackey run without --trace-mem=yes (its
# "==PID==" lines alone) was read as a trace of no access, exit 0; now
# refused, the option named.
printf '==4242== Lackey, an example Valgrind tool\n==4242== \n==4242== Counted 1 call to main()\n' >"$tmp/nomem.lackey"
fails "lackey: valgrind's lines alone refused" \
	"nomem.lackey: a valgrind log with no access line (lackey without --trace-mem=yes?)" "$tmp/nomem.lackey"
# valgrind's lines cut out (grep -v ^==): the first line is an SB line
printf 'SB 04000b20\nI  04000b20,3\n L 1ffefffd48,8\n' >"$tmp/sb.trace"
expect "lackey: told by a first SB line" "$tmp/sb.trace" <<'X'
0x1ffefffd48
X
# Defect: the format was told by the first line that is not a comment,
# a blank one too: a lackey log or an Accel-Sim kernel starting with a
# blank line was read as text and refused at its first real line ("not a
# hexadecimal address"); now blank lines are passed over as comments are.
printf '\n  \r\n# c\nI  04000b20,3\n L 1ffefffd48,8\n' >"$tmp/blank.lackey"
expect "lackey: told after blank lines" "$tmp/blank.lackey" <<<0x1ffefffd48
{ printf '\n'; cat "$tmp/v3.traceg"; } >"$tmp/blank.traceg"
expect "traceg: told after a blank line" "$tmp/blank.traceg" <<<"$two"

# --- text ---
printf '0x10\n10\n0X7f72b010f1f0\n  7f72bc30f1f0   # a comment\n\n# c\n' >"$tmp/ok.txt"
expect "text: 0x optional, comments, blank lines" "$tmp/ok.txt" <<'X'
0x10
0x10
0x7f72b010f1f0
0x7f72bc30f1f0
X
printf '0x10\n0x0x10\n' >"$tmp/0x0x.txt"
fails "text: 0x twice" "0x0x.txt:2: not a hexadecimal address" "$tmp/0x0x.txt"
printf '0x10\n10000000000000000\n' >"$tmp/big.txt"
fails "text: over 64 bits" "big.txt:2: not a hexadecimal address" "$tmp/big.txt"

# --- perf script output ---
cat >"$tmp/perf.txt" <<'X'
# captured on: a test
         toucher  1234/1234    575.361984: page-faults:     7f0000001000
         toucher  1234/1234    575.362017: page-faults:     7f0000002010 __environ ffffffff8175336a elf_load
              sh  999/999    575.362074: page-faults:     7f0000003000
     Web Content  1234/1240    575.362080: page-faults:     7f0000004000
         toucher  1234/1234    575.362081: page-faults:                0
1234     7f0000005000
X
expect "perf: the pid's samples, the addr field" "$tmp/perf.txt" --from perf --pid 1234 <<'X'
0x7f0000001000
0x7f0000002010
0x7f0000004000
0x7f0000005000
X
# perf_counts NAME FILE SKIPPED WITHOUT_ADDR: trace info --pid 1234's
# counts of samples of other processes and of samples without an address
perf_counts() {
	if $P trace info --json --format perf --pid 1234 "$2" >"$tmp/pi.json" 2>"$tmp/err" &&
		python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["source"][0]; assert (s["skipped_samples"], s["samples_without_addr"]) == (int(sys.argv[2]), int(sys.argv[3])), s' "$tmp/pi.json" "$3" "$4"; then
		ok "$1"
	else bad "$1"; cat "$tmp/err"; fi
}
perf_counts "perf: skipped samples counted" "$tmp/perf.txt" 1 1
# Defect: perf script output given without --format perf (never guessed)
# was refused as "not a hexadecimal address" alone; now the message says
# to give --format perf.
fails "perf: not guessed, the message says --format perf" \
	"perf.txt:2: not a hexadecimal address (perf script output? give --format perf)" "$tmp/perf.txt"
# comm is any words, digits too: the pid is the field before the time
# ("[CPU]" between them); without a time field, the first number.
cat >"$tmp/perfnum.txt" <<'X'
  12  1234    575.361984: page-faults:     7f0000001000
 1234  999/999    575.362000: page-faults:     7f0000009000
 Web 2 Content 1234/1240 [003]  575.362080: page-faults:   7f0000004000
  1234  575.362090: page-faults:     7f0000005000
X
expect "perf: a numeric comm is not the pid" "$tmp/perfnum.txt" --from perf --pid 1234 <<'X'
0x7f0000001000
0x7f0000004000
0x7f0000005000
X
perf_counts "perf: a numeric comm's sample counted as its pid's" "$tmp/perfnum.txt" 1 0
# perf script -F +addr: the default fields (the period between the time
# and the event) and the address after them
cat >"$tmp/perfperiod.txt" <<'X'
         toucher  1234 575.361984:          1 page-faults:u:     7f0000001000     55d0c0de1234 main+0x24 (/tmp/toucher)
         toucher  1234 [001] 575.362000:   10101010 cpu-clock:uhH:     7f0000002000     55d0c0de1234 main+0x24 (/tmp/toucher)
         toucher  1234 [001]          1 page-faults:     7f0000003000
X
expect "perf: the period field is not the address" "$tmp/perfperiod.txt" --from perf --pid 1234 <<'X'
0x7f0000001000
0x7f0000002000
0x7f0000003000
X
# Defect: perf script's default fields (-F +addr) print the tid alone, so
# with --pid the samples of the process's other threads were skipped
# unsaid, as samples of other processes (a two-thread toucher: 1028 of
# its 2105 faults); now a warning says so and how to print PID/TID.
cat >"$tmp/perftid.txt" <<'X'
              pt 19289 72253.162793:          1 page-faults:     56053e07e030 __TMC_END__+0x0 (/tmp/pt) ffffffff8177df1a elf_load+0x28a ([kernel.kallsyms])
              pt 19294 72253.185664:          1 page-faults:     7f32cce17f78 [unknown] (//anon)     7f32cd3268ea clone3+0x2a (/usr/lib/x86_64-linux-gnu/libc.so.6)
              sh 999/999 72253.185670:          1 page-faults:     7f32cce18000 [unknown] (//anon)     7f32cd3268ea clone3+0x2a (/usr/lib/x86_64-linux-gnu/libc.so.6)
X
if [ "$($P trace convert --from perf --pid 19289 --to text "$tmp/perftid.txt" - 2>"$tmp/err")" = 0x56053e07e030 ] &&
	grep -q "warning: .*perftid.txt: 1 sample skipped as not process 19289's had a pid or tid alone .*-F +pid prints PID/TID" "$tmp/err" &&
	[ "$(grep -c warning "$tmp/err")" = 1 ] &&
	$P trace convert --from perf --pid 1234 --to text "$tmp/perf.txt" - 2>&1 >/dev/null | cmp -s - /dev/null; then
	ok "perf: samples skipped by a lone tid said (none by PID/TID)"
else bad "perf: lone tid skips"; sed 's/^/    /' "$tmp/err" | head -3; fi
# Defect: perf script --show-mmap-events (--show-task-events, ...) output
# was refused at its first side-band record, "not a hexadecimal addr
# field"; now those lines are skipped and the samples read.
cat >"$tmp/perfmmap.txt" <<'X'
         swapper     0/0         0.000000: PERF_RECORD_MMAP -1/0: [0xffffffff81000000(0x125aa00) @ 0xffffffff81000000]: x [kernel.kallsyms]_text
       perf-exec     0/0         0.000000: PERF_RECORD_COMM: perf-exec:19289/19289
              pt 19289/19289 72253.162709: PERF_RECORD_COMM exec: pt:19289/19289
              pt 19289/19289 72253.162754: PERF_RECORD_MMAP2 19289/19289: [0x7fffe239d000(0x21000) @ 0x7ffffffde000 00:00 0 0]: rw-p [stack]
              pt 19289/19289 72253.162793: page-faults:     56053e07e030
              pt 19289/19289 72253.185380: PERF_RECORD_FORK(19289:19294):(19289:19289)
              pt 19289/19294 72253.185664: page-faults:     7f32cce17f78
              pt 19289/19294 72253.185700: PERF_RECORD_EXIT(19289:19294):(19283:19283)
X
expect "perf: side-band records (--show-mmap-events) skipped" "$tmp/perfmmap.txt" --from perf --pid 19289 <<'X'
0x56053e07e030
0x7f32cce17f78
X
# Defect: a recording with callchains (perf record -g) printed with the
# ip field (perf script -F +pid,+addr) was refused at its first frame's
# line, "no pid field"; now a sample's frames are skipped.
printf '%s\n\t%s\n\t%s\n%s\n\t%s\n' \
	'              pt  5719/5719  72644.397405:          1 page-faults:     557ce0baf030 __TMC_END__+0x0 (/tmp/pt)' \
	'ffffffff8177df1a elf_load+0x28a ([kernel.kallsyms])' \
	'    7f6ede6aa110 _dl_start+0x0 (/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2)' \
	'              pt  5719/5719  72644.397621:          1 page-faults:     7f6ede6aa110 [unknown] (//anon)' \
	'401136 main+0x16 (/tmp/pt)' >"$tmp/perfg.txt"
expect "perf: a sample's callchain lines (perf record -g) skipped" "$tmp/perfg.txt" --from perf --pid 5719 <<'X'
0x557ce0baf030
0x7f6ede6aa110
X
# Defect: a --pid that names no process of the recording (a typo, perf's
# own pid) gave an empty trace, exit 0, unsaid (trace convert prints no
# counts); now a warning says no sample was the process's.
if [ -z "$($P trace convert --from perf --pid 4321 --to text "$tmp/perf.txt" - 2>"$tmp/err")" ] &&
	grep -q "warning: .*perf.txt: no sample of process 4321 (6 of other processes skipped: is --pid right?)" "$tmp/err"; then
	ok "perf: --pid of no sample said"
else bad "perf: --pid of no sample"; sed 's/^/    /' "$tmp/err" | head -3; fi
# Defect: without --pid, the samples of every process were replayed as
# one address space, exit 0.  PID/TID of two processes: refused, named;
# lone numbers (the default fields print the tid): a warning.
fails "perf: two processes without --pid refused" \
	"perf.txt:4: a sample of process 999 after process 1234's: two address spaces (trace convert --pid PID keeps one)" \
	"$tmp/perf.txt" --from perf
# (a sample without an address, of any process, adds no address space)
head -3 "$tmp/perf.txt" >"$tmp/perfzero.txt"
printf '              sh  999/999    575.362074: page-faults:                0\n' >>"$tmp/perfzero.txt"
if [ "$($P trace info --json --format perf "$tmp/perfzero.txt" 2>"$tmp/err" |
	python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["trace"][0]["addresses"], d["source"][0]["samples_without_addr"])')" = "2 1" ]; then
	ok "perf: another process's sample without an address counted, not refused"
else bad "perf: an address-0 sample of another process"; sed 's/^/    /' "$tmp/err" | head -3; fi
head -2 "$tmp/perftid.txt" >"$tmp/perftids.txt"
if [ "$($P trace convert --from perf --to text "$tmp/perftids.txt" - 2>"$tmp/err" | tr '\n' ' ')" = "0x56053e07e030 0x7f32cce17f78 " ] &&
	grep -q "warning: .*perftids.txt: samples of more than one pid or tid, replayed as one address space" "$tmp/err"; then
	ok "perf: lone tids that differ, without --pid: read, said"
else bad "perf: lone tids without --pid"; sed 's/^/    /' "$tmp/err" | head -3; fi
printf '    toucher  1234/1234   1.0: page-faults:  zz\n' >"$tmp/perfbad.txt"
if $P trace convert --from perf --to text "$tmp/perfbad.txt" - >/dev/null 2>"$tmp/err"; then
	bad "perf: garbage accepted"
elif grep -q "perfbad.txt:1: not a hexadecimal addr field" "$tmp/err"; then
	ok "perf: garbage named by line"
else
	bad "perf garbage message"
	cat "$tmp/err"
fi

# --- Scheduled (the default): a trace runs on the GPU model ---
# Two blocks of one warp, two loads each, 4 KiB apart: in file order block
# 0's two loads come first; scheduled, the CTAs go to SMs 0 and 1 in the
# same cycle and each warp's second load waits for its first (its
# latency, scaled by the CTA's jitter), so both first loads come before
# either second one (every coalesced request: --iotlb-at coalesced).
{
	header 5 | sed 's/^-grid dim = .*/-grid dim = (2,1,1)/; s/^-block dim = .*/-block dim = (32,1,1)/'
	printf 'warp = 0\ninsts = 2\n'
	printf '0010 00000001 1 R2 LDG.E 1 R4 4 0 0x7f1000000000 0\n'
	printf '0020 00000001 1 R2 LDG.E 1 R4 4 0 0x7f1000001000 0\n'
	printf '#END_TB\n\n#BEGIN_TB\n\nthread block = 1,0,0\n\nwarp = 0\ninsts = 2\n'
	printf '0010 00000001 1 R2 LDG.E 1 R4 4 0 0x7f2000000000 0\n'
	printf '0020 00000001 1 R2 LDG.E 1 R4 4 0 0x7f2000001000 0\n'
	printf '#END_TB\n'
} >"$tmp/two.traceg"
if $P trace convert --to text --iotlb-at coalesced "$tmp/two.traceg" - >"$tmp/two.got" 2>"$tmp/err" &&
	[ "$(head -2 "$tmp/two.got" | tr '\n' ' ')" = "0x7f1000000000 0x7f2000000000 " ] &&
	[ "$(tail -2 "$tmp/two.got" | sort | tr '\n' ' ')" = "0x7f1000001000 0x7f2000001000 " ] &&
	$P trace convert --trace-order file --to text "$tmp/two.traceg" - |
	cmp -s - <(printf '0x%s\n' 7f1000000000 7f1000001000 7f2000000000 7f2000001000); then
	ok "scheduled: two blocks on two SMs interleave; file order keeps them apart"
else bad "scheduled two blocks"; sed 's/^/    /' "$tmp/err" "$tmp/two.got" | head -6; fi
if $P trace convert --to text "$tmp/two.traceg" - >"$tmp/two.l2" 2>"$tmp/err" &&
	[ "$(wc -l <"$tmp/two.l2")" = 4 ] &&
	$P trace convert --to text --trace-order file "$d" - >/dev/null; then
	ok "scheduled at the default tap (l2-miss): four cold misses"
else bad "scheduled default tap"; fi
# --with-ifetch: each instruction fetched at 0xF0000000 + its PC; both
# SMs' L1Is miss the one line of PCs 0x10 and 0x20 once, at the l2-miss
# tap one DRAM read of it (the second SM's merges): four data misses and
# one fetch; every coalesced request: the four fetches too.
n2=$($P run -u --with-ifetch --json -m none "$tmp/two.traceg" 2>"$tmp/err" |
	sed -n 's/.*"addresses": \([0-9]*\).*/\1/p')
n8=$($P run -u --with-ifetch --iotlb-at coalesced --json -m none "$tmp/two.traceg" 2>>"$tmp/err" |
	sed -n 's/.*"addresses": \([0-9]*\).*/\1/p')
if [ "$n2" = 5 ] && [ "$n8" = 8 ]; then
	ok "--with-ifetch: a trace's instructions fetched at their PCs (l2-miss $n2, coalesced $n8 requests)"
else bad "--with-ifetch on a trace: $n2, $n8"; cat "$tmp/err"; fi
# Defect: a generic LD/ST at an address in the header's local window was
# dropped when scheduled, where traces.rst says it is local memory as
# LDL/STL are (the local loads of a pointer to a stack array); now it is.
for op in LD.E:LDL ST.E:STL; do
	for o in ${op%:*} ${op#*:}; do
		kernel 5 0 "0010 00000001 1 R2 $o 1 R4 4 0 0x00007f0001000080 0" \
			'0020 00000001 1 R2 LDG.E 1 R4 4 0 0x7f7000000000 0' >"$tmp/loc.traceg"
		$P trace convert --to text --iotlb-at coalesced "$tmp/loc.traceg" - \
			>"$tmp/loc.$o" 2>"$tmp/err"
	done
	if [ "$(wc -l <"$tmp/loc.${op#*:}")" = 2 ] &&
		cmp -s "$tmp/loc.${op%:*}" "$tmp/loc.${op#*:}"; then
		ok "scheduled: generic ${op%:*} in the local window = ${op#*:}"
	else bad "scheduled generic ${op%:*} in the local window"; cat "$tmp/err" "$tmp/loc.${op%:*}"; fi
done
if $P trace convert --trace-order sideways "$tmp/two.traceg" - >/dev/null 2>"$tmp/err"; then
	bad "--trace-order sideways accepted"
elif grep -q "trace-order takes scheduled or file" "$tmp/err"; then
	ok "--trace-order sideways is refused"
else bad "--trace-order message"; fi

# --- gen --format traceg: written, then read back scheduled, the same ---
# (RAY: its parameter, constant and local loads as LDC, LDL and STL lines;
# RAY at its full input: at the small one, with 4 CTAs an SM, the L2 holds
# every page it touches and nothing reaches l2-miss)
for ws in 2DCONV:small RAY:full MUM:small; do
	w=${ws%:*}
	for at in coalesced l2-input l2-miss; do
		rm -rf "$tmp/gt"
		if $P gen "$w" -q --size "${ws#*:}" --format traceg -o "$tmp/gt" 2>"$tmp/err" &&
			$P gen "$w" -q --size "${ws#*:}" --iotlb-at $at >"$tmp/gen.txt" &&
			$P trace convert --to text --iotlb-at $at "$tmp/gt" - >"$tmp/back.txt" &&
			[ -s "$tmp/gen.txt" ] && cmp -s "$tmp/gen.txt" "$tmp/back.txt"; then
			ok "gen $w --format traceg read back at $at: the same $(wc -l <"$tmp/gen.txt") addresses"
		else bad "gen $w traceg round trip at $at"; sed 's/^/    /' "$tmp/err" | head -3; fi
	done
done
if [ "$(head -1 "$tmp/gt/kernelslist.g")" = "MemcpyHtoD,0xc0000000,221184" ] &&
	grep -q "^-accelsim tracer version = 5$" "$tmp/gt/kernel-1.traceg" &&
	grep -q "^-grid dim = (32,1,1)$" "$tmp/gt/kernel-1.traceg"; then
	ok "gen --format traceg: the copies in kernelslist.g, version 5 headers, the launch's grid"
else bad "gen traceg headers"; fi
# Defect: gen --format traceg's closing line counted "1 kernels" (the
# plural with one); now "1 kernel", and a count other than one plural.
rm -rf "$tmp/gt1"
if $P gen 2DCONV --format traceg -o "$tmp/gt1" 2>"$tmp/err" &&
	grep -qx "pwcsim gen: $tmp/gt1: 1 kernel, [0-9]* addresses" "$tmp/err"; then
	ok "gen --format traceg: 1 kernel, N addresses"
else bad "gen traceg count: $(cat "$tmp/err")"; fi
# the source counts describe the file: the same scheduled as in file
# order (scheduled once counted each warp's parameter LDC as global)
for o in file scheduled; do
	$P trace info --json --trace-order $o "$tmp/gt" 2>"$tmp/err" | python3 -c '
import json, sys
s = json.load(sys.stdin)["source"][0]
print(s["global_instructions"], s["global_accesses"])' >"$tmp/counts.$o"
done
if [ -s "$tmp/counts.file" ] && cmp -s "$tmp/counts.file" "$tmp/counts.scheduled"; then
	ok "trace info: global instructions and accesses the same in either order ($(cat "$tmp/counts.file"))"
else bad "trace info global counts: file $(cat "$tmp/counts.file"), scheduled $(cat "$tmp/counts.scheduled")"; fi
# Defect: run and trace info of an Accel-Sim trace gave no tap and no
# order (their text nor their JSON), though each changes the stream: four
# runs of one trace at four settings were labelled alike.
if [ "$($P run -u -q -m tpc --iotlb-at coalesced "$tmp/gt" | head -1 |
	cut -d: -f1)" = "$tmp/gt (Accel-Sim trace on the GPU model, at coalesced)" ] &&
	[ "$($P run -u -q -m tpc --trace-order file "$tmp/gt" | head -1 |
	cut -d: -f1)" = "$tmp/gt (Accel-Sim trace in file order)" ] &&
	$P run -u -q -m tpc --json --iotlb-at l1-miss --seed 3 "$tmp/gt" | python3 -c '
import json, sys
t = json.load(sys.stdin)["trace"]
assert (t["order"], t["iotlb_at"], t["seed"], t["warmup"], t["with_ifetch"]) == \
	("scheduled", "l1-miss", 3, 2, 0), t' &&
	$P run -u -q -m tpc --json --trace-order file "$tmp/gt" | python3 -c '
import json, sys
t = json.load(sys.stdin)["trace"]
assert t == {"format": "traceg", "order": "file"}, t' &&
	$P trace info --json --iotlb-at l2-input "$tmp/gt" | python3 -c '
import json, sys
s = json.load(sys.stdin)["stream"]
assert (s["order"], s["iotlb_at"]) == ("scheduled", "l2-input"), s'; then
	ok "run, trace info of an Accel-Sim trace: its order and tap in the text and the JSON"
else bad "run/trace info labels of an Accel-Sim trace"; fi
mkdir -p "$tmp/taken"
if $P gen 2DCONV --format traceg -o "$tmp/taken" 2>"$tmp/err"; then
	bad "gen traceg into an existing directory"
elif grep -q "exists" "$tmp/err" && [ -z "$(ls "$tmp/taken")" ] &&
	[ -z "$(ls -d "$tmp"/taken.tmp* 2>/dev/null)" ]; then
	ok "gen --format traceg refuses an existing directory, leaves nothing"
else bad "gen traceg existing dir"; fi
if $P gen 2DCONV --format traceg 2>"$tmp/err"; then
	bad "gen traceg without -o"
elif grep -q "give -o DIR" "$tmp/err"; then
	ok "gen --format traceg needs -o DIR"
else bad "gen traceg without -o message"; fi
if $P gen 2DCONV -o "$tmp/x" 2>"$tmp/err"; then
	bad "gen -o without traceg"
elif grep -q "goes with --format traceg" "$tmp/err"; then
	ok "gen -o goes with --format traceg"
else bad "gen -o message"; fi

# Defect: trace info counted addresses by page-table indices, which have
# no bits at 57 and above: 0x1000 and 0x200000000001000 were one page,
# exit 0 (replay and run refused the second).
printf '0x1000\n0x200000000001000\n' >"$tmp/alias.txt"
if $P trace info "$tmp/alias.txt" >"$tmp/out" 2>"$tmp/err"; then
	bad "trace info: an address above 57 bits counted"
elif grep -q "address 2 of the stream, 0x200000000001000, is not a user address (no paging translates one above 0x1ffffffffffffff" "$tmp/err"; then
	ok "trace info: an address above 57 bits refused, as replay refuses it"
else bad "trace info above 57 bits: $(cat "$tmp/err")"; fi
# Defect: a pid field of 20 digits saturated to the value that means "no
# process yet": a second process's samples were merged with the first's.
printf ' t 18446744073709551615/1 [000] 1.000001: page-faults: 7f0000001000\n t 5/5 [000] 1.000002: page-faults: 7f0000002000\n' >"$tmp/bigpid.txt"
if $P trace info -f perf "$tmp/bigpid.txt" >"$tmp/out" 2>"$tmp/err"; then
	bad "perf: a pid over the kernel's limit accepted"
elif grep -q "bigpid.txt:1: a pid above 4194304" "$tmp/err"; then
	ok "perf: a pid over the kernel's limit refused, with its line"
else bad "perf big pid: $(cat "$tmp/err")"; fi
printf ' swapper 0/0 [000] 1.000001: page-faults: 7f0000001000\n' >"$tmp/pid0.txt"
if [ "$($P trace info --json -f perf "$tmp/pid0.txt" 2>/dev/null |
	python3 -c 'import json, sys; print(json.load(sys.stdin)["trace"][0]["addresses"])')" = 1 ]; then
	ok "perf: pid 0 (the idle task) read"
else bad "perf pid 0"; fi
# Defect: a kernelslist.g listing no kernel gave an empty stream, exit 0,
# without a word (a kernel file listed but empty is an error).
mkdir -p "$tmp/nolist"
printf 'kernel name = k\n' >"$tmp/nolist/kernel-1.traceg"
printf '# nothing listed\n' >"$tmp/nolist/kernelslist.g"
if $P trace info "$tmp/nolist" >"$tmp/out" 2>"$tmp/err" &&
	grep -q "warning: .*nolist/kernelslist.g lists no kernel: an empty stream" "$tmp/err" &&
	[ "$(grep -c 'lists no kernel' "$tmp/err")" = 1 ]; then
	ok "a kernelslist.g listing no kernel: warned once"
else bad "empty kernelslist.g: $(cat "$tmp/err")"; fi
echo "trace-test: $passed passed, $failed failed"
[ $failed = 0 ]
