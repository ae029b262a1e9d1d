// SPDX-License-Identifier: GPL-2.0
/*
 * options.c - the shared options (options.h): one parser, one message
 * per option.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "pwc.h"
#include "cli/options.h"
#include "cli/parse.h"
#include "output/out_file.h"

void shared_opts_init(struct shared_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->budget = RUN_BUDGET_BITS;
	o->size = SHARED_SIZE;
	workload_opts_init(&o->wo);
	workload_size(o->size, NULL, &o->wo);
	o->max_footprint = SHARED_MAX_FOOTPRINT;
	o->fmt = ADDR_AUTO;
}

/*
 * Does sizing every sized model to @bits at 4 and at 5 levels never give
 * @err (-ERANGE: over a cap; -ENOSPC: nothing fits)?  With -ENOSPC:
 * does some model fit at both levels?
 */
static bool budget_ok(unsigned long long bits, int err)
{
	struct pwc_config cfg;
	unsigned int levels;
	enum pwc_kind k;
	bool some = false, all;

	for (k = 0; k < PWC_KIND_COUNT; k++) {
		if (!pwc_kind_sized(k))
			continue;
		for (all = true, levels = 4; levels <= 5; levels++)
			if (pwc_size_for_budget(k, bits, levels, &cfg) == err)
				all = false;
		if (!all && err == -ERANGE)
			return false;
		some |= all;
	}
	return err == -ERANGE || some;
}

/* The edge of budget_ok(, @err) in [1, 2^32], each side monotone. */
static unsigned long long budget_edge(int err)
{
	unsigned long long lo = 1, hi = PWC_MAX_BUDGET_BITS, mid;

	while (lo < hi) {
		if (err == -ERANGE) {	/* the last budget that is ok */
			mid = lo + (hi - lo + 1) / 2;
			if (budget_ok(mid, err))
				lo = mid;
			else
				hi = mid - 1;
		} else {		/* the first budget that is ok */
			mid = lo + (hi - lo) / 2;
			if (budget_ok(mid, err))
				hi = mid;
			else
				lo = mid + 1;
		}
	}
	return lo;
}

unsigned long long shared_budget_max(void)
{
	static unsigned long long max;

	if (!max)
		max = budget_edge(-ERANGE);
	return max;
}

unsigned long long shared_budget_min(void)
{
	static unsigned long long min;

	if (!min)
		min = budget_edge(-ENOSPC);
	return min;
}

/* --tlb N or N,2m */
static int shared_tlb(struct shared_opts *o, char *arg)
{
	char *comma = strchr(arg, ',');
	unsigned long long n;

	if (comma && strcmp(comma, ",2m")) {
		fprintf(stderr, "pwcsim: --tlb takes N or N,2m\n");
		return -1;
	}
	if (comma)
		*comma = '\0';
	if (parse_count(arg, PWC_MAX_ENTRIES, &n)) {
		fprintf(stderr, "pwcsim: --tlb takes 0 to %d entries\n",
			PWC_MAX_ENTRIES);
		return -1;
	}
	o->tlb = n;
	o->tlb_given = true;
	/* 0 entries are no IOTLB: 0,2m is none too, not one of 2 MiB pages */
	o->tlb2m = comma && n;
	return 0;
}

/* The GPU model's options that take a name from a list (parse_name()). */
static const struct {
	int c;
	const char *opt;
	const char *const *names;
	unsigned int n;
} workload_name_options[] = {
	{ OPT_INPUTS, "--inputs", workload_inputs_names,
	  ARRAY_SIZE(workload_inputs_names) },
	{ OPT_LAYOUT, "--layout", workload_layout_names, GPU_LAYOUT_COUNT },
	{ OPT_ALLOCATOR, "--allocator", workload_allocator_names,
	  GPU_ALLOC_COUNT },
	{ OPT_IOTLB_AT, "--iotlb-at", workload_at_names, GPU_AT_COUNT },
};

/* Option @c, one of workload_name_options[], into @wo: 0, or -1 (message). */
static int workload_name_option(struct workload_opts *wo, int c,
				const char *arg)
{
	unsigned int i = 0;
	int k;

	while (workload_name_options[i].c != c)
		i++;
	k = parse_name(arg, workload_name_options[i].opt,
		       workload_name_options[i].names,
		       workload_name_options[i].n);
	if (k < 0)
		return -1;
	if (c == OPT_INPUTS)
		wo->table1 = k;
	else if (c == OPT_LAYOUT)
		wo->layout = k;
	else if (c == OPT_ALLOCATOR)
		wo->allocator = k;
	else
		wo->at = k;
	return 0;
}

