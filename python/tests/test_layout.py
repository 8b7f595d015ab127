"""The layout engine from Python: the seed recipes' frames (examples/*.layout, as
`ratite layout` prints them), anchors, VFL, reports and changed items."""
import os
import subprocess
from pathlib import Path

import pytest

from ratite import RatiteError
from ratite.layout import Frame, LayoutEngine, LayoutFileError, load_layout, render_frames

ROOT = Path(os.environ.get("RATITE_ROOT", Path(__file__).resolve().parents[2]))
EXAMPLES = ROOT / "examples"

# What `ratite layout` prints for each recipe (checked against the CLI too when it is built).
EXPECTED = {
    "autoresizing": "root: 0 0 320 480\nbanner: 0 0 320 44\nbadge: 270 60 40 40\npanel: 20 120 280 340\n",
    "label-field-dynamic": "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 40 80 40\nfield: 96 51 216 30\n",
    "label-field": "root: 0 0 320 480\ntopGuide: 0 0 320 20\nlabel: 8 44 42 21\nfield: 58 40 254 30\n",
    "side-by-side": "root: 0 0 320 480\nleft: 20 20 136 440\nright: 164 20 136 440\n",
}


def cli():
    """The ratite command line tool, if it is built and runs here (it needs the toolchain's
    Swift runtime, which a machine with only the wheel lacks)."""
    for candidate in (os.environ.get("RATITE_CLI"), ROOT / ".build/release/ratite", ROOT / ".build/debug/ratite"):
        if candidate and Path(candidate).exists():
            probe = subprocess.run([str(candidate), "generate", "chain", "--n", "1"], capture_output=True,
                                   env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
            return str(candidate) if probe.returncode == 0 else None
    return None


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_recipe_frames(name):
    path = EXAMPLES / f"{name}.layout"
    if not path.exists():
        pytest.skip(f"{path} not found (set RATITE_ROOT)")
    engine = load_layout(path.read_text())
    engine.layout()
    assert render_frames(engine) == EXPECTED[name]
    assert engine.conflict_report == "" and engine.ambiguity_report == ""


@pytest.mark.parametrize("options", [[], ["--rtl"], ["--size", "480x320"]], ids=["plain", "rtl", "rotated"])
def test_recipes_match_the_cli(options):
    tool = cli()
    if tool is None or not EXAMPLES.exists():
        pytest.skip("the ratite CLI is not built or cannot run here")
    for path in sorted(EXAMPLES.glob("*.layout")):
        expected = subprocess.run([tool, "layout", str(path)] + options, capture_output=True, text=True,
                                  check=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no")).stdout
        size = tuple(map(float, options[1].split("x"))) if "--size" in options else None
        engine = load_layout(path.read_text(), size=size, rtl="--rtl" in options)
        engine.layout()
        assert render_frames(engine) == expected.split("\n\n")[0].rstrip("\n") + "\n", path.name


def seed_recipe():
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


def test_anchors_reproduce_the_seed_recipe():
    engine, root, label, field = seed_recipe()
    changed = engine.layout()
    assert label.frame == Frame(8, 44, 42, 21) and field.frame == Frame(58, 40, 254, 30)
    assert set(changed) >= {label, field}
    assert not label.is_ambiguous


def test_fast_path_and_changed_items():
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


def test_vfl():
    engine = LayoutEngine()
    root = engine.add_view("root", size=(320, 480))
    a, b = engine.add_view("a", root), engine.add_view("b", root)
    ids = engine.vfl("H:|-[a]-gap-[b(==a)]-|", metrics={"gap": 10}, options=["alignAllTop"])
    engine.vfl("V:|-30-[a(40)]", views={"a": a})
    engine.vfl("V:[b(40)]")
    assert len(ids) >= 4
    engine.layout()
    assert a.frame == Frame(20, 30, 135, 40) and b.frame == Frame(165, 30, 135, 40)
    described = engine.vfl_constraints("H:[a]-[b]")
    assert len(described) == 1 and described[0].item1 is b and described[0].constant == 8


def test_vfl_error_has_offset_and_rendering():
    engine = LayoutEngine()
    engine.add_view("a")
    with pytest.raises(RatiteError) as info:
        engine.vfl("H:[a]-[")
    assert info.value.status_name and info.value.offset == 7
    assert info.value.rendering.count("\n") >= 2 and "^" in info.value.rendering


def test_conflict_and_ambiguity_reports():
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


def test_layout_file_errors_name_the_line():
    with pytest.raises(LayoutFileError) as info:
        load_layout("view root size 100x100\nview a in root\na.width == nowhere.width\n")
    assert info.value.line == 3
