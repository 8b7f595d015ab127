// The header compiles as C++17 (extern "C" guards, no C-only constructs) and is usable from
// C++: handles in std::unique_ptr, names from std::string, id buffers in std::vector. ratite.h
// comes first and alone; the fixtures' header (generated systems) after it, checked the same
// way.
#include <ratite.h>

#if defined(RATITE_FIXTURES_H) || defined(RATITE_FAMILY_CHAIN)
#error "ratite.h declares the benchmark fixtures: they belong in ratite_fixtures.h"
#endif

#include <ratite_fixtures.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "test_support.h"

static_assert(sizeof(ratite_variable) == 8, "ids are 64-bit");
static_assert(std::is_same<ratite_status, std::int32_t>::value, "statuses are int32_t");
static_assert(std::is_same<ratite_item, ratite_layout_constraint>::value, "ids are all uint64_t");
static_assert(std::is_standard_layout<ratite_frame>::value && sizeof(ratite_frame) == 4 * sizeof(double),
              "a frame is four doubles");
static_assert(std::is_trivially_copyable<ratite_solver_statistics>::value, "statistics are plain data");
static_assert(RATITE_NO_ITEM == 0, "no item is 0");
static_assert(RATITE_VERSION_MAJOR >= 0 && RATITE_VERSION_MINOR >= 0 && RATITE_VERSION_PATCH >= 0, "version macros");

