// Where a family stops: the largest N each benchmark is registered at, with the reason.
// The issue allows stopping early only when a single run would exceed a minute; the grid
// limit is estimated from its growth (the figures are in the README's benchmark section).
#include "Benchmarks.hpp"

#include <cstdio>
#include <cstring>

namespace bench {

struct SizeLimit {
    const char *benchmark; // prefix: "grid/" covers every grid benchmark
    int64_t largest;
    const char *why;
};

// Grid: the chained positions' dummy symbols spread into every weak row of a grid row when
// the per-row W constraint pivots, so cells grow as N^1.5 and one build takes 0.38 s at
// N = 1k, 8.1 s at N = 4k and an estimated minute or more at N = 10k (every grid benchmark
// builds first). Shuffled, the same build makes ten times the pivots.
static const SizeLimit limits[] = {
    {"grid/build_shuffled", 1000, "one build takes 13 s at N=1k and grows as N^2 or faster (fill-in)"},
    {"grid/", 1000, "one build takes 8.1 s at N=4k with cells per row growing as sqrt(N) (chained positions fill in): estimated over a minute at N=10k"},
};

std::vector<int64_t> sizesFor(const std::string &benchmark, const std::vector<int64_t> &sizes) {
    int64_t largest = INT64_MAX;
    for (const SizeLimit &l : limits) {
        if (benchmark.compare(0, std::strlen(l.benchmark), l.benchmark) == 0) {
            largest = l.largest;
            break;
        }
    }
    std::vector<int64_t> measured;
    for (int64_t n : sizes) {
        if (n <= largest) measured.push_back(n);
    }
    return measured;
}

void reportSizeLimits(const std::vector<int64_t> &sizes) {
    int64_t largestAsked = 0;
    for (int64_t n : sizes) largestAsked = n > largestAsked ? n : largestAsked;
    for (const SizeLimit &l : limits) {
        if (largestAsked > l.largest) {
            std::fprintf(stderr, "ratite-bench: %s stops at N=%lld: %s\n", l.benchmark,
                         static_cast<long long>(l.largest), l.why);
        }
    }
}

} // namespace bench
