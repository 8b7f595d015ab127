/* The Visual Format Language through ratite_engine_vfl: views by name and through
 * bindings, metrics, options, the extended syntax, the capacity protocol, parse errors with
 * their offset and three-line rendering, and conflicts in both modes; and through
 * ratite_engine_vfl_check and ratite_engine_vfl_parse, which must agree with it. */
#include <ratite.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "test_support.h"

/* Runs a format with every item by its own name; returns how many constraints it added
 * (0 on failure, with the status in *status when given). */
static size_t vfl_status(ratite_engine *e, const char *format, uint32_t options, ratite_status *status) {
    ratite_layout_constraint ids[32];
    size_t count = 0;
    ratite_status s = ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, options, ids, 32, &count);
    if (status) *status = s;
    return s == RATITE_OK ? count : 0;
}

static size_t vfl(ratite_engine *e, const char *format, uint32_t options) {
    ratite_status status = -1;
    size_t count = vfl_status(e, format, options, &status);
    if (status != RATITE_OK) fprintf(stderr, "    \"%s\": %s\n", format, ratite_engine_last_error(e));
    CHECK_STATUS(status, RATITE_OK);
    return count;
}

static uint64_t constraint_count(ratite_engine *e) {
    ratite_solver_statistics st;
    CHECK_STATUS(ratite_engine_statistics_get(e, &st), RATITE_OK);
    return st.constraints;
}

static void test_views_by_name(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    ratite_layout_constraint ids[8];
    size_t count = SENTINEL_SIZE;
    const char *format = "H:|-[a(==30)]-[b]-|";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, 8, &count), RATITE_OK);
    /* |-[a: 20 from the edge; a(==30); ]-[b: 8 apart; b]-|: 20 from the edge. */
    CHECK(count == 4);
    for (size_t i = 0; i < count && i < 8; i++) {
        int32_t active = -1;
        CHECK_STATUS(ratite_engine_constraint_is_active(e, ids[i], &active), RATITE_OK);
        CHECK(active == 1);
        for (size_t j = 0; j < i; j++) CHECK(ids[i] != ids[j]);
    }
    CHECK(vfl(e, "V:|-10-[a(==20)]", 0) == 2);
    CHECK(vfl(e, "V:|-10-[b(==20)]", 0) == 2);
    layout(e);
    CHECK_FRAME(e, a, 20, 10, 30, 20);
    CHECK_FRAME(e, b, 58, 10, 122, 20);
    /* The ids are ordinary layout constraints. */
    for (size_t i = 0; i < 4; i++) CHECK_STATUS(ratite_engine_constraint_deactivate(e, ids[i]), RATITE_OK);
    layout(e);
    int32_t ambiguous = -1;
    CHECK_STATUS(ratite_engine_item_is_ambiguous(e, a, &ambiguous), RATITE_OK);
    CHECK(ambiguous == 1);
    for (size_t i = 0; i < 4; i++) CHECK_STATUS(ratite_engine_constraint_activate(e, ids[i]), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, ids[0], 5), RATITE_OK);
    for (size_t i = 0; i < 4; i++) CHECK_STATUS(ratite_engine_constraint_remove(e, ids[i]), RATITE_OK);
    /* Predicates: relations, priorities, several per view, views as sizes, flush. */
    CHECK(vfl(e, "H:|[a(>=10,<=40@750)][b(==a)]", 0) == 5);
    layout(e);
    ratite_frame fa, fb;
    CHECK_STATUS(ratite_engine_item_frame(e, a, &fa), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_frame(e, b, &fb), RATITE_OK);
    CHECK(fa.x == 0 && fb.x == fa.width && fb.width == fa.width && fa.width >= 10 && fa.width <= 40);
    ratite_engine_free(e);
}

static void test_bindings(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    /* Binding names are pointer + length: the bytes after the length are garbage. */
    const char left_name[] = "leftQQ";
    const char right_name[] = "right\xff";
    const ratite_view_binding views[2] = {{left_name, 4, a}, {right_name, 5, b}};
    ratite_layout_constraint ids[8];
    size_t count = 0;
    const char *format = "H:|[left(==50)][right]|";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, views, 2, 0, ids, 8, &count), RATITE_OK);
    CHECK(count == 4);
    format = "V:|[left(==10)][right(==left)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, views, 2, 0, ids, 8, &count), RATITE_OK);
    CHECK(count == 4);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 10);
    CHECK_FRAME(e, b, 50, 10, 150, 10);
    /* With bindings, only the bound names exist. */
    format = "H:|[a]|";
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, views, 2, 0, ids, 8, &count),
                 RATITE_ERROR_PARSE);
    CHECK(count == SENTINEL_SIZE);
    CHECK_STR(ratite_engine_last_error(e), "a is not a key in the views dictionary.");
    /* A binding to an item of another engine, a bad name. */
    ratite_engine *other = new_engine();
    ratite_item stranger = view(other, "stranger", RATITE_NO_ITEM);
    const ratite_view_binding foreign[1] = {{"s", 1, stranger}};
    format = "H:[s(==5)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, foreign, 1, 0, ids, 8, &count),
                 RATITE_ERROR_UNKNOWN);
    const ratite_view_binding bad_utf8[1] = {{"\xc3(", 2, a}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, bad_utf8, 1, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_view_binding with_nul[1] = {{"s\0t", 3, a}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, with_nul, 1, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_view_binding null_name[1] = {{NULL, 1, a}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, null_name, 1, 0, ids, 8, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    const ratite_view_binding huge_name[1] = {{"s", (size_t)-1, a}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, huge_name, 1, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == SENTINEL_SIZE);
    ratite_engine_free(other);
    ratite_engine_free(e);
}

static void test_metrics(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    const ratite_metric metrics[3] = {{"m", 1, 15}, {"wXX", 1, 33}, {"p", 1, 600}};
    ratite_layout_constraint ids[8];
    size_t count = 0;
    const char *format = "H:|-m-[a(==w@p)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), metrics, 3, NULL, 0, 0, ids, 8, &count), RATITE_OK);
    CHECK(count == 2);
    format = "V:|-w-[a(m)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), metrics, 3, NULL, 0, 0, ids, 8, &count), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 15, 33, 33, 15);
    /* Unknown metrics, non-finite values, bad names. */
    count = SENTINEL_SIZE;
    format = "H:[a(>=zz)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), metrics, 3, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error(e),
              "Encountered metric with name \"zz\", but value was not specified in metrics or views dictionaries");
    const ratite_metric not_finite[2] = {{"m", 1, 1}, {"zz", 2, NAN}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), not_finite, 2, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_NON_FINITE);
    const ratite_metric infinite[1] = {{"zz", 2, -INFINITY}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), infinite, 1, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_NON_FINITE);
    const ratite_metric bad_name[1] = {{"z\xfe", 2, 1}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), bad_name, 1, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_metric nul_name[1] = {{"z\0z", 3, 1}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), nul_name, 1, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_metric null_name[1] = {{NULL, 2, 1}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), null_name, 1, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    const ratite_metric huge_name[1] = {{"zz", (size_t)1 << 40, 1}};
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), huge_name, 1, NULL, 0, 0, ids, 8, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == SENTINEL_SIZE);
    layout(e);
    CHECK_FRAME(e, a, 15, 33, 33, 15);
    ratite_engine_free(e);
}

