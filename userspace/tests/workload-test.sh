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
#  CTAs are dealt one per SM a cycle (SM 0 gets CTAs 0, 15, 30, ... up to
#  its CTA limit); each warp first loads its kernel's parameters (ld.param,
#  the constant line at 0x0: a request below the heap); scheduler 0 (the
#  even warp slots) issues one a cycle, oldest first, and every one after
#  the first merges with its miss, so all are ready when the line
#  returns, hundreds of cycles later; GTO then goes on with its greedy
#  warp, the last it issued: the youngest even warp of the last CTA SM 0
#  was dealt (a warp with no step retires, and the scheduler goes on with
#  the next youngest).  The first heap request is that warp's first.
#  gemm 128^2: A, B, C of 16 pages; 64 CTAs, 5 an SM (24 registers):
#    SM 0's last is CTA 60 (block (0, 15)), its warp 6 loads
#    C[126][0..31]: C + 0xfc00
#  2mm: A, B, C, D, E (2mm.cu:180-184); 28 registers: 4 CTAs an SM
#    (32,768 / (256 x 28)); kernel 1, CTA 45 (block (1, 11)) warp 6
#    loads C[94][32..63] before its loop (2mm.ptx:48: no zeroing of C,
#    2mm.cu:118 accumulates onto C as copied in): C + 0xbc80
#  3mm: 7 buffers; kernel 1, CTA 60 warp 6 loads E[126][0..31] (buffer 5,
#    3mm.ptx:48): E + 0xfc00
#  2DCONV 512^2: A and B of 256 pages; 5 CTAs an SM (24 registers): CTA
#    60 (block (12, 3)) warp 6 is row i = 30: A[29][383..]: A + 0xedfc,
#    line 0xed80
#  3DCONV 64^3: A read whole (256), B planes 1..62 (62 x 4); 16 CTAs a
#    plane: SM 0's CTAs 0 and 15 (block (1, 7)), its warp 6 (j = 62, k =
#    32..63) reads A[0][61][31..]: A + 0x3d7c, line 0x3d00
#  gramschmidt 128^2: A, R, Q of 16 pages; kernel 1 is one CTA whose
#    thread 0 alone works: warp 0 starts at A[0][0]
#  AES 64 KiB: in and out, 16 pages each, and between them the 176-byte
#    key, read by texture fetches (its own page and region here; the
#    T-boxes are below the heap); 4 CTAs an SM (30 registers, 32 in
#    whole fours): CTA 45 warp 6 loads word 11,712: in + 0xb700
#  STO 96 x 128 threads: in 4 x 12,288 + 48 bytes (13 pages), out
#    49,152 (12 pages); 2 CTAs an SM (95 registers, 96 in whole fours;
#    shared memory would allow 3): CTA 15 warp 2 loads from byte
#    4 x 1,984: in + 0x1f00
#  hotspot 128^2: temp0, temp1, power (hotspot.cu:321-325); 3 CTAs an SM
#    (35 registers, 36 in whole fours): CTA 30 (block (8, 2)) warp 6 is
#    rows 12 and 13: temp0[34][94..] first (temperature before power):
#    + 0x4578, line 0x4500
#  pathfinder: the two result rows (16 pages each), then the wall's 39
#    rows of 16384 (624 pages); 76 CTAs: CTA 75 warp 6 reads result 0
#    at columns 216 x 75 - 20 + 192.. = 16,372..16,383: + 0xffd0, line
#    0xff80
#  dwt2d 192^2 (-d 192x192): c_r_out, backup, c_g_out, c_b_out, c_r, c_g,
#    c_b of 36 pages and d_src of 27 (main.cu:91-126, components.cu:140);
#    backup is never read by a kernel: 6 x 36 + 27 pages in 7 regions;
#    the copy kernel's CTA 75 warp 6 (threads 192-223 load nothing) first
#    stores c_r[75 x 256 + 192]: c_r (8 MiB) + 0x12f00
#  backprop 8192: input 9, weights 137, old weights 137, partial 8, delta
#    1; CTA 75 (by 75) warp 6 is rows ty 12, 13, whose tx = 0 threads load
#    input[16 x 75 + 13..14]: + 0x12f4, line 0x1280
#  streamcluster 1024x16 (3 6 16 1024 1024 100): center_table 1 page,
#    switch 1, p (32-byte Points) 8, coord 16, and one work_mem_d per
#    pgain call, whose K+1 floats a thread's row spans 1024 (K + 1) x 4
#    bytes: K + 1 pages; K per call is the host's (from its allocations,
#    below), one 2 MiB region per buffer; the first launch is 2 CTAs of
#    512: SM 0's warp 14 first loads coord_d[x], the first candidate's
#    coordinate (the PTX loads x's before the thread's own,
#    coord_d[448..479]); x is 71 (source-test reads it from thread 5's
#    first access): the fifth buffer, 8 MiB, + 0x11c, line 0x100
#  BFS 8192 nodes, 3 x 8192 random edges (bfs.c): nodes 16, edges 49
#    (196,xxx bytes), mask 2, visited 2, cost 8, over 1 (bfs.cu:138-169);
#    32 CTAs: SM 0's CTA 30 warp 6 first loads mask[7872..] (the third
#    buffer: 4 MiB, + 0x1ec0, line 0x1e80)
# streamcluster's line from the K of each call, as its allocations show
sc_expect() {
	$P gen --size small --layout aligned --allocations --json streamcluster |
	python3 -c '
import json, sys
a = [x for x in json.load(sys.stdin)["allocations"] if x["call"] == "cudaMalloc"]
w = [x["bytes"] // (1025 * 4) for x in a if x["buffer"] == "work_mem_d"]
print("streamcluster", 26 + sum(w), 1, 1, len(a), "0x10000800100")'
}
cat >"$tmp/expect" <<X
gemm 48 1 1 3 0x1000040fc00
2mm 80 1 1 5 0x1000040bc80
3mm 112 1 1 7 0x1000080fc00
2DCONV 512 1 1 2 0x1000000ed80
3DCONV 504 1 1 2 0x10000003d00
gramschmidt 48 1 1 3 0x10000000000
AES 33 1 1 3 0x1000000b700
STO 25 1 1 2 0x10000001f00
hotspot 48 1 1 3 0x10000004500
pathfinder 656 1 1 4 0x1000000ff80
dwt2d 243 1 1 7 0x10000812f00
backprop 292 1 1 5 0x10000001280
$(sc_expect)
BFS 78 1 1 6 0x10000401e80
X
# The heap's requests (from 1 TiB); below it, each warp's first request
# loads its kernel's parameters (ld.param: the constant line at 0x0), and
# only AES and RAY read constant or local memory (checked after this).
heap_stats() {	# heap_stats FILE: pages L4 L3 L2 of the heap's, its first
	python3 - "$1" <<'X'
import sys
a = [int(l, 16) for l in open(sys.argv[1])]
h = [v for v in a if v >= 1 << 40]
print(len({v >> 12 for v in h}), len({v >> 39 for v in h}),
      len({v >> 30 for v in h}), len({v >> 21 for v in h}),
      hex(h[0]) if h else "-", hex(a[0]) if a else "-")
X
}
while read -r name pages l4 l3 l2 first; do
	$P gen --size small --layout aligned --iotlb-at coalesced --warmup 0 \
		"$name" >"$tmp/w.txt" 2>"$tmp/err" || { bad "gen $name"; continue; }
	read -r gp g4 g3 g2 gf g0 < <(heap_stats "$tmp/w.txt")
	if [ "$gp $g4 $g3 $g2" = "$pages $l4 $l3 $l2" ]; then
		ok "$name: $pages pages, L4/L3/L2 $l4/$l3/$l2"
	else
		bad "$name: pages L4 L3 L2 = $gp $g4 $g3 $g2, derived $pages $l4 $l3 $l2"
	fi
	if [ "$gf" = "$first" ] && [ "$g0" = 0x0 ]; then
		ok "$name: first heap segment $first, after the first warp's ld.param at 0x0"
	else
		bad "$name: first $g0, first in the heap $gf, derived 0x0 and $first"
	fi
done <"$tmp/expect"
# Below the heap: AES reads posIdx_E (0x100) and TBox0..3[tx] (0x180 to
# 0x1180: 64 lines of 64 bytes, every entry once a CTA) from constant
# memory; RAY the view matrix (0x100) and the scene (0x180-0x21f: three
# lines) and its ray stacks in local memory from 0x1F880000; the rest
# only the parameter line.
below() {	# below NAME: the distinct 64-byte lines under 1 MiB, local lines
	$P gen --size small --iotlb-at coalesced --warmup 0 "$1" | python3 -c '
import sys
a = [int(l, 16) for l in sys.stdin]
c = sorted({v >> 6 << 6 for v in a if v < 1 << 20})
l = {v >> 7 for v in a if 0x1F880000 <= v < 0xBF880000}
print(len(c), hex(c[0]), hex(c[-1]), len(l))'
}
aes=$(below AES) ray=$(below RAY) gemm=$(below gemm)
if [ "$aes" = "66 0x0 0x1140 0" ] && [ "$gemm" = "1 0x0 0x0 0" ] &&
	[ "${ray% *}" = "5 0x0 0x200" ] && [ "${ray##* }" -gt 0 ]; then
	ok "constant and local memory: AES's T-boxes and posIdx_E, RAY's scene, matrix and ray stacks, every kernel's parameters (AES $aes, RAY $ray)"
else
	bad "constant and local memory: AES $aes, RAY $ray, gemm $gemm"
fi

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
# Every generator: 128-byte segments inside the heap (packed: from
# 0xC0000000 below 4 GiB, every request before the L1) or local memory
# (from 0x1F880000), 64-byte constant lines under 64 KiB.
for name in $($P gen --list | awk '{print $1}'); do
	$P gen --size small --iotlb-at coalesced --format binary "$name" >"$tmp/w.bin"
	if $P trace convert --to text "$tmp/w.bin" - | awk '
		{ v = $1; sub(/^0x/, "", v) }
		length(v) <= 4 { if (v !~ /[048c]0$/ && v != "0") bad = 1; next }
		length(v) != 8 || v !~ /^([c-f]|1f|[2-9ab])/ || v !~ /[08]0$/ { bad = 1 }
		END { exit bad }'; then
		ok "$name: aligned segments in the heap, constant and local memory"
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
# Rodinia's host copies, launches between them, as a written trace lists
# them (every copy a MemcpyHtoD line: either way it fills the L2), small
# inputs.  backprop 8192: input, weights; kernel 1; the partial sums back
# (backprop_cuda.cu:138), delta, old weights, weights again; kernel 2;
# input and weights back (:180-181).  hotspot 128^2: temp0, power; one
# launch; temp1, its dst, back (hotspot.cu:331).  pathfinder 16384 x 40:
# result 0, the wall; two launches; the last one's dst, result 0, back
# (pathfinder.cu:214).
# Defect: backprop, hotspot and pathfinder left out their copies back to
# the host after the last kernel (backprop_cuda.cu:180-181, hotspot.cu:331,
# pathfinder.cu:214), which dwt2d, streamcluster and b+tree model: a
# written trace's kernelslist.g lacked those Memcpy lines.
host_copies() {	# host_copies NAME: its small trace's kernelslist.g, one line
	rm -rf "$tmp/tg"
	$P gen --size small --format traceg -o "$tmp/tg" "$1" >/dev/null 2>&1 &&
		tr '\n' ' ' <"$tmp/tg/kernelslist.g"
}
while read -r name want; do
	got=$(host_copies "$name")
	if [ "$got" = "$want " ]; then
		ok "$name: host copies and launches in program order, the copies back included"
	else
		bad "$name: kernelslist.g $got, derived $want"
	fi
done <<'X'
backprop MemcpyHtoD,0xc0000000,32772 MemcpyHtoD,0xc0008200,557124 kernel-1.traceg MemcpyHtoD,0xc0090300,32768 MemcpyHtoD,0xc0098300,68 MemcpyHtoD,0xc0098400,557124 MemcpyHtoD,0xc0008200,557124 kernel-2.traceg MemcpyHtoD,0xc0000000,32772 MemcpyHtoD,0xc0008200,557124
hotspot MemcpyHtoD,0xc0000000,65536 MemcpyHtoD,0xc0020000,65536 kernel-1.traceg MemcpyHtoD,0xc0010000,65536
pathfinder MemcpyHtoD,0xc0000000,65536 MemcpyHtoD,0xc0020000,2555904 kernel-1.traceg kernel-2.traceg MemcpyHtoD,0xc0000000,65536
X
# ISPASS's copies back after the last launch, small inputs: AES d_Result
# (aesHost.cu:178, 65,536 B after d_Input and d_Key's 256), STO d_output
# (storeGPU.cu:1193-1196, 4 B a thread of 96 x 128 after the 49,200-B
# input), RAY d_output (rayTracing.cu:197, 128 x 128 pixels of 4 B), BFS
# d_cost after its loop (bfs.cu:208, 8,192 nodes of 4 B after nodes,
# edges, mask and visited; only the last level's copies and the one back
# compared).
# Defect: AES, STO, RAY and BFS left out their copies of the result back
# to the host (aesHost.cu:178, storeGPU.cu:1193-1196, rayTracing.cu:197,
# bfs.cu:208): a written trace's kernelslist.g lacked those Memcpy lines.
while read -r name keep want; do
	got=$(host_copies "$name" | tr ' ' '\n' | tail -n "$keep" | tr '\n' ' ')
	if [ "$got" = "$want " ]; then
		ok "$name: its result copied back to the host after the last launch"
	else
		bad "$name: kernelslist.g ends $got, derived $want"
	fi
done <<'X'
AES 4 MemcpyHtoD,0xc0000000,65536 MemcpyHtoD,0xc0010000,176 kernel-1.traceg MemcpyHtoD,0xc0010100,65536
STO 3 MemcpyHtoD,0xc0000000,49200 kernel-1.traceg MemcpyHtoD,0xc000c100,49152
RAY 3 MemcpyHtoD,0xc0010000,160 kernel-1.traceg MemcpyHtoD,0xc0000000,65536
BFS 4 MemcpyHtoD,0xc004c100,1 kernel-5.traceg MemcpyHtoD,0xc004c100,1 MemcpyHtoD,0xc0044100,32768
X
if $P gen nosuch 2>"$tmp/err"; [ $? = 2 ] && grep -q "unknown workload" "$tmp/err"; then
	ok "gen: unknown workload"
else
	bad "gen: unknown workload"
fi
# The GPU model's options: bad values refused with a message and status 2.
for opt in "--jitter x" "--jitter 101" "--iotlb-at nowhere" "--layout tiled" \
	"--inputs huge" "--warmup 1001" "--window -1" "--allocator malloc"; do
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
# (AES's first heap request: SM 0's CTA 45, 4 CTAs an SM, warp 6, word
# 11,712)
a=$($P gen --size full --iotlb-at coalesced --warmup 0 --limit 5000 --layout aligned AES | awk '$1 != "0x0"' | head -1)
b=$($P gen --size full --iotlb-at coalesced --warmup 0 --limit 5000 AES | awk '$1 != "0x0"' | head -1)
if [ "$a" = 0x1000000b700 ] && [ "$b" = 0xc000b700 ]; then
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

# --data DIR: BFS's and MUM's input read from the package's files.  Small
# files of our own, in the formats BFS/bfs.cu:85-129 and MUM's
# suffix-tree.cpp:1249-1311 (the reference) and :1339-1550 (the queries)
# read.  The graph: 8 nodes, a path 0-1-2-3-4-5 and an edge 6-7, each
# edge listed both ways, the entries not in node order (node 0's at 4,
# 1's at 7-8, 2's at 5-6, 3's at 9-10, 4's at 2-3, 5's at 11, 6's at 0,
# 7's at 1) and entry 12 no node's; source node 2 (line 11).  From node 2
# the levels are {2}, {1, 3}, {0, 4}, {5}: in one warp, whose threads
# load mask[tid] before any stores a neighbour's, one launch a level, the
# last (node 5, its neighbour visited) setting no flag: 4 launches; from
# node 0, 6.  Edge entries read: nodes 0-5's, 2 to 11, never 0, 1 (nodes
# 6 and 7 are not reached) or 12: d_graph_edges + 8 to + 44.
mkdir "$tmp/bfs" "$tmp/mum"
cat >"$tmp/bfs/graph65536.txt" <<'X'
8
4 1
7 2
5 2
9 2
2 2
11 1
0 1
1 1

2
13
7 3
6 3
3 1
5 2
1 4
1 1
3 5
0 4
2 1
2 5
4 2
4 2
0 9
X
# the edge entries the kernels read (offsets in d_graph_edges), from a
# written trace's per-thread addresses, and the launches
rm -rf "$tmp/tg"
$P gen -q BFS --data "$tmp/bfs" --format traceg -o "$tmp/tg"
got=$(grep -ho ' 0x[0-9a-f]*' "$tmp"/tg/kernel-*.traceg | python3 -c '
import sys
e = 0xc0000100   # d_graph_edges, after the 64 bytes of nodes
print(*(v - e for v in sorted({int(w, 16) for w in sys.stdin})
        if e <= v < e + 52))')
launches=$(grep -c '^kernel-' "$tmp/tg/kernelslist.g")
if [ "$got" = "8 12 16 20 24 28 32 36 40 44" ] && [ "$launches" = 4 ]; then
	ok "BFS --data: the file's edges of the nodes reached (entries 2-11), 4 launches from its source node 2"
else
	bad "BFS --data: edge offsets $got, $launches launches (derived 8..44, 4)"
fi
sed -i '11s/^2$/0/' "$tmp/bfs/graph65536.txt"
rm -rf "$tmp/tg"
$P gen -q BFS --data "$tmp/bfs" --format traceg -o "$tmp/tg"
launches=$(grep -c '^kernel-' "$tmp/tg/kernelslist.g")
if [ "$launches" = 6 ]; then
	ok "BFS --data: from source node 0, 6 launches"
else
	bad "BFS --data from node 0: $launches launches (derived 6)"
fi
a=$($P gen -q BFS --size full --iotlb-at coalesced | md5sum)
b=$($P gen -q BFS --size full --iotlb-at coalesced --data "$tmp/bfs" | md5sum)
$P gen BFS --data "$tmp/bfs" --allocations >"$tmp/out" 2>"$tmp/err"
if [ "$a" != "$b" ] &&
	grep -q '^0xc0000100 *52 *cudaMalloc.*d_graph_edges' "$tmp/out" &&
	grep -q '^0xc0000000 *64 *cudaMalloc.*d_graph_nodes' "$tmp/out" &&
	grep -q 'graph65536.txt: 8 nodes, 13 edges, source node 0$' "$tmp/err"; then
	ok "BFS --data: not the synthetic stream; 8 nodes of 8 bytes, 13 edges of 4, as said on stderr"
else
	bad "BFS --data: the stream or the buffers ($(cat "$tmp/err"))"
fi
# MUM: 240 bases (a line in lower case, an N read as A), 7 reads: copies
# of bases 30-54 (q0), 100-124 (q1, over two lines, in lower case) and
# 170-194 (q2), two random ones, one of 10 bases (left out, as the host
# code leaves reads under 20) and bases 130-153 with an N (an ambiguous
# 'x') last.  The 6 kept: q0 r1 q1 q3 r2 q2, 27 bytes each.  A result is
# written from substring start s (0-5) where the read's match from s is
# 20 bases or more (mummergpu_kernel.cu:28): for a whole copy at every s,
# for q3 (24 matching bases) at s 0-4, never for the random ones:
# MatchCoords 0-5, 12-17, 18-22 and 30-35, each two stores (node at +0,
# length at +4, mummergpu_kernel.cu:36-37) 8 bytes apart.
cat >"$tmp/mum/NC_003997.20k.fna" <<'X'
>ref a reference of 240 bases, one line in lower case, an N read as A
AGACTNTCAAAGATATGCTGGGTAGAGGTCGAGGTTATTATTTGTTACCAATTCTCATTG
tgtttcggaacttgcgttttaggtatgtcttagtgactctaaataccaaggcagtcctcg
ATCCGTTCCTAATAAGGAATGGTGATTCCCTGTCATACCAATCTACCCCCTGTTATGCGC
GTTTGTCGTTAGACCAATGTCAGCGCAGCGGCAGATCAAGCAGGAGGCGGAATGTAAACA
X
cat >"$tmp/mum/NC_003997_q25bp.50k.fna" <<'X'
>q0 bases 30-54
GAGGTTATTATTTGTTACCAATTCT
>r1
GAAGGTATGCTTAGGTGGATAGGGA
>q1 bases 100-124, over two lines
aaataccaaggca
GTCCTCGATCCG
>short
ACGTACGTAC
>q3 bases 130-153 and an N
AATAAGGAATGGTGATTCCCTGTCN
>r2
GTGAGCAACAAACGGATCGTTTCTC
>q2 bases 170-194
TGTTATGCGCGTTTGTCGTTAGACC
X
rm -rf "$tmp/tg"
$P gen MUM --data "$tmp/mum" --allocations --json >"$tmp/a.json" 2>"$tmp/err"
$P gen -q MUM --data "$tmp/mum" --format traceg -o "$tmp/tg"
if python3 - "$tmp/a.json" "$tmp"/tg/kernel-1.traceg <<'X'
import json, sys
a = {x["buffer"]: x for x in json.load(open(sys.argv[1]))["allocations"]
     if x["call"].startswith("cudaMalloc")}
assert a["d_tex_array"]["bytes"] == 6 * 27, a
assert a["d_addrs_tex_array"]["bytes"] == a["d_lengths_array"]["bytes"] == 24
assert a["d_match_coords"]["bytes"] == 6 * 48
# 65,536 x (ceil((240 + 4,098 + 3) / 65,536) + 4) (mummergpu.cu:268-273)
assert a["d_ref_tex_array"]["bytes"] == 65536 * 5
c = int(a["d_match_coords"]["address"], 16)
got = sorted({int(w, 16) - c for l in open(sys.argv[2]) if " STG" in l
              for w in l.split() if w.startswith("0x")})
want = sorted(8 * k + h for k in [*range(6), *range(12, 18), *range(18, 23),
                                  *range(30, 36)] for h in (0, 4))
assert got == want, (got, want)
X
then
	ok "MUM --data: 6 reads of 27 bytes, results exactly where the reads match 20 bases or more"
else
	bad "MUM --data: buffers or results"
fi
# data_sha256.c against sha256sum at the sizes where SHA-256's padding
# (a block's 55, 56 and 64 bytes) and its reader's 64 KiB buffer turn:
# BFS's graph with newlines after it (read alike)
mkdir "$tmp/pad"
sizes=""
for n in 119 120 127 128 129 183 184 65535 65536 65537 131072; do
	{ cat "$tmp/bfs/graph65536.txt"
	  head -c $((n - $(wc -c <"$tmp/bfs/graph65536.txt"))) /dev/zero | tr '\0' '\n'
	} >"$tmp/pad/graph65536.txt"
	got=$($P gen -q BFS --data "$tmp/pad" --allocations --json |
		python3 -c 'import json,sys; print(json.load(sys.stdin)["data_sha256"]["graph65536.txt"])')
	[ "$got" = "$(sha256sum <"$tmp/pad/graph65536.txt" | cut -d' ' -f1)" ] &&
		[ "$(wc -c <"$tmp/pad/graph65536.txt")" = "$n" ] || sizes="$sizes $n"
done
if [ -z "$sizes" ]; then ok "--data: each file's SHA-256 is sha256sum's, at 11 sizes around 64-byte blocks and 64 KiB reads"
else bad "--data: SHA-256 not sha256sum's at$sizes bytes"; fi
# what gen --allocations records of the input: each file's SHA-256, as
# sha256sum gives it
if python3 - "$tmp/a.json" "$(cd "$tmp/mum" && sha256sum NC_003997.20k.fna NC_003997_q25bp.50k.fna)" <<'X'
import json, sys
want = {f: h for h, f in (l.split() for l in sys.argv[2].splitlines())}
sys.exit(json.load(open(sys.argv[1]))["data_sha256"] != want)
X
then
	ok "MUM --data: gen --allocations records its two files' SHA-256 (sha256sum's)"
else
	bad "MUM --data: the files' SHA-256 in gen --allocations --json"
fi
a=$($P gen -q MUM --size small --iotlb-at coalesced | md5sum)
b=$($P gen -q MUM --iotlb-at coalesced --data "$tmp/mum" | md5sum)
if [ "$a" != "$b" ] &&
	grep -q 'NC_003997.20k.fna: 240 reference bases; NC_003997_q25bp.50k.fna: 6 queries of 25 bases (and 1 under 20' "$tmp/err"; then
	ok "MUM --data: not the synthetic stream; 240 bases and 6 reads read, one left out, as said on stderr"
else
	bad "MUM --data: stream or summary ($(cat "$tmp/err"))"
fi
# gen --list names the files --data DIR holds: exactly those each of the
# two directories above holds, from which the runs above read their input
got=$($P gen --list | awk '/ --data DIR: / { sub(/.* --data DIR: /, ""); print }' |
	tr '\n' '|')
want="$(cd "$tmp/bfs" && LC_ALL=C && echo *)|$(cd "$tmp/mum" && LC_ALL=C && echo *)|"
if [ "$got" = "$want" ] &&
	[ "$($P gen --list | awk '/ --data / { print $1 }' | tr '\n' ' ')" = "BFS MUM " ]; then
	ok "gen --list: BFS and MUM, and the files their --data DIR holds"
else
	bad "gen --list's data files: '$got', want '$want'"
fi
# Defect: with --data the files are the input whatever the size, yet
# gen --allocations labelled the run "size: small" (the default), the
# workload's own smaller input, which was not read.  The size is now full
# with --data, sampled if asked; --size small with --data is refused.
if $P gen -q BFS --data "$tmp/bfs" --allocations 2>"$tmp/err" |
	grep -qx 'size: full' &&
	$P gen -q BFS --data "$tmp/bfs" --size sampled --allocations --json \
		2>>"$tmp/err" | grep -q '"size": "sampled"'; then
	ok "--data: the size said is full (or sampled, if asked), not small"
else
	bad "--data: the size said ($(cat "$tmp/err"))"
fi
for c in "gen -q BFS" "run -u -q -m tpc -w MUM"; do
	dir=$tmp/bfs
	case $c in *MUM) dir=$tmp/mum ;; esac
	# shellcheck disable=SC2086 # the command and its options, split
	$P $c --data "$dir" --size small >/dev/null 2>"$tmp/err"; rc=$?
	if [ $rc = 2 ] && grep -q 'size small is the workload.s own smaller input' "$tmp/err"; then
		ok "$c --data --size small: refused, exit 2"
	else
		bad "$c --data --size small: exit $rc ($(cat "$tmp/err"))"
	fi
done
# Malformed files, each in a copy of the good directory: refused with the
# file and line, exit status 1, nothing written.
data_bad() {	# data_bad NAME WORKLOAD FILE PATTERN CONTENT
	rm -rf "$tmp/bad" && cp -r "$tmp/${2,,}" "$tmp/bad"
	printf '%b' "$5" >"$tmp/bad/$3"
	$P gen -q "$2" --data "$tmp/bad" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc = 1 ] && [ ! -s "$tmp/out" ] &&
		grep -q -- "^pwcsim: $tmp/bad/$3:$4" "$tmp/err"; then
		ok "$1: refused"
	else
		bad "$1 (rc $rc: $(head -c 300 "$tmp/err"))"
	fi
}
G=graph65536.txt R=NC_003997.20k.fna Q=NC_003997_q25bp.50k.fna
data_bad "BFS: a node count that is not a number" BFS $G "1: the node count: 'eight'" 'eight\n'
data_bad "BFS: no node" BFS $G "1: the node count: '0' is not an integer from 1 to" '0\n0\n0\n'
data_bad "BFS: a number with letters after it" BFS $G "2: the start of node 0: '0x'" '2\n0x 1\n'
data_bad "BFS: a negative degree" BFS $G "3: the degree of node 1: '-1'" '2\n0 1\n1 -1\n0\n1\n1 1\n'
data_bad "BFS: a node's edges past the edge list" BFS $G "3: node 1's 2 edges from entry 1 end past the edge list's 2 entries (line 5)" '2\n0 1\n1 2\n0\n2\n1 1\n0 1\n'
data_bad "BFS: a source node out of range" BFS $G "4: the source node: '2' is not an integer from 0 to 1" '2\n0 1\n1 1\n2\n2\n1 1\n0 1\n'
data_bad "BFS: an edge to a node past the count" BFS $G "7: the node of edge 1: '2' is not an integer from 0 to 1" '2\n0 1\n1 1\n0\n2\n1 1\n2 1\n'
data_bad "BFS: a cost out of int's range" BFS $G "6: the cost of edge 0: '2147483648'" '2\n0 1\n1 1\n0\n2\n1 2147483648\n0 1\n'
data_bad "BFS: a file that ends inside the edges" BFS $G "7: the file ends before the cost of edge 1" '2\n0 1\n1 1\n0\n2\n1 1\n0'
data_bad "BFS: more after the last edge" BFS $G "9: more after the 2 edges of the count on line 5" '2\n0 1\n1 1\n0\n2\n1 1\n0 1\n\n0 1\n'
# a reference header longer than getReferenceString's 2,047 characters
data_bad "MUM: a header over 2,047 characters" MUM $R "1: a header of more than 2,047 characters" ">$(printf 'x%.0s' $(seq 3000))\nACGT\n"
# Defect: a graph of no white space (here endless: /dev/zero) was read
# as one token to its end: the read hung.  A token is read no further
# than its room.
rm -rf "$tmp/bad" && cp -r "$tmp/bfs" "$tmp/bad"
ln -sf /dev/zero "$tmp/bad/$G"
timeout 60 "$P" gen -q BFS --data "$tmp/bad" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q "$G:1: the node count: '?*\.\.\.' is not an integer" "$tmp/err"; then
	ok "BFS: a graph file of endless NUL bytes refused at its first token"
