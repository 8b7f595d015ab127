/*
 * ratite.h: the C interface of Ratite, an incremental constraint solver and Auto Layout
 * engine (with the Visual Format Language).
 *
 * Conventions
 * - Handles are opaque: ratite_solver (the constraint solver) and ratite_engine (the layout
 *   engine). Create them with *_new and free them with the matching *_free; freeing NULL is
 *   a no-op.
 * - Every fallible function returns a ratite_status. On failure the outputs are left
 *   untouched and so is the handle's state (solver, engine): a failed call changes nothing.
 *   The handle keeps a message for its last failure (ratite_solver_last_error,
 *   ratite_engine_last_error).
 * - Ids of variables, constraints and items are 64-bit values that carry their kind, the
 *   handle they belong to and a generation, so an id of the wrong kind, from another handle,
 *   or of a removed object is reported as RATITE_ERROR_UNKNOWN instead of touching something
 *   else. (Detection is exact until a slot has been reused 2^18 times, or 2^18 handles have
 *   been created since the id's handle.)
 * - Strings passed in are a pointer and a length in bytes (no terminating NUL needed), and
 *   must be UTF-8. A NULL pointer is accepted with length 0 as the empty string.
 * - Strings returned through `const char **` are owned by the handle and stay valid until the
 *   next call on that handle. Strings returned through `char **` are the caller's and are
 *   freed with ratite_string_free.
 * - Counts and lengths are size_t; values above INT32_MAX (including negative values
 *   converted to size_t) are rejected with RATITE_ERROR_INVALID_ARGUMENT.
 * - NaN, infinity and magnitudes past 1e300 are rejected everywhere with RATITE_ERROR_NON_FINITE.
 * - Threads: a handle must be used by one thread at a time; distinct handles may be used from
 *   different threads in parallel. The library has no global mutable state apart from an
 *   atomic counter that tags new handles.
 * - Crash handling: when the Swift runtime (libswiftCore, which libratite loads) starts, it
 *   installs its backtracer's signal handlers for the whole process unless the environment
 *   holds SWIFT_BACKTRACE=enable=no at that moment; then any crash or abort in the host
 *   prints "Program crashed" and a Swift backtrace. A host that keeps its own crash
 *   handling sets SWIFT_BACKTRACE=enable=no before loading the library (setenv before
 *   dlopen, or in the environment of a program linked against it); the runtime reads it
 *   only at startup, so it can be unset again afterwards. The Python package does this.
 */
#ifndef RATITE_H
#define RATITE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RATITE_VERSION_MAJOR 0
#define RATITE_VERSION_MINOR 2
#define RATITE_VERSION_PATCH 0

/* ---------------------------------------------------------------------------------------
 * Status codes
 * ------------------------------------------------------------------------------------- */

typedef int32_t ratite_status;

#define RATITE_OK 0
/** A required pointer or handle argument was NULL. */
#define RATITE_ERROR_NULL_ARGUMENT 1
/** An argument is out of range: a count or length above INT32_MAX, an unknown enum value,
 *  a negative size, an output buffer too small (see the function). */
#define RATITE_ERROR_INVALID_ARGUMENT 2
/** A NaN or infinite number. */
#define RATITE_ERROR_NON_FINITE 3
/** A priority outside (0, 1000], or a required priority where only optional ones are
 *  allowed (edit variables). */
#define RATITE_ERROR_INVALID_PRIORITY 4
/** A string that is not valid UTF-8, or a name with a NUL byte. */
#define RATITE_ERROR_INVALID_UTF8 5
/** An id that belongs to another handle or to a removed object, or an unknown name. */
#define RATITE_ERROR_UNKNOWN 6
/** Something that exists already: an edit variable, an item name. */
#define RATITE_ERROR_DUPLICATE 7
/** Required constraints that cannot hold together; see ratite_solver_last_conflict. */
#define RATITE_ERROR_UNSATISFIABLE 8
/** Malformed text: a constraint in the solve syntax, or VFL (see
 *  ratite_engine_last_error_offset and ratite_engine_last_error_rendering). */
#define RATITE_ERROR_PARSE 9
/** A layout constraint Auto Layout would reject: mixed axes, leading against left, a size
 *  against a position, a position against a constant, no common ancestor, a zero
 *  multiplier, or a priority change between required and optional on an active one. */
#define RATITE_ERROR_INVALID_CONSTRAINT 10
/** The object is still in use (a variable that constraints mention). */
#define RATITE_ERROR_IN_USE 11
/** A numerical breakdown the library could not recover from, such as a result that
 *  overflowed from finite numbers too far apart in magnitude (1e300 beside 1e-300);
 *  nothing was changed. */
