/* ratite._ratite.Engine and ratite._ratite.CoreSolver: one method per ratite.h function,
 * items, constraints and variables as plain integer ids. ratite/layout.py and
 * ratite/solve.py build the Pythonic layer on them. */
#include "module.h"

/* ---------------------------------------------------------------------------------------
 * Engine
 * ------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    ratite_engine *engine;
} EngineObject;

/* Raises RatiteError for a failed engine call, with the VFL offset and rendering after a
 * parse error. Returns NULL. */
static PyObject *engine_error(EngineObject *self, ratite_status status) {
    raise_ratite_error(status, ratite_engine_last_error(self->engine));
    if (status == RATITE_ERROR_PARSE) {
        PyObject *type, *value, *traceback;
        PyErr_Fetch(&type, &value, &traceback);
        PyErr_NormalizeException(&type, &value, &traceback);
        size_t offset = 0;
        if (value && ratite_engine_last_error_offset(self->engine, &offset) == RATITE_OK) {
            PyObject *number = PyLong_FromSize_t(offset);
            PyObject *rendering = PyUnicode_FromString(ratite_engine_last_error_rendering(self->engine));
            if (number) PyObject_SetAttrString(value, "offset", number);
            if (rendering) PyObject_SetAttrString(value, "rendering", rendering);
            Py_XDECREF(number);
            Py_XDECREF(rendering);
            PyErr_Clear();
        }
        PyErr_Restore(type, value, traceback);
    }
    return NULL;
}

#define ENGINE_CALL(call)                                          \
    do {                                                           \
        ratite_status status_ = (call);                            \
        if (status_ != RATITE_OK) return engine_error(self, status_); \
    } while (0)

static PyObject *engine_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (!PyArg_ParseTuple(args, ":Engine") || (kwargs && PyDict_Size(kwargs))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "Engine() takes no arguments");
        return NULL;
    }
    EngineObject *self = (EngineObject *)alloc_instance(type);
    if (!self) return NULL;
    if (ratite_engine_new(&self->engine) != RATITE_OK) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void engine_dealloc(EngineObject *self) {
    ratite_engine_free(self->engine);
    free_instance((PyObject *)self);
}

static PyObject *engine_set_strict(EngineObject *self, PyObject *arg) {
    int strict = PyObject_IsTrue(arg);
    if (strict < 0) return NULL;
    ENGINE_CALL(ratite_engine_set_strict(self->engine, strict));
    Py_RETURN_NONE;
}

static PyObject *engine_set_platform(EngineObject *self, PyObject *arg) {
    long platform = PyLong_AsLong(arg);
    if (platform == -1 && PyErr_Occurred()) return NULL;
    ENGINE_CALL(ratite_engine_set_platform(self->engine, (ratite_platform)platform));
    Py_RETURN_NONE;
}

static PyObject *engine_get_platform(EngineObject *self, PyObject *unused) {
    ratite_platform platform = 0;
    ENGINE_CALL(ratite_engine_get_platform(self->engine, &platform));
    return PyLong_FromLong(platform);
}

static PyObject *engine_add_view(EngineObject *self, PyObject *args) {
    const char *name;
    Py_ssize_t length;
    unsigned long long parent = 0;
    if (!PyArg_ParseTuple(args, "s#|K:add_view", &name, &length, &parent)) return NULL;
    ratite_item item = 0;
    ENGINE_CALL(ratite_engine_view_add(self->engine, name, (size_t)length, parent, &item));
    return PyLong_FromUnsignedLongLong(item);
}

static PyObject *engine_add_guide(EngineObject *self, PyObject *args) {
    const char *name;
    Py_ssize_t length;
    unsigned long long owner;
    PyObject *insets_object = Py_None;
    if (!PyArg_ParseTuple(args, "s#K|O:add_guide", &name, &length, &owner, &insets_object)) return NULL;
    double insets[4];
    if (insets_object != Py_None &&
        !PyArg_ParseTuple(insets_object, "dddd;insets are (top, leading, bottom, trailing)", &insets[0], &insets[1],
                          &insets[2], &insets[3]))
        return NULL;
    ratite_item item = 0;
    ENGINE_CALL(ratite_engine_guide_add(self->engine, name, (size_t)length, owner,
                                        insets_object == Py_None ? NULL : insets, &item));
    return PyLong_FromUnsignedLongLong(item);
}

static PyObject *engine_find(EngineObject *self, PyObject *args) {
    const char *name;
    Py_ssize_t length;
    if (!PyArg_ParseTuple(args, "s#:find", &name, &length)) return NULL;
    ratite_item item = 0;
    ENGINE_CALL(ratite_engine_item_find(self->engine, name, (size_t)length, &item));
    return PyLong_FromUnsignedLongLong(item);
}

