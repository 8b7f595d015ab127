"""The layout engine from Python: the recipes (examples/*.layout) as `ratite layout` prints
them, the whole layout-file format against the CLI, platforms, anchors, VFL, reports and
changed items."""
import os
import subprocess
from pathlib import Path
from typing import List, Optional, Tuple

import pytest

from ratite import RatiteError
from ratite.layout import (ATTRIBUTES, PRIORITY_NAMES, Frame, Item, LayoutEngine, LayoutFileError, load_layout,
                           priority_value, render_frames, render_layout, run_layout)

ROOT = Path(os.environ.get("RATITE_ROOT", Path(__file__).resolve().parents[2]))
EXAMPLES = ROOT / "examples"

SEED = "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 44 42 21\nfield: 58 40 254 30\n"
XXXL = "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 40 80 40\nfield: 96 51 216 30\n"

# What `ratite layout` prints for each recipe (checked against the CLI too when it is built).
# Engines follow iOS conventions: VFL's |- pins to the layout margins (8).
EXPECTED = {
    "autoresizing": "root: 0 0 320 480\nbanner: 0 0 320 44\nbadge: 270 60 40 40\npanel: 20 120 280 340\n",
    "label-field-dynamic": "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 40 80 40\nfield: 96 51 216 30\n",
    "label-field": "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 44 42 21\nfield: 58 40 254 30\n",
    "side-by-side": "root: 0 0 320 480\nleft: 8 8 148 464\nright: 164 8 148 464\n",
    "dynamic-type": "== initial layout\n" + SEED + "\n== step 1: label font XXXL\n" + XXXL
                    + "\n== step 2: label font normal\n" + SEED,
}
# With platform macos, |- is the superview's edge + 20 (what every engine did before).
EXPECTED_MACOS = {"side-by-side": "root: 0 0 320 480\nleft: 20 20 136 440\nright: 164 20 136 440\n"}

# Every statement of the layout format: a platform line, metrics in constants, multipliers
# and priorities, the multiplier first and division, Apple's priority names, guides with
# insets, VFL with options, and steps (set, constant, priority, activate, deactivate, resize,
# new constraints) with a conflict and ambiguity reports along the way.
FEATURES = """# every statement the loader reads
platform macos
metric gap = 12
metric half = 2
metric soft = 600
view root size 320x480 margins 10
view a in root intrinsic 50x20 hugging defaultLow,fittingSizeLevel compression dragThatCanResizeWindow
view b in root intrinsic 30x- baseline 14,6
guide g in root insets 0,0,0,0
H:|-[a]-gap-[b]   options=alignAllTop
V:|-[a]
b.width == a.width / half @soft id=bw
b.height == 0.5 * a.height + gap @defaultHigh id=bh
a.width >= 40 @windowSizeStayPut
b.trailing <= root.trailingMargin - 4 @ dragThatCannotResizeScene id=bt
step wider
set a intrinsic 90x30 hugging required
constant bh -gap
priority bw weak
step turned
resize root 480x320
deactivate bw
b.width == 2 * gap @strong id=bw2
b.height == 8
b.height == 9
step back
activate bw
deactivate bw2
priority bt sceneSizeStayPut
"""
FEATURES_OUTPUT = """== initial layout
root: 0 0 320 480
a: 20 20 60 20
b: 92 20 30 22
g: 0 0 320 480

== step 1: wider
root: 0 0 320 480
a: 20 20 90 30
b: 122 20 45 3
g: 0 0 320 480

Ambiguous layout (root coordinates):
  b.width = 45 can be anywhere in [30, 45]

== step 2: turned
root: 0 0 480 320
a: 20 20 90 40
b: 122 20 30 8
g: 0 0 480 320

Unable to simultaneously satisfy constraints.
  At least one of these constraints is one you don't want:
    b.height == 8
    b.height == 9
  Will attempt to recover by breaking constraint
    b.height == 9

Ambiguous layout (root coordinates):
  b.width = 30 can be anywhere in [24, 30]

== step 3: back
root: 0 0 480 320
a: 20 20 90 40
b: 122 20 30 8
g: 0 0 480 320

Ambiguous layout (root coordinates):
  b.width = 30 can be anywhere in [30, 45]
"""