else
	bad "BFS: a graph file of endless NUL bytes (rc $rc: $(head -c 300 "$tmp/err"))"
fi
data_bad "MUM: a reference with no header" MUM $R "1: not FASTA: the first line is not a '>' header" 'ACGT\nACGT\n'
data_bad "MUM: a digit in the reference" MUM $R "3: '7' in the reference: not a base" '>r\nACGT\nAC7T\n'
data_bad "MUM: a second reference sequence" MUM $R "3: a second sequence" '>r\nACGT\n>s\nACGT\n'
data_bad "MUM: a reference of no base" MUM $R "1: no bases after the header" '>r\n\n'
data_bad "MUM: a read of 24 bases" MUM $Q "3: query 'b' has 24 bases: the model runs reads of 25" '>a\nACGTACGTACGTACGTACGTACGTA\n>b\nACGTACGTACGTACGTACGTACGT\n'
data_bad "MUM: bases before the first read's header" MUM $Q "1: a base before the first '>' header" 'ACGT\n>a\nACGTACGTACGTACGTACGTACGTA\n'
data_bad "MUM: a control character in a read" MUM $Q "2: byte 0x01 in a query" '>a\nACGTACGTACGT\001CGTACGTACGTA\n'
data_bad "MUM: no read of 20 bases" MUM $Q "2: no query of 20 bases or more" '>a\nACGT\n'
rm -rf "$tmp/bad" && mkdir "$tmp/bad"
$P gen -q BFS --data "$tmp/bad" >"$tmp/out" 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q "^pwcsim: $tmp/bad/$G: No such file" "$tmp/err"; then
	ok "BFS: a data directory without the graph file: refused"