#define RATITE_ERROR_INTERNAL 12
/** ratite_solver_update could not verify its answer: a required constraint still fails after
 *  the tableau was rebuilt from the constraints, which only input outside the documented range
 *  (numbers more than 2^128 apart in magnitude) causes. The values are updated all the same. */
#define RATITE_ERROR_NUMERICAL 13

/** A short, static, English description of a status code ("unknown id", ...). Never NULL. */
const char *ratite_status_string(ratite_status status);

/** The runtime version: writes the three components (any pointer may be NULL) and returns
 *  the version as a static string "MAJOR.MINOR.PATCH". */
const char *ratite_version(int32_t *major, int32_t *minor, int32_t *patch);

/** Frees a string returned through a `char **` output. NULL is a no-op. */
void ratite_string_free(char *string);

/* ---------------------------------------------------------------------------------------
 * Common types
 * ------------------------------------------------------------------------------------- */

typedef int32_t ratite_relation;
#define RATITE_RELATION_EQUAL 0
#define RATITE_RELATION_LESS_OR_EQUAL 1
#define RATITE_RELATION_GREATER_OR_EQUAL 2

/** Priorities are numbers in (0, 1000]; these are the named ones. */
#define RATITE_PRIORITY_REQUIRED 1000.0
#define RATITE_PRIORITY_STRONG 750.0
#define RATITE_PRIORITY_MEDIUM 500.0
#define RATITE_PRIORITY_WEAK 250.0
/** Apple's named priorities (UILayoutPriority, NSLayoutConstraint.Priority). */
#define RATITE_PRIORITY_DEFAULT_HIGH 750.0
#define RATITE_PRIORITY_DRAG_THAT_CAN_RESIZE_SCENE 510.0
#define RATITE_PRIORITY_WINDOW_SIZE_STAY_PUT 500.0
#define RATITE_PRIORITY_DRAG_THAT_CANNOT_RESIZE_SCENE 490.0
#define RATITE_PRIORITY_DEFAULT_LOW 250.0
#define RATITE_PRIORITY_FITTING_SIZE_LEVEL 50.0

/* ---------------------------------------------------------------------------------------
 * Solver: variables, linear constraints with priorities, edit variables.
 * ------------------------------------------------------------------------------------- */

typedef struct ratite_solver ratite_solver;
typedef uint64_t ratite_variable;
typedef uint64_t ratite_constraint;

/** The slot of an id (of any kind): an index below 2^26, unique among the live objects of
 *  that kind in one handle and reused once the object is gone. Bindings index their own
 *  arrays with it (a variable's wrapper object, say) instead of hashing whole ids; the id
 *  itself stays the only thing the library accepts. */
#define RATITE_ID_SLOT(id) ((uint32_t)((id) & 0x3FFFFFFu))

/** One term of a linear expression: coefficient × variable. */
typedef struct ratite_term {
    ratite_variable variable;
    double coefficient;
} ratite_term;

/** Counters for benchmarks and diagnostics. */
typedef struct ratite_solver_statistics {
    uint64_t pivots;            /* simplex pivots since the solver was created */
    uint64_t expansions;        /* definitions substituted while building rows */
    uint64_t values_recomputed; /* variable values recomputed by updates */
    uint64_t constraints;       /* constraints held, edit constraints included; a content-size
                                   pair held in one row counts as its two constraints */
    uint64_t variables;         /* variables alive */
    uint64_t rows;              /* tableau rows */
    uint64_t definition_rows;   /* rows that define a variable (the rest are LP rows) */
    uint64_t cells;             /* nonzero coefficients over all rows */
    uint64_t substitutions;     /* rows rewritten by substituting a row into them */
    uint64_t batched_unlinks;   /* column entries unlinked in batches, deep in long columns */
    uint64_t refinements;       /* updates whose values rounding had moved off the constraints,
                                   refined back */
    uint64_t rebuilds;          /* tableaux rebuilt from the constraints as written */
    uint64_t exact_checks;      /* decisions taken within roundoff, checked in exact arithmetic */
    uint64_t exact_corrections; /* exact checks that corrected the floating-point decision */
    uint64_t unverified_answers; /* updates that returned RATITE_ERROR_NUMERICAL */
} ratite_solver_statistics;

/** Creates an empty solver. The caller owns *out and frees it with ratite_solver_free. */
ratite_status ratite_solver_new(ratite_solver **out);

/** Frees a solver and everything it holds. NULL is a no-op. */
void ratite_solver_free(ratite_solver *solver);

/** The message of the solver's last failure ("" if none). Owned by the solver; valid until
 *  the next call on it. Never NULL for a non-NULL solver. */
const char *ratite_solver_last_error(const ratite_solver *solver);