/*
 * Is @s digits, then a point and digits if any ("3", "0.5")?  strtod()
 * alone takes " 3", "0x1.8p1" and "3e0" for 3.
 */
static bool plain_decimal(const char *s)
{
	size_t n = strspn(s, "0123456789");

	if (!n)
		return false;
	if (s[n] == '.')
		return s[n + 1] && strspn(s + n + 1, "0123456789") ==
				   strlen(s + n + 1);
	return !s[n];
}

/* One of the GPU model's options into @wo: 0, -1 (message), 1 if not one. */
static int shared_workload_option(struct workload_opts *wo, int c, char *arg)
{
	unsigned long long n;
	char *end;

	switch (c) {
	case OPT_INPUTS:
	case OPT_LAYOUT:
	case OPT_ALLOCATOR:
	case OPT_IOTLB_AT:
		return workload_name_option(wo, c, arg);
	case OPT_JITTER:
		if (plain_decimal(arg)) {
			wo->jitter = strtod(arg, &end);
			if (!*end && wo->jitter <= 100)
				return 0;
		}
		fprintf(stderr, "pwcsim: --jitter takes a decimal number from 0 to 100 (4, 0.5)\n");
		return -1;
	case OPT_WARMUP:
		if (!parse_count(arg, 1000, &n)) {
			wo->warmup = n;
			return 0;
		}
		fprintf(stderr, "pwcsim: --warmup takes 0 to 1000 waves\n");
		return -1;
	case OPT_WINDOW:
		if (!parse_count(arg, ~0ULL, &wo->window))
			return 0;
		fprintf(stderr, "pwcsim: --window takes a number of addresses\n");
		return -1;
	}
	return 1;
}

/*
 * The option @c of a generated workload only, of a trace only, of a run
 * of kernels only, or --seed: noted (struct shared_opts).
 */
static void shared_note(struct shared_opts *o, int c)
{
	enum { WORKLOAD, TRACE, KERNELS, SEED };
	static const struct {
		int c, only;
		const char *name;
	} opts[] = {
		{ OPT_SIZE, WORKLOAD, "--size" },
		{ OPT_INPUTS, WORKLOAD, "--inputs" },
		{ OPT_LAYOUT, WORKLOAD, "--layout" },
		{ OPT_ALLOCATOR, WORKLOAD, "--allocator" },
		{ OPT_WINDOW, WORKLOAD, "--window" },
		{ OPT_DATA, WORKLOAD, "--data" }, { 'f', TRACE, "--format" },
		{ OPT_TRACE_ORDER, TRACE, "--trace-order" },
		{ OPT_WITH_IFETCH, TRACE, "--with-ifetch" },
		{ OPT_JITTER, KERNELS, "--jitter" },
		{ OPT_WARMUP, KERNELS, "--warmup" },
		{ OPT_IOTLB_AT, KERNELS, "--iotlb-at" },
		{ OPT_SEED, SEED, "--seed" },
	};
	const char **note[] = { [WORKLOAD] = &o->workload_opt,
				[TRACE] = &o->trace_opt,
				[KERNELS] = &o->kernel_opt,
				[SEED] = &o->seed_opt };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (opts[i].c == c)
			*note[opts[i].only] = opts[i].name;
}

/* --size @arg: 0, or -1 after a message. */
static int shared_size(struct shared_opts *o, const char *arg)
{
	if (workload_size(arg, NULL, &o->wo)) {
		fprintf(stderr, "pwcsim: --size takes small, sampled or full\n");
		return -1;
	}
	o->size = arg;
	o->size_given = true;
	return 0;
}

