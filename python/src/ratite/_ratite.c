/* ratite._ratite: the C extension behind the ratite package (CPython C API over ratite.h).
 * _solver.c holds the kiwi Variable and Solver, _engine.c the layout engine and the plain
 * id-based solver. */
#include "module.h"

#include <string.h>

PyObject *RatiteError;

void raise_ratite_error(ratite_status status, const char *message) {
    PyObject *error = PyObject_CallFunction(RatiteError, "s", message && message[0] ? message : ratite_status_string(status));
    if (!error) return;
    PyObject *code = PyLong_FromLong(status);
    PyObject *name = PyUnicode_FromString(ratite_status_string(status));
    if (code && name && PyObject_SetAttrString(error, "status", code) == 0 &&
        PyObject_SetAttrString(error, "status_name", name) == 0) {
        PyErr_SetObject(RatiteError, error);
    }
    Py_XDECREF(code);
    Py_XDECREF(name);
    Py_DECREF(error);
}

int raise_expected_type(const char *expected, PyObject *object) {
    PyObject *name = PyObject_GetAttrString((PyObject *)Py_TYPE(object), "__name__");
    if (!name) return -1;
    PyErr_Format(PyExc_TypeError, "Expected object of type `%s`. Got object of type `%U` instead.", expected, name);
    Py_DECREF(name);
    return -1;
}

PyTypeObject *add_type(PyObject *module, PyType_Spec *spec) {
    PyObject *type = PyType_FromSpec(spec);
    if (!type) return NULL;
    const char *dot = strrchr(spec->name, '.');
    if (PyModule_AddObjectRef(module, dot ? dot + 1 : spec->name, type) < 0) {
        Py_DECREF(type);
        return NULL;
    }
    return (PyTypeObject *)type; /* the reference is the extension's for good */
}

PyObject *alloc_instance(PyTypeObject *type) {
    allocfunc alloc = (allocfunc)PyType_GetSlot(type, Py_tp_alloc);
    return alloc ? alloc(type, 0) : PyType_GenericAlloc(type, 0);
}

void free_instance(PyObject *self) {
    PyTypeObject *type = Py_TYPE(self);
    freefunc free_ = (freefunc)PyType_GetSlot(type, Py_tp_free);
    if (free_) free_(self);
    else PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *library_version(PyObject *module, PyObject *unused) {
    (void)module;
    (void)unused;
    return PyUnicode_FromString(ratite_version(NULL, NULL, NULL));
}

static PyMethodDef module_methods[] = {
    {"_kiwi_setup", kiwi_setup, METH_VARARGS, "Hands the kiwi layer's classes to the extension (internal)."},
    {"library_version", library_version, METH_NOARGS, "The version of the Ratite library loaded (ratite_version)."},
    {"run_solve_file", run_solve_file, METH_VARARGS,
     "run_solve_file(text, json=False) -> (output, status, diagnostics, error, values): ratite_solve_file_run."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_definition = {
    PyModuleDef_HEAD_INIT, "ratite._ratite", "The C extension of the ratite package (see ratite.h).", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__ratite(void) {
    PyObject *module = PyModule_Create(&module_definition);
    if (!module) return NULL;
    RatiteError = PyErr_NewExceptionWithDoc(
        "ratite.RatiteError",
        "A failure reported by the Ratite library: `status` is the ratite_status code, `status_name` its "
        "description; VFL parse errors also carry `offset` and `rendering`.",
        PyExc_Exception, NULL);
    if (!RatiteError || PyModule_AddObjectRef(module, "RatiteError", RatiteError) < 0 ||
        solver_module_init(module) < 0 || engine_module_init(module) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    PyModule_AddIntConstant(module, "PRIORITY_REQUIRED", 1000);
    return module;
}
