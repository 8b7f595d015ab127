"""Builds a set of matplotlib figures with constrained (and compressed) layout and prints,
as JSON, the position of every axes (colorbars included) and subfigure.

    python mpl_figures.py kiwisolver   # matplotlib with kiwisolver
    python mpl_figures.py ratite       # ratite.kiwi.install() first

test_matplotlib.py runs it both ways and compares the positions.
"""
import json
import sys
from typing import Any, Callable, Dict, List

if sys.argv[1:] == ["ratite"]:
    import ratite.kiwi

    ratite.kiwi.install()

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
import numpy.typing as npt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402
from matplotlib.layout_engine import ConstrainedLayoutEngine  # noqa: E402

FIGURES: Dict[str, Callable[[], Figure]] = {}


def figure(function: Callable[[], Figure]) -> Callable[[], Figure]:
    FIGURES[function.__name__] = function
    return function


def image() -> npt.NDArray[np.float64]:
    return np.arange(48.0).reshape(6, 8)


@figure
def grid_2x3() -> Figure:
    fig, axs = plt.subplots(2, 3, layout="constrained", figsize=(8, 5))
    for i, ax in enumerate(axs.flat):
        ax.plot([0, 1], [0, i])
        ax.set_title(f"axes {i}")
        ax.set_xlabel("x label")
        ax.set_ylabel("y label" * (1 + i % 2))
    return fig


@figure
def colorbars_every_side() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="constrained", figsize=(7, 6))
    for ax, location in zip(axs.flat, ["left", "right", "top", "bottom"]):
        im = ax.pcolormesh(image())
        fig.colorbar(im, ax=ax, location=location, label=location)
    return fig


@figure
def shared_colorbars() -> Figure:
    fig, axs = plt.subplots(3, 3, layout="constrained", figsize=(8, 7))
    for ax in axs.flat:
        im = ax.pcolormesh(image())
    fig.colorbar(im, ax=axs[:, -1], shrink=0.6)
    fig.colorbar(im, ax=axs[-1, :], location="bottom")
    fig.colorbar(im, ax=axs[0, :2], location="top", aspect=30)
    return fig


@figure
def suptitle_and_labels() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="constrained", sharex=True, sharey=True)
    for ax in axs.flat:
        ax.plot(np.arange(10))
    fig.suptitle("A suptitle\non two lines")
    fig.supxlabel("common x")
    fig.supylabel("common y")
    return fig


@figure
def legends_outside() -> Figure:
    fig, axs = plt.subplots(1, 2, layout="constrained", figsize=(8, 4))
    for ax in axs:
        for k in range(3):
            ax.plot(np.arange(5) * k, label=f"line {k}")
    axs[0].legend(loc="upper left", bbox_to_anchor=(1.02, 1))
    fig.legend(loc="outside upper center", ncols=3)
    fig.legend(loc="outside right lower")
    return fig


@figure
def ratios() -> Figure:
    fig, axs = plt.subplots(2, 3, layout="constrained", width_ratios=[1, 2, 3], height_ratios=[2, 1])
    for ax in axs.flat:
        ax.plot([1, 2])
    axs[0, 0].set_ylabel("a long\nmultiline\nlabel")
    return fig


@figure
def nested_gridspecs() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(9, 6))
    outer = fig.add_gridspec(1, 2, width_ratios=[2, 1])
    left = outer[0].subgridspec(2, 2)
    right = outer[1].subgridspec(3, 1, hspace=0.1)
    for i in range(2):
        for j in range(2):
            ax = fig.add_subplot(left[i, j])
            ax.set_title(f"left {i}{j}")
    for i in range(3):
        ax = fig.add_subplot(right[i])
        ax.set_xlabel(f"right {i}")
    im = fig.axes[0].pcolormesh(image())
    fig.colorbar(im, ax=fig.axes[:2])
    return fig


@figure
def subfigures() -> Figure:
    fig = plt.figure(layout="constrained", figsize=(10, 5))
    left, right = fig.subfigures(1, 2, squeeze=False, wspace=0.07, width_ratios=[2, 1])[0]
    axs = left.subplots(2, 2, sharey=True)
    for ax in axs.flat:
        im = ax.pcolormesh(image())
    left.colorbar(im, ax=axs, location="bottom", shrink=0.8)
    left.suptitle("left subfigure")
    top, bottom = right.subfigures(2, 1)
    for k, sub in enumerate((top, bottom)):
        ax = sub.subplots()
        ax.plot([0, k])
        sub.suptitle(f"nested {k}")
        sub.supylabel("y")
    fig.suptitle("figure with subfigures")
    return fig


@figure
def compressed() -> Figure:
    fig, axs = plt.subplots(2, 2, layout="compressed", figsize=(6, 5))
    for ax in axs.flat:
        im = ax.imshow(image())
    fig.colorbar(im, ax=axs, shrink=0.7)
    fig.suptitle("compressed")
    return fig


@figure
def mosaic() -> Figure:
    fig, axd = plt.subplot_mosaic("AAB;CDB;CEE", layout="constrained", figsize=(7, 6))
    for name, ax in axd.items():
        ax.set_title(name)
        ax.set_xlabel("x" * 10)
    fig.colorbar(axd["D"].pcolormesh(image()), ax=axd["D"])
    return fig


@figure
def pads_and_spacing() -> Figure:
    fig, axs = plt.subplots(3, 2, layout="constrained")
    engine = fig.get_layout_engine()
    assert isinstance(engine, ConstrainedLayoutEngine)
    engine.set(w_pad=0.2, h_pad=0.1, wspace=0.15, hspace=0.05)
    for ax in axs.flat:
        ax.set_title("t")
        ax.set_yticks([0, 0.5, 1], ["zero", "one half", "one"])
    return fig


@figure
def aspect_images() -> Figure:
    fig, axs = plt.subplots(1, 3, layout="constrained", figsize=(9, 3))
    for k, ax in enumerate(axs):
        ax.imshow(np.ones((4, 4 + 3 * k)))
        ax.set_title(f"{4 + 3 * k} wide")
    return fig


def positions(fig: Figure) -> List[List[Any]]:
    """Every axes' position (figure fraction) and every subfigure's bbox, in order."""
    found: List[List[Any]] = []

    def walk(container: Any, path: str) -> None:
        if hasattr(container, "bbox") and container is not fig:
            found.append([path + ":subfigure", list(container.bbox.bounds)])
        for k, ax in enumerate(container._localaxes if hasattr(container, "_localaxes") else container.axes):
            found.append([f"{path}:axes{k}:{ax.get_label()}", list(ax.get_position().bounds)])
        for k, sub in enumerate(getattr(container, "subfigs", [])):
            walk(sub, f"{path}/{k}")

    walk(fig, "fig")
    return found


def main() -> None:
    result: Dict[str, Any] = {}
    for name, build in FIGURES.items():
        fig = build()
        fig.draw_without_rendering()
        result[name] = positions(fig)
        plt.close(fig)
    import matplotlib._layoutgrid as layoutgrid

    result["_kiwi_module"] = getattr(layoutgrid, "kiwi").__name__  # not in matplotlib's stub
    json.dump(result, sys.stdout)


if __name__ == "__main__":
    main()
