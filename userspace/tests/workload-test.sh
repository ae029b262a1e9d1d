#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# userspace/tests/workload-test.sh - the workload generators (pwcsim gen)
# and trace importers (lackey, traceg): page-level characteristics of each
# small workload against values derived by hand below, determinism, and
# parsers fed good, truncated and garbage input.  $PWCSIM is the binary.
# Ends with "workload-test: N passed, N failed".
set -u
P=${PWCSIM:-./pwcsim}
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

# pages(4 KiB) L4 L3 L2 first-address, derived by hand with the 2 MiB-
# aligned layout (heap at 1 TiB), every coalesced request (before the L1)
# and no warm-up, float data; see Documentation/workloads.rst:
#  CTAs are dealt one per SM in cycle 0; SM 0's scheduler 0 issues first,
#  its oldest warp (CTA 0, warp 0); a warp with no active thread retires
#  without taking the issue slot, and the scheduler issues its next
#  oldest warp in the same cycle (CTA 0's warp 2: scheduler 0 has the even
#  warp slots).
#  gemm 128^2: A, B, C of 16 pages; warp 0 first loads C[0][0..31]
#  2mm: A, B, C, D, E (2mm.cu:180-184); kernel 1 first loads A[0][0]
#    (no zeroing of C: 2mm.cu:118 accumulates onto C as copied in)
#  3mm: 7 buffers; kernel 1 first loads A[0][0] (buffer 1)
#  2DCONV 512^2: A and B of 256 pages; warp 0 is halo row 0 (inactive),
#    warp 2 (row 2) reads A[1][0..30]: A + 2048
#  3DCONV 64^3: A read whole (256), B planes 1..62 (62 x 4); warp 0 is
#    halo row 0, warp 2 reads A[0][1][0..30]: A + 256
#  gramschmidt 128^2: A, R, Q of 16 pages; kernel 1 starts at A[0][0]
#  AES 64 KiB: in and out, 16 pages each (the 176-byte key between
#    them is read by texture fetches only: not in the stream)
#  STO 96 x 128 threads: in 4 x 12,288 + 48 bytes (13 pages), out
#    49,152 (12 pages)
#  hotspot 128^2: temp0, temp1, power (hotspot.cu:321-325); block
#    (0,0) warp 0 is rows -2 and -1 (out), warp 2 rows 2 and 3 from
#    column -2: its first access is temp0[2][0] (buffer 1, + 1024)
#  pathfinder: the two result rows (16 pages each), then the wall's 39
#    rows of 16384 (624 pages); the first instruction reads result 0
#    (threads 20..31 of block 0: columns 0..11)
#  dwt2d 192^2 (-d 192x192): c_r_out, backup, c_g_out, c_b_out, c_r, c_g,
#    c_b of 36 pages and d_src of 27 (main.cu:91-126, components.cu:140);
#    backup is never read by a kernel: 6 x 36 + 27 pages in 7 regions;
#    the copy kernel first loads d_src (the eighth buffer: 14 MiB)
#  backprop 8192: input 9, weights 137, old weights 137, partial 8, delta 1
#  streamcluster 1024x16 (3 6 16 1024 1024 100): center_table 1 page,
#    switch 1, p (32-byte Points) 8, coord 16, and one work_mem_d per
#    pgain call, whose K+1 floats a thread's row spans 1024 (K + 1) x 4
#    bytes: K + 1 pages; K per call is the host's (from its allocations,
#    below), one 2 MiB region per buffer; the first launch's warp 0 first
#    loads coord_d[0..31] (the fifth buffer: 8 MiB)
#  BFS 8192 nodes, 3 x 8192 random edges (bfs.c): nodes 16, edges 49
#    (196,xxx bytes), mask 2, visited 2, cost 8, over 1 (bfs.cu:138-169);
#    the kernel first loads mask[] (the third buffer: 4 MiB)
# streamcluster's line from the K of each call, as its allocations show
sc_expect() {
	$P gen --size small --layout aligned --allocations --json streamcluster |
	python3 -c '
import json, sys
a = json.load(sys.stdin)["allocations"]
w = [x["bytes"] // (1025 * 4) for x in a if x["buffer"] == "work_mem_d"]
print("streamcluster", 26 + sum(w), 1, 1, len(a), "0x10000800000")'
}
cat >"$tmp/expect" <<X
gemm 48 1 1 3 0x10000400000
2mm 80 1 1 5 0x10000000000
3mm 112 1 1 7 0x10000000000
2DCONV 512 1 1 2 0x10000000800
3DCONV 504 1 1 2 0x10000000100
gramschmidt 48 1 1 3 0x10000000000
AES 32 1 1 2 0x10000000000
STO 25 1 1 2 0x10000000000
hotspot 48 1 1 3 0x10000000400
pathfinder 656 1 1 4 0x10000000000
dwt2d 243 1 1 7 0x10000e00000
backprop 292 1 1 5 0x10000000000
$(sc_expect)
BFS 78 1 1 6 0x10000400000
X
while read -r name pages l4 l3 l2 first; do
	$P gen --size small --layout aligned --iotlb-at coalesced --warmup 0 \
		"$name" >"$tmp/w.txt" 2>"$tmp/err" || { bad "gen $name"; continue; }
	$P trace info --json "$tmp/w.txt" >"$tmp/info.json"
	got=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1]))["trace"][0]; print(d["pages_4k"], d["distinct_l4"], d["distinct_l3"], d["distinct_l2"])' "$tmp/info.json")
	if [ "$got" = "$pages $l4 $l3 $l2" ]; then
		ok "$name: $pages pages, L4/L3/L2 $l4/$l3/$l2"
	else
		bad "$name: pages L4 L3 L2 = $got, derived $pages $l4 $l3 $l2"
	fi
	f=$(head -1 "$tmp/w.txt")
	if [ "$f" = "$first" ]; then
		ok "$name: first segment $first"
	else
		bad "$name: first $f, derived $first"
	fi
