/* The kiwisolver-compatible solver of ratite.kiwi: the Variable base type (name, context,
 * value) and the Solver type, thin over ratite.h. Terms, expressions and constraints are
 * Python classes (ratite/kiwi.py); the solver reads a constraint's precomputed fields
 * (_vars, _coeffs, _constant, _relation, _priority) and keeps, per solver:
 *   - a dict Variable -> id and, indexed by RATITE_ID_SLOT(id), the Variable (borrowed
 *     from the dict), its id and how many constraints and edits use it, so that the values
 *     ratite_solver_changed_variables names go straight to their Variable objects;
 *   - a dict Constraint -> id and a dict of edit variables -> kiwi strength.
 * A variable no constraint or edit uses any more is freed in Ratite and forgotten, as
 * kiwisolver forgets it. */
#include "module.h"

#include <math.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------
 * Variable
 * ------------------------------------------------------------------------------------- */

static int variable_init(VariableObject *self, PyObject *args, PyObject *kwargs) {
    PyObject *name = NULL, *context = Py_None;
    static char *keywords[] = {"name", "context", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "|UO:Variable", keywords, &name, &context)) return -1;
    if (!name) {
        name = PyUnicode_FromString("");
        if (!name) return -1;
    } else {
        Py_INCREF(name);
    }
    PyObject *old_name = self->name, *old_context = self->context;
    self->name = name;
    Py_INCREF(context);
    self->context = context;
    Py_XDECREF(old_name);
    Py_XDECREF(old_context);
    self->value = 0.0;
    return 0;
}

static int variable_traverse(VariableObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->context);
    return 0;
}

static int variable_clear(VariableObject *self) {
    Py_CLEAR(self->context);
    return 0;
}

static void variable_dealloc(VariableObject *self) {
    PyObject_GC_UnTrack(self);
    variable_clear(self);
    Py_CLEAR(self->name);
    free_instance((PyObject *)self);
}

static PyObject *variable_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    (void)args;
    (void)kwargs;
    VariableObject *self = (VariableObject *)alloc_instance(type);
    if (!self) return NULL;
    self->name = PyUnicode_FromString("");
    if (!self->name) {
        Py_DECREF(self);
        return NULL;
    }
    Py_INCREF(Py_None);
    self->context = Py_None;
    self->value = 0.0;
    return (PyObject *)self;
}

static PyObject *variable_name(VariableObject *self, PyObject *unused) {
    (void)unused;
    Py_INCREF(self->name);
    return self->name;
}

static PyObject *variable_set_name(VariableObject *self, PyObject *name) {
    if (!PyUnicode_Check(name)) {
        raise_expected_type("str", name);
        return NULL;
    }
    PyObject *old = self->name;
    Py_INCREF(name);
    self->name = name;
    Py_DECREF(old);
    Py_RETURN_NONE;
}

static PyObject *variable_value(VariableObject *self, PyObject *unused) {
    (void)unused;
    return PyFloat_FromDouble(self->value);
}

static PyObject *variable_context(VariableObject *self, PyObject *unused) {
    (void)unused;
    Py_INCREF(self->context);
    return self->context;
}

static PyObject *variable_set_context(VariableObject *self, PyObject *context) {
    PyObject *old = self->context;
    Py_INCREF(context);
    self->context = context;
    Py_XDECREF(old);
    Py_RETURN_NONE;
}