static void test_options(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    /* a at 10, 5, 30 × 20; b 40 × 10, centred on a vertically, 8 after it. */
    vfl(e, "H:|-10-[a(==30)]", 0);
    vfl(e, "V:|-5-[a(==20)]", 0);
    vfl(e, "H:[b(==40)]", 0);
    vfl(e, "V:[b(==10)]", 0);
    CHECK(vfl(e, "H:[a]-[b]", RATITE_VFL_ALIGN_ALL_CENTER_Y) == 2);
    layout(e);
    CHECK_FRAME(e, b, 48, 10, 40, 10);
    /* Each alignment bit adds one constraint per pair of adjacent views: c(==5), d(==6),
     * the flush connection, and top and bottom alignment. */
    ratite_item c = view(e, "c", root), d = view(e, "d", root);
    ratite_status status = -1;
    CHECK(vfl_status(e, "H:[c(==5)][d(==6)]", RATITE_VFL_ALIGN_ALL_TOP | RATITE_VFL_ALIGN_ALL_BOTTOM, &status) == 5);
    CHECK_STATUS(status, RATITE_OK);
    vfl(e, "H:|-100-[c]", 0);
    vfl(e, "V:|-50-[c(==7)]", 0);
    layout(e);
    CHECK_FRAME(e, c, 100, 50, 5, 7);
    CHECK_FRAME(e, d, 105, 50, 6, 7);
    char *report = NULL;
    CHECK_STATUS(ratite_engine_conflict_report(e, &report), RATITE_OK);
    CHECK_STR(report, "");
    ratite_string_free(report);

    /* Alignment across the layout's axis only. */
    uint64_t before = constraint_count(e);
    CHECK(vfl_status(e, "H:[a]-[b]", RATITE_VFL_ALIGN_ALL_LEFT, &status) == 0);
    CHECK_STATUS(status, RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error(e),
              "Options mask required views to be aligned on a horizontal edge, which is not "
              "allowed for layout that is also horizontal.");
    CHECK(vfl_status(e, "V:[a]-[b]", RATITE_VFL_ALIGN_ALL_TOP, &status) == 0);
    CHECK_STATUS(status, RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error(e), "Options mask required views to be aligned on a vertical edge, which is not "
                                           "allowed for layout that is also vertical.");
    CHECK(vfl_status(e, "H:[a]-[b]", RATITE_VFL_SPACING_BASELINE_TO_BASELINE, &status) == 0);
    CHECK_STATUS(status, RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error(e), "BaselineToBaseline format option not valid for horizontal layout");
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);

    /* Direction: leading to trailing by default (follows the root's right-to-left here);
     * the absolute options ignore it. */
    e = new_engine();
    root = root_view(e, 200, 100);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_OK);
    d = view(e, "d", root);
    ratite_item l = view(e, "l", root), r = view(e, "r", root);
    vfl(e, "H:|-10-[d(==30)]", RATITE_VFL_DIRECTION_LEADING_TO_TRAILING);
    vfl(e, "H:|-10-[l(==30)]", RATITE_VFL_DIRECTION_LEFT_TO_RIGHT);
    vfl(e, "H:|-10-[r(==30)]", RATITE_VFL_DIRECTION_RIGHT_TO_LEFT);
    vfl(e, "V:|[d(==1)][l(==1)][r(==1)]", 0);
    layout(e);
    CHECK_FRAME(e, d, 160, 0, 30, 1);
    CHECK_FRAME(e, l, 10, 1, 30, 1);
    CHECK_FRAME(e, r, 160, 2, 30, 1);
    ratite_engine_free(e);

    /* Baseline to baseline spacing: b's first baseline 8 below a's last. */
    e = new_engine();
    root = root_view(e, 200, 100);
    a = view(e, "a", root);
    b = view(e, "b", root);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, 20, 5), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, b, 12, 5), RATITE_OK);
    vfl(e, "V:|[a(==30)]", 0);
    vfl(e, "H:|[a(==10)]", 0);
    vfl(e, "H:|[b(==10)]", 0);
    CHECK(vfl(e, "V:[a]-[b(==20)]", RATITE_VFL_SPACING_BASELINE_TO_BASELINE) == 2);
    layout(e);
    CHECK_FRAME(e, b, 0, 21, 10, 20);
    ratite_engine_free(e);
}

/* Option bits that no RATITE_VFL_* flag defines are unknown values: INVALID_ARGUMENT and
 * nothing added. */
static void test_unknown_option_bits(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    view(e, "a", root);
    view(e, "b", root);
    const uint32_t unknown[] = {1u << 20, 1u << 29, 1u << 31, 0xFFFFFFFFu, 1u << 0, 1u << 13, 1u << 15, 3u << 16};
    const uint64_t before = constraint_count(e);
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ratite_layout_constraint ids[4] = {SENTINEL_ID, SENTINEL_ID, SENTINEL_ID, SENTINEL_ID};
        size_t count = SENTINEL_SIZE;
        ratite_status status = ratite_engine_vfl(e, "H:[a]-[b]", 9, NULL, 0, NULL, 0, unknown[i], ids, 4, &count);
        if (status != RATITE_ERROR_INVALID_ARGUMENT) fprintf(stderr, "    options 0x%x accepted\n", unknown[i]);
        CHECK_STATUS(status, RATITE_ERROR_INVALID_ARGUMENT);
        CHECK(count == SENTINEL_SIZE && ids[0] == SENTINEL_ID);
    }
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);
}

static void test_extended_syntax(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    ratite_status status = -1;
    /* Whitespace, named priorities, comments and several lines only in extended mode. */
    const char *spaced = "H: |-10-[a(==30)] - [b(==40)]";
    CHECK(vfl_status(e, spaced, 0, &status) == 0);
    CHECK_STATUS(status, RATITE_ERROR_PARSE);
    CHECK(vfl(e, spaced, RATITE_VFL_EXTENDED) == 4);
    CHECK(vfl_status(e, "V:|[a(==10@strong)]", 0, &status) == 0);
    CHECK_STATUS(status, RATITE_ERROR_PARSE);
    CHECK(vfl(e, "V: |[a(==10@strong)] // the top row\nV: |-20-[b(==a)]", RATITE_VFL_EXTENDED) == 4);
    layout(e);
    CHECK_FRAME(e, a, 10, 0, 30, 10);
    CHECK_FRAME(e, b, 48, 20, 40, 10);
    /* Arithmetic on a view's attributes inside a predicate. */
    ratite_item c = view(e, "c", root);
    CHECK(vfl(e, "H:|[c(==a.width*2+1)]\nV:|[c(==b.height/2)]", RATITE_VFL_EXTENDED) == 4);
    layout(e);
    CHECK_FRAME(e, c, 0, 0, 61, 5);
    /* Strict input means the same in both modes. */
    ratite_item d = view(e, "d", root);
    CHECK(vfl(e, "H:|-[d(==7)]", RATITE_VFL_EXTENDED) == 2);
    CHECK(vfl(e, "V:|-[d(==7)]", RATITE_VFL_EXTENDED | RATITE_VFL_ALIGN_ALL_LEFT) == 2);
    layout(e);
    CHECK_FRAME(e, d, 20, 20, 7, 7);
    ratite_engine_free(e);
}

