"""The file formats from Python against ``ratite``: every example and every case of
Tests/Fixtures/file-formats, through the package's API and through the C interface it
calls, gives what the command-line tool gives. (Tests/RatiteCTests/FileFormatParityTests
holds the Swift API and the C interface to the tool on the same files.)"""
import os
import re
import subprocess
from pathlib import Path
from typing import List, Tuple

import pytest

from ratite import RatiteError, _ratite
from ratite.layout import LayoutEngine, LayoutFileError, LayoutStep, load_layout, render_layout, run_layout
from ratite.solve import SolveFileError, format_values, run_solve_file

from test_layout import ROOT, cli

FILES = sorted((ROOT / "Tests/Fixtures/file-formats").glob("*.*")) + sorted((ROOT / "examples").glob("*.layout"))
DIAGNOSTIC = re.compile(r"<stdin>:(\d+):(\d+): error: (.*)")


def run_tool(tool: str, path: Path) -> Tuple[str, int, str]:
    """``ratite solve|layout -`` on the file's text: standard output, status, standard error."""
    command = "layout" if path.suffix == ".layout" else "solve"
    result = subprocess.run([tool, command, "-"], input=path.read_text(), capture_output=True, text=True,
                            env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    return result.stdout, result.returncode, result.stderr


def test_the_corpus_is_there() -> None:
    assert len(FILES) >= 25, f"fixtures not found under {ROOT} (set RATITE_ROOT)"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_c_interface_gives_what_the_tool_gives(path: Path) -> None:
    tool = cli()
    if path.suffix == ".layout":
        output, status, diagnostics, _, _ = LayoutEngine()._engine.run_file(path.read_text())
    else:
        output, status, diagnostics, _, _ = _ratite.run_solve_file(path.read_text())
    assert (output, status, diagnostics) == run_tool(tool, path)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_the_package_gives_what_the_tool_gives(path: Path) -> None:
    tool = cli()
    stdout, status, stderr = run_tool(tool, path)
    text = path.read_text()
    located = DIAGNOSTIC.match(stderr)
    if path.suffix == ".layout":
        if status == 65:
            assert located, stderr
            with pytest.raises(LayoutFileError) as raised:
                render_layout(text)
            error = raised.value
            assert (error.line, error.column, error.message) == (int(located[1]), int(located[2]), located[3])
            assert error.output == stdout
        elif status == 70:
            with pytest.raises(RatiteError, match="could not be verified"):
                render_layout(text)
        else:
            assert render_layout(text) == stdout
    else:
        if status == 65:
            assert located, stderr
            with pytest.raises(SolveFileError) as solve_error:
                run_solve_file(text)
            assert (solve_error.value.line, str(solve_error.value)) == (int(located[1]),
                                                                       f"line {located[1]}: {located[3]}")
            noted = [int(line) for line in re.findall(r"^  <stdin>:(\d+): ", stderr, re.MULTILINE)]
            assert solve_error.value.conflict == noted
        elif status == 70:
            with pytest.raises(RatiteError, match="could not be verified"):
                run_solve_file(text)
        else:
            assert format_values(run_solve_file(text)) == stdout


def test_a_file_runs_into_the_users_engine() -> None:
    engine = LayoutEngine()
    root = engine.add_view("root", size=(300, 200))
    load_layout("view box in root\nbox.leading == root.leading + 10\nbox.top == root.top\n"
                "box.width == 50\nbox.height == 20\n", engine=engine)
    box = engine.item("box")
    assert [item.name for item in engine.items] == ["root", "box"] and box.parent is root and box.kind == "view"
    engine.layout()
    assert tuple(box.frame) == (10, 0, 50, 20)
    root.set_size(400, 100)
    engine.layout()
    assert tuple(box.frame) == (10, 0, 50, 20)
    guides = load_layout("view top size 10x10\nguide inner in top insets 1,2,3,4\n")
    assert guides.item("inner").kind == "guide" and guides.item("inner").parent is guides.item("top")


def test_after_layout_sees_each_step_and_its_errors_stop_the_run() -> None:
    text = "view root size 10x20\nstep one\nresize root 30x40\nstep two\nresize root 50x60\n"
    seen: List[Tuple[str, Tuple[float, ...]]] = []

    def record(engine: LayoutEngine, step: LayoutStep) -> None:
        seen.append((step.title, tuple(engine.item("root").frame)))
        if step.index == 1:
            raise KeyError("enough")

    with pytest.raises(KeyError, match="enough"):
        run_layout(text, after_layout=record)
    assert seen == [("initial layout", (0, 0, 10, 20)), ("step 1: one", (0, 0, 30, 40))]


def test_argument_errors_are_raised_before_anything_is_built() -> None:
    engine = LayoutEngine()
    with pytest.raises(RatiteError) as raised:
        load_layout("view root size 10x10\n", size=(-1, 3), engine=engine)
    assert raised.value.status == 2 and engine.items == []
    with pytest.raises(ValueError, match="unknown platform"):
        render_layout("view root size 10x10\n", platform="android")
