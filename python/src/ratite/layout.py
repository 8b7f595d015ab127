"""Ratite's layout engine from Python: views and layout guides, typed anchors, constraints,
the Visual Format Language, frames, conflict and ambiguity reports, and the ``.layout`` file
format of ``ratite layout``.

>>> from ratite.layout import LayoutEngine
>>> engine = LayoutEngine()
>>> root = engine.add_view("root", size=(320, 480))
>>> label = engine.add_view("label", root, intrinsic=(42, 21), hugging=251)
>>> field = engine.add_view("field", root, intrinsic=(97, 30))
>>> constraints = engine.activate([
...     label.leading == root.leading_margin,
...     field.leading == label.trailing + 8,
...     field.trailing == root.trailing_margin,
...     label.top == root.top + 20,
...     field.center_y == label.center_y,
... ])
>>> changed = engine.layout()
>>> label.frame, field.frame
(Frame(x=8.0, y=20.0, width=42.0, height=21.0), Frame(x=58.0, y=15.5, width=254.0, height=30.0))

Priorities are Ratite's: numbers in (0, 1000] (1000 is required) or the names
``required``, ``strong`` (750), ``medium`` (500), ``weak`` (250) and Apple's ``defaultHigh``
(750), ``dragThatCanResizeScene`` (510), ``windowSizeStayPut`` (500),
``dragThatCannotResizeScene`` (490), ``defaultLow`` (250), ``fittingSizeLevel`` (50), with
their macOS and iOS spellings (``PRIORITY_NAMES``); levels are strictly ordered.

Engines follow iOS conventions unless made with ``platform="macos"``: VFL's ``|-`` pins to
the superview's layout margins (8 by default) on iOS, to its edge + 20 on macOS.

>>> engine = LayoutEngine(platform="macos")
>>> root = engine.add_view("root", size=(320, 480))
>>> box = engine.add_view("box", root)
>>> ids = engine.vfl("H:|-[box]-|"); ids = engine.vfl("V:|-[box(40)]")
>>> changed = engine.layout()
>>> engine.platform, box.frame
('macos', Frame(x=20.0, y=20.0, width=280.0, height=40.0))

``load_layout`` builds a ``.layout`` file (``ratite layout``'s format, steps included) and
``render_layout`` prints it as ``ratite layout`` does.
"""

from __future__ import annotations

import re
from typing import Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ratite
from ._ratite import RatiteError

__all__ = [
    "ATTRIBUTES", "AUTORESIZING", "VFL_OPTIONS", "Anchor", "Frame", "Item", "LayoutConstraint", "LayoutEngine",
    "LayoutFileError", "LayoutStep", "PLATFORMS", "PRIORITY_NAMES", "RatiteError", "format_number", "load_layout",
    "priority_value", "render_frames", "render_layout", "run_layout",
]

# A priority: a number in (0, 1000] or a name of PRIORITY_NAMES.
Priority = Union[float, str]
# Format options: bits, names separated by commas, or names.
Options = Union[int, str, Iterable[str]]

# Attribute numbers of ratite.h (NSLayoutAttribute), by Ratite's names.
ATTRIBUTES = {
    "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
    "centerX": 9, "centerY": 10, "lastBaseline": 11, "firstBaseline": 12, "leftMargin": 13, "rightMargin": 14,
    "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18, "centerXWithinMargins": 19,
    "centerYWithinMargins": 20,
}
_SIZES = {7, 8}
_RELATIONS = {"==": 0, "<=": 1, ">=": 2}
# Every priority name Ratite accepts (Swift's Priority.names), in the order error messages
# list them: Ratite's four, then Apple's names with their macOS and iOS spellings.
PRIORITY_NAMES = {
    "required": 1000.0, "strong": 750.0, "medium": 500.0, "weak": 250.0,
    "defaultHigh": 750.0, "dragThatCanResizeScene": 510.0, "dragThatCanResizeWindow": 510.0,
    "windowSizeStayPut": 500.0, "sceneSizeStayPut": 500.0, "dragThatCannotResizeScene": 490.0,
    "dragThatCannotResizeWindow": 490.0, "defaultLow": 250.0, "fittingSizeLevel": 50.0,
    "fittingSizeCompression": 50.0,
}
# Platform names and ratite.h's RATITE_PLATFORM_* values.
PLATFORMS = {"ios": 0, "macos": 1}
HORIZONTAL, VERTICAL = 0, 1
DIRECTIONS = {"inherit": 0, "ltr": 1, "rtl": 2}

