"""The C extension as the stable ABI has it: one module for CPython 3.10 and later
(_ratite.abi3.so), heap types that behave as the static types did (immutable, collected
in reference cycles through a Variable's context)."""
import gc
import weakref
from typing import Any, Optional

import pytest

from ratite import _ratite
from ratite.kiwi import Solver, Variable


def test_module_is_built_for_the_stable_abi() -> None:
    origin: Optional[str] = getattr(_ratite, "__file__", None)
    assert origin is not None and origin.endswith(".abi3.so"), origin


@pytest.mark.parametrize("name", ["VariableBase", "SolverBase", "Engine", "CoreSolver"])
def test_types_are_the_modules_and_immutable(name: str) -> None:
    kind: Any = getattr(_ratite, name)
    assert kind.__module__ == "ratite._ratite" and kind.__name__ == name
    with pytest.raises(TypeError):
        kind.extra = 1
    kind()  # instances are made and freed


class Box:
    variable: Variable


def test_cycle_through_a_context_is_collected() -> None:
    box = Box()
    box.variable = Variable("v", box)
    solver = Solver()
    solver.addConstraint(box.variable == 1)
    solver.updateVariables()
    assert box.variable.value() == 1
    alive = weakref.ref(box)
    del box, solver
    gc.collect()
    assert alive() is None


def test_type_errors_name_the_type() -> None:
    with pytest.raises(TypeError, match=r"Expected object of type `Variable`. Got object of type `int` instead."):
        Solver().hasEditVariable(1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"Expected object of type `str`. Got object of type `bytes` instead."):
        Variable().setName(b"x")  # type: ignore[arg-type]
