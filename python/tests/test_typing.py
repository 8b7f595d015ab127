"""The package's type information as a user's type checker finds it in the installed wheel
(PEP 561: py.typed, inline annotations, the stub of the C extension): code using ratite
type-checks under mypy --strict, and ratite.kiwi's types are kiwisolver's (its _cext.pyi)
wherever the two APIs agree. The programs are checked from an empty folder, so `ratite`
is the installed package, not python/src."""
import importlib.util
import os
import re
import subprocess
import sys
from importlib import resources
from pathlib import Path
from typing import List, Tuple

import pytest

import ratite.kiwi


def mypy(folder: Path, source: str, cache: Path) -> Tuple[int, List[str]]:
    """mypy --strict on `source` as folder/program.py: the exit status and the output's
    lines (without the summary)."""
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed")
    (folder / "program.py").write_text(source)
    env = {k: v for k, v in os.environ.items() if k not in ("MYPYPATH", "MYPY_CACHE_DIR")}
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-color-output", "--cache-dir", str(cache),
                             "program.py"], cwd=folder, capture_output=True, text=True, env=env, timeout=600)
    lines = [line for line in result.stdout.splitlines() if line.startswith("program.py:")]
    return result.returncode, lines


def revealed(lines: List[str]) -> List[str]:
    """The types `reveal_type` printed, in order (builtins unqualified, as mypy 2 prints them)."""
    return [line.split("Revealed type is ", 1)[1].strip('"').replace("builtins.", "")
            for line in lines if "Revealed type is" in line]


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("mypy-cache")


def test_wheel_carries_the_type_information() -> None:
    package = resources.files("ratite")
    for name in ("py.typed", "_ratite.pyi", "__init__.py", "kiwi.py", "layout.py", "solve.py"):
        assert package.joinpath(name).is_file(), name


USER_PROGRAM = """
from typing import Optional
import ratite
import ratite.kiwi as kiwi
from ratite.layout import Frame, Item, LayoutConstraint, LayoutEngine, render_frames
from ratite.solve import Solver, run_solve_file

engine = LayoutEngine(platform="macos")
root = engine.add_view("root", size=(320, 480))
label = engine.add_view("label", root, intrinsic=(42, 21), hugging=(251, None))
constraints = engine.activate([label.leading == root.leading_margin, (label.top == root.top + 20) | "strong"])
ids = engine.vfl("H:|-[label]", options=["alignAllTop"])
changed = engine.layout()
reveal_type(root)
reveal_type(label.center_x)
reveal_type(constraints)
reveal_type(label.frame)
reveal_type(changed)
reveal_type(render_frames(engine))

s = Solver()
x = s.variable("x")
c = s.add("x == 3 @strong")
d = s.add([(x, 1.0)], -3.0, "<=", "fittingSizeLevel")
reveal_type(s.update())
reveal_type(s.value(x))
reveal_type(run_solve_file("x == 1\\n"))

v = kiwi.Variable("v")
k = kiwi.Solver()
k.addConstraint((v + 1 >= 2 * v) | "weak")
k.updateVariables()
reveal_type(v.value())
reveal_type(ratite.library_version())

def status(error: ratite.RatiteError) -> Optional[int]:
    return error.status
"""

USER_TYPES = [
    "ratite.layout.Item",
    "ratite.layout.Anchor",
    "list[ratite.layout.LayoutConstraint]",
    "tuple[float, float, float, float, fallback=ratite.layout.Frame]",
    "list[ratite.layout.Item]",
    "str",
    "list[int]",
    "float",
    "dict[str, float]",
    "float",
    "str",
]


def test_user_code_type_checks(tmp_path: Path, cache: Path) -> None:
    status, lines = mypy(tmp_path, USER_PROGRAM, cache)
    assert status == 0 and not [line for line in lines if ": error:" in line], "\n".join(lines)
    assert revealed(lines) == USER_TYPES


# The same program against kiwisolver and against ratite.kiwi: every expression's type,
# and every call a type checker refuses, must be the same. Left out where the APIs differ
# on purpose (README): Ratite's Variable, Term and Expression are hashable (kiwisolver's stub
# says they are not), and `number / variable` is refused by Ratite's types as it is by both
# at run time (kiwisolver's stub lets it through as a Term).
OPERANDS = ["v", "t", "e"]
OTHERS = ["v", "t", "e", "2", "1.5"]


