/* The layout engine through the C interface: views and guides, sizes, intrinsic sizes with
 * hugging and compression resistance, margins, baselines, layout direction, autoresizing,
 * frames and ambiguity, constraints (add, activate, deactivate, remove, constant, priority),
 * strict and non-strict conflicts, layout and changed items, reports, the form family (built
 * by the fixtures' ratite_engine_build_form) and statistics. Frames are worked out by hand
 * in the comments. */
#include <ratite.h>
#include <ratite_fixtures.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "test_support.h"

static ratite_layout_constraint add(ratite_engine *e, ratite_item item1, ratite_attribute attribute1,
                                    ratite_relation relation, ratite_item item2, ratite_attribute attribute2,
                                    double multiplier, double constant, double priority) {
    ratite_layout_constraint c = 0;
    ratite_status status = ratite_engine_constraint_add(e, item1, attribute1, relation, item2, attribute2, multiplier,
                                                        constant, priority, NULL, 0, &c);
    if (status != RATITE_OK) fprintf(stderr, "    constraint_add: %s\n", ratite_engine_last_error(e));
    CHECK_STATUS(status, RATITE_OK);
    return c;
}

/* item.attribute == constant (a size), required. */
static ratite_layout_constraint fix(ratite_engine *e, ratite_item item, ratite_attribute attribute, double constant) {
    return add(e, item, attribute, EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, constant, 1000);
}

/* item.attribute == other.attribute + constant, required. */
static ratite_layout_constraint pin(ratite_engine *e, ratite_item item, ratite_attribute attribute, ratite_item other,
                                    ratite_attribute other_attribute, double constant) {
    return add(e, item, attribute, EQ, other, other_attribute, 1, constant, 1000);
}

static int ambiguous(ratite_engine *e, ratite_item item) {
    int32_t out = -1;
    CHECK_STATUS(ratite_engine_item_is_ambiguous(e, item, &out), RATITE_OK);
    CHECK(out == 0 || out == 1);
    return out;
}

static int active(ratite_engine *e, ratite_layout_constraint c) {
    int32_t out = -1;
    CHECK_STATUS(ratite_engine_constraint_is_active(e, c, &out), RATITE_OK);
    return out;
}

static ratite_solver_statistics stats(ratite_engine *e) {
    ratite_solver_statistics st;
    memset(&st, 0xA5, sizeof st);
    CHECK_STATUS(ratite_engine_statistics_get(e, &st), RATITE_OK);
    return st;
}

/* The caller frees the report. */
static char *conflicts(ratite_engine *e) {
    char *text = NULL;
    CHECK_STATUS(ratite_engine_conflict_report(e, &text), RATITE_OK);
    CHECK(text != NULL);
    return text;
}

static int count_occurrences(const char *text, const char *needle) {
    int n = 0;
    for (const char *p = text ? strstr(text, needle) : NULL; p; p = strstr(p + 1, needle)) n++;
    return n;
}

static void test_items(void) {
    ratite_engine *e = new_engine();
    ratite_solver_statistics st = stats(e);
    CHECK(st.constraints == 0 && st.variables == 0 && st.rows == 0 && st.pivots == 0);
    ratite_item root = view(e, "root", RATITE_NO_ITEM);
    CHECK(root != RATITE_NO_ITEM);
    CHECK(stats(e).variables == 4);   /* left, top, width, height */
    CHECK(stats(e).constraints == 2); /* a root sits at the origin */
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 200, 100), RATITE_OK);
    CHECK(stats(e).constraints == 4);
    ratite_item a = view(e, "a", root);
    CHECK(a != root && a != RATITE_NO_ITEM);

    /* A guide pinned by insets (top, leading, bottom, trailing) and a free one. */
    const double insets[4] = {10, 20, 30, 40};
    ratite_item g = 0, free_guide = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "g", 1, root, insets, &g), RATITE_OK);
    CHECK_STATUS(ratite_engine_guide_add(e, "free", 4, root, NULL, &free_guide), RATITE_OK);
    CHECK(stats(e).variables == 16);
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 200, 100);
    CHECK_FRAME(e, g, 20, 10, 140, 60);
    CHECK(ambiguous(e, g) == 0);
    CHECK(ambiguous(e, free_guide) == 1);
    CHECK(ambiguous(e, root) == 0);

    /* Lookup by name. */
    ratite_item found = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_find(e, "g", 1, &found), RATITE_OK);
    CHECK(found == g);
    CHECK_STATUS(ratite_engine_item_find(e, "root", 4, &found), RATITE_OK);
    CHECK(found == root);
    found = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_find(e, "zz", 2, &found), RATITE_ERROR_UNKNOWN);
    CHECK(found == SENTINEL_ID);
    CHECK_STR(ratite_engine_last_error(e), "no item named 'zz'");

    /* Names are unique across views and guides. */
    ratite_item dup = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_view_add(e, "a", 1, root, &dup), RATITE_ERROR_DUPLICATE);
    CHECK_STR(ratite_engine_last_error(e), "an item named 'a' already exists");
    CHECK_STATUS(ratite_engine_guide_add(e, "a", 1, root, NULL, &dup), RATITE_ERROR_DUPLICATE);
    CHECK_STATUS(ratite_engine_view_add(e, "g", 1, RATITE_NO_ITEM, &dup), RATITE_ERROR_DUPLICATE);
    /* Every item needs a name. */
    CHECK_STATUS(ratite_engine_view_add(e, "", 0, root, &dup), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_view_add(e, NULL, 0, root, &dup), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_guide_add(e, NULL, 0, root, NULL, &dup), RATITE_ERROR_INVALID_ARGUMENT);
    /* Guides have no subviews and own no guides; a guide needs an owner. */
    CHECK_STATUS(ratite_engine_view_add(e, "x", 1, g, &dup), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_CONTAINS(ratite_engine_last_error(e), "is a layout guide");
    CHECK_STATUS(ratite_engine_guide_add(e, "x", 1, g, NULL, &dup), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_guide_add(e, "x", 1, RATITE_NO_ITEM, NULL, &dup), RATITE_ERROR_UNKNOWN);
    CHECK(dup == SENTINEL_ID);
    CHECK_STATUS(ratite_engine_item_find(e, "x", 1, &found), RATITE_ERROR_UNKNOWN);
    CHECK(stats(e).variables == 16);

    /* A second hierarchy, and UTF-8 names. */
    ratite_item other = view(e, "other root", RATITE_NO_ITEM);
    ratite_item accent = view(e, "\xc3\xa9tiquette", other);
    CHECK_STATUS(ratite_engine_item_find(e, "\xc3\xa9tiquette", 10, &found), RATITE_OK);
    CHECK(found == accent);
    ratite_engine_free(e);
}