static PyObject *engine_set_size(EngineObject *self, PyObject *args) {
    unsigned long long item;
    double width, height;
    if (!PyArg_ParseTuple(args, "Kdd:set_size", &item, &width, &height)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_size(self->engine, item, width, height));
    Py_RETURN_NONE;
}

static PyObject *engine_set_intrinsic_size(EngineObject *self, PyObject *args) {
    unsigned long long item;
    double width, height;
    if (!PyArg_ParseTuple(args, "Kdd:set_intrinsic_size", &item, &width, &height)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_intrinsic_size(self->engine, item, width, height));
    Py_RETURN_NONE;
}

static PyObject *engine_set_hugging(EngineObject *self, PyObject *args) {
    unsigned long long item;
    int axis;
    double priority;
    if (!PyArg_ParseTuple(args, "Kid:set_hugging", &item, &axis, &priority)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_hugging(self->engine, item, axis, priority));
    Py_RETURN_NONE;
}

static PyObject *engine_set_compression(EngineObject *self, PyObject *args) {
    unsigned long long item;
    int axis;
    double priority;
    if (!PyArg_ParseTuple(args, "Kid:set_compression", &item, &axis, &priority)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_compression(self->engine, item, axis, priority));
    Py_RETURN_NONE;
}

static PyObject *engine_set_margins(EngineObject *self, PyObject *args) {
    unsigned long long item;
    double top, leading, bottom, trailing;
    if (!PyArg_ParseTuple(args, "Kdddd:set_margins", &item, &top, &leading, &bottom, &trailing)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_margins(self->engine, item, top, leading, bottom, trailing));
    Py_RETURN_NONE;
}

static PyObject *engine_set_baselines(EngineObject *self, PyObject *args) {
    unsigned long long item;
    double first, last;
    if (!PyArg_ParseTuple(args, "Kdd:set_baseline_offsets", &item, &first, &last)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_baseline_offsets(self->engine, item, first, last));
    Py_RETURN_NONE;
}

static PyObject *engine_clear_baselines(EngineObject *self, PyObject *args) {
    unsigned long long item;
    if (!PyArg_ParseTuple(args, "K:clear_baselines", &item)) return NULL;
    ENGINE_CALL(ratite_engine_item_clear_baselines(self->engine, item));
    Py_RETURN_NONE;
}

static PyObject *engine_set_direction(EngineObject *self, PyObject *args) {
    unsigned long long item;
    int direction;
    if (!PyArg_ParseTuple(args, "Ki:set_direction", &item, &direction)) return NULL;
    ENGINE_CALL(ratite_engine_item_set_direction(self->engine, item, direction));
    Py_RETURN_NONE;
}

static PyObject *engine_set_autoresizing(EngineObject *self, PyObject *args) {
    unsigned long long item;
    PyObject *frame_object;
    unsigned int mask = 0;
    if (!PyArg_ParseTuple(args, "KO|I:set_autoresizing", &item, &frame_object, &mask)) return NULL;
    ratite_frame frame;
    if (frame_object != Py_None &&
        !PyArg_ParseTuple(frame_object, "dddd;a frame is (x, y, width, height)", &frame.x, &frame.y, &frame.width,
                          &frame.height))
        return NULL;
    ENGINE_CALL(ratite_engine_item_set_autoresizing(self->engine, item, frame_object == Py_None ? NULL : &frame, mask));
    Py_RETURN_NONE;
}

static PyObject *engine_frame(EngineObject *self, PyObject *args) {
    unsigned long long item;
    if (!PyArg_ParseTuple(args, "K:frame", &item)) return NULL;
    ratite_frame frame;
    ENGINE_CALL(ratite_engine_item_frame(self->engine, item, &frame));
    return Py_BuildValue("(dddd)", frame.x, frame.y, frame.width, frame.height);
}

static PyObject *engine_is_ambiguous(EngineObject *self, PyObject *args) {
    unsigned long long item;
    if (!PyArg_ParseTuple(args, "K:is_ambiguous", &item)) return NULL;
    int32_t out = 0;
    ENGINE_CALL(ratite_engine_item_is_ambiguous(self->engine, item, &out));
    return PyBool_FromLong(out);
}

static PyObject *engine_add_constraint(EngineObject *self, PyObject *args) {
    unsigned long long item1, item2;
    int attribute1, relation, attribute2;
    double multiplier, constant, priority;
    const char *identifier = NULL;
    Py_ssize_t identifier_length = 0;
    if (!PyArg_ParseTuple(args, "KiiKiddd|z#:add_constraint", &item1, &attribute1, &relation, &item2, &attribute2,
                          &multiplier, &constant, &priority, &identifier, &identifier_length))
        return NULL;
    ratite_layout_constraint id = 0;
    ENGINE_CALL(ratite_engine_constraint_add(self->engine, item1, attribute1, relation, item2, attribute2, multiplier,
                                             constant, priority, identifier, (size_t)identifier_length, &id));
    return PyLong_FromUnsignedLongLong(id);
}