AUTORESIZING = {
    "flexibleLeftMargin": 1 << 0, "flexibleWidth": 1 << 1, "flexibleRightMargin": 1 << 2,
    "flexibleTopMargin": 1 << 3, "flexibleHeight": 1 << 4, "flexibleBottomMargin": 1 << 5,
}

VFL_OPTIONS = {
    "alignAllLeft": 1 << 1, "alignAllRight": 1 << 2, "alignAllTop": 1 << 3, "alignAllBottom": 1 << 4,
    "alignAllLeading": 1 << 5, "alignAllTrailing": 1 << 6, "alignAllCenterX": 1 << 9, "alignAllCenterY": 1 << 10,
    "alignAllLastBaseline": 1 << 11, "alignAllBaseline": 1 << 11, "alignAllFirstBaseline": 1 << 12,
    "directionLeadingToTrailing": 0, "directionLeftToRight": 1 << 16, "directionRightToLeft": 2 << 16,
    "spacingEdgeToEdge": 0, "spacingBaselineToBaseline": 1 << 19, "extended": 1 << 30,
}


def _snake(name: str) -> str:
    return re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), name)


def priority_value(priority: Priority) -> float:
    """A priority given as a number or a name (``PRIORITY_NAMES``: ``required``, ``strong``,
    ``defaultHigh``, ``fittingSizeLevel``, ...; case-sensitive, as in Swift), as a number."""
    if isinstance(priority, str):
        try:
            return PRIORITY_NAMES[priority]
        except KeyError:
            try:
                return float(priority)
            except ValueError:
                raise ValueError(f"unknown priority '{priority}': expected a number in (0, 1000] or one of "
                                 + ", ".join(PRIORITY_NAMES)) from None
    return float(priority)


def format_number(value: float) -> str:
    """The shortest text that reads back as `value` (``20`` rather than ``20.0``), as the
    command line tools print numbers."""
    if value == 0:
        return "0"
    if abs(value) < 1e15 and float(int(value)) == value:
        return str(int(value))
    return repr(float(value))


def _options(options: Options) -> int:
    if isinstance(options, int):
        return options
    if isinstance(options, str):
        options = [o for o in options.split(",") if o]
    bits = 0
    for name in options:
        try:
            bits |= VFL_OPTIONS[name]
        except KeyError:
            raise ValueError(f"unknown format option '{name}'") from None
    return bits


class Frame(NamedTuple):
    """A frame in the parent's coordinates (y grows downwards)."""

    x: float
    y: float
    width: float
    height: float

    def __str__(self) -> str:
        return " ".join(format_number(v) for v in self)