else
	bad "BFS without its file (rc $rc): $(cat "$tmp/err")"
fi
# Usage errors (exit status 2): a workload that reads no file; --data
# with --inputs table1; with a trace; report's --data without a NAME=.
$P gen -q gemm --data "$tmp/bfs" >/dev/null 2>"$tmp/err"; rc=$?
$P gen -q MUM --data "$tmp/mum" --inputs table1 >/dev/null 2>"$tmp/err2"; rc2=$?
$P run -q -u --data "$tmp/bfs" /dev/null >/dev/null 2>"$tmp/err3"; rc3=$?
$P report -q -u --data "$tmp/bfs" BFS >/dev/null 2>&1; rc4=$?
if [ "$rc $rc2 $rc3 $rc4" = "2 2 2 2" ] &&
	grep -q "gemm reads no data file: --data DIR is an option of BFS and MUM" "$tmp/err" &&
	grep -q "inputs table1 is an input fitted to the paper" "$tmp/err2" &&
	grep -q "data is an option of a generated workload" "$tmp/err3"; then
	ok "--data: refused for gemm, with --inputs table1, with a trace and by report without NAME="
else
	bad "--data usage errors: $rc $rc2 $rc3 $rc4 $(cat "$tmp/err" "$tmp/err2" "$tmp/err3")"
