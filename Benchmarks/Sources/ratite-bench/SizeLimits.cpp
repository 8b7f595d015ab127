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

// Grid, shuffled: the build pivots (1.8k pivots at 10k, up to 348 in one addition), each
// phase-one pivot rewriting every row that holds a grid row's width; one addition's rewrites
// stay in the cell pool and the undo journal until it ends (a rollback needs them). Time and
// memory grow superlinearly: 0.07 s at 1k, 1.6-2.1 s and 176 MB at 10k, 9.4-13 s and 1.4 GB
// at 30k (one run each, busy host), so about 100 s and 14 GB at 100k. In generation order
// the grid builds in about 1.2 µs per constraint at every size. The incremental benchmarks
// run at every size.
static const SizeLimit limits[] = {
    {"grid/build_shuffled", 1000, 30000,
     "one build takes about 2 s and 176 MB at N=10k, 9-13 s and 1.4 GB at N=30k (an addition's phase-one pivots rewrite every row holding a grid row's width): an estimated 100 s and 14 GB at N=100k"},
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
