// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_storage.c - `pwcsim storage`: the paper's Table 5 (bits a TPC and a
 * CPWC of N entries take), Table 6 (entries each holds in N bits; both in
 * report/storage_tables.c, which `pwcsim report` writes too) and Table 7 (the redundant fraction of TPC vs CPWC at equal capacity,
 * measured at the end of a given address stream).  Every figure comes
 * from the model library's accounting, none is typed in.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "pwc.h"
#include "pwc_synth.h"
#include "cli/cli.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "output/table.h"
#include "report/storage_tables.h"
#include "traces/addr_stream.h"

#define LIST_MAX 32

static int parse_list(const char *s, unsigned long long max,
		      unsigned long long *v, unsigned int *n)
{
	char buf[512], *tok, *save;

	if (strlen(s) >= sizeof(buf))
		return -1;
	strcpy(buf, s);
	*n = 0;
	for (tok = strtok_r(buf, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		if (*n == LIST_MAX || parse_count(tok, max, &v[*n]) || !v[*n])
			return -1;
		(*n)++;
	}
	return *n ? 0 : -1;
}

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

static void storage_usage(FILE *f)
{
	fprintf(f, "usage: pwcsim storage [--entries LIST] [--bits LIST] [--stream FILE [--capacities LIST]] [--levels 4|5] [--json]\n");
}

int cmd_storage(int argc, char **argv)
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
	unsigned long long ent[LIST_MAX] = STORAGE_TABLE5_ENTRIES;
	unsigned long long bits[LIST_MAX] = STORAGE_TABLE6_BITS;
	unsigned long long cap[LIST_MAX] = { 8, 16, 24, 32, 64, 128, 256 };
	unsigned int nent = 9, nbits = 6, ncap = 7, levels;
	const char *stream = NULL;
	struct table t5, t6, t7;
	struct shared_opts so;
	bool json;
	int c, ret = 0;

	shared_opts_init(&so);
	optind = 1;
	while ((c = getopt_long(argc, argv, "e:b:s:c:l:jh", opts, NULL)) != -1) {
		switch (c) {
		case 'e':
		case 'c':
			if (parse_list(optarg, PWC_MAX_ENTRIES,
				       c == 'e' ? ent : cap,
				       c == 'e' ? &nent : &ncap)) {
				fprintf(stderr, "pwcsim: --%s takes up to %d numbers from 1 to %d, comma-separated\n",
					c == 'e' ? "entries" : "capacities",
					LIST_MAX, PWC_MAX_ENTRIES);
				return 2;
			}
			break;
		case 'b':
			if (parse_list(optarg, PWC_MAX_BUDGET_BITS, bits, &nbits)) {
				fprintf(stderr, "pwcsim: --bits takes up to %d numbers, comma-separated\n",
					LIST_MAX);
				return 2;
			}
			break;
		case 's':
			stream = optarg;
			break;
		case 'h':
			storage_usage(stdout);
			return 0;
		default:
			if (shared_option_or_usage(&so, c, optarg,
						   storage_usage))
				return 2;
		}
	}
	levels = so.levels ? so.levels : 4;
	json = so.json;
	if (optind != argc) {
		fprintf(stderr, "pwcsim storage: unexpected argument '%s'\n",
			argv[optind]);
		return 2;
	}
	table_init(&t7, "Table 7: redundant fraction at equal capacity (index+base parts repeated by another entry)",
		   "table7");
	storage_table5(&t5, ent, nent, levels);
	storage_table6(&t6, bits, nbits, levels);
	if (stream && table7(&t7, stream, cap, ncap, levels))
		ret = 1;
	if (!ret && json) {
		printf("{\"levels\": %u, ", levels);
		table_print_json(&t5, stdout);
		printf(", ");
		table_print_json(&t6, stdout);
		if (stream) {
			printf(", ");
			table_print_json(&t7, stdout);
		}
		printf("}\n");
	} else if (!ret) {
		table_print_text(&t5, stdout);
		printf("\n");
		table_print_text(&t6, stdout);
		if (stream) {
			printf("\n");
			table_print_text(&t7, stdout);
		} else {
			printf("\n(Table 7 needs an address stream: --stream FILE)\n");
		}
	}
	table_free(&t5);
	table_free(&t6);
	table_free(&t7);
	return ret;
}
