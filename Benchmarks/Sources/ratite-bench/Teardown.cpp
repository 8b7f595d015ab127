// Taking a whole generated system down (--teardown): build it in generation order, then
// remove every constraint oldest first, newest first and in the benchmark's seeded shuffle,
// each from a fresh build. A one-off measurement, not part of the suite: removal of a
// whole system is quadratic on the grid (each removal rewrites the rows its bundles sit
// in), which would put single runs of the suite past a minute. Each line also gives the
// largest tableau seen along the way (sampled 64 times, outside the timing), which is how
// the bundles' fill-in showed: a 32 x 32 grid went from 55k cells to 444k.
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>

namespace bench {

namespace {

double seconds(std::chrono::steady_clock::duration d) { return std::chrono::duration<double>(d).count(); }

} // namespace

int measureTeardown(const char *family, int64_t n) {
    const Family *f = solverFamily(family);
    if (!f) {
        std::fprintf(stderr, "ratite-bench: unknown family '%s' (chain, grid, tree, random)\n", family);
        return 64;
    }
    Prepared &p = prepared(f->id, n);
    const char *orders[] = {"oldest first", "newest first", "shuffled"};
    for (int order = 0; order < 3; order++) {
        Built built;
        createVariables(built, p);
        addConstraints(built, p.inOrder);
        ratite_solver_statistics before = statistics(built.solver);
        uint64_t peakCells = before.cells;
        size_t sampleEvery = p.constraintCount / 64 + 1;
        std::chrono::steady_clock::duration elapsed{};
        auto start = std::chrono::steady_clock::now();
        for (size_t k = 0; k < p.constraintCount; k++) {
            size_t i = order == 0 ? k : order == 1 ? p.constraintCount - 1 - k : p.shuffled[k];
            require(ratite_solver_constraint_remove(built.solver, built.constraints[i]), "constraint_remove",
                    built.solver);
            if (k % sampleEvery == 0) {
                auto now = std::chrono::steady_clock::now();
                elapsed += now - start;
                peakCells = std::max(peakCells, statistics(built.solver).cells);
                start = std::chrono::steady_clock::now();
            }
        }
        elapsed += std::chrono::steady_clock::now() - start;
        ratite_solver_statistics after = statistics(built.solver);
        double count = static_cast<double>(p.constraintCount);
        double time = seconds(elapsed);
        std::printf("%s %lld, %zu constraints removed %s: %.3f s, %.2f us a constraint, %.2f pivots and %.1f "
                    "substitutions a removal, at most %llu cells (%llu built)\n",
                    family, static_cast<long long>(n), p.constraintCount, orders[order], time, time / count * 1e6,
                    static_cast<double>(after.pivots - before.pivots) / count,
                    static_cast<double>(after.substitutions - before.substitutions) / count,
                    static_cast<unsigned long long>(peakCells), static_cast<unsigned long long>(before.cells));
    }
    return 0;
}

} // namespace bench
