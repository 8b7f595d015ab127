/* The vfl_c fuzz target: the VFL input through ratite.h from C, so the interface's string
 * handling (pointer + length, non-UTF-8, embedded NUL) is attacked too. The first byte
 * picks the options and the extended flag; the rest is the format, passed with its length
 * and no terminating NUL (it is copied into an exactly-sized heap buffer so that ASan sees
 * any read past the end). ratite_engine_vfl_parse is checked against ratite_engine_vfl_check
 * (by the engine's names and through bindings) before ratite_engine_vfl runs. */
#include "fuzz_vfl_c.h"

#include <math.h>
#include <ratite.h>
#include <stdlib.h>
#include <string.h>

static const uint32_t option_choices[] = {
    0, RATITE_VFL_ALIGN_ALL_TOP, RATITE_VFL_ALIGN_ALL_LEADING, RATITE_VFL_ALIGN_ALL_CENTER_Y,
    RATITE_VFL_ALIGN_ALL_LAST_BASELINE, RATITE_VFL_DIRECTION_RIGHT_TO_LEFT, RATITE_VFL_SPACING_BASELINE_TO_BASELINE,
    RATITE_VFL_ALIGN_ALL_LEFT | RATITE_VFL_DIRECTION_LEFT_TO_RIGHT, 0xFFFFFFFFu,
};

static const char *const view_names[] = {"a", "b", "c", "view", "button", "find", "x1"};
#define VIEW_COUNT (sizeof view_names / sizeof view_names[0])

/* Widens [*smallest, *largest] to take `v`'s magnitude, when it is nonzero and finite. */
static void widen(double *smallest, double *largest, double v) {
    v = fabs(v);
    if (!(v > 0 && isfinite(v))) return;
    if (v < *smallest) *smallest = v;
    if (v > *largest) *largest = v;
}

/* The start of the number after the operator at `op` (`/` or `*`), past spaces and a sign,
 * or NULL when no number follows. */
static char *operand_after(char *op) {
    char *p = op + 1;
    while (*p == ' ') p++;
    if (*p == '-' || *p == '+') p++;
    return (*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9') ? p : NULL;
}

/* The span of the numbers as written, with the spans a chain of divisions and products may
 * reach in the answer. */
static int written_spans_beyond_exact_range(const char *format, size_t length) {
    char *text = malloc(length + 1);
    if (!text) return 0;
    memcpy(text, format, length);
    text[length] = 0;
    double smallest = 1, largest = 1000;
    for (size_t i = 0; i < length; i++) {
        int starts = (text[i] >= '0' && text[i] <= '9') || (text[i] == '.' && text[i + 1] >= '0' && text[i + 1] <= '9');
        if (!starts) continue;
        char *end = NULL;
        double x = fabs(strtod(text + i, &end));
        /* The extended syntax computes: `view/6900/8.9e12` is a coefficient of 1.6e-17,
         * which no number written there shows. A chain of divisions and products (the
         * number after or before a `/` or `*`) may make any product of its operands or of
         * their reciprocals, so it counts with the largest such product and its inverse. */
        size_t before = i;
        while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '-' || text[before - 1] == '+')) before--;
        int chained = before > 0 && (text[before - 1] == '/' || text[before - 1] == '*');
        double scale = x > 0 && isfinite(x) ? fmax(x, 1 / x) : 1;
        char *operand = NULL;
        while (end && (*end == '/' || *end == '*') && (operand = operand_after(end))) {
            char *next = NULL;
            double y = fabs(strtod(operand, &next));
            widen(&smallest, &largest, y);
            if (y > 0 && isfinite(y)) scale *= fmax(y, 1 / y);
            chained = 1;
            end = next;
        }
        if (chained && !isfinite(scale)) {
            free(text);
            return 1;
        }
        widen(&smallest, &largest, x);
        if (chained) {
            widen(&smallest, &largest, scale);
            widen(&smallest, &largest, 1 / scale);
        }
        if (end > text + i) i = (size_t)(end - text) - 1;
    }
    free(text);
    return largest / smallest > 0x1p120;
}