done <"$tmp/expect"

# The seeded ones: deterministic per seed, different across seeds.
# (Every request: BFS's small input, copied in, fits in the L2.)
for name in MUM BFS; do
	a=$($P gen --size small --iotlb-at coalesced --seed 7 "$name" | md5sum)
	b=$($P gen --size small --iotlb-at coalesced --seed 7 "$name" | md5sum)
	c=$($P gen --size small --iotlb-at coalesced --seed 8 "$name" | md5sum)
	if [ "$a" = "$b" ] && [ "$a" != "$c" ]; then
		ok "$name: seeded and deterministic"
	else
		bad "$name: seeds"
	fi
done
# Every generator: 128-byte segments, inside the heap (packed: from
# 0xC0000000 below 4 GiB, every request before the L1), one L4 index.
for name in $($P gen --list | awk '{print $1}'); do
	$P gen --size small --iotlb-at coalesced --format binary "$name" >"$tmp/w.bin"
	if $P trace convert --to text "$tmp/w.bin" - | awk '
		{ v = $1; sub(/^0x/, "", v) }
		length(v) != 8 || v !~ /^[c-f]/ || v !~ /[08]0$/ { bad = 1 }
		END { exit bad }'; then
		ok "$name: aligned segments in the heap"
	else
		bad "$name: segment alignment"
	fi
done
if [ "$($P gen --size small --iotlb-at coalesced --limit 10 gemm | wc -l)" = 10 ]; then
	ok "gen --limit"
else
	bad "gen --limit"
fi
# cudaMemcpy fills the L2 (GPGPU-Sim's -gpgpu_perf_sim_memcpy): gemm's
# small input, 3 x 64 KiB copied in, never misses the 768 KB L2, so no
# request reaches an IOTLB behind it; gen says so.
n=$($P gen --size small gemm 2>"$tmp/err" | wc -l)
if [ "$n" = 0 ] && grep -q "no request reached the IOTLB" "$tmp/err"; then
	ok "gen: the copies fill the L2 (gemm small: no L2 miss), said on stderr"
else
	bad "gen gemm small behind the L2: $n addresses"
fi
if $P gen nosuch 2>"$tmp/err"; [ $? = 2 ] && grep -q "unknown workload" "$tmp/err"; then
	ok "gen: unknown workload"
else
	bad "gen: unknown workload"
fi
# The GPU model's options: bad values refused with a message and status 2.
for opt in "--jitter x" "--jitter 101" "--iotlb-at nowhere" "--layout tiled" \
	"--inputs huge" "--warmup 1001" "--window -1"; do
	# shellcheck disable=SC2086 # option and value, word-split on purpose
	$P gen gemm --size small $opt >/dev/null 2>"$tmp/err"
	if [ $? = 2 ] && grep -q "^pwcsim: --" "$tmp/err"; then
		ok "gen $opt: refused"
	else
		bad "gen $opt"
	fi
done
# The layouts and input sets: where the first buffer starts, and that
# table1 changes only the ISPASS inputs it names.
a=$($P gen --size full --iotlb-at coalesced --warmup 0 --limit 1 --layout aligned AES)
b=$($P gen --size full --iotlb-at coalesced --warmup 0 --limit 1 AES)
if [ "$a" = 0x10000000000 ] && [ "$b" = 0xc0000000 ]; then
	ok "AES: aligned from 1 TiB ($a), packed from 0xC0000000 ($b)"
