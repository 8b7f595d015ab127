/* The vfl_c fuzz target: the VFL input through ratite.h from C, so the interface's string
 * handling (pointer + length, non-UTF-8, embedded NUL) is attacked too. The first byte
 * picks the options and the extended flag; the rest is the format, passed with its length
 * and no terminating NUL (it is copied into an exactly-sized heap buffer so that ASan sees
 * any read past the end). */
#include "fuzz_vfl_c.h"

#include <ratite.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t option_choices[] = {
    0, RATITE_VFL_ALIGN_ALL_TOP, RATITE_VFL_ALIGN_ALL_LEADING, RATITE_VFL_ALIGN_ALL_CENTER_Y,
    RATITE_VFL_ALIGN_ALL_LAST_BASELINE, RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, RATITE_VFL_SPACING_BASELINE_TO_BASELINE,
    RATITE_VFL_ALIGN_ALL_LEFT | RATITE_VFL_DIRECTION_LEFT_TO_RIGHT, 0xFFFFFFFFu,
};

static const char *const view_names[] = {"a", "b", "c", "view", "button", "find", "x1"};

int ratite_fuzz_vfl_c(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    uint32_t options = option_choices[data[0] % (sizeof option_choices / sizeof option_choices[0])];
    if (data[0] & 0x80) options |= RATITE_VFL_EXTENDED;
    size_t length = size - 1;
    char *format = malloc(length ? length : 1);
    if (!format) return 0;
    if (length) memcpy(format, data + 1, length);

    ratite_engine *engine = NULL;
    if (ratite_engine_new(&engine) != RATITE_OK) {
        free(format);
        return 1;
    }
    ratite_item root, item;
    int failed = 0;
    if (ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root) != RATITE_OK) failed = 2;
    for (size_t i = 0; !failed && i < sizeof view_names / sizeof view_names[0]; i++) {
        if (ratite_engine_view_add(engine, view_names[i], strlen(view_names[i]), root, &item) != RATITE_OK) failed = 3;
    }
    ratite_metric metrics[2] = {{"m", 1, 12.5}, {"gap", 3, -4}};
    if (!failed) {
        size_t needed = 0;
        ratite_status checked = ratite_engine_vfl_check(engine, format, length, metrics, 2, NULL, 0, options, &needed);
        ratite_layout_constraint ids[64];
        size_t count = 0;
        ratite_status status = ratite_engine_vfl(engine, format, length, metrics, 2, NULL, 0, options, ids, 64, &count);
        if (status != checked && !(checked == RATITE_OK && needed > 64)) failed = 4;
        if (status == RATITE_ERROR_PARSE) {
            size_t offset = (size_t)-1;
            if (ratite_engine_last_error_offset(engine, &offset) != RATITE_OK || offset > length) failed = 5;
            const char *rendering = ratite_engine_last_error_rendering(engine);
            if (!rendering || !rendering[0]) failed = 6;
        } else if (status == RATITE_OK) {
            if (count != needed) failed = 7;
            if (ratite_engine_layout(engine) != RATITE_OK) failed = 8;
        } else if (status != RATITE_ERROR_INVALID_UTF8 && status != RATITE_ERROR_INVALID_ARGUMENT &&
                   status != RATITE_ERROR_UNKNOWN && status != RATITE_ERROR_INVALID_CONSTRAINT &&
                   status != RATITE_ERROR_UNSATISFIABLE) {
            failed = 9;
        }
        if (status != RATITE_OK && !ratite_engine_last_error(engine)[0]) failed = 10;
    }
    ratite_engine_free(engine);
    free(format);
    return failed;
}