static void test_capacity(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    view(e, "b", root);
    const char *format = "H:|-[a(==30)]-[b]-|"; /* 4 constraints */
    const uint64_t before = constraint_count(e);

    /* Asking with no room: the number needed, nothing added. */
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, NULL, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == 4);
    CHECK_CONTAINS(ratite_engine_last_error(e), "the format makes 4 constraints; capacity is 0");
    CHECK(constraint_count(e) == before);
    /* One too few: the same, and the buffer untouched. */
    ratite_layout_constraint ids[8];
    for (size_t i = 0; i < 8; i++) ids[i] = SENTINEL_ID;
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, 3, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == 4);
    for (size_t i = 0; i < 8; i++) CHECK(ids[i] == SENTINEL_ID);
    CHECK(constraint_count(e) == before);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 0, 0);
    /* Exactly enough. */
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_OK);
    CHECK(count == 4);
    for (size_t i = 0; i < 4; i++) CHECK(ids[i] != SENTINEL_ID);
    CHECK(ids[4] == SENTINEL_ID);
    CHECK(constraint_count(e) == before + 4);
    /* More than enough: the rest of the buffer untouched. */
    for (size_t i = 0; i < 8; i++) ids[i] = SENTINEL_ID;
    const char *vertical = "V:|-[a(==5)]";
    CHECK_STATUS(ratite_engine_vfl(e, vertical, strlen(vertical), NULL, 0, NULL, 0, 0, ids, 8, &count), RATITE_OK);
    CHECK(count == 2);
    CHECK(ids[0] != SENTINEL_ID && ids[1] != SENTINEL_ID);
    for (size_t i = 2; i < 8; i++) CHECK(ids[i] == SENTINEL_ID);
    layout(e);
    CHECK_FRAME(e, a, 20, 20, 30, 5);
    /* A format without constraints needs no room. */
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", 5, NULL, 0, NULL, 0, 0, NULL, 0, &count), RATITE_OK);
    CHECK(count == 0);
    /* A NULL buffer with room claimed, a NULL count, an absurd capacity. */
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, NULL, 5, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, 8, NULL),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, (size_t)-1, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, (size_t)INT32_MAX + 1, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == SENTINEL_SIZE);
    CHECK(constraint_count(e) == before + 6);
    ratite_engine_free(e);
}

struct vfl_error {
    const char *format;
    size_t length;
    uint32_t options;
    size_t offset;
    const char *message;
    const char *shown; /* the second line of the rendering */
};

static void test_parse_errors(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    view(e, "a", root);
    view(e, "b", root);
    static const struct vfl_error errors[] = {
        {"V|[a]|", 6, 0, 1, "Expected ':' after 'V' to specify vertical arrangement", "V|[a]|"},
        {"H:[a]-[zz]", 10, 0, 9, "zz is not a key in the views dictionary.", "H:[a]-[zz]"},
        {"H:[a(>=w)]", 10, 0, 8,
         "Encountered metric with name \"w\", but value was not specified in metrics or views dictionaries",
         "H:[a(>=w)]"},
        {"H:[a]-[b]", 9, RATITE_VFL_ALIGN_ALL_LEFT, 9,
         "Options mask required views to be aligned on a horizontal edge, which is not allowed for layout that is also "
         "horizontal.",
         "H:[a]-[b]"},
        {"H: [a] - [b]", 12, 0, 2, "Expected a view", "H: [a] - [b]"},
        {"H:[a(==10@1001)]", 16, 0, 14,
         "Invalid priority specified: 1001. Priority cannot be higher than NSLayoutPriorityRequired, which is 1000.",
         "H:[a(==10@1001)]"},
        {"H:[\xc3\xa9]", 6, 0, 3, "It contains non-ASCII characters.", "H:[\xc3\xa9]"},
        /* A NUL byte is a character like any other; the rendering shows it as a space. */
        {"H:[a]\0[b]", 9, 0, 5, "Expected a view or '|'", "H:[a] [b]"},
        /* Not NUL-terminated: the bytes after the length are not part of the format. */
        {"V|[a]|GARBAGE", 6, 0, 1, "Expected ':' after 'V' to specify vertical arrangement", "V|[a]|"},
    };
    const uint64_t before = constraint_count(e);
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++) {
        const struct vfl_error *x = &errors[i];
        ratite_layout_constraint ids[4] = {SENTINEL_ID, SENTINEL_ID, SENTINEL_ID, SENTINEL_ID};
        size_t count = SENTINEL_SIZE;
        CHECK_STATUS(ratite_engine_vfl(e, x->format, x->length, NULL, 0, NULL, 0, x->options, ids, 4, &count),
                     RATITE_ERROR_PARSE);
        CHECK(count == SENTINEL_SIZE && ids[0] == SENTINEL_ID);
        CHECK_STR(ratite_engine_last_error(e), x->message);
        size_t offset = SENTINEL_SIZE;
        CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_OK);
        CHECK(offset == x->offset);
        if (offset != x->offset)
            fprintf(stderr, "    \"%s\": offset %zu, expected %zu\n", x->message, offset, x->offset);
        /* message, format, caret under the offset */
        char expected[512];
        int n = snprintf(expected, sizeof expected, "%s\n%s\n%*s^", x->message, x->shown, (int)x->offset, "");
        CHECK(n > 0 && (size_t)n < sizeof expected);
        CHECK_STR(ratite_engine_last_error_rendering(e), expected);
    }
    CHECK(constraint_count(e) == before);

    /* The empty string has no caret: one line. */
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl(e, "", 0, NULL, 0, NULL, 0, 0, NULL, 0, &count), RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_engine_vfl(e, NULL, 0, NULL, 0, NULL, 0, 0, NULL, 0, &count), RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error_rendering(e), "It's an empty string.");
    size_t offset = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_OK);
    CHECK(offset == 0);

    /* Extended mode: LINE:COLUMN in front, only the offending line, the caret at its column;
     * the offset still counts from the start of the whole input. */
    const char *lines = "H:[a]-[b]\nV:[a]-[";
    CHECK_STATUS(ratite_engine_vfl(e, lines, strlen(lines), NULL, 0, NULL, 0, RATITE_VFL_EXTENDED, NULL, 0, &count),
                 RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error_rendering(e), "2:8: Expected a view\nV:[a]-[\n       ^");
    CHECK_STR(ratite_engine_last_error(e), "Expected a view");
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_OK);
    CHECK(offset == 17);
    const char *minus = "H: [a] - [b]\nV: [a] -- [b]";
    CHECK_STATUS(ratite_engine_vfl(e, minus, strlen(minus), NULL, 0, NULL, 0, RATITE_VFL_EXTENDED, NULL, 0, &count),
                 RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error_rendering(e),
              "2:9: Cannot tell if this - is a minus sign or an accidental extra bar in the connection. "
              "Use parentheses around negative numbers.\nV: [a] -- [b]\n        ^");
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_OK);
    CHECK(offset == 21);
    CHECK(count == SENTINEL_SIZE);

    /* Another kind of failure clears the offset and the rendering. */
    ratite_item out = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_find(e, "nobody", 6, &out), RATITE_ERROR_UNKNOWN);
    CHECK_STR(ratite_engine_last_error_rendering(e), "");
    offset = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_ERROR_UNKNOWN);
    CHECK(offset == SENTINEL_SIZE);
    /* The offset needs somewhere to go. */
    CHECK_STATUS(ratite_engine_vfl(e, "V|", 2, NULL, 0, NULL, 0, 0, NULL, 0, &count), RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_engine_last_error_offset(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);
}