/** After RATITE_ERROR_UNSATISFIABLE: a minimal set of required constraints that cannot hold
 *  together, in the order they were added. The constraint whose addition (or change) failed
 *  is last; when it was being added it has no id and appears as 0. The array is owned by the
 *  solver and valid until the next call on it. */
ratite_status ratite_solver_last_conflict(const ratite_solver *solver, const ratite_constraint **ids, size_t *count);

/** Creates a variable named `name` (for diagnostics and for the text syntax; names need
 *  not be unique, the text syntax uses the newest variable of a name). */
ratite_status ratite_solver_variable_new(ratite_solver *solver, const char *name, size_t name_length, ratite_variable *out);

/** Frees a variable that no constraint or edit mentions (else RATITE_ERROR_IN_USE). */
ratite_status ratite_solver_variable_free(ratite_solver *solver, ratite_variable variable);

/** The newest variable called `name`, or RATITE_ERROR_UNKNOWN. */
ratite_status ratite_solver_variable_find(ratite_solver *solver, const char *name, size_t name_length, ratite_variable *out);

/** The variable's value after the last ratite_solver_update. */
ratite_status ratite_solver_variable_value(const ratite_solver *solver, ratite_variable variable, double *out);

/** Reads `count` values in one call: values[i] receives the value of ids[i] after the last
 *  ratite_solver_update (for bindings that copy values out after every update). Every id is
 *  checked first: an unknown one fails with RATITE_ERROR_UNKNOWN (the message names its
 *  index) and `values` is untouched. `ids` and `values` may be NULL when count is 0. */
ratite_status ratite_solver_variable_values(const ratite_solver *solver, const ratite_variable *ids, size_t count,
                                            double *values);

/** The variables whose values the last ratite_solver_update changed, each once, in the
 *  order of their internal slots (not sorted by id): Auto Layout's "changed items" for the
 *  solver. The array has *count ids (as many as that update reported through `changed`); it
 *  is owned by the solver and stays valid until the next ratite_solver_update,
 *  ratite_solver_reset or ratite_solver_free (other calls leave it alone). Before any update,
 *  and after a reset, it is empty. An id in it whose variable was freed since is stale
 *  (RATITE_ERROR_UNKNOWN elsewhere). */
ratite_status ratite_solver_changed_variables(const ratite_solver *solver, const ratite_variable **ids, size_t *count);

/** The variable's name (not NUL-terminated inside; *length bytes, but a NUL follows). Owned
 *  by the solver, valid until the next call on it. */
ratite_status ratite_solver_variable_name(ratite_solver *solver, ratite_variable variable, const char **name, size_t *length);

/** Adds `Σ terms + constant  relation  0` at `priority` (in (0, 1000]). A variable may appear
 *  in several terms. On RATITE_ERROR_UNSATISFIABLE see ratite_solver_last_conflict. */
ratite_status ratite_solver_constraint_add(ratite_solver *solver, const ratite_term *terms, size_t count, double constant,
                                           ratite_relation relation, double priority, ratite_constraint *out);

/** Adds one constraint written in the `ratite solve` syntax, e.g. "x + 2*y <= 3.5 @strong";
 *  unknown names create variables. RATITE_ERROR_PARSE on malformed text (the message has
 *  the column). */
ratite_status ratite_solver_constraint_parse(ratite_solver *solver, const char *text, size_t length, ratite_constraint *out);

ratite_status ratite_solver_constraint_remove(ratite_solver *solver, ratite_constraint constraint);

/** Writes 1 if the solver holds the constraint, else 0. */
ratite_status ratite_solver_constraint_has(const ratite_solver *solver, ratite_constraint constraint, int32_t *out);

/** Changes the constant of a constraint incrementally (no rebuild). */
ratite_status ratite_solver_constraint_set_constant(ratite_solver *solver, ratite_constraint constraint, double constant);

/** Changes the priority of a constraint incrementally (a rebuild of its row when it moves
 *  between required and optional, which may fail with RATITE_ERROR_UNSATISFIABLE). */
ratite_status ratite_solver_constraint_set_priority(ratite_solver *solver, ratite_constraint constraint, double priority);

/** Makes `variable` an edit variable at `priority` (below 1000); it holds its current value
 *  until a value is suggested. */
ratite_status ratite_solver_edit_add(ratite_solver *solver, ratite_variable variable, double priority);
ratite_status ratite_solver_edit_remove(ratite_solver *solver, ratite_variable variable);
/** Writes 1 if `variable` is an edit variable, else 0. */
ratite_status ratite_solver_edit_has(const ratite_solver *solver, ratite_variable variable, int32_t *out);
/** Suggests a value for an edit variable; ratite_solver_update applies it. */
ratite_status ratite_solver_suggest(ratite_solver *solver, ratite_variable variable, double value);