static void test_sizes(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 320, 480);
    ratite_item a = view(e, "a", root);
    ratite_item g = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "g", 1, root, NULL, &g), RATITE_OK);
    CHECK_FRAME(e, root, 0, 0, 0, 0); /* frames change at layout */
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 320, 480);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 100, 50.5), RATITE_OK);
    CHECK(stats(e).constraints == 4); /* resizing changes constants, adds nothing */
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 100, 50.5);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 0, 0), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 0, 0);
    /* Only root views take a size, and not a negative one. */
    CHECK_STATUS(ratite_engine_item_set_size(e, a, 10, 10), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STR(ratite_engine_last_error(e), "'a' is not a root view");
    CHECK_STATUS(ratite_engine_item_set_size(e, g, 10, 10), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, -1, 10), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 10, -0.5), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, NAN, 10), RATITE_ERROR_NON_FINITE);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 10, INFINITY), RATITE_ERROR_NON_FINITE);
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 0, 0);
    ratite_engine_free(e);
}

static void test_intrinsic_size(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    pin(e, a, A(LEFT), root, A(LEFT), 0);
    pin(e, a, A(TOP), root, A(TOP), 0);
    layout(e);
    CHECK(ambiguous(e, a) == 1);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, a, 50, 20), RATITE_OK);
    CHECK(stats(e).constraints == 6 + 4); /* hugging and compression per axis */
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 20);
    CHECK(ambiguous(e, a) == 0);

    /* width >= 80 @500 beats hugging (250). */
    ratite_layout_constraint wide = add(e, a, A(WIDTH), GE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 80, 500);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 80, 20);
    /* Hugging 600 beats it. */
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, RATITE_AXIS_HORIZONTAL, 600), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 20);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, wide, 800), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 80, 20);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, wide, 30), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 20);
    /* width <= 20 @700 beats compression resistance lowered to 300, but not width >= 30 @800. */
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, RATITE_AXIS_HORIZONTAL, 300), RATITE_OK);
    add(e, a, A(WIDTH), LE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 20, 700);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 20);
    /* Vertically: height >= 40 @500 against hugging 250, then hugging 600. */
    add(e, a, A(HEIGHT), GE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 40, 500);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 40);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, RATITE_AXIS_VERTICAL, 600), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 20);
    /* Compression resistance vertical above the hugging: height <= 10 @650 loses to it. */
    add(e, a, A(HEIGHT), LE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 10, 650);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 20);
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, RATITE_AXIS_VERTICAL, 640), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 10);
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, RATITE_AXIS_VERTICAL, RATITE_PRIORITY_REQUIRED), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 20);

    /* A negative value means no intrinsic metric on that axis. */
    CHECK(stats(e).constraints == 14);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, a, -1, 20), RATITE_OK);
    CHECK(stats(e).constraints == 12);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 20); /* width >= 30 @800 and width <= 20 @700 */
    CHECK(ambiguous(e, a) == 0);
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, a, -1, -1), RATITE_OK);
    CHECK(stats(e).constraints == 10);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 10); /* height <= 10 @650 beats height >= 40 @500 */
    CHECK_STATUS(ratite_engine_item_set_intrinsic_size(e, a, 0, 0), RATITE_OK); /* 0 is a size */
    CHECK(stats(e).constraints == 14);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 30, 0); /* hugging 600 to 0; compression is required */
    CHECK(ambiguous(e, a) == 0);

    /* Bad axes and priorities. */
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, 2, 300), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, -1, 300), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, 7, 300), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, RATITE_AXIS_VERTICAL, 0), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_item_set_compression(e, a, RATITE_AXIS_VERTICAL, 1000.5), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_item_set_hugging(e, a, RATITE_AXIS_VERTICAL, NAN), RATITE_ERROR_NON_FINITE);
    ratite_engine_free(e);
}

