"""An answer the solver cannot verify: numbers spanning more than the exact checks take
(1e-300 beside 1e17), where the float tableau rounds the 1 into the 1e17 and takes
``w == 2`` beside ``w == 1``. ``ratite.solve`` raises; ``ratite.kiwi`` keeps kiwisolver's
signature and warns."""
import pytest

from ratite import RatiteError
from ratite.kiwi import Solver, Variable
from ratite.solve import run_solve_file

RATITE_ERROR_NUMERICAL = 13


def test_solve_file_raises_when_the_answer_is_unverified() -> None:
    with pytest.raises(RatiteError) as raised:
        run_solve_file("z == 1e-300\nw == 1e17 @weak\nw == 1\nw == 2\n")
    assert raised.value.status == RATITE_ERROR_NUMERICAL
    assert "could not be verified" in str(raised.value)


def test_solve_file_refuses_the_contradiction_within_the_span() -> None:
    with pytest.raises(ValueError, match="line 3: unsatisfiable"):
        run_solve_file("w == 1e17 @weak\nw == 1\nw == 2\n")


def test_kiwi_warns_when_the_answer_is_unverified() -> None:
    z, w = Variable("z"), Variable("w")
    solver = Solver()
    solver.addConstraint(z == 1e-300)
    solver.addConstraint((w == 1e17) | "weak")
    solver.addConstraint(w == 1)
    solver.addConstraint(w == 2)
    with pytest.warns(RuntimeWarning, match="could not be verified"):
        solver.updateVariables()