/** Brings variable values up to date and checks them against the constraints as written.
 *  Writes how many changed into *changed (may be NULL); ratite_solver_changed_variables lists
 *  them. Returns RATITE_ERROR_NUMERICAL (with
 *  the values updated and *changed written) when the answer could not be verified. */
ratite_status ratite_solver_update(ratite_solver *solver, size_t *changed);

/** Removes every constraint and edit variable (variables stay, with value 0). */
ratite_status ratite_solver_reset(ratite_solver *solver);

/** The tableau in labelled sections. The caller frees *out with ratite_string_free. */
ratite_status ratite_solver_dump(const ratite_solver *solver, char **out);

ratite_status ratite_solver_statistics_get(const ratite_solver *solver, ratite_solver_statistics *out);

/* ---------------------------------------------------------------------------------------
 * Layout engine: views and guides, Auto Layout constraints, VFL.
 * ------------------------------------------------------------------------------------- */

typedef struct ratite_engine ratite_engine;
typedef uint64_t ratite_item;
typedef uint64_t ratite_layout_constraint;

/** No item: the parent of a root view, the second item of a constant-only constraint. */
#define RATITE_NO_ITEM ((ratite_item)0)

/** Layout attributes, numbered as NSLayoutAttribute. */
typedef int32_t ratite_attribute;
#define RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE 0
#define RATITE_ATTRIBUTE_LEFT 1
#define RATITE_ATTRIBUTE_RIGHT 2
#define RATITE_ATTRIBUTE_TOP 3
#define RATITE_ATTRIBUTE_BOTTOM 4
#define RATITE_ATTRIBUTE_LEADING 5
#define RATITE_ATTRIBUTE_TRAILING 6
#define RATITE_ATTRIBUTE_WIDTH 7
#define RATITE_ATTRIBUTE_HEIGHT 8
#define RATITE_ATTRIBUTE_CENTER_X 9
#define RATITE_ATTRIBUTE_CENTER_Y 10
#define RATITE_ATTRIBUTE_LAST_BASELINE 11
#define RATITE_ATTRIBUTE_FIRST_BASELINE 12
#define RATITE_ATTRIBUTE_LEFT_MARGIN 13
#define RATITE_ATTRIBUTE_RIGHT_MARGIN 14
#define RATITE_ATTRIBUTE_TOP_MARGIN 15
#define RATITE_ATTRIBUTE_BOTTOM_MARGIN 16
#define RATITE_ATTRIBUTE_LEADING_MARGIN 17
#define RATITE_ATTRIBUTE_TRAILING_MARGIN 18
#define RATITE_ATTRIBUTE_CENTER_X_WITHIN_MARGINS 19
#define RATITE_ATTRIBUTE_CENTER_Y_WITHIN_MARGINS 20

typedef int32_t ratite_axis;
#define RATITE_AXIS_HORIZONTAL 0
#define RATITE_AXIS_VERTICAL 1

/** Whose conventions VFL follows. iOS (the default): a bare `-` next to `|` pins to the
 *  superview's layout margins (`|-[a]` is a.leading == superview.leadingMargin; margins
 *  default to 8). macOS: it is the superview's edge plus 20. */
typedef int32_t ratite_platform;
#define RATITE_PLATFORM_IOS 0
#define RATITE_PLATFORM_MACOS 1

typedef int32_t ratite_direction;
#define RATITE_DIRECTION_INHERIT 0
#define RATITE_DIRECTION_LEFT_TO_RIGHT 1
#define RATITE_DIRECTION_RIGHT_TO_LEFT 2

/** Autoresizing mask flags, as UIViewAutoresizing. */
#define RATITE_AUTORESIZING_FLEXIBLE_LEFT_MARGIN (1u << 0)
#define RATITE_AUTORESIZING_FLEXIBLE_WIDTH (1u << 1)
#define RATITE_AUTORESIZING_FLEXIBLE_RIGHT_MARGIN (1u << 2)
#define RATITE_AUTORESIZING_FLEXIBLE_TOP_MARGIN (1u << 3)
#define RATITE_AUTORESIZING_FLEXIBLE_HEIGHT (1u << 4)
#define RATITE_AUTORESIZING_FLEXIBLE_BOTTOM_MARGIN (1u << 5)

