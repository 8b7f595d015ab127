/* Shared declarations of the ratite._ratite extension module. */
#ifndef RATITE_PY_MODULE_H
#define RATITE_PY_MODULE_H

/* The stable ABI of CPython 3.10 (setup.py defines it too and tags the wheel abi3): one
 * build serves every CPython from 3.10 on. Only the limited API is used; the types are
 * heap types made with PyType_FromSpec. */
#ifndef Py_LIMITED_API
#define Py_LIMITED_API 0x030A0000
#endif
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <ratite.h>

/* A kiwi Variable's state; ratite.kiwi.Variable subclasses it with the operators. */
typedef struct {
    PyObject_HEAD
    PyObject *name;    /* str */
    PyObject *context; /* any object, None by default */
    double value;      /* written by Solver.updateVariables */
} VariableObject;

/* The extension's types, made when the module initialises. */
extern PyTypeObject *VariableBase_Type;
extern PyTypeObject *SolverBase_Type;
extern PyTypeObject *Engine_Type;
extern PyTypeObject *CoreSolver_Type;

/* The error raised for Ratite failures outside the kiwi API (ratite.RatiteError). */
extern PyObject *RatiteError;

/* Raises RatiteError(status, message) with the status code and name in its attributes. */
void raise_ratite_error(ratite_status status, const char *message);

/* Raises TypeError "Expected object of type `expected`. Got object of type `NAME` instead."
 * (kiwisolver's wording) with the type name of `object`; returns -1. */
int raise_expected_type(const char *expected, PyObject *object);

/* Makes a heap type from `spec` and adds it to the module under its short name; NULL on
 * failure. */
PyTypeObject *add_type(PyObject *module, PyType_Spec *spec);

/* Allocates an instance of `type` (its tp_alloc), and frees one (tp_free of its type,
 * dropping the reference every instance of a heap type holds on it). */
PyObject *alloc_instance(PyTypeObject *type);
void free_instance(PyObject *self);

PyObject *kiwi_setup(PyObject *module, PyObject *args);

/* _files.c: a file run as (output, status, diagnostics, error, values), freeing the run; the
 * module's run_solve_file; and the step callback that calls a Python callable. */
PyObject *file_run_result(ratite_file_run *run);
PyObject *run_solve_file(PyObject *module, PyObject *args);
int32_t layout_step_to_python(ratite_engine *engine, const ratite_layout_step *step, void *context);
int solver_module_init(PyObject *module);
int engine_module_init(PyObject *module);

#endif