static void test_other_failures(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    view(e, "a", root);
    const uint64_t before = constraint_count(e);
    size_t count = SENTINEL_SIZE;
    ratite_layout_constraint ids[4];
    /* '|' next to a view without a superview. */
    CHECK_STATUS(ratite_engine_vfl(e, "H:|[root]|", 10, NULL, 0, NULL, 0, 0, ids, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(ratite_engine_last_error(e), "needs a view with a superview");
    /* Not UTF-8, a NULL format with a length, an absurd length. */
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]\xff", 6, NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_ERROR_INVALID_UTF8);
    CHECK_STATUS(ratite_engine_vfl(e, NULL, 3, NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", (size_t)-1, NULL, 0, NULL, 0, 0, ids, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    /* NULL arrays with counts, absurd counts. */
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", 5, NULL, 1, NULL, 0, 0, ids, 4, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", 5, NULL, 0, NULL, 2, 0, ids, 4, &count), RATITE_ERROR_NULL_ARGUMENT);
    const ratite_metric metric = {"m", 1, 1};
    const ratite_view_binding binding = {"a", 1, root};
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", 5, &metric, (size_t)-1, NULL, 0, 0, ids, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(e, "H:[a]", 5, NULL, 0, &binding, (size_t)-1, 0, ids, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl(NULL, "H:[a]", 5, NULL, 0, NULL, 0, 0, ids, 4, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(count == SENTINEL_SIZE);
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);
}

static void test_conflicts(int strict) {
    ratite_engine *e = new_engine();
    CHECK_STATUS(ratite_engine_set_strict(e, strict), RATITE_OK);
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    view(e, "b", root);
    vfl(e, "H:|[a(==50)]", 0);
    vfl(e, "V:|[a(==50)]", 0);
    const uint64_t before = constraint_count(e);
    ratite_layout_constraint ids[4] = {SENTINEL_ID, SENTINEL_ID, SENTINEL_ID, SENTINEL_ID};
    size_t count = SENTINEL_SIZE;
    const char *format = "H:[a(==60)]-[b]";
    ratite_status status = ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, 0, ids, 4, &count);
    char *report = NULL;
    CHECK_STATUS(ratite_engine_conflict_report(e, &report), RATITE_OK);
    if (strict) {
        /* Nothing added, not even the constraint that did not conflict. */
        CHECK_STATUS(status, RATITE_ERROR_UNSATISFIABLE);
        CHECK(count == SENTINEL_SIZE && ids[0] == SENTINEL_ID);
        CHECK(constraint_count(e) == before);
        CHECK_CONTAINS(ratite_engine_last_error(e), "a.width == 60");
        CHECK_STR(report, "");
    } else {
        CHECK_STATUS(status, RATITE_OK);
        CHECK(count == 2);
        CHECK(constraint_count(e) == before + 1); /* the broken one is not in the solver */
        CHECK_CONTAINS(report, "Will attempt to recover by breaking constraint\n    a.width == 60\n");
    }
    ratite_string_free(report);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 50);
    ratite_engine_free(e);
}

static void test_conflicts_default(void) {
    test_conflicts(0);
}

static void test_conflicts_strict(void) {
    test_conflicts(1);
}

struct check_case {
    const char *format;
    uint32_t options;
    size_t count;
};

/* ratite_engine_vfl_check parses exactly as ratite_engine_vfl does, with the same errors,
 * but activates nothing. */
static void test_check(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    vfl(e, "V:|[a(==10)]-[b(==10)]", 0);
    layout(e);
    const uint64_t before = constraint_count(e);
    static const struct check_case cases[] = {
        {"H:|-[a(==30)]-[b]-|", 0, 4},
        {"V:|-10-[a(==20)]", 0, 2},
        {"H:[a]-[b]", RATITE_VFL_ALIGN_ALL_TOP | RATITE_VFL_ALIGN_ALL_BOTTOM, 3},
        {"H:[a]", 0, 0},
        {"H: [a] - [b]\nV: [a]-[b]", RATITE_VFL_EXTENDED, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t count = SENTINEL_SIZE, needed = SENTINEL_SIZE;
        const char *format = cases[i].format;
        CHECK_STATUS(ratite_engine_vfl_check(e, format, strlen(format), NULL, 0, NULL, 0, cases[i].options, &count),
                     RATITE_OK);
        CHECK(count == cases[i].count);
        /* The same number ratite_engine_vfl asks room for. */
        ratite_status status =
            ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, cases[i].options, NULL, 0, &needed);
        CHECK_STATUS(status, cases[i].count ? RATITE_ERROR_INVALID_ARGUMENT : RATITE_OK);
        CHECK(needed == cases[i].count);
    }
    /* Metrics and bindings. */
    const ratite_metric metrics[1] = {{"m", 1, 15}};
    const ratite_view_binding views[2] = {{"left", 4, a}, {"right", 5, b}};
    size_t count = SENTINEL_SIZE;
    const char *format = "H:|-m-[left(==m)][right]";
    CHECK_STATUS(ratite_engine_vfl_check(e, format, strlen(format), metrics, 1, views, 2, 0, &count), RATITE_OK);
    CHECK(count == 3);
    CHECK(constraint_count(e) == before);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 0, 10);

    /* Parse errors: the same status, offset and rendering. */
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_check(e, "V|[a]|", 6, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_PARSE);
    CHECK(count == SENTINEL_SIZE);
    CHECK_STR(ratite_engine_last_error(e), "Expected ':' after 'V' to specify vertical arrangement");
    CHECK_STR(ratite_engine_last_error_rendering(e),
              "Expected ':' after 'V' to specify vertical arrangement\nV|[a]|\n ^");
    size_t offset = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_OK);
    CHECK(offset == 1);
    const char *lines = "H:[a]-[b]\nV:[a]-[";
    CHECK_STATUS(ratite_engine_vfl_check(e, lines, strlen(lines), NULL, 0, NULL, 0, RATITE_VFL_EXTENDED, &count),
                 RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error_rendering(e), "2:8: Expected a view\nV:[a]-[\n       ^");
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]-[zz]", 10, NULL, 0, views, 2, 0, &count), RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error(e), "a is not a key in the views dictionary.");
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]-[b]", 9, NULL, 0, NULL, 0, RATITE_VFL_ALIGN_ALL_LEFT, &count),
                 RATITE_ERROR_PARSE);
    CHECK_STATUS(ratite_engine_vfl_check(e, "", 0, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_PARSE);
    CHECK_STR(ratite_engine_last_error_rendering(e), "It's an empty string.");
    /* Bad arguments. */
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, NULL, 0, NULL, 0, 0, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(NULL, "H:[a]", 5, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, NULL, 5, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, NULL, 2, NULL, 0, 0, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, NULL, 0, NULL, 2, 0, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, NULL, 0, NULL, 0, 1u << 20, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", (size_t)-1, NULL, 0, NULL, 0, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, metrics, (size_t)-1, NULL, 0, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a]", 5, NULL, 0, views, (size_t)-1, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[\xff]", 5, NULL, 0, NULL, 0, 0, &count), RATITE_ERROR_INVALID_UTF8);
    const ratite_metric nan_metric[1] = {{"m", 1, NAN}};
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[a(m)]", 8, nan_metric, 1, NULL, 0, 0, &count), RATITE_ERROR_NON_FINITE);
    ratite_engine *other = new_engine();
    ratite_item stranger = view(other, "stranger", RATITE_NO_ITEM);
    const ratite_view_binding foreign[1] = {{"s", 1, stranger}};
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:[s]", 5, NULL, 0, foreign, 1, 0, &count), RATITE_ERROR_UNKNOWN);
    ratite_engine_free(other);
    CHECK(count == SENTINEL_SIZE);
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);
}