class Anchor:
    """One attribute of one item; compare anchors (``==``, ``<=``, ``>=``), optionally times a
    multiplier and plus a constant, to make a LayoutConstraint."""

    __slots__ = ("item", "attribute", "multiplier", "constant")

    def __init__(self, item: Item, attribute: int, multiplier: float = 1.0, constant: float = 0.0) -> None:
        self.item = item
        self.attribute = attribute
        self.multiplier = multiplier
        self.constant = constant

    def __mul__(self, multiplier: float) -> "Anchor":
        return Anchor(self.item, self.attribute, self.multiplier * multiplier, self.constant * multiplier)

    __rmul__ = __mul__

    def __add__(self, constant: float) -> "Anchor":
        return Anchor(self.item, self.attribute, self.multiplier, self.constant + constant)

    __radd__ = __add__

    def __sub__(self, constant: float) -> "Anchor":
        return self + (-constant)

    def _relate(self, other: object, relation: str) -> LayoutConstraint:
        if self.multiplier != 1.0 or self.constant != 0.0:
            raise ValueError("put the multiplier and the constant on the right-hand side")
        if isinstance(other, Anchor):
            return LayoutConstraint(self.item, self.attribute, relation, other.item, other.attribute,
                                    other.multiplier, other.constant)
        if isinstance(other, (int, float)):
            return LayoutConstraint(self.item, self.attribute, relation, None, 0, 1.0, float(other))
        return NotImplemented  # type: ignore[no-any-return]  # the operators return it as they get it

    def __eq__(self, other: Union[Anchor, float]) -> LayoutConstraint:  # type: ignore[override]
        return self._relate(other, "==")

    def __le__(self, other: Union[Anchor, float]) -> LayoutConstraint:
        return self._relate(other, "<=")

    def __ge__(self, other: Union[Anchor, float]) -> LayoutConstraint:
        return self._relate(other, ">=")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        names = {v: k for k, v in ATTRIBUTES.items()}
        text = f"{self.item.name if self.item else ''}.{names.get(self.attribute, '?')}"
        if self.multiplier != 1.0:
            text += f" * {format_number(self.multiplier)}"
        if self.constant:
            text += f" {'-' if self.constant < 0 else '+'} {format_number(abs(self.constant))}"
        return text


class LayoutConstraint:
    """``item1.attribute1 relation item2.attribute2 × multiplier + constant`` at `priority`.
    Made by comparing anchors; ``engine.activate`` creates it in the engine."""

    def __init__(self, item1: Item, attribute1: int, relation: str, item2: Optional[Item], attribute2: int,
                 multiplier: float = 1.0, constant: float = 0.0, priority: Priority = 1000.0,
                 identifier: Optional[str] = None) -> None:
        self.item1, self.attribute1, self.relation = item1, attribute1, relation
        self.item2, self.attribute2 = item2, attribute2
        self.multiplier, self._constant = float(multiplier), float(constant)
        self._priority = priority_value(priority)
        self.identifier = identifier
        self.engine: Optional[LayoutEngine] = None
        self.id: Optional[int] = None

    def __or__(self, priority: Priority) -> LayoutConstraint:
        """The same constraint at another priority (before activation)."""
        if self.id is not None:
            raise ValueError("set .priority on an activated constraint")
        self._priority = priority_value(priority)
        return self

    def named(self, identifier: str) -> LayoutConstraint:
        """Names the constraint in reports (before activation)."""
        self.identifier = identifier
        return self

    @property
    def constant(self) -> float:
        return self._constant

    @constant.setter
    def constant(self, value: float) -> None:
        """Changes the constant (on an activated constraint: the engine's fast path)."""
        if self.engine is not None and self.id is not None:
            self.engine._engine.set_constant(self.id, value)
        self._constant = float(value)

    @property
    def priority(self) -> float:
        return self._priority

    @priority.setter
    def priority(self, value: Priority) -> None:
        number = priority_value(value)
        if self.engine is not None and self.id is not None:
            self.engine._engine.set_priority(self.id, number)
        self._priority = number

    @property
    def active(self) -> bool:
        return self.engine is not None and self.id is not None and self.engine._engine.is_active(self.id)

    @active.setter
    def active(self, value: bool) -> None:
        if value and self.id is None:
            raise ValueError("activate it with LayoutEngine.activate first")
        if self.engine is not None and self.id is not None:
            (self.engine._engine.activate if value else self.engine._engine.deactivate)(self.id)

    def remove(self) -> None:
        """Deactivates the constraint and forgets it."""
        if self.engine is not None and self.id is not None:
            self.engine._engine.remove(self.id)
            self.id = None

    def __repr__(self) -> str:
        first = repr(Anchor(self.item1, self.attribute1))
        if self.item2 is None:
            second = format_number(self._constant)
        else:
            second = repr(Anchor(self.item2, self.attribute2, self.multiplier, self._constant))
        text = f"{first} {self.relation} {second}"
        if self._priority != 1000:
            text += f" @{format_number(self._priority)}"
        return text


