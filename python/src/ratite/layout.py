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
from typing import Any, Callable, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ratite
from ._ratite import RatiteError

__all__ = [
    "ATTRIBUTES", "AUTORESIZING", "VFL_OPTIONS", "Anchor", "Frame", "Item", "LayoutConstraint", "LayoutEngine",
    "LayoutFileError", "LayoutStep", "PLATFORMS", "PRIORITY_NAMES", "RatiteError", "format_number", "load_layout",
    "parse_layout", "priority_value", "render_frames", "render_layout", "run_layout",
]

# A priority: a number in (0, 1000] or a name of PRIORITY_NAMES.
Priority = Union[float, str]
# Format options: bits, names separated by commas, or names.
Options = Union[int, str, Iterable[str]]
# A statement of a layout file as parse_layout gives it: a tuple whose first item names its
# kind ("item", "metric", "platform", "constraint", "format", "step", "change").
Statement = Tuple[Any, ...]

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
# The .layout file format (see the README's `ratite layout` section)
# ---------------------------------------------------------------------------------------


class LayoutFileError(ValueError):
    """A malformed or unbuildable statement: `line` (1-based), `column` (1-based, or None when
    the whole statement is meant) and the message. From `render_layout`, `output` holds what
    ``ratite layout`` would have printed before the error."""

    def __init__(self, message: str, line: int, column: Optional[int] = None) -> None:
        super().__init__(f"line {line}: {message}")
        self.message = message
        self.line = line
        self.column = column
        self.output = ""


_BLANKS = " \t\r"
_NAME_START = re.compile(r"[A-Za-z_]")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_CHANGES = ("set", "constant", "priority", "activate", "deactivate", "resize")
_SETTABLE = ("intrinsic", "hugging", "compression", "baseline", "margins", "direction")


class _Line:
    """One line of a layout file, scanned as Swift's LineScanner does: the ``#`` comment
    and trailing blanks cut off, C identifiers, C-style numbers."""

    def __init__(self, text: str, line: int) -> None:
        text = text.split("#", 1)[0]
        self.text = text.rstrip(_BLANKS)
        self.pos = 0
        self.line = line

    def error(self, message: str, at: Optional[int] = None) -> LayoutFileError:
        return LayoutFileError(message, self.line, (self.pos if at is None else at) + 1)

    @property
    def current(self) -> Optional[str]:
        return self.text[self.pos] if self.pos < len(self.text) else None

    @property
    def at_end(self) -> bool:
        return self.pos >= len(self.text)

    def skip_blanks(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos] in _BLANKS:
            self.pos += 1

    def take(self, c: str) -> bool:
        if self.current == c:
            self.pos += 1
            return True
        return False

    def peek_word(self, word: str) -> bool:
        end = self.pos + len(word)
        return self.text.startswith(word, self.pos) and (end == len(self.text) or self.text[end] in _BLANKS)

    def peek_identifier(self) -> Optional[str]:
        match = _NAME.match(self.text, self.pos)
        return match.group(0) if match else None

    def identifier(self) -> Optional[str]:
        name = self.peek_identifier()
        if name:
            self.pos += len(name)
        return name

    def word(self) -> Optional[str]:
        if self.at_end:
            return None
        start = self.pos
        while self.pos < len(self.text) and self.text[self.pos] not in _BLANKS:
            self.pos += 1
        return self.text[start:self.pos]

    def rest(self) -> str:
        return self.text[self.pos:]

    def number(self, signed: bool = False) -> float:
        start = self.pos
        if signed and self.current == "-":
            self.pos += 1
        digits = 0
        while self.current is not None and self.current.isdigit() and self.current.isascii():
            self.pos += 1
            digits += 1
        if self.current == ".":
            self.pos += 1
            while self.current is not None and self.current.isdigit() and self.current.isascii():
                self.pos += 1
                digits += 1
        if digits == 0:
            if self.current is not None:
                raise self.error(f"expected a number but found '{self.current}'")
            raise self.error("expected a number", start)
        if self.current in ("e", "E"):
            self.pos += 1
            if self.current in ("+", "-"):
                self.pos += 1
            exponent = 0
            while self.current is not None and self.current.isdigit() and self.current.isascii():
                self.pos += 1
                exponent += 1
            if exponent == 0:
                raise self.error("expected digits in the exponent")
        text = self.text[start:self.pos]
        value = float(text)
        if value in (float("inf"), float("-inf")):
            raise self.error(f"number out of range: {text}", start)
        return value

    def relation(self) -> Optional[str]:
        two = self.text[self.pos:self.pos + 2]
        if two in _RELATIONS:
            self.pos += 2
            return two
        return None

    def priority_value(self) -> float:
        """A priority name or a number in (0, 1000]."""
        at = self.pos
        name = self.identifier()
        if name is not None:
            if name not in PRIORITY_NAMES:
                raise self.error(f"unknown priority '{name}': use a number in (0, 1000] or one of "
                                 + ", ".join(PRIORITY_NAMES), at)
            return PRIORITY_NAMES[name]
        return self.checked_priority(self.number(signed=True), at)

    def checked_priority(self, value: float, at: int) -> float:
        if not 0 < value <= 1000:
            raise self.error(f"invalid priority {format_number(value)}: priorities must be greater than 0 and at "
                             "most 1000", at)
        return value

    def priority_or_metric(self, metrics: Dict[str, float]) -> float:
        """A priority, or a metric declared above (as after ``@`` and ``priority ID``)."""
        at = self.pos
        name = self.peek_identifier()
        if name is not None and name in metrics:
            self.identifier()
            return self.checked_priority(metrics[name], at)
        return self.priority_value()

    def value(self, metrics: Dict[str, float], signed: bool = True) -> float:
        """A number, or a metric declared above, optionally negated."""
        c = self.current
        if c is not None and (_NAME_START.match(c) or (signed and c == "-" and _NAME_START.match(self.text, self.pos + 1))):
            negative = self.take("-")
            at = self.pos
            name = self.identifier()
            if name not in metrics:
                raise self.error(f"unknown metric '{name}' (metrics must be declared before they are used)", at)
            return -metrics[name] if negative else metrics[name]
        return self.number(signed)

    def expect_end(self) -> None:
        self.skip_blanks()
        if self.current is not None:
            raise self.error(f"unexpected '{self.current}' after the statement")


