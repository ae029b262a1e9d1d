/* SPDX-License-Identifier: GPL-2.0 */
/*
 * traceg_inst.h - one instruction line of an Accel-Sim trace, decoded:
 * its opcode and, for a memory instruction, the address of every active
 * lane in lane order, as each tracer version writes it
 * (Documentation/traces.rst):
 *
 *   [tb_x tb_y tb_z warp] [line_num] PC mask dest_num [dests] OPCODE
 *   src_num [srcs] mem_width [address_format addresses] TAIL
 *
 * The prefix in traces of tracer versions 1-2, the line number when the
 * header says "-enable lineinfo = 1"; TAIL is nothing (version 3), the
 * immediate (4, 5), or "imm1 imm2 Val v... | NoVal" (6).
 */
#ifndef TRACEG_INST_H
#define TRACEG_INST_H

#include <stdbool.h>

#define TG_WARP 32

struct tg_syntax {
	unsigned int version;	/* 0: no version header (any tail) */
	bool lineinfo;
	bool prefix;		/* tb_x tb_y tb_z warp first */
};

struct tg_inst {
	char op[64];
	unsigned long long pc;
	unsigned int mask;
	/* its registers R<n> as bits n % 64 (RZ, predicates and others not) */
	unsigned long long dst, src;
	unsigned int n;			/* addresses (0: not memory) */
	unsigned long long addr[TG_WARP];
};

/* 0, or -1 with *why naming what is wrong. */
int tg_parse_inst(const char *line, const struct tg_syntax *syn,
		  struct tg_inst *in, const char **why);

#endif /* TRACEG_INST_H */
