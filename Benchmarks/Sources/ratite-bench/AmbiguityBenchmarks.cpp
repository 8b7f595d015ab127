// The ambiguity report on its hard case: one VFL row of N views, each wishing for a width
// of 10 at priority 500, in a root 20N wide. The extra 10N can go to any view, so every
// width and every position but the first is ambiguous; each position's explicit form sums
// the widths before it. `row/layout` builds and lays the row out, `row/ambiguity` reports on
// the laid-out row: the report should cost no more than the layout, within a small factor.
#include "Benchmarks.hpp"

#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

namespace bench {

static void require(ratite_status status, const char *what, ratite_engine *engine) {
    if (status == RATITE_OK) return;
    std::fprintf(stderr, "ratite-bench: %s failed: %s: %s\n", what, ratite_status_string(status),
                 engine ? ratite_engine_last_error(engine) : "");
    std::exit(2);
}

void buildAmbiguousRow(ratite_engine *engine, int64_t n) {
    ratite_item root;
    require(ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root), "view_add", engine);
    require(ratite_engine_item_set_size(engine, root, 20.0 * static_cast<double>(n), 100), "set_size", engine);
    std::string format = "H:|";
    for (int64_t i = 0; i < n; i++) {
        std::string name = "v" + std::to_string(i);
        ratite_item item;
        require(ratite_engine_view_add(engine, name.data(), name.size(), root, &item), "view_add", engine);
        format += "[" + name + "(10@500)]";
    }
    format += "|";
    size_t count = 0;
    require(ratite_engine_vfl_check(engine, format.data(), format.size(), nullptr, 0, nullptr, 0, 0, &count),
            "vfl_check", engine);
    std::vector<ratite_layout_constraint> ids(count);
    require(ratite_engine_vfl(engine, format.data(), format.size(), nullptr, 0, nullptr, 0, 0, ids.data(), count,
                              &count),
            "vfl", engine);
    require(ratite_engine_layout(engine), "layout", engine);
}

static void rowLayout(benchmark::State &state) {
    for (auto _ : state) {
        ratite_engine *engine = nullptr;
        require(ratite_engine_new(&engine), "engine_new", nullptr);
        buildAmbiguousRow(engine, state.range(0));
        state.PauseTiming();
        ratite_engine_free(engine);
        state.ResumeTiming();
    }
    state.SetComplexityN(state.range(0));
}

static void rowAmbiguity(benchmark::State &state) {
    ratite_engine *engine = nullptr;
    require(ratite_engine_new(&engine), "engine_new", nullptr);
    buildAmbiguousRow(engine, state.range(0));
    size_t entries = 0;
    for (auto _ : state) {
        char *text = nullptr;
        require(ratite_engine_ambiguity_report(engine, &text), "ambiguity_report", engine);
        entries = 0;
        for (char *p = text; *p; p++) entries += *p == '\n';
        ratite_string_free(text);
    }
    // One line per entry under a heading: 4N - 1 entries.
    state.counters["entries"] = static_cast<double>(entries - 1);
    state.SetComplexityN(state.range(0));
    ratite_engine_free(engine);
}

void registerAmbiguityBenchmarks() {
    for (auto body : {std::make_pair("row/layout", rowLayout), std::make_pair("row/ambiguity", rowAmbiguity)}) {
        benchmark::RegisterBenchmark(body.first, body.second)
            ->Arg(1000)
            ->Arg(8000)
            ->Complexity()
            ->Unit(benchmark::kMillisecond);
    }
}

} // namespace bench