/** VFL format options, as NSLayoutFormatOptions. */
#define RATITE_VFL_ALIGN_ALL_LEFT (1u << 1)
#define RATITE_VFL_ALIGN_ALL_RIGHT (1u << 2)
#define RATITE_VFL_ALIGN_ALL_TOP (1u << 3)
#define RATITE_VFL_ALIGN_ALL_BOTTOM (1u << 4)
#define RATITE_VFL_ALIGN_ALL_LEADING (1u << 5)
#define RATITE_VFL_ALIGN_ALL_TRAILING (1u << 6)
#define RATITE_VFL_ALIGN_ALL_CENTER_X (1u << 9)
#define RATITE_VFL_ALIGN_ALL_CENTER_Y (1u << 10)
#define RATITE_VFL_ALIGN_ALL_LAST_BASELINE (1u << 11)
#define RATITE_VFL_ALIGN_ALL_FIRST_BASELINE (1u << 12)
#define RATITE_VFL_DIRECTION_LEADING_TO_TRAILING 0u
#define RATITE_VFL_DIRECTION_LEFT_TO_RIGHT (1u << 16)
/** Right to left, as in Apple's parser, a horizontal format's views are reversed: `[a]-[b]`
 *  is `a.left == b.right + 8`, and each alignment names the later view first (item1 `b`,
 *  item2 `a` for `[a][b]`), where the other directions name the earlier one first. */
#define RATITE_VFL_DIRECTION_RIGHT_TO_LEFT (2u << 16)
#define RATITE_VFL_SPACING_BASELINE_TO_BASELINE (1u << 19)
/** With this flag the format uses Ratite's extended VFL syntax. */
#define RATITE_VFL_EXTENDED (1u << 30)

/** A frame in the parent's coordinates (y grows downwards). */
typedef struct ratite_frame {
    double x, y, width, height;
} ratite_frame;

/** A VFL metric: a name and its value. */
typedef struct ratite_metric {
    const char *name;
    size_t name_length;
    double value;
} ratite_metric;

/** A VFL view binding: the name a format uses for an item. */
typedef struct ratite_view_binding {
    const char *name;
    size_t name_length;
    ratite_item item;
} ratite_view_binding;

/** One constraint of a VFL format as plain data, as ratite_engine_vfl_parse writes it:
 *  `item1.attribute1 relation item2.attribute2 × multiplier + constant` at `priority`. The
 *  superview `|` appears as the id of the parent of the view on the other side of the
 *  constraint. A constant-only constraint (`[a(>=50)]`) has item2 RATITE_NO_ITEM and
 *  attribute2 RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE. */
typedef struct ratite_vfl_constraint {
    ratite_item item1;
    ratite_attribute attribute1;
    ratite_relation relation;
    ratite_item item2;
    ratite_attribute attribute2;
    double multiplier;
    double constant;
    double priority; /* in (0, 1000] */
} ratite_vfl_constraint;

/** Creates an empty engine. The caller owns *out and frees it with ratite_engine_free. */
ratite_status ratite_engine_new(ratite_engine **out);
void ratite_engine_free(ratite_engine *engine);

/** The message of the engine's last failure ("" if none), owned by the engine and valid
 *  until the next call on it. Never NULL for a non-NULL engine. */
const char *ratite_engine_last_error(const ratite_engine *engine);
/** After a VFL RATITE_ERROR_PARSE: the zero-based byte offset where parsing stopped. */
ratite_status ratite_engine_last_error_offset(const ratite_engine *engine, size_t *out);
/** After a VFL RATITE_ERROR_PARSE: Apple's three-line rendering (message, format, caret),
 *  owned by the engine and valid until the next call on it; "" otherwise. */
const char *ratite_engine_last_error_rendering(const ratite_engine *engine);

/** In strict mode unsatisfiable required constraints fail with RATITE_ERROR_UNSATISFIABLE
 *  and change nothing; otherwise (the default) the engine breaks one constraint and logs a
 *  conflict report, as Auto Layout does. */
ratite_status ratite_engine_set_strict(ratite_engine *engine, int32_t strict);
/** Sets the platform whose conventions VFL follows (RATITE_PLATFORM_IOS, the default, or
 *  RATITE_PLATFORM_MACOS) for formats parsed from then on; another value is
 *  RATITE_ERROR_INVALID_ARGUMENT and changes nothing. */
ratite_status ratite_engine_set_platform(ratite_engine *engine, ratite_platform platform);
/** Writes the engine's platform to *out. */
ratite_status ratite_engine_get_platform(const ratite_engine *engine, ratite_platform *out);

/** Adds a view named `name` (unique in the engine) under `parent`, or a root view when
 *  parent is RATITE_NO_ITEM. */
ratite_status ratite_engine_view_add(ratite_engine *engine, const char *name, size_t name_length, ratite_item parent,
                                     ratite_item *out);
/** Adds a layout guide owned by view `owner`. With `insets` (top, leading, bottom, trailing;
 *  may be NULL) it is pinned inside the owner's edges. */
ratite_status ratite_engine_guide_add(ratite_engine *engine, const char *name, size_t name_length, ratite_item owner,
                                      const double insets[4], ratite_item *out);
ratite_status ratite_engine_item_find(const ratite_engine *engine, const char *name, size_t name_length, ratite_item *out);