/* The one-id constraint calls. */
#define ID_METHOD(method, function)                                         \
    static PyObject *method(EngineObject *self, PyObject *arg) {            \
        unsigned long long id = PyLong_AsUnsignedLongLong(arg);             \
        if (PyErr_Occurred()) return NULL;                                  \
        ENGINE_CALL(function(self->engine, id));                            \
        Py_RETURN_NONE;                                                     \
    }
ID_METHOD(engine_activate, ratite_engine_constraint_activate)
ID_METHOD(engine_deactivate, ratite_engine_constraint_deactivate)
ID_METHOD(engine_remove, ratite_engine_constraint_remove)

static PyObject *engine_set_constant(EngineObject *self, PyObject *args) {
    unsigned long long id;
    double constant;
    if (!PyArg_ParseTuple(args, "Kd:set_constant", &id, &constant)) return NULL;
    ENGINE_CALL(ratite_engine_constraint_set_constant(self->engine, id, constant));
    Py_RETURN_NONE;
}

static PyObject *engine_set_priority(EngineObject *self, PyObject *args) {
    unsigned long long id;
    double priority;
    if (!PyArg_ParseTuple(args, "Kd:set_priority", &id, &priority)) return NULL;
    ENGINE_CALL(ratite_engine_constraint_set_priority(self->engine, id, priority));
    Py_RETURN_NONE;
}

static PyObject *engine_is_active(EngineObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    int32_t out = 0;
    ENGINE_CALL(ratite_engine_constraint_is_active(self->engine, id, &out));
    return PyBool_FromLong(out);
}

/* VFL arguments: a dict of metrics and a dict of views (or None for every item by name),
 * converted to the C arrays; the names stay owned by the dicts' keys. */
typedef struct {
    ratite_metric *metrics;
    size_t metric_count;
    ratite_view_binding *views;
    size_t view_count;
} VFLBindings;

static void bindings_free(VFLBindings *b) {
    PyMem_Free(b->metrics);
    PyMem_Free(b->views);
}

static int bindings_make(PyObject *metrics, PyObject *views, VFLBindings *b) {
    memset(b, 0, sizeof *b);
    PyObject *key, *value;
    Py_ssize_t position = 0;
    if (metrics != Py_None) {
        if (!PyDict_Check(metrics)) {
            PyErr_SetString(PyExc_TypeError, "metrics must be a dict of names to numbers");
            return -1;
        }
        b->metrics = PyMem_Calloc((size_t)PyDict_Size(metrics) + 1, sizeof(ratite_metric));
        if (!b->metrics) return PyErr_NoMemory(), -1;
        while (PyDict_Next(metrics, &position, &key, &value)) {
            Py_ssize_t length;
            const char *name = PyUnicode_AsUTF8AndSize(key, &length);
            double number = PyFloat_AsDouble(value);
            if (!name || PyErr_Occurred()) return bindings_free(b), -1;
            b->metrics[b->metric_count++] = (ratite_metric){name, (size_t)length, number};
        }
    }
    if (views != Py_None) {
        if (!PyDict_Check(views)) {
            PyErr_SetString(PyExc_TypeError, "views must be a dict of names to item ids");
            return bindings_free(b), -1;
        }
        b->views = PyMem_Calloc((size_t)PyDict_Size(views) + 1, sizeof(ratite_view_binding));
        if (!b->views) return bindings_free(b), PyErr_NoMemory(), -1;
        position = 0;
        while (PyDict_Next(views, &position, &key, &value)) {
            Py_ssize_t length;
            const char *name = PyUnicode_AsUTF8AndSize(key, &length);
            unsigned long long item = PyLong_AsUnsignedLongLong(value);
            if (!name || PyErr_Occurred()) return bindings_free(b), -1;
            b->views[b->view_count++] = (ratite_view_binding){name, (size_t)length, item};
        }
    }
    return 0;
}

static PyObject *engine_vfl(EngineObject *self, PyObject *args) {
    const char *format;
    Py_ssize_t length;
    PyObject *metrics = Py_None, *views = Py_None;
    unsigned int options = 0;
    if (!PyArg_ParseTuple(args, "s#|OOI:vfl", &format, &length, &metrics, &views, &options)) return NULL;
    VFLBindings b;
    if (bindings_make(metrics, views, &b) < 0) return NULL;
    size_t count = 0;
    ratite_status status = ratite_engine_vfl_check(self->engine, format, (size_t)length, b.metrics, b.metric_count,
                                                   b.views, b.view_count, options, &count);
    ratite_layout_constraint *ids = NULL;
    if (status == RATITE_OK) {
        ids = PyMem_Calloc(count + 1, sizeof(ratite_layout_constraint));
        if (!ids) {
            bindings_free(&b);
            return PyErr_NoMemory();
        }
        status = ratite_engine_vfl(self->engine, format, (size_t)length, b.metrics, b.metric_count, b.views,
                                   b.view_count, options, ids, count, &count);
    }
    bindings_free(&b);
    if (status != RATITE_OK) {
        PyMem_Free(ids);
        return engine_error(self, status);
    }
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *number = PyLong_FromUnsignedLongLong(ids[i]);
        if (!number) Py_CLEAR(list);
        else PyList_SetItem(list, (Py_ssize_t)i, number); /* cannot fail: a new list, i in range */
    }
    PyMem_Free(ids);
    return list;
}