class Item:
    """A view or a layout guide. Its anchors are attributes (``leading``, ``center_x``,
    ``last_baseline``, ``leading_margin``, ...); ``frame`` is its frame after the last
    layout."""

    def __init__(self, engine: LayoutEngine, name: str, id: int, kind: str, parent: Optional[Item]) -> None:
        self.engine, self.name, self.id, self.kind, self.parent = engine, name, id, kind, parent
        self._intrinsic_height: Optional[float] = None

    def anchor(self, attribute: Union[str, int]) -> Anchor:
        """The anchor of an attribute by Ratite's name (``centerX``) or number."""
        if isinstance(attribute, str):
            try:
                attribute = ATTRIBUTES[attribute]
            except KeyError:
                raise ValueError(f"unknown attribute '{attribute}'") from None
        return Anchor(self, attribute)

    def __getattr__(self, name: str) -> Anchor:
        attribute = _ANCHOR_NAMES.get(name)
        if attribute is None:
            raise AttributeError(name)
        return Anchor(self, attribute)

    @property
    def frame(self) -> Frame:
        return Frame(*self.engine._engine.frame(self.id))

    @property
    def is_ambiguous(self) -> bool:
        return self.engine._engine.is_ambiguous(self.id)

    def set_size(self, width: float, height: float) -> None:
        """Sets a root view's size."""
        self.engine._engine.set_size(self.id, width, height)

    def set_intrinsic_size(self, width: Optional[float], height: Optional[float]) -> None:
        """The intrinsic content size; None for no intrinsic metric on that axis."""
        self._intrinsic_height = height
        self.engine._engine.set_intrinsic_size(self.id, -1.0 if width is None else width,
                                               -1.0 if height is None else height)

    def set_hugging(self, horizontal: Optional[Priority] = None, vertical: Optional[Priority] = None) -> None:
        if horizontal is not None:
            self.engine._engine.set_hugging(self.id, HORIZONTAL, priority_value(horizontal))
        if vertical is not None:
            self.engine._engine.set_hugging(self.id, VERTICAL, priority_value(vertical))

    def set_compression(self, horizontal: Optional[Priority] = None, vertical: Optional[Priority] = None) -> None:
        if horizontal is not None:
            self.engine._engine.set_compression(self.id, HORIZONTAL, priority_value(horizontal))
        if vertical is not None:
            self.engine._engine.set_compression(self.id, VERTICAL, priority_value(vertical))

    def set_margins(self, top: float, leading: float, bottom: float, trailing: float) -> None:
        self.engine._engine.set_margins(self.id, top, leading, bottom, trailing)

    def set_baselines(self, first_from_top: Optional[float], last_from_bottom: Optional[float] = None) -> None:
        """Baseline offsets as UIKit measures them: the first below the top, the last above
        the bottom. One value is a single line of text: the last baseline is the first, so
        it lies the intrinsic height minus `first_from_top` above the bottom (the item needs
        an intrinsic height). None clears them."""
        if first_from_top is None:
            self.engine._engine.clear_baselines(self.id)
            return
        if last_from_bottom is None:
            height = self._intrinsic_height
            if height is None:
                raise ValueError("one baseline value is a single line of text and needs an intrinsic height; "
                                 "give both offsets otherwise")
            last_from_bottom = height - first_from_top
        self.engine._engine.set_baseline_offsets(self.id, first_from_top, last_from_bottom)

    def set_direction(self, direction: str) -> None:
        """``ltr``, ``rtl`` or ``inherit``."""
        self.engine._engine.set_direction(self.id, DIRECTIONS[direction])

    def set_autoresizing(self, frame: Optional[Sequence[float]], mask: Iterable[str] = ()) -> None:
        """Translates a frame and autoresizing flags (``flexibleWidth``, ...) into constraints;
        None stops translating."""
        bits = 0
        for flag in mask:
            bits |= AUTORESIZING[flag]
        self.engine._engine.set_autoresizing(self.id, None if frame is None else tuple(frame), bits)

    def __repr__(self) -> str:
        return f"<{self.kind} {self.name}>"


