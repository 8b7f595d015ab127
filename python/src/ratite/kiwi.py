"""kiwisolver's API on Ratite.

Code written for kiwisolver runs unchanged with ``import ratite.kiwi as kiwisolver``;
``ratite.kiwi.install()`` makes a later ``import kiwisolver`` (matplotlib's, say) return this
module. ``__version__`` names the kiwisolver API implemented.

Where Ratite differs from kiwi (each has a test in python/tests/test_kiwi_differences.py):

* Strengths are strictly ordered levels, not weights added up. kiwi minimises
  ``Σ strength × violation``, so 1001 weak violations outweigh one medium violation; Ratite
  never gives up any violation at a higher level for less at lower levels. Within one level
  violations add up as in kiwi.
* ``strength.create(a, b, c, w)`` returns kiwi's number (``a·w·10⁶ + b·w·10³ + c·w``, each
  part clipped to [0, 1000]) so strengths compare as in kiwi; the solver maps each strength
  ``s`` onto a Ratite priority in (0, 1000] with ``priority(s)`` below, a continuous, strictly
  increasing function: weak (1) → 250, medium (10³) → 500, strong (10⁶) → 750, required →
  1000, logarithmic in between, and [0, 1] → [125, 250] linearly. Distinct strengths
  therefore become distinct levels, ordered as the strengths are.
* A new edit variable holds its current value until a value is suggested (kiwi pulls it
  towards 0, the constant of its edit constraint).
* A refused constraint (``UnsatisfiableConstraint``) leaves the solver exactly as it was
  before the call, and the solver stays usable.
* ``updateVariables`` writes the values of the variables whose values changed in this solver
  since its last update, and of the variables added since (Ratite lists the changed ones);
  kiwi rewrites every variable. The values are the same unless a Variable's value was set
  by another solver in between.
* ``Constraint.violated()`` compares the expression's value (from the variables' current
  values) with 0 within 1e-8; kiwi asks the solver that holds the constraint.
* ``Solver.dumps()`` prints Ratite's tableau under kiwi's section headings.
"""

from __future__ import annotations

import math
import sys
from numbers import Real
from typing import Any, Dict, Iterable, List, Literal, NoReturn, Optional, Tuple, TypeGuard, Union, cast

from . import _ratite

__version__ = "1.5.1"
__kiwi_version__ = "1.5.1"

__all__ = [
    "BadRequiredStrength",
    "Constraint",
    "DuplicateConstraint",
    "DuplicateEditVariable",
    "Expression",
    "Solver",
    "Term",
    "UnknownConstraint",
    "UnknownEditVariable",
    "UnsatisfiableConstraint",
    "Variable",
    "__kiwi_version__",
    "__version__",
    "install",
    "priority",
    "strength",
]

# ---------------------------------------------------------------------------------------
# Exceptions (kiwisolver's types and attributes)
# ---------------------------------------------------------------------------------------


class BadRequiredStrength(Exception):
    """An edit variable cannot be required."""


class DuplicateConstraint(Exception):
    """The solver holds the constraint already."""

    def __init__(self, constraint: Constraint) -> None:
        super().__init__(constraint)
        self.constraint = constraint


class DuplicateEditVariable(Exception):
    """The variable is an edit variable already."""

    def __init__(self, edit_variable: Variable) -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnknownConstraint(Exception):
    """The solver does not hold the constraint."""

    def __init__(self, constraint: Constraint) -> None:
        super().__init__(constraint)
        self.constraint = constraint


class UnknownEditVariable(Exception):
    """The variable is not an edit variable of the solver."""

    def __init__(self, edit_variable: Variable) -> None:
        super().__init__(edit_variable)
        self.edit_variable = edit_variable


class UnsatisfiableConstraint(Exception):
    """The required constraint cannot hold with the required constraints already added."""

    def __init__(self, constraint: Constraint) -> None:
        super().__init__(constraint)
        self.constraint = constraint


# ---------------------------------------------------------------------------------------
# Strengths
# ---------------------------------------------------------------------------------------

