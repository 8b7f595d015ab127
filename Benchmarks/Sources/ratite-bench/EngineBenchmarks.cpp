// Whole-engine benchmarks: the form family (rows of label and text field laid out with VFL)
// built and laid out again after a width change, and VFL parsing throughput.
#include "Benchmarks.hpp"
#include "Systems.hpp"

#include <benchmark/benchmark.h>

#include <cstring>
#include <string>

namespace bench {

static void require(ratite_status status, const char *what, ratite_engine *engine) {
    if (status == RATITE_OK) return;
    std::fprintf(stderr, "ratite-bench: %s failed: %s: %s\n", what, ratite_status_string(status),
                 ratite_engine_last_error(engine));
    std::exit(2);
}

static void formBuild(benchmark::State &state) {
    ratite_solver_statistics last{};
    for (auto _ : state) {
        state.PauseTiming();
        ratite_engine *engine = nullptr;
        bench::require(ratite_engine_new(&engine), "engine_new");
        ratite_item root;
        state.ResumeTiming();
        require(ratite_engine_build_form(engine, state.range(0), &root), "build_form", engine);
        require(ratite_engine_layout(engine), "layout", engine);
        state.PauseTiming();
        require(ratite_engine_statistics_get(engine, &last), "statistics", engine);
        ratite_engine_free(engine);
        state.ResumeTiming();
    }
    state.counters["constraints"] = static_cast<double>(last.constraints);
    state.counters["rows"] = static_cast<double>(last.rows);
    state.counters["cells"] = static_cast<double>(last.cells);
    state.counters["per_constraint"] = benchmark::Counter(
        static_cast<double>(last.constraints), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.SetComplexityN(state.range(0));
}

static void formLayout(benchmark::State &state) {
    ratite_engine *engine = nullptr;
    bench::require(ratite_engine_new(&engine), "engine_new");
    ratite_item root;
    int64_t n = state.range(0);
    require(ratite_engine_build_form(engine, n, &root), "build_form", engine);
    require(ratite_engine_layout(engine), "layout", engine);
    ratite_solver_statistics before, after;
    require(ratite_engine_statistics_get(engine, &before), "statistics", engine);
    double height = 40.0 + 38.0 * static_cast<double>(n);
    bool flip = false;
    size_t moved = 0;
    for (auto _ : state) {
        require(ratite_engine_item_set_size(engine, root, flip ? 360 : 320, height), "set_size", engine);
        require(ratite_engine_layout(engine), "layout", engine);
        const ratite_item *items;
        size_t count;
        ratite_engine_changed_items(engine, &items, &count);
        moved += count;
        flip = !flip;
    }
    require(ratite_engine_statistics_get(engine, &after), "statistics", engine);
    double iterations = static_cast<double>(state.iterations());
    state.counters["constraints"] = static_cast<double>(after.constraints);
    state.counters["pivots/op"] = static_cast<double>(after.pivots - before.pivots) / iterations;
    state.counters["touched/op"] = static_cast<double>(after.values_recomputed - before.values_recomputed) / iterations;
    state.counters["moved/op"] = static_cast<double>(moved) / iterations;
    state.SetComplexityN(n);
    ratite_engine_free(engine);
}

void registerEngineBenchmarks(const std::vector<int64_t> &sizes) {
    registerAtSizes("form/build", formBuild, sizes);
    registerAtSizes("form/layout", formLayout, sizes);
}

/// Formats from Apple's Visual Format Language guide and typical app layouts.
static const char *const mixedFormats[] = {
    "[button]-[textField]",
    "[button(>=50)]",
    "|-50-[orchidBox]-50-|",
    "V:[topField]-10-[bottomField]",
    "[maroonView][oceanView]",
    "[button(100@20)]",
    "[button1(==button2)]",
    "[flexibleButton(>=70,<=100)]",
    "|-[find]-[findNext]-[findField(>=20)]-|",
    "H:|-[label]-[field]-|",
    "V:|-20-[label]-8-[field(==label)]-(>=20)-|",
    "|-(==8@750)-[button1(>=60)]-[button2(==button1)]-(8)-|",
};

static const char *const viewNames[] = {
    "button", "textField", "orchidBox", "topField", "bottomField", "maroonView", "oceanView", "button1",
    "button2", "flexibleButton", "find", "findNext", "findField", "label", "field",
};

static ratite_engine *vflEngine() {
    ratite_engine *engine = nullptr;
    bench::require(ratite_engine_new(&engine), "engine_new");
    ratite_item root;
    require(ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root), "root", engine);
    for (const char *name : viewNames) {
        ratite_item item;
        require(ratite_engine_view_add(engine, name, std::strlen(name), root, &item), "view_add", engine);
    }
    return engine;
}

/// Runs the mixed formats through `parse` (which writes the constraint count), counting
/// bytes, strings and constraints.
template <typename Parse> static void vflMixThrough(benchmark::State &state, Parse parse) {
    ratite_engine *engine = vflEngine();
    size_t bytes = 0, strings = 0, constraints = 0;
    for (auto _ : state) {
        for (const char *format : mixedFormats) {
            size_t length = std::strlen(format), count = 0;
            parse(engine, format, length, &count);
            bytes += length;
            strings += 1;
            constraints += count;
        }
    }
    state.SetBytesProcessed(static_cast<int64_t>(bytes));
    state.SetItemsProcessed(static_cast<int64_t>(strings));
    state.counters["constraints/string"] = static_cast<double>(constraints) / static_cast<double>(strings);
    ratite_engine_free(engine);
}

static void vflMix(benchmark::State &state) {
    vflMixThrough(state, [](ratite_engine *engine, const char *format, size_t length, size_t *count) {
        require(ratite_engine_vfl_check(engine, format, length, nullptr, 0, nullptr, 0, 0, count), "vfl_check", engine);
    });
}

/// The mix again, through ratite_engine_vfl_parse: the same parser, names matched as bytes,
/// the constraints written as plain records.
static void vflMixParse(benchmark::State &state) {
    ratite_vfl_constraint out[16];
    vflMixThrough(state, [&out](ratite_engine *engine, const char *format, size_t length, size_t *count) {
        require(ratite_engine_vfl_parse(engine, format, length, nullptr, 0, nullptr, 0, 0, out, 16, count), "vfl_parse", engine);
        benchmark::DoNotOptimize(out);
    });
}

/// The target: `|-[find]-[findNext]-[findField(>=20)]-|` with bound views into
/// constraint records, through ratite_engine_vfl_parse (under 1 µs is the goal).
static void vflFindRow(benchmark::State &state) {
    ratite_engine *engine = vflEngine();
    const char *format = "|-[find]-[findNext]-[findField(>=20)]-|";
    size_t length = std::strlen(format);
    ratite_view_binding views[3] = {{"find", 4, 0}, {"findNext", 8, 0}, {"findField", 9, 0}};
    for (ratite_view_binding &v : views) require(ratite_engine_item_find(engine, v.name, v.name_length, &v.item), "find", engine);
    ratite_vfl_constraint out[8];
    for (auto _ : state) {
        size_t count = 0;
        require(ratite_engine_vfl_parse(engine, format, length, nullptr, 0, views, 3, 0, out, 8, &count), "vfl_parse", engine);
        benchmark::DoNotOptimize(out);
        benchmark::DoNotOptimize(count);
    }
    state.SetItemsProcessed(state.iterations());
    ratite_engine_free(engine);
}

void registerVFLBenchmarks() {
    benchmark::RegisterBenchmark("vfl/mix", vflMix)->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark("vfl/mix_parse", vflMixParse)->Unit(benchmark::kNanosecond);
    benchmark::RegisterBenchmark("vfl/find_row", vflFindRow)->Unit(benchmark::kNanosecond);
}

} // namespace bench
