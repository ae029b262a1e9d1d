# SPDX-License-Identifier: GPL-2.0
#
# Makefile - pwcsim's entry points.
#
#   make              build pwcsim.ko for KDIR (default: the running kernel's
#                     headers if present, else the Debian headers the VM
#                     kernel matches); W=1 and C=1 pass through to Kbuild
#   make tools        build userspace/pwcsim
#   make check        every test; ends with "N passed, N failed"
#   make demo         the main job, in the VM (FULL=1: the whole runs,
#                     natively)
#   make kunit        the KUnit suites on the test kernels
#   make stress       the long adversarial campaign on the debug kernel,
#                     then every parser's fuzz target for 10 minutes
#   make fuzz         every parser's fuzz target (FUZZ_SECONDS each, default 10)
#   make bench        benchmarks (measure, never assert); KERNEL=1: the VM too;
#                     BASE=REV: REV's pwcsim replay timed beside this one's
#                     INSTR=1: instructions per address (valgrind), not times
#   make timing       translation in time: models, walkers, walk scheduling
#                     over five workloads (scripts/timing-study; natively)
#   make vm-shell     an interactive shell in the VM with the module loaded
#   make dkms-check   pwcsim.ko built by DKMS, loaded and tested in the VM
#   make deb          the Debian packages pwcsim-dkms and pwcsim (build/deb/)
#   make deb-check    install them here, the VM loads DKMS's module, purge
#
# Objects go to build/<kernel>/ so that builds for several kernels (the
# Debian one, the KUnit test kernels) never share objects.

KDIR ?= $(shell scripts/kdir)
BUILD = build/$(notdir $(realpath $(KDIR)))

.PHONY: all module tools check demo kunit bench stress fuzz vm-shell clean dkms-check deb deb-check \
	sweep-check timing

all: module

module:
	@scripts/build-module "$(KDIR)"

tools:
	@$(MAKE) -s -C userspace
	@$(MAKE) -s -C module/tests

check:
	@scripts/check

demo:
	@FULL=$(FULL) scripts/demo

kunit:
	@scripts/kunit

bench:
	@KERNEL=$(KERNEL) REPEAT=$(REPEAT) BASE=$(BASE) INSTR=$(INSTR) scripts/bench

timing:
	@scripts/timing-study

stress:
	@scripts/stress

fuzz:
	@FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz

dkms-check: tools
	@scripts/dkms-check

deb:
	@scripts/deb

deb-check: tools
	@scripts/deb-check

# The sharded-sweep recipes (GNU parallel, ssh, Slurm), run for real.
sweep-check: tools
	@scripts/sweep-recipes

vm-shell: module tools
	@scripts/vm --shell

clean:
	rm -rf build module/pwcsim.ko
	@$(MAKE) -s -C userspace clean
	@$(MAKE) -s -C module/tests clean