# The types kiwisolver's stub (_cext.pyi) gives strengths, relations and operands.
_StrengthName = Literal["weak", "medium", "strong", "required"]
_StrengthArg = Union[float, _StrengthName]
_Op = Literal["==", "<=", ">="]
_Operand = Union[float, "Variable", "Term", "Expression"]

_REQUIRED = 1001001000.0
_NAMED = {"required": _REQUIRED, "strong": 1000000.0, "medium": 1000.0, "weak": 1.0}
_LOG_REQUIRED = math.log10(_REQUIRED)
_BELOW_REQUIRED = math.nextafter(1000.0, 0.0)


def _clip(value: float) -> float:
    return max(0.0, min(1000.0, value))


class _Strength:
    """kiwisolver's ``strength`` singleton: the named strengths and ``create``."""

    __slots__ = ()

    @property
    def required(self) -> float:
        return _REQUIRED

    @property
    def strong(self) -> float:
        return 1000000.0

    @property
    def medium(self) -> float:
        return 1000.0

    @property
    def weak(self) -> float:
        return 1.0

    def create(self, a: float, b: float, c: float, weight: float = 1.0, /) -> float:
        """kiwi's strength from its three parts: ``a·w·10⁶ + b·w·10³ + c·w``, each clipped."""
        for x in (a, b, c, weight):
            if not isinstance(x, Real):
                raise TypeError(f"Expected object of type `float`. Got object of type `{type(x).__name__}` instead.")
        w = float(weight)
        return _clip(a * w) * 1000000.0 + _clip(b * w) * 1000.0 + _clip(c * w)


strength = _Strength()


def _strength_value(value: object) -> float:
    """A strength argument (a number or a name) as kiwi's clipped number."""
    if isinstance(value, str):
        try:
            return _NAMED[value]
        except KeyError:
            raise ValueError(
                f"string strength must be 'required', 'strong', 'medium', or 'weak', not '{value}'"
            ) from None
    if isinstance(value, (float, int)) or isinstance(value, Real):
        return max(0.0, min(_REQUIRED, float(value)))
    raise TypeError(f"Expected object of type `float, int, or str`. Got object of type `{type(value).__name__}` instead.")


def priority(kiwi_strength: float) -> float:
    """The Ratite priority a kiwi strength maps to (see the module documentation).

    >>> priority(strength.weak), priority(strength.medium), priority(strength.strong)
    (250.0, 500.0, 750.0)
    """
    s = max(0.0, min(_REQUIRED, float(kiwi_strength)))
    if s >= _REQUIRED:
        return 1000.0
    if s <= 1.0:
        return 125.0 + 125.0 * s
    if s <= 1000000.0:
        # Exact at the named strengths: 1 -> 250, 1e3 -> 500, 1e6 -> 750.
        if s == 1000.0:
            return 500.0
        if s == 1000000.0:
            return 750.0
        return 250.0 + 250.0 * math.log10(s) / 3.0
    return min(_BELOW_REQUIRED, 750.0 + 250.0 * (math.log10(s) - 6.0) / (_LOG_REQUIRED - 6.0))


def _strength_priority(value: object) -> Tuple[float, float]:
    """(kiwi strength, Ratite priority) of a strength argument; used by the extension."""
    s = _strength_value(value)
    return (s, priority(s))


# ---------------------------------------------------------------------------------------
# Symbolics
# ---------------------------------------------------------------------------------------


def _is_number(x: object) -> TypeGuard[float]:
    return isinstance(x, (float, int)) or (isinstance(x, Real) and not isinstance(x, bool))


def _is_symbol(x: object) -> TypeGuard[_Symbolic]:
    """A Variable, Term or Expression."""
    return isinstance(x, _Symbolic)


def _g(x: float) -> str:
    return "%g" % x