class _Properties:
    """An item's properties as a declaration or a step's ``set`` gives them."""

    def __init__(self, name: str, kind: str = "view", line: int = 0) -> None:
        self.name, self.kind, self.line = name, kind, line
        self.parent: Optional[str] = None
        self.name_column = self.parent_column = 1
        self.size: Optional[Tuple[float, float]] = None
        self.intrinsic: Optional[Tuple[Optional[float], Optional[float]]] = None
        self.baselines: Optional[Tuple[float, Optional[float]]] = None
        self.margins: Optional[Tuple[float, ...]] = None
        self.direction: Optional[str] = None
        self.frame: Optional[List[float]] = None
        self.autoresizing: Optional[List[str]] = None
        self.insets: Optional[Tuple[float, ...]] = None
        self.hugging: Tuple[Optional[float], Optional[float]] = (None, None)
        self.compression: Tuple[Optional[float], Optional[float]] = (None, None)


def _size_value(s: _Line, optional: bool) -> Tuple[Optional[float], Optional[float]]:
    def part() -> Optional[float]:
        if optional and s.take("-"):
            return None
        at = s.pos
        value = s.number()
        if value < 0:
            raise s.error("a size cannot be negative", at)
        return value

    width = part()
    if not s.take("x"):
        raise s.error("expected 'x' between width and height (like 320x480)")
    return width, part()


def _size(s: _Line) -> Tuple[float, float]:
    """``WIDTHxHEIGHT``, both given."""
    width, height = _size_value(s, False)
    assert width is not None and height is not None
    return width, height


def _number_list(s: _Line, counts: Sequence[int], name: str) -> List[float]:
    at = s.pos
    values = [s.number(signed=True)]
    while s.take(","):
        values.append(s.number(signed=True))
    if len(values) not in counts:
        expected = " or ".join(map(str, counts))
        raise s.error(f"'{name}' takes {expected} comma-separated numbers, not {len(values)}", at)
    return values


