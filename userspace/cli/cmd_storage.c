// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_storage.c - `pwcsim storage`: the paper's Table 5 (bits a TPC and a
 * CPWC of N entries take), Table 6 (entries each holds in N bits; both in
 * report/storage_tables.c, which `pwcsim report` writes too) and Table 7
 * (the redundant fraction of TPC vs CPWC at equal capacity,
 * measured at the end of a given address stream).  Every figure comes
 * from the model library's accounting, none is typed in.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "pwc_synth.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "engine/run_engine.h"
#include "output/table.h"
#include "report/storage_tables.h"
#include "traces/addr_stream.h"

#define LIST_MAX 32

static int table7(struct table *t, const char *path,
		  const unsigned long long *v, unsigned int n,
		  unsigned int levels)
{
	struct pwc_model *m[2 * LIST_MAX];
	struct pwc_config c;
	unsigned long long va, parts, red;
	struct pwc_synth pt = { .levels = levels };
	struct addr_stream in;
	struct pwc_result r;
	struct pwc_walk w;
	unsigned int i, j;
	bool warned = false;
	int ret = -1, rd;

	for (i = 0; i < n; i++) {
		m[2 * i] = pwc_size_steps(PWC_KIND_TPC, v[i], &c) ? NULL :
			   pwc_create(&c);
		m[2 * i + 1] = pwc_size_steps(PWC_KIND_CPWC, v[i], &c) ? NULL :
			       pwc_create(&c);
	}
	if (addr_open(&in, path, ADDR_AUTO))
		goto out;
	while ((rd = addr_next(&in, &va)) > 0) {
		if (!run_user_addresses(&va, 1, in.count - 1, levels,
					&warned)) {
			rd = -1;
			break;
		}
		pwc_synth_walk(&pt, va, &w);
		for (j = 0; j < 2 * n; j++)
			if (m[j])
				pwc_access(m[j], &w, &r);
	}
	addr_close(&in);
	if (rd < 0)
		goto out;
	table_cols(t, "capacity:u tpc_redundant:p cpwc_redundant:p");
	for (i = 0; i < n; i++) {
		table_row(t);
		table_u64(t, 0, v[i]);
		for (j = 0; j < 2; j++) {
			if (m[2 * i + j] &&
			    pwc_redundancy(m[2 * i + j], &parts, &red) && parts)
				table_f64(t, 1 + j, 100.0 * red / parts);
		}
	}
	ret = 0;
out:
	for (j = 0; j < 2 * n; j++)
		pwc_destroy(m[j]);
	return ret;
}

/*
 * One note under Table 6 (the human table's; JSON has null): the bits of
 * @bits (@n) at which @kind gives @err (-ERANGE: over its cap; -ENOSPC:
 * not one entry fits), its cells "-"; *@first: no note printed yet.
 */
static void table6_note(enum pwc_kind kind, int err,
			const unsigned long long *bits, unsigned int n,
			unsigned int levels, bool *first)
{
	struct pwc_config cfg;
	unsigned int i, shown = 0;

	for (i = 0; i < n; i++) {
		if (pwc_size_for_budget(kind, bits[i], levels, &cfg) != err)
			continue;
		if (shown++)
			printf(", %llu", bits[i]);
		else if (err == -ERANGE)
			printf("%s(Table 6, -: over %s's size cap, %d entries, at %llu",
			       *first ? "\n" : "", pwc_kind_name(kind),
			       PWC_MAX_ENTRIES, bits[i]);
		else
			printf("%s(Table 6, -: not one %s entry fits in %llu",
			       *first ? "\n" : "", pwc_kind_name(kind), bits[i]);
	}
	if (shown) {
		printf(" bits)\n");
		*first = false;
	}
}

static void storage_usage(FILE *f)
{
	fprintf(f, "usage: pwcsim storage [--entries LIST] [--bits LIST] [--stream FILE [--capacities LIST]] [--levels 4|5] [--json]\n");
}

/* The options of `storage` beyond the shared ones, with the defaults. */
struct storage_opts {
	struct shared_opts so;
	unsigned long long ent[LIST_MAX], bits[LIST_MAX], cap[LIST_MAX];
	unsigned int nent, nbits, ncap, levels;
	const char *stream;
};

/*
 * --entries, --capacities or --bits LIST: increasing, each once, as
 * --sweep's (parse_increasing()); 0, or 2 (message printed).
 */