static PyObject *engine_vfl_parse(EngineObject *self, PyObject *args) {
    const char *format;
    Py_ssize_t length;
    PyObject *metrics = Py_None, *views = Py_None;
    unsigned int options = 0;
    if (!PyArg_ParseTuple(args, "s#|OOI:vfl_parse", &format, &length, &metrics, &views, &options)) return NULL;
    VFLBindings b;
    if (bindings_make(metrics, views, &b) < 0) return NULL;
    size_t count = 0;
    ratite_status status = ratite_engine_vfl_parse(self->engine, format, (size_t)length, b.metrics, b.metric_count,
                                                   b.views, b.view_count, options, NULL, 0, &count);
    ratite_vfl_constraint *records = NULL;
    if (status == RATITE_OK || (status == RATITE_ERROR_INVALID_ARGUMENT && count > 0)) {
        records = PyMem_Calloc(count + 1, sizeof(ratite_vfl_constraint));
        if (!records) {
            bindings_free(&b);
            return PyErr_NoMemory();
        }
        status = ratite_engine_vfl_parse(self->engine, format, (size_t)length, b.metrics, b.metric_count, b.views,
                                         b.view_count, options, records, count, &count);
    }
    bindings_free(&b);
    if (status != RATITE_OK) {
        PyMem_Free(records);
        return engine_error(self, status);
    }
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        ratite_vfl_constraint *r = &records[i];
        PyObject *tuple = Py_BuildValue("(KiiKiddd)", (unsigned long long)r->item1, r->attribute1, r->relation,
                                        (unsigned long long)r->item2, r->attribute2, r->multiplier, r->constant,
                                        r->priority);
        if (!tuple) Py_CLEAR(list);
        else PyList_SetItem(list, (Py_ssize_t)i, tuple);
    }
    PyMem_Free(records);
    return list;
}

static PyObject *engine_layout(EngineObject *self, PyObject *unused) {
    (void)unused;
    ENGINE_CALL(ratite_engine_layout(self->engine));
    Py_RETURN_NONE;
}

static PyObject *engine_changed_items(EngineObject *self, PyObject *unused) {
    (void)unused;
    const ratite_item *items = NULL;
    size_t count = 0;
    ENGINE_CALL(ratite_engine_changed_items(self->engine, &items, &count));
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *number = PyLong_FromUnsignedLongLong(items[i]);
        if (!number) Py_CLEAR(list);
        else PyList_SetItem(list, (Py_ssize_t)i, number); /* cannot fail: a new list, i in range */
    }
    return list;
}

/* A report returned through `char **`. */
static PyObject *owned_string(EngineObject *self, ratite_status status, char *text) {
    if (status != RATITE_OK) return engine_error(self, status);
    PyObject *result = PyUnicode_FromString(text ? text : "");
    ratite_string_free(text);
    return result;
}

static PyObject *engine_conflict_report(EngineObject *self, PyObject *unused) {
    (void)unused;
    char *text = NULL;
    ratite_status status = ratite_engine_conflict_report(self->engine, &text);
    return owned_string(self, status, text);
}

static PyObject *engine_ambiguity_report(EngineObject *self, PyObject *unused) {
    (void)unused;
    char *text = NULL;
    ratite_status status = ratite_engine_ambiguity_report(self->engine, &text);
    return owned_string(self, status, text);
}

/* run_file(text, size=None, rtl=False, platform=-1, build_only=False, callback=None)
 *   -> (output, status, diagnostics, error, values): ratite_layout_file_run on this engine. */
static PyObject *engine_run_file(EngineObject *self, PyObject *args) {
    const char *text;
    Py_ssize_t length;
    PyObject *size = Py_None, *callback = Py_None;
    int rtl = 0, platform = -1, build_only = 0;
    if (!PyArg_ParseTuple(args, "s#|OpipO:run_file", &text, &length, &size, &rtl, &platform, &build_only, &callback))
        return NULL;
    ratite_layout_file_options options = {0};
    if (size != Py_None) {
        if (!PyArg_ParseTuple(size, "dd;size is (width, height)", &options.width, &options.height)) return NULL;
        options.has_size = 1;
    }
    options.right_to_left = rtl;
    options.has_platform = platform >= 0;
    options.platform = platform >= 0 ? platform : 0;
    options.build_only = build_only;
    if (callback != Py_None && !PyCallable_Check(callback)) {
        PyErr_SetString(PyExc_TypeError, "the step callback must be callable");
        return NULL;
    }
    ratite_file_run *run = NULL;
    ratite_status status = ratite_layout_file_run(self->engine, text, (size_t)length, &options,
                                                  callback == Py_None ? NULL : layout_step_to_python, callback, &run);
    if (status != RATITE_OK) return engine_error(self, status);
    if (PyErr_Occurred()) { /* the callback raised: that is the error */
        ratite_file_run_free(run);
        return NULL;
    }
    return file_run_result(run);
}