fi
# run -w on the files: the stream the IOTLB sees is the one gen writes.
n=$($P gen -q BFS --data "$tmp/bfs" --iotlb-at coalesced | wc -l)
r=$($P run -q -u --json -m none -w BFS --data "$tmp/bfs" --iotlb-at coalesced |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["addresses"])')
if [ "$n" = "$r" ] && [ "$n" -gt 0 ]; then
	ok "run -w BFS --data: gen's $n addresses"
else
	bad "run -w BFS --data: $r addresses, gen $n"
fi
# Defect: run -w BFS --data said "source": "BFS", as the synthetic
# input's run does (and run -w's JSON gave none of the workload's
# options: --size full and small alike): the files read are named, in
# the text and the JSON's "workload", with --timing too; the text's
# first line gave no size (small and full alike).
bfs_sha=$(sha256sum <"$tmp/bfs/graph65536.txt" | cut -d' ' -f1)
json_data() {	# json_data [--timing]: run --json names the directory
	# and the SHA-256 of the file read (sha256sum's)
	# shellcheck disable=SC2068 # none or one option
	$P run -q -u --json -m none $@ -w BFS --data "$tmp/bfs" |
		python3 -c 'import json,sys; d = json.load(sys.stdin); sys.exit(d["source"] != "BFS" or d["workload"]["data"] != sys.argv[1] or d["workload"]["size"] != "full" or d["workload"]["data_sha256"] != {"graph65536.txt": sys.argv[2]})' "$tmp/bfs" "$bfs_sha"
}
t=$($P run -q -u -m none -w BFS --data "$tmp/bfs" | head -1)
tt=$($P run -q -u -m none --timing -w BFS --data "$tmp/bfs" | head -1)
t2=$($P run -q -u -m none -w RAY --inputs table1 --window 10 | head -1)
t3=$($P run -q -u -m none -w gemm --window 10 | head -1)
if [ "${t#"BFS (size full, --data $tmp/bfs): "}" != "$t" ] &&
	[ "${tt#"BFS (size full, --data $tmp/bfs): "}" != "$tt" ] &&
	[ "${t2#"RAY (size full, inputs table1): "}" != "$t2" ] &&
	[ "${t3#"gemm (size small): "}" != "$t3" ] &&
	json_data && json_data --timing &&
	! $P run -q -u --json -m none -w BFS | grep -q '"data"' &&
	$P run -q -u --json -m none -w 2mm --size sampled --seed 3 --window 50 \
		--iotlb-at coalesced --jitter 1.5 --warmup 1 --layout aligned \
		--allocator reuse --inputs table1 |
	python3 -c 'import json,sys; sys.exit(json.load(sys.stdin)["workload"] != dict(size="sampled", seed=3, window=50, iotlb_at="coalesced", jitter=1.5, warmup=1, layout="aligned", allocator="reuse", inputs="table1"))' &&
	printf '0x1000\n' | $P run -q -u --json -m none - | python3 -c 'import json,sys; sys.exit("workload" in json.load(sys.stdin))'; then
	ok "run -w: the workload's options in the JSON (--data's directory and its file's SHA-256 too), its size, inputs and directory in the text (--timing too), none for a trace"
