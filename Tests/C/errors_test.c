/* The contract of the C interface: every misuse reachable from C is a status code, never a
 * crash; outputs are untouched on failure and so is the handle. NULL handles and pointers,
 * foreign, stale and made-up ids, out-of-range enums, NaN and infinity, bad UTF-8, names
 * with NUL bytes, strings that are not NUL-terminated, huge and negative counts. The
 * fixtures (ratite_fixtures.h) keep the same contract and are checked here too. */
#include <ratite.h>
#include <ratite_fixtures.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include "test_support.h"

#define SENTINEL_I32 ((int32_t)-559038737)
#define SENTINEL_DOUBLE (-12345.678)
#define NONE RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE)

/* ---- snapshots: a text describing everything observable about a handle ---- */

struct text {
    char *data;
    size_t length, capacity;
};

static void append(struct text *t, const char *format, ...) {
    va_list args;
    va_start(args, format);
    char piece[512];
    int n = vsnprintf(piece, sizeof piece, format, args);
    va_end(args);
    if (n < 0) return;
    size_t add = (size_t)n < sizeof piece ? (size_t)n : sizeof piece - 1;
    if (t->length + add + 1 > t->capacity) {
        size_t capacity = (t->capacity + add + 1) * 2;
        char *grown = (char *)realloc(t->data, capacity);
        if (!grown) return;
        t->data = grown;
        t->capacity = capacity;
    }
    memcpy(t->data + t->length, piece, add);
    t->length += add;
    t->data[t->length] = '\0';
}

static void append_long(struct text *t, const char *label, char *owned) {
    append(t, "%s:\n", label);
    if (owned) {
        for (const char *p = owned; *p; p += strlen(p) < 400 ? strlen(p) : 400) append(t, "%.400s", p);
        ratite_string_free(owned);
    }
    append(t, "\n");
}

/* Solver state: the dump, the counts and the values of the given variables. */
static char *solver_state(ratite_solver *s, const ratite_variable *vars, size_t n) {
    struct text t = {NULL, 0, 0};
    char *dump = NULL;
    CHECK_STATUS(ratite_solver_dump(s, &dump), RATITE_OK);
    strip_transient(dump);
    append_long(&t, "dump", dump);
    ratite_solver_statistics st;
    CHECK_STATUS(ratite_solver_statistics_get(s, &st), RATITE_OK);
    append(&t, "constraints %llu variables %llu\n", (unsigned long long)st.constraints,
           (unsigned long long)st.variables);
    CHECK_STATUS(ratite_solver_update(s, NULL), RATITE_OK);
    for (size_t i = 0; i < n; i++) {
        double v = NAN;
        ratite_status status = ratite_solver_variable_value(s, vars[i], &v);
        int32_t edit = -1;
        ratite_solver_edit_has(s, vars[i], &edit);
        append(&t, "var %zu: %d %.17g edit %d\n", i, (int)status, v, (int)edit);
    }
    return t.data;
}

/* Engine state after a layout: frames and ambiguity of the items, counts, reports. */
static char *engine_state(ratite_engine *e, const ratite_item *items, size_t n) {
    struct text t = {NULL, 0, 0};
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    for (size_t i = 0; i < n; i++) {
        ratite_frame f = {NAN, NAN, NAN, NAN};
        ratite_status status = ratite_engine_item_frame(e, items[i], &f);
        int32_t ambiguous = -1;
        ratite_engine_item_is_ambiguous(e, items[i], &ambiguous);
        append(&t, "item %zu: %d %.17g %.17g %.17g %.17g ambiguous %d\n", i, (int)status, f.x, f.y, f.width, f.height,
               (int)ambiguous);
    }
    ratite_solver_statistics st;
    CHECK_STATUS(ratite_engine_statistics_get(e, &st), RATITE_OK);
    append(&t, "constraints %llu variables %llu\n", (unsigned long long)st.constraints,
           (unsigned long long)st.variables);
    char *report = NULL;
    CHECK_STATUS(ratite_engine_conflict_report(e, &report), RATITE_OK);
    append_long(&t, "conflicts", report);
    report = NULL;
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &report), RATITE_OK);
    append_long(&t, "ambiguity", report);
    return t.data;
}

static void check_same_state(char *before, char *after, const char *what, int line) {
    test_checks++;
    if (before && after && strcmp(before, after) == 0) {
        free(before);
        free(after);
        return;
    }
    fprintf(stderr, "%s:%d: check failed: the state changed after %s\n--- before\n%s--- after\n%s", __FILE__, line,
            what, before ? before : "(null)", after ? after : "(null)");
    test_failures++;
    free(before);
    free(after);
}

/* ---- fixtures ---- */

struct solver_fixture {
    ratite_solver *s;
    ratite_variable vars[4]; /* x, y, e, unused */
    ratite_constraint c1, c2, c3;
};

static ratite_status parse_into(ratite_solver *s, const char *text, ratite_constraint *out) {
    return ratite_solver_constraint_parse(s, text, strlen(text), out);
}

static void solver_fixture(struct solver_fixture *f) {
    CHECK_STATUS(ratite_solver_new(&f->s), RATITE_OK);
    const char *names[4] = {"x", "y", "e", "unused"};
    for (size_t i = 0; i < 4; i++)
        CHECK_STATUS(ratite_solver_variable_new(f->s, names[i], strlen(names[i]), &f->vars[i]), RATITE_OK);
    CHECK_STATUS(parse_into(f->s, "x >= 10", &f->c1), RATITE_OK);
    CHECK_STATUS(parse_into(f->s, "x + y == 30", &f->c2), RATITE_OK);
    CHECK_STATUS(parse_into(f->s, "y == 0 @weak", &f->c3), RATITE_OK);
    CHECK_STATUS(ratite_solver_edit_add(f->s, f->vars[2], RATITE_PRIORITY_STRONG), RATITE_OK);
    CHECK_STATUS(ratite_solver_suggest(f->s, f->vars[2], 5), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(f->s, NULL), RATITE_OK);
}

#define SOLVER_STATE(f) solver_state((f)->s, (f)->vars, 4)
#define SAME_SOLVER(f, before, what) check_same_state((before), SOLVER_STATE(f), (what), __LINE__)

struct engine_fixture {
    ratite_engine *e;
    ratite_item items[5]; /* root, a, b, g, free view c */
    ratite_layout_constraint c1, c2;
};

