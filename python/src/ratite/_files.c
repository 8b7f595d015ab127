/* The ratite file formats from Python: ratite_solve_file_run and ratite_layout_file_run,
 * whose runs come back as plain tuples. ratite/solve.py and ratite/layout.py raise their
 * errors from them; nothing here or there reads the formats. */
#include "module.h"

PyObject *file_run_result(ratite_file_run *run) {
    ratite_file_error error;
    const char *const *names = NULL;
    const double *values = NULL;
    size_t count = 0;
    char *diagnostics = NULL;
    PyObject *result = NULL, *error_tuple = NULL, *value_list = NULL, *notes = NULL;
    if (ratite_file_run_error(run, &error) != RATITE_OK || ratite_file_run_values(run, &names, &values, &count) != RATITE_OK ||
        ratite_file_run_diagnostics(run, NULL, 0, &diagnostics) != RATITE_OK) {
        PyErr_SetString(PyExc_RuntimeError, "ratite: cannot read a file run");
        goto done;
    }
    if (error.message) {
        notes = PyList_New((Py_ssize_t)error.note_count);
        for (size_t i = 0; notes && i < error.note_count; i++) {
            PyObject *line = PyLong_FromSize_t(error.note_lines[i]);
            if (!line) Py_CLEAR(notes);
            else PyList_SetItem(notes, (Py_ssize_t)i, line);
        }
        if (!notes) goto done;
        error_tuple = Py_BuildValue("(snnO)", error.message, (Py_ssize_t)error.line, (Py_ssize_t)error.column, notes);
    } else {
        error_tuple = Py_NewRef(Py_None);
    }
    if (!error_tuple) goto done;
    value_list = PyList_New((Py_ssize_t)count);
    for (size_t i = 0; value_list && i < count; i++) {
        PyObject *pair = Py_BuildValue("(sd)", names[i], values[i]);
        if (!pair) Py_CLEAR(value_list);
        else PyList_SetItem(value_list, (Py_ssize_t)i, pair);
    }
    if (!value_list) goto done;
    result = Py_BuildValue("(sisOO)", ratite_file_run_output(run), (int)ratite_file_run_status(run), diagnostics,
                           error_tuple, value_list);
done:
    ratite_string_free(diagnostics);
    Py_XDECREF(notes);
    Py_XDECREF(error_tuple);
    Py_XDECREF(value_list);
    ratite_file_run_free(run);
    return result;
}

/* run_solve_file(text, json=False) -> (output, status, diagnostics, error, values) */
PyObject *run_solve_file(PyObject *module, PyObject *args) {
    (void)module;
    const char *text;
    Py_ssize_t length;
    int json = 0;
    if (!PyArg_ParseTuple(args, "s#|p:run_solve_file", &text, &length, &json)) return NULL;
    ratite_file_run *run = NULL;
    ratite_status status;
    Py_BEGIN_ALLOW_THREADS
    status = ratite_solve_file_run(text, (size_t)length, json, &run);
    Py_END_ALLOW_THREADS
    if (status != RATITE_OK) {
        raise_ratite_error(status, NULL);
        return NULL;
    }
    return file_run_result(run);
}

/* Hands one layout of a layout file to the Python callable in `context` as
 * (index, name, line or None, title, conflicts, ambiguity, verified); an exception stops
 * the run and stays set for the caller. */
int32_t layout_step_to_python(ratite_engine *engine, const ratite_layout_step *step, void *context) {
    (void)engine;
    PyObject *line = step->line ? PyLong_FromSize_t(step->line) : Py_NewRef(Py_None);
    if (!line) return 1;
    PyObject *result = PyObject_CallFunction((PyObject *)context, "(nsOsssO)", (Py_ssize_t)step->index, step->name,
                                             line, step->title, step->conflicts, step->ambiguity,
                                             step->verified ? Py_True : Py_False);
    Py_DECREF(line);
    if (!result) return 1;
    Py_DECREF(result);
    return 0;
}
