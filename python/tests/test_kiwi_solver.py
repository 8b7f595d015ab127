"""kiwisolver's py/tests/test_solver.py and the behaviour tests of its C++ suite
(SolverTest, SimplexTest), ported to ratite.kiwi (rewritten; the checks are kiwisolver's)."""
from typing import Callable, List

import pytest

from ratite.kiwi import (
    BadRequiredStrength,
    DuplicateConstraint,
    DuplicateEditVariable,
    Solver,
    UnknownConstraint,
    UnknownEditVariable,
    UnsatisfiableConstraint,
    Variable,
    strength,
)


def test_solver_takes_no_arguments() -> None:
    assert isinstance(Solver(), Solver)
    with pytest.raises(TypeError):
        Solver(Variable())  # type: ignore[call-arg]


def test_wrong_argument_types() -> None:
    s = Solver()
    calls: List[Callable[[], object]] = [
        lambda: s.hasEditVariable(object()),  # type: ignore[arg-type]
        lambda: s.addEditVariable(object(), "weak"),  # type: ignore[arg-type]
        lambda: s.removeEditVariable(object()),  # type: ignore[arg-type]
        lambda: s.suggestValue(object(), 10),  # type: ignore[arg-type]
        lambda: s.hasConstraint(object()),  # type: ignore[arg-type]
        lambda: s.addConstraint(object()),  # type: ignore[arg-type]
        lambda: s.removeConstraint(object()),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


def test_edit_variables() -> None:
    s = Solver()
    v1, v2 = Variable("foo"), Variable("bar")
    assert not s.hasEditVariable(v1)
    s.addEditVariable(v1, "weak")
    assert s.hasEditVariable(v1)
    with pytest.raises(DuplicateEditVariable) as duplicate:
        s.addEditVariable(v1, "medium")
    assert duplicate.value.edit_variable is v1
    with pytest.raises(UnknownEditVariable) as unknown:
        s.removeEditVariable(v2)
    assert unknown.value.edit_variable is v2
    s.removeEditVariable(v1)
    assert not s.hasEditVariable(v1)
    with pytest.raises(BadRequiredStrength):
        s.addEditVariable(v1, "required")
    s.addEditVariable(v2, "strong")
    assert s.hasEditVariable(v2)
    with pytest.raises(UnknownEditVariable) as unknown:
        s.suggestValue(v1, 10)
    assert unknown.value.edit_variable is v1
    s.reset()
    assert not s.hasEditVariable(v2)


def test_suggestions() -> None:
    s = Solver()
    v1 = Variable("foo")
    s.addEditVariable(v1, "medium")
    s.addConstraint((v1 == 1) | "weak")
    s.suggestValue(v1, 2)
    s.updateVariables()
    assert v1.value() == 2

    # An edit variable that enters several rows.
    s = Solver()
    v1, v2 = Variable("foo"), Variable("bar")
    s.addEditVariable(v2, "weak")
    s.addConstraint(v1 + v2 == 0)
    s.addConstraint(v2 <= -1)
    s.addConstraint((v2 >= 0) | "weak")
    s.suggestValue(v2, 0)
    s.updateVariables()
    assert v2.value() <= -1


def test_constraints() -> None:
    s = Solver()
    v = Variable("foo")
    c1, c2 = v >= 1, v <= 0
    assert not s.hasConstraint(c1)
    s.addConstraint(c1)
    assert s.hasConstraint(c1)
    with pytest.raises(DuplicateConstraint) as duplicate:
        s.addConstraint(c1)
    assert duplicate.value.constraint is c1
    with pytest.raises(UnknownConstraint) as unknown:
        s.removeConstraint(c2)
    assert unknown.value.constraint is c2
    with pytest.raises(UnsatisfiableConstraint) as unsatisfiable:
        s.addConstraint(c2)
    assert unsatisfiable.value.constraint is c2
    s.removeConstraint(c1)
    assert not s.hasConstraint(c1)
    s.addConstraint(c2)
    assert s.hasConstraint(c2)
    s.reset()
    assert not s.hasConstraint(c2)


def test_under_constrained_system() -> None:
    s = Solver()
    v = Variable("foo")
    c = 2 * v + 1 >= 0
    s.addEditVariable(v, "weak")
    s.addConstraint(c)
    s.suggestValue(v, 10)
    s.updateVariables()
    assert c.expression().value() == 21
    assert c.expression().terms()[0].value() == 20
    assert c.expression().terms()[0].variable().value() == 10


def test_strengths_decide() -> None:
    v1, v2 = Variable("foo"), Variable("bar")
    s = Solver()
    s.addConstraint(v1 + v2 == 0)
    s.addConstraint(v1 == 10)
    s.addConstraint((v2 >= 0) | "weak")
    s.updateVariables()
    assert (v1.value(), v2.value()) == (10, -10)
    s.reset()
    s.addConstraint(v1 + v2 == 0)
    s.addConstraint((v1 >= 10) | "medium")
    s.addConstraint((v2 == 2) | "strong")
    s.updateVariables()
    assert (v1.value(), v2.value()) == (-2, 2)


def test_dump(capsys: pytest.CaptureFixture[str]) -> None:
    v1, v2 = Variable("foo"), Variable("bar")
    s = Solver()
    s.addEditVariable(v2, "weak")
    s.addConstraint(v1 + v2 == 0)
    s.addConstraint(v2 <= -1)
    s.addConstraint((v2 >= 0) | "weak")
    s.updateVariables()
    with pytest.raises(UnsatisfiableConstraint):
        s.addConstraint(v2 >= 1)
    s.dump()
    printed = capsys.readouterr().out
    text = s.dumps()
    for heading in ("Objective", "Tableau", "Infeasible", "Variables", "Edit Variables", "Constraints"):
        assert heading in text and heading in printed


def test_infeasible_after_suggestion() -> None:
    """The Cassowary paper's example: a suggestion that needs the dual optimisation."""
    xm, xl, xr = Variable("xm"), Variable("xl"), Variable("xr")
    s = Solver()
    s.addEditVariable(xm, "strong")
    s.addEditVariable(xl, "weak")
    s.addEditVariable(xr, "weak")
    s.addConstraint(2 * xm == xl + xr)
    s.addConstraint(xl + 20 <= xr)
    s.addConstraint(xl >= -10)
    s.addConstraint(xr <= 100)
    for variable, value in ((xm, 40), (xr, 50), (xl, 30), (xm, 60), (xm, 90)):
        s.suggestValue(variable, value)
    s.updateVariables()
    assert xl.value() + xr.value() == 2 * xm.value()
    assert (xl.value(), xr.value()) == (80, 100)


def test_violated() -> None:
    s = Solver()
    v = Variable("foo")
    c1 = (v >= 10) | "required"
    c2 = (v <= -5) | "weak"
    s.addConstraint(c1)
    s.addConstraint(c2)
    s.updateVariables()
    assert v.value() >= 10
    assert c1.violated() is False
    assert c2.violated() is True


def test_maximization() -> None:
    """kiwi's C++ SimplexTest: maximise -2·x1 + 7·x2 + 4·x3 through a weak edit."""
    x1, x2, x3, z = (Variable(n) for n in ("x1", "x2", "x3", "z"))
    s = Solver()
    for x in (x1, x2, x3):
        s.addConstraint(x >= 0)
    s.addConstraint(2 * x1 - 5 * x2 <= 11)
    s.addConstraint(-x1 + 3 * x2 + x3 == 7)
    s.addConstraint(x1 - 8 * x2 + 4 * x3 >= 33)
    s.addConstraint(z == -2 * x1 + 7 * x2 + 4 * x3)
    s.addEditVariable(z, strength.weak)
    s.suggestValue(z, 1e6)
    s.updateVariables()
    for variable, expected in ((x1, 13), (x2, 3), (x3, 11), (z, 39)):
        assert variable.value() == pytest.approx(expected, abs=1e-4)


def test_removing_a_constraint_releases_its_variables() -> None:
    s = Solver()
    v = Variable("v")
    c = (v == 5)
    s.addConstraint(c)
    s.updateVariables()
    assert v.value() == 5
    s.removeConstraint(c)
    assert s._state()[0] == {}
    s.addConstraint(v == 7)
    s.updateVariables()
    assert v.value() == 7


def test_numeric_strengths_and_suggestions() -> None:
    s = Solver()
    v = Variable("v")
    s.addEditVariable(v, strength.create(0, 1, 0))
    s.addConstraint((v == 3) | strength.weak)
    s.suggestValue(v, 4)
    s.updateVariables()
    assert v.value() == 4
    s.suggestValue(v, 6.5)
    s.updateVariables()
    assert v.value() == 6.5


def test_variables_live_while_a_constraint_or_edit_uses_them() -> None:
    s = Solver()
    v, w = Variable("v"), Variable("w")
    c = w == v + 1
    s.addConstraint(c)
    s.addEditVariable(v, "strong")
    s.removeConstraint(c)  # v stays: the edit uses it
    s.suggestValue(v, 4)
    s.updateVariables()
    assert v.value() == 4
    s.removeEditVariable(v)
    assert s._state()[0] == {}


def test_many_cycles_without_update() -> None:
    s = Solver()
    anchor = Variable("anchor")
    s.addConstraint(anchor == 1)
    kept = []
    for i in range(3000):
        x = Variable(f"x{i}")
        c = x == anchor + i
        s.addConstraint(c)
        if i % 100:
            s.removeConstraint(c)
        else:
            kept.append((x, i + 1))
    s.updateVariables()
    assert anchor.value() == 1 and all(x.value() == value for x, value in kept)
    assert len(s._state()[0]) == 1 + len(kept) == 31