namespace {

struct SolverFree {
    void operator()(ratite_solver *s) const { ratite_solver_free(s); }
};
struct EngineFree {
    void operator()(ratite_engine *e) const { ratite_engine_free(e); }
};
struct SystemFree {
    void operator()(ratite_system *s) const { ratite_system_free(s); }
};
struct StringFree {
    void operator()(char *s) const { ratite_string_free(s); }
};
using Solver = std::unique_ptr<ratite_solver, SolverFree>;
using Engine = std::unique_ptr<ratite_engine, EngineFree>;
using System = std::unique_ptr<ratite_system, SystemFree>;
using OwnedString = std::unique_ptr<char, StringFree>;

Solver make_solver() {
    ratite_solver *raw = nullptr;
    CHECK_STATUS(ratite_solver_new(&raw), RATITE_OK);
    return Solver(raw);
}

Engine make_engine() {
    ratite_engine *raw = nullptr;
    CHECK_STATUS(ratite_engine_new(&raw), RATITE_OK);
    return Engine(raw);
}

ratite_item add_view(ratite_engine *e, const std::string &name, ratite_item parent) {
    ratite_item item = 0;
    CHECK_STATUS(ratite_engine_view_add(e, name.data(), name.size(), parent, &item), RATITE_OK);
    return item;
}

// VFL with the capacity protocol: ask how many ids there will be, then make room.
std::vector<ratite_layout_constraint> vfl(ratite_engine *e, const std::string &format,
                                          const std::vector<ratite_view_binding> &views,
                                          const std::vector<ratite_metric> &metrics, std::uint32_t options) {
    std::size_t needed = 0;
    ratite_status status = ratite_engine_vfl(e, format.data(), format.size(), metrics.data(), metrics.size(),
                                             views.data(), views.size(), options, nullptr, 0, &needed);
    std::vector<ratite_layout_constraint> ids;
    if (status == RATITE_OK) return ids;
    CHECK_STATUS(status, RATITE_ERROR_INVALID_ARGUMENT);
    ids.resize(needed);
    std::size_t count = 0;
    CHECK_STATUS(ratite_engine_vfl(e, format.data(), format.size(), metrics.data(), metrics.size(), views.data(),
                                   views.size(), options, ids.data(), ids.size(), &count),
                 RATITE_OK);
    CHECK(count == needed);
    return ids;
}

void solver_from_cpp() {
    Solver solver = make_solver();
    const std::string name = "width";
    ratite_variable width = 0;
    CHECK_STATUS(ratite_solver_variable_new(solver.get(), name.data(), name.size(), &width), RATITE_OK);
    for (const char *line : {"width >= 100", "width == 50 @strong", "height == width / 2"}) {
        const std::string text = line;
        ratite_constraint c = 0;
        CHECK_STATUS(ratite_solver_constraint_parse(solver.get(), text.data(), text.size(), &c), RATITE_OK);
    }
    std::size_t changed = 0;
    CHECK_STATUS(ratite_solver_update(solver.get(), &changed), RATITE_OK);
    CHECK(changed == 2);
    double value = 0;
    CHECK_STATUS(ratite_solver_variable_value(solver.get(), width, &value), RATITE_OK);
    CHECK(value == 100.0);
    ratite_variable height = 0;
    CHECK_STATUS(ratite_solver_variable_find(solver.get(), "height", 6, &height), RATITE_OK);
    CHECK_STATUS(ratite_solver_variable_value(solver.get(), height, &value), RATITE_OK);
    CHECK(value == 50.0);

    // Both values in one call, and the changed list, from C++ containers.
    const std::vector<ratite_variable> both = {width, height};
    std::vector<double> values(both.size(), 0.0);
    CHECK_STATUS(ratite_solver_variable_values(solver.get(), both.data(), both.size(), values.data()), RATITE_OK);
    CHECK(values[0] == 100.0 && values[1] == 50.0);
    const ratite_variable *moved = nullptr;
    std::size_t moved_count = 0;
    CHECK_STATUS(ratite_solver_changed_variables(solver.get(), &moved, &moved_count), RATITE_OK);
    CHECK(moved_count == 2 && RATITE_ID_SLOT(moved[0]) != RATITE_ID_SLOT(moved[1]));

    const char *raw_name = nullptr;
    std::size_t length = 0;
    CHECK_STATUS(ratite_solver_variable_name(solver.get(), height, &raw_name, &length), RATITE_OK);
    CHECK(std::string(raw_name, length) == "height");

    char *raw_dump = nullptr;
    CHECK_STATUS(ratite_solver_dump(solver.get(), &raw_dump), RATITE_OK);
    OwnedString dump(raw_dump);
    CHECK(std::string(dump.get()).find("Constraints\n") != std::string::npos);

    // Terms from a std::vector; a conflict read back into one.
    std::vector<ratite_term> terms{{width, 1.0}};
    ratite_constraint c = 0;
    CHECK_STATUS(ratite_solver_constraint_add(solver.get(), terms.data(), terms.size(), -10.0,
                                              RATITE_RELATION_LESS_OR_EQUAL, RATITE_PRIORITY_REQUIRED, &c),
                 RATITE_ERROR_UNSATISFIABLE);
    const ratite_constraint *ids = nullptr;
    std::size_t count = 0;
    CHECK_STATUS(ratite_solver_last_conflict(solver.get(), &ids, &count), RATITE_OK);
    std::vector<ratite_constraint> conflict(ids, ids + count);
    CHECK(conflict.size() == 2 && conflict.back() == 0);
    CHECK(std::string(ratite_solver_last_error(solver.get())).find("unsatisfiable") != std::string::npos);
}

void engine_from_cpp() {
    Engine engine = make_engine();
    ratite_engine *e = engine.get();
    ratite_item root = add_view(e, "root", RATITE_NO_ITEM);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 320, 480), RATITE_OK);
    ratite_item label = add_view(e, "label", root);
    ratite_item field = add_view(e, "field", root);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, label, 42, 21), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, label, RATITE_AXIS_HORIZONTAL, 251), RATITE_OK);
    const std::string label_name = "l", field_name = "f", gap_name = "gap";
    std::vector<ratite_view_binding> views{{label_name.data(), label_name.size(), label},
                                           {field_name.data(), field_name.size(), field}};
    std::vector<ratite_metric> metrics{{gap_name.data(), gap_name.size(), 12.0}};
    std::vector<ratite_layout_constraint> row = vfl(e, "H:|-gap-[l]-gap-[f]-gap-|", views, metrics, 0);
    CHECK(row.size() == 3);
    std::vector<ratite_layout_constraint> column = vfl(e, "V:|-[l(==21)]-[f(==l)]", views, metrics, 0);
    CHECK(column.size() == 4);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    /* V:|- pins to the root's top margin (8) on iOS, the default platform. */
    CHECK_FRAME(e, label, 12, 8, 42, 21);
    CHECK_FRAME(e, field, 66, 37, 242, 21);
    const ratite_item *changed = nullptr;
    std::size_t count = 0;
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    std::vector<ratite_item> moved(changed, changed + count);
    CHECK(moved.size() == 3);

    // A parse error, rendered.
    std::size_t needed = 0;
    const std::string bad = "H:[l]-[nobody]";
    CHECK_STATUS(ratite_engine_vfl(e, bad.data(), bad.size(), nullptr, 0, views.data(), views.size(), 0, nullptr, 0,
                                   &needed),
                 RATITE_ERROR_PARSE);
    CHECK(std::string(ratite_engine_last_error_rendering(e)) ==
          "nobody is not a key in the views dictionary.\nH:[l]-[nobody]\n             ^");

    char *raw = nullptr;
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &raw), RATITE_OK);
    OwnedString report(raw);
    CHECK(std::string(report.get()).empty());
}

void system_from_cpp() {
    ratite_system *raw = nullptr;
    CHECK_STATUS(ratite_system_generate(RATITE_FAMILY_TREE, 5, 0, &raw), RATITE_OK);
    System system(raw);
    CHECK(ratite_system_variable_count(system.get()) == 20);
    ratite_system_constraint c{};
    CHECK_STATUS(ratite_system_constraint_get(system.get(), 0, &c), RATITE_OK);
    CHECK(c.count == 1 && c.variables[0] == 0 && c.relation == RATITE_RELATION_EQUAL);
    char *text = nullptr;
    CHECK_STATUS(ratite_system_text(system.get(), &text), RATITE_OK);
    OwnedString owned(text);
    CHECK(std::string(owned.get()).rfind("x0 == 0\n", 0) == 0);
    std::int32_t major = -1, minor = -1, patch = -1;
    const std::string version = ratite_version(&major, &minor, &patch);
    CHECK(version == std::to_string(major) + "." + std::to_string(minor) + "." + std::to_string(patch));
    CHECK(std::string(ratite_status_string(RATITE_ERROR_PARSE)) == "parse error");
}

} // namespace

extern "C" void run_cpp_tests(void) {
    solver_from_cpp();
    engine_from_cpp();
    system_from_cpp();
}