static void test_margins(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root), c = view(e, "c", root);
    pin(e, a, A(LEADING), root, A(LEADING_MARGIN), 0);
    pin(e, a, A(TOP), root, A(TOP_MARGIN), 0);
    pin(e, a, A(TRAILING), root, A(TRAILING_MARGIN), 0);
    pin(e, a, A(BOTTOM), root, A(BOTTOM_MARGIN), 0);
    layout(e);
    CHECK_FRAME(e, a, 8, 8, 184, 84); /* the default margins are 8 */
    /* Margins: top 1, leading 2, bottom 3, trailing 4. */
    CHECK_STATUS(ratite_engine_item_set_margins(e, root, 1, 2, 3, 4), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 2, 1, 194, 96);
    /* The absolute and centring margin attributes: centerXWithinMargins is the centre moved
     * by (leading - trailing) / 2 = -1, so 99; centerYWithinMargins (top - bottom) / 2 = -1,
     * so 49. */
    pin(e, b, A(CENTER_X), root, A(CENTER_X_WITHIN_MARGINS), 0);
    pin(e, b, A(CENTER_Y), root, A(CENTER_Y_WITHIN_MARGINS), 0);
    fix(e, b, A(WIDTH), 10);
    fix(e, b, A(HEIGHT), 10);
    pin(e, c, A(LEFT), root, A(LEFT_MARGIN), 0);
    pin(e, c, A(RIGHT), root, A(RIGHT_MARGIN), 0);
    pin(e, c, A(TOP), root, A(TOP), 0);
    fix(e, c, A(HEIGHT), 5);
    layout(e);
    CHECK_FRAME(e, b, 94, 44, 10, 10);
    CHECK_FRAME(e, c, 2, 0, 194, 5);
    /* Negative margins are allowed (content outside the edges). */
    CHECK_STATUS(ratite_engine_item_set_margins(e, root, -1, -2, -3, -4), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, -2, -1, 206, 104);
    ratite_engine_free(e);
}

static void test_baselines(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    /* a: 0, 10, 50 × 40 (bottom 50). b: right of a, 10 × 30, first baseline on a's last. */
    pin(e, a, A(LEFT), root, A(LEFT), 0);
    pin(e, a, A(TOP), root, A(TOP), 10);
    fix(e, a, A(WIDTH), 50);
    fix(e, a, A(HEIGHT), 40);
    pin(e, b, A(LEFT), a, A(RIGHT), 8);
    fix(e, b, A(WIDTH), 10);
    fix(e, b, A(HEIGHT), 30);
    pin(e, b, A(FIRST_BASELINE), a, A(LAST_BASELINE), 0);
    layout(e);
    CHECK_FRAME(e, b, 58, 20, 10, 30); /* without offsets, baselines are the bottoms */
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, b, 20, 25), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 58, 30, 10, 30); /* b.top + 20 == 50 */
    /* a's last baseline is measured from its bottom: 34 above it. */
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, 5, 34), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 58, -4, 10, 30); /* b.top + 20 == 10 + 40 - 34 */
    CHECK_STATUS(ratite_engine_item_clear_baselines(e, b), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 58, -14, 10, 30); /* b.top + 30 == 16 */
    CHECK_STATUS(ratite_engine_item_clear_baselines(e, a), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 58, 20, 10, 30);
    /* The first baseline of a: b.lastBaseline == a.firstBaseline. */
    ratite_layout_constraint first = pin(e, b, A(LAST_BASELINE), a, A(FIRST_BASELINE), 0);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, 12, 10), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, b, 2, 28), RATITE_OK);
    layout(e);
    CHECK(active(e, first) == 1);
    /* b.top + 2 == a.bottom - 10 = 40 (first on last) and b.top + 2 == a.top + 12 = 22 (last on
     * first) cannot both hold: in the default mode one was broken and reported. */
    char *report = conflicts(e);
    CHECK_CONTAINS(report, "Unable to simultaneously satisfy constraints.");
    ratite_string_free(report);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, NAN, 1), RATITE_ERROR_NON_FINITE);
    CHECK_STATUS(ratite_engine_item_set_baseline_offsets(e, a, 1, -INFINITY), RATITE_ERROR_NON_FINITE);
    ratite_engine_free(e);
}

