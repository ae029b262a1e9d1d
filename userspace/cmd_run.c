// SPDX-License-Identifier: GPL-2.0
/*
 * cmd_run.c - `pwcsim run`: an address stream (a workload generator, a
 * trace file, or addresses of a live process) through pwcsim.ko: the
 * stream's pages are mapped in a shadow process at the same addresses
 * (shadow.h), the module walks that process's real page tables and feeds
 * the models; or, with --userspace, the same stream through the synthetic
 * page table and the same models here.  Prints the table `pwcsim replay`
 * prints (and the IOTLB's hit rate).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/pwcsim.h>

#include "addr_stream.h"
#include "cli.h"
#include "model_set.h"
#include "pwc_synth.h"
#include "pwc_tlb.h"
#include "shadow.h"
#include "workloads.h"

#define RUN_BATCH 65536

struct run {
	struct model_set set;
	bool userspace, progress, shadowed;
	int fd;
	struct shadow sh;
	struct pwc_synth pt;
	struct pwc_tlb tlb;
	unsigned long long *batch;
	unsigned int n;
	unsigned long long addresses, tlb_lookups, tlb_hits, walks;
	int failed;
};

static int run_flush(struct run *r)
{
	struct pwcsim_feed f = { .size = sizeof(f) };
	struct pwc_result res[MODEL_SET_MAX];
	struct pwc_walk w;
	unsigned int i;

	if (!r->n || r->failed)
		return r->failed;
	if (r->userspace) {
		for (i = 0; i < r->n; i++) {
			if (pwc_tlb_lookup(&r->tlb, r->batch[i]))
				continue;
			pwc_synth_walk(&r->pt, r->batch[i], &w);
			model_set_access(&r->set, &w, res);
			pwc_tlb_fill(&r->tlb, &w);
		}
	} else {
		if (r->shadowed && shadow_touch(&r->sh, r->batch, r->n))
			return r->failed = -1;
		f.addrs = (uintptr_t)r->batch;
		f.count = r->n;
		if (ioctl(r->fd, PWCSIM_FEED, &f)) {
			fprintf(stderr, "pwcsim: feeding the module: %s\n",
				strerror(errno));
			return r->failed = -1;
		}
	}
	r->addresses += r->n;
	r->n = 0;
	if (r->progress)
		fprintf(stderr, "\rpwcsim run: %llu addresses", r->addresses);
	return 0;
}

static int run_emit(void *arg, gva_t va)
{
	struct run *r = arg;

	r->batch[r->n++] = va;
	return r->n == RUN_BATCH ? run_flush(r) : 0;
}

static int run_device(struct run *r, bool coherent, unsigned int tlb,
		      bool tlb2m, int pid)
{
	struct pwcsim_coherence co = { .size = sizeof(co), .enable = coherent };
	struct pwcsim_add_model m = { .size = sizeof(m) };
	struct pwcsim_tlb t = { .size = sizeof(t), .entries = tlb,
				.flags = tlb2m ? PWCSIM_TLB_2M : 0 };
	struct pwcsim_attach a = { .size = sizeof(a), .pid = pid };
	unsigned int i;

	if (ioctl(r->fd, PWCSIM_SET_COHERENCE, &co) ||
	    ioctl(r->fd, PWCSIM_SET_TLB, &t)) {
		fprintf(stderr, "pwcsim: configuring the session: %s\n",
			strerror(errno));
		return -1;
	}
	for (i = 0; i < r->set.n; i++) {
		snprintf(m.spec, sizeof(m.spec), "%s", r->set.e[i].spec);
		if (ioctl(r->fd, PWCSIM_ADD_MODEL, &m)) {
			fprintf(stderr, "pwcsim: adding %s: %s\n", m.spec,
				strerror(errno));
			return -1;
		}
	}
	if (pid && ioctl(r->fd, PWCSIM_ATTACH, &a)) {
		fprintf(stderr, "pwcsim: attaching to pid %d: %s\n", pid,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The module's counters into the models' statistics, for printing. */
