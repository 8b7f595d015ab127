// Where a family stops: the largest N each benchmark is registered at, with the reason.
// The issue allows stopping early only when a single run would exceed a minute; the tree
// limit is measured past that line, the grid one estimated from its growth (the figures are
// in the README's benchmark section).
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
// the per-row W constraint pivots, so cells grow as N^1.5 and one build takes 0.42 s at
// N = 1k and an estimated minute or more at N = 10k (every grid benchmark builds first).
// Shuffled, the same build makes ten times the pivots: 13 s at N = 1k (23 s under load).
// Tree: building is fine (0.4 s at N = 10k), but the incremental benchmarks start by adding
// the root's edit variables, and on a built tree that costs about N/2 degenerate pivots with
// quadratic fill-in: 3.3 s at N = 1k, 233 s and 6.5 GB at N = 4k (`ratite generate tree
// --n 4000 > t.txt && ratite solve t.txt --timing`). A defect, not a limit of the method.
static const char *const treeEdits =
    "adding the root's edit variables to a built tree takes 233 s at N=4k (degenerate pivots, fill-in)";
static const SizeLimit limits[] = {
    {"tree/resize", 1000, treeEdits},
    {"tree/add_remove", 1000, treeEdits},
    {"tree/constant", 1000, treeEdits},
    {"grid/build_shuffled", 1000, "one build takes 13 s at N=1k and grows as N^2 or faster (fill-in)"},
    {"grid/", 1000, "one build takes 0.42 s at N=1k with 65 cells per row growing as sqrt(N) (chained positions fill in): estimated over a minute at N=10k"},
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