else
	bad "run -w BFS --data: the source line '$t' / '$tt' / '$t2' / '$t3'"
fi

# report --data NAME=DIR: the workload's runs on the files, said in the
# summary's first line (the plots' captions) and results.json, the size
# full.  Its walks are run -w's on the same files (the IOTLB the
# report's: 64 entries).
rm -rf "$tmp/rep"
$P report -q -u -o "$tmp/rep" --data BFS="$tmp/bfs" --timing BFS \
	>"$tmp/out" 2>"$tmp/err"; rc=$?
w=$($P run -q -u --json -m none -w BFS --data "$tmp/bfs" -t 64 |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["walks"])')
a=$($P run -q -u --json -m none -w BFS --data "$tmp/bfs" |
	python3 -c 'import json,sys; print(json.load(sys.stdin)["addresses"])')
if [ $rc = 0 ] && python3 - "$tmp/rep" "$tmp/bfs" "$w" "$a" "$bfs_sha" <<'Y'
import csv, json, sys
d, data, walks, addresses = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
sha = sys.argv[5]
r = json.load(open(d + "/results.json"))
c = r["config"]
head = open(d + "/summary.txt").read().split("\n")
row = [w for w in r["workloads"] if w["workload"] == "BFS"][0]
t = [x for x in csv.DictReader(open(d + "/timing.csv")) if x["source"] == "BFS"]
sys.exit(not (c["data"] == {"BFS": data} and c["size"] == "full" and
	      head[0].endswith(", data BFS") and
	      head[2] == "BFS's input: the files of %s (--data), not the synthetic one" % data and
	      head[3] == "  graph65536.txt sha256 " + sha and
	      c["data_sha256"] == {"BFS": {"graph65536.txt": sha}} and
	      row["walks"] == walks and walks > 0 and
	      t and all(int(x["requests"]) == addresses for x in t)))