_ANCHOR_NAMES = {_snake(name): number for name, number in ATTRIBUTES.items()}


class LayoutEngine:
    """Ratite's layout engine. In strict mode unsatisfiable required constraints raise
    RatiteError and change nothing; otherwise the engine breaks one and logs a conflict
    report, as Auto Layout does. `platform` (``"ios"``, the engine's default, or
    ``"macos"``) sets whose conventions VFL follows; see the `platform` property."""

    def __init__(self, strict: bool = False, platform: Optional[str] = None) -> None:
        self._engine = _ratite.Engine()
        self._engine.set_strict(strict)
        if platform is not None:
            self.platform = platform
        self.items: List[Item] = []
        self._by_id: Dict[int, Item] = {}
        self._by_name: Dict[str, Item] = {}

    @property
    def platform(self) -> str:
        """``"ios"`` or ``"macos"``: whose conventions VFL formats parsed from then on follow.
        On iOS (the default) ``|-`` next to the superview pins to its layout margins
        (``leadingMargin``, ... with constant 0; margins default to 8); on macOS it is the
        superview's edge + 20."""
        names = {number: name for name, number in PLATFORMS.items()}
        return names[self._engine.get_platform()]

    @platform.setter
    def platform(self, value: str) -> None:
        if value not in PLATFORMS:
            raise ValueError(f"unknown platform '{value}': expected ios or macos")
        self._engine.set_platform(PLATFORMS[value])

    def _adopt_items(self) -> None:
        """Gives Item objects to the items the library made (a layout file's), in order."""
        for id, name, parent, is_guide in self._engine.items_from(len(self.items)):
            self._register(Item(self, name, id, "guide" if is_guide else "view", self._by_id.get(parent)))

    def _register(self, item: Item) -> Item:
        self.items.append(item)
        self._by_id[item.id] = item
        self._by_name[item.name] = item
        return item

    def add_view(self, name: str, parent: Optional[Item] = None, *, size: Optional[Tuple[float, float]] = None,
                 intrinsic: Optional[Tuple[Optional[float], Optional[float]]] = None,
                 hugging: Union[None, Priority, Tuple[Optional[Priority], Optional[Priority]]] = None,
                 compression: Union[None, Priority, Tuple[Optional[Priority], Optional[Priority]]] = None,
                 margins: Union[None, float, Sequence[float]] = None,
                 baseline: Union[None, float, Tuple[Optional[float], Optional[float]]] = None,
                 direction: Optional[str] = None) -> Item:
        """Adds a view (a root view without `parent`) and sets the properties given:
        `size` (root views), `intrinsic` (width, height; None for no metric on an axis),
        `hugging` and `compression` (a priority for both axes or a pair), `margins` (one
        number or top, leading, bottom, trailing), `baseline` (first or (first, last)),
        `direction` (``ltr``/``rtl``)."""
        item = self._register(Item(self, name, self._engine.add_view(name, parent.id if parent else 0), "view", parent))
        if margins is not None:
            item.set_margins(*((margins,) * 4 if isinstance(margins, (int, float)) else margins))
        if direction is not None:
            item.set_direction(direction)
        if size is not None:
            item.set_size(*size)
        for setter, value in ((item.set_hugging, hugging), (item.set_compression, compression)):
            if value is not None:
                setter(*((value, value) if isinstance(value, (int, float, str)) else value))
        if intrinsic is not None:
            item.set_intrinsic_size(*intrinsic)
        if baseline is not None:
            item.set_baselines(*((baseline,) if isinstance(baseline, (int, float)) else baseline))
        return item

    def add_guide(self, name: str, owner: Item, insets: Union[None, float, Sequence[float]] = None) -> Item:
        """Adds a layout guide owned by `owner`; with `insets` (one number or top, leading,
        bottom, trailing) it is pinned inside the owner's edges."""
        edges = None if insets is None else (insets,) * 4 if isinstance(insets, (int, float)) else tuple(insets)
        return self._register(Item(self, name, self._engine.add_guide(name, owner.id, edges), "guide", owner))

    def item(self, name: str) -> Item:
        """The item called `name`."""
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"no item named '{name}'") from None

    def activate(self, constraints: Iterable[LayoutConstraint]) -> List[LayoutConstraint]:
        """Creates and activates constraints, in order; returns them."""
        done = []
        for c in constraints:
            if c.id is not None:
                c.active = True
            else:
                c.id = self._engine.add_constraint(
                    c.item1.id, c.attribute1, _RELATIONS[c.relation], c.item2.id if c.item2 else 0, c.attribute2,
                    c.multiplier, c.constant, c.priority, c.identifier)
                c.engine = self
            done.append(c)
        return done

    def deactivate(self, constraints: Iterable[LayoutConstraint]) -> None:
        for c in constraints:
            c.active = False

    def vfl(self, format: str, views: Optional[Dict[str, Item]] = None, metrics: Optional[Dict[str, float]] = None,
            options: Options = 0) -> List[int]:
        """Parses a VFL format and activates its constraints; returns their ids. `views`
        binds names to items (default: every item by its own name); `options` are names
        (``alignAllTop``, ``directionRightToLeft``, ``extended``, ...) or bits. A malformed
        format raises RatiteError with `offset` and Apple's three-line `rendering`."""
        bound = None if views is None else {name: item.id for name, item in views.items()}
        return self._engine.vfl(format, metrics, bound, _options(options))

    def vfl_constraints(self, format: str, views: Optional[Dict[str, Item]] = None,
                        metrics: Optional[Dict[str, float]] = None, options: Options = 0) -> List[LayoutConstraint]:
        """The constraints a VFL format describes, not activated."""
        bound = None if views is None else {name: item.id for name, item in views.items()}
        relations = {v: k for k, v in _RELATIONS.items()}
        result = []
        for item1, a1, relation, item2, a2, m, c, p in self._engine.vfl_parse(format, metrics, bound,
                                                                               _options(options)):
            result.append(LayoutConstraint(self._by_id[item1], a1, relations[relation],
                                           self._by_id.get(item2) if item2 else None, a2, m, c, p))
        return result

    def layout(self) -> List[Item]:
        """Solves what changed and updates frames; returns the items whose frames changed."""
        self._engine.layout()
        return [self._by_id[i] for i in self._engine.changed_items() if i in self._by_id]

    def frames(self) -> Dict[str, Frame]:
        """Every item's frame, in declaration order."""
        return {item.name: item.frame for item in self.items}

    @property
    def conflict_report(self) -> str:
        """Every conflict report so far ("" if none)."""
        return self._engine.conflict_report()

    @property
    def ambiguity_report(self) -> str:
        """The ambiguity report ("" if the layout is unambiguous)."""
        return self._engine.ambiguity_report()


