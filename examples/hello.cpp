// hello.cpp: examples/hello.c in C++. The same recipe (a label and a text field in a row, as
// in examples/label-field.layout) through the same C interface, ratite.h, which declares
// its functions extern "C": the engine owned by a std::unique_ptr, names as std::string,
// VFL's ids in a std::vector sized by the capacity protocol, failures thrown. It prints the
// same frames as hello.c.
//
//   c++ -std=c++17 hello.cpp $(pkg-config --cflags --libs ratite) -o hello-cpp && ./hello-cpp
//
// or with CMake: find_package(Ratite 0.2 CONFIG REQUIRED) and
// target_link_libraries(hello-cpp PRIVATE Ratite::ratite).
#include <ratite.h>

#include <cstdint>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

struct EngineFree {
    void operator()(ratite_engine *engine) const { ratite_engine_free(engine); }
};
using Engine = std::unique_ptr<ratite_engine, EngineFree>;

// Throws on any status but RATITE_OK, with the engine's message.
void check(const Engine &engine, ratite_status status, const std::string &what) {
    if (status == RATITE_OK) return;
    std::string message = what + ": " + ratite_status_string(status);
    if (engine) message += std::string(": ") + ratite_engine_last_error(engine.get());
    throw std::runtime_error(message);
}

Engine make_engine() {
    ratite_engine *raw = nullptr;
    check(Engine(), ratite_engine_new(&raw), "engine");
    return Engine(raw);
}

ratite_item add_view(const Engine &engine, const std::string &name, ratite_item parent) {
    ratite_item item = RATITE_NO_ITEM;
    check(engine, ratite_engine_view_add(engine.get(), name.data(), name.size(), parent, &item), name);
    return item;
}

// Activates a format's constraints (every view by its own name) and returns their ids: asks
// how many there will be, then makes room.
std::vector<ratite_layout_constraint> vfl(const Engine &engine, const std::string &format, std::uint32_t options) {
    std::size_t needed = 0;
    ratite_status status = ratite_engine_vfl(engine.get(), format.data(), format.size(), nullptr, 0, nullptr, 0,
                                             options, nullptr, 0, &needed);
    std::vector<ratite_layout_constraint> ids;
    if (status == RATITE_ERROR_PARSE) throw std::runtime_error(ratite_engine_last_error_rendering(engine.get()));
    if (status == RATITE_OK) return ids;
    if (status != RATITE_ERROR_INVALID_ARGUMENT) check(engine, status, format);
    ids.resize(needed);
    std::size_t count = 0;
    check(engine, ratite_engine_vfl(engine.get(), format.data(), format.size(), nullptr, 0, nullptr, 0, options,
                                    ids.data(), ids.size(), &count), format);
    ids.resize(count);
    return ids;
}

}  // namespace

int main() {
    try {
        Engine engine = make_engine();
        check(engine, ratite_engine_set_platform(engine.get(), RATITE_PLATFORM_IOS), "platform");
        ratite_item root = add_view(engine, "root", RATITE_NO_ITEM);
        check(engine, ratite_engine_item_set_size(engine.get(), root, 320, 480), "size");
        // A top layout guide: the 20-point status bar.
        const double status_bar[4] = {0, 0, 460, 0};
        ratite_item guide = RATITE_NO_ITEM;
        check(engine, ratite_engine_guide_add(engine.get(), "top", 3, root, status_bar, &guide), "guide");
        ratite_item label = add_view(engine, "label", root);
        ratite_item field = add_view(engine, "field", root);
        check(engine, ratite_engine_item_set_intrinsic_size(engine.get(), label, 42, 21), "label size");
        check(engine, ratite_engine_item_set_hugging(engine.get(), label, RATITE_AXIS_HORIZONTAL, 251), "hugging");
        check(engine, ratite_engine_item_set_baseline_offsets(engine.get(), label, 17, 4), "label baseline");
        check(engine, ratite_engine_item_set_intrinsic_size(engine.get(), field, 97, 30), "field size");
        check(engine, ratite_engine_item_set_baseline_offsets(engine.get(), field, 21, 9), "field baseline");

        vfl(engine, "H:|-[label]-[field]-|", RATITE_VFL_ALIGN_ALL_LAST_BASELINE);
        vfl(engine, "V:[top]-20-[field]", 0);
        check(engine, ratite_engine_layout(engine.get()), "layout");

        const std::pair<const char *, ratite_item> items[] = {
            {"root", root}, {"top", guide}, {"label", label}, {"field", field}};
        for (const auto &[name, item] : items) {
            ratite_frame f;
            check(engine, ratite_engine_item_frame(engine.get(), item, &f), name);
            std::cout << name << ": " << f.x << ' ' << f.y << ' ' << f.width << ' ' << f.height << '\n';
        }
    } catch (const std::exception &error) {
        std::cerr << error.what() << '\n';
        return 1;
    }
    return 0;
}