/* "errors as in ratite_engine_vfl": '|' next to a view without a superview is refused by
 * ratite_engine_vfl (INVALID_ARGUMENT), so the check must refuse it too. */
static void test_check_superview_error(void) {
    ratite_engine *e = new_engine();
    root_view(e, 200, 100);
    size_t count = SENTINEL_SIZE, needed = SENTINEL_SIZE;
    ratite_layout_constraint ids[4];
    CHECK_STATUS(ratite_engine_vfl(e, "H:|[root]|", 10, NULL, 0, NULL, 0, 0, ids, 4, &needed),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_check(e, "H:|[root]|", 10, NULL, 0, NULL, 0, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == SENTINEL_SIZE);
    ratite_engine_free(e);
}

/* The platform: iOS (the default) pins |- to the superview's margins, macOS to its edge +
 * 20; an unknown value changes nothing. */
static void test_platform(void) {
    ratite_engine *e = NULL;
    CHECK_STATUS(ratite_engine_new(&e), RATITE_OK);
    ratite_platform platform = -1;
    CHECK_STATUS(ratite_engine_get_platform(e, &platform), RATITE_OK);
    CHECK(platform == RATITE_PLATFORM_IOS);
    ratite_item root = root_view(e, 320, 480);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    CHECK(vfl(e, "H:|-[a]-|", 0) == 2);
    CHECK(vfl(e, "V:|-[a(==10)]", 0) == 2);
    CHECK_STATUS(ratite_engine_set_platform(e, 7), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_get_platform(e, &platform), RATITE_OK);
    CHECK(platform == RATITE_PLATFORM_IOS);
    CHECK_STATUS(ratite_engine_get_platform(e, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_set_platform(NULL, RATITE_PLATFORM_IOS), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_set_platform(e, RATITE_PLATFORM_MACOS), RATITE_OK);
    CHECK_STATUS(ratite_engine_get_platform(e, &platform), RATITE_OK);
    CHECK(platform == RATITE_PLATFORM_MACOS);
    CHECK(vfl(e, "H:|-[b]-|", 0) == 2);
    CHECK(vfl(e, "V:|-[b(==10)]", 0) == 2);
    layout(e);
    CHECK_FRAME(e, a, 8, 8, 304, 10);
    CHECK_FRAME(e, b, 20, 20, 280, 10);
    ratite_engine_free(e);
}

/* Multiplier 0 on a size, as Apple accepts it: the size is the constant. */
static void test_zero_multiplier_size(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 320, 480);
    ratite_item a = view(e, "a", root);
    view(e, "b", root);
    CHECK(vfl(e, "H:|[a]", 0) == 1);
    CHECK(vfl(e, "V:|[a]", 0) == 1);
    CHECK(vfl(e, "H:|[b(==40)]", 0) == 2);
    CHECK(vfl(e, "V:|[b(==40)]", 0) == 2);
    size_t count = 0;
    ratite_layout_constraint ids[2];
    const char *format = "[a(==b*0+10)]";
    CHECK_STATUS(ratite_engine_vfl(e, format, strlen(format), NULL, 0, NULL, 0, RATITE_VFL_EXTENDED, ids, 2, &count),
                 RATITE_OK);
    CHECK(count == 1);
    CHECK(vfl(e, "V:[a(==7)]", 0) == 1);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 10, 7);
    ratite_engine_free(e);
}

/* The example: a label and a text field in a row under a 20-point top guide,
 * with macOS conventions (|- is the edge + 20); test_platform has the iOS default. */
static void test_label_and_field(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 320, 480);
    const double status_bar[4] = {0, 0, 460, 0};
    ratite_item top = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "top", 3, root, status_bar, &top), RATITE_OK);
    ratite_item label = view(e, "label", root), field = view(e, "field", root);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, label, 42, 21), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, label, RATITE_AXIS_HORIZONTAL, 251), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, label, 17, 4), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, field, 97, 30), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, field, 21, 9), RATITE_OK);
    CHECK(vfl(e, "H:|-[label]-[field]-|", RATITE_VFL_ALIGN_ALL_LAST_BASELINE) == 4);
    CHECK(vfl(e, "V:[top]-20-[field]", 0) == 1);
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 320, 480);
    CHECK_FRAME(e, top, 0, 0, 320, 20);
    CHECK_FRAME(e, label, 20, 44, 42, 21);
    CHECK_FRAME(e, field, 70, 40, 230, 30);
    ratite_engine_free(e);
}

/* ratite_engine_vfl_parse: records instead of activated constraints. The fixture is one
 * hierarchy with the guide's views under "root", and a second root with "stranger". */
static const char *const parse_names[] = {
    "root", "button", "textField", "orchidBox", "topField", "bottomField", "maroonView", "oceanView", "button1",
    "button2", "flexibleButton", "find", "findNext", "findField", "label", "field", "otherRoot", "stranger",
};
#define PARSE_ITEMS (sizeof parse_names / sizeof parse_names[0])

struct parse_fixture {
    ratite_engine *e;
    ratite_item items[PARSE_ITEMS];
};

static void parse_fixture_init(struct parse_fixture *f) {
    f->e = new_engine();
    for (size_t i = 0; i < PARSE_ITEMS; i++) {
        const char *parent = i == 0 || strcmp(parse_names[i], "otherRoot") == 0 ? NULL
                             : strcmp(parse_names[i], "stranger") == 0          ? "otherRoot"
                                                                                 : "root";
        ratite_item p = RATITE_NO_ITEM;
        for (size_t j = 0; parent && j < i; j++) {
            if (strcmp(parse_names[j], parent) == 0) p = f->items[j];
        }
        f->items[i] = view(f->e, parse_names[i], p);
    }
    CHECK_STATUS(ratite_engine_item_set_size(f->e, f->items[0], 400, 300), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(f->e, f->items[14], 17, 4), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(f->e, f->items[15], 21, 9), RATITE_OK);
}

static ratite_item parse_item(const struct parse_fixture *f, const char *name) {
    for (size_t i = 0; i < PARSE_ITEMS; i++) {
        if (strcmp(parse_names[i], name) == 0) return f->items[i];
    }
    return RATITE_NO_ITEM;
}

struct parse_case {
    const char *format;
    uint32_t options;
    /* Bindings as "name=item,name=item", or NULL for every item by its own name. */
    const char *bindings;
};