/** Sets a root view's size. */
ratite_status ratite_engine_item_set_size(ratite_engine *engine, ratite_item root, double width, double height);
/** Sets the intrinsic content size; a negative value means "no intrinsic metric" on that
 *  axis. */
ratite_status ratite_engine_item_set_intrinsic_size(ratite_engine *engine, ratite_item item, double width, double height);
ratite_status ratite_engine_item_set_hugging(ratite_engine *engine, ratite_item item, ratite_axis axis, double priority);
ratite_status ratite_engine_item_set_compression(ratite_engine *engine, ratite_item item, ratite_axis axis, double priority);
ratite_status ratite_engine_item_set_margins(ratite_engine *engine, ratite_item item, double top, double leading,
                                             double bottom, double trailing);
/** Sets the baseline offsets as UIKit and AppKit measure them: the first baseline
 *  `first_from_top` below the item's top, the last `last_from_bottom` above its bottom (an
 *  item stretched taller keeps its last baseline that far from its bottom). A single line
 *  of text h high with its baseline b below the top: `b, h - b`. */
ratite_status ratite_engine_item_set_baseline_offsets(ratite_engine *engine, ratite_item item, double first_from_top,
                                                      double last_from_bottom);
/** Removes the baseline offsets: baselines fall back to the bottom edge. */
ratite_status ratite_engine_item_clear_baselines(ratite_engine *engine, ratite_item item);
ratite_status ratite_engine_item_set_direction(ratite_engine *engine, ratite_item item, ratite_direction direction);
/** Translates `frame` (in the superview's coordinates) and `mask` into constraints; NULL
 *  frame stops translating. */
ratite_status ratite_engine_item_set_autoresizing(ratite_engine *engine, ratite_item item, const ratite_frame *frame,
                                                  uint32_t mask);
/** The item's frame after the last ratite_engine_layout, in its parent's coordinates. */
ratite_status ratite_engine_item_frame(const ratite_engine *engine, ratite_item item, ratite_frame *out);
/** Writes 1 if part of the item's frame can change without making the layout worse. */
ratite_status ratite_engine_item_is_ambiguous(ratite_engine *engine, ratite_item item, int32_t *out);

/** Creates and activates `item1.attribute1 relation item2.attribute2 × multiplier + constant`
 *  at `priority`; item2 is RATITE_NO_ITEM with RATITE_ATTRIBUTE_NOT_AN_ATTRIBUTE for a
 *  constant-only constraint. `identifier` (may be NULL) names it in reports. */
ratite_status ratite_engine_constraint_add(ratite_engine *engine, ratite_item item1, ratite_attribute attribute1,
                                           ratite_relation relation, ratite_item item2, ratite_attribute attribute2,
                                           double multiplier, double constant, double priority, const char *identifier,
                                           size_t identifier_length, ratite_layout_constraint *out);
ratite_status ratite_engine_constraint_activate(ratite_engine *engine, ratite_layout_constraint constraint);
ratite_status ratite_engine_constraint_deactivate(ratite_engine *engine, ratite_layout_constraint constraint);
/** Deactivates the constraint and forgets its id. */
ratite_status ratite_engine_constraint_remove(ratite_engine *engine, ratite_layout_constraint constraint);
/** The fast path: changes the constant of a constraint without rebuilding anything. */
ratite_status ratite_engine_constraint_set_constant(ratite_engine *engine, ratite_layout_constraint constraint, double constant);
ratite_status ratite_engine_constraint_set_priority(ratite_engine *engine, ratite_layout_constraint constraint, double priority);
/** Writes 1 if the constraint is active, else 0. */
ratite_status ratite_engine_constraint_is_active(const ratite_engine *engine, ratite_layout_constraint constraint, int32_t *out);

/** Parses a VFL format and activates its constraints. `views` binds names to items (NULL
 *  with view_count 0: every item by its own name); `metrics` may be NULL with count 0.
 *  `options` combines RATITE_VFL_* flags. The ids of the constraints added are written to
 *  `ids` (room for `capacity`) and their number to *count. If `capacity` is too small,
 *  nothing is added, *count receives the number needed and the result is
 *  RATITE_ERROR_INVALID_ARGUMENT. Malformed formats fail with RATITE_ERROR_PARSE; see
 *  ratite_engine_last_error_offset and ratite_engine_last_error_rendering. */
ratite_status ratite_engine_vfl(ratite_engine *engine, const char *format, size_t format_length,
                                const ratite_metric *metrics, size_t metric_count, const ratite_view_binding *views,
                                size_t view_count, uint32_t options, ratite_layout_constraint *ids, size_t capacity,
                                size_t *count);