static PyObject *engine_items(EngineObject *self, PyObject *arg) {
    size_t first = PyLong_AsSize_t(arg);
    if (first == (size_t)-1 && PyErr_Occurred()) return NULL;
    size_t count = 0;
    ENGINE_CALL(ratite_engine_item_count(self->engine, &count));
    PyObject *list = PyList_New(0);
    for (size_t i = first; list && i < count; i++) {
        ratite_item item = 0, parent = 0;
        const char *name = NULL;
        size_t name_length = 0;
        int32_t is_guide = 0;
        ratite_status status = ratite_engine_item_at(self->engine, i, &item);
        if (status == RATITE_OK)
            status = ratite_engine_item_describe(self->engine, item, &name, &name_length, &parent, &is_guide);
        if (status != RATITE_OK) {
            Py_DECREF(list);
            return engine_error(self, status);
        }
        PyObject *entry = Py_BuildValue("(Ks#KO)", (unsigned long long)item, name, (Py_ssize_t)name_length,
                                        (unsigned long long)parent, is_guide ? Py_True : Py_False);
        if (!entry || PyList_Append(list, entry) < 0) Py_CLEAR(list);
        Py_XDECREF(entry);
    }
    return list;
}

static PyMethodDef engine_methods[] = {
    {"set_strict", (PyCFunction)engine_set_strict, METH_O, "ratite_engine_set_strict"},
    {"set_platform", (PyCFunction)engine_set_platform, METH_O, "set_platform(platform): 0 iOS, 1 macOS"},
    {"get_platform", (PyCFunction)engine_get_platform, METH_NOARGS, "get_platform() -> platform"},
    {"add_view", (PyCFunction)engine_add_view, METH_VARARGS, "add_view(name, parent=0) -> item"},
    {"add_guide", (PyCFunction)engine_add_guide, METH_VARARGS, "add_guide(name, owner, insets=None) -> item"},
    {"find", (PyCFunction)engine_find, METH_VARARGS, "find(name) -> item"},
    {"set_size", (PyCFunction)engine_set_size, METH_VARARGS, "set_size(root, width, height)"},
    {"set_intrinsic_size", (PyCFunction)engine_set_intrinsic_size, METH_VARARGS, "set_intrinsic_size(item, w, h)"},
    {"set_hugging", (PyCFunction)engine_set_hugging, METH_VARARGS, "set_hugging(item, axis, priority)"},
    {"set_compression", (PyCFunction)engine_set_compression, METH_VARARGS, "set_compression(item, axis, priority)"},
    {"set_margins", (PyCFunction)engine_set_margins, METH_VARARGS, "set_margins(item, top, leading, bottom, trailing)"},
    {"set_baseline_offsets", (PyCFunction)engine_set_baselines, METH_VARARGS,
     "set_baseline_offsets(item, first_from_top, last_from_bottom)"},
    {"clear_baselines", (PyCFunction)engine_clear_baselines, METH_VARARGS, "clear_baselines(item)"},
    {"set_direction", (PyCFunction)engine_set_direction, METH_VARARGS, "set_direction(item, direction)"},
    {"set_autoresizing", (PyCFunction)engine_set_autoresizing, METH_VARARGS, "set_autoresizing(item, frame, mask)"},
    {"frame", (PyCFunction)engine_frame, METH_VARARGS, "frame(item) -> (x, y, width, height)"},
    {"is_ambiguous", (PyCFunction)engine_is_ambiguous, METH_VARARGS, "is_ambiguous(item) -> bool"},
    {"add_constraint", (PyCFunction)engine_add_constraint, METH_VARARGS,
     "add_constraint(item1, attr1, relation, item2, attr2, multiplier, constant, priority, identifier=None) -> id"},
    {"activate", (PyCFunction)engine_activate, METH_O, "activate(id)"},
    {"deactivate", (PyCFunction)engine_deactivate, METH_O, "deactivate(id)"},
    {"remove", (PyCFunction)engine_remove, METH_O, "remove(id)"},
    {"set_constant", (PyCFunction)engine_set_constant, METH_VARARGS, "set_constant(id, constant)"},
    {"set_priority", (PyCFunction)engine_set_priority, METH_VARARGS, "set_priority(id, priority)"},
    {"is_active", (PyCFunction)engine_is_active, METH_O, "is_active(id) -> bool"},
    {"vfl", (PyCFunction)engine_vfl, METH_VARARGS, "vfl(format, metrics=None, views=None, options=0) -> [id]"},
    {"vfl_parse", (PyCFunction)engine_vfl_parse, METH_VARARGS,
     "vfl_parse(format, metrics=None, views=None, options=0) -> [(item1, attr1, rel, item2, attr2, m, c, p)]"},
    {"layout", (PyCFunction)engine_layout, METH_NOARGS, "layout()"},
    {"changed_items", (PyCFunction)engine_changed_items, METH_NOARGS, "changed_items() -> [item]"},
    {"conflict_report", (PyCFunction)engine_conflict_report, METH_NOARGS, "conflict_report() -> str"},
    {"ambiguity_report", (PyCFunction)engine_ambiguity_report, METH_NOARGS, "ambiguity_report() -> str"},
    {"run_file", (PyCFunction)engine_run_file, METH_VARARGS,
     "run_file(text, size=None, rtl=False, platform=-1, build_only=False, callback=None) -> "
     "(output, status, diagnostics, error, values)"},
    {"items_from", (PyCFunction)engine_items, METH_O,
     "items_from(index) -> [(item, name, parent, is_guide)]: the items made from the index-th on"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject *Engine_Type;

static PyType_Slot engine_slots[] = {
    {Py_tp_doc, "A ratite_engine: one method per ratite_engine_* function, ids as integers."},
    {Py_tp_new, engine_new},
    {Py_tp_dealloc, engine_dealloc},
    {Py_tp_methods, engine_methods},
    {0, NULL},
};

static PyType_Spec engine_spec = {
    "ratite._ratite.Engine", sizeof(EngineObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, engine_slots,
};

/* ---------------------------------------------------------------------------------------
 * CoreSolver
 * ------------------------------------------------------------------------------------- */

typedef struct {
    PyObject_HEAD
    ratite_solver *solver;
} CoreObject;

static PyObject *core_error(CoreObject *self, ratite_status status) {
    raise_ratite_error(status, ratite_solver_last_error(self->solver));
    return NULL;
}

#define CORE_CALL(call)                                              \
    do {                                                             \
        ratite_status status_ = (call);                              \
        if (status_ != RATITE_OK) return core_error(self, status_);  \
    } while (0)

static PyObject *core_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (!PyArg_ParseTuple(args, ":CoreSolver") || (kwargs && PyDict_Size(kwargs))) {
        if (!PyErr_Occurred()) PyErr_SetString(PyExc_TypeError, "CoreSolver() takes no arguments");
        return NULL;
    }
    CoreObject *self = (CoreObject *)alloc_instance(type);
    if (!self) return NULL;
    if (ratite_solver_new(&self->solver) != RATITE_OK) {
        Py_DECREF(self);
        return PyErr_NoMemory();
    }
    return (PyObject *)self;
}

static void core_dealloc(CoreObject *self) {
    ratite_solver_free(self->solver);
    free_instance((PyObject *)self);
}

static PyObject *core_variable(CoreObject *self, PyObject *args) {
    const char *name = "";
    Py_ssize_t length = 0;
    if (!PyArg_ParseTuple(args, "|s#:variable", &name, &length)) return NULL;
    ratite_variable id = 0;
    CORE_CALL(ratite_solver_variable_new(self->solver, name, (size_t)length, &id));
    return PyLong_FromUnsignedLongLong(id);
}

static PyObject *core_find(CoreObject *self, PyObject *args) {
    const char *name;
    Py_ssize_t length;
    if (!PyArg_ParseTuple(args, "s#:find", &name, &length)) return NULL;
    ratite_variable id = 0;
    CORE_CALL(ratite_solver_variable_find(self->solver, name, (size_t)length, &id));
    return PyLong_FromUnsignedLongLong(id);
}

static PyObject *core_name(CoreObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    const char *name = NULL;
    size_t length = 0;
    CORE_CALL(ratite_solver_variable_name(self->solver, id, &name, &length));
    return PyUnicode_FromStringAndSize(name, (Py_ssize_t)length);
}

static PyObject *core_free_variable(CoreObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    CORE_CALL(ratite_solver_variable_free(self->solver, id));
    Py_RETURN_NONE;
}

static PyObject *core_value(CoreObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    double value = 0;
    CORE_CALL(ratite_solver_variable_value(self->solver, id, &value));
    return PyFloat_FromDouble(value);
}

/* The items of an iterable as a tuple (a tuple itself, new reference); TypeError with
 * `message` if it is not iterable, as PySequence_Fast does. */
static PyObject *sequence_tuple(PyObject *sequence, const char *message) {
    if (PyTuple_CheckExact(sequence)) return PySequence_Tuple(sequence);
    PyObject *iterator = PyObject_GetIter(sequence);
    if (!iterator) {
        if (PyErr_ExceptionMatches(PyExc_TypeError)) PyErr_SetString(PyExc_TypeError, message);
        return NULL;
    }
    PyObject *tuple = PySequence_Tuple(iterator);
    Py_DECREF(iterator);
    return tuple;
}

static PyObject *core_values(CoreObject *self, PyObject *arg) {
    PyObject *sequence = sequence_tuple(arg, "values() takes a sequence of variable ids");
    if (!sequence) return NULL;
    Py_ssize_t n = PyTuple_Size(sequence);
    ratite_variable *ids = PyMem_Calloc((size_t)n + 1, sizeof(ratite_variable));
    double *values = PyMem_Calloc((size_t)n + 1, sizeof(double));
    PyObject *result = NULL;
    if (!ids || !values) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        ids[i] = PyLong_AsUnsignedLongLong(PyTuple_GetItem(sequence, i));
        if (PyErr_Occurred()) goto done;
    }
    ratite_status status = ratite_solver_variable_values(self->solver, ids, (size_t)n, values);
    if (status != RATITE_OK) {
        core_error(self, status);
        goto done;
    }
    result = PyList_New(n);
    for (Py_ssize_t i = 0; result && i < n; i++) {
        PyObject *number = PyFloat_FromDouble(values[i]);
        if (!number) Py_CLEAR(result);
        else PyList_SetItem(result, i, number);
    }
done:
    PyMem_Free(ids);
    PyMem_Free(values);
    Py_DECREF(sequence);
    return result;
}

static PyObject *core_add(CoreObject *self, PyObject *args) {
    PyObject *terms_object;
    double constant, priority;
    int relation;
    if (!PyArg_ParseTuple(args, "Odid:add", &terms_object, &constant, &relation, &priority)) return NULL;
    PyObject *sequence = sequence_tuple(terms_object, "terms must be a sequence of (variable id, coefficient)");
    if (!sequence) return NULL;
    Py_ssize_t n = PyTuple_Size(sequence);
    ratite_term *terms = PyMem_Calloc((size_t)n + 1, sizeof(ratite_term));
    PyObject *result = NULL;
    if (!terms) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        unsigned long long id;
        double coefficient;
        if (!PyArg_ParseTuple(PyTuple_GetItem(sequence, i), "Kd;a term is (variable id, coefficient)", &id,
                              &coefficient))
            goto done;
        terms[i] = (ratite_term){id, coefficient};
    }
    ratite_constraint id = 0;
    ratite_status status = ratite_solver_constraint_add(self->solver, terms, (size_t)n, constant, relation, priority, &id);
    if (status != RATITE_OK) {
        core_error(self, status);
        goto done;
    }
    result = PyLong_FromUnsignedLongLong(id);
done:
    PyMem_Free(terms);
    Py_DECREF(sequence);
    return result;
}