static void engine_fixture(struct engine_fixture *f, int strict) {
    CHECK_STATUS(ratite_engine_new(&f->e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(f->e, strict), RATITE_OK);
    ratite_item *it = f->items;
    CHECK_STATUS(ratite_engine_view_add(f->e, "root", 4, RATITE_NO_ITEM, &it[0]), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(f->e, it[0], 200, 100), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(f->e, "a", 1, it[0], &it[1]), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(f->e, "b", 1, it[0], &it[2]), RATITE_OK);
    const double insets[4] = {1, 2, 3, 4};
    CHECK_STATUS(ratite_engine_guide_add(f->e, "g", 1, it[0], insets, &it[3]), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(f->e, "c", 1, it[0], &it[4]), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(f->e, it[1], A(LEFT), EQ, it[0], A(LEFT), 1, 10, 1000, NULL, 0, &f->c1),
                 RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(f->e, it[1], A(WIDTH), EQ, NONE, 1, 50, 1000, "w", 1, &f->c2), RATITE_OK);
    ratite_layout_constraint ids[8];
    size_t count = 0;
    const char *vertical = "V:|-20-[a(==20)]-[b(==a)]";
    CHECK_STATUS(ratite_engine_vfl(f->e, vertical, strlen(vertical), NULL, 0, NULL, 0, 0, ids, 8, &count), RATITE_OK);
    const char *horizontal = "H:[a]-[b(==a)]";
    CHECK_STATUS(ratite_engine_vfl(f->e, horizontal, strlen(horizontal), NULL, 0, NULL, 0, 0, ids, 8, &count),
                 RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(f->e, it[4], 30, 40), RATITE_OK);
    CHECK_STATUS(ratite_engine_layout(f->e), RATITE_OK);
}

#define ENGINE_STATE(f) engine_state((f)->e, (f)->items, 5)
#define SAME_ENGINE(f, before, what) check_same_state((before), ENGINE_STATE(f), (what), __LINE__)

/* ---- NULL handles ---- */

static void test_null_handles(void) {
    CHECK_STATUS(ratite_solver_new(NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_solver_free(NULL);
    CHECK(ratite_solver_last_error(NULL) == NULL);
    const ratite_constraint *ids = (const ratite_constraint *)(void *)&test_checks;
    size_t count = SENTINEL_SIZE;
    ratite_variable v = SENTINEL_ID;
    ratite_constraint c = SENTINEL_ID;
    int32_t flag = SENTINEL_I32;
    double d = SENTINEL_DOUBLE;
    const char *name = "untouched";
    size_t length = SENTINEL_SIZE;
    char *text = (char *)"untouched";
    ratite_term term = {1, 1};
    ratite_solver_statistics st;
    memset(&st, 0x5A, sizeof st);
    ratite_solver_statistics st_copy = st;
    CHECK_STATUS(ratite_solver_last_conflict(NULL, &ids, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_new(NULL, "x", 1, &v), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_free(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_find(NULL, "x", 1, &v), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_value(NULL, 1, &d), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_name(NULL, 1, &name, &length), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_add(NULL, &term, 1, 0, EQ, 1000, &c), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_parse(NULL, "x == 1", 6, &c), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_remove(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_has(NULL, 1, &flag), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_set_constant(NULL, 1, 0), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_set_priority(NULL, 1, 500), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_edit_add(NULL, 1, 500), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_edit_remove(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_edit_has(NULL, 1, &flag), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_suggest(NULL, 1, 0), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_update(NULL, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_update(NULL, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_reset(NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_dump(NULL, &text), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_statistics_get(NULL, &st), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(ids == (const ratite_constraint *)(void *)&test_checks && count == SENTINEL_SIZE);
    CHECK(v == SENTINEL_ID && c == SENTINEL_ID && flag == SENTINEL_I32 && d == SENTINEL_DOUBLE);
    CHECK(strcmp(name, "untouched") == 0 && length == SENTINEL_SIZE && strcmp(text, "untouched") == 0);
    CHECK(memcmp(&st, &st_copy, sizeof st) == 0);

    ratite_engine *engine = (ratite_engine *)(void *)&test_checks;
    CHECK_STATUS(ratite_engine_new(NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(engine == (ratite_engine *)(void *)&test_checks);
    ratite_engine_free(NULL);
    CHECK(ratite_engine_last_error(NULL) == NULL);
    CHECK(ratite_engine_last_error_rendering(NULL) == NULL);
    ratite_item item = SENTINEL_ID;
    ratite_layout_constraint lc = SENTINEL_ID;
    ratite_frame frame = {1, 2, 3, 4};
    const ratite_item *items = (const ratite_item *)(void *)&test_checks;
    const double insets[4] = {0, 0, 0, 0};
    CHECK_STATUS(ratite_engine_last_error_offset(NULL, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_set_strict(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_view_add(NULL, "v", 1, RATITE_NO_ITEM, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_guide_add(NULL, "g", 1, 1, insets, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_find(NULL, "v", 1, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(NULL, 1, 1, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(NULL, 1, 1, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_hugging(NULL, 1, RATITE_AXIS_HORIZONTAL, 500), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_compression(NULL, 1, RATITE_AXIS_VERTICAL, 500), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_margins(NULL, 1, 1, 1, 1, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(NULL, 1, 1, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_clear_baselines(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_direction(NULL, 1, RATITE_DIRECTION_LEFT_TO_RIGHT), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(NULL, 1, &frame, 0), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_frame(NULL, 1, &frame), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_is_ambiguous(NULL, 1, &flag), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_add(NULL, 1, A(WIDTH), EQ, NONE, 1, 1, 1000, NULL, 0, &lc),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_activate(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_deactivate(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_remove(NULL, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_set_constant(NULL, 1, 1), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_set_priority(NULL, 1, 500), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_is_active(NULL, 1, &flag), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(NULL, "H:[a]", 5, NULL, 0, NULL, 0, 0, &lc, 1, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(NULL, "H:[a]", 5, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_layout(NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_changed_items(NULL, &items, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_conflict_report(NULL, &text), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_ambiguity_report(NULL, &text), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_build_form(NULL, 1, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_statistics_get(NULL, &st), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(item == SENTINEL_ID && lc == SENTINEL_ID && flag == SENTINEL_I32 && count == SENTINEL_SIZE);
    CHECK(frame.x == 1 && frame.y == 2 && frame.width == 3 && frame.height == 4);
    CHECK(items == (const ratite_item *)(void *)&test_checks && strcmp(text, "untouched") == 0);
    CHECK(memcmp(&st, &st_copy, sizeof st) == 0);

    ratite_system *system = (ratite_system *)(void *)&test_checks;
    CHECK_STATUS(ratite_system_generate(RATITE_FAMILY_CHAIN, 1, 0, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(system == (ratite_system *)(void *)&test_checks);
    ratite_system_free(NULL);
    CHECK(ratite_system_variable_count(NULL) == 0);
    CHECK(ratite_system_variable_name(NULL, 0) == NULL);
    CHECK(ratite_system_constraint_count(NULL) == 0);
    ratite_system_constraint sc;
    memset(&sc, 0x5A, sizeof sc);
    ratite_system_constraint sc_copy = sc;
    CHECK_STATUS(ratite_system_constraint_get(NULL, 0, &sc), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(memcmp(&sc, &sc_copy, sizeof sc) == 0);
    CHECK(ratite_system_edit_count(NULL) == 0);
    CHECK_STATUS(ratite_system_edit_get(NULL, 0, &flag, &d, &d, &d, &d), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(flag == SENTINEL_I32 && d == SENTINEL_DOUBLE);
    CHECK_STATUS(ratite_system_text(NULL, &text), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(strcmp(text, "untouched") == 0);
}

/* ---- NULL pointers with valid handles ---- */

static void test_null_pointers_solver(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    ratite_solver *s = f.s;
    ratite_variable x = f.vars[0];
    char *before = SOLVER_STATE(&f);
    const ratite_constraint *ids = NULL;
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_solver_last_conflict(s, NULL, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_last_conflict(s, &ids, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(count == SENTINEL_SIZE && ids == NULL);
    CHECK_STATUS(ratite_solver_variable_new(s, "fresh", 5, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_variable v = SENTINEL_ID;
    CHECK_STATUS(ratite_solver_variable_find(s, "fresh", 5, &v), RATITE_ERROR_UNKNOWN); /* not created */
    CHECK_STATUS(ratite_solver_variable_find(s, "x", 1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_value(s, x, NULL), RATITE_ERROR_NULL_ARGUMENT);
    const char *name = "untouched";
    size_t length = SENTINEL_SIZE;
    CHECK_STATUS(ratite_solver_variable_name(s, x, NULL, &length), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_name(s, x, &name, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(length == SENTINEL_SIZE && strcmp(name, "untouched") == 0);
    ratite_term terms[2] = {{x, 1}, {f.vars[1], 1}};
    CHECK_STATUS(ratite_solver_constraint_add(s, terms, 2, -1, EQ, 1000, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_constraint c = SENTINEL_ID;
    CHECK_STATUS(ratite_solver_constraint_add(s, NULL, 2, -1, EQ, 1000, &c), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_parse(s, "newvar == 1", 11, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_find(s, "newvar", 6, &v), RATITE_ERROR_UNKNOWN); /* not created */
    CHECK_STATUS(ratite_solver_constraint_parse(s, NULL, 6, &c), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_constraint_parse(s, NULL, 0, &c), RATITE_ERROR_PARSE); /* the empty text */
    CHECK_STATUS(ratite_solver_variable_new(s, NULL, 3, &v), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_find(s, NULL, 3, &v), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_variable_new(s, NULL, (size_t)INT32_MAX, &v), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(c == SENTINEL_ID && v == SENTINEL_ID);
    CHECK_STATUS(ratite_solver_constraint_has(s, f.c1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_edit_has(s, x, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_dump(s, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_solver_statistics_get(s, NULL), RATITE_ERROR_NULL_ARGUMENT);
    SAME_SOLVER(&f, before, "NULL outputs");
    ratite_solver_free(s);
}

static void test_null_pointers_engine(void) {
    struct engine_fixture f;
    engine_fixture(&f, 0);
    ratite_engine *e = f.e;
    ratite_item root = f.items[0], a = f.items[1];
    char *before = ENGINE_STATE(&f);
    ratite_item item = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_view_add(e, "v", 1, root, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_guide_add(e, "h", 1, root, NULL, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_find(e, "v", 1, &item), RATITE_ERROR_UNKNOWN); /* not created */
    CHECK_STATUS(ratite_engine_item_find(e, "h", 1, &item), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_item_find(e, "a", 1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_view_add(e, NULL, 2, root, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_guide_add(e, NULL, 2, root, NULL, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_find(e, NULL, 2, &item), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(item == SENTINEL_ID);
    CHECK_STATUS(ratite_engine_item_frame(e, a, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_is_ambiguous(e, a, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 1, 1000, NULL, 0, NULL),
                 RATITE_ERROR_NULL_ARGUMENT);
    ratite_layout_constraint lc = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 1, 1000, NULL, 4, &lc),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK(lc == SENTINEL_ID);
    CHECK_STATUS(ratite_engine_constraint_is_active(e, f.c1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    ratite_layout_constraint ids[4];
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a(==1)]", 10, NULL, 0, NULL, 0, 0, ids, 4, NULL), RATITE_ERROR_NULL_ARGUMENT);
    const ratite_item *items = NULL;
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_changed_items(e, NULL, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_changed_items(e, &items, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(items == NULL && count == SENTINEL_SIZE);
    CHECK_STATUS(ratite_engine_conflict_report(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_ambiguity_report(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_statistics_get(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_last_error_offset(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    SAME_ENGINE(&f, before, "NULL outputs");

    /* NULL is allowed where the header says so. */
    ratite_item guide = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "h", 1, root, NULL, &guide), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 20, 1000, NULL, 0, &lc), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, f.items[4], NULL, 0), RATITE_OK);
    int32_t major;
    CHECK(ratite_version(&major, NULL, NULL) != NULL);
    ratite_engine_free(e);

    ratite_engine *empty = NULL;
    CHECK_STATUS(ratite_engine_new(&empty), RATITE_OK);
    CHECK_STATUS(ratite_engine_build_form(empty, 1, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_find(empty, "root", 4, &item), RATITE_ERROR_UNKNOWN); /* nothing built */
    ratite_engine_free(empty);
}

/* ---- ids from elsewhere ---- */

static void test_foreign_ids_solver(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    ratite_solver *other = NULL;
    CHECK_STATUS(ratite_solver_new(&other), RATITE_OK);
    ratite_variable mine = 0;
    ratite_constraint my_c = 0;
    CHECK_STATUS(ratite_solver_variable_new(other, "mine", 4, &mine), RATITE_OK);
    CHECK_STATUS(parse_into(other, "mine == 3", &my_c), RATITE_OK);
    /* Ids issued for other handles, and made-up ones. */
    ratite_engine *engine = NULL;
    ratite_item item = 0;
    CHECK_STATUS(ratite_engine_new(&engine), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(engine, "v", 1, RATITE_NO_ITEM, &item), RATITE_OK);
    const uint64_t tag = f.vars[0] & ~(uint64_t)0xFFFFFFFF;
    const ratite_variable bad_vars[] = {
        mine, item, 0, ~(uint64_t)0, 1, tag | 0xFFFFFFFFu, tag | 1000, f.vars[0] | ((uint64_t)1 << 32),
        tag | 0x7FFFFFFF,
    };
    const ratite_constraint bad_constraints[] = {
        my_c, item, 0, ~(uint64_t)0, 1, tag | 0xFFFFFFFFu, tag | 1000, f.c1 | ((uint64_t)1 << 32),
    };
    char *before = SOLVER_STATE(&f);
    ratite_solver *s = f.s;
    for (size_t i = 0; i < sizeof bad_vars / sizeof bad_vars[0]; i++) {
        ratite_variable v = bad_vars[i];
        double d = SENTINEL_DOUBLE;
        const char *name = "untouched";
        size_t length = SENTINEL_SIZE;
        int32_t flag = SENTINEL_I32;
        ratite_constraint c = SENTINEL_ID;
        ratite_term terms[2] = {{f.vars[0], 1}, {v, 1}};
        CHECK_STATUS(ratite_solver_variable_value(s, v, &d), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_variable_name(s, v, &name, &length), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_variable_free(s, v), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_edit_add(s, v, 500), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_edit_remove(s, v), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_edit_has(s, v, &flag), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_suggest(s, v, 1), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_constraint_add(s, terms, 2, 0, EQ, 500, &c), RATITE_ERROR_UNKNOWN);
        CHECK(d == SENTINEL_DOUBLE && length == SENTINEL_SIZE && strcmp(name, "untouched") == 0);
        CHECK(flag == SENTINEL_I32 && c == SENTINEL_ID);
    }
    for (size_t i = 0; i < sizeof bad_constraints / sizeof bad_constraints[0]; i++) {
        ratite_constraint c = bad_constraints[i];
        int32_t has = SENTINEL_I32;
        CHECK_STATUS(ratite_solver_constraint_has(s, c, &has), RATITE_OK);
        CHECK(has == 0);
        CHECK_STATUS(ratite_solver_constraint_remove(s, c), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_constraint_set_constant(s, c, 1), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_solver_constraint_set_priority(s, c, 500), RATITE_ERROR_UNKNOWN);
    }
    SAME_SOLVER(&f, before, "foreign and made-up ids");
    /* The other solver did not notice either. */
    double d = 0;
    CHECK_STATUS(ratite_solver_update(other, NULL), RATITE_OK);
    CHECK_STATUS(ratite_solver_variable_value(other, mine, &d), RATITE_OK);
    CHECK(d == 3.0);

    /* Stale ids: a freed variable, a removed constraint. */
    ratite_variable unused = f.vars[3];
    CHECK_STATUS(ratite_solver_variable_free(s, unused), RATITE_OK);
    CHECK_STATUS(ratite_solver_constraint_remove(s, f.c3), RATITE_OK);
    before = SOLVER_STATE(&f);
    ratite_term stale_terms[1] = {{unused, 1}};
    ratite_constraint c = SENTINEL_ID;
    CHECK_STATUS(ratite_solver_constraint_add(s, stale_terms, 1, 0, EQ, 1000, &c), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_variable_value(s, unused, &d), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_edit_add(s, unused, 500), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_constraint_remove(s, f.c3), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_constraint_set_constant(s, f.c3, 0), RATITE_ERROR_UNKNOWN);
    /* New objects reuse the slots but not the ids. */
    ratite_variable again = 0;
    CHECK_STATUS(ratite_solver_variable_new(s, "again", 5, &again), RATITE_OK);
    CHECK(again != unused);
    CHECK_STATUS(ratite_solver_variable_value(s, unused, &d), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_variable_free(s, again), RATITE_OK);
    CHECK(c == SENTINEL_ID);
    check_same_state(before, SOLVER_STATE(&f), "stale ids", __LINE__);
    ratite_engine_free(engine);
    ratite_solver_free(other);
    ratite_solver_free(s);
}

/* The edit constraint the solver makes for an edit variable has a slot among the
 * constraints, but no id was ever issued for it: an id made up from a real one's handle
 * bits and that slot must be unknown like any other made-up id. */
static void test_made_up_id_of_an_edit_constraint(void) {
    ratite_solver *s = NULL;
    CHECK_STATUS(ratite_solver_new(&s), RATITE_OK);
    ratite_variable x = 0;
    CHECK_STATUS(ratite_solver_variable_new(s, "x", 1, &x), RATITE_OK);
    ratite_constraint first = 0, third = 0;
    CHECK_STATUS(parse_into(s, "x >= 0", &first), RATITE_OK);                 /* slot 0 */
    CHECK_STATUS(ratite_solver_edit_add(s, x, RATITE_PRIORITY_MEDIUM), RATITE_OK); /* slot 1, no id */
    CHECK_STATUS(parse_into(s, "x <= 100", &third), RATITE_OK);               /* slot 2 */
    CHECK_STATUS(ratite_solver_suggest(s, x, 20), RATITE_OK);
    ratite_variable vars[1] = {x};
    char *before = solver_state(s, vars, 1);
    const ratite_constraint made_up = (first & ~(uint64_t)0xFFFFFFFF) | 1;
    CHECK(made_up != first && made_up != third);
    int32_t has = SENTINEL_I32;
    CHECK_STATUS(ratite_solver_constraint_has(s, made_up, &has), RATITE_OK);
    CHECK(has == 0);
    CHECK_STATUS(ratite_solver_constraint_set_constant(s, made_up, -50), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_constraint_set_priority(s, made_up, RATITE_PRIORITY_REQUIRED), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_constraint_remove(s, made_up), RATITE_ERROR_UNKNOWN);
    check_same_state(before, solver_state(s, vars, 1), "an id made up for the edit constraint", __LINE__);
    ratite_solver_free(s);
}

/* Ids carry the handle they belong to: an id of a live solver must stay foreign to every
 * other solver, however many handles were created in between. */
static void test_ids_of_a_handle_created_much_later(void) {
    ratite_solver *a = NULL;
    CHECK_STATUS(ratite_solver_new(&a), RATITE_OK);
    ratite_variable xa = 0;
    CHECK_STATUS(ratite_solver_variable_new(a, "xa", 2, &xa), RATITE_OK);
    /* Create (and free) solvers until one issues ids with the same handle bits as a's, or
     * give up after more handles than 16 bits can tell apart. */
    ratite_solver *b = NULL;
    int handles = 0;
    for (; handles < 70000; handles++) {
        ratite_variable xb = 0;
        if (ratite_solver_new(&b) != RATITE_OK || ratite_solver_variable_new(b, "xb", 2, &xb) != RATITE_OK) break;
        if ((xb >> 48) == (xa >> 48)) break;
        ratite_solver_free(b);
        b = NULL;
    }
    if (b) {
        /* b is another live solver with one variable; xa is not one of its ids. */
        double d = SENTINEL_DOUBLE;
        ratite_status status = ratite_solver_variable_value(b, xa, &d);
        if (status != RATITE_ERROR_UNKNOWN)
            fprintf(stderr, "    a solver created %d handles later accepts the first solver's variable id\n",
                    handles + 1);
        CHECK_STATUS(status, RATITE_ERROR_UNKNOWN);
        CHECK(d == SENTINEL_DOUBLE);
        ratite_solver_free(b);
    }
    ratite_solver_free(a);
}

/* A removed constraint's id must stay unknown however often its slot is reused. */
static void test_stale_id_after_many_reuses(void) {
    if (test_quick_mode()) return;
    ratite_solver *s = NULL;
    CHECK_STATUS(ratite_solver_new(&s), RATITE_OK);
    ratite_variable x = 0;
    CHECK_STATUS(ratite_solver_variable_new(s, "x", 1, &x), RATITE_OK);
    ratite_term t[1] = {{x, 1}};
    ratite_constraint removed = 0, c = 0;
    CHECK_STATUS(ratite_solver_constraint_add(s, t, 1, -5, EQ, 1000, &removed), RATITE_OK);
    CHECK_STATUS(ratite_solver_constraint_remove(s, removed), RATITE_OK);
    int cycles = 0, failures = 0;
    for (; cycles < 70000; cycles++) {
        if (ratite_solver_constraint_add(s, t, 1, -7, EQ, 1000, &c) != RATITE_OK) failures++;
        if (c == removed) break;
        if (ratite_solver_constraint_remove(s, c) != RATITE_OK) failures++;
    }
    CHECK(failures == 0);
    CHECK(c != removed);
    if (c == removed)
        fprintf(stderr, "    after %d reuses of its slot a removed constraint's id is issued again\n", cycles);
    int32_t has = -1;
    CHECK_STATUS(ratite_solver_constraint_has(s, removed, &has), RATITE_OK);
    CHECK(has == 0);
    ratite_solver_free(s);
}

static void test_foreign_ids_engine(void) {
    struct engine_fixture f;
    engine_fixture(&f, 0);
    ratite_engine *e = f.e;
    struct engine_fixture g;
    engine_fixture(&g, 0);
    ratite_solver *solver = NULL;
    ratite_variable variable = 0;
    CHECK_STATUS(ratite_solver_new(&solver), RATITE_OK);
    CHECK_STATUS(ratite_solver_variable_new(solver, "v", 1, &variable), RATITE_OK);
    const uint64_t tag = f.items[0] & ~(uint64_t)0xFFFFFFFF;
    /* Items of another engine (same names, same positions), a solver variable, made-up ids. */
    const ratite_item bad_items[] = {
        g.items[0], g.items[1], variable, ~(uint64_t)0, 1, tag, tag | 1000, tag | 0xFFFFFFFFu,
        f.items[1] | ((uint64_t)1 << 32),
    };
    const ratite_layout_constraint bad_constraints[] = {
        g.c1, g.c2, variable, 0, ~(uint64_t)0, 1, tag | 1000, f.c1 | ((uint64_t)1 << 32),
    };
    char *before = ENGINE_STATE(&f);
    char *before_g = ENGINE_STATE(&g);
    ratite_item a = f.items[1];
    const ratite_frame frame = {0, 0, 10, 10};
    const double insets[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < sizeof bad_items / sizeof bad_items[0]; i++) {
        ratite_item x = bad_items[i];
        ratite_item out = SENTINEL_ID;
        ratite_layout_constraint lc = SENTINEL_ID;
        ratite_frame fr = {1, 2, 3, 4};
        int32_t flag = SENTINEL_I32;
        CHECK_STATUS(ratite_engine_view_add(e, "new", 3, x, &out), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_guide_add(e, "new", 3, x, insets, &out), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_size(e, x, 10, 10), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, x, 10, 10), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_hugging(e, x, RATITE_AXIS_HORIZONTAL, 500), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_compression(e, x, RATITE_AXIS_VERTICAL, 500), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_margins(e, x, 1, 1, 1, 1), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, x, 1, 1), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_clear_baselines(e, x), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_direction(e, x, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_set_autoresizing(e, x, &frame, 0), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_frame(e, x, &fr), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_item_is_ambiguous(e, x, &flag), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_add(e, x, A(WIDTH), EQ, NONE, 1, 5, 1000, NULL, 0, &lc),
                     RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, x, A(WIDTH), 1, 5, 1000, NULL, 0, &lc),
                     RATITE_ERROR_UNKNOWN);
        const ratite_view_binding binding[1] = {{"x", 1, x}};
        size_t count = SENTINEL_SIZE;
        CHECK_STATUS(ratite_engine_vfl(e, "H:[x(==5)]", 10, NULL, 0, binding, 1, 0, &lc, 1, &count),
                     RATITE_ERROR_UNKNOWN);
        CHECK(out == SENTINEL_ID && lc == SENTINEL_ID && flag == SENTINEL_I32 && count == SENTINEL_SIZE);
        CHECK(fr.x == 1 && fr.y == 2 && fr.width == 3 && fr.height == 4);
    }
    /* RATITE_NO_ITEM is not an item either, except as a parent or second item. */
    ratite_frame fr = {1, 2, 3, 4};
    CHECK_STATUS(ratite_engine_item_frame(e, RATITE_NO_ITEM, &fr), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_item_set_size(e, RATITE_NO_ITEM, 1, 1), RATITE_ERROR_UNKNOWN);
    ratite_layout_constraint lc = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, RATITE_NO_ITEM, A(WIDTH), EQ, NONE, 1, 5, 1000, NULL, 0, &lc),
                 RATITE_ERROR_UNKNOWN);
    CHECK(lc == SENTINEL_ID && fr.x == 1);
    for (size_t i = 0; i < sizeof bad_constraints / sizeof bad_constraints[0]; i++) {
        ratite_layout_constraint c = bad_constraints[i];
        int32_t flag = SENTINEL_I32;
        CHECK_STATUS(ratite_engine_constraint_activate(e, c), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_deactivate(e, c), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_set_constant(e, c, 1), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_set_priority(e, c, 500), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_is_active(e, c, &flag), RATITE_ERROR_UNKNOWN);
        CHECK_STATUS(ratite_engine_constraint_remove(e, c), RATITE_ERROR_UNKNOWN);
        CHECK(flag == SENTINEL_I32);
    }
    SAME_ENGINE(&f, before, "foreign and made-up ids");
    SAME_ENGINE(&g, before_g, "foreign ids used on another engine");
    /* Engine ids in the solver. */
    double d = SENTINEL_DOUBLE;
    CHECK_STATUS(ratite_solver_variable_value(solver, f.items[1], &d), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_constraint_remove(solver, f.c1), RATITE_ERROR_UNKNOWN);
    CHECK(d == SENTINEL_DOUBLE);

    /* A removed constraint's id. */
    CHECK_STATUS(ratite_engine_constraint_remove(e, f.c1), RATITE_OK);
    before = ENGINE_STATE(&f);
    int32_t flag = SENTINEL_I32;
    CHECK_STATUS(ratite_engine_constraint_activate(e, f.c1), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, f.c1, 3), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_is_active(e, f.c1, &flag), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_remove(e, f.c1), RATITE_ERROR_UNKNOWN);
    CHECK(flag == SENTINEL_I32);
    SAME_ENGINE(&f, before, "a removed constraint's id");
    ratite_solver_free(solver);
    ratite_engine_free(g.e);
    ratite_engine_free(e);
}

/* ---- enums out of range ---- */

static void test_enums(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    const ratite_relation relations[] = {-1, 3, 100, INT32_MAX, INT32_MIN};
    char *before = SOLVER_STATE(&f);
    for (size_t i = 0; i < sizeof relations / sizeof relations[0]; i++) {
        ratite_term t[1] = {{f.vars[0], 1}};
        ratite_constraint c = SENTINEL_ID;
        CHECK_STATUS(ratite_solver_constraint_add(f.s, t, 1, -1, relations[i], 1000, &c),
                     RATITE_ERROR_INVALID_ARGUMENT);
        CHECK(c == SENTINEL_ID);
    }
    CHECK_CONTAINS(ratite_solver_last_error(f.s), "unknown relation");
    SAME_SOLVER(&f, before, "bad relations");
    ratite_solver_free(f.s);

    struct engine_fixture g;
    engine_fixture(&g, 0);
    ratite_engine *e = g.e;
    ratite_item root = g.items[0], c = g.items[4];
    before = ENGINE_STATE(&g);
    ratite_layout_constraint lc = SENTINEL_ID;
    for (size_t i = 0; i < sizeof relations / sizeof relations[0]; i++)
        CHECK_STATUS(ratite_engine_constraint_add(e, c, A(LEFT), relations[i], root, A(LEFT), 1, 0, 1000, NULL, 0, &lc),
                     RATITE_ERROR_INVALID_ARGUMENT);
    const ratite_attribute attributes[] = {-1, 21, 22, 1000, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof attributes / sizeof attributes[0]; i++) {
        CHECK_STATUS(ratite_engine_constraint_add(e, c, attributes[i], EQ, root, A(LEFT), 1, 0, 1000, NULL, 0, &lc),
                     RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_constraint_add(e, c, A(LEFT), EQ, root, attributes[i], 1, 0, 1000, NULL, 0, &lc),
                     RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_constraint_add(e, c, attributes[i], EQ, NONE, 1, 0, 1000, NULL, 0, &lc),
                     RATITE_ERROR_INVALID_ARGUMENT);
    }
    CHECK(lc == SENTINEL_ID);
    const ratite_axis axes[] = {-1, 2, 3, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof axes / sizeof axes[0]; i++) {
        CHECK_STATUS(ratite_engine_item_set_hugging(e, c, axes[i], 500), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_item_set_compression(e, c, axes[i], 500), RATITE_ERROR_INVALID_ARGUMENT);
    }
    const ratite_direction directions[] = {-1, 3, 4, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof directions / sizeof directions[0]; i++)
        CHECK_STATUS(ratite_engine_item_set_direction(e, root, directions[i]), RATITE_ERROR_INVALID_ARGUMENT);
    const uint32_t masks[] = {1u << 6, 1u << 7, 1u << 31, 0xFFFFFFFFu, 0x40u | RATITE_AUTORESIZING_FLEXIBLE_WIDTH};
    const ratite_frame frame = {0, 0, 10, 10};
    for (size_t i = 0; i < sizeof masks / sizeof masks[0]; i++) {
        CHECK_STATUS(ratite_engine_item_set_autoresizing(e, c, &frame, masks[i]), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_item_set_autoresizing(e, c, NULL, masks[i]), RATITE_ERROR_INVALID_ARGUMENT);
    }
    ratite_layout_constraint ids[4] = {SENTINEL_ID, SENTINEL_ID, SENTINEL_ID, SENTINEL_ID};
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, "V:[a]-[c]", 9, NULL, 0, NULL, 0, 1u << 25, ids, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "V:[a]-[c]", 9, NULL, 0, NULL, 0, 1u << 25, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == SENTINEL_SIZE && ids[0] == SENTINEL_ID);
    SAME_ENGINE(&g, before, "bad enums");
    ratite_engine_free(e);

    ratite_system *system = (ratite_system *)(void *)&test_checks;
    const ratite_family families[] = {-1, 4, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof families / sizeof families[0]; i++)
        CHECK_STATUS(ratite_system_generate(families[i], 2, 0, &system), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(system == (ratite_system *)(void *)&test_checks);
}

/* ---- NaN and infinity ---- */

static void test_non_finite_solver(void) {
    const double bad[] = {NAN, INFINITY, -INFINITY};
    struct solver_fixture f;
    solver_fixture(&f);
    ratite_solver *s = f.s;
    char *before = SOLVER_STATE(&f);
    for (size_t i = 0; i < 3; i++) {
        double x = bad[i];
        ratite_constraint c = SENTINEL_ID;
        ratite_term good_then_bad[2] = {{f.vars[0], 1}, {f.vars[1], x}};
        ratite_term t[1] = {{f.vars[0], 1}};
        CHECK_STATUS(ratite_solver_constraint_add(s, good_then_bad, 2, 0, EQ, 500, &c), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_solver_constraint_add(s, t, 1, x, EQ, 500, &c), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_solver_constraint_add(s, t, 1, 0, EQ, x, &c), RATITE_ERROR_NON_FINITE);
        CHECK(c == SENTINEL_ID);
        CHECK_STATUS(ratite_solver_constraint_set_constant(s, f.c1, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_solver_constraint_set_priority(s, f.c3, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_solver_edit_add(s, f.vars[1], x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_solver_suggest(s, f.vars[2], x), RATITE_ERROR_NON_FINITE);
    }
    CHECK_CONTAINS(ratite_solver_last_error(s), "not finite");
    SAME_SOLVER(&f, before, "non-finite numbers");
    ratite_solver_free(s);
}

static void test_non_finite_engine(void) {
    const double bad[] = {NAN, INFINITY, -INFINITY};
    struct engine_fixture f;
    engine_fixture(&f, 0);
    ratite_engine *e = f.e;
    ratite_item root = f.items[0], a = f.items[1], c = f.items[4];
    char *before = ENGINE_STATE(&f);
    for (size_t i = 0; i < 3; i++) {
        double x = bad[i];
        ratite_item out = SENTINEL_ID;
        ratite_layout_constraint lc = SENTINEL_ID;
        CHECK_STATUS(ratite_engine_item_set_size(e, root, x, 10), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_size(e, root, 10, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, c, x, 10), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, c, 10, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_hugging(e, c, RATITE_AXIS_HORIZONTAL, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_compression(e, c, RATITE_AXIS_VERTICAL, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_margins(e, root, x, 1, 1, 1), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_margins(e, root, 1, x, 1, 1), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_margins(e, root, 1, 1, x, 1), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_margins(e, root, 1, 1, 1, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, x, 1), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, 1, x), RATITE_ERROR_NON_FINITE);
        for (int k = 0; k < 4; k++) {
            ratite_frame frame = {1, 1, 10, 10};
            double insets[4] = {0, 0, 0, 0};
            switch (k) {
            case 0: frame.x = x; break;
            case 1: frame.y = x; break;
            case 2: frame.width = x; break;
            default: frame.height = x; break;
            }
            insets[k] = x;
            CHECK_STATUS(ratite_engine_item_set_autoresizing(e, c, &frame, 0), RATITE_ERROR_NON_FINITE);
            CHECK_STATUS(ratite_engine_guide_add(e, "new", 3, root, insets, &out), RATITE_ERROR_NON_FINITE);
        }
        CHECK_STATUS(ratite_engine_constraint_add(e, c, A(WIDTH), EQ, a, A(WIDTH), x, 0, 1000, NULL, 0, &lc),
                     RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_constraint_add(e, c, A(WIDTH), EQ, a, A(WIDTH), 1, x, 1000, NULL, 0, &lc),
                     RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_constraint_add(e, c, A(WIDTH), EQ, a, A(WIDTH), 1, 0, x, NULL, 0, &lc),
                     RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_constraint_set_constant(e, f.c1, x), RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_constraint_set_priority(e, f.c2, x), RATITE_ERROR_NON_FINITE);
        const ratite_metric metric[1] = {{"m", 1, x}};
        size_t count = SENTINEL_SIZE;
        CHECK_STATUS(ratite_engine_vfl(e, "H:[c(==m)]", 10, metric, 1, NULL, 0, 0, &lc, 1, &count),
                     RATITE_ERROR_NON_FINITE);
        CHECK_STATUS(ratite_engine_vfl_check(e, "H:[c(==m)]", 10, metric, 1, NULL, 0, 0, &count),
                     RATITE_ERROR_NON_FINITE);
        CHECK(out == SENTINEL_ID && lc == SENTINEL_ID && count == SENTINEL_SIZE);
    }
    ratite_item created = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_find(e, "new", 3, &created), RATITE_ERROR_UNKNOWN);
    SAME_ENGINE(&f, before, "non-finite numbers");
    ratite_engine_free(e);
}

/* ---- strings ---- */

static const struct {
    const char *bytes;
    size_t length;
} not_utf8[] = {
    {"\xff", 1},             /* never valid */
    {"ab\xc3", 3},           /* truncated sequence */
    {"\xed\xa0\x80", 3},     /* a surrogate */
    {"\xc0\xaf", 2},         /* overlong */
    {"\xf8\x88\x80\x80\x80", 5}, /* five bytes */
    {"a\x80z", 3},           /* a stray continuation byte */
    {"\xf4\x90\x80\x80", 4}, /* above U+10FFFF */
};
#define NOT_UTF8_COUNT (sizeof not_utf8 / sizeof not_utf8[0])

static void test_strings_solver(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    ratite_solver *s = f.s;
    char *before = SOLVER_STATE(&f);
    for (size_t i = 0; i < NOT_UTF8_COUNT; i++) {
        ratite_variable v = SENTINEL_ID;
        ratite_constraint c = SENTINEL_ID;
        CHECK_STATUS(ratite_solver_variable_new(s, not_utf8[i].bytes, not_utf8[i].length, &v),
                     RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_solver_variable_find(s, not_utf8[i].bytes, not_utf8[i].length, &v),
                     RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_solver_constraint_parse(s, not_utf8[i].bytes, not_utf8[i].length, &c),
                     RATITE_ERROR_INVALID_UTF8);
        CHECK(v == SENTINEL_ID && c == SENTINEL_ID);
    }
    /* A NUL byte inside a name; inside constraint text it is just a bad character. */
    ratite_variable v = SENTINEL_ID;
    ratite_constraint c = SENTINEL_ID;
    CHECK_STATUS(ratite_solver_variable_new(s, "a\0b", 3, &v), RATITE_ERROR_INVALID_UTF8);
    CHECK_STR(ratite_solver_last_error(s), "name contains a NUL byte");
    CHECK_STATUS(ratite_solver_variable_new(s, "\0", 1, &v), RATITE_ERROR_INVALID_UTF8);
    CHECK_STATUS(ratite_solver_variable_find(s, "x\0", 2, &v), RATITE_ERROR_INVALID_UTF8);
    CHECK_STATUS(ratite_solver_constraint_parse(s, "x\0== 1", 6, &c), RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_solver_constraint_parse(s, "x == 1\0", 7, &c), RATITE_ERROR_PARSE);
    /* Lengths above INT32_MAX, including negative numbers converted to size_t. */
    const size_t huge[] = {(size_t)-1, (size_t)INT32_MAX + 1, (size_t)1 << 62};
    for (size_t i = 0; i < 3; i++) {
        CHECK_STATUS(ratite_solver_variable_new(s, "x", huge[i], &v), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_solver_variable_find(s, "x", huge[i], &v), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_solver_constraint_parse(s, "x == 1", huge[i], &c), RATITE_ERROR_INVALID_ARGUMENT);
        ratite_term t[1] = {{f.vars[0], 1}};
        CHECK_STATUS(ratite_solver_constraint_add(s, t, huge[i], 0, EQ, 1000, &c), RATITE_ERROR_INVALID_ARGUMENT);
    }
    CHECK(v == SENTINEL_ID && c == SENTINEL_ID);
    SAME_SOLVER(&f, before, "bad strings and lengths");

    /* Strings are pointer + length: what follows the length does not matter, even bytes
     * that are not UTF-8. */
    const char buffer[] = "xyzGARBAGE\xff";
    ratite_variable xyz = 0;
    CHECK_STATUS(ratite_solver_variable_new(s, buffer, 3, &xyz), RATITE_OK);
    const char *name = NULL;
    size_t length = 0;
    CHECK_STATUS(ratite_solver_variable_name(s, xyz, &name, &length), RATITE_OK);
    CHECK(length == 3 && strcmp(name, "xyz") == 0);
    ratite_variable found = 0;
    CHECK_STATUS(ratite_solver_variable_find(s, "xyz!!", 3, &found), RATITE_OK);
    CHECK(found == xyz);
    CHECK_STATUS(ratite_solver_variable_find(s, buffer, 4, &found), RATITE_ERROR_UNKNOWN);
    const char text[] = "xyz == 5 + \xff";
    CHECK_STATUS(ratite_solver_constraint_parse(s, text, 8, &c), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(s, NULL), RATITE_OK);
    double d = 0;
    CHECK_STATUS(ratite_solver_variable_value(s, xyz, &d), RATITE_OK);
    CHECK(d == 5.0);
    ratite_solver_free(s);
}

static void test_strings_engine(void) {
    struct engine_fixture f;
    engine_fixture(&f, 0);
    ratite_engine *e = f.e;
    ratite_item root = f.items[0], a = f.items[1];
    char *before = ENGINE_STATE(&f);
    ratite_item out = SENTINEL_ID;
    ratite_layout_constraint lc = SENTINEL_ID;
    ratite_layout_constraint ids[4];
    size_t count = SENTINEL_SIZE;
    for (size_t i = 0; i < NOT_UTF8_COUNT; i++) {
        const char *bytes = not_utf8[i].bytes;
        size_t length = not_utf8[i].length;
        CHECK_STATUS(ratite_engine_view_add(e, bytes, length, root, &out), RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_engine_guide_add(e, bytes, length, root, NULL, &out), RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_engine_item_find(e, bytes, length, &out), RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 20, 1000, bytes, length, &lc),
                     RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_engine_vfl(e, bytes, length, NULL, 0, NULL, 0, 0, ids, 4, &count),
                     RATITE_ERROR_INVALID_UTF8);
        CHECK_STATUS(ratite_engine_vfl_check(e, bytes, length, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_INVALID_UTF8);
    }
    /* NUL bytes in names and identifiers. */
    CHECK_STATUS(ratite_engine_view_add(e, "a\0b", 3, root, &out), RATITE_ERROR_INVALID_UTF8);
    CHECK_STR(ratite_engine_last_error(e), "name contains a NUL byte");
    CHECK_STATUS(ratite_engine_guide_add(e, "g\0", 2, root, NULL, &out), RATITE_ERROR_INVALID_UTF8);
    CHECK_STATUS(ratite_engine_item_find(e, "a\0", 2, &out), RATITE_ERROR_INVALID_UTF8);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 20, 1000, "id\0x", 4, &lc),
                 RATITE_ERROR_INVALID_UTF8);
    /* Absurd lengths. */
    const size_t huge[] = {(size_t)-1, (size_t)INT32_MAX + 1};
    for (size_t i = 0; i < 2; i++) {
        CHECK_STATUS(ratite_engine_view_add(e, "v", huge[i], root, &out), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_guide_add(e, "v", huge[i], root, NULL, &out), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_item_find(e, "a", huge[i], &out), RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 20, 1000, "id", huge[i], &lc),
                     RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", huge[i], NULL, 0, NULL, 0, 0, ids, 4, &count),
                     RATITE_ERROR_INVALID_ARGUMENT);
        CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", huge[i], NULL, 0, NULL, 0, 0, &count),
                     RATITE_ERROR_INVALID_ARGUMENT);
    }
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 20, 1000, NULL, (size_t)INT32_MAX, &lc),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK(out == SENTINEL_ID && lc == SENTINEL_ID && count == SENTINEL_SIZE);
    SAME_ENGINE(&f, before, "bad strings and lengths");

    /* Not NUL-terminated: only `length` bytes count. */
    ratite_item v = 0;
    CHECK_STATUS(ratite_engine_view_add(e, "viewJUNK\xff", 4, root, &v), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_find(e, "view", 4, &out), RATITE_OK);
    CHECK(out == v);
    CHECK_STATUS(ratite_engine_item_find(e, "viewJUNK", 8, &out), RATITE_ERROR_UNKNOWN);
    ratite_item guide = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "guide\xc3", 5, root, NULL, &guide), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_find(e, "guide", 5, &out), RATITE_OK);
    CHECK(out == guide);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(HEIGHT), EQ, NONE, 1, 21, 1000, "tallJUNK", 4, &lc), RATITE_OK);
    char *report = NULL;
    CHECK_STATUS(ratite_engine_conflict_report(e, &report), RATITE_OK);
    CHECK_CONTAINS(report, "'tall' a.height == 21");
    ratite_string_free(report);
    const char format[] = "H:|[view(==12)]|JUNK";
    CHECK_STATUS(ratite_engine_vfl(e, format, 15, NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_OK);
    CHECK(count == 2);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    ratite_frame fr;
    CHECK_STATUS(ratite_engine_item_frame(e, v, &fr), RATITE_OK);
    CHECK(fr.x == 0 && fr.width == 12);
    ratite_engine_free(e);
}

/* ---- failures in strict mode leave the engine as it was ---- */

/* Content size: the old hugging and compression constraints of an axis must survive a
 * failed change of the other axis. */
static void test_strict_intrinsic_size_failure(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = 0, v = 0;
    ratite_layout_constraint c;
    CHECK_STATUS(ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 200, 200), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "v", 1, root, &v), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(LEFT), EQ, root, A(LEFT), 1, 0, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(TOP), EQ, root, A(TOP), 1, 0, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(HEIGHT), EQ, NONE, 1, 20, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, v, 40, 20), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_compression(e, v, RATITE_AXIS_VERTICAL, 1000), RATITE_OK);
    ratite_item items[2] = {root, v};
    char *before = engine_state(e, items, 2);
    /* No width any more, and a required height >= 30 against height == 20. */
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, v, -1, 30), RATITE_ERROR_UNSATISFIABLE);
    check_same_state(before, engine_state(e, items, 2), "a failed intrinsic size change", __LINE__);
    /* Removing the intrinsic size altogether leaves nothing that determines the width. */
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, v, -1, -1), RATITE_OK);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    int32_t ambiguous = -1;
    CHECK_STATUS(ratite_engine_item_is_ambiguous(e, v, &ambiguous), RATITE_OK);
    CHECK(ambiguous == 1);
    ratite_solver_statistics st;
    CHECK_STATUS(ratite_engine_statistics_get(e, &st), RATITE_OK);
    CHECK(st.constraints == 4 + 3);
    ratite_engine_free(e);
}

/* Autoresizing: the old translated constraints must come back with a failed change, and
 * go away when translation stops. */
static void test_strict_autoresizing_failure(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = 0, v = 0;
    CHECK_STATUS(ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 100, 100), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "v", 1, root, &v), RATITE_OK);
    const ratite_frame f = {10, 10, 20, 20}, wider = {10, 10, 30, 30};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, v, &f, 0), RATITE_OK);
    ratite_layout_constraint width = 0, c = 0;
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(WIDTH), EQ, NONE, 1, 20, 1000, NULL, 0, &width), RATITE_OK);
    ratite_item items[2] = {root, v};
    char *before = engine_state(e, items, 2); /* lays out */
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, v, &wider, 0), RATITE_ERROR_UNSATISFIABLE);
    check_same_state(before, engine_state(e, items, 2), "a failed autoresizing change", __LINE__);
    CHECK_STATUS(ratite_engine_constraint_remove(e, width), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, v, NULL, 0), RATITE_OK);
    /* Nothing constrains v's width now. */
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(WIDTH), EQ, NONE, 1, 50, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    ratite_frame fr;
    CHECK_STATUS(ratite_engine_item_frame(e, v, &fr), RATITE_OK);
    CHECK(fr.width == 50);
    ratite_engine_free(e);
}

/* The same failure with changes not yet laid out (values out of date when it happens). */
static void test_strict_autoresizing_failure_before_layout(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = 0, v = 0;
    CHECK_STATUS(ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 100, 100), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "v", 1, root, &v), RATITE_OK);
    const ratite_frame f = {10, 10, 20, 20}, wider = {10, 10, 30, 30};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, v, &f, 0), RATITE_OK);
    ratite_layout_constraint width = 0;
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(WIDTH), EQ, NONE, 1, 20, 1000, NULL, 0, &width), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, v, &wider, 0), RATITE_ERROR_UNSATISFIABLE);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    ratite_frame fr;
    CHECK_STATUS(ratite_engine_item_frame(e, v, &fr), RATITE_OK);
    CHECK(fr.x == 10 && fr.y == 10 && fr.width == 20 && fr.height == 20);
    ratite_engine_free(e);
}

/* A root size change whose height fails must not keep the new width anywhere. */
static void test_strict_size_failure(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = 0, v = 0;
    ratite_layout_constraint c;
    CHECK_STATUS(ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 200, 200), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "v", 1, root, &v), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(TOP), EQ, root, A(TOP), 1, 0, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(HEIGHT), EQ, NONE, 1, 100, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, v, A(BOTTOM), LE, root, A(BOTTOM), 1, 0, 1000, NULL, 0, &c),
                 RATITE_OK);
    ratite_item items[2] = {root, v};
    char *before = engine_state(e, items, 2);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 300, 50), RATITE_ERROR_UNSATISFIABLE);
    check_same_state(before, engine_state(e, items, 2), "a failed size change", __LINE__);
    /* Re-applying the direction the root already has must not change its width. */
    before = engine_state(e, items, 2);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_LEFT_TO_RIGHT), RATITE_OK);
    check_same_state(before, engine_state(e, items, 2), "setting the direction after a failed size change", __LINE__);
    ratite_engine_free(e);
}

/* A direction change that cannot hold must leave every constraint as it was, installed. */
static void test_strict_direction_failure(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = 0, a = 0, b = 0;
    CHECK_STATUS(ratite_engine_view_add(e, "root", 4, RATITE_NO_ITEM, &root), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 200, 100), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "a", 1, root, &a), RATITE_OK);
    CHECK_STATUS(ratite_engine_view_add(e, "b", 1, root, &b), RATITE_OK);
    ratite_layout_constraint b_leading, a_leading, a_width, a_left, c;
    CHECK_STATUS(ratite_engine_constraint_add(e, b, A(LEADING), EQ, root, A(LEADING), 1, 0, 1000, NULL, 0, &b_leading),
                 RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(LEADING), EQ, root, A(LEADING), 1, 10, 1000, NULL, 0, &a_leading),
                 RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, NONE, 1, 50, 1000, NULL, 0, &a_width), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(LEFT), EQ, root, A(LEFT), 1, 10, 1000, NULL, 0, &a_left),
                 RATITE_OK);
    ratite_item items[3] = {root, a, b};
    char *before = engine_state(e, items, 3);
    /* Right to left, a's leading edge would be its right edge at 190: a.left 140 != 10. */
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_ERROR_UNSATISFIABLE);
    check_same_state(before, engine_state(e, items, 3), "a failed direction change", __LINE__);
    /* Without the two constraints that pinned a's left edge, it can go anywhere. */
    CHECK_STATUS(ratite_engine_constraint_remove(e, a_left), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_remove(e, a_leading), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(LEFT), EQ, root, A(LEFT), 1, 100, 1000, NULL, 0, &c), RATITE_OK);
    CHECK_STATUS(ratite_engine_layout(e), RATITE_OK);
    ratite_frame fr;
    CHECK_STATUS(ratite_engine_item_frame(e, a, &fr), RATITE_OK);
    CHECK(fr.x == 100 && fr.width == 50);
    (void)a_width;
    (void)b_leading;
    ratite_engine_free(e);
}

/* Failures of validation leave an engine in the default mode unchanged too (a sample over
 * the setters; the other tests cover the rest). */
static void test_default_mode_failures(void) {
    struct engine_fixture f;
    engine_fixture(&f, 0);
    ratite_engine *e = f.e;
    ratite_item root = f.items[0], a = f.items[1], g = f.items[3];
    char *before = ENGINE_STATE(&f);
    ratite_item out = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_view_add(e, "a", 1, root, &out), RATITE_ERROR_DUPLICATE);
    CHECK_STATUS(ratite_engine_view_add(e, "child", 5, g, &out), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(e, a, 1, 1), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, -1, 1), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, RATITE_AXIS_VERTICAL, 0), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, RATITE_AXIS_VERTICAL, 2000), RATITE_ERROR_INVALID_PRIORITY);
    const ratite_frame negative = {0, 0, 5, -5};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, a, &negative, 0), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, f.c1, 10), RATITE_ERROR_INVALID_CONSTRAINT);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, f.c1, -10), RATITE_ERROR_INVALID_PRIORITY);
    ratite_layout_constraint lc = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(LEFT), EQ, root, A(TOP), 1, 0, 1000, NULL, 0, &lc),
                 RATITE_ERROR_INVALID_CONSTRAINT);
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, NONE, 1, 0, 0, NULL, 0, &lc),
                 RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_build_form(e, 3, &out), RATITE_ERROR_INVALID_ARGUMENT);
    size_t count = SENTINEL_SIZE;
    ratite_layout_constraint ids[4];
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]-[zz]", 10, NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a(==7)]-[b]", 14, NULL, 0, NULL, 0, 0, ids, 1, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == 2);
    CHECK(out == SENTINEL_ID && lc == SENTINEL_ID);
    SAME_ENGINE(&f, before, "refused calls");
    ratite_engine_free(e);
}