static void test_direction(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item b = view(e, "b", root), c = view(e, "c", root), d = view(e, "d", root);
    /* b starts 10 after the leading edge, 30 wide; c 5 after b's trailing edge, 40 wide; d
     * is placed with left, which does not follow the direction. */
    pin(e, b, A(LEADING), root, A(LEADING), 10);
    fix(e, b, A(WIDTH), 30);
    pin(e, c, A(LEADING), b, A(TRAILING), 5);
    fix(e, c, A(WIDTH), 40);
    pin(e, d, A(LEFT), root, A(LEFT), 7);
    fix(e, d, A(WIDTH), 1);
    ratite_item items[] = {b, c, d};
    for (size_t i = 0; i < 3; i++) {
        pin(e, items[i], A(TOP), root, A(TOP), 0);
        fix(e, items[i], A(HEIGHT), 10);
    }
    layout(e);
    CHECK_FRAME(e, b, 10, 0, 30, 10);
    CHECK_FRAME(e, c, 45, 0, 40, 10);
    CHECK_FRAME(e, d, 7, 0, 1, 10);
    /* Right to left on the root: the children inherit it; leading is the right edge. */
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 160, 0, 30, 10);
    CHECK_FRAME(e, c, 115, 0, 40, 10);
    CHECK_FRAME(e, d, 7, 0, 1, 10);
    const ratite_item *changed = NULL;
    size_t count = 0;
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 2 && changed[0] == b && changed[1] == c);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_LEFT_TO_RIGHT), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 10, 0, 30, 10);
    CHECK_FRAME(e, c, 45, 0, 40, 10);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_OK);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_INHERIT), RATITE_OK); /* default: LTR */
    layout(e);
    CHECK_FRAME(e, b, 10, 0, 30, 10);
    CHECK_FRAME(e, c, 45, 0, 40, 10);
    char *report = conflicts(e);
    CHECK_STR(report, "");
    ratite_string_free(report);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, 3), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, -1), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_direction(e, b, INT32_MAX), RATITE_ERROR_INVALID_ARGUMENT);
    layout(e);
    CHECK_FRAME(e, b, 10, 0, 30, 10);
    ratite_engine_free(e);
}

/* Changing the direction (or the margins) changes several constraints that only hold
 * together: both edges of a view pinned with leading and trailing, a guide pinned by its
 * insets. The change is valid, so it must succeed in strict mode and report no conflict in
 * the default mode, with the mirrored frames. */
static void test_direction_with_both_edges(int strict) {
    ratite_engine *e = new_engine();
    CHECK_STATUS(ratite_engine_set_strict(e, strict), RATITE_OK);
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    const double insets[4] = {1, 2, 3, 4};
    ratite_item g = 0;
    CHECK_STATUS(ratite_engine_guide_add(e, "g", 1, root, insets, &g), RATITE_OK);
    pin(e, a, A(LEADING), root, A(LEADING), 10);
    pin(e, a, A(TRAILING), root, A(TRAILING), -20);
    pin(e, a, A(TOP), root, A(TOP), 0);
    fix(e, a, A(HEIGHT), 10);
    layout(e);
    CHECK_FRAME(e, a, 10, 0, 170, 10);
    CHECK_FRAME(e, g, 2, 1, 194, 96);
    CHECK_STATUS(ratite_engine_item_set_direction(e, root, RATITE_DIRECTION_RIGHT_TO_LEFT), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 20, 0, 170, 10);
    CHECK_FRAME(e, g, 4, 1, 194, 96);
    char *report = conflicts(e);
    CHECK_STR(report, "");
    ratite_string_free(report);
    ratite_engine_free(e);

    /* Margins: the leading margin grows by as much as the trailing one shrinks. */
    e = new_engine();
    CHECK_STATUS(ratite_engine_set_strict(e, strict), RATITE_OK);
    root = root_view(e, 200, 100);
    a = view(e, "a", root);
    pin(e, a, A(LEADING), root, A(LEADING_MARGIN), 0);
    pin(e, a, A(TRAILING), root, A(TRAILING_MARGIN), 0);
    fix(e, a, A(WIDTH), 184);
    pin(e, a, A(TOP), root, A(TOP), 0);
    fix(e, a, A(HEIGHT), 10);
    CHECK_STATUS(ratite_engine_item_set_margins(e, root, 0, 10, 0, 6), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 10, 0, 184, 10);
    report = conflicts(e);
    CHECK_STR(report, "");
    ratite_string_free(report);
    ratite_engine_free(e);
}

static void test_direction_with_both_edges_default(void) {
    test_direction_with_both_edges(0);
}

static void test_direction_with_both_edges_strict(void) {
    test_direction_with_both_edges(1);
}

