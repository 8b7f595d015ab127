"""Where ratite.kiwi differs from kiwisolver, one test each (documented in ratite/kiwi.py).
Each test states Ratite's behaviour; where kiwisolver is installed it also checks that
kiwisolver does differ, so the documentation stays true."""
import importlib
import math
from types import ModuleType
from typing import Optional, Tuple

import pytest

import ratite.kiwi as rk

real_kiwi: Optional[ModuleType]
try:
    real_kiwi = importlib.import_module("kiwisolver")
except ImportError:  # the difference is still stated for Ratite
    real_kiwi = None

both = pytest.mark.parametrize("kiwi", [rk] + ([real_kiwi] if real_kiwi else []), ids=lambda m: m.__name__)


def many_weak_against_one_medium(kiwi: ModuleType) -> float:
    """x == 10 at medium against 2000 separate x == 0 at weak."""
    s = kiwi.Solver()
    x = kiwi.Variable("x")
    s.addConstraint((x == 10) | "medium")
    for _ in range(2000):
        s.addConstraint((x == 0) | "weak")
    s.updateVariables()
    return float(x.value())


def test_levels_are_strictly_ordered() -> None:
    # Ratite: no number of weak violations outweighs one medium violation.
    assert many_weak_against_one_medium(rk) == 10
    if real_kiwi:
        # kiwi adds weights: 2000 × 1 beats 1 × 1000.
        assert many_weak_against_one_medium(real_kiwi) == 0


def three_against_a_heavier_one(kiwi: ModuleType) -> float:
    """Three constraints at strength 1 pulling x to 0, one at strength 2 pulling it to 10."""
    s = kiwi.Solver()
    x = kiwi.Variable("x")
    for _ in range(3):
        s.addConstraint((x == 0) | kiwi.strength.create(0, 0, 1))
    s.addConstraint((x == 10) | kiwi.strength.create(0, 0, 2))
    s.updateVariables()
    return float(x.value())


def test_created_strengths_are_levels_not_weights() -> None:
    assert three_against_a_heavier_one(rk) == 10
    if real_kiwi:
        assert three_against_a_heavier_one(real_kiwi) == 0


def test_strength_to_priority_mapping() -> None:
    s = rk.strength
    assert rk.priority(s.weak) == 250 and rk.priority(s.medium) == 500
    assert rk.priority(s.strong) == 750 and rk.priority(s.required) == 1000
    assert rk.priority(0) == 125
    # Strictly increasing, and below required until required.
    samples = sorted({s.create(a, b, c, w) for a in (0, 0.5, 1, 999) for b in (0, 1, 7) for c in (0, 0.25, 1, 3)
                      for w in (1, 2)})
    priorities = [rk.priority(x) for x in samples]
    assert all(p < q for p, q in zip(priorities, priorities[1:]))
    assert all(0 < p < 1000 for p, x in zip(priorities, samples) if x < s.required)
    assert rk.priority(math.nextafter(s.required, 0)) < 1000
    # Clipped like kiwi's strengths.
    assert rk.priority(-5) == 125 and rk.priority(1e12) == 1000


def edit_without_suggestion(kiwi: ModuleType) -> float:
    s = kiwi.Solver()
    x = kiwi.Variable("x")
    s.addConstraint((x == 5) | "weak")
    s.updateVariables()
    s.addEditVariable(x, "strong")
    s.updateVariables()
    return float(x.value())


def test_new_edit_variable_keeps_its_value() -> None:
    # Ratite: a new edit variable holds its current value until a suggestion.
    assert edit_without_suggestion(rk) == 5
    if real_kiwi:
        # kiwi: the edit constraint pulls it towards 0 at the edit strength.
        assert edit_without_suggestion(real_kiwi) == 0


def after_refusal(kiwi: ModuleType) -> Tuple[Tuple[float, float], Tuple[float, float]]:
    s = kiwi.Solver()
    x, y = kiwi.Variable("x"), kiwi.Variable("y")
    s.addConstraint(x >= 10)
    s.addConstraint((x == 5) | "weak")
    s.addConstraint(y == x + 1)
    s.updateVariables()
    with pytest.raises(kiwi.UnsatisfiableConstraint):
        s.addConstraint(x <= 0)
    s.updateVariables()
    first = (x.value(), y.value())
    s.addConstraint((x == 20) | "strong")
    s.updateVariables()
    return first, (x.value(), y.value())


def test_refused_constraint_changes_nothing() -> None:
    # Ratite: the refused constraint left no trace and the solver goes on.
    assert after_refusal(rk) == ((10, 11), (20, 21))
    if real_kiwi:
        # kiwi's tableau is left changed: x = 0 breaks the required x >= 10.
        assert after_refusal(real_kiwi) != ((10, 11), (20, 21))


def test_update_writes_changed_and_new_variables() -> None:
    x = rk.Variable("x")
    first, second = rk.Solver(), rk.Solver()
    first.addConstraint(x == 1)
    first.updateVariables()
    assert x.value() == 1
    second.addConstraint(x == 2)
    second.updateVariables()  # x is new in `second`: written
    assert x.value() == 2
    first.updateVariables()  # nothing changed in `first`: x keeps the value `second` wrote
    assert x.value() == 2
    if real_kiwi:
        y = real_kiwi.Variable("y")
        a, b = real_kiwi.Solver(), real_kiwi.Solver()
        a.addConstraint(y == 1)
        b.addConstraint(y == 2)
        b.updateVariables()
        a.updateVariables()
        assert y.value() == 1  # kiwi rewrites every variable


def test_violated_reads_current_values() -> None:
    x = rk.Variable("x")
    c = x >= 3
    s = rk.Solver()
    s.addConstraint((x == 0) | "weak")
    s.updateVariables()
    assert c.violated()  # c is in no solver: judged from x's value
    s.addConstraint(c)
    s.updateVariables()
    assert not c.violated()


def test_version_names_kiwisolver_api() -> None:
    assert rk.__version__ == rk.__kiwi_version__
    if real_kiwi:
        assert rk.__version__ == real_kiwi.__version__
