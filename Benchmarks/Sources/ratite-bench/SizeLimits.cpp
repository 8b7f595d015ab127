// Where a family stops: the largest N each benchmark is registered at, with the reason.
// The issue allows stopping early only when a single run would exceed a minute; the grid
// limit is estimated from its growth (the figures are in the README's benchmark section).
#include "Benchmarks.hpp"

#include <cstdio>
#include <cstring>

namespace bench {

struct SizeLimit {
    const char *benchmark; // prefix: "grid/" covers every grid benchmark
    int64_t largest;       // measured as usual (repetitions, medians) up to here
    int64_t once;          // and by one single run up to here (0: not at all)
    const char *why;
};

// Grid: the chained positions' dummy symbols spread into every weak row of a grid row when
// the per-row W constraint pivots, so cells grow as N^1.5: one build takes 0.38 s at
// N = 1k, 8.1 s at 4k and 42 s (1.3 GB) at 10k, an estimated 20 minutes at 100k. At 10k a
// build stays under the minute, so grid/build runs there once (no repetitions) and
// the incremental benchmarks run as usual on a system built once (see builtWithEdits).
// Shuffled, the same build takes 3x longer (1.8 s at N = 1k; 13 s before rows that already
// hold stopped pivoting), so an estimated 100 s or more at 10k.
static const SizeLimit limits[] = {
    {"grid/build_shuffled", 1000, 0, "one build takes 1.8 s at N=1k, 3x the ordered build: an estimated 100 s or more at N=10k (fill-in)"},
    {"grid/build", 1000, 10000, "one build takes 42 s at N=10k, cells per row growing as sqrt(N) (chained positions fill in)"},
    {"grid/", 10000, 0, "building the system takes 42 s at N=10k and grows as N^1.5 (an estimated 20 min at 100k)"},
};

static const SizeLimit *limitFor(const std::string &benchmark) {
    for (const SizeLimit &l : limits) {
        if (benchmark.compare(0, std::strlen(l.benchmark), l.benchmark) == 0) return &l;
    }
    return nullptr;
}

std::vector<int64_t> sizesFor(const std::string &benchmark, const std::vector<int64_t> &sizes) {
    const SizeLimit *l = limitFor(benchmark);
    std::vector<int64_t> measured;
    for (int64_t n : sizes) {
        if (l == nullptr || n <= l->largest) measured.push_back(n);
    }
    return measured;
}

std::vector<int64_t> singleRunSizesFor(const std::string &benchmark, const std::vector<int64_t> &sizes) {
    const SizeLimit *l = limitFor(benchmark);
    std::vector<int64_t> once;
    for (int64_t n : sizes) {
        if (l != nullptr && n > l->largest && n <= l->once) once.push_back(n);
    }
    return once;
}

void reportSizeLimits(const std::vector<int64_t> &sizes) {
    int64_t largestAsked = 0;
    for (int64_t n : sizes) largestAsked = n > largestAsked ? n : largestAsked;
    for (const SizeLimit &l : limits) {
        if (largestAsked <= l.largest) continue;
        if (l.once > l.largest) {
            std::fprintf(stderr, "ratite-bench: %s runs once above N=%lld and stops at N=%lld: %s\n", l.benchmark,
                         static_cast<long long>(l.largest), static_cast<long long>(l.once), l.why);
        } else {
            std::fprintf(stderr, "ratite-bench: %s stops at N=%lld: %s\n", l.benchmark,
                         static_cast<long long>(l.largest), l.why);
        }
    }
}

} // namespace bench