/* Fills `views` from "name=item,..." against the fixture's items; returns the count. */
static size_t parse_bindings(const struct parse_fixture *f, const char *spec, char names[8][32],
                             ratite_view_binding views[8]) {
    size_t n = 0;
    while (spec && *spec && n < 8) {
        const char *eq = strchr(spec, '='), *comma = strchr(spec, ',');
        size_t name_length = (size_t)(eq - spec);
        size_t item_length = comma ? (size_t)(comma - eq - 1) : strlen(eq + 1);
        char item[32];
        memcpy(names[n], spec, name_length);
        names[n][name_length] = 0;
        memcpy(item, eq + 1, item_length);
        item[item_length] = 0;
        views[n].name = names[n];
        views[n].name_length = name_length;
        views[n].item = parse_item(f, item);
        n++;
        spec = comma ? comma + 1 : NULL;
    }
    return n;
}

static const ratite_metric parse_metrics[3] = {{"m", 1, 15}, {"w", 1, 33}, {"p", 1, 600}};

/* The records equal what ratite_engine_vfl activates: added one by one with
 * ratite_engine_constraint_add to a twin engine, they give the same solver shape and the
 * same frames; their number is ratite_engine_vfl_check's. */
static void check_parse_matches_vfl(const struct parse_case *c) {
    struct parse_fixture a, b;
    parse_fixture_init(&a);
    parse_fixture_init(&b);
    char names_a[8][32], names_b[8][32];
    ratite_view_binding views_a[8], views_b[8];
    size_t nviews = parse_bindings(&a, c->bindings, names_a, views_a);
    parse_bindings(&b, c->bindings, names_b, views_b);
    const size_t length = strlen(c->format);
    ratite_vfl_constraint records[32];
    size_t count = SENTINEL_SIZE, checked = SENTINEL_SIZE, activated = SENTINEL_SIZE;
    ratite_status status = ratite_engine_vfl_parse(a.e, c->format, length, parse_metrics, 3, views_a, nviews,
                                                   c->options, records, 32, &count);
    if (status != RATITE_OK) fprintf(stderr, "    \"%s\": %s\n", c->format, ratite_engine_last_error(a.e));
    CHECK_STATUS(status, RATITE_OK);
    CHECK_STATUS(
        ratite_engine_vfl_check(a.e, c->format, length, parse_metrics, 3, views_a, nviews, c->options, &checked),
        RATITE_OK);
    CHECK(count == checked);
    ratite_layout_constraint ids[32];
    CHECK_STATUS(ratite_engine_vfl(b.e, c->format, length, parse_metrics, 3, views_b, nviews, c->options, ids, 32,
                                   &activated),
                 RATITE_OK);
    CHECK(count == activated);
    for (size_t i = 0; status == RATITE_OK && i < count; i++) {
        const ratite_vfl_constraint *r = &records[i];
        CHECK(r->item2 != RATITE_NO_ITEM || r->attribute2 == RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE);
        ratite_layout_constraint id;
        CHECK_STATUS(ratite_engine_constraint_add(a.e, r->item1, r->attribute1, r->relation, r->item2, r->attribute2,
                                                  r->multiplier, r->constant, r->priority, NULL, 0, &id),
                     RATITE_OK);
    }
    ratite_solver_statistics sa, sb;
    CHECK_STATUS(ratite_engine_statistics_get(a.e, &sa), RATITE_OK);
    CHECK_STATUS(ratite_engine_statistics_get(b.e, &sb), RATITE_OK);
    CHECK(sa.constraints == sb.constraints && sa.rows == sb.rows && sa.cells == sb.cells);
    layout(a.e);
    layout(b.e);
    for (size_t i = 0; i < PARSE_ITEMS; i++) {
        ratite_frame fa, fb;
        CHECK_STATUS(ratite_engine_item_frame(a.e, a.items[i], &fa), RATITE_OK);
        CHECK_STATUS(ratite_engine_item_frame(b.e, b.items[i], &fb), RATITE_OK);
        CHECK(fa.x == fb.x && fa.y == fb.y && fa.width == fb.width && fa.height == fb.height);
    }
    ratite_engine_free(a.e);
    ratite_engine_free(b.e);
}

static void test_parse_matches_vfl(void) {
    static const struct parse_case cases[] = {
        {"[button]-[textField]", 0, NULL},
        {"[button(>=50)]", 0, NULL},
        {"|-50-[orchidBox]-50-|", 0, NULL},
        {"V:[topField]-10-[bottomField]", 0, NULL},
        {"[maroonView][oceanView]", 0, NULL},
        {"[button(100@20)]", 0, NULL},
        {"[button1(==button2)]", 0, NULL},
        {"V:[button1(==button2)]", 0, NULL},
        {"[flexibleButton(>=70,<=100)]", 0, NULL},
        {"|-[find]-[findNext]-[findField(>=20)]-|", 0, NULL},
        {"|-[find]-[findNext]-[findField(>=20)]-|", 0, "find=find,findNext=findNext,findField=findField"},
        {"|-[button1]-[button2]-|", RATITE_VFL_ALIGN_ALL_TOP | RATITE_VFL_ALIGN_ALL_BOTTOM, NULL},
        {"H:|-[label]-[field]-|", RATITE_VFL_ALIGN_ALL_LAST_BASELINE | RATITE_VFL_ALIGN_ALL_FIRST_BASELINE, NULL},
        {"|-(==8@750)-[button1(>=60)]-[button2(==button1)]-(8)-|", RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, NULL},
        {"|-[button1]-[button2]-[find]", RATITE_VFL_DIRECTION_RIGHT_TO_LEFT | RATITE_VFL_ALIGN_ALL_CENTER_Y, NULL},
        {"|-[button1]-[button2]", RATITE_VFL_DIRECTION_LEFT_TO_RIGHT | RATITE_VFL_ALIGN_ALL_CENTER_Y, NULL},
        {"V:|-20-[label]-8-[field(==label)]-(>=20)-|", RATITE_VFL_ALIGN_ALL_LEADING | RATITE_VFL_ALIGN_ALL_CENTER_X,
         NULL},
        {"V:[label]-[field]", RATITE_VFL_SPACING_BASELINE_TO_BASELINE, NULL},
        {"H:|-m-[button(==w@p)]-(>=m)-|", 0, NULL},
        {"H:|[left(==50)][right]|", 0, "left=button1,right=button2"},
        /* A later binding of a name wins, as in ratite_engine_vfl. */
        {"H:|[left(==50)]", 0, "left=button1,left=button2"},
        {"H: |-(m)-[button(==textField.width*2+1)] // comment\nV: |[button(==30@strong)]-[textField]",
         RATITE_VFL_EXTENDED, NULL},
        {"[button]", 0, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) check_parse_matches_vfl(&cases[i]);
}

/* The row, record by record. */
static void test_parse_records(void) {
    struct parse_fixture f;
    parse_fixture_init(&f);
    const ratite_item root = parse_item(&f, "root"), find = parse_item(&f, "find");
    const ratite_item next = parse_item(&f, "findNext"), field = parse_item(&f, "findField");
    const ratite_view_binding views[3] = {{"find", 4, find}, {"findNext", 8, next}, {"findField", 9, field}};
    const char *format = "|-[find]-[findNext]-[findField(>=20)]-|";
    const uint64_t before = constraint_count(f.e);
    ratite_vfl_constraint out[6];
    memset(out, 0xA5, sizeof out);
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_parse(f.e, format, strlen(format), NULL, 0, views, 3, 0, out, 6, &count), RATITE_OK);
    CHECK(count == 5);
    const ratite_vfl_constraint expected[5] = {
        {find, RATITE_ATTRIBUTE_LEADING, RATITE_RELATION_EQUAL, root, RATITE_ATTRIBUTE_LEADING, 1, 20, 1000},
        {next, RATITE_ATTRIBUTE_LEADING, RATITE_RELATION_EQUAL, find, RATITE_ATTRIBUTE_TRAILING, 1, 8, 1000},
        {field, RATITE_ATTRIBUTE_LEADING, RATITE_RELATION_EQUAL, next, RATITE_ATTRIBUTE_TRAILING, 1, 8, 1000},
        {field, RATITE_ATTRIBUTE_WIDTH, RATITE_RELATION_GREATER_OR_EQUAL, RATITE_NO_ITEM,
         RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE, 1, 20, 1000},
        {root, RATITE_ATTRIBUTE_TRAILING, RATITE_RELATION_EQUAL, field, RATITE_ATTRIBUTE_TRAILING, 1, 20, 1000},
    };
    for (size_t i = 0; i < 5; i++) {
        const ratite_vfl_constraint *r = &out[i], *x = &expected[i];
        CHECK(r->item1 == x->item1 && r->attribute1 == x->attribute1 && r->relation == x->relation);
        CHECK(r->item2 == x->item2 && r->attribute2 == x->attribute2);
        CHECK(r->multiplier == x->multiplier && r->constant == x->constant && r->priority == x->priority);
    }
    /* The rest of the buffer is untouched, and nothing was activated. */
    const unsigned char *tail = (const unsigned char *)&out[5];
    for (size_t i = 0; i < sizeof out[5]; i++) CHECK(tail[i] == 0xA5);
    CHECK(constraint_count(f.e) == before);
    /* The engine's spacing, metrics, and a right-to-left row with left/right edges. */
    const ratite_metric metrics[1] = {{"gap", 3, 5}};
    format = "|-gap-[find]-[findNext]";
    CHECK_STATUS(ratite_engine_vfl_parse(f.e, format, strlen(format), metrics, 1, NULL, 0,
                                         RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, out, 6, &count),
                 RATITE_OK);
    CHECK(count == 2);
    CHECK(out[0].item1 == root && out[0].attribute1 == RATITE_ATTRIBUTE_RIGHT && out[0].item2 == find);
    CHECK(out[0].attribute2 == RATITE_ATTRIBUTE_RIGHT && out[0].constant == 5);
    CHECK(out[1].item1 == find && out[1].attribute1 == RATITE_ATTRIBUTE_LEFT && out[1].item2 == next);
    CHECK(out[1].attribute2 == RATITE_ATTRIBUTE_RIGHT && out[1].constant == 8);
    ratite_engine_free(f.e);
}

