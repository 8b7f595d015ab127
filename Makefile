# Ratite. `make bench` runs the benchmark suite, `make test` runs every test.
PREFIX ?= /usr/local

.PHONY: bench bench-full bench-quick bench-check bench-compare bench-test bench-peers bench-baseline instructions \
	memory misses test swift-test c-test python-test fuzz-replay soundness cmake-test consumer-test install docs \
	format lint invariant-test clean

## The main job: every family and operation at N = 100, 1k and 10k, medians of 3
## repetitions (without grid/resize_engine/10000, whose setup is too slow and large for it).
## Builds the driver, shows one progress line a benchmark on stderr, prints the table of
## medians and writes Benchmarks/results/default.json, default-medians.json (for trackers)
## and default.svg. Each benchmark frees what it built; the run fails when its peak RSS
## passes 1 GB. Its time and memory are in docs/performance.md.
bench:
	Benchmarks/run-suite default

## Everything up to N = 100k (long).
bench-full:
	Benchmarks/run-suite full

## A short run (N = 100 and 1k, one repetition): results/quick.{json,svg}, quick-medians.json.
bench-quick:
	Benchmarks/run-suite quick

## CI's check of `make bench`: each of its benchmarks once, briefly (every setup at every
## size, so the same peak memory): fails when one no longer runs or the peak RSS passes 1 GB.
bench-check:
	Benchmarks/run-suite check

## This checkout against BASE (a commit, built in a worktree cached under
## .build/bench-compare), on this machine: the quick preset's benchmarks run in turns,
## one repetition a process, 9 of each; a Mann-Whitney U test per benchmark and the
## callgrind instruction counts of both builds. Markdown and JSON in Benchmarks/results/
## compare.{md,json}; fails when anything regressed (COMPARE_ARGS=--report-only: never).
## COMPARE_ARGS go to Benchmarks/bench-compare (--preset, --filter, --repetitions, ...).
BASE ?= HEAD~1
COMPARE_ARGS ?=
bench-compare:
	Benchmarks/bench-compare $(COMPARE_ARGS) $(BASE)

## The comparison's statistics, verdicts and reports, and report.py's medians and trends, on
## synthetic data (nothing is built).
bench-test:
	python3 -m unittest discover -s Benchmarks -p 'test_*.py'

## kiwisolver (PyPI) against Ratite (ratite.kiwi), one Python driver on the generated systems
## (N = 100, 300, 1000): prints times and kiwi/ratite ratios, writes Benchmarks/results/
## peers.{json,svg}. A report, not a gate. Needs python3 with venv and PyPI access.
## PEERS_ARGS go to the driver (e.g. "--sizes 100,300 --markdown").
PEERS_ARGS ?=
bench-peers:
	python/bench/run-peers $(PEERS_ARGS)

## The regression gate: instruction counts of fixed workloads under callgrind, failing on
## growth over 5%. `make bench-baseline` refreshes the committed baselines.
instructions:
	Benchmarks/instructions

## The memory gate: each family's build at N=100k, failing over 300 bytes per constraint
## (the target) or on growth over 5% on Benchmarks/baseline/memory.txt.
memory:
	Benchmarks/memory

## The cache-miss gate: last-level data read misses of large shuffled builds in valgrind's
## cache model (deterministic), failing on growth over 5% on Benchmarks/baseline/misses.txt.
misses:
	Benchmarks/misses

## Refreshes the gates' committed baselines after an intended change.
bench-baseline:
	Benchmarks/instructions --update
	Benchmarks/memory --update
	Benchmarks/misses --update

## Every test: Swift Testing, the C interface (shared, static, ASan+UBSan, valgrind), the
## fuzz corpora and regressions replayed without libFuzzer, the benchmark comparison's logic.
test: swift-test invariant-test c-test cmake-test fuzz-replay bench-test