# ---------------------------------------------------------------------------------------
# The .layout file format (see the README's `ratite layout` section), read and run by the
# library itself (ratite_layout_file_run), as `ratite layout` runs it
# ---------------------------------------------------------------------------------------


class LayoutFileError(ValueError):
    """A malformed or unbuildable statement: `line` and `column` (1-based) and the message,
    as ``ratite layout`` reports them. From `render_layout`, `output` holds what ``ratite
    layout`` would have printed before the error."""

    def __init__(self, message: str, line: int, column: Optional[int] = None) -> None:
        super().__init__(f"line {line}: {message}")
        self.message = message
        self.line = line
        self.column = column
        self.output = ""


class LayoutStep(NamedTuple):
    """One layout of a file: the first (index 0, before any ``step`` line) or the one after
    a step's changes. `conflicts` are the conflict reports logged during this step (""
    if none), `ambiguity` the ambiguity report after its layout ("" if none)."""

    index: int  # type: ignore[assignment]  # the field hides tuple.index, as it does at run time
    name: str
    line: Optional[int]
    conflicts: str
    ambiguity: str

    @property
    def title(self) -> str:
        """The heading ``ratite layout`` prints: ``initial layout``, ``step 1: NAME``."""
        if self.index == 0:
            return "initial layout"
        return f"step {self.index}" + (f": {self.name}" if self.name else "")



