// The header must compile as C++17 (extern "C" guards, no C-only constructs).
#include <ratite.h>

static_assert(sizeof(ratite_variable) == 8, "ids are 64-bit");

extern "C++" int ratite_cpp_smoke() {
    ratite_solver *solver = nullptr;
    if (ratite_solver_new(&solver) != RATITE_OK) return 1;
    ratite_solver_free(solver);
    return 0;
}
