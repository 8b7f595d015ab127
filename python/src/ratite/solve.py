"""Ratite's solver with its own priorities, and the ``solve`` file format.

>>> from ratite.solve import Solver
>>> s = Solver()
>>> x, y = s.variable("x"), s.variable("y")
>>> c = s.add("x + y == 10")
>>> d = s.add([(x, 1.0)], -3.0, "==", "strong")        # x - 3 == 0 @strong
>>> s.edit(y, "weak"); s.suggest(y, 1)
>>> changed = s.update()
>>> s.value(x), s.value(y)
(3.0, 7.0)

Priorities are numbers in (0, 1000] (1000 is required) or the names ``required``,
``strong`` (750), ``medium`` (500), ``weak`` (250) and Apple's ``defaultHigh`` (750),
``dragThatCanResizeScene`` (510), ``windowSizeStayPut`` (500), ``dragThatCannotResizeScene``
(490), ``defaultLow`` (250), ``fittingSizeLevel`` (50) with their macOS and iOS spellings
(``ratite.layout.PRIORITY_NAMES``), in calls and in solve files alike. Levels are strictly
ordered: no amount of violation at lower levels buys any violation at a higher one. A failed call changes
nothing; unsatisfiable required constraints raise RatiteError (``conflict()`` names the
minimal set).
"""

from __future__ import annotations

from typing import Dict, List, Sequence, Tuple, Union

from . import _ratite
from ._ratite import RatiteError
from .layout import UNVERIFIED_STATUS, format_number, priority_value, unverified_error

__all__ = ["RatiteError", "SolveFileError", "Solver", "format_values", "run_solve_file"]

_RELATIONS = {"==": 0, "<=": 1, ">=": 2}


class Solver:
    """A Ratite solver: variables and constraints are integer ids."""

    def __init__(self) -> None:
        self._core = _ratite.CoreSolver()

    def variable(self, name: str = "") -> int:
        """A new variable (names need not be unique; `find` answers the newest)."""
        return self._core.variable(name)

    def find(self, name: str) -> int:
        """The newest variable called `name` (RatiteError if none)."""
        return self._core.find(name)

    def name(self, variable: int) -> str:
        return self._core.name(variable)

    def free(self, variable: int) -> None:
        """Frees a variable no constraint or edit mentions."""
        self._core.free_variable(variable)

    def add(self, terms: Union[str, Sequence[Tuple[int, float]]], constant: float = 0.0, relation: str = "==",
            priority: Union[float, str] = "required") -> int:
        """Adds ``Σ coefficient × variable + constant  relation  0`` at `priority`, or one
        constraint in the ``solve`` syntax (``"x + 2*y <= 3.5 @strong"``; unknown names make
        variables). Returns the constraint's id."""
        if isinstance(terms, str):
            return self._core.parse(terms)
        return self._core.add(list(terms), float(constant), _RELATIONS[relation], priority_value(priority))

    def remove(self, constraint: int) -> None:
        self._core.remove(constraint)

    def has(self, constraint: int) -> bool:
        return self._core.has(constraint)

    def set_constant(self, constraint: int, constant: float) -> None:
        """Changes a constraint's constant incrementally."""
        self._core.set_constant(constraint, constant)

    def set_priority(self, constraint: int, priority: Union[float, str]) -> None:
        self._core.set_priority(constraint, priority_value(priority))

    def edit(self, variable: int, priority: Union[float, str] = "strong") -> None:
        """Makes `variable` an edit variable (below required); it keeps its current value
        until a suggestion."""
        self._core.add_edit(variable, priority_value(priority))

    def unedit(self, variable: int) -> None:
        self._core.remove_edit(variable)

    def is_edit(self, variable: int) -> bool:
        return self._core.is_edit(variable)

    def suggest(self, variable: int, value: float) -> None:
        self._core.suggest(variable, value)

    def update(self) -> List[int]:
        """Brings values up to date; returns the variables whose values changed."""
        return self._core.update()

    def value(self, variable: int) -> float:
        return self._core.value(variable)

    def values(self, variables: Sequence[int]) -> List[float]:
        """Many values in one call."""
        return self._core.values(variables)

    def conflict(self) -> List[int]:
        """After an unsatisfiable required constraint: the minimal conflicting set (0 stands
        for the constraint that was being added)."""
        return self._core.last_conflict()

    def reset(self) -> None:
        """Removes every constraint and edit (variables stay, at 0)."""
        self._core.reset()

    def dump(self) -> str:
        return self._core.dump()


class SolveFileError(ValueError):
    """A malformed statement or unsatisfiable constraints: `line` (1-based), the message, and
    for a conflict the lines of the minimal conflicting set (the refused statement's
    included)."""

    def __init__(self, message: str, line: int, conflict: Sequence[int] = ()) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.conflict = list(conflict)


def run_solve_file(text: str) -> Dict[str, float]:
    """Runs a ``solve`` file (constraints, ``edit NAME [@PRIORITY]``, ``suggest NAME VALUE``)
    and returns every variable's value by name, in order of first appearance, as
    ``ratite solve`` prints them. The library reads and runs the file, as ``ratite solve``
    does: a malformed or refused statement raises SolveFileError at its line, and an answer
    the solver could not verify raises RatiteError (``RATITE_ERROR_NUMERICAL``)."""
    _, status, diagnostics, error, values = _ratite.run_solve_file(text)
    if error is not None:
        message, line, _, conflict = error
        raise SolveFileError(message, line, conflict)
    if status == UNVERIFIED_STATUS:
        raise unverified_error(diagnostics)
    return dict(values)


def format_values(values: Dict[str, float]) -> str:
    """``name = value`` lines, numbers in their shortest exact form."""
    return "".join(f"{name} = {format_number(value)}\n" for name, value in values.items())