def _item_properties(s: _Line, item: _Properties, allowed: Optional[Sequence[str]]) -> None:
    while True:
        s.skip_blanks()
        if s.at_end:
            return
        key_at = s.pos
        key = s.identifier()
        if key is None:
            raise s.error(f"expected a property name but found '{s.current}'")
        s.skip_blanks()
        value_at = s.pos
        if allowed is not None and key not in allowed:
            raise s.error(f"'{key}' cannot be set in a step; expected " + ", ".join(allowed)
                          + (" (resize a root view with 'resize ROOT WxH')" if key == "size" else ""), key_at)
        if key == "in":
            item.parent_column = s.pos + 1
            item.parent = s.identifier()
            if item.parent is None:
                raise s.error("expected the name of the parent item", value_at)
        elif key == "size":
            item.size = _size(s)
        elif key == "intrinsic":
            item.intrinsic = _size_value(s, True)
        elif key in ("hugging", "compression"):
            priorities = [s.priority_value()]
            while s.take(","):
                priorities.append(s.priority_value())
            if len(priorities) > 2:
                raise s.error(f"'{key}' takes 1 or 2 comma-separated priorities, not {len(priorities)}", value_at)
            pair = (priorities[0], priorities[1] if len(priorities) > 1 else None)
            setattr(item, key, pair)
        elif key == "baseline":
            values = _number_list(s, (1, 2), key)
            item.baselines = (values[0], values[1] if len(values) > 1 else None)
        elif key in ("margins", "insets"):
            values = _number_list(s, (1, 4), key)
            insets = tuple(values * 4) if len(values) == 1 else tuple(values)
            if key == "margins":
                item.margins = insets
            elif item.kind != "guide":
                raise s.error("only guides have insets; views have margins", key_at)
            else:
                item.insets = insets
        elif key == "direction":
            direction = s.word()
            if direction not in ("ltr", "rtl"):
                raise s.error("expected 'ltr' or 'rtl'", value_at)
            item.direction = direction
        elif key == "frame":
            frame = _number_list(s, (4,), key)
            if frame[2] < 0 or frame[3] < 0:
                raise s.error("a frame's width and height cannot be negative", value_at)
            item.frame = frame
        elif key == "autoresizing":
            flags = s.word()
            if flags is None:
                raise s.error("expected autoresizing flags or 'none'", value_at)
            mask: List[str] = []
            if flags != "none":
                offset = value_at
                for flag in flags.split(","):
                    if flag not in AUTORESIZING:
                        raise s.error(f"unknown autoresizing flag '{flag}'; expected " + ", ".join(AUTORESIZING)
                                      + " or none", offset)
                    mask.append(flag)
                    offset += len(flag) + 1
            item.autoresizing = mask
        else:
            raise s.error(f"unknown property '{key}'; expected in, size, intrinsic, hugging, compression, baseline, "
                          "margins, direction, frame, autoresizing or insets", key_at)


def _item_declaration(s: _Line) -> _Properties:
    first = s.pos
    kind = "view" if s.peek_word("view") else "guide"
    s.pos += len(kind)
    s.skip_blanks()
    name_at = s.pos
    name = s.identifier()
    if name is None:
        raise s.error("expected an item name", name_at)
    item = _Properties(name, kind, s.line)
    item.name_column = item.parent_column = first + 1
    _item_properties(s, item, None)
    if kind == "guide" and item.parent is None:
        raise s.error(f"a guide needs an owner: 'guide {name} in VIEW'", name_at)
    if item.autoresizing is not None and item.frame is None:
        raise s.error("'autoresizing' needs a 'frame'", name_at)
    if kind == "guide" and (item.intrinsic is not None or item.frame is not None or item.size is not None):
        raise s.error("a guide has no intrinsic size, frame or size; constrain it or give it insets", name_at)
    return item


def _at_item_attribute(s: _Line) -> bool:
    name = s.peek_identifier()
    return name is not None and s.text[s.pos + len(name):s.pos + len(name) + 1] == "."