/* Right to left, Apple reverses the views: each alignment names the later view (on the
 * left) first, per pair in the format's order; left to right the earlier one comes first. */
static void test_parse_right_to_left_alignments(void) {
    struct parse_fixture f;
    parse_fixture_init(&f);
    const ratite_item find = parse_item(&f, "find"), next = parse_item(&f, "findNext");
    const ratite_item field = parse_item(&f, "findField");
    const char *format = "[find][findNext][findField]";
    const uint32_t align = RATITE_VFL_ALIGN_ALL_TOP | RATITE_VFL_ALIGN_ALL_FIRST_BASELINE;
    ratite_vfl_constraint out[6];
    size_t count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_parse(f.e, format, strlen(format), NULL, 0, NULL, 0,
                                         align | RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, out, 6, &count),
                 RATITE_OK);
    CHECK(count == 6);
    const ratite_item first[6] = {find, next, next, next, field, field};
    const ratite_item second[6] = {next, field, find, find, next, next};
    const ratite_attribute attribute[6] = {
        RATITE_ATTRIBUTE_LEFT, RATITE_ATTRIBUTE_LEFT, RATITE_ATTRIBUTE_TOP,
        RATITE_ATTRIBUTE_FIRST_BASELINE, RATITE_ATTRIBUTE_TOP, RATITE_ATTRIBUTE_FIRST_BASELINE,
    };
    for (size_t i = 0; i < 6 && count == 6; i++) {
        CHECK(out[i].item1 == first[i] && out[i].item2 == second[i] && out[i].attribute1 == attribute[i]);
        CHECK(out[i].relation == RATITE_RELATION_EQUAL && out[i].constant == 0);
        CHECK(out[i].attribute2 == (i < 2 ? RATITE_ATTRIBUTE_RIGHT : attribute[i]));
    }
    /* Left to right, explicitly or by default: the earlier view first. */
    const uint32_t directions[2] = {RATITE_VFL_DIRECTION_LEFT_TO_RIGHT, RATITE_VFL_DIRECTION_LEADING_TO_TRAILING};
    for (size_t d = 0; d < 2; d++) {
        count = SENTINEL_SIZE;
        CHECK_STATUS(ratite_engine_vfl_parse(f.e, format, strlen(format), NULL, 0, NULL, 0, align | directions[d], out,
                                             6, &count),
                     RATITE_OK);
        CHECK(count == 6);
        CHECK(out[2].item1 == find && out[2].item2 == next && out[2].attribute1 == RATITE_ATTRIBUTE_TOP);
        CHECK(out[5].item1 == next && out[5].item2 == field && out[5].attribute1 == RATITE_ATTRIBUTE_FIRST_BASELINE);
    }
    ratite_engine_free(f.e);
}

struct parse_error_case {
    const char *format;
    size_t length;
    uint32_t options;
    const char *bindings;
};

/* Every failure as ratite_engine_vfl_check's: the status, the message, and for parse
 * errors the offset and the rendering; the outputs untouched. */