/* The solver's counterpart: every failing call leaves the dump and the values alone. */
static void test_solver_failures(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    ratite_solver *s = f.s;
    /* x >= 10, x + y == 30, y == 0 @weak (so x = 30), x <= 35, x == 100 @weak. */
    ratite_constraint ceiling = 0, far = 0;
    CHECK_STATUS(parse_into(s, "x <= 35", &ceiling), RATITE_OK);
    CHECK_STATUS(parse_into(s, "x == 100 @weak", &far), RATITE_OK);
    CHECK_STATUS(ratite_solver_update(s, NULL), RATITE_OK);
    char *before = SOLVER_STATE(&f);
    ratite_constraint c = SENTINEL_ID;
    CHECK_STATUS(parse_into(s, "x <= 5", &c), RATITE_ERROR_UNSATISFIABLE);
    CHECK_STATUS(parse_into(s, "x == ", &c), RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_solver_constraint_set_constant(s, f.c1, -40), RATITE_ERROR_UNSATISFIABLE); /* x >= 40 */
    CHECK_STATUS(ratite_solver_constraint_set_priority(s, far, RATITE_PRIORITY_REQUIRED), RATITE_ERROR_UNSATISFIABLE);
    CHECK_STATUS(ratite_solver_edit_add(s, f.vars[2], 100), RATITE_ERROR_DUPLICATE);
    CHECK_STATUS(ratite_solver_edit_add(s, f.vars[1], 1000), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_solver_edit_add(s, f.vars[1], 0), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_solver_edit_remove(s, f.vars[1]), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_suggest(s, f.vars[1], 3), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_solver_variable_free(s, f.vars[0]), RATITE_ERROR_IN_USE);
    CHECK_STATUS(ratite_solver_variable_free(s, f.vars[2]), RATITE_ERROR_IN_USE);
    CHECK_STATUS(ratite_solver_constraint_set_priority(s, f.c1, 0), RATITE_ERROR_INVALID_PRIORITY);
    CHECK(c == SENTINEL_ID);
    SAME_SOLVER(&f, before, "refused solver calls");
    ratite_solver_free(s);
}

