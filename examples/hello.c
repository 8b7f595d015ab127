/* hello.c: the seed recipe through the C interface. A label and a text field in a row:
 * the label keeps its intrinsic width and the field takes the rest. The same recipe as
 * examples/label-field.layout, with the same frames: on iOS (the engine's default
 * platform) VFL's |- pins to the root's layout margins (8).
 *
 *   cc hello.c $(pkg-config --cflags --libs ratite) -o hello && ./hello
 */
#include <ratite.h>
#include <stdio.h>
#include <string.h>

static int check(ratite_engine *engine, ratite_status status, const char *what) {
    if (status == RATITE_OK) return 0;
    fprintf(stderr, "%s: %s: %s\n", what, ratite_status_string(status), ratite_engine_last_error(engine));
    return 1;
}

int main(void) {
    ratite_engine *engine = NULL;
    if (ratite_engine_new(&engine) != RATITE_OK) return 1;
    ratite_item root, label, field, guide;
    int failed = 0;
    failed |= check(engine, ratite_engine_set_platform(engine, RATITE_PLATFORM_IOS), "platform");
    failed |= check(engine, ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root), "root");
    failed |= check(engine, ratite_engine_item_set_size(engine, root, 320, 480), "size");
    /* A top layout guide: the 20-point status bar. */
    double status_bar[4] = {0, 0, 460, 0};
    failed |= check(engine, ratite_engine_guide_add(engine, "top", 3, root, status_bar, &guide), "guide");
    failed |= check(engine, ratite_engine_view_add(engine, "label", 5, root, &label), "label");
    failed |= check(engine, ratite_engine_view_add(engine, "field", 5, root, &field), "field");
    failed |= check(engine, ratite_engine_item_set_intrinsic_size(engine, label, 42, 21), "label size");
    failed |= check(engine, ratite_engine_item_set_hugging(engine, label, RATITE_AXIS_HORIZONTAL, 251), "hugging");
    failed |= check(engine, ratite_engine_item_set_baseline_offsets(engine, label, 17, 4), "label baseline");
    failed |= check(engine, ratite_engine_item_set_intrinsic_size(engine, field, 97, 30), "field size");
    failed |= check(engine, ratite_engine_item_set_baseline_offsets(engine, field, 21, 9), "field baseline");
    if (failed) return 1;

    ratite_layout_constraint ids[8];
    size_t count = 0;
    const char *row = "H:|-[label]-[field]-|";
    ratite_status status = ratite_engine_vfl(engine, row, strlen(row), NULL, 0, NULL, 0,
                                             RATITE_VFL_ALIGN_ALL_LAST_BASELINE, ids, 8, &count);
    if (status == RATITE_ERROR_PARSE) {
        fprintf(stderr, "%s\n", ratite_engine_last_error_rendering(engine));
        return 1;
    }
    if (check(engine, status, "row")) return 1;
    const char *column = "V:[top]-20-[field]";
    if (check(engine, ratite_engine_vfl(engine, column, strlen(column), NULL, 0, NULL, 0, 0, ids, 8, &count), "column"))
        return 1;

    if (check(engine, ratite_engine_layout(engine), "layout")) return 1;
    ratite_item items[] = {root, guide, label, field};
    const char *names[] = {"root", "top", "label", "field"};
    for (int i = 0; i < 4; i++) {
        ratite_frame f;
        ratite_engine_item_frame(engine, items[i], &f);
        printf("%s: %g %g %g %g\n", names[i], f.x, f.y, f.width, f.height);
    }
    ratite_engine_free(engine);
    return 0;
}