static void test_autoresizing(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 300, 200);
    ratite_item b = view(e, "b", root);
    const ratite_frame f = {10, 20, 30, 40};
    /* No flexible part: the frame stays as it is. */
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &f, 0), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 10, 20, 30, 40);
    CHECK(ambiguous(e, b) == 0);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 400, 300), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 10, 20, 30, 40);
    /* Flexible width and top margin take all the growth on their axes. */
    CHECK_STATUS(ratite_engine_item_set_autoresizing(
                     e, b, &f, RATITE_AUTORESIZING_FLEXIBLE_WIDTH | RATITE_AUTORESIZING_FLEXIBLE_TOP_MARGIN),
                 RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 10, 20, 30, 40);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 500, 400), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 10, 120, 130, 40);
    /* Flexible left and right margins of 50 each share the growth equally; the height and
     * bottom margin grow in proportion, 10 and 90 of 100. */
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 200, 100), RATITE_OK);
    layout(e);
    const ratite_frame g = {50, 0, 100, 10};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &g,
                                                     RATITE_AUTORESIZING_FLEXIBLE_LEFT_MARGIN |
                                                         RATITE_AUTORESIZING_FLEXIBLE_RIGHT_MARGIN |
                                                         RATITE_AUTORESIZING_FLEXIBLE_HEIGHT |
                                                         RATITE_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN),
                 RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 50, 0, 100, 10);
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 300, 200), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 100, 0, 100, 20);
    /* NULL stops translating: nothing holds the frame any more. */
    CHECK(stats(e).constraints == 4 + 4);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, NULL, 0), RATITE_OK);
    CHECK(stats(e).constraints == 4);
    layout(e);
    CHECK(ambiguous(e, b) == 1);
    /* Bad masks and frames. */
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &f, 1u << 6), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &f, 0xFFFFFFFFu), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, NULL, 1u << 31), RATITE_ERROR_INVALID_ARGUMENT);
    const ratite_frame negative = {0, 0, -1, 10};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &negative, 0), RATITE_ERROR_INVALID_ARGUMENT);
    const ratite_frame nan_frame = {NAN, 0, 1, 10};
    CHECK_STATUS(ratite_engine_item_set_autoresizing(e, b, &nan_frame, 0), RATITE_ERROR_NON_FINITE);
    CHECK(stats(e).constraints == 4);
    ratite_engine_free(e);
}

static void test_ambiguity_report(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 100, 100);
    ratite_item v = view(e, "v", root);
    pin(e, v, A(LEFT), root, A(LEFT), 0);
    pin(e, v, A(TOP), root, A(TOP), 0);
    layout(e);
    CHECK(ambiguous(e, root) == 0);
    CHECK(ambiguous(e, v) == 1);
    char *text = NULL;
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &text), RATITE_OK);
    CHECK_STR(text, "Ambiguous layout (root coordinates):\n"
                    "  v.width = 0 can be anywhere in [-inf, inf]\n"
                    "  v.height = 0 can be anywhere in [-inf, inf]\n");
    ratite_string_free(text);
    /* An inequality bounds the range. */
    add(e, v, A(WIDTH), GE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 5, 1000);
    add(e, v, A(WIDTH), LE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 25, 1000);
    fix(e, v, A(HEIGHT), 3);
    layout(e);
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &text), RATITE_OK);
    CHECK_CONTAINS(text, "  v.width = ");
    CHECK_CONTAINS(text, " can be anywhere in [5, 25]\n");
    CHECK(strstr(text, "v.height") == NULL);
    ratite_string_free(text);
    add(e, v, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 20, 1);
    layout(e);
    CHECK(ambiguous(e, v) == 0);
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &text), RATITE_OK);
    CHECK_STR(text, "");
    ratite_string_free(text);
    CHECK_FRAME(e, v, 0, 0, 20, 3);
    ratite_engine_free(e);
}

