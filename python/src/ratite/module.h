/* Shared declarations of the ratite._ratite extension module. */
#ifndef RATITE_PY_MODULE_H
#define RATITE_PY_MODULE_H

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

extern PyTypeObject VariableBase_Type;
extern PyTypeObject SolverBase_Type;
extern PyTypeObject Engine_Type;
extern PyTypeObject CoreSolver_Type;

/* The error raised for Ratite failures outside the kiwi API (ratite.RatiteError). */
extern PyObject *RatiteError;

/* Raises RatiteError(status, message) with the status code and name in its attributes. */
void raise_ratite_error(ratite_status status, const char *message);

PyObject *kiwi_setup(PyObject *module, PyObject *args);
int solver_module_init(PyObject *module);
int engine_module_init(PyObject *module);

#endif
