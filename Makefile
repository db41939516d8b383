# The one front door.  How a patch becomes a booted, tested kernel:
#   deps -> tree (base + patches/) -> kernel -> tests -> test (QEMU)
# Every step is incremental; "make test" runs them all.  BASE=VERSION
# picks another base than 5.10.223 (scripts/lib.sh lists them).

S := scripts

.PHONY: all deps tree kernel tests test vm test-stable stress demo fuzz bench profile check export clean

all: test

deps:
	@$(S)/deps.sh

tree: deps
	@$(S)/mktree.sh

kernel: tree
	@$(S)/build-kernel.sh vm

tests: kernel
	@$(S)/build-tests.sh

test: tests
	@$(S)/test.sh

# The one-test loop: one command in the VM, on what "make tests" built,
# e.g. make vm CMD='./test_progs -t xdp_nicsim/ice0'
vm:
	@$(S)/vm-cmd.sh "$$CMD"

# The same on the newest 5.10.y base the harness knows (the last of
# BASES in scripts/lib.sh); any target takes BASE=VERSION or BASE=stable.
test-stable:
	@$(MAKE) --no-print-directory test BASE=stable

# make test's suite on a kernel with lockdep as well (config/stress.config)
stress: tests
	@$(S)/build-kernel.sh stress
	@$(S)/test.sh stress

demo: tests
	@$(S)/demo.sh

# The randomized test_run selftest at length: FUZZ_N=1000000 inputs.
fuzz: tests
	@$(S)/fuzz.sh

# Base against patched, same config; see docs/benchmark.md.
bench: tree
	@$(S)/bench.sh

# Where the instructions go: the bench's workloads (BENCH_ONLY=PATTERN),
# each function of PROFILE_FUNCS='f g ...' timed per call, base against
# patched, under icount; see docs/benchmark.md.
profile: tree
	@$(S)/bench.sh profile

# checkpatch and a build of each patch; the hardware drivers the VM does
# not run are built at the tip first, in config/compile-test.config.
check: kernel
	@$(S)/build-kernel.sh compile-test
	@$(S)/check.sh

export:
	@$(S)/export.sh

clean:
	rm -rf build