static void test_constraints(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root), b = view(e, "b", root);
    ratite_layout_constraint left = pin(e, a, A(LEFT), root, A(LEFT), 10);
    fix(e, a, A(WIDTH), 50);
    pin(e, a, A(TOP), root, A(TOP), 0);
    fix(e, a, A(HEIGHT), 20);
    layout(e);
    CHECK_FRAME(e, a, 10, 0, 50, 20);
    CHECK(active(e, left) == 1);
    ratite_solver_statistics st = stats(e);

    /* The fast path: a constant change. */
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, left, 30), RATITE_OK);
    CHECK(stats(e).constraints == st.constraints);
    layout(e);
    CHECK_FRAME(e, a, 30, 0, 50, 20);
    /* Deactivate, change while inactive, activate. */
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, left), RATITE_OK);
    CHECK(active(e, left) == 0);
    CHECK(stats(e).constraints == st.constraints - 1);
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, left), RATITE_OK); /* already inactive */
    layout(e);
    CHECK(ambiguous(e, a) == 1);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, left, 40), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, left), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, left), RATITE_OK); /* already active */
    CHECK(active(e, left) == 1);
    CHECK(stats(e).constraints == st.constraints);
    layout(e);
    CHECK_FRAME(e, a, 40, 0, 50, 20);
    CHECK(ambiguous(e, a) == 0);

    /* An active constraint cannot move between required and optional; an inactive one can. */
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, left, 500), RATITE_ERROR_INVALID_CONSTRAINT);
    CHECK_CONTAINS(ratite_engine_last_error(e), "between required and optional");
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, left), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, left, 500), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, left), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 40, 0, 50, 20);
    /* Optional priorities change in place: a.left == 70 @600 beats it, until it is 700. */
    ratite_layout_constraint other = add(e, a, A(LEFT), EQ, root, A(LEFT), 1, 70, 600);
    layout(e);
    CHECK_FRAME(e, a, 70, 0, 50, 20);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, left, 700), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 40, 0, 50, 20);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, other, 1000), RATITE_ERROR_INVALID_CONSTRAINT);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, other, 0), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, other, 1001), RATITE_ERROR_INVALID_PRIORITY);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, other, NAN), RATITE_ERROR_NON_FINITE);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, other, INFINITY), RATITE_ERROR_NON_FINITE);

    /* Remove: deactivates and forgets the id. */
    CHECK_STATUS(ratite_engine_constraint_remove(e, other), RATITE_OK);
    int32_t is = -7;
    CHECK_STATUS(ratite_engine_constraint_is_active(e, other, &is), RATITE_ERROR_UNKNOWN);
    CHECK(is == -7);
    CHECK_CONTAINS(ratite_engine_last_error(e), "unknown layout constraint id");
    CHECK_STATUS(ratite_engine_constraint_activate(e, other), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, other), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, other, 1), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_set_priority(e, other, 1), RATITE_ERROR_UNKNOWN);
    CHECK_STATUS(ratite_engine_constraint_remove(e, other), RATITE_ERROR_UNKNOWN);
    /* The slot is reused under a new id. */
    ratite_layout_constraint reused = fix(e, b, A(WIDTH), 11);
    CHECK(reused != other);
    CHECK_STATUS(ratite_engine_constraint_is_active(e, other, &is), RATITE_ERROR_UNKNOWN);

    /* Multipliers, constants against a size. */
    add(e, b, A(HEIGHT), EQ, a, A(HEIGHT), 1.1, 0, 1000);
    pin(e, b, A(LEFT), a, A(RIGHT), 0);
    pin(e, b, A(CENTER_Y), a, A(CENTER_Y), 0);
    layout(e);
    CHECK_FRAME(e, b, 90, -1, 11, 22);
    ratite_item c = view(e, "c", root);
    add(e, c, A(WIDTH), EQ, a, A(WIDTH), 0.5, 5, 1000);
    add(e, c, A(HEIGHT), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 7, 1000);
    pin(e, c, A(CENTER_X), root, A(CENTER_X), 0);
    pin(e, c, A(BOTTOM), root, A(BOTTOM), 0);
    add(e, c, A(WIDTH), LE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 1000, 1000);
    layout(e);
    CHECK_FRAME(e, c, 85, 93, 30, 7);

    /* Constraints Auto Layout rejects: INVALID_CONSTRAINT and nothing added. */
    ratite_item lonely = view(e, "lonely", RATITE_NO_ITEM);
    st = stats(e);
    struct {
        ratite_item item1;
        ratite_attribute attribute1;
        ratite_item item2;
        ratite_attribute attribute2;
        double multiplier;
    } invalid[] = {
        {a, A(LEFT), b, A(TOP), 1},                          /* mixed axes */
        {a, A(LEADING), b, A(LEFT), 1},                      /* leading against left */
        {a, A(RIGHT), b, A(TRAILING_MARGIN), 1},             /* right against a directional margin */
        {a, A(WIDTH), b, A(LEFT), 1},                        /* size against position */
        {a, A(LEFT), RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1}, /* a position against a constant */
        {a, A(LEFT), b, A(NOT_AN_ATTRIBUTE), 1},             /* a second item without attribute */
        {a, A(WIDTH), RATITE_NO_ITEM, A(WIDTH), 1},          /* an attribute without second item */
        {a, A(NOT_AN_ATTRIBUTE), b, A(LEFT), 1},             /* no first attribute */
        {a, A(LEFT), lonely, A(LEFT), 1},                    /* no common ancestor */
        {a, A(LEFT), b, A(LEFT), 0},                         /* a location with multiplier 0 */
    };
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++) {
        ratite_layout_constraint out = SENTINEL_ID;
        CHECK_STATUS(ratite_engine_constraint_add(e, invalid[i].item1, invalid[i].attribute1, EQ, invalid[i].item2,
                                                  invalid[i].attribute2, invalid[i].multiplier, 0, 1000, NULL, 0, &out),
                     RATITE_ERROR_INVALID_CONSTRAINT);
        CHECK(out == SENTINEL_ID);
    }
    ratite_solver_statistics after = stats(e);
    CHECK(after.constraints == st.constraints);
    layout(e);
    CHECK_FRAME(e, a, 40, 0, 50, 20);

    /* An identifier names the constraint in reports; NULL with length 0 is none. */
    ratite_layout_constraint named = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 51, 1000,
                                              "wantsMoreXYZ", 9, &named),
                 RATITE_OK);
    char *report = conflicts(e);
    CHECK_CONTAINS(report, "'wantsMore' a.width == 51");
    CHECK(strstr(report, "XYZ") == NULL);
    ratite_string_free(report);
    ratite_engine_free(e);
}

/* Auto Layout forbids relating a vertical position to a horizontal one, but a size may be
 * related to the other size: aspect ratios (height == width × 2) are ordinary constraints. */
static void test_aspect_ratio(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item b = view(e, "b", root);
    pin(e, b, A(LEFT), root, A(LEFT), 0);
    pin(e, b, A(TOP), root, A(TOP), 0);
    fix(e, b, A(WIDTH), 11);
    ratite_layout_constraint ratio = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, b, A(HEIGHT), EQ, b, A(WIDTH), 2, 0, 1000, NULL, 0, &ratio),
                 RATITE_OK);
    layout(e);
    CHECK_FRAME(e, b, 0, 0, 11, 22);
    /* Positions across axes stay invalid. */
    ratite_layout_constraint bad = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, b, A(TOP), EQ, root, A(LEFT), 1, 0, 1000, NULL, 0, &bad),
                 RATITE_ERROR_INVALID_CONSTRAINT);
    CHECK(bad == SENTINEL_ID);
    ratite_engine_free(e);
}