static void test_parse_errors_match_check(void) {
    static const struct parse_error_case cases[] = {
        {"V|[button]|", 11, 0, NULL},
        {"H:[button]-[zz]", 15, 0, NULL},
        {"H:[button(>=zz)]", 16, 0, NULL},
        {"[button]-[textField]", 20, RATITE_VFL_ALIGN_ALL_LEFT, NULL},
        {"V:[button]-[textField]", 22, RATITE_VFL_ALIGN_ALL_TOP, NULL},
        {"[button]-[textField]", 20, RATITE_VFL_SPACING_BASELINE_TO_BASELINE, NULL},
        {"H: [button] - [textField]", 25, 0, NULL},
        {"H:[button(==10@1001)]", 21, 0, NULL},
        {"H:[button(==10@0)]", 18, 0, NULL},
        {"H:[button(==inf)]", 17, 0, NULL},
        {"H:[\xc3\xa9]", 6, 0, NULL},
        {"H:[button]\0[textField]", 22, 0, NULL},
        {"", 0, 0, NULL},
        {"H:[button]-[textField]\nV:[button]-[", 35, RATITE_VFL_EXTENDED, NULL},
        {"V: [button] -- [textField]", 26, RATITE_VFL_EXTENDED, NULL},
        {"[button(==textField*textField)]", 31, RATITE_VFL_EXTENDED, NULL},
        {"[left]-[button]", 15, 0, "left=button1"},
        {"[button]-(==button)-[textField]", 31, 0, NULL},
        /* '|' next to a root view, a view of another hierarchy. (A zero multiplier is a
         * size's, which Apple accepts: see test_zero_multiplier_size.) */
        {"|[root]|", 8, 0, NULL},
        {"[button(==stranger)]", 20, 0, NULL},
        /* The superview error wins over an invalid constraint earlier in the format. */
        {"[button(==stranger)]\n|[root]", 28, RATITE_VFL_EXTENDED, NULL},
        /* Not UTF-8, unknown option bits. */
        {"H:[button]\xff", 11, 0, NULL},
        {"H:[button]", 10, 1u << 20, NULL},
        {"H:[button]", 10, RATITE_VFL_DIRECTION_LEFT_TO_RIGHT | RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, NULL},
    };
    struct parse_fixture f;
    parse_fixture_init(&f);
    const uint64_t before = constraint_count(f.e);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct parse_error_case *c = &cases[i];
        char names[8][32];
        ratite_view_binding views[8];
        size_t nviews = parse_bindings(&f, c->bindings, names, views);
        size_t checked = SENTINEL_SIZE, count = SENTINEL_SIZE;
        ratite_status expected =
            ratite_engine_vfl_check(f.e, c->format, c->length, parse_metrics, 3, views, nviews, c->options, &checked);
        char message[512], rendering[512];
        snprintf(message, sizeof message, "%s", ratite_engine_last_error(f.e));
        snprintf(rendering, sizeof rendering, "%s", ratite_engine_last_error_rendering(f.e));
        size_t expected_offset = SENTINEL_SIZE, offset = SENTINEL_SIZE;
        ratite_status has_offset = ratite_engine_last_error_offset(f.e, &expected_offset);
        ratite_vfl_constraint out[4];
        memset(out, 0x5A, sizeof out);
        ratite_status status = ratite_engine_vfl_parse(f.e, c->format, c->length, parse_metrics, 3, views, nviews,
                                                       c->options, out, 4, &count);
        CHECK(expected != RATITE_OK);
        CHECK_STATUS(status, expected);
        CHECK_STR(ratite_engine_last_error(f.e), message);
        CHECK_STR(ratite_engine_last_error_rendering(f.e), rendering);
        CHECK_STATUS(ratite_engine_last_error_offset(f.e, &offset), has_offset);
        CHECK(offset == expected_offset);
        CHECK(count == SENTINEL_SIZE && checked == SENTINEL_SIZE);
        const unsigned char *bytes = (const unsigned char *)out;
        for (size_t k = 0; k < sizeof out; k++) CHECK(bytes[k] == 0x5A);
    }
    CHECK(constraint_count(f.e) == before);
    ratite_engine_free(f.e);
}

static void test_parse_arguments(void) {
    struct parse_fixture f;
    parse_fixture_init(&f);
    ratite_engine *e = f.e;
    const uint64_t before = constraint_count(e);
    const char *format = "|-[button]-[textField]-|"; /* 3 constraints */
    const size_t length = strlen(format);
    ratite_vfl_constraint out[4];
    memset(out, 0x5A, sizeof out);
    size_t count = SENTINEL_SIZE;
    /* Capacity too small: the number needed, INVALID_ARGUMENT, the buffer untouched. */
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, out, 2, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == 3);
    CHECK_CONTAINS(ratite_engine_last_error(e), "the format makes 3 constraints; capacity is 2");
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, NULL, 0, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(count == 3);
    const unsigned char *bytes = (const unsigned char *)out;
    for (size_t k = 0; k < sizeof out; k++) CHECK(bytes[k] == 0x5A);
    /* Exactly enough; no room needed for no constraints. */
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, out, 3, &count), RATITE_OK);
    CHECK(count == 3);
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_parse(e, "[button]", 8, NULL, 0, NULL, 0, 0, NULL, 0, &count), RATITE_OK);
    CHECK(count == 0);
    /* NULL arguments, absurd counts. */
    count = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_parse(NULL, format, length, NULL, 0, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, out, 4, NULL),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, NULL, 4, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, NULL, 3, NULL, 0, NULL, 0, 0, out, 4, &count), RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 1, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 2, 0, out, 4, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, (size_t)-1, NULL, 0, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, NULL, 0, 0, out, (size_t)-1, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, parse_metrics, (size_t)-1, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_INVALID_ARGUMENT);
    /* Bad metrics and bindings. */
    const ratite_metric nan_metric[2] = {{"m", 1, 1}, {"gap", 3, NAN}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, nan_metric, 2, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_NON_FINITE);
    CHECK_CONTAINS(ratite_engine_last_error(e), "metric 'gap' is not finite");
    const ratite_metric infinite[1] = {{"gap", 3, INFINITY}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, infinite, 1, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_NON_FINITE);
    const ratite_metric nul_metric[1] = {{"g\0p", 3, 1}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, nul_metric, 1, NULL, 0, 0, out, 4, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_view_binding bad_id[1] = {{"button", 6, 12345}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, bad_id, 1, 0, out, 4, &count),
                 RATITE_ERROR_UNKNOWN);
    ratite_engine *other = new_engine();
    const ratite_view_binding foreign[1] = {{"button", 6, view(other, "button", RATITE_NO_ITEM)}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, foreign, 1, 0, out, 4, &count),
                 RATITE_ERROR_UNKNOWN);
    ratite_engine_free(other);
    const ratite_view_binding bad_utf8[1] = {{"\xc3(", 2, parse_item(&f, "button")}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, bad_utf8, 1, 0, out, 4, &count),
                 RATITE_ERROR_INVALID_UTF8);
    const ratite_view_binding null_name[1] = {{NULL, 1, parse_item(&f, "button")}};
    CHECK_STATUS(ratite_engine_vfl_parse(e, format, length, NULL, 0, null_name, 1, 0, out, 4, &count),
                 RATITE_ERROR_NULL_ARGUMENT);
    /* A binding whose name is canonically equivalent to the format's (the Kelvin sign is K)
     * answers to it, as in ratite_engine_vfl's dictionary. */
    const ratite_view_binding kelvin[2] = {{"\xe2\x84\xaa", 3, parse_item(&f, "button")},
                                           {"b", 1, parse_item(&f, "textField")}};
    size_t checked = SENTINEL_SIZE;
    CHECK_STATUS(ratite_engine_vfl_check(e, "[K]-[b]", 7, NULL, 0, kelvin, 2, 0, &checked), RATITE_OK);
    CHECK_STATUS(ratite_engine_vfl_parse(e, "[K]-[b]", 7, NULL, 0, kelvin, 2, 0, out, 4, &count), RATITE_OK);
    CHECK(count == checked && count == 1);
    CHECK(out[0].item2 == parse_item(&f, "button"));
    CHECK(constraint_count(e) == before);
    ratite_engine_free(e);
}

void run_vfl_tests(void) {
    test_platform();
    test_zero_multiplier_size();
    test_views_by_name();
    test_bindings();
    test_metrics();
    test_options();
    test_unknown_option_bits();
    test_extended_syntax();
    test_capacity();
    test_parse_errors();
    test_other_failures();
    test_conflicts_default();
    test_conflicts_strict();
    test_label_and_field();
    test_check();
    test_check_superview_error();
    test_parse_matches_vfl();
    test_parse_records();
    test_parse_right_to_left_alignments();
    test_parse_errors_match_check();
    test_parse_arguments();
}