## The Swift tests, built in release with testing enabled (their own scratch path, shared
## with `make soundness`): the exact checks the soundness campaigns lean on run ten times
## faster optimized, and the large campaign and the large-sequence reproductions run only
## in optimized builds. A plain `swift test` (debug) runs the rest.
TEST_FLAGS = -c release -Xswiftc -enable-testing -Xswiftc -DRATITE_INTERNAL_CHECKS --scratch-path .build/release-tests
TEST_BUILD = swift build $(TEST_FLAGS)
swift-test:
	$(TEST_BUILD) --build-tests
	swift test $(TEST_FLAGS) --skip-build

## Every suite again, built with RATITE_INVARIANTS (in its own scratch path): the core
## checks every invariant at the end of each outermost operation and rollback, and stops at
## the first that breaks one. A suite stays out only on this list, each with its reason; a
## new suite runs here unless it is added to it.
##
## Each check walks the whole core, so suites that build systems of thousands of
## constraints would take minutes to hours (each ran past 60 s here, debug build, 2 cores):
##   ChangedVariablesTests (5,000 variables), CoefficientStorageTests (families built to
##   fill the coefficient buffers), CoreRecordSizeTests (a chain of 20,000 and serials run
##   to 2^28), DefinitionLevelTests (shuffled families of 2,000), InfeasibleQueueTests (a
##   grid's first suggestion), OptimalityCertificateTests (past 4,096 constraints),
##   PrefetchTests (a grid past the caches), SolverCellPoolTests (pools squeezed again and
##   again over large rows), SolverScalingTests (up to 100k), ValueShiftTests (drags of
##   the generated families).
## Outside the documented range, where only "never traps" is promised, a core may break an
## invariant by design: SolverExtremeMagnitudeTests.
## No core at all, and 40 s in a debug build: ExactReducedSimplexTests.
INVARIANT_OPT_OUTS := ChangedVariablesTests|CoefficientStorageTests|CoreRecordSizeTests|DefinitionLevelTests
INVARIANT_OPT_OUTS := $(INVARIANT_OPT_OUTS)|InfeasibleQueueTests|OptimalityCertificateTests|PrefetchTests
INVARIANT_OPT_OUTS := $(INVARIANT_OPT_OUTS)|SolverCellPoolTests|SolverScalingTests|ValueShiftTests
INVARIANT_OPT_OUTS := $(INVARIANT_OPT_OUTS)|SolverExtremeMagnitudeTests|ExactReducedSimplexTests
invariant-test:
	RATITE_INVARIANTS=1 swift build --build-tests --scratch-path .build/invariants
	RATITE_INVARIANTS=1 swift test --skip-build --scratch-path .build/invariants \
	    --skip '\.($(INVARIANT_OPT_OUTS))/'

c-test:
	scripts/ensure-packages valgrind pkg-config g++ libasan8 libubsan1
	Tests/C/run

## The CMake package (lib/cmake/Ratite): a consumer project built against Ratite::ratite and
## Ratite::ratite_static from C and C++, with the installed tree moved (Tests/CMake/run).
cmake-test:
	scripts/ensure-packages cmake make g++
	Tests/CMake/run

## The SwiftPM package as an application takes it: a package outside the checkout depends on
## it by URL at a version tag, builds in debug and release and runs the README's quick start
## (Tests/Consumer/run).
consumer-test:
	Tests/Consumer/run

fuzz-replay:
	Fuzz/replay

## The Python package: builds the wheel (Swift runtime bundled), installs it into a fresh
## venv under .build/python-test with the toolchain off the PATH, runs python/tests (the
## ported kiwisolver suite, matplotlib against kiwisolver, the layout recipes) and the
## quick per-call benchmark against kiwisolver. Needs python3 with venv and PyPI access.
python-test:
	python/run-tests