Y
then
	ok "report --data BFS=DIR: run -w's $w walks, timed runs of its $a addresses, labelled in the summary and results.json"
else
	bad "report --data BFS=DIR (rc $rc, run's walks $w): $(head -c 300 "$tmp/err")"
fi
# Usage errors (exit status 2) before any work, nothing written: no
# NAME=, an unknown workload, an empty DIR, a workload twice, one not in
# the report, --size small; a bad file: exit status 1.  (With --shard,
# shard-test.)
rd=$tmp/rep2 n=0
for a in "--data nope=$tmp/bfs BFS" "--data BFS= BFS" \
	"--data BFS=$tmp/bfs --data BFS=$tmp/bfs BFS" "--data BFS=$tmp/bfs gemm" \
	"--data BFS=$tmp/bfs --size small BFS" \
	"--data MUM=$tmp/bfs MUM"; do
	# shellcheck disable=SC2086 # the options, split on purpose
	$P report -q -u -o "$rd" $a >/dev/null 2>"$tmp/err"; rc=$?
	want=2
	[ "${a#--data MUM}" != "$a" ] && want=1
	if [ $rc = "$want" ] && [ ! -e "$rd" ] && [ -s "$tmp/err" ]; then
		n=$((n + 1))
	else
		bad "report $a: exit $rc (want $want), $([ -e "$rd" ] && echo "$rd made") $(cat "$tmp/err")"
	fi