/* Whether the numbers of the format, with the metrics and the engine's own (about 1 to
 * 1000), span more than 2^120: then exact certification may be unavailable (it takes spans
 * up to 2^128, and the engine's products widen them a little), and a decision the float
 * tableau cannot confirm is reported as RATITE_ERROR_INTERNAL (activation, nothing
 * changed) or RATITE_ERROR_NUMERICAL (layout), as documented. Two readings, either of
 * which counts: the multipliers and constants ratite_engine_vfl_parse reports, so what the
 * extended syntax computes (`view/6900/8.9e12`, `view/ 2e29`, `view/-1e10/-1e13`) counts as
 * the engine sees it; and the text's numbers with the products of their chains, for the
 * answers such chains reach (`98.1+view/1e14/2E9` beside `view/1e15/12-1E9` solves for a
 * width of 1.2e25). `needed` is the count ratite_engine_vfl_check gave; called before the
 * activation, so that the engine's last error is the activation's. */
static int spans_beyond_exact_range(ratite_engine *engine, const char *format, size_t length,
                                    const ratite_metric *metrics, uint32_t options, size_t needed) {
    if (needed == 0) return 0;
    ratite_vfl_constraint *records = malloc(needed * sizeof *records);
    if (!records) return 0;
    size_t count = 0;
    double smallest = 1, largest = 1000;
    if (ratite_engine_vfl_parse(engine, format, length, metrics, 2, NULL, 0, options, records, needed, &count) ==
        RATITE_OK) {
        for (size_t i = 0; i < count; i++) {
            widen(&smallest, &largest, records[i].multiplier);
            widen(&smallest, &largest, records[i].constant);
        }
    }
    free(records);
    return largest / smallest > 0x1p120 || written_spans_beyond_exact_range(format, length);
}

/* A copy of a string the engine owns until its next call. */
static char *copy(const char *text) {
    size_t n = strlen(text) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, text, n);
    return c;
}

/* ratite_engine_vfl_parse against ratite_engine_vfl_check: the same status, the same count
 * (or, past the 64 records' room, INVALID_ARGUMENT with the count needed), and on failure
 * the same message, offset and rendering. Returns 0 or the number of the failed check. */
