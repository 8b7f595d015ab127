// Taking a whole generated system down (--teardown): build it in generation order, then
// remove every constraint oldest first, newest first and in the benchmark's seeded shuffle,
// each from a fresh build. A one-off measurement, not part of the suite: removal of a
// whole system is quadratic on the grid (its LP rows fill in as it comes apart), which
// would put single runs of the suite past a minute.
#include "Benchmarks.hpp"
#include "Systems.hpp"

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
        auto start = std::chrono::steady_clock::now();
        for (size_t k = 0; k < p.constraintCount; k++) {
            size_t i = order == 0 ? k : order == 1 ? p.constraintCount - 1 - k : p.shuffled[k];
            require(ratite_solver_constraint_remove(built.solver, built.constraints[i]), "constraint_remove",
                    built.solver);
        }
        double elapsed = seconds(std::chrono::steady_clock::now() - start);
        ratite_solver_statistics after = statistics(built.solver);
        double count = static_cast<double>(p.constraintCount);
        std::printf("%s %lld, %zu constraints removed %s: %.3f s, %.2f us a constraint, %.2f pivots and %.1f "
                    "substitutions a removal\n",
                    family, static_cast<long long>(n), p.constraintCount, orders[order], elapsed,
                    elapsed / count * 1e6, static_cast<double>(after.pivots - before.pivots) / count,
                    static_cast<double>(after.substitutions - before.substitutions) / count);
    }
    return 0;
}

} // namespace bench