def _as_terms(x: _Symbolic) -> Tuple[Tuple[Term, ...], float]:
    """(terms, constant) of a Variable, Term or Expression."""
    if isinstance(x, Expression):
        return x._terms, x._constant
    if isinstance(x, Term):
        return (x,), 0.0
    return (Term(cast(Variable, x)),), 0.0


# The helpers below return NotImplemented, typed as the operator's result, for an operand
# the operator does not support: the operators return it as they get it.


def _add(a: _Symbolic, b: object) -> Expression:
    """kiwi's sum: an expression's terms come first, then the other operand's."""
    if _is_number(b):
        ta, ca = _as_terms(a)
        return Expression(ta, ca + b)
    if not _is_symbol(b):
        return NotImplemented  # type: ignore[no-any-return]
    tb, cb = _as_terms(b)
    ta, ca = _as_terms(a)
    if isinstance(b, Expression) and not isinstance(a, Expression):
        return Expression(tb + ta, cb + ca)
    return Expression(ta + tb, ca + cb)


def _neg(x: _Symbolic) -> _Symbolic:
    if isinstance(x, Variable):
        return Term(x, -1.0)
    if isinstance(x, Term):
        return x * -1.0
    return cast(Expression, x) * -1.0


def _sub(a: _Symbolic, b: object) -> Expression:
    if _is_number(b):
        return _add(a, -b)
    if not _is_symbol(b):
        return NotImplemented  # type: ignore[no-any-return]
    return _add(a, _neg(b))


def _rsub(a: _Symbolic, b: object) -> Expression:
    """b - a for a number b."""
    if not _is_number(b):
        return NotImplemented  # type: ignore[no-any-return]
    return _add(_neg(a), b)


def _compare(a: _Symbolic, b: object, op: _Op) -> Constraint:
    if _is_number(b):
        return Constraint(_add(a, -b), op)
    if not _is_symbol(b):
        return NotImplemented  # type: ignore[no-any-return]
    return Constraint(_sub(a, b), op)


def _reciprocal(other: object) -> Optional[float]:
    """1 / other for a number other than 0 (ZeroDivisionError for 0), None for anything else."""
    if not _is_number(other):
        return None
    if other == 0:
        raise ZeroDivisionError("float division by zero")
    return 1.0 / other


def _no_order(self: object, other: Any) -> NoReturn:
    raise TypeError("unsupported comparison: only ==, <= and >= make constraints")


class _Symbolic:
    """The operators shared by Variable, Term and Expression (typed as in kiwisolver's stub;
    only the three subclasses derive from it). Products, quotients and negation are each
    subclass's own: a Variable's and a Term's are Terms, an Expression's an Expression.
    A number divided by one of them is a TypeError, as in kiwisolver."""

    __slots__ = ()

    def __add__(self, other: _Operand) -> Expression:
        return _add(self, other)

    def __radd__(self, other: _Operand) -> Expression:
        if _is_number(other):
            return _add(self, other)
        return NotImplemented

    def __sub__(self, other: _Operand) -> Expression:
        return _sub(self, other)

    def __rsub__(self, other: _Operand) -> Expression:
        return _rsub(self, other)

    def __eq__(self, other: _Operand) -> Constraint:  # type: ignore[override]
        return _compare(self, other, "==")

    def __le__(self, other: _Operand) -> Constraint:
        return _compare(self, other, "<=")

    def __ge__(self, other: _Operand) -> Constraint:
        return _compare(self, other, ">=")

    __lt__ = __gt__ = __ne__ = _no_order
    __hash__ = object.__hash__


class Variable(_Symbolic, _ratite.VariableBase):
    """A variable of a constraint: name, context and the value the last update wrote."""

    __slots__ = ()
    __hash__ = object.__hash__

    def __neg__(self) -> Term:
        return Term(self, -1.0)

    def __mul__(self, other: float) -> Term:
        if not _is_number(other):
            return NotImplemented
        return Term(self, other)

    __rmul__ = __mul__

    def __truediv__(self, other: float) -> Term:
        reciprocal = _reciprocal(other)
        return NotImplemented if reciprocal is None else self * reciprocal

    def __str__(self) -> str:
        return self.name()

    def __repr__(self) -> str:
        return f"Variable({self.name()!r})"


