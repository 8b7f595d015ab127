// Registration of the benchmark groups.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bench {
void registerSolverBenchmarks(const std::vector<int64_t> &sizes);
void registerEngineBenchmarks(const std::vector<int64_t> &sizes);
void registerVFLBenchmarks();
/// Builds one system and reports memory per constraint (for --memory).
int measureMemory(const char *family, int64_t n);
/// Runs one fixed workload for the instruction-count gate (--workload NAME, or list).
int runWorkload(const char *name);
} // namespace bench