def _item_attribute(s: _Line) -> Tuple[str, int, int]:
    """``item.attribute``: the item's name, the attribute and the name's column."""
    column = s.pos + 1
    item = s.identifier()
    if item is None:
        if s.current is not None:
            raise s.error(f"expected an item name but found '{s.current}'")
        raise s.error("expected an item name")
    if not s.take("."):
        raise s.error(f"expected '.' and an attribute after '{item}'")
    at = s.pos
    name = s.identifier()
    name = "lastBaseline" if name == "baseline" else name
    if name not in ATTRIBUTES:
        raise s.error("unknown attribute; expected one of " + ", ".join(_ATTRIBUTE_ORDER), at)
    return item, ATTRIBUTES[name], column


# Attribute names in the order Swift's error messages list them.
_ATTRIBUTE_ORDER = ["left", "right", "top", "bottom", "leading", "trailing", "width", "height", "centerX", "centerY",
                    "firstBaseline", "lastBaseline", "leftMargin", "rightMargin", "topMargin", "bottomMargin",
                    "leadingMargin", "trailingMargin", "centerXWithinMargins", "centerYWithinMargins"]


class _Constraint(NamedTuple):
    item1: str
    attribute1: int
    relation: str
    item2: Optional[str]
    attribute2: int
    multiplier: float
    constant: float
    priority: float
    identifier: Optional[str]
    column1: int
    column2: Optional[int]


def _constraint_declaration(s: _Line, metrics: Dict[str, float]) -> _Constraint:
    """``item.attr REL [m *] item.attr [* m | / m] [+|- c] [@p] [id=NAME]`` or ``item.attr
    REL c [* c] [@p] [id=NAME]``; m, c and p may name metrics."""
    item1, attribute1, column1 = _item_attribute(s)
    s.skip_blanks()
    relation = s.relation()
    if relation is None:
        raise s.error("expected '==', '<=' or '>='")
    s.skip_blanks()
    item2, attribute2, multiplier, constant, priority, identifier, column2 = None, 0, 1.0, 0.0, 1000.0, None, None
    leading_factor = None
    if not _at_item_attribute(s):
        value = s.value(metrics)
        s.skip_blanks()
        if s.take("*"):
            s.skip_blanks()
            if _at_item_attribute(s):
                leading_factor = value
            else:
                constant = value * s.value(metrics)
        else:
            constant = value
    if _at_item_attribute(s):
        item2, attribute2, column2 = _item_attribute(s)
        multiplier = 1.0 if leading_factor is None else leading_factor
        s.skip_blanks()
        op = s.current
        if op in ("*", "/"):
            if leading_factor is not None:
                raise s.error("the multiplier is already given before the item")
            s.pos += 1
            s.skip_blanks()
            at = s.pos
            factor = s.value(metrics)
            if op == "/":
                if factor == 0:
                    raise s.error("division by zero", at)
                multiplier = 1 / factor
            else:
                multiplier = factor
            s.skip_blanks()
        sign = s.current
        if sign in ("+", "-"):
            s.pos += 1
            s.skip_blanks()
            constant = s.value(metrics, signed=False) * (-1 if sign == "-" else 1)
    s.skip_blanks()
    if s.take("@"):
        s.skip_blanks()
        priority = s.priority_or_metric(metrics)
    s.skip_blanks()
    if not s.at_end:
        at = s.pos
        token = s.word()
        if token is None or not (token.startswith("id=") and len(token) > 3):
            raise s.error("expected '@PRIORITY' or 'id=NAME' here", at)
        identifier = token[3:]
    s.expect_end()
    return _Constraint(item1, attribute1, relation, item2, attribute2, multiplier, constant, priority, identifier,
                       column1, column2)