class Term(_Symbolic):
    """A variable times a coefficient."""

    __slots__ = ("_variable", "_coefficient")
    _variable: Variable
    _coefficient: float

    def __init__(self, variable: Variable, coefficient: float = 1.0, /) -> None:
        if not isinstance(variable, Variable):
            raise TypeError(
                f"Expected object of type `Variable`. Got object of type `{type(variable).__name__}` instead."
            )
        if not _is_number(coefficient):
            raise TypeError(
                f"Expected object of type `float`. Got object of type `{type(coefficient).__name__}` instead."
            )
        self._variable = variable
        self._coefficient = float(coefficient)

    def variable(self) -> Variable:
        """Get the variable for the term."""
        return self._variable

    def coefficient(self) -> float:
        """Get the coefficient for the term."""
        return self._coefficient

    def value(self) -> float:
        """Get the value for the term."""
        return self._coefficient * self._variable.value()

    def __neg__(self) -> Term:
        return Term(self._variable, -self._coefficient)

    def __mul__(self, other: float) -> Term:
        if not _is_number(other):
            return NotImplemented
        return Term(self._variable, self._coefficient * other)

    __rmul__ = __mul__

    def __truediv__(self, other: float) -> Term:
        reciprocal = _reciprocal(other)
        return NotImplemented if reciprocal is None else self * reciprocal

    def __str__(self) -> str:
        return f"{_g(self._coefficient)} * {self._variable.name()}"

    __repr__ = __str__


class Expression(_Symbolic):
    """A sum of terms and a constant."""

    __slots__ = ("_terms", "_constant")
    _terms: Tuple[Term, ...]
    _constant: float

    def __init__(self, terms: Iterable[Term], constant: float = 0.0, /) -> None:
        items = tuple(terms)
        for t in items:
            if not isinstance(t, Term):
                raise TypeError(f"Expected object of type `Term`. Got object of type `{type(t).__name__}` instead.")
        if not _is_number(constant):
            raise TypeError(f"Expected object of type `float`. Got object of type `{type(constant).__name__}` instead.")
        self._terms = items
        self._constant = float(constant)

    def terms(self) -> Tuple[Term, ...]:
        """Get the tuple of terms for the expression."""
        return self._terms

    def constant(self) -> float:
        """Get the constant for the expression."""
        return self._constant

    def value(self) -> float:
        """Get the value for the expression."""
        return self._constant + sum(t.value() for t in self._terms)

    def __neg__(self) -> Expression:
        return self * -1.0

    def __mul__(self, other: float) -> Expression:
        if not _is_number(other):
            return NotImplemented
        return Expression(tuple(t * other for t in self._terms), self._constant * other)

    __rmul__ = __mul__

    def __truediv__(self, other: float) -> Expression:
        reciprocal = _reciprocal(other)
        return NotImplemented if reciprocal is None else self * reciprocal

    def __str__(self) -> str:
        return " + ".join([str(t) for t in self._terms] + [_g(self._constant)])

    __repr__ = __str__


_RELATIONS: Dict[str, int] = {"==": 0, "<=": 1, ">=": 2}