def cli() -> str:
    """The ratite command line tool, or a skip with the reason. RATITE_CLI names it (run-tests
    builds it with `swift build -c release --product ratite` first); otherwise the release
    build in RATITE_ROOT, skipped when it is older than any Swift source (a stale CLI
    disagrees with the library the wheel was built from). It needs the toolchain's Swift
    runtime, which a machine with only the wheel lacks."""
    given = os.environ.get("RATITE_CLI")
    tool = Path(given) if given else ROOT / ".build/release/ratite"
    if not tool.exists():
        pytest.skip(f"the ratite CLI is not built ({tool}): run swift build -c release --product ratite")
    if not given:
        newest = max((p for p in (ROOT / "Sources").rglob("*.swift")), key=lambda p: p.stat().st_mtime, default=None)
        if newest is not None and newest.stat().st_mtime > tool.stat().st_mtime:
            pytest.skip(f"{tool} is older than {newest.relative_to(ROOT)}: run swift build -c release --product ratite")
    probe = subprocess.run([str(tool), "generate", "chain", "--n", "1"], capture_output=True,
                           env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    if probe.returncode != 0:
        pytest.skip(f"{tool} cannot run here (no Swift runtime?): {probe.stderr[-200:]!r}")
    return str(tool)


def run_cli(tool: str, arguments: List[str], text: Optional[str] = None) -> str:
    """`ratite layout` on a file or, with `text`, on standard input: its standard output. A
    layout with conflicts or ambiguity may exit non-zero; usage (64) and data (65) errors fail."""
    result = subprocess.run([tool, "layout"] + arguments + ([] if text is None else ["-"]), input=text,
                            capture_output=True, text=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
    assert result.returncode >= 0 and result.returncode not in (64, 65), result.stderr
    return result.stdout


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recipe_frames(name: str) -> None:
    path = EXAMPLES / f"{name}.layout"
    if not path.exists():
        pytest.skip(f"{path} not found (set RATITE_ROOT)")
    assert render_layout(path.read_text()) == EXPECTED[name]
    engine = load_layout(path.read_text())
    engine.layout()
    assert engine.conflict_report == "" and engine.ambiguity_report == ""
    if "== " not in EXPECTED[name]:
        assert render_frames(engine) == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED_MACOS))
def test_recipe_frames_on_macos(name: str) -> None:
    path = EXAMPLES / f"{name}.layout"
    if not path.exists():
        pytest.skip(f"{path} not found (set RATITE_ROOT)")
    assert render_layout(path.read_text(), platform="macos") == EXPECTED_MACOS[name]
    assert render_layout("platform macos\n" + path.read_text()) == EXPECTED_MACOS[name]
    # The override wins over the file's line, as --platform does.
    assert render_layout("platform macos\n" + path.read_text(), platform="ios") == EXPECTED[name]


def test_dynamic_type_steps() -> None:
    path = EXAMPLES / "dynamic-type.layout"
    if not path.exists():
        pytest.skip(f"{path} not found (set RATITE_ROOT)")
    seen: List[Tuple[int, str, Optional[int], Frame]] = []
    engine = run_layout(path.read_text(), after_layout=lambda e, step: seen.append(
        (step.index, step.title, step.line, e.item("label").frame)))
    assert [s[:2] for s in seen] == [(0, "initial layout"), (1, "step 1: label font XXXL"),
                                     (2, "step 2: label font normal")]
    lines = [s[2] for s in seen]
    assert lines[0] is None and lines[1] is not None and lines[2] is not None and lines[1] < lines[2]
    assert seen[1][3] == Frame(8, 40, 80, 40) and seen[2][3] == seen[0][3] == Frame(8, 44, 42, 21)
    # load_layout applies every step without laying out in between.
    assert engine.item("label").frame == Frame(8, 44, 42, 21)
    built = load_layout(path.read_text())
    built.layout()
    assert render_frames(built) == SEED