## The long soundness campaign: SEQUENCES random operation sequences of each small
## configuration (default 10,000; 200 operations on 12 to 14 variables) and LARGE_SEQUENCES
## of each large one (default 2,000; 1,200 operations, 400 to 500 constraints), every
## answer checked against an exact rational LP solver; CONFIGURATIONS (mixed, unit, large,
## large-unit; also large-float, large-unit-float, past-exact-limit, and the float path
## alone: large-float-alone, large-unit-float-alone; comma-separated) picks some. The release test build of `make swift-test`;
## each configuration runs as four parallel test cases.
## Figures and times in docs/performance.md.
SEQUENCES ?= 10000
LARGE_SEQUENCES ?= 2000
CONFIGURATIONS ?= mixed,unit,large,large-unit
soundness:
	$(TEST_BUILD) --build-tests
	RATITE_SOUNDNESS_SEQUENCES=$(SEQUENCES) RATITE_SOUNDNESS_LARGE_SEQUENCES=$(LARGE_SEQUENCES) \
	    RATITE_SOUNDNESS_CONFIGURATIONS=$(CONFIGURATIONS) swift test $(TEST_FLAGS) --skip-build \
	    --filter extendedSoundnessCampaign

## Installs ratite.h, libratite.so, libratite.a, pkg-config files and the CMake package
## lib/cmake/Ratite under PREFIX.
install:
	scripts/install-c-library "$(PREFIX)" release

## The DocC documentation of the Ratite module (Sources/Ratite/Ratite.docc and the ///
## comments) as a static site in .build/docs: serve that folder (python3 -m http.server -d
## .build/docs) and open /documentation/ratite. The symbol graph is built in its own
## scratch path, so the debug build is not invalidated. Fails on any documentation warning.
DOCS_BUILD = .build/docs-build
docs:
	mkdir -p $(DOCS_BUILD)/symbol-graphs
	swift build --target Ratite --scratch-path $(DOCS_BUILD) -Xswiftc -emit-symbol-graph \
	    -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/$(DOCS_BUILD)/symbol-graphs
	rm -rf $(DOCS_BUILD)/ratite-symbols && mkdir $(DOCS_BUILD)/ratite-symbols
	find $(DOCS_BUILD)/symbol-graphs \( -name Ratite.symbols.json -o -name 'Ratite@*.symbols.json' \) \
	    -exec cp {} $(DOCS_BUILD)/ratite-symbols/ \;
	docc convert Sources/Ratite/Ratite.docc --additional-symbol-graph-dir $(DOCS_BUILD)/ratite-symbols \
	    --output-path .build/docs --fallback-display-name Ratite --fallback-bundle-identifier ratite.Ratite \
	    --warnings-as-errors

# swift-format runs without its pretty printer: the code is formatted by hand (aligned
# continuations, `let x = switch` with unindented cases) in ways the printer would undo
# line by line. Its rules apply; scripts/check-whitespace checks line length and blanks.
SWIFT_SOURCES = Sources Tests Benchmarks Fuzz Package.swift
SWIFT_FORMAT_FLAGS = --configuration .swift-format --debug-disable-pretty-print --parallel --recursive

## Rewrites the Swift files in place to follow the rules of .swift-format (sorted imports,
## one case per line, ...), keeping their whitespace.
format:
	swift-format format --in-place $(SWIFT_FORMAT_FLAGS) $(SWIFT_SOURCES)

## The style checks, failing on any finding: swift-format's rules (.swift-format), lines of
## at most 120 characters and clean whitespace (scripts/check-whitespace), and a ///
## comment on every public declaration of the library (scripts/check-doc-comments).
lint:
	@status=0; \
	swift-format lint --strict $(SWIFT_FORMAT_FLAGS) $(SWIFT_SOURCES) || status=1; \
	scripts/check-whitespace $(SWIFT_SOURCES) || status=1; \
	scripts/check-doc-comments || status=1; \
	exit $$status

clean:
	rm -rf .build Benchmarks/.build Fuzz/.build*