else
	bad "AES first requests: aligned $a, packed $b"
fi
d=$($P gen --size full --window 2000 gemm | md5sum)
t=$($P gen --size full --window 2000 --inputs table1 gemm | md5sum)
# Defect: STO's small input (16 MiB) was larger than its default (400 KiB),
# 957,547 walks against 567, and AES's (1 MiB against 256 KiB): every
# workload's full run must go past its small run's length (in requests:
# at the default l2-miss tap AES and STO, whose data the L2 holds, make
# none).
big=
for name in $($P gen --list | awk '{print $1}'); do
	small=$($P gen -q --size small --iotlb-at coalesced "$name" | wc -l)
	full=$($P gen -q --size full --iotlb-at coalesced \
		--limit $((small + 1)) "$name" | wc -l)
	[ "$full" -gt "$small" ] || big="$big $name($small>=$full)"
done
if [ -z "$big" ]; then ok "small is smaller than full for all 17 workloads"
else bad "small not smaller than full:$big"; fi
s1=$($P gen --size full --iotlb-at coalesced --window 200000 STO | sort -u | wc -l)
s2=$($P gen --size full --iotlb-at coalesced --window 200000 --inputs table1 STO | sort -u | wc -l)
if [ "$d" = "$t" ] && [ "$s1" -lt "$s2" ]; then
	ok "table1: gemm unchanged, STO's input larger ($s1 < $s2 distinct lines)"
else
	bad "table1: gemm $d / $t, STO $s1 / $s2"
fi
if [ "$($P gen --list | wc -l)" = 17 ]; then
	ok "gen --list: 17 workloads"
else
	bad "gen --list"
fi

# lackey: a real trace if valgrind is here, else a fixture made here.
if command -v valgrind >/dev/null; then
	printf 'int a[4096];\nint main(void){int s=0;for(int i=0;i<4096;i+=512)s+=a[i];a[7]=s;return 0;}\n' >"$tmp/t.c"
	cc -O1 -o "$tmp/t" "$tmp/t.c" && valgrind --tool=lackey --trace-mem=yes \
		--log-file="$tmp/t.lackey" "$tmp/t"
else
	printf '==1== Lackey\nI  04000000,3\n L 7ff000100,8\n S 00601040,4\n M 00601040,4\n' >"$tmp/t.lackey"
fi
data=$(grep -c '^ [LSM] ' "$tmp/t.lackey")
all=$(grep -c '^\(I  \| [LSM] \)' "$tmp/t.lackey")
n=$($P trace info --json "$tmp/t.lackey" | python3 -c 'import json,sys; print(json.load(sys.stdin)["trace"][0]["addresses"])')
if [ "$n" = "$data" ]; then
	ok "lackey: $data data accesses"
else
	bad "lackey: $n, want $data"
fi
n=$($P replay --json --with-ifetch -m none "$tmp/t.lackey" | python3 -c 'import json,sys; print(json.load(sys.stdin)["addresses"])')
if [ "$n" = "$all" ]; then
	ok "lackey --with-ifetch: $all accesses"
else
	bad "lackey ifetch: $n, want $all"
fi

# traceg: a made-up kernel with every address format and opcode kind.
cat >"$tmp/k.traceg" <<'X'
-kernel name = _Z4testPf
-kernel id = 1
-grid dim = (1,1,1)
-block dim = (64,1,1)
-shmem base_addr = 0x00007f0000000000
-local mem base_addr = 0x00007f1000000000
-binary version = 70

#traces format = threadblock_x threadblock_y threadblock_z warpid_tb PC mask dest_num [reg_dests] opcode src_num [reg_srcs] mem_width [adrrescompress?] [mem_addresses]

#BEGIN_TB

thread block = 0,0,0

warp = 0
insts = 4
0000 ffffffff 1 R1 IMAD.MOV.U32 2 R255 R255 0
0010 ffffffff 1 R2 LDG.E.SYS 1 R4 4 1 0x10000000000 4
0020 0000000f 0 STG.E.SYS 2 R4 R2 4 0 0x10000200000 0x10000200100 0x10000200200 0x10000200300
0030 ffffffff 1 R3 LDS.U.32 1 R5 4 1 0x7f0000000000 4

warp = 1
insts = 3
0000 ffffffff 1 R2 LDG.E.SYS 1 R4 4 2 0x10000000080 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4
0010 00000003 1 R2 LD.E 1 R4 4 0 0x7f1000000000 0x10000400000
0020 00000001 0 ATOMG.E.ADD.STRONG.GPU 2 R4 R2 4 0 0x10000600000