static PyObject *core_parse(CoreObject *self, PyObject *args) {
    const char *text;
    Py_ssize_t length;
    if (!PyArg_ParseTuple(args, "s#:parse", &text, &length)) return NULL;
    ratite_constraint id = 0;
    CORE_CALL(ratite_solver_constraint_parse(self->solver, text, (size_t)length, &id));
    return PyLong_FromUnsignedLongLong(id);
}

#define CORE_ID_METHOD(method, function)                            \
    static PyObject *method(CoreObject *self, PyObject *arg) {      \
        unsigned long long id = PyLong_AsUnsignedLongLong(arg);     \
        if (PyErr_Occurred()) return NULL;                          \
        CORE_CALL(function(self->solver, id));                      \
        Py_RETURN_NONE;                                             \
    }
CORE_ID_METHOD(core_remove, ratite_solver_constraint_remove)
CORE_ID_METHOD(core_remove_edit, ratite_solver_edit_remove)

static PyObject *core_has(CoreObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    int32_t out = 0;
    CORE_CALL(ratite_solver_constraint_has(self->solver, id, &out));
    return PyBool_FromLong(out);
}

static PyObject *core_is_edit(CoreObject *self, PyObject *arg) {
    unsigned long long id = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    int32_t out = 0;
    CORE_CALL(ratite_solver_edit_has(self->solver, id, &out));
    return PyBool_FromLong(out);
}