def test_every_statement() -> None:
    assert render_layout(FEATURES) == FEATURES_OUTPUT


OPTIONS = [[], ["--rtl"], ["--size", "480x320"], ["--platform", "macos"], ["--platform", "ios"]]


@pytest.mark.parametrize("options", OPTIONS, ids=["plain", "rtl", "rotated", "macos", "ios"])
def test_recipes_match_the_cli(options: List[str]) -> None:
    tool = cli()
    if not EXAMPLES.exists():
        pytest.skip(f"{EXAMPLES} not found (set RATITE_ROOT)")
    size: Optional[Tuple[float, float]] = None
    if "--size" in options:
        width, height = options[1].split("x")
        size = (float(width), float(height))
    platform = options[1] if "--platform" in options else None
    files = sorted(EXAMPLES.glob("*.layout"))
    assert any(path.name == "dynamic-type.layout" for path in files)
    for path in files:
        expected = run_cli(tool, [str(path)] + options)
        assert render_layout(path.read_text(), size=size, rtl="--rtl" in options, platform=platform) == expected, \
            path.name
    expected = run_cli(tool, options, FEATURES)
    assert render_layout(FEATURES, size=size, rtl="--rtl" in options, platform=platform) == expected



def test_named_priorities() -> None:
    assert PRIORITY_NAMES["defaultHigh"] == 750 and priority_value("dragThatCanResizeScene") == 510
    assert priority_value("dragThatCanResizeWindow") == 510 and priority_value("windowSizeStayPut") == 500
    assert priority_value("sceneSizeStayPut") == 500 and priority_value("dragThatCannotResizeScene") == 490
    assert priority_value("dragThatCannotResizeWindow") == 490 and priority_value("defaultLow") == 250
    assert priority_value("fittingSizeLevel") == priority_value("fittingSizeCompression") == 50
    with pytest.raises(ValueError, match="fittingSizeLevel"):
        priority_value("DefaultHigh")
    engine = LayoutEngine()
    root = engine.add_view("root", size=(300, 100))
    v = engine.add_view("v", root, intrinsic=(50, 20), hugging="fittingSizeLevel")
    engine.activate([v.leading == root.leading, v.top == root.top,
                     (v.width == 100) | "defaultLow", (v.width == 80) | "dragThatCanResizeScene"])
    engine.vfl("H:[v(>=120@defaultHigh)]", options="extended")
    engine.layout()
    assert v.frame == Frame(0, 0, 120, 20)


def test_platform() -> None:
    assert LayoutEngine().platform == "ios"
    engine = LayoutEngine(platform="macos")
    assert engine.platform == "macos"
    engine.platform = "ios"
    assert engine.platform == "ios"
    with pytest.raises(ValueError):
        LayoutEngine(platform="android")


def seed_recipe() -> Tuple[LayoutEngine, Item, Item, Item]:
    engine = LayoutEngine()
    root = engine.add_view("root", size=(320, 480))
    guide = engine.add_guide("topGuide", root)
    label = engine.add_view("label", root, intrinsic=(42, 21), hugging=(251, None), baseline=17)
    field = engine.add_view("field", root, intrinsic=(97, 30), baseline=21)
    engine.activate([
        guide.top == root.top, guide.height == 20, guide.leading == root.leading, guide.trailing == root.trailing,
        label.leading == root.leading_margin,
        field.leading == label.trailing + 8,
        field.trailing == root.trailing_margin,
        field.last_baseline == label.last_baseline,
        field.top == guide.bottom + 20,
    ])
    return engine, root, label, field


