// Registration of the benchmark groups.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bench {
void registerSolverBenchmarks(const std::vector<int64_t> &sizes);
void registerEngineBenchmarks(const std::vector<int64_t> &sizes);
void registerVFLBenchmarks();
/// The sizes among `sizes` that `benchmark` ("family/operation") runs at: a family may stop
/// early (SizeLimits.cpp says where and why).
std::vector<int64_t> sizesFor(const std::string &benchmark, const std::vector<int64_t> &sizes);
/// The sizes past the usual limit measured by one single run (one iteration, no repetitions).
std::vector<int64_t> singleRunSizesFor(const std::string &benchmark, const std::vector<int64_t> &sizes);
/// Says on stderr which benchmarks stop before the largest of `sizes`, and why.
void reportSizeLimits(const std::vector<int64_t> &sizes);
/// Builds one system and reports memory per constraint (for --memory).
int measureMemory(const char *family, int64_t n);
/// Runs one fixed workload for the instruction-count gate (--workload NAME, or list).
int runWorkload(const char *name);
} // namespace bench
