// ratite-bench: Google Benchmark driver for Ratite, through ratite.h.
//
//   ratite-bench [--sizes=100,1000,10000] [--progress] [--max-rss-mb=N] [Google Benchmark flags]
//                                       the suite (Suite.cpp: progress, memory, test knob)
//   ratite-bench --memory FAMILY N      build once and report bytes per constraint
//   ratite-bench --teardown FAMILY N    build, then remove every constraint (three orders)
//   ratite-bench --workload NAME        one fixed workload, for the instruction-count gate
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <malloc.h>
#include <string>
#include <sys/resource.h>
#include <unistd.h>

namespace bench {

/// Bytes the allocator has handed out and not taken back (glibc).
static long heapInUse() {
    struct mallinfo2 info = mallinfo2();
    return static_cast<long>(info.uordblks + info.hblkhd);
}

/// Gives the heap's free pages back to the system. Preparing the input (generating the
/// system, listing its constraints) frees blocks whose pages stay resident; a build that
/// reused them would look smaller than it is.
static void returnFreedPages() { malloc_trim(0); }

/// Resident set size now, from /proc.
static long currentRSS() {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return resident * sysconf(_SC_PAGESIZE);
}

/// Prints what a build left resident, per constraint: `before` and `heapBefore` were taken
/// just before it started.
static void reportMemory(const char *family, int64_t n, const ratite_solver_statistics &s, long before, long heapBefore) {
    long after = currentRSS(), heapAfter = heapInUse();
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    double count = static_cast<double>(s.constraints);
    std::printf("family %s n %lld constraints %llu rows %llu cells %llu\n", family, static_cast<long long>(n),
                static_cast<unsigned long long>(s.constraints), static_cast<unsigned long long>(s.rows),
                static_cast<unsigned long long>(s.cells));
    // Whatever was in memory before the build (a generated system) is not the build's, so its
    // own peak is the run's peak less the resident size at the start of the build.
    long peak = usage.ru_maxrss * 1024 - before;
    std::printf("build rss %ld bytes, %.1f bytes per constraint; heap in use %.1f bytes per constraint; "
                "peak rss during the build %.1f bytes per constraint; max rss of the run %ld kB\n",
                after - before, static_cast<double>(after - before) / count,
                static_cast<double>(heapAfter - heapBefore) / count, static_cast<double>(peak) / count, usage.ru_maxrss);
}

int measureMemory(const char *family, int64_t n) {
    if (std::strcmp(family, "form") == 0) {
        // The whole engine: items, layout constraints and the VFL that writes them, then a
        // layout pass.
        ratite_engine *engine = nullptr;
        require(ratite_engine_new(&engine), "engine_new");
        returnFreedPages();
        long before = currentRSS(), heapBefore = heapInUse();
        ratite_item root;
        require(ratite_engine_build_form(engine, n, &root), "build_form");
        require(ratite_engine_layout(engine), "layout");
        ratite_solver_statistics s;
        require(ratite_engine_statistics_get(engine, &s), "statistics");
        reportMemory(family, n, s, before, heapBefore);
        return 0;
    }
    const Family *f = solverFamily(family);
    if (!f) {
        std::fprintf(stderr, "ratite-bench: unknown family '%s' (chain, grid, tree, random, form)\n", family);
        return 64;
    }
    Prepared &p = prepared(f->id, n);
    returnFreedPages();
    long before = currentRSS(), heapBefore = heapInUse();
    Built built;
    createVariables(built, p);
    addConstraints(built, p.inOrder);
    reportMemory(family, n, statistics(built.solver), before, heapBefore);
    return 0;
}

} // namespace bench

int main(int argc, char **argv) {
    if (argc == 3 && std::strcmp(argv[1], "--workload") == 0) return bench::runWorkload(argv[2]);
    if (argc == 4 && std::strcmp(argv[1], "--memory") == 0) {
        return bench::measureMemory(argv[2], std::strtoll(argv[3], nullptr, 10));
    }
    if (argc == 4 && std::strcmp(argv[1], "--teardown") == 0) {
        return bench::measureTeardown(argv[2], std::strtoll(argv[3], nullptr, 10));
    }
    std::vector<int64_t> sizes = {100, 1000, 10000};
    std::vector<char *> rest;
    for (int i = 0; i < argc; i++) {
        if (std::strncmp(argv[i], "--sizes=", 8) == 0) {
            sizes.clear();
            for (char *p = argv[i] + 8; *p;) {
                sizes.push_back(std::strtoll(p, &p, 10));
                if (*p == ',') p++;
                else if (*p) {
                    std::fprintf(stderr, "ratite-bench: bad --sizes list\n");
                    return 64;
                }
            }
        } else {
            rest.push_back(argv[i]);
        }
    }
    bench::registerSolverBenchmarks(sizes);
    bench::registerEngineBenchmarks(sizes);
    bench::registerVFLBenchmarks();
    bench::registerAmbiguityBenchmarks();
    bench::registerPathBenchmarks(sizes);
    return bench::runSuite(static_cast<int>(rest.size()), rest.data());
}