def _change(s: _Line, metrics: Dict[str, float]) -> Optional[Statement]:
    """A step's change as a tuple (kind, ...), or None when the line is something else."""
    for keyword in _CHANGES:
        if not s.peek_word(keyword):
            continue
        s.pos += len(keyword)
        s.skip_blanks()
        name_at = s.pos
        name = s.identifier()
        if name is None:
            what = "an item name" if keyword in ("set", "resize") else "a constraint id"
            raise s.error(f"expected {what} after '{keyword}'", name_at)
        s.skip_blanks()
        if keyword == "set":
            item = _Properties(name, "view", s.line)
            item.name_column = name_at + 1
            _item_properties(s, item, _SETTABLE)
            if (item.intrinsic is None and item.hugging == (None, None) and item.compression == (None, None)
                    and item.baselines is None and item.margins is None and item.direction is None):
                raise s.error("expected properties to set: intrinsic, hugging, compression, baseline, margins or "
                              "direction")
            return ("set", item)
        if keyword == "constant":
            value = s.value(metrics)
            s.expect_end()
            return ("constant", name, value, name_at + 1)
        if keyword == "priority":
            priority = s.priority_or_metric(metrics)
            s.expect_end()
            return ("priority", name, priority, name_at + 1)
        if keyword in ("activate", "deactivate"):
            ids = [(name, name_at + 1)]
            while s.take(","):
                s.skip_blanks()
                at = s.pos
                other = s.identifier()
                if other is None:
                    raise s.error("expected a constraint id after ','", at)
                ids.append((other, at + 1))
                s.skip_blanks()
            s.expect_end()
            return (keyword, ids)
        width, height = _size(s)
        s.expect_end()
        return ("resize", name, width, height, name_at + 1)
    return None


def _statement(s: _Line, metrics: Dict[str, float]) -> Optional[Statement]:
    """One line as a tuple (kind, ...), or None for a blank line."""
    s.skip_blanks()
    c = s.current
    if c is None:
        return None
    first = s.pos
    if s.peek_word("view") or s.peek_word("guide"):
        return ("item", _item_declaration(s))
    if s.peek_word("metric"):
        s.pos += 6
        s.skip_blanks()
        at = s.pos
        name = s.identifier()
        if name is None:
            raise s.error("expected a metric name", at)
        s.skip_blanks()
        if not s.take("="):
            raise s.error("expected '=' after the metric name")
        s.skip_blanks()
        value = s.number(signed=True)
        s.expect_end()
        return ("metric", name, value)
    if s.peek_word("step"):
        s.pos += 4
        s.skip_blanks()
        return ("step", s.rest())
    change = _change(s, metrics)
    if change is not None:
        return ("change", change)
    if s.peek_word("platform"):
        s.pos += 8
        s.skip_blanks()
        at = s.pos
        name = s.word()
        if name not in PLATFORMS:
            raise s.error("expected 'ios' or 'macos' after 'platform'", at)
        s.expect_end()
        return ("platform", name)
    if c in "|[" or (c in "HV" and s.text[s.pos + 1:s.pos + 2] == ":"):
        format = s.word()
        options: List[str] = []
        s.skip_blanks()
        if not s.at_end:
            at = s.pos
            option = s.word()
            if option is None or not option.startswith("options="):
                raise s.error("expected 'options=NAME,...' after the format", at)
            options = option[len("options="):].split(",")
            s.expect_end()
        return ("format", format, options, first)
    return ("constraint", _constraint_declaration(s, metrics))


def parse_layout(text: str) -> List[Tuple[int, int, Statement]]:
    """The statements of a ``.layout`` file as (line, column, statement) triples; raises
    LayoutFileError at the first malformed line, before anything is built (as ``ratite
    layout`` does)."""
    statements: List[Tuple[int, int, Statement]] = []
    metrics: Dict[str, float] = {}
    for number, raw in enumerate(text.split("\n"), 1):
        scanner = _Line(raw, number)
        statement = _statement(scanner, metrics)
        if statement is None:
            continue
        if statement[0] == "metric":
            metrics[statement[1]] = statement[2]
        column = len(scanner.text) - len(scanner.text.lstrip(_BLANKS)) + 1
        statements.append((number, column, statement))
    return statements


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


class _StepStart(NamedTuple):
    """A step being built: its number, name and line, and the length of the conflict
    report when it began."""

    number: int
    name: str
    line: Optional[int]
    conflicts: int