static int run_collect(struct run *r)
{
	struct pwcsim_stats st = { .size = sizeof(st) };
	struct pwc_stats *ps;
	unsigned int i, k;

	for (i = 0; i < r->set.n; i++) {
		memset(&st, 0, sizeof(st));
		st.size = sizeof(st);
		st.model = i;
		if (ioctl(r->fd, PWCSIM_GET_STATS, &st)) {
			fprintf(stderr, "pwcsim: statistics: %s\n",
				strerror(errno));
			return -1;
		}
		ps = &r->set.e[i].m->stats;
		ps->lookups = st.lookups;
		for (k = 0; k <= PWC_MAX_LEVELS; k++)
			ps->hits[k] = st.hits[k];
		ps->misses = st.misses;
		ps->accesses = st.accesses;
		ps->fills = st.fills;
		ps->evictions = st.evictions;
		ps->invalidations = st.invalidations;
		ps->stale = st.stale;
	}
	r->set.walks = st.walks;
	r->set.uncached = st.uncached;
	r->tlb_lookups = st.tlb_lookups;
	r->tlb_hits = st.tlb_hits;
	r->walks = st.walks;
	return 0;
}

static void run_usage(FILE *f)
{
	fprintf(f,
		"usage: pwcsim run [OPTIONS] (--workload NAME | --pid PID [FILE|-] | FILE|-)\n"
		"  -m, --model SPEC       a model (as for replay); default: all six\n"
		"  -b, --budget-bits N    size bare model names to N bits (default 5280)\n"
		"  -t, --tlb N[,2m]       an IOTLB of N entries in front (2m: 2 MiB entries)\n"
		"  -w, --workload NAME    a generated GPU workload (pwcsim gen --list)\n"
		"      --size small|full  the workload's input size (default small)\n"
		"      --seed N           the workload's seed\n"
		"  -p, --pid PID          walk a live process's tables (addresses from FILE or stdin)\n"
		"      --thp always|never|madvise   THP advice for the shadow pages (default never)\n"
		"      --max-footprint N  most bytes of shadow pages (default 512M)\n"
		"      --no-coherence     no invalidation on page-table changes\n"
		"  -u, --userspace        no module: the synthetic page table and the models here\n"
		"  -l, --levels 4|5       paging levels for --userspace (default: the module's or 4)\n"
		"  -f, --format F         trace format: auto, text, binary, lackey, traceg\n"
		"      --with-ifetch      lackey: instruction fetches too\n"
		"  -j, --json             JSON instead of the table\n");
}