/** Parses a VFL format exactly as ratite_engine_vfl does but activates nothing: writes the
 *  number of constraints it describes to *count. For validating formats (errors as in
 *  ratite_engine_vfl) and for measuring the parser. */
ratite_status ratite_engine_vfl_check(ratite_engine *engine, const char *format, size_t format_length,
                                      const ratite_metric *metrics, size_t metric_count,
                                      const ratite_view_binding *views, size_t view_count, uint32_t options,
                                      size_t *count);

/** Parses a VFL format into plain records and activates nothing: the constraints
 *  ratite_engine_vfl would activate, in the same order and with the same items, attributes,
 *  constants (standard and superview spacing included), multipliers and priorities, are
 *  written to `out` (room for `capacity`; may be NULL when capacity is 0) and their number
 *  to *count. Nothing is created: no constraint ids, no strings, and once the engine has
 *  parsed a format as long, no heap allocation (the engine keeps a scratch buffer).
 *
 *  Arguments and failures are those of ratite_engine_vfl_check, status for status: NULL,
 *  out-of-range and non-finite arguments, unknown option bits, unknown or foreign item ids,
 *  names that are not UTF-8 or contain NUL, parse errors (RATITE_ERROR_PARSE with
 *  ratite_engine_last_error_offset and ratite_engine_last_error_rendering), `|` next to a
 *  view without a superview (RATITE_ERROR_INVALID_ARGUMENT), and constraints activation
 *  would refuse (RATITE_ERROR_INVALID_CONSTRAINT, RATITE_ERROR_NON_FINITE). If `capacity`
 *  is too small, *count receives the number needed, `out` is untouched and the result is
 *  RATITE_ERROR_INVALID_ARGUMENT; on any other failure neither `out` nor *count is touched.
 *  The engine's layout state never changes.
 *
 *  Names in `views` and `metrics` are matched by their bytes (a linear search, meant for
 *  the handful of bindings a format uses); as in ratite_engine_vfl, a later entry wins over
 *  an earlier one of the same name, and with view_count 0 the views are the engine's items
 *  by their own names. The arrays and strings are only read during the call. */
ratite_status ratite_engine_vfl_parse(ratite_engine *engine, const char *format, size_t format_length,
                                      const ratite_metric *metrics, size_t metric_count,
                                      const ratite_view_binding *views, size_t view_count, uint32_t options,
                                      ratite_vfl_constraint *out, size_t capacity, size_t *count);

/** Solves what changed and updates frames. The items whose frames changed are available from
 *  ratite_engine_changed_items until the next call on the engine. */
ratite_status ratite_engine_layout(ratite_engine *engine);
ratite_status ratite_engine_changed_items(const ratite_engine *engine, const ratite_item **items, size_t *count);

/** Every conflict report so far as text ("" if none). Caller frees with ratite_string_free. */
ratite_status ratite_engine_conflict_report(const ratite_engine *engine, char **out);
/** The ambiguity report as text ("" if the layout is unambiguous). Caller frees with
 *  ratite_string_free. */
ratite_status ratite_engine_ambiguity_report(ratite_engine *engine, char **out);

/** Counters of the engine's solver. */
ratite_status ratite_engine_statistics_get(const ratite_engine *engine, ratite_solver_statistics *out);

/* ---------------------------------------------------------------------------------------
 * Files: the `solve` and `.layout` formats of the ratite command-line tool, run by the
 * same code the tool runs, with the same output, diagnostics and exit status.
 * ------------------------------------------------------------------------------------- */

/** The result of running a file: what `ratite solve` or `ratite layout` would print on
 *  standard output and standard error, its exit status, the error if a statement failed,
 *  and for a solve file the values. Freed with ratite_file_run_free. */
typedef struct ratite_file_run ratite_file_run;

/** Runs a `solve` file (constraints, `edit NAME [@PRIORITY]`, `suggest NAME VALUE`) as
 *  `ratite solve` does, `--json` when `json` is nonzero, in a solver of its own. A
 *  malformed or refused statement does not fail the call: it is the run's error (status
 *  65), as is an answer the solver could not verify (status 70). The call fails only for
 *  its arguments (NULL, a length past INT32_MAX, text that is not UTF-8); then *out is
 *  NULL. The caller owns *out. */
ratite_status ratite_solve_file_run(const char *text, size_t length, int32_t json, ratite_file_run **out);

/** How to run a layout file; zeroed, it overrides nothing, as `ratite layout FILE` with no
 *  options. */
typedef struct ratite_layout_file_options {
    int32_t has_size;        /* resize every root view to width x height (--size) */
    double width, height;
    int32_t right_to_left;   /* root views right-to-left unless the file sets a direction (--rtl) */
    int32_t has_platform;    /* `platform` over the file's platform lines (--platform) */
    ratite_platform platform;
    int32_t allow_conflicts; /* a broken required constraint does not set status bit 1 */
    int32_t allow_ambiguity; /* an ambiguous layout does not set status bit 2 */
    int32_t build_only;      /* apply every statement and step, lay nothing out, print nothing */
} ratite_layout_file_options;