def load_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
                engine: Optional[LayoutEngine] = None, platform: Optional[str] = None) -> LayoutEngine:
    """Builds an engine from a ``.layout`` file's text, statement by statement, with every
    step's changes applied in order (not laid out yet). `size` resizes the root views once
    the first layout's statements are built, `rtl` makes root views right-to-left unless the
    file sets a direction and `platform` (``ios``, ``macos``) overrides the file's
    ``platform`` lines, as ``ratite layout --size --rtl --platform`` do."""
    return run_layout(text, size=size, rtl=rtl, platform=platform, engine=engine)


def run_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
               platform: Optional[str] = None, engine: Optional[LayoutEngine] = None,
               after_layout: Optional[Callable[[LayoutEngine, LayoutStep], None]] = None) -> LayoutEngine:
    """Builds a ``.layout`` file as `load_layout` does; with `after_layout`, lays it out
    before each ``step`` line and at the end and calls ``after_layout(engine, step)`` each
    time (the frames, conflicts and ambiguity after each step). Returns the engine in its
    final state. Errors raise LayoutFileError at their line."""
    statements = parse_layout(text)
    if platform is not None and platform not in PLATFORMS:
        raise ValueError(f"unknown platform '{platform}': expected ios or macos")
    if engine is None:
        engine = LayoutEngine(platform=platform or "ios")
    elif platform is not None:
        engine.platform = platform
    metrics: Dict[str, float] = {}
    ids: Dict[str, LayoutConstraint] = {}
    step = _StepStart(0, "", None, len(engine.conflict_report))

    def finish_step() -> None:
        if step.number == 0 and size is not None:
            for item in engine.items:
                if item.parent is None and item.kind == "view":
                    try:
                        item.set_size(*size)
                    except RatiteError as error:
                        raise LayoutFileError(str(error), 1, 1) from error
        if after_layout is None:
            return
        engine.layout()
        report = engine.conflict_report
        conflicts = report[step.conflicts:]
        if step.conflicts and conflicts.startswith("\n"):
            conflicts = conflicts[1:]
        after_layout(engine, LayoutStep(step.number, step.name, step.line, conflicts, engine.ambiguity_report))

    for line, column, statement in statements:
        kind = statement[0]
        try:
            if kind == "item":
                _declare(engine, statement[1], rtl)
            elif kind == "metric":
                metrics[statement[1]] = statement[2]
            elif kind == "platform":
                if platform is None:
                    engine.platform = statement[1]
            elif kind == "constraint":
                d = statement[1]
                first = _named_item(engine, d.item1, d.column1)
                second = _named_item(engine, d.item2, d.column2) if d.item2 is not None else None
                c = LayoutConstraint(first, d.attribute1, d.relation, second, d.attribute2, d.multiplier,
                                     d.constant, d.priority, d.identifier)
                engine.activate([c])
                if d.identifier is not None:
                    if d.identifier in ids:
                        raise LayoutFileError(f"a constraint with id '{d.identifier}' already exists", line, column)
                    ids[d.identifier] = c
            elif kind == "format":
                _, format, options, offset = statement
                bits = 0
                for name in options:
                    if name not in VFL_OPTIONS:
                        raise LayoutFileError(f"unknown format option '{name}'", line, column)
                    bits |= VFL_OPTIONS[name]
                try:
                    engine.vfl(format, metrics=metrics, options=bits)
                except RatiteError as error:
                    at = getattr(error, "offset", None)
                    raise LayoutFileError(str(error), line, column if at is None else offset + at + 1) from error
            elif kind == "step":
                finish_step()
                step = _StepStart(step.number + 1, statement[1], line, len(engine.conflict_report))
            else:
                _apply_change(engine, statement[1], ids)
        except LayoutFileError as error:
            if error.line != 0:
                raise
            raise LayoutFileError(error.message, line, error.column or column) from None
        except (RatiteError, ValueError, KeyError) as error:
            raise LayoutFileError(str(error), line, column) from error
    finish_step()
    return engine