static int compare_parse(ratite_engine *engine, const char *format, size_t length, const ratite_metric *metrics,
                         const ratite_view_binding *views, size_t view_count, uint32_t options) {
    size_t needed = (size_t)-1, count = (size_t)-1, checked_offset = (size_t)-1, offset = (size_t)-1;
    ratite_status checked = ratite_engine_vfl_check(engine, format, length, metrics, 2, views, view_count, options, &needed);
    char *message = copy(ratite_engine_last_error(engine));
    char *rendering = copy(ratite_engine_last_error_rendering(engine));
    ratite_status has_offset = ratite_engine_last_error_offset(engine, &checked_offset);
    ratite_vfl_constraint records[64];
    ratite_status parsed =
        ratite_engine_vfl_parse(engine, format, length, metrics, 2, views, view_count, options, records, 64, &count);
    int failed = 0;
    if (!message || !rendering) {
        failed = 0;
    } else if (checked == RATITE_OK) {
        if (needed <= 64 && (parsed != RATITE_OK || count != needed)) failed = 11;
        if (needed > 64 && (parsed != RATITE_ERROR_INVALID_ARGUMENT || count != needed)) failed = 12;
        for (size_t i = 0; parsed == RATITE_OK && i < count; i++) {
            if (records[i].item1 == RATITE_NO_ITEM) failed = 13;
            if ((records[i].item2 == RATITE_NO_ITEM) != (records[i].attribute2 == RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE)) failed = 14;
        }
    } else {
        if (parsed != checked) failed = 15;
        if (strcmp(message, ratite_engine_last_error(engine)) != 0) failed = 16;
        if (strcmp(rendering, ratite_engine_last_error_rendering(engine)) != 0) failed = 17;
        if (ratite_engine_last_error_offset(engine, &offset) != has_offset || offset != checked_offset) failed = 18;
    }
    free(message);
    free(rendering);
    return failed;
}

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
    ratite_item root, items[VIEW_COUNT];
    int failed = 0;
    if (ratite_engine_view_add(engine, "root", 4, RATITE_NO_ITEM, &root) != RATITE_OK) failed = 2;
    for (size_t i = 0; !failed && i < VIEW_COUNT; i++) {
        if (ratite_engine_view_add(engine, view_names[i], strlen(view_names[i]), root, &items[i]) != RATITE_OK) failed = 3;
    }
    ratite_metric metrics[2] = {{"m", 1, 12.5}, {"gap", 3, -4}};
    if (!failed) {
        /* The parse entry, by the engine's names and through bindings: each name bound to
         * the next view, "a" bound twice (the later binding wins) and "root" bound too. */
        failed = compare_parse(engine, format, length, metrics, NULL, 0, options);
        ratite_view_binding views[VIEW_COUNT + 2];
        for (size_t i = 0; i < VIEW_COUNT; i++) {
            views[i].name = view_names[i];
            views[i].name_length = strlen(view_names[i]);
            views[i].item = items[(i + 1) % VIEW_COUNT];
        }
        views[VIEW_COUNT] = (ratite_view_binding){"a", 1, items[2]};
        views[VIEW_COUNT + 1] = (ratite_view_binding){"root", 4, root};
        if (!failed) failed = compare_parse(engine, format, length, metrics, views, VIEW_COUNT + 2, options);
    }
    if (!failed) {
        size_t needed = 0;
        ratite_status checked = ratite_engine_vfl_check(engine, format, length, metrics, 2, NULL, 0, options, &needed);
        /* Activation may break down numerically where only parsing was checked: documented
         * (RATITE_ERROR_INTERNAL, nothing changed) for numbers too far apart for exact
         * arithmetic. */
        int beyond_exact =
            checked == RATITE_OK && spans_beyond_exact_range(engine, format, length, metrics, options, needed);
        ratite_layout_constraint ids[64];
        size_t count = 0;
        ratite_status status = ratite_engine_vfl(engine, format, length, metrics, 2, NULL, 0, options, ids, 64, &count);
        int broke_down = status == RATITE_ERROR_INTERNAL && beyond_exact;
        if (status != checked && !(checked == RATITE_OK && needed > 64) && !broke_down) failed = 4;
        if (status == RATITE_ERROR_PARSE) {
            size_t offset = (size_t)-1;
            if (ratite_engine_last_error_offset(engine, &offset) != RATITE_OK || offset > length) failed = 5;
            const char *rendering = ratite_engine_last_error_rendering(engine);
            if (!rendering || !rendering[0]) failed = 6;
        } else if (status == RATITE_OK) {
            if (count != needed) failed = 7;
            /* Every number the format can write is inside the documented range (past 1e300
             * it is refused above), so the answer must verify unless exact certification
             * cannot take the numbers' span. */
            ratite_status laid_out = ratite_engine_layout(engine);
            if (laid_out != RATITE_OK && !(laid_out == RATITE_ERROR_NUMERICAL && beyond_exact)) failed = 8;
        } else if (status != RATITE_ERROR_INVALID_UTF8 && status != RATITE_ERROR_INVALID_ARGUMENT &&
                   status != RATITE_ERROR_UNKNOWN && status != RATITE_ERROR_INVALID_CONSTRAINT &&
                   status != RATITE_ERROR_UNSATISFIABLE && status != RATITE_ERROR_NON_FINITE && !broke_down) {
            /* NON_FINITE: a number past the documented range (1e300), such as 1e301.
             * INTERNAL: a numerical breakdown (nothing changed), documented for numbers too far
             * apart for exact arithmetic, such as a refusal the float tableau found among
             * constants 10^44 apart that could not be confirmed exactly. */
            failed = 9;
        }
        if (status != RATITE_OK && !ratite_engine_last_error(engine)[0]) failed = 10;
    }
    ratite_engine_free(engine);
    free(format);
    return failed;
}