static int shared_value(struct shared_opts *o, int c, char *arg)
{
	switch (c) {
	case OPT_INPUTS:
	case OPT_LAYOUT:
	case OPT_ALLOCATOR:
	case OPT_IOTLB_AT:
	case OPT_JITTER:
	case OPT_WARMUP:
	case OPT_WINDOW:
		return shared_workload_option(&o->wo, c, arg);
	case 'm':
		/* the most of any backend; each command checks its own */
		if (o->nspecs == RUN_MAX_MODELS) {
			fprintf(stderr, "pwcsim: at most %d models\n",
				RUN_MAX_MODELS);
			return -1;
		}
		o->specs[o->nspecs++] = arg;
		return 0;
	case 'b':
		if (parse_count(arg, shared_budget_max(), &o->budget) ||
		    o->budget < shared_budget_min()) {
			fprintf(stderr, "pwcsim: --budget-bits '%s': give a number from %llu (a model fits) to %llu (every model within its cap)\n",
				arg, shared_budget_min(), shared_budget_max());
			return -1;
		}
		return 0;
	case 'l':
		return parse_levels(arg, &o->levels);
	case 't':
		return shared_tlb(o, arg);
	case OPT_SIZE:
		return shared_size(o, arg);
	case OPT_SEED:
		if (parse_count(arg, ~0ULL, &o->wo.seed)) {
			fprintf(stderr, "pwcsim: --seed takes a number\n");
			return -1;
		}
		return 0;
	case OPT_MAX_FOOTPRINT:
		if (parse_count(arg, ~0ULL >> 1, &o->max_footprint)) {
			fprintf(stderr, "pwcsim: --max-footprint takes a size in bytes (k, M, G)\n");
			return -1;
		}
		o->footprint_given = true;
		return 0;
	case 'f':
		if (addr_parse_format(arg, &o->fmt)) {
			fprintf(stderr, "pwcsim: a trace format is %s, not '%s'\n",
				ADDR_FORMATS, arg);
			return -1;
		}
		return 0;
	case 'p':
		return parse_pid(arg, &o->pid);
	case OPT_TRACE_ORDER:
		if (strcmp(arg, "file") && strcmp(arg, "scheduled")) {
			fprintf(stderr, "pwcsim: --trace-order takes scheduled or file\n");
			return -1;
		}
		o->file_order = !strcmp(arg, "file");
		return 0;
	}
	return 1;
}

const struct gpu_params *shared_trace_gpu(const struct shared_opts *o,
					  struct gpu_params *p)
{
	if (o->file_order)
		return NULL;
	/*
	 * 64-bit addresses; no ld.param: SASS reads them as operands; the
	 * instruction fetches at the trace's PCs with --with-ifetch
	 */
	*p = (struct gpu_params){ o->wo.at, o->wo.jitter, o->wo.warmup,
				  o->wo.seed, true, false, o->ifetch };
	return p;
}

struct addr_given shared_trace_given(const struct shared_opts *o)
{
	return (struct addr_given){
		.gpu_opt = o->kernel_opt ? o->kernel_opt : o->seed_opt,
		.order = o->order_given, .ifetch = o->ifetch };
}

int shared_option(struct shared_opts *o, int c, char *arg)
{
	shared_note(o, c);
	if (c == OPT_TRACE_ORDER)	/* either order: addr_check_given() */
		o->order_given = true;
	switch (c) {
	case OPT_WITH_IFETCH:
		o->ifetch = true;
		return 1;
	case 'u':
		o->userspace = true;
		return 1;
	case 'j':
		o->json = true;
		return 1;
	case 'q':
		o->quiet = true;
		return 1;
	case OPT_DATA:		/* read by workload_load() */
		o->wo.data = arg;
		return 1;
	}
	switch (shared_value(o, c, arg)) {
	case 0:
		return 1;
	case 1:
		return 0;
	default:
		return -1;
	}
}

int shared_option_or_usage(struct shared_opts *o, int c, char *arg,
			   void (*usage)(FILE *f))
{
	int r = shared_option(o, c, arg);

	if (r > 0)
		return 0;
	if (!r)
		usage(stderr);
	return 2;
}