static void test_conflicts_default_mode(void) {
    ratite_engine *e = new_engine();
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    pin(e, a, A(LEFT), root, A(LEFT), 0);
    pin(e, a, A(TOP), root, A(TOP), 0);
    fix(e, a, A(HEIGHT), 10);
    ratite_layout_constraint first = 0, second = 0;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 50, 1000,
                                              "first", 5, &first),
                 RATITE_OK);
    char *report = conflicts(e);
    CHECK_STR(report, "");
    ratite_string_free(report);
    /* The conflicting constraint is accepted, broken, and reported, as Auto Layout does. */
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 60, 1000,
                                              "second", 6, &second),
                 RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 10);
    CHECK(active(e, second) == 1);
    report = conflicts(e);
    CHECK_STR(report, "Unable to simultaneously satisfy constraints.\n"
                      "  At least one of these constraints is one you don't want:\n"
                      "    'first' a.width == 50\n"
                      "    'second' a.width == 60\n"
                      "  Will attempt to recover by breaking constraint\n"
                      "    'second' a.width == 60\n");
    ratite_string_free(report);
    /* Deactivated, made consistent and activated again, it holds without a new report. */
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, second), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, second, 50), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, second), RATITE_OK);
    /* A constant change that conflicts breaks a constraint too. */
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, first, 55), RATITE_OK);
    layout(e);
    report = conflicts(e);
    CHECK(count_occurrences(report, "Unable to simultaneously satisfy constraints.") == 2);
    ratite_string_free(report);
    ratite_engine_free(e);
}

static void test_conflicts_strict_mode(void) {
    ratite_engine *e = new_engine();
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    ratite_item root = root_view(e, 200, 100);
    ratite_item a = view(e, "a", root);
    pin(e, a, A(LEFT), root, A(LEFT), 0);
    pin(e, a, A(TOP), root, A(TOP), 0);
    fix(e, a, A(HEIGHT), 10);
    ratite_layout_constraint first = 0;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 50, 1000,
                                              "first", 5, &first),
                 RATITE_OK);
    layout(e);
    ratite_solver_statistics st = stats(e);
    ratite_layout_constraint second = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_constraint_add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 60, 1000,
                                              "second", 6, &second),
                 RATITE_ERROR_UNSATISFIABLE);
    CHECK(second == SENTINEL_ID);
    CHECK_CONTAINS(ratite_engine_last_error(e), "Unable to simultaneously satisfy constraints.");
    CHECK_CONTAINS(ratite_engine_last_error(e), "'first' a.width == 50");
    CHECK_CONTAINS(ratite_engine_last_error(e), "'second' a.width == 60");
    CHECK(strstr(ratite_engine_last_error(e), "Will attempt to recover") == NULL);
    CHECK(stats(e).constraints == st.constraints);
    char *report = conflicts(e);
    CHECK_STR(report, ""); /* nothing was broken */
    ratite_string_free(report);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 50, 10);

    /* A constant change that cannot hold fails and leaves the old constant in force. */
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, first, 70), RATITE_OK);
    add(e, a, A(WIDTH), LE, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 100, 1000);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, first, 120), RATITE_ERROR_UNSATISFIABLE);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 70, 10);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, first, 90), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, a, 0, 0, 90, 10);
    /* Activating a conflicting inactive constraint fails too, and it stays inactive. */
    ratite_layout_constraint narrow = add(e, a, A(WIDTH), EQ, RATITE_NO_ITEM, A(NOT_AN_ATTRIBUTE), 1, 90, 1000);
    CHECK_STATUS(ratite_engine_constraint_deactivate(e, narrow), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_set_constant(e, narrow, 10), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, narrow), RATITE_ERROR_UNSATISFIABLE);
    CHECK(active(e, narrow) == 0);
    /* Back to the default mode: the same activation succeeds and is reported. */
    CHECK_STATUS(ratite_engine_set_strict(e, 0), RATITE_OK);
    CHECK_STATUS(ratite_engine_constraint_activate(e, narrow), RATITE_OK);
    CHECK(active(e, narrow) == 1);
    report = conflicts(e);
    CHECK(count_occurrences(report, "Unable to simultaneously satisfy constraints.") == 1);
    ratite_string_free(report);
    ratite_engine_free(e);
}