def test_anchors_reproduce_the_seed_recipe() -> None:
    engine, root, label, field = seed_recipe()
    changed = engine.layout()
    assert label.frame == Frame(8, 44, 42, 21) and field.frame == Frame(58, 40, 254, 30)
    assert set(changed) >= {label, field}
    assert not label.is_ambiguous


def test_fast_path_and_changed_items() -> None:
    engine, root, label, field = seed_recipe()
    engine.layout()
    root.set_size(480, 320)
    changed = engine.layout()
    assert field.frame == Frame(58, 40, 414, 30) and field in changed and label not in changed
    gap = engine.activate([(field.width <= 200) | "strong"])[0]
    engine.layout()
    assert field.frame.width == 200
    gap.constant = 150
    engine.layout()
    assert field.frame.width == 150
    gap.remove()
    engine.layout()
    assert field.frame.width == 414


def test_vfl() -> None:
    engine = LayoutEngine()
    root = engine.add_view("root", size=(320, 480))
    a, b = engine.add_view("a", root), engine.add_view("b", root)
    ids = engine.vfl("H:|-[a]-gap-[b(==a)]-|", metrics={"gap": 10}, options=["alignAllTop"])
    engine.vfl("V:|-30-[a(40)]", views={"a": a})
    engine.vfl("V:[b(40)]")
    assert len(ids) >= 4
    engine.layout()
    assert a.frame == Frame(8, 30, 147, 40) and b.frame == Frame(165, 30, 147, 40)
    described = engine.vfl_constraints("H:[a]-[b]")
    assert len(described) == 1 and described[0].item1 is b and described[0].constant == 8
    edge = engine.vfl_constraints("H:|-[a]")
    assert len(edge) == 1 and edge[0].attribute2 == ATTRIBUTES["leadingMargin"] and edge[0].constant == 0


def test_vfl_on_macos_pins_to_the_edge_plus_20() -> None:
    engine = LayoutEngine(platform="macos")
    root = engine.add_view("root", size=(320, 480))
    a, b = engine.add_view("a", root), engine.add_view("b", root)
    engine.vfl("H:|-[a]-gap-[b(==a)]-|", metrics={"gap": 10}, options=["alignAllTop"])
    engine.vfl("V:|-30-[a(40)]", views={"a": a})
    engine.vfl("V:[b(40)]")
    engine.layout()
    assert a.frame == Frame(20, 30, 135, 40) and b.frame == Frame(165, 30, 135, 40)
    edge = engine.vfl_constraints("H:|-[a]")
    assert len(edge) == 1 and edge[0].attribute2 == ATTRIBUTES["leading"] and edge[0].constant == 20


def test_vfl_error_has_offset_and_rendering() -> None:
    engine = LayoutEngine()
    engine.add_view("a")
    with pytest.raises(RatiteError) as info:
        engine.vfl("H:[a]-[")
    assert info.value.status_name and info.value.offset == 7
    assert info.value.rendering.count("\n") >= 2 and "^" in info.value.rendering


def test_conflict_and_ambiguity_reports() -> None:
    engine = LayoutEngine()
    root = engine.add_view("root", size=(100, 100))
    v = engine.add_view("v", root)
    engine.activate([v.width == 10, (v.width == 20).named("wide")])
    engine.layout()
    assert "Unable to simultaneously satisfy constraints" in engine.conflict_report
    assert v.is_ambiguous and "v" in engine.ambiguity_report
    strict = LayoutEngine(strict=True)
    root = strict.add_view("root", size=(100, 100))
    w = strict.add_view("w", root)
    strict.activate([w.width == 10])
    with pytest.raises(RatiteError):
        strict.activate([w.width == 20])


def test_layout_file_errors_name_the_line() -> None:
    with pytest.raises(LayoutFileError) as info:
        load_layout("view root size 100x100\nview a in root\na.width == nowhere.width\n")
    assert (info.value.line, info.value.column) == (3, 12)