def load_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
                engine: Optional[LayoutEngine] = None, platform: Optional[str] = None) -> LayoutEngine:
    """Builds an engine from a ``.layout`` file's text, statement by statement, with every
    step's changes applied in order (not laid out yet). `size` resizes the root views once
    the first layout's statements are built, `rtl` makes root views right-to-left unless the
    file sets a direction and `platform` (``ios``, ``macos``) overrides the file's
    ``platform`` lines, as ``ratite layout --size --rtl --platform`` do."""
    engine = engine if engine is not None else LayoutEngine()
    _run_file(engine, text, size, rtl, platform, None, build_only=True)
    return engine


def run_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
               platform: Optional[str] = None, engine: Optional[LayoutEngine] = None,
               after_layout: Optional[Callable[[LayoutEngine, LayoutStep], None]] = None) -> LayoutEngine:
    """Builds a ``.layout`` file as `load_layout` does; with `after_layout`, lays it out
    before each ``step`` line and at the end and calls ``after_layout(engine, step)`` each
    time (the frames, conflicts and ambiguity after each step). Returns the engine in its
    final state. Errors raise LayoutFileError at their line; an exception from
    `after_layout` stops the run and propagates."""
    engine = engine if engine is not None else LayoutEngine()
    _run_file(engine, text, size, rtl, platform, after_layout, build_only=after_layout is None)
    return engine


def render_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
                  platform: Optional[str] = None) -> str:
    """What ``ratite layout`` prints for a ``.layout`` file: each item's frame, then any
    conflict and ambiguity reports; with steps, that after the first layout and after each
    step, under ``== initial layout``, ``== step 1: NAME``, ... headings. A LayoutFileError
    carries what was printed before it in `output`; a layout whose answer could not be
    verified raises RatiteError (``RATITE_ERROR_NUMERICAL``) naming the step."""
    return _run_file(LayoutEngine(), text, size, rtl, platform, None, build_only=False)


def _run_file(engine: LayoutEngine, text: str, size: Optional[Tuple[float, float]], rtl: bool,
              platform: Optional[str], after_layout: Optional[Callable[[LayoutEngine, LayoutStep], None]],
              build_only: bool) -> str:
    """Runs a layout file in `engine` through the library; returns what ``ratite layout``
    prints, or raises its error."""
    if platform is not None and platform not in PLATFORMS:
        raise ValueError(f"unknown platform '{platform}': expected ios or macos")
    def step_callback(index: int, name: str, line: Optional[int], title: str, conflicts: str, ambiguity: str,
                      verified: bool) -> None:
        engine._adopt_items()
        if after_layout is not None:
            after_layout(engine, LayoutStep(index, name, line, conflicts, ambiguity))

    try:
        output, status, diagnostics, error, _ = engine._engine.run_file(
            text, size, rtl, -1 if platform is None else PLATFORMS[platform], build_only,
            None if after_layout is None else step_callback)
    finally:
        engine._adopt_items()
    if error is not None:
        message, line, column, _ = error
        raised = LayoutFileError(message, line, column)
        raised.output = output
        raise raised
    if status == UNVERIFIED_STATUS:
        raise unverified_error(diagnostics)
    return str(output)


# The exit status of `ratite solve` and `ratite layout` for an answer the solver could not
# verify, and the RatiteError the package raises for it (RATITE_ERROR_NUMERICAL, as a failed
# update or layout raises).
UNVERIFIED_STATUS = 70


def unverified_error(diagnostics: str) -> RatiteError:
    error = RatiteError(diagnostics.strip())
    error.status = 13
    error.status_name = "answer not verified"
    return error


def render_frames(engine: LayoutEngine) -> str:
    """What ``ratite layout`` prints for the frames: ``name: x y width height`` per item."""
    return "".join(f"{item.name}: {item.frame}\n" for item in engine.items)