/* (id, number) calls. */
#define CORE_ID_NUMBER_METHOD(method, function, format)             \
    static PyObject *method(CoreObject *self, PyObject *args) {     \
        unsigned long long id;                                      \
        double number;                                              \
        if (!PyArg_ParseTuple(args, format, &id, &number)) return NULL; \
        CORE_CALL(function(self->solver, id, number));              \
        Py_RETURN_NONE;                                             \
    }
CORE_ID_NUMBER_METHOD(core_set_constant, ratite_solver_constraint_set_constant, "Kd:set_constant")
CORE_ID_NUMBER_METHOD(core_set_priority, ratite_solver_constraint_set_priority, "Kd:set_priority")
CORE_ID_NUMBER_METHOD(core_add_edit, ratite_solver_edit_add, "Kd:add_edit")
CORE_ID_NUMBER_METHOD(core_suggest, ratite_solver_suggest, "Kd:suggest")

static PyObject *id_list(const uint64_t *ids, size_t count) {
    PyObject *list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; list && i < count; i++) {
        PyObject *number = PyLong_FromUnsignedLongLong(ids[i]);
        if (!number) Py_CLEAR(list);
        else PyList_SetItem(list, (Py_ssize_t)i, number); /* cannot fail: a new list, i in range */
    }
    return list;
}

