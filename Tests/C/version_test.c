/* ratite_version, the version macros, ratite_status_string and ratite_string_free. */
#include <ratite.h>
#include <stdio.h>
#include <string.h>
#include "test_support.h"

static void test_version(void) {
    int32_t major = -1, minor = -1, patch = -1;
    const char *text = ratite_version(&major, &minor, &patch);
    CHECK(text != NULL);
    CHECK(major == RATITE_VERSION_MAJOR);
    CHECK(minor == RATITE_VERSION_MINOR);
    CHECK(patch == RATITE_VERSION_PATCH);
    char expected[64];
    snprintf(expected, sizeof expected, "%d.%d.%d", RATITE_VERSION_MAJOR, RATITE_VERSION_MINOR, RATITE_VERSION_PATCH);
    CHECK_STR(text, expected);
    CHECK_STR(text, "0.2.0");

    /* Any output pointer may be NULL; the string is static. */
    CHECK(ratite_version(NULL, NULL, NULL) == text);
    int32_t only_minor = -1;
    CHECK(ratite_version(NULL, &only_minor, NULL) == text);
    CHECK(only_minor == RATITE_VERSION_MINOR);
    int32_t only_patch = -1;
    CHECK(ratite_version(NULL, NULL, &only_patch) == text);
    CHECK(only_patch == RATITE_VERSION_PATCH);
    int32_t only_major = -1;
    CHECK(ratite_version(&only_major, NULL, NULL) == text);
    CHECK(only_major == RATITE_VERSION_MAJOR);
}

static void test_status_strings(void) {
    /* One distinct, non-empty description per status code. */
    const char *strings[RATITE_ERROR_NUMERICAL + 1];
    for (ratite_status s = RATITE_OK; s <= RATITE_ERROR_NUMERICAL; s++) {
        strings[s] = ratite_status_string(s);
        CHECK(strings[s] != NULL);
        CHECK(strings[s] != NULL && strings[s][0] != '\0');
        CHECK(ratite_status_string(s) == strings[s]); /* static: the same pointer every time */
        for (ratite_status t = RATITE_OK; t < s; t++) CHECK(strcmp(strings[s], strings[t]) != 0);
    }
    CHECK_STR(ratite_status_string(RATITE_OK), "ok");
    CHECK_STR(ratite_status_string(RATITE_ERROR_NULL_ARGUMENT), "NULL argument");
    CHECK_STR(ratite_status_string(RATITE_ERROR_INVALID_ARGUMENT), "invalid argument");
    CHECK_STR(ratite_status_string(RATITE_ERROR_NON_FINITE), "non-finite number");
    CHECK_STR(ratite_status_string(RATITE_ERROR_INVALID_PRIORITY), "invalid priority");
    CHECK_STR(ratite_status_string(RATITE_ERROR_INVALID_UTF8), "invalid UTF-8");
    CHECK_STR(ratite_status_string(RATITE_ERROR_UNKNOWN), "unknown id or name");
    CHECK_STR(ratite_status_string(RATITE_ERROR_DUPLICATE), "duplicate");
    CHECK_STR(ratite_status_string(RATITE_ERROR_UNSATISFIABLE), "unsatisfiable required constraints");
    CHECK_STR(ratite_status_string(RATITE_ERROR_PARSE), "parse error");
    CHECK_STR(ratite_status_string(RATITE_ERROR_INVALID_CONSTRAINT), "invalid constraint");
    CHECK_STR(ratite_status_string(RATITE_ERROR_IN_USE), "in use");
    CHECK_STR(ratite_status_string(RATITE_ERROR_INTERNAL), "internal error");
    CHECK_STR(ratite_status_string(RATITE_ERROR_NUMERICAL), "answer not verified");

    /* Codes outside the table: still a string, never NULL, never one of the real ones. */
    const ratite_status outside[] = {-1, RATITE_ERROR_NUMERICAL + 1, 100, INT32_MAX, INT32_MIN};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++) {
        const char *text = ratite_status_string(outside[i]);
        CHECK_STR(text, "unknown status");
        for (ratite_status t = RATITE_OK; t <= RATITE_ERROR_INTERNAL; t++) CHECK(text != strings[t]);
    }
}

static void test_string_free(void) {
    /* NULL is a no-op; a real string is freed (valgrind and LeakSanitizer would complain
     * otherwise). */
    ratite_string_free(NULL);
    ratite_solver *s = NULL;
    CHECK_STATUS(ratite_solver_new(&s), RATITE_OK);
    char *dump = NULL;
    CHECK_STATUS(ratite_solver_dump(s, &dump), RATITE_OK);
    CHECK(dump != NULL);
    ratite_string_free(dump);
    ratite_solver_free(s);
    /* Freeing NULL handles is a no-op too. */
    ratite_solver_free(NULL);
    ratite_engine_free(NULL);
}

static void test_constants(void) {
    /* The documented values of the enums and flags (they mirror Apple's numbering). */
    CHECK(RATITE_ATTRIBUTE_LEFT == 1 && RATITE_ATTRIBUTE_CENTER_Y_WITHIN_MARGINS == 20);
    CHECK(RATITE_ATTRIBUTE_LAST_BASELINE == 11 && RATITE_ATTRIBUTE_FIRST_BASELINE == 12);
    CHECK(RATITE_VFL_ALIGN_ALL_TOP == (1u << RATITE_ATTRIBUTE_TOP));
    CHECK(RATITE_VFL_ALIGN_ALL_LAST_BASELINE == (1u << RATITE_ATTRIBUTE_LAST_BASELINE));
    CHECK(RATITE_VFL_ALIGN_ALL_CENTER_X == (1u << RATITE_ATTRIBUTE_CENTER_X));
    CHECK(RATITE_NO_ITEM == 0);
    CHECK(RATITE_PRIORITY_REQUIRED == 1000.0 && RATITE_PRIORITY_WEAK == 250.0);
    /* Apple's named priorities. */
    CHECK(RATITE_PRIORITY_DEFAULT_HIGH == 750.0 && RATITE_PRIORITY_DEFAULT_LOW == 250.0);
    CHECK(RATITE_PRIORITY_DRAG_THAT_CAN_RESIZE_SCENE == 510.0 && RATITE_PRIORITY_WINDOW_SIZE_STAY_PUT == 500.0);
    CHECK(RATITE_PRIORITY_DRAG_THAT_CANNOT_RESIZE_SCENE == 490.0 && RATITE_PRIORITY_FITTING_SIZE_LEVEL == 50.0);
    CHECK(sizeof(ratite_variable) == 8 && sizeof(ratite_item) == 8 && sizeof(ratite_layout_constraint) == 8);
}

void run_version_tests(void) {
    test_version();
    test_status_strings();
    test_string_free();
    test_constants();
}