/* Variable, constraint and item ids are all uint64_t to C, so nothing stops a caller from
 * passing one kind where another is expected. Such an id was never issued as the kind
 * asked for; it must be unknown rather than name whatever object shares its slot. */
static void test_ids_of_the_wrong_kind(void) {
    struct solver_fixture f;
    solver_fixture(&f);
    char *before = SOLVER_STATE(&f);
    int32_t has = SENTINEL_I32;
    /* The variable x and the constraint x >= 10 were the first of their kinds. */
    CHECK_STATUS(ratite_solver_constraint_has(f.s, f.vars[0], &has), RATITE_OK);
    CHECK(has == 0);
    CHECK_STATUS(ratite_solver_constraint_set_constant(f.s, f.vars[0], 100), RATITE_ERROR_UNKNOWN);
    double d = SENTINEL_DOUBLE;
    CHECK_STATUS(ratite_solver_variable_value(f.s, f.c1, &d), RATITE_ERROR_UNKNOWN);
    CHECK(d == SENTINEL_DOUBLE);
    SAME_SOLVER(&f, before, "ids of the wrong kind");
    ratite_solver_free(f.s);

    struct engine_fixture g;
    engine_fixture(&g, 0);
    before = ENGINE_STATE(&g);
    /* Item a (the second item) and the third constraint share their low bits, and the
     * second constraint and the root. */
    int32_t active = SENTINEL_I32;
    CHECK_STATUS(ratite_engine_constraint_is_active(g.e, g.items[1], &active), RATITE_ERROR_UNKNOWN);
    CHECK(active == SENTINEL_I32);
    CHECK_STATUS(ratite_engine_constraint_set_constant(g.e, g.items[1], 77), RATITE_ERROR_UNKNOWN);
    ratite_frame fr = {1, 2, 3, 4};
    CHECK_STATUS(ratite_engine_item_frame(g.e, g.c2, &fr), RATITE_ERROR_UNKNOWN);
    CHECK(fr.x == 1);
    SAME_ENGINE(&g, before, "ids of the wrong kind");
    ratite_engine_free(g.e);
}

void run_error_tests(void) {
    test_null_handles();
    test_null_pointers_solver();
    test_null_pointers_engine();
    test_foreign_ids_solver();
    test_made_up_id_of_an_edit_constraint();
    test_ids_of_a_handle_created_much_later();
    test_stale_id_after_many_reuses();
    test_foreign_ids_engine();
    test_enums();
    test_non_finite_solver();
    test_non_finite_engine();
    test_strings_solver();
    test_strings_engine();
    test_strict_intrinsic_size_failure();
    test_strict_autoresizing_failure();
    run_isolated("errors_test.c: strict autoresizing failure before layout",
                 test_strict_autoresizing_failure_before_layout);
    test_strict_size_failure();
    test_strict_direction_failure();
    test_default_mode_failures();
    test_solver_failures();
    test_ids_of_the_wrong_kind();
}
