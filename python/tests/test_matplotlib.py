"""matplotlib's constrained layout with ratite.kiwi in place of kiwisolver: every axes,
colorbar and subfigure position equals kiwisolver's within 1e-9 (mpl_figures.py builds the
figures; each backend runs in its own process, ratite through ratite.kiwi.install())."""
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Tuple

import pytest

pytest.importorskip("matplotlib")
pytest.importorskip("kiwisolver")

SCRIPT = Path(__file__).with_name("mpl_figures.py")
TOLERANCE = 1e-9


Positions = Dict[str, Any]


def positions(backend: str) -> Positions:
    output = subprocess.run([sys.executable, str(SCRIPT), backend], capture_output=True, text=True, check=True,
                            timeout=600).stdout
    result: Positions = json.loads(output)
    return result


@pytest.fixture(scope="module")
def both() -> Tuple[Positions, Positions]:
    return positions("kiwisolver"), positions("ratite")


def test_matplotlib_used_ratite(both: Tuple[Positions, Positions]) -> None:
    kiwi, ratite = both
    assert kiwi["_kiwi_module"] == "kiwisolver"
    assert ratite["_kiwi_module"] == "ratite.kiwi"


def test_positions_equal_kiwisolvers(both: Tuple[Positions, Positions]) -> None:
    kiwi, ratite = both
    figures = [name for name in kiwi if not name.startswith("_")]
    assert len(figures) >= 10
    worst, count = 0.0, 0
    for name in figures:
        assert [label for label, _ in kiwi[name]] == [label for label, _ in ratite[name]], name
        for (label, expected), (_, actual) in zip(kiwi[name], ratite[name]):
            # Subfigure boxes are in pixels: compare them relative to the figure size.
            scale = 1000.0 if label.endswith(":subfigure") else 1.0
            for e, a in zip(expected, actual):
                difference = abs(e - a) / scale
                worst = max(worst, difference)
                assert difference <= TOLERANCE, f"{name} {label}: {expected} vs {actual}"
            count += 1
    report = os.environ.get("RATITE_PY_REPORT")
    if report:
        with open(report, "a") as f:
            f.write(f"matplotlib: {len(figures)} figures, {count} positions, max difference {worst:.3g}\n")
