"""ratite.solve: the solver with Ratite's priorities and the solve file format."""
import os
import subprocess

import pytest

from ratite import RatiteError
from ratite.solve import SolveFileError, Solver, format_values, run_solve_file

from test_layout import cli

FILE = """# the README's example
left0 == 20
left1 == left0 + width0 + 8
width0 >= 10
width0 == 50 @weak
x + 2*y <= 3.5 @strong
(a + b) / 2 == c @600
edit W @strong
suggest W 320
right == left1 + W
"""
EXPECTED = "left0 = 20\nleft1 = 78\nwidth0 = 50\nx = 3.5\ny = 0\na = 0\nb = 0\nc = 0\nW = 320\nright = 398\n"


def test_solve_file() -> None:
    assert format_values(run_solve_file(FILE)) == EXPECTED


def test_generated_systems_match_the_cli() -> None:
    tool = cli()
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
    for family in ("chain", "grid", "tree", "random"):
        text = subprocess.run([str(tool), "generate", family, "--n", "30"], capture_output=True, text=True,
                              check=True, env=env).stdout
        expected = subprocess.run([str(tool), "solve", "-"], input=text, capture_output=True, text=True,
                                  check=True, env=env).stdout
        assert format_values(run_solve_file(text)) == expected, family


NAMED = """# Apple's priority names, as the Swift side spells them
x == 10 @defaultLow
x == 20 @dragThatCannotResizeScene
x == 30 @windowSizeStayPut
y == 1 @fittingSizeLevel
y == 2 @fittingSizeCompression
y >= 3 @sceneSizeStayPut
edit W @ dragThatCanResizeWindow
suggest W 5
W == 7 @defaultHigh
"""
NAMED_EXPECTED = "x = 30\ny = 3\nW = 7\n"


def test_named_priorities() -> None:
    assert format_values(run_solve_file(NAMED)) == NAMED_EXPECTED
    s = Solver()
    x = s.variable("x")
    s.add([(x, 1.0)], -1.0, "==", "fittingSizeLevel")
    s.add([(x, 1.0)], -2.0, "==", "dragThatCanResizeScene")
    s.edit(x, "dragThatCannotResizeWindow")
    s.suggest(x, 3)
    s.update()
    assert s.value(x) == 2
    with pytest.raises(ValueError, match="defaultHigh"):
        s.add([(x, 1.0)], 0.0, "==", "high")


def test_named_priorities_match_the_cli() -> None:
    tool = cli()
    expected = subprocess.run([str(tool), "solve", "-"], input=NAMED, capture_output=True, text=True, check=True,
                              env=dict(os.environ, SWIFT_BACKTRACE="enable=no")).stdout
    assert expected == NAMED_EXPECTED


def test_unsatisfiable_names_the_conflict() -> None:
    with pytest.raises(SolveFileError) as info:
        run_solve_file("x >= 10\ny == 1\nx <= 5\n")
    assert info.value.line == 3 and info.value.conflict == [1, 3]


def test_priorities_are_levels() -> None:
    s = Solver()
    x = s.variable("x")
    s.add([(x, 1.0)], -10.0, "==", 500)
    for _ in range(100):
        s.add([(x, 1.0)], 0.0, "==", "weak")
    s.update()
    assert s.value(x) == 10


def test_edits_values_and_changed() -> None:
    s = Solver()
    c = s.add("right == left + width")
    s.add("left == 20")
    width, right = s.find("width"), s.find("right")
    s.edit(width)
    assert s.is_edit(width)
    s.suggest(width, 100)
    changed = s.update()
    assert set(changed) == {s.find("left"), width, right}
    s.suggest(width, 150)
    assert set(s.update()) == {width, right}
    assert s.values([right, width]) == [170.0, 150.0]
    assert s.has(c)
    with pytest.raises(RatiteError) as info:
        s.add("x + = 3")
    assert info.value.status_name
    with pytest.raises(RatiteError):
        s.value(12345)
