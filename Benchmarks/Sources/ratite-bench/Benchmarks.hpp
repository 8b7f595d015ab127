// Registration of the benchmark groups.
#pragma once

#include <benchmark/benchmark.h>
#include <ratite_fixtures.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace bench {
void registerSolverBenchmarks(const std::vector<int64_t> &sizes);
void registerEngineBenchmarks(const std::vector<int64_t> &sizes);
void registerVFLBenchmarks();
/// The ambiguity report on a row of views with optional widths, beside its layout.
void registerAmbiguityBenchmarks();
/// Adds to `engine` (new and empty) the row of `n` views with optional widths, and lays it out.
void buildAmbiguousRow(ratite_engine *engine, int64_t n);
/// The families built and resized through the Swift API, solve-file text and layout engine.
void registerPathBenchmarks(const std::vector<int64_t> &sizes);
/// Registers `body` as `name` at every one of `sizes`, with a complexity fit, in µs.
void registerAtSizes(const std::string &name, std::function<void(benchmark::State &)> body,
                     const std::vector<int64_t> &sizes);
/// Builds one system and reports memory per constraint (for --memory).
int measureMemory(const char *family, int64_t n);
/// Builds one system and removes every constraint in three orders (for --teardown).
int measureTeardown(const char *family, int64_t n);
/// Exits with the fixture's error when `status` is a failure.
void requireFixture(int status, const char *what, const ratite_fixture *fixture);
/// A new fixture for `family` at `n` through `path`, or exits.
ratite_fixture *newFixture(const char *family, int64_t n, ratite_fixture_path path);
/// Runs one fixed workload for the instruction-count gate (--workload NAME, or list).
int runWorkload(const char *name);
/// Frees the built solvers the incremental solver benchmarks share (SolverBenchmarks.cpp).
void releaseBuiltSolvers();
/// Frees the built fixtures the resize benchmarks of the other entry points share.
void releaseBuiltFixtures();
/// Runs the registered benchmarks as Google Benchmark's main would, with what the suite
/// adds (Suite.cpp): `argv` holds Google Benchmark's flags and the driver's own.
int runSuite(int argc, char **argv);
} // namespace bench