def kiwi_program(module: str) -> str:
    lines = [f"import {module} as kiwi", "from typing import Any", "",
             'v = kiwi.Variable("v")', "w = kiwi.Variable()", 'u = kiwi.Variable("u", object())',
             "t = kiwi.Term(v, 2)", "t1 = kiwi.Term(w)", "e = kiwi.Expression([t, t1], 1)", "e0 = kiwi.Expression((t,))",
             'c = kiwi.Constraint(e, "==")', 'c2 = kiwi.Constraint(e, "<=", "strong")', "c3 = kiwi.Constraint(e, \">=\", 7.0)",
             "s = kiwi.Solver()"]
    reveal = ["kiwi.__version__", "kiwi.__kiwi_version__", "kiwi.strength.weak", "kiwi.strength.medium",
              "kiwi.strength.strong", "kiwi.strength.required", "kiwi.strength.create(1, 2, 3)",
              "kiwi.strength.create(1, 2.5, 3, 0.5)",
              "v.name()", 'v.setName("x")', "v.value()", "v.context()", "v.setContext(None)",
              "t.variable()", "t.coefficient()", "t.value()", "e.terms()", "e.constant()", "e.value()",
              "c.expression()", "c.op()", "c.strength()", "c.violated()", 'c | "weak"', '"medium" | c', "c | 12.0",
              "s.addConstraint(c)", "s.hasConstraint(c2)", "s.removeConstraint(c)", 's.addEditVariable(v, "strong")',
              "s.addEditVariable(w, 5.0)", "s.hasEditVariable(v)", "s.suggestValue(v, 3)", "s.suggestValue(v, 3.5)",
              "s.removeEditVariable(v)", "s.updateVariables()", "s.reset()", "s.dump()", "s.dumps()"]
    for a in OPERANDS:
        reveal.append(f"-{a}")
        for b in OTHERS:
            for op in ("+", "-", "==", "<=", ">="):
                reveal.append(f"{a} {op} {b}")
                if b[0].isdigit():
                    reveal.append(f"{b} {op} {a}")
        for n in ("2", "0.5"):
            reveal += [f"{a} * {n}", f"{n} * {a}", f"{a} / {n}"]
    lines += [f"reveal_type({expression})" for expression in reveal]
    # The exceptions (kiwisolver's are not annotated: caught, not made).
    lines.append("try:\n    pass")
    for name in ("UnsatisfiableConstraint", "DuplicateConstraint", "UnknownConstraint", "DuplicateEditVariable",
                 "UnknownEditVariable", "BadRequiredStrength"):
        lines += [f"except kiwi.{name} as error{name}:", f"    reveal_type(error{name})"]
    # Order comparisons never return (each in a function of its own: code after them is
    # unreachable).
    for k, (a, op, b) in enumerate((a, op, b) for a in OPERANDS for op in ("<", ">", "!=") for b in ("v", "1")):
        lines += [f"def refused{k}() -> None:", f"    reveal_type({a} {op} {b})"]
    # What both refuse, one a line.
    lines += ["v * w", "t * e", "e / v", 'v + ""', 'kiwi.Constraint(e, "!=")', "kiwi.Constraint(v, \"==\")",
              "kiwi.Term(e)", "kiwi.Expression([v])", 's.addConstraint(v)', "s.addEditVariable(t, 'weak')",
              "s.suggestValue(e, 1)", 'c | "strongest"', "kiwi.Variable(1)", "kiwi.strength.create('1', 2, 3)"]
    return "\n".join(lines) + "\n"


def normalised(lines: List[str]) -> List[str]:
    """Line numbers and revealed types with the module names taken out; errors without
    their wording (which names the classes where the methods are defined)."""
    result = []
    for line in lines:
        _, number, kind, text = line.split(":", 3)
        if kind.strip() == "error":
            result.append(f"{number}: error")
        elif "Revealed type is" in text:
            text = text.replace("builtins.", "")
            text = re.sub(r"\b(kiwisolver\._cext|kiwisolver\.exceptions|ratite\.kiwi|ratite\._ratite)\.", "", text)
            result.append(f"{number}: {text.strip().replace('_Strength', 'Strength')}")
    return result


def test_kiwi_types_are_kiwisolvers(tmp_path: Path, cache: Path) -> None:
    pytest.importorskip("kiwisolver")
    (tmp_path / "kiwisolver").mkdir()
    (tmp_path / "ratite").mkdir()
    _, reference = mypy(tmp_path / "kiwisolver", kiwi_program("kiwisolver"), cache)
    _, ours = mypy(tmp_path / "ratite", kiwi_program("ratite.kiwi"), cache)
    expected, actual = normalised(reference), normalised(ours)
    assert len({line for line in expected if line.endswith("error")}) == 14
    assert len(expected) > 200 and not any("Any" in line for line in expected[2:8])
    differences = [(e, a) for e, a in zip(expected, actual) if e != a]
    assert not differences and len(expected) == len(actual), "\n".join(f"kiwisolver {e}\nratite     {a}"
                                                                      for e, a in differences[:20])


def test_number_divided_by_a_variable_is_refused(tmp_path: Path, cache: Path) -> None:
    status, lines = mypy(tmp_path, "import ratite.kiwi as kiwi\nv = kiwi.Variable()\nt = 2 / v\n", cache)
    assert status == 1 and any(":3: error: Unsupported operand types" in line for line in lines), lines
    with pytest.raises(TypeError):
        2 / ratite.kiwi.Variable()  # type: ignore[operator]