static PyMethodDef variable_methods[] = {
    {"name", (PyCFunction)variable_name, METH_NOARGS, "Get the name of the variable."},
    {"setName", (PyCFunction)variable_set_name, METH_O, "Set the name of the variable."},
    {"value", (PyCFunction)variable_value, METH_NOARGS, "Get the current value of the variable."},
    {"context", (PyCFunction)variable_context, METH_NOARGS, "Get the context object associated with the variable."},
    {"setContext", (PyCFunction)variable_set_context, METH_O, "Set the context object associated with the variable."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject *VariableBase_Type;

static PyType_Slot variable_slots[] = {
    {Py_tp_doc, "The state of a kiwi Variable: name, context and value (ratite.kiwi.Variable adds the operators)."},
    {Py_tp_new, variable_new},
    {Py_tp_init, variable_init},
    {Py_tp_dealloc, variable_dealloc},
    {Py_tp_traverse, variable_traverse},
    {Py_tp_clear, variable_clear},
    {Py_tp_methods, variable_methods},
    {0, NULL},
};

static PyType_Spec variable_spec = {
    "ratite._ratite.VariableBase", sizeof(VariableObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, variable_slots,
};

/* ---------------------------------------------------------------------------------------
 * Solver
 * ------------------------------------------------------------------------------------- */

/* What the kiwi layer hands over once (ratite._ratite._kiwi_setup). */
static PyObject *ConstraintClass, *UnsatisfiableConstraint, *DuplicateConstraint, *UnknownConstraint,
    *DuplicateEditVariable, *UnknownEditVariable, *BadRequiredStrength, *StrengthToPriority;
static PyObject *s_vars, *s_coeffs, *s_constant, *s_relation, *s_priority;

typedef struct {
    VariableObject *variable; /* borrowed: the vars dict holds it */
    ratite_variable id;
    int32_t uses; /* constraints and the edit that mention it */
} SlotEntry;

typedef struct {
    PyObject_HEAD
    ratite_solver *solver;
    PyObject *vars;        /* Variable -> int id */
    PyObject *constraints; /* Constraint -> int id */
    PyObject *edits;       /* Variable -> kiwi strength (float) */
    SlotEntry *slots;
    size_t slot_capacity;
    /* Variables added since the last update: their Variable objects still hold whatever
     * value they had; the update copies their Ratite value even when it did not change. */
    ratite_variable *fresh;
    size_t fresh_count, fresh_capacity;
    ratite_term *terms;
    size_t term_capacity;
    double *values;
    size_t value_capacity;
} SolverObject;

/* Grows *array (of `size`-byte elements) to hold at least `needed`; the new part is zeroed
 * (an empty slot entry has id 0, which no variable has). */
static int reserve(void **array, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 0;
    size_t grown = *capacity ? *capacity * 2 : 16;
    while (grown < needed) grown *= 2;
    void *fresh = PyMem_Realloc(*array, grown * size);
    if (!fresh) {
        PyErr_NoMemory();
        return -1;
    }
    memset((char *)fresh + *capacity * size, 0, (grown - *capacity) * size);
    *array = fresh;
    *capacity = grown;
    return 0;
}

/* The slot entry of a variable id, or NULL if the solver never gave out that slot. */
static SlotEntry *slot_entry(SolverObject *self, ratite_variable id) {
    uint32_t slot = RATITE_ID_SLOT(id);
    return slot < self->slot_capacity ? &self->slots[slot] : NULL;
}

/* Raises the Python exception for a status the kiwi API has no type of its own for. */
static void raise_status(SolverObject *self, ratite_status status) {
    const char *message = ratite_solver_last_error(self->solver);
    PyObject *type = status == RATITE_ERROR_NON_FINITE || status == RATITE_ERROR_INVALID_ARGUMENT ||
                             status == RATITE_ERROR_INVALID_PRIORITY
                         ? PyExc_ValueError
                         : PyExc_RuntimeError;
    PyErr_Format(type, "%s: %s", ratite_status_string(status), message && message[0] ? message : "");
}

static void raise_with(PyObject *type, PyObject *argument) {
    PyObject *error = PyObject_CallFunctionObjArgs(type, argument, NULL);
    if (error) {
        PyErr_SetObject(type, error);
        Py_DECREF(error);
    }
}

static int check_variable(PyObject *object) {
    if (PyObject_TypeCheck(object, VariableBase_Type)) return 0;
    return raise_expected_type("Variable", object);
}

static int check_constraint(PyObject *object) {
    if (ConstraintClass && PyObject_TypeCheck(object, (PyTypeObject *)ConstraintClass)) return 0;
    return raise_expected_type("Constraint", object);
}

/* Drops the variables freed since they were added from the list of fresh ones (which only
 * an update empties: a program that adds and removes without updating would grow it). */
static void compact_fresh(SolverObject *self) {
    size_t live = 0;
    for (size_t i = 0; i < self->fresh_count; i++) {
        SlotEntry *entry = slot_entry(self, self->fresh[i]);
        if (entry && entry->id == self->fresh[i]) self->fresh[live++] = self->fresh[i];
    }
    self->fresh_count = live;
}

/* The id of a variable the solver knows, or 0 (no exception) if it does not. */
static ratite_variable known_variable(SolverObject *self, PyObject *variable) {
    PyObject *id = PyDict_GetItemWithError(self->vars, variable);
    if (!id) return 0;
    return PyLong_AsUnsignedLongLong(id);
}

/* The id of `variable` in this solver, creating it in Ratite on first use; adds one use. */
static int acquire_variable(SolverObject *self, VariableObject *variable, ratite_variable *out) {
    PyObject *known = PyDict_GetItemWithError(self->vars, (PyObject *)variable);
    if (known) {
        ratite_variable id = PyLong_AsUnsignedLongLong(known);
        self->slots[RATITE_ID_SLOT(id)].uses++;
        *out = id;
        return 0;
    }
    if (PyErr_Occurred()) return -1;
    Py_ssize_t length = 0;
    const char *name = PyUnicode_AsUTF8AndSize(variable->name, &length);
    if (!name) return -1;
    ratite_variable id = 0;
    ratite_status status = ratite_solver_variable_new(self->solver, name, (size_t)length, &id);
    if (status == RATITE_ERROR_INVALID_UTF8) {
        /* A name with a NUL byte: Ratite names are for diagnostics only. */
        status = ratite_solver_variable_new(self->solver, NULL, 0, &id);
    }
    if (status != RATITE_OK) {
        raise_status(self, status);
        return -1;
    }
    uint32_t slot = RATITE_ID_SLOT(id);
    if (self->fresh_count > 2 * (size_t)PyDict_Size(self->vars) + 64) compact_fresh(self);
    if (reserve((void **)&self->slots, &self->slot_capacity, (size_t)slot + 1, sizeof(SlotEntry)) < 0 ||
        reserve((void **)&self->fresh, &self->fresh_capacity, self->fresh_count + 1, sizeof(ratite_variable)) < 0) {
        ratite_solver_variable_free(self->solver, id);
        return -1;
    }
    PyObject *number = PyLong_FromUnsignedLongLong(id);
    if (!number || PyDict_SetItem(self->vars, (PyObject *)variable, number) < 0) {
        Py_XDECREF(number);
        ratite_solver_variable_free(self->solver, id);
        return -1;
    }
    Py_DECREF(number);
    self->slots[slot] = (SlotEntry){variable, id, 1};
    self->fresh[self->fresh_count++] = id;
    *out = id;
    return 0;
}

/* Drops one use of a variable; the last one frees it in Ratite and forgets it. */
static void release_variable(SolverObject *self, ratite_variable id) {
    SlotEntry *entry = slot_entry(self, id);
    if (!entry || entry->id != id || --entry->uses > 0) return;
    VariableObject *variable = entry->variable;
    entry->variable = NULL;
    entry->id = 0;
    ratite_solver_variable_free(self->solver, id);
    /* Keep the exception state: this runs on failure paths too. */
    PyObject *type, *value, *traceback;
    PyErr_Fetch(&type, &value, &traceback);
    if (PyDict_DelItem(self->vars, (PyObject *)variable) < 0) PyErr_Clear();
    PyErr_Restore(type, value, traceback);
}

static PyObject *solver_new(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
    if (PyTuple_Size(args) != 0 || (kwargs && PyDict_Size(kwargs) != 0)) {
        PyErr_SetString(PyExc_TypeError, "Solver() takes no arguments");
        return NULL;
    }
    SolverObject *self = (SolverObject *)alloc_instance(type);
    if (!self) return NULL;
    self->vars = PyDict_New();
    self->constraints = PyDict_New();
    self->edits = PyDict_New();
    if (!self->vars || !self->constraints || !self->edits) {
        Py_DECREF(self);
        return NULL;
    }
    ratite_status status = ratite_solver_new(&self->solver);
    if (status != RATITE_OK) {
        Py_DECREF(self);
        PyErr_NoMemory();
        return NULL;
    }
    return (PyObject *)self;
}

static int solver_traverse(SolverObject *self, visitproc visit, void *arg) {
    Py_VISIT(Py_TYPE(self));
    Py_VISIT(self->vars);
    Py_VISIT(self->constraints);
    Py_VISIT(self->edits);
    return 0;
}

static int solver_clear(SolverObject *self) {
    Py_CLEAR(self->vars);
    Py_CLEAR(self->constraints);
    Py_CLEAR(self->edits);
    return 0;
}

static void solver_dealloc(SolverObject *self) {
    PyObject_GC_UnTrack(self);
    solver_clear(self);
    ratite_solver_free(self->solver);
    PyMem_Free(self->slots);
    PyMem_Free(self->fresh);
    PyMem_Free(self->terms);
    PyMem_Free(self->values);
    free_instance((PyObject *)self);
}

/* A kiwi strength (a number or a name) as a Ratite priority, through the kiwi layer's
 * documented mapping; also returns the clipped kiwi strength. */
static int strength_priority(PyObject *strength, double *kiwi, double *priority) {
    PyObject *pair = PyObject_CallFunctionObjArgs(StrengthToPriority, strength, NULL);
    if (!pair) return -1;
    int parsed = PyArg_ParseTuple(pair, "dd", kiwi, priority);
    Py_DECREF(pair);
    return parsed ? 0 : -1;
}

static PyObject *solver_add_constraint(SolverObject *self, PyObject *constraint) {
    if (check_constraint(constraint) < 0) return NULL;
    int present = PyDict_Contains(self->constraints, constraint);
    if (present < 0) return NULL;
    if (present) {
        raise_with(DuplicateConstraint, constraint);
        return NULL;
    }
    PyObject *vars = PyObject_GetAttr(constraint, s_vars);
    PyObject *coeffs = vars ? PyObject_GetAttr(constraint, s_coeffs) : NULL;
    PyObject *constant_object = coeffs ? PyObject_GetAttr(constraint, s_constant) : NULL;
    PyObject *relation_object = constant_object ? PyObject_GetAttr(constraint, s_relation) : NULL;
    PyObject *priority_object = relation_object ? PyObject_GetAttr(constraint, s_priority) : NULL;
    PyObject *result = NULL;
    Py_ssize_t acquired = 0;
    if (!priority_object) goto done;
    double constant = PyFloat_AsDouble(constant_object);
    long relation = PyLong_AsLong(relation_object);
    double priority = PyFloat_AsDouble(priority_object);
    if (PyErr_Occurred()) goto done;
    if (!PyTuple_Check(vars) || !PyTuple_Check(coeffs) || PyTuple_Size(vars) != PyTuple_Size(coeffs)) {
        PyErr_SetString(PyExc_TypeError, "malformed Constraint");
        goto done;
    }
    Py_ssize_t n = PyTuple_Size(vars);
    if (reserve((void **)&self->terms, &self->term_capacity, (size_t)n, sizeof(ratite_term)) < 0) goto done;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *variable = PyTuple_GetItem(vars, i); /* borrowed; i is in range */
        double coefficient = PyFloat_AsDouble(PyTuple_GetItem(coeffs, i));
        if (coefficient == -1.0 && PyErr_Occurred()) goto done;
        if (check_variable(variable) < 0) goto done;
        if (acquire_variable(self, (VariableObject *)variable, &self->terms[i].variable) < 0) goto done;
        self->terms[i].coefficient = coefficient;
        acquired++;
    }
    ratite_constraint id = 0;
    ratite_status status =
        ratite_solver_constraint_add(self->solver, self->terms, (size_t)n, constant, (ratite_relation)relation, priority, &id);
    if (status == RATITE_ERROR_UNSATISFIABLE) {
        raise_with(UnsatisfiableConstraint, constraint);
        goto done;
    }
    if (status != RATITE_OK) {
        raise_status(self, status);
        goto done;
    }
    PyObject *number = PyLong_FromUnsignedLongLong(id);
    if (!number || PyDict_SetItem(self->constraints, constraint, number) < 0) {
        Py_XDECREF(number);
        ratite_solver_constraint_remove(self->solver, id);
        goto done;
    }
    Py_DECREF(number);
    acquired = 0; /* the constraint keeps its uses */
    Py_INCREF(Py_None);
    result = Py_None;
done:
    for (Py_ssize_t i = acquired - 1; i >= 0; i--) release_variable(self, self->terms[i].variable);
    Py_XDECREF(vars);
    Py_XDECREF(coeffs);
    Py_XDECREF(constant_object);
    Py_XDECREF(relation_object);
    Py_XDECREF(priority_object);
    return result;
}

static PyObject *solver_remove_constraint(SolverObject *self, PyObject *constraint) {
    if (check_constraint(constraint) < 0) return NULL;
    PyObject *number = PyDict_GetItemWithError(self->constraints, constraint);
    if (!number) {
        if (!PyErr_Occurred()) raise_with(UnknownConstraint, constraint);
        return NULL;
    }
    ratite_constraint id = PyLong_AsUnsignedLongLong(number);
    ratite_status status = ratite_solver_constraint_remove(self->solver, id);
    if (status != RATITE_OK) {
        raise_status(self, status);
        return NULL;
    }
    PyObject *vars = PyObject_GetAttr(constraint, s_vars);
    if (vars && PyTuple_Check(vars)) {
        Py_ssize_t n = PyTuple_Size(vars);
        for (Py_ssize_t i = 0; i < n; i++) {
            ratite_variable v = known_variable(self, PyTuple_GetItem(vars, i));
            if (v) release_variable(self, v);
        }
    }
    Py_XDECREF(vars);
    if (PyDict_DelItem(self->constraints, constraint) < 0) return NULL;
    if (PyErr_Occurred()) return NULL;
    Py_RETURN_NONE;
}

static PyObject *solver_has_constraint(SolverObject *self, PyObject *constraint) {
    if (check_constraint(constraint) < 0) return NULL;
    int present = PyDict_Contains(self->constraints, constraint);
    if (present < 0) return NULL;
    return PyBool_FromLong(present);
}

static PyObject *solver_add_edit_variable(SolverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "addEditVariable() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *variable = args[0];
    if (check_variable(variable) < 0) return NULL;
    double kiwi = 0, priority = 0;
    if (strength_priority(args[1], &kiwi, &priority) < 0) return NULL;
    int present = PyDict_Contains(self->edits, variable);
    if (present < 0) return NULL;
    if (present) {
        raise_with(DuplicateEditVariable, variable);
        return NULL;
    }
    if (priority >= RATITE_PRIORITY_REQUIRED) {
        PyErr_SetString(BadRequiredStrength, "A required strength cannot be used by an edit variable");
        return NULL;
    }
    ratite_variable id = 0;
    if (acquire_variable(self, (VariableObject *)variable, &id) < 0) return NULL;
    ratite_status status = ratite_solver_edit_add(self->solver, id, priority);
    if (status != RATITE_OK) {
        release_variable(self, id);
        raise_status(self, status);
        return NULL;
    }
    PyObject *number = PyFloat_FromDouble(kiwi);
    if (!number || PyDict_SetItem(self->edits, variable, number) < 0) {
        Py_XDECREF(number);
        ratite_solver_edit_remove(self->solver, id);
        release_variable(self, id);
        return NULL;
    }
    Py_DECREF(number);
    Py_RETURN_NONE;
}

static PyObject *solver_remove_edit_variable(SolverObject *self, PyObject *variable) {
    if (check_variable(variable) < 0) return NULL;
    int present = PyDict_Contains(self->edits, variable);
    if (present < 0) return NULL;
    ratite_variable id = present ? known_variable(self, variable) : 0;
    if (!id) {
        if (!PyErr_Occurred()) raise_with(UnknownEditVariable, variable);
        return NULL;
    }
    ratite_status status = ratite_solver_edit_remove(self->solver, id);
    if (status != RATITE_OK) {
        raise_status(self, status);
        return NULL;
    }
    release_variable(self, id);
    if (PyDict_DelItem(self->edits, variable) < 0) return NULL;
    Py_RETURN_NONE;
}

static PyObject *solver_has_edit_variable(SolverObject *self, PyObject *variable) {
    if (check_variable(variable) < 0) return NULL;
    int present = PyDict_Contains(self->edits, variable);
    if (present < 0) return NULL;
    return PyBool_FromLong(present);
}

static PyObject *solver_suggest_value(SolverObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_Format(PyExc_TypeError, "suggestValue() takes exactly 2 arguments (%zd given)", nargs);
        return NULL;
    }
    PyObject *variable = args[0];
    if (check_variable(variable) < 0) return NULL;
    double value = PyFloat_AsDouble(args[1]);
    if (value == -1.0 && PyErr_Occurred()) return NULL;
    PyObject *number = PyDict_GetItemWithError(self->vars, variable);
    if (!number) {
        if (!PyErr_Occurred()) raise_with(UnknownEditVariable, variable);
        return NULL;
    }
    ratite_status status = ratite_solver_suggest(self->solver, PyLong_AsUnsignedLongLong(number), value);
    if (status == RATITE_OK) Py_RETURN_NONE;
    if (status == RATITE_ERROR_UNKNOWN) {
        raise_with(UnknownEditVariable, variable);
    } else {
        raise_status(self, status);
    }
    return NULL;
}

/* Copies the values of `ids` (live ones of this solver) into their Variable objects. */
static int copy_values(SolverObject *self, const ratite_variable *ids, size_t count) {
    if (count == 0) return 0;
    if (reserve((void **)&self->values, &self->value_capacity, count, sizeof(double)) < 0) return -1;
    ratite_status status = ratite_solver_variable_values(self->solver, ids, count, self->values);
    if (status != RATITE_OK) {
        raise_status(self, status);
        return -1;
    }
    for (size_t i = 0; i < count; i++) {
        SlotEntry *entry = slot_entry(self, ids[i]);
        if (entry && entry->id == ids[i] && entry->variable) entry->variable->value = self->values[i];
    }
    return 0;
}

static PyObject *solver_update_variables(SolverObject *self, PyObject *unused) {
    (void)unused;
    ratite_status status = ratite_solver_update(self->solver, NULL);
    if (status != RATITE_OK && status != RATITE_ERROR_NUMERICAL) {
        raise_status(self, status);
        return NULL;
    }
    const ratite_variable *changed = NULL;
    size_t count = 0;
    ratite_status listed = ratite_solver_changed_variables(self->solver, &changed, &count);
    if (listed != RATITE_OK) {
        raise_status(self, listed);
        return NULL;
    }
    if (copy_values(self, changed, count) < 0) return NULL;
    /* Variables added since the last update and still alive (freed ones are dropped). */
    compact_fresh(self);
    size_t live = self->fresh_count;
    self->fresh_count = 0;
    if (copy_values(self, self->fresh, live) < 0) return NULL;
    if (status == RATITE_ERROR_NUMERICAL) {
        if (PyErr_WarnEx(PyExc_RuntimeWarning, ratite_solver_last_error(self->solver), 1) < 0) return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *solver_reset(SolverObject *self, PyObject *unused) {
    (void)unused;
    ratite_solver *fresh = NULL;
    if (ratite_solver_new(&fresh) != RATITE_OK) return PyErr_NoMemory();
    ratite_solver_free(self->solver);
    self->solver = fresh;
    memset(self->slots, 0, self->slot_capacity * sizeof(SlotEntry));
    self->fresh_count = 0;
    PyDict_Clear(self->vars);
    PyDict_Clear(self->constraints);
    PyDict_Clear(self->edits);
    Py_RETURN_NONE;
}

/* The Ratite tableau dump, for ratite.kiwi.Solver.dumps. */
static PyObject *solver_tableau(SolverObject *self, PyObject *unused) {
    (void)unused;
    char *text = NULL;
    ratite_status status = ratite_solver_dump(self->solver, &text);
    if (status != RATITE_OK) {
        raise_status(self, status);
        return NULL;
    }
    PyObject *result = PyUnicode_FromString(text);
    ratite_string_free(text);
    return result;
}

/* The (variable, id) pairs, constraint dict and edit dict, for dumps and tests. */
static PyObject *solver_state(SolverObject *self, PyObject *unused) {
    (void)unused;
    return Py_BuildValue("(OOO)", self->vars, self->constraints, self->edits);
}

static PyMethodDef solver_methods[] = {
    {"addConstraint", (PyCFunction)solver_add_constraint, METH_O, "Add a constraint to the solver."},
    {"removeConstraint", (PyCFunction)solver_remove_constraint, METH_O, "Remove a constraint from the solver."},
    {"hasConstraint", (PyCFunction)solver_has_constraint, METH_O, "Check whether the solver contains a constraint."},
    {"addEditVariable", (PyCFunction)(void (*)(void))solver_add_edit_variable, METH_FASTCALL,
     "Add an edit variable to the solver."},
    {"removeEditVariable", (PyCFunction)solver_remove_edit_variable, METH_O, "Remove an edit variable from the solver."},
    {"hasEditVariable", (PyCFunction)solver_has_edit_variable, METH_O,
     "Check whether the solver contains an edit variable."},
    {"suggestValue", (PyCFunction)(void (*)(void))solver_suggest_value, METH_FASTCALL,
     "Suggest a desired value for an edit variable."},
    {"updateVariables", (PyCFunction)solver_update_variables, METH_NOARGS, "Update the values of the solver variables."},
    {"reset", (PyCFunction)solver_reset, METH_NOARGS, "Reset the solver to the initial empty starting condition."},
    {"_tableau", (PyCFunction)solver_tableau, METH_NOARGS, "Ratite's dump of the tableau."},
    {"_state", (PyCFunction)solver_state, METH_NOARGS, "(variables, constraints, edits) dictionaries."},
    {NULL, NULL, 0, NULL},
};

PyTypeObject *SolverBase_Type;

static PyType_Slot solver_slots[] = {
    {Py_tp_doc, "The kiwi Solver over a Ratite solver (ratite.kiwi.Solver adds dump and dumps)."},
    {Py_tp_new, solver_new},
    {Py_tp_dealloc, solver_dealloc},
    {Py_tp_traverse, solver_traverse},
    {Py_tp_clear, solver_clear},
    {Py_tp_methods, solver_methods},
    {0, NULL},
};

static PyType_Spec solver_spec = {
    "ratite._ratite.SolverBase", sizeof(SolverObject), 0,
    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_IMMUTABLETYPE, solver_slots,
};

PyObject *kiwi_setup(PyObject *module, PyObject *args) {
    (void)module;
    PyObject *constraint, *unsatisfiable, *duplicate, *unknown, *duplicate_edit, *unknown_edit, *bad_required, *mapping;
    if (!PyArg_ParseTuple(args, "OOOOOOOO:_kiwi_setup", &constraint, &unsatisfiable, &duplicate, &unknown,
                          &duplicate_edit, &unknown_edit, &bad_required, &mapping))
        return NULL;
    PyObject **slots[] = {&ConstraintClass, &UnsatisfiableConstraint, &DuplicateConstraint, &UnknownConstraint,
                          &DuplicateEditVariable, &UnknownEditVariable, &BadRequiredStrength, &StrengthToPriority};
    PyObject *values[] = {constraint, unsatisfiable, duplicate, unknown, duplicate_edit, unknown_edit, bad_required, mapping};
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        PyObject *old = *slots[i];
        Py_INCREF(values[i]);
        *slots[i] = values[i];
        Py_XDECREF(old);
    }
    Py_RETURN_NONE;
}

int solver_module_init(PyObject *module) {
    s_vars = PyUnicode_InternFromString("_vars");
    s_coeffs = PyUnicode_InternFromString("_coeffs");
    s_constant = PyUnicode_InternFromString("_constant");
    s_relation = PyUnicode_InternFromString("_relation");
    s_priority = PyUnicode_InternFromString("_priority");
    if (!s_vars || !s_coeffs || !s_constant || !s_relation || !s_priority) return -1;
    VariableBase_Type = add_type(module, &variable_spec);
    if (!VariableBase_Type) return -1;
    SolverBase_Type = add_type(module, &solver_spec);
    if (!SolverBase_Type) return -1;
    return 0;
}