static void test_layout_and_changed_items(void) {
    ratite_engine *e = new_engine();
    ratite_item root = 0;
    CHECK_STATUS(ratite_engine_build_form(e, 2, &root), RATITE_OK);
    const char *names[] = {"root", "label0", "field0", "label1", "field1"};
    ratite_item items[5];
    for (size_t i = 0; i < 5; i++)
        CHECK_STATUS(ratite_engine_item_find(e, names[i], strlen(names[i]), &items[i]), RATITE_OK);
    CHECK(items[0] == root);
    const ratite_item *changed = NULL;
    size_t count = 99;
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 0); /* no layout yet */
    layout(e);
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 5);
    for (size_t i = 0; i < 5 && count == 5; i++) CHECK(changed[i] == items[i]); /* in creation order */
    layout(e);
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 0);
    /* Wider: the root and the fields change; the labels keep their frames. */
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 400, 116), RATITE_OK);
    layout(e);
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 3);
    if (count == 3) CHECK(changed[0] == items[0] && changed[1] == items[2] && changed[2] == items[4]);
    /* Taller: only the root. */
    CHECK_STATUS(ratite_engine_item_set_size(e, root, 400, 200), RATITE_OK);
    layout(e);
    CHECK_STATUS(ratite_engine_changed_items(e, &changed, &count), RATITE_OK);
    CHECK(count == 1 && changed[0] == root);
    /* The list stays valid until the next call. */
    ratite_engine_free(e);
}

static void test_build_form(void) {
    ratite_engine *e = new_engine();
    ratite_item root = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_build_form(e, 0, &root), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_build_form(e, -1, &root), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_build_form(e, INT64_MIN, &root), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_build_form(e, 10000001, &root), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK_STATUS(ratite_engine_build_form(e, 2, NULL), RATITE_ERROR_NULL_ARGUMENT);
    CHECK(root == SENTINEL_ID);
    ratite_item found = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_item_find(e, "root", 4, &found), RATITE_ERROR_UNKNOWN); /* nothing was built */
    CHECK(stats(e).variables == 0);

    CHECK_STATUS(ratite_engine_build_form(e, 2, &root), RATITE_OK);
    CHECK(root != SENTINEL_ID);
    /* 5 items; the root's 4 constraints and 13 per row (content size 8, VFL 4 + 1). */
    CHECK(stats(e).variables == 20);
    CHECK(stats(e).constraints == 30);
    layout(e);
    /* Root 320 × (20 + 38n + 20). Row i: label at the superview spacing 20, its intrinsic
     * width 40 + 37i mod 61, 21 high; the field 8 after it up to 20 before the edge, its
     * last baseline (21) on the label's (17); rows 8 apart. */
    CHECK_FRAME(e, root, 0, 0, 320, 116);
    const char *names[] = {"label0", "field0", "label1", "field1"};
    const double frames[4][4] = {{20, 20, 40, 21}, {68, 16, 232, 30}, {20, 49, 77, 21}, {105, 45, 195, 30}};
    for (size_t i = 0; i < 4; i++) {
        ratite_item item = 0;
        CHECK_STATUS(ratite_engine_item_find(e, names[i], strlen(names[i]), &item), RATITE_OK);
        CHECK_FRAME(e, item, frames[i][0], frames[i][1], frames[i][2], frames[i][3]);
        CHECK(ambiguous(e, item) == 0);
    }
    /* Into a non-empty engine: refused. */
    ratite_item again = SENTINEL_ID;
    CHECK_STATUS(ratite_engine_build_form(e, 2, &again), RATITE_ERROR_INVALID_ARGUMENT);
    CHECK(again == SENTINEL_ID);
    CHECK(stats(e).variables == 20);
    ratite_engine_free(e);

    e = new_engine();
    CHECK_STATUS(ratite_engine_build_form(e, 1, &root), RATITE_OK);
    layout(e);
    CHECK_FRAME(e, root, 0, 0, 320, 78);
    char *text = NULL;
    CHECK_STATUS(ratite_engine_ambiguity_report(e, &text), RATITE_OK);
    CHECK_STR(text, "");
    ratite_string_free(text);
    text = conflicts(e);
    CHECK_STR(text, "");
    ratite_string_free(text);
    ratite_engine_free(e);
}

static void test_strict_flag_and_errors(void) {
    ratite_engine *e = new_engine();
    CHECK_STR(ratite_engine_last_error(e), "");
    CHECK_STR(ratite_engine_last_error_rendering(e), "");
    size_t offset = 1234;
    CHECK_STATUS(ratite_engine_last_error_offset(e, &offset), RATITE_ERROR_UNKNOWN);
    CHECK(offset == 1234);
    /* Any nonzero value turns strict mode on. */
    CHECK_STATUS(ratite_engine_set_strict(e, 1), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, -5), RATITE_OK);
    CHECK_STATUS(ratite_engine_set_strict(e, 0), RATITE_OK);
    CHECK(ratite_engine_last_error(NULL) == NULL);
    CHECK(ratite_engine_last_error_rendering(NULL) == NULL);
    ratite_engine_free(e);
}

void run_engine_tests(void) {
    test_items();
    test_sizes();
    test_intrinsic_size();
    test_margins();
    test_baselines();
    test_direction();
    test_direction_with_both_edges_default();
    test_direction_with_both_edges_strict();
    test_autoresizing();
    test_ambiguity_report();
    test_constraints();
    test_aspect_ratio();
    test_conflicts_default_mode();
    test_conflicts_strict_mode();
    test_layout_and_changed_items();
    test_build_form();
    test_strict_flag_and_errors();
}