class Constraint:
    """``expression op 0`` at a strength; the expression is reduced (one term per variable)."""

    __slots__ = ("_expression", "_op", "_strength", "_vars", "_coeffs", "_constant", "_relation", "_priority",
                 "__weakref__")
    _expression: Expression
    _op: _Op
    _strength: float
    # What the extension reads when the constraint is added (see _solver.c).
    _vars: Tuple[Variable, ...]
    _coeffs: Tuple[float, ...]
    _constant: float
    _relation: int
    _priority: float

    def __init__(self, expression: Expression, op: _Op, strength: _StrengthArg = "required", /) -> None:
        if not isinstance(expression, Expression):
            raise TypeError(
                f"Expected object of type `Expression`. Got object of type `{type(expression).__name__}` instead."
            )
        if not isinstance(op, str):
            raise TypeError(f"Expected object of type `str`. Got object of type `{type(op).__name__}` instead.")
        if op not in _RELATIONS:
            raise ValueError(f"relational operator must be '==', '<=', or '>=', not '{op}'")
        self._set(_reduce(expression), op, _strength_value(strength))

    def _set(self, expression: Expression, op: _Op, kiwi_strength: float) -> None:
        self._expression = expression
        self._op = op
        self._strength = kiwi_strength
        self._relation = _RELATIONS[op]
        self._priority = priority(kiwi_strength)
        self._constant = expression._constant
        # kiwi leaves out terms whose coefficient is near zero (1e-8) when it builds the row.
        kept = [t for t in expression._terms if abs(t._coefficient) >= 1e-8]
        self._vars = tuple(t._variable for t in kept)
        self._coeffs = tuple(t._coefficient for t in kept)

    def expression(self) -> Expression:
        """Get the expression object for the constraint."""
        return self._expression

    def op(self) -> _Op:
        """Get the relational operator for the constraint."""
        return self._op

    def strength(self) -> float:
        """Get the strength for the constraint."""
        return self._strength

    def violated(self) -> bool:
        """Whether the variables' current values violate the constraint (within 1e-8)."""
        value = self._expression.value()
        if self._op == "==":
            return abs(value) > 1e-8
        if self._op == "<=":
            return value > 1e-8
        return value < -1e-8

    def __or__(self, other: _StrengthArg) -> Constraint:
        copy = Constraint.__new__(Constraint)
        copy._set(self._expression, self._op, _strength_value(other))
        return copy

    __ror__ = __or__

    def __str__(self) -> str:
        return f"{self._expression} {self._op} 0 | strength = {_g(self._strength)}"

    __repr__ = __str__


def _reduce(expression: Expression) -> Expression:
    """Combines the terms of each variable (in order of first appearance)."""
    coefficients: Dict[Variable, float] = {}
    for t in expression._terms:
        v = t._variable
        coefficients[v] = coefficients.get(v, 0.0) + t._coefficient
    if len(coefficients) == len(expression._terms):
        return expression
    return Expression(tuple(Term(v, c) for v, c in coefficients.items()), expression._constant)


# ---------------------------------------------------------------------------------------
# Solver
# ---------------------------------------------------------------------------------------


class Solver(_ratite.SolverBase):
    """kiwi's solver on a Ratite solver (see the module documentation for the differences)."""

    __slots__ = ()

    def dump(self) -> None:
        """Print the solver's internals to stdout."""
        print(self.dumps())

    def dumps(self) -> str:
        """The solver's internals: Ratite's tableau, then kiwi's sections."""
        variables, constraints, edits = self._state()
        lines: List[str] = ["Objective", "---------"]
        tableau = self._tableau()
        lines.append("(Ratite: strictly ordered levels; see Tableau)")
        lines += ["", "Tableau", "-------", tableau.rstrip("\n"), "", "Infeasible", "----------",
                  "(in the tableau above)", "", "Variables", "---------"]
        lines += [f"{v.name()} = {v.value():g}" for v in variables]
        lines += ["", "Edit Variables", "--------------"]
        lines += [f"{v.name()} | strength = {_g(s)}" for v, s in edits.items()]
        lines += ["", "Constraints", "-----------"]
        lines += [str(c) for c in constraints]
        return "\n".join(lines) + "\n"


_ratite._kiwi_setup(Constraint, UnsatisfiableConstraint, DuplicateConstraint, UnknownConstraint,
                    DuplicateEditVariable, UnknownEditVariable, BadRequiredStrength, _strength_priority)


def install() -> None:
    """Makes ``import kiwisolver`` return this module, for programs (matplotlib's
    constrained layout, enaml) that import kiwisolver themselves. Call it before they import
    it; a kiwisolver imported earlier stays in the modules that already hold it."""
    sys.modules["kiwisolver"] = sys.modules[__name__]