def render_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
                  platform: Optional[str] = None) -> str:
    """What ``ratite layout`` prints for a ``.layout`` file: each item's frame, then any
    conflict and ambiguity reports; with steps, that after the first layout and after each
    step, under ``== initial layout``, ``== step 1: NAME``, ... headings. A LayoutFileError
    carries what was printed before it in `output`."""
    out: List[str] = []
    has_steps = any(statement[0] == "step" for _, _, statement in parse_layout(text))

    def print_step(engine: LayoutEngine, step: LayoutStep) -> None:
        if has_steps:
            out.append(("" if step.index == 0 else "\n") + f"== {step.title}\n")
        out.append(render_frames(engine))
        if step.conflicts:
            out.append("\n" + step.conflicts)
        if step.ambiguity:
            out.append("\n" + step.ambiguity)

    try:
        run_layout(text, size=size, rtl=rtl, platform=platform, after_layout=print_step)
    except LayoutFileError as error:
        error.output = "".join(out)
        raise
    return "".join(out)


def _named_item(engine: LayoutEngine, name: str, column: Optional[int] = None) -> Item:
    try:
        return engine.item(name)
    except KeyError:
        raise LayoutFileError(f"unknown item '{name}'", 0, column) from None


def _declare(engine: LayoutEngine, d: _Properties, rtl: bool) -> None:
    parent = None
    if d.parent is not None:
        try:
            parent = engine.item(d.parent)
        except KeyError:
            raise LayoutFileError(f"unknown item '{d.parent}' (items must be declared before they are used)",
                                  0, d.parent_column) from None
    if parent is not None and d.size is not None:
        raise LayoutFileError("'size' applies to root views; give a subview constraints or an intrinsic size", 0)
    if d.kind == "guide":
        if parent is None:  # the parser makes sure a guide has an owner
            raise LayoutFileError(f"a guide needs an owner: 'guide {d.name} in VIEW'", 0, d.name_column)
        item = engine.add_guide(d.name, parent, d.insets)
    else:
        item = engine.add_view(d.name, parent)
    _apply_properties(item, d, rtl_root=parent is None and rtl)


def _apply_properties(item: Item, d: _Properties, rtl_root: bool = False) -> None:
    """A declaration's or a step's properties, in the engine's order: intrinsic size before
    baselines, whose single-value form derives from it."""
    if d.margins is not None:
        item.set_margins(*d.margins)
    if d.direction is not None:
        item.set_direction(d.direction)
    elif rtl_root:
        item.set_direction("rtl")
    if item.parent is None and d.size is not None:
        item.set_size(*d.size)
    item.set_hugging(*d.hugging)
    item.set_compression(*d.compression)
    if d.intrinsic is not None:
        item.set_intrinsic_size(*d.intrinsic)
    if d.baselines is not None:
        item.set_baselines(*d.baselines)
    if d.frame is not None:
        item.set_autoresizing(d.frame, d.autoresizing or [])


def _apply_change(engine: LayoutEngine, change: Statement, ids: Dict[str, LayoutConstraint]) -> None:
    def constraint(identifier: str, column: int) -> LayoutConstraint:
        if identifier not in ids:
            raise LayoutFileError(f"unknown constraint id '{identifier}' (give a constraint 'id={identifier}' "
                                  "before it is used)", 0, column)
        return ids[identifier]

    kind = change[0]
    if kind == "set":
        d = change[1]
        item = _named_item(engine, d.name, d.name_column)
        _apply_properties(item, d)
    elif kind == "constant":
        constraint(change[1], change[3]).constant = change[2]
    elif kind == "priority":
        constraint(change[1], change[3]).priority = change[2]
    elif kind in ("activate", "deactivate"):
        constraints = [constraint(identifier, column) for identifier, column in change[1]]
        if kind == "activate":
            engine.activate(constraints)
        else:
            engine.deactivate(constraints)
    else:
        _named_item(engine, change[1], change[4]).set_size(change[2], change[3])


def render_frames(engine: LayoutEngine) -> str:
    """What ``ratite layout`` prints for the frames: ``name: x y width height`` per item."""
    return "".join(f"{item.name}: {item.frame}\n" for item in engine.items)