int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "budget-bits", required_argument, NULL, 'b' },
		{ "tlb", required_argument, NULL, 't' },
		{ "workload", required_argument, NULL, 'w' },
		{ "size", required_argument, NULL, 'z' },
		{ "seed", required_argument, NULL, 'S' },
		{ "pid", required_argument, NULL, 'p' },
		{ "thp", required_argument, NULL, 'T' },
		{ "max-footprint", required_argument, NULL, 'M' },
		{ "no-coherence", no_argument, NULL, 'C' },
		{ "userspace", no_argument, NULL, 'u' },
		{ "levels", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "with-ifetch", no_argument, NULL, 'I' },
		{ "help", no_argument, NULL, 'h' },
		{}
	};
	static const char *const all[] = { "tpc", "cpwc", "stc", "uptc",
					   "none", "ideal" };
	const char *specs[MODEL_SET_MAX], *wname = NULL, *path = NULL;
	unsigned long long budget = 5280, footprint = 512ULL << 20, va, tlbn = 0;
	struct workload_opts wo = { .small = true, .seed = 1 };
	struct pwcsim_info info = { .size = sizeof(info) };
	enum shadow_thp thp = SHADOW_THP_NEVER;
	enum addr_format fmt = ADDR_AUTO;
	unsigned int nspecs = 0, i, levels = 0;
	bool json = false, coherent = true, tlb2m = false, ifetch = false;
	struct gpu_sink sink;
	struct gpu_heap heap = {};
	struct addr_stream in;
	struct run r = { .fd = -1 };
	const struct workload *w = NULL;
	unsigned long long pid = 0;
	struct table t;
	char *comma;
	int c, rd, ret = 1;

	optind = 1;
	while ((c = getopt_long(argc, argv, "m:b:t:w:p:ul:f:jh", opts,
				NULL)) != -1) {
		switch (c) {
		case 'm':
			if (nspecs == MODEL_SET_MAX)
				return 2;
			specs[nspecs++] = optarg;
			break;
		case 'b':
			if (parse_count(optarg, PWC_MAX_BUDGET_BITS, &budget)) {
				fprintf(stderr, "pwcsim: bad --budget-bits\n");
				return 2;
			}
			break;
		case 't':
			comma = strchr(optarg, ',');
			if (comma && strcmp(comma, ",2m")) {
				fprintf(stderr, "pwcsim: --tlb takes N or N,2m\n");
				return 2;
			}
			tlb2m = comma;
			if (comma)
				*comma = '\0';
			if (parse_count(optarg, PWC_MAX_ENTRIES, &tlbn)) {
				fprintf(stderr, "pwcsim: --tlb takes 0 to %d entries\n",
					PWC_MAX_ENTRIES);
				return 2;
			}
			break;
		case 'w':
			wname = optarg;
			break;
		case 'z':
			if (strcmp(optarg, "small") && strcmp(optarg, "full")) {
				fprintf(stderr, "pwcsim: --size takes small or full\n");
				return 2;
			}
			wo.small = !strcmp(optarg, "small");
			break;
		case 'S':
			if (parse_count(optarg, ~0ULL, &wo.seed))
				return 2;
			break;
		case 'p':
			if (parse_count(optarg, 4194304, &pid) || !pid) {
				fprintf(stderr, "pwcsim: --pid takes a process id\n");
				return 2;
			}
			break;
		case 'T':
			if (!strcmp(optarg, "always"))
				thp = SHADOW_THP_ALWAYS;
			else if (!strcmp(optarg, "never"))
				thp = SHADOW_THP_NEVER;
			else if (!strcmp(optarg, "madvise"))
				thp = SHADOW_THP_MADVISE;
			else {
				fprintf(stderr, "pwcsim: --thp takes always, never or madvise\n");
				return 2;
			}
			break;
		case 'M':
			if (parse_count(optarg, ~0ULL >> 1, &footprint)) {
				fprintf(stderr, "pwcsim: bad --max-footprint\n");
				return 2;
			}
			break;
		case 'C':
			coherent = false;
			break;
		case 'u':
			r.userspace = true;
			break;
		case 'l':
			if (parse_levels(optarg, &levels))
				return 2;
			break;
		case 'f':
			if (addr_parse_format(optarg, &fmt)) {
				fprintf(stderr, "pwcsim: --format takes auto, text, binary, lackey or traceg\n");
				return 2;
			}
			break;
		case 'j':
			json = true;
			break;
		case 'I':
			ifetch = true;
			break;
		case 'h':
			run_usage(stdout);
			return 0;
		default:
			run_usage(stderr);
			return 2;
		}
	}
	if (optind < argc)
		path = argv[optind++];
	if (optind != argc || (!!wname + !!path + !!pid == 0) ||
	    (wname && (path || pid)) || (pid && r.userspace)) {
		fprintf(stderr, "pwcsim run: give one source: --workload NAME, a trace FILE, or --pid PID (not with --userspace)\n");
		run_usage(stderr);
		return 2;
	}
	if (wname && !(w = workload_find(wname))) {
		fprintf(stderr, "pwcsim: unknown workload '%s' (pwcsim gen --list)\n",
			wname);
		return 2;
	}
	if (!nspecs)
		for (i = 0; i < 6; i++)
			specs[nspecs++] = all[i];

	if (!r.userspace) {
		r.fd = open("/dev/pwcsim", O_RDWR | O_CLOEXEC);
		if (r.fd < 0 || ioctl(r.fd, PWCSIM_GET_INFO, &info)) {
			fprintf(stderr, "pwcsim: /dev/pwcsim: %s (is pwcsim.ko loaded? or use --userspace)\n",
				strerror(errno));
			goto out;
		}
		if (levels && levels != info.levels) {
			fprintf(stderr, "pwcsim: the kernel uses %u-level paging\n",
				info.levels);
			goto out;
		}
		levels = info.levels;
	}
	if (!levels)
		levels = 4;
	r.pt.levels = levels;
	model_set_init(&r.set, levels);
	for (i = 0; i < nspecs; i++)
		if (model_set_add(&r.set, specs[i], budget))
			goto out;
	if (pwc_tlb_init(&r.tlb, r.userspace ? tlbn : 0,
			 tlb2m ? PWC_TLB_2M : 0))
		goto out;
	r.batch = malloc(RUN_BATCH * sizeof(*r.batch));
	if (!r.batch)
		goto out;
	if (!r.userspace) {
		if (run_device(&r, coherent, tlbn, tlb2m, pid))
			goto out;
		if (!pid) {
			if (shadow_start(&r.sh, thp, footprint, r.fd))
				goto out;
			r.shadowed = true;
		}
	}
	r.progress = isatty(2);

	if (w) {
		sink = (struct gpu_sink){ run_emit, &r, 0, 0, false };
		w->run(&wo, &heap, &sink);
	} else {
		if (addr_open(&in, path ? path : "-", fmt))
			goto out;
		in.with_ifetch = ifetch;
		while ((rd = addr_next(&in, &va)) > 0 && !run_emit(&r, va))
			;
		addr_close(&in);
		if (rd < 0)
			goto out;
	}
	if (run_flush(&r))
		goto out;
	if (r.progress)
		fputc('\n', stderr);
	if (r.userspace) {
		r.tlb_lookups = r.tlb.lookups;
		r.tlb_hits = r.tlb.hits;
		r.walks = r.set.walks;
	} else if (run_collect(&r)) {
		goto out;
	}

	table_init(&t, NULL, "models");
	model_set_table(&r.set, &t);
	if (json) {
		printf("{\"source\": ");
		json_string(stdout, w ? w->name : path ? path : "-");
		printf(", \"tables\": \"%s\", \"levels\": %u, \"addresses\": %llu, \"tlb_lookups\": %llu, \"tlb_hits\": %llu, \"walks\": %llu, \"uncached_accesses\": %llu, ",
		       r.userspace ? "synthetic" : "real", levels, r.addresses,
		       r.tlb_lookups, r.tlb_hits, r.walks, r.set.uncached);
		table_print_json(&t, stdout);
		printf("}\n");
	} else {
		printf("%s: %llu addresses, %s %u-level page tables; IOTLB %llu lookups, %llu hits (%.2f%%); %llu walks\n",
		       w ? w->name : path ? path : "-", r.addresses,
		       r.userspace ? "synthetic" : "real", levels,
		       r.tlb_lookups, r.tlb_hits,
		       r.tlb_lookups ? 100.0 * r.tlb_hits / r.tlb_lookups : 0.0,
		       r.walks);
		table_print_text(&t, stdout);
	}
	table_free(&t);
	ret = fflush(stdout) ? 1 : 0;
out:
	if (r.shadowed)
		shadow_stop(&r.sh);
	if (r.fd >= 0)
		close(r.fd);
	pwc_tlb_free(&r.tlb);
	free(r.batch);
	model_set_free(&r.set);
	return ret;
}