done
[ $n = 6 ] && ok "report --data: 5 usage errors exit 2, a missing file exit 1, nothing written"

# lackey: a real trace if valgrind is here (its superblock lines too),
# else a fixture made here.
if command -v valgrind >/dev/null; then
	printf 'int a[4096];\nint main(void){int s=0;for(int i=0;i<4096;i+=512)s+=a[i];a[7]=s;return 0;}\n' >"$tmp/t.c"
	cc -O1 -o "$tmp/t" "$tmp/t.c" && valgrind --tool=lackey --trace-mem=yes \
		--trace-superblocks=yes --log-file="$tmp/t.lackey" "$tmp/t"
else
	printf '==1== Lackey\nSB 04000000\nI  04000000,3\n L 7ff000100,8\n S 00601040,4\n M 00601040,4\n' >"$tmp/t.lackey"
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
# a long random garbage file is rejected, not crashed on: with a line
# number, or (one file in 256 starts with 'P', the binary magic's first
# byte, and is read as binary) as a binary trace with a bad magic
head -c 20000 /dev/urandom | tr -c 'A-Za-z0-9 \n=.-' x >"$tmp/g"
$P trace info "$tmp/g" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q ':[0-9]*: \|: not a pwcsim binary trace (bad magic)$' "$tmp/err"; then
	ok "random garbage: rejected with a line number, or as a bad binary"