/** One layout of a layout file, as the step callback sees it. The strings are owned by the
 *  run and valid during the callback. */
typedef struct ratite_layout_step {
    size_t index;          /* 0 for the first layout, then 1, 2, ... per `step` line */
    const char *name;      /* the text after `step` ("" if none, and for the first layout) */
    size_t line;           /* the `step` line (1-based); 0 for the first layout */
    const char *title;     /* "initial layout", "step 1: NAME", as `ratite layout` heads it */
    const char *conflicts; /* the conflict reports logged during this step, "" if none */
    const char *ambiguity; /* the ambiguity report after this layout, "" if none */
    int32_t verified;      /* 1 if the answer passed the check against the constraints */
} ratite_layout_step;

/** Called after each layout of a layout file, with the engine laid out: read frames and
 *  reports from it. Returning nonzero stops the run; the run's error is then "the step
 *  callback stopped the run" at the step's line. */
typedef int32_t (*ratite_layout_step_callback)(ratite_engine *engine, const ratite_layout_step *step, void *context);

/** Runs a `.layout` file as `ratite layout` does: builds its items, constraints, formats
 *  and steps in `engine` (NULL: an engine of the run's own), lays out before each `step`
 *  line and at the end, and calls `callback` (may be NULL) after each layout. `options` may
 *  be NULL. Items the file declares get ids as if added with ratite_engine_view_add and
 *  ratite_engine_guide_add (see ratite_engine_item_count). A statement that fails does not
 *  fail the call: it is the run's error (status 65), and what came before it stays built.
 *  The call fails only for its arguments (NULL, out-of-range lengths or sizes, an unknown
 *  platform, text that is not UTF-8); then *out is NULL and the engine is unchanged. The
 *  caller owns *out. */
ratite_status ratite_layout_file_run(ratite_engine *engine, const char *text, size_t length,
                                     const ratite_layout_file_options *options, ratite_layout_step_callback callback,
                                     void *context, ratite_file_run **out);

/** What the command-line tool prints on standard output for the run (with an error, what
 *  it printed before it). Owned by the run. */
const char *ratite_file_run_output(const ratite_file_run *run);
/** What the command-line tool prints on standard error for the run, diagnostics naming the
 *  file `file_name` (NULL: "<stdin>"), as `FILE:LINE:COLUMN: error: MESSAGE` lines. The
 *  caller frees *out with ratite_string_free. */
ratite_status ratite_file_run_diagnostics(const ratite_file_run *run, const char *file_name, size_t name_length,
                                          char **out);
/** The command-line tool's exit status for the run: 0; for a layout the bits 1 (a conflict)
 *  and 2 (ambiguous) unless the options allow them; 65 for a failed statement; 70 for an
 *  answer that could not be verified. */
int32_t ratite_file_run_status(const ratite_file_run *run);

/** The failed statement of a run, if any. */
typedef struct ratite_file_error {
    const char *message;       /* NULL when no statement failed */
    size_t line, column;       /* 1-based; columns count bytes */
    const size_t *note_lines;  /* the lines the notes point at: a conflict's constraints */
    const char *const *notes;  /* the notes' texts */
    size_t note_count;
} ratite_file_error;
/** Writes the run's failed statement to *out (message NULL if none). Strings and arrays
 *  are owned by the run. */
ratite_status ratite_file_run_error(const ratite_file_run *run, ratite_file_error *out);
/** A solve file's values: every variable by name, in order of first appearance (none after
 *  an error, and none for a layout file). The arrays are owned by the run. */
ratite_status ratite_file_run_values(const ratite_file_run *run, const char *const **names, const double **values,
                                     size_t *count);
void ratite_file_run_free(ratite_file_run *run);

/** The number of items in the engine: ids of items it made, in order of creation, are
 *  ratite_engine_item_at(0..count-1). Items are never removed. */
ratite_status ratite_engine_item_count(const ratite_engine *engine, size_t *out);
/** The id of the item created `index`-th (0-based). */
ratite_status ratite_engine_item_at(const ratite_engine *engine, size_t index, ratite_item *out);
/** An item's name (owned by the engine, valid until the next call on it; not
 *  NUL-terminated within: use the length), its parent or owner (RATITE_NO_ITEM for a root
 *  view) and whether it is a layout guide. Any output may be NULL. */
ratite_status ratite_engine_item_describe(ratite_engine *engine, ratite_item item, const char **name,
                                          size_t *name_length, ratite_item *parent, int32_t *is_guide);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* RATITE_H */