#END_TB
X
$P trace convert --trace-order file --to text "$tmp/k.traceg" - >"$tmp/k.txt" 2>"$tmp/err"
cat >"$tmp/k.want" <<'X'
0x10000000000
0x10000000080
0x10000200000
0x10000200100
0x10000200200
0x10000200300
0x10000400000
0x10000600000
X
if cmp -s "$tmp/k.txt" "$tmp/k.want"; then
	ok "traceg: global accesses coalesced, warps interleaved"
else
	{ bad "traceg"; diff "$tmp/k.want" "$tmp/k.txt" | head; cat "$tmp/err"; }
fi

# Malformed input: the file and line, a non-zero exit.
fuzz() {	# fuzz NAME FORMAT PATTERN CONTENT
	printf '%b' "$4" >"$tmp/f"
	if $P trace info --json "$tmp/f" >"$tmp/out" 2>"$tmp/err" ; then
		bad "$1 (accepted)"
	elif ! grep -q -- "$3" "$tmp/err"; then
		bad "$1 (stderr: $(cat "$tmp/err"))"
	else
		ok "$1"
	fi
}
fuzz "lackey garbage line" lackey "f:3: not a lackey line" '==1== x\n L 1000,8\nxyz\n'
fuzz "lackey bad address" lackey "f:2: not a lackey access" '==1== x\n L zz,8\n'
fuzz "lackey no size" lackey "f:2: not a lackey access" '==1== x\n L 1000\n'
fuzz "traceg truncated block" traceg "ends inside a thread block" \
	'-kernel name = k\n#BEGIN_TB\nwarp = 0\n0000 ffffffff 0 EXIT 0 0\n'
fuzz "traceg missing addresses" traceg "f:4: missing address" \
	'-kernel name = k\n#BEGIN_TB\nwarp = 0\n0000 00000003 0 STG.E 0 4 0 0x1000\n#END_TB\n'
fuzz "traceg garbage instruction" traceg "f:4: bad destination count" \
	'-kernel name = k\n#BEGIN_TB\nwarp = 0\n0000 ffffffff zz\n#END_TB\n'
fuzz "traceg instruction outside a warp" traceg "outside a warp" \
	'-kernel name = k\n#BEGIN_TB\n0000 ffffffff 0 EXIT 0 0\n#END_TB\n'
fuzz "traceg bad format" traceg "f:4: bad address format" \
	'-kernel name = k\n#BEGIN_TB\nwarp = 0\n0000 00000001 0 STG.E 0 4 7 0x1000\n#END_TB\n'
fuzz "traceg trailing characters" traceg "f:4: trailing characters" \
	'-kernel name = k\n#BEGIN_TB\nwarp = 0\n0000 00000001 0 STG.E 0 4 0 0x1000 junk\n#END_TB\n'
fuzz "hex garbage" text "f:2: not a hexadecimal address" '0x1000\nnope\n'
# a long random garbage file is rejected, not crashed on
head -c 20000 /dev/urandom | tr -c 'A-Za-z0-9 \n=.-' x >"$tmp/g"
$P trace info "$tmp/g" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q ':[0-9]*: ' "$tmp/err"; then
	ok "random garbage: rejected with a line number"
else
	bad "random garbage (rc $rc)"
fi

# run --userspace: a workload behind an IOTLB; the sums add up.  gemm
# 128^2, every request (coalesced) without warm-up: 512 warps, each
# C loaded and stored, then 128 x (A, B, C stored): 512 x 386 = 197,632.
$P run --userspace --json --tlb 64 --warmup 0 --iotlb-at coalesced -w gemm \
	>"$tmp/r.json" 2>/dev/null
if python3 - "$tmp/r.json" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["addresses"] == 197632, d["addresses"]
assert d["tlb_lookups"] == d["addresses"]
assert d["walks"] == d["addresses"] - d["tlb_hits"]
for m in d["models"]:
    assert m["lookups"] == d["walks"]
    assert m["l2_hits"] + m["l3_hits"] + m["l4_hits"] + m["misses"] == m["lookups"]
    if m["model"] != "uptc":
        assert m["accesses"] == m["l2_hits"] + 2 * m["l3_hits"] + 3 * m["l4_hits"] + 4 * m["misses"]
X
then ok "run --userspace: lookups = addresses after the TLB, accesses add up"; else bad "run --userspace sums"; fi

echo "workload-test: $passed passed, $failed failed"
[ $failed = 0 ]