else
	bad "random garbage (rc $rc): $(head -c 200 "$tmp/err")"
fi
# the case above that is one in 256: a text file starting with 'P'
printf 'PQ 0x1000\n' >"$tmp/g"
$P trace info "$tmp/g" >/dev/null 2>"$tmp/err"; rc=$?
if [ $rc = 1 ] && grep -q ': not a pwcsim binary trace (bad magic)$' "$tmp/err"; then
	ok "garbage starting with P: rejected as a bad binary trace"
else
	bad "garbage starting with P (rc $rc)"
fi

# run --userspace: a workload behind an IOTLB; the sums add up.  gemm
# 128^2, every request (coalesced) without warm-up: 512 warps, each its
# parameters, C loaded and stored, then 128 x (A, B, C stored): 512 x 387
# = 198,144.
$P run --userspace --json --tlb 64 --warmup 0 --iotlb-at coalesced -w gemm \
	>"$tmp/r.json" 2>/dev/null
if python3 - "$tmp/r.json" <<'X'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["addresses"] == 198144, d["addresses"]
assert d["tlb_lookups"] == d["addresses"]
assert d["walks"] == d["addresses"] - d["tlb_hits"]
for m in d["models"]:
    assert m["lookups"] == d["walks"]
    assert m["l2_hits"] + m["l3_hits"] + m["l4_hits"] + m["misses"] == m["lookups"]
    # at most the sum of start levels (a per-level cache can skip a level
    # below its start), and exactly it for the path caches
    full = m["l2_hits"] + 2 * m["l3_hits"] + 3 * m["l4_hits"] + 4 * m["misses"]
    assert m["accesses"] <= full and (m["model"] not in ("tpc", "cpwc", "stc") or m["accesses"] == full), m
X
then ok "run --userspace: lookups = addresses after the TLB, accesses add up"; else bad "run --userspace sums"; fi

echo "workload-test: $passed passed, $failed failed"
[ $failed = 0 ]