static PyObject *core_update(CoreObject *self, PyObject *unused) {
    (void)unused;
    CORE_CALL(ratite_solver_update(self->solver, NULL));
    const ratite_variable *ids = NULL;
    size_t count = 0;
    CORE_CALL(ratite_solver_changed_variables(self->solver, &ids, &count));
    return id_list(ids, count);
}

static PyObject *core_last_conflict(CoreObject *self, PyObject *unused) {
    (void)unused;
    const ratite_constraint *ids = NULL;
    size_t count = 0;
    CORE_CALL(ratite_solver_last_conflict(self->solver, &ids, &count));
    return id_list(ids, count);
}

static PyObject *core_reset(CoreObject *self, PyObject *unused) {
    (void)unused;
    CORE_CALL(ratite_solver_reset(self->solver));
    Py_RETURN_NONE;
}

static PyObject *core_dump(CoreObject *self, PyObject *unused) {
    (void)unused;
    char *text = NULL;
    CORE_CALL(ratite_solver_dump(self->solver, &text));
    PyObject *result = PyUnicode_FromString(text);
    ratite_string_free(text);
    return result;
}

static PyMethodDef core_methods[] = {
    {"variable", (PyCFunction)core_variable, METH_VARARGS, "variable(name='') -> id"},
    {"find", (PyCFunction)core_find, METH_VARARGS, "find(name) -> id of the newest variable so named"},
    {"name", (PyCFunction)core_name, METH_O, "name(id) -> str"},
    {"free_variable", (PyCFunction)core_free_variable, METH_O, "free_variable(id)"},
    {"value", (PyCFunction)core_value, METH_O, "value(id) -> float"},
    {"values", (PyCFunction)core_values, METH_O, "values([id]) -> [float] (one call)"},
    {"add", (PyCFunction)core_add, METH_VARARGS, "add([(id, coefficient)], constant, relation, priority) -> id"},
    {"parse", (PyCFunction)core_parse, METH_VARARGS, "parse(text) -> id (the `ratite solve` syntax)"},
    {"remove", (PyCFunction)core_remove, METH_O, "remove(constraint id)"},
    {"has", (PyCFunction)core_has, METH_O, "has(constraint id) -> bool"},
    {"set_constant", (PyCFunction)core_set_constant, METH_VARARGS, "set_constant(id, constant)"},
    {"set_priority", (PyCFunction)core_set_priority, METH_VARARGS, "set_priority(id, priority)"},
    {"add_edit", (PyCFunction)core_add_edit, METH_VARARGS, "add_edit(variable id, priority)"},
    {"remove_edit", (PyCFunction)core_remove_edit, METH_O, "remove_edit(variable id)"},
    {"is_edit", (PyCFunction)core_is_edit, METH_O, "is_edit(variable id) -> bool"},
    {"suggest", (PyCFunction)core_suggest, METH_VARARGS, "suggest(variable id, value)"},
    {"update", (PyCFunction)core_update, METH_NOARGS, "update() -> [ids of the variables that changed]"},
    {"last_conflict", (PyCFunction)core_last_conflict, METH_NOARGS, "last_conflict() -> [constraint id]"},
    {"reset", (PyCFunction)core_reset, METH_NOARGS, "reset()"},
    {"dump", (PyCFunction)core_dump, METH_NOARGS, "dump() -> str"},
    {NULL, NULL, 0, NULL},
};

PyTypeObject *CoreSolver_Type;

static PyType_Slot core_slots[] = {
    {Py_tp_doc, "A ratite_solver: one method per ratite_solver_* function, ids as integers."},
    {Py_tp_new, core_new},
    {Py_tp_dealloc, core_dealloc},
    {Py_tp_methods, core_methods},
    {0, NULL},
};

static PyType_Spec core_spec = {
    "ratite._ratite.CoreSolver", sizeof(CoreObject), 0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_IMMUTABLETYPE, core_slots,
};

int engine_module_init(PyObject *module) {
    Engine_Type = add_type(module, &engine_spec);
    if (!Engine_Type) return -1;
    CoreSolver_Type = add_type(module, &core_spec);
    if (!CoreSolver_Type) return -1;
    return 0;
}