static int storage_list(struct storage_opts *o, int c, const char *arg)
{
	if (c == 'b')
		return parse_increasing(arg, "--bits", 1, PWC_MAX_BUDGET_BITS,
					o->bits, LIST_MAX, &o->nbits) ? 2 : 0;
	return parse_increasing(arg, c == 'e' ? "--entries" : "--capacities",
				1, PWC_MAX_ENTRIES, c == 'e' ? o->ent : o->cap,
				LIST_MAX, c == 'e' ? &o->nent : &o->ncap) ?
	       2 : 0;
}

/* 0, 1 when --help was printed, 2 on a bad option (message printed). */
static int storage_parse(int argc, char **argv, struct storage_opts *o)
{
	static const struct option opts[] = {
		{ "entries", required_argument, NULL, 'e' },
		{ "bits", required_argument, NULL, 'b' },
		{ "stream", required_argument, NULL, 's' },
		{ "capacities", required_argument, NULL, 'c' },
		SHARED_OPT_LEVELS, SHARED_OPT_JSON,
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const unsigned long long ent[] = STORAGE_TABLE5_ENTRIES;
	static const unsigned long long bits[] = STORAGE_TABLE6_BITS;
	static const unsigned long long cap[] = { 8, 16, 24, 32, 64, 128, 256 };
	bool capacities = false;
	int c;

	shared_opts_init(&o->so);
	memcpy(o->ent, ent, sizeof(ent));
	memcpy(o->bits, bits, sizeof(bits));
	memcpy(o->cap, cap, sizeof(cap));
	o->nent = ARRAY_SIZE(ent);
	o->nbits = ARRAY_SIZE(bits);
	o->ncap = ARRAY_SIZE(cap);
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:b:s:c:l:jh", opts, NULL)) != -1) {
		if (c == 'e' || c == 'c' || c == 'b') {
			if (storage_list(o, c, optarg))
				return 2;
			capacities |= c == 'c';
		} else if (c == 's') {
			o->stream = optarg;
			if (parse_path(optarg, "--stream"))
				return 2;
		} else if (c == 'h') {
			storage_usage(stdout);
			return 1;
		} else if (shared_option_or_usage(&o->so, c, optarg,
						  storage_usage)) {
			return 2;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "pwcsim storage: unexpected argument '%s'\n",
			argv[optind]);
		return 2;
	}
	if (capacities && !o->stream) {	/* Table 7's, of a stream */
		fprintf(stderr, "pwcsim storage: --capacities needs --stream FILE\n");
		return 2;
	}
	o->levels = o->so.levels ? o->so.levels : 4;
	return 0;
}

int cmd_storage(int argc, char **argv)
{
	struct storage_opts o = {};
	struct table t5, t6, t7;
	struct record rec;
	bool first = true;
	unsigned int k;
	int ret = storage_parse(argc, argv, &o);

	if (ret)
		return ret == 1 ? 0 : ret;
	if (o.stream && shared_output_is_input(o.stream, o.so.fmt, "-"))
		return 1;
	table_init(&t7, "Table 7: redundant fraction at equal capacity (index+base parts repeated by another entry)",
		   "table7");
	if (o.stream && table7(&t7, o.stream, o.cap, o.ncap, o.levels)) {
		table_free(&t7);
		return 1;
	}
	storage_table5(&t5, o.ent, o.nent, o.levels);
	storage_table6(&t6, o.bits, o.nbits, o.levels);
	record_init(&rec);
	if (o.so.json)
		record_u64(&rec, "levels", o.levels);
	record_table(&rec, &t5);
	record_table(&rec, &t6);
	if (o.stream)
		record_table(&rec, &t7);
	else
		table_free(&t7);
	(o.so.json ? record_print_json : record_print_text)(&rec, stdout);
	if (!o.so.json) {	/* why a cell of Table 6 is "-" */
		for (k = 0; k < 4; k++)
			table6_note(k / 2 ? PWC_KIND_CPWC : PWC_KIND_TPC,
				    k % 2 ? -ENOSPC : -ERANGE, o.bits, o.nbits,
				    o.levels, &first);
	}
	if (!o.stream && !o.so.json)
		printf("\n(Table 7 needs an address stream: --stream FILE)\n");
	record_free(&rec);
	return 0;	/* stdout checked by main() */
}