int shared_check_models(const struct shared_opts *o, unsigned int levels,
			const char *note)
{
	unsigned int i, lv, hi = levels ? levels : 5;
	struct pwc_config cfg;
	char err[160];
	int ret = 0;

	for (i = 0; i < o->nspecs; i++) {
		if (strlen(o->specs[i]) >= PWC_SPEC_LEN) {
			fprintf(stderr, "pwcsim: model spec longer than %d characters\n",
				PWC_SPEC_LEN - 1);
			return 2;
		}
		/* at the module's levels, not known: at 4 or at 5 */
		for (lv = levels ? levels : 4; lv <= hi; lv++) {
			ret = pwc_config_from_spec(o->specs[i], o->budget, lv,
						   &cfg, err, sizeof(err));
			if (!ret)
				break;
		}
		if (ret) {
			fprintf(stderr, "pwcsim: model '%s': %s%s%s%s\n",
				o->specs[i], err, note ? " (" : "",
				note ? note : "", note ? ")" : "");
			return 2;
		}
	}
	return 0;
}

int shared_input_size(struct shared_opts *o, bool data, const char *cmd)
{
	bool t1 = o->wo.table1;

	if ((data || t1) && o->size_given && !strcmp(o->size, "small")) {
		fprintf(stderr, "%s: --size small is the workload's own smaller input; %s: --size full (the default with %s) or sampled\n",
			cmd, data ? "--data reads the package's files" :
			"--inputs table1 replaces the inputs of the sampled and full sizes",
			data ? "--data" : "--inputs table1");
		return 2;
	}
	if ((data || t1) && !o->size_given)
		o->size = "full";
	return 0;
}

int shared_workload_size(struct shared_opts *o, const struct workload *w,
			 const char *cmd)
{
	/* without a workload, --data is refused with the trace */
	int ret = shared_input_size(o, w && o->wo.data, cmd);

	if (!ret)
		workload_size(o->size, w, &o->wo);
	return ret;
}

void shared_record_input(struct record *rec, const struct workload *w,
			 const char *size, const struct workload_opts *wo)
{
	const char *file;
	unsigned int k;

	record_str(rec, "size", size);
	record_str(rec, "inputs", workload_inputs_names[wo->table1]);
	record_str(rec, "layout", workload_layout_names[wo->layout]);
	record_str(rec, "allocator", workload_allocator_names[wo->allocator]);
	record_u64(rec, "seed", wo->seed);
	if (!wo->data)
		return;
	record_str(rec, "data", wo->data);
	rec = record_object(rec, "data_sha256");
	for (k = 0; (file = workload_data_file(w, k)); k++)
		record_str(rec, file, wo->data_sha256[k]);
}

bool shared_output_is_input(const char *in, enum addr_format fmt,
			    const char *out)
{
	char path[2 * PATH_MAX + 16];
	const char *file = in;
	struct stat st;

	/* a terminal or /dev/null both read and written is no file changed */
	if (strcmp(out, "-") ? stat(out, &st) : fstat(STDOUT_FILENO, &st))
		return false;
	if (!S_ISREG(st.st_mode))
		return false;
	if (!out_same_file(in, out)) {
		if (!strcmp(in, "-") ||
		    (fmt != ADDR_AUTO && fmt != ADDR_TRACEG) ||
		    !addr_trace_dir_opens(in, out, path, sizeof(path)))
			return false;
		file = path;
	}
	fprintf(stderr, "pwcsim: %s: the output is the input %s%s%s%s: refused (nothing written)\n",
		strcmp(out, "-") ? out : "stdout",
		strcmp(file, "-") ? file : "(stdin)",
		file == path ? " (of the trace " : "", file == path ? in : "",
		file == path ? ")" : "");
	return true;
}

void shared_record_trace(struct record *rec, const char *name,
			 const struct gpu_params *gpu)
{
	struct record *t = record_object(rec, name);

	record_str(t, "format", "traceg");
	record_str(t, "order", gpu ? "scheduled" : "file");
	if (!gpu)
		return;
	record_str(t, "iotlb_at", workload_at_names[gpu->at]);
	record_f64(t, "jitter", gpu->jitter);
	record_u64(t, "warmup", gpu->warmup);
	record_u64(t, "seed", gpu->seed);
	record_u64(t, "with_ifetch", gpu->ifetch);
}

void shared_run_config(const struct shared_opts *o, struct run_config *cfg)
{
	*cfg = (struct run_config){
		.specs = o->specs, .nspecs = o->nspecs, .budget = o->budget,
		.tlb = o->tlb, .tlb2m = o->tlb2m, .thp = SHADOW_THP_NEVER,
		.max_footprint = o->max_footprint, .coherent = true,
		.userspace = o->userspace, .levels = o->levels };
}
