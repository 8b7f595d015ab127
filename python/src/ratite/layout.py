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

Priorities are Ratite's: numbers in (0, 1000] (1000 is required) or the names ``required``,
``strong`` (750), ``medium`` (500), ``weak`` (250); levels are strictly ordered.
"""

from __future__ import annotations

import re
from typing import Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from . import _ratite
from ._ratite import RatiteError

__all__ = [
    "ATTRIBUTES", "AUTORESIZING", "VFL_OPTIONS", "Anchor", "Frame", "Item", "LayoutConstraint", "LayoutEngine",
    "LayoutFileError", "RatiteError", "format_number", "load_layout", "render_frames", "priority_value",
]

# Attribute numbers of ratite.h (NSLayoutAttribute), by Ratite's names.
ATTRIBUTES = {
    "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
    "centerX": 9, "centerY": 10, "lastBaseline": 11, "firstBaseline": 12, "leftMargin": 13, "rightMargin": 14,
    "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18, "centerXWithinMargins": 19,
    "centerYWithinMargins": 20,
}
_SIZES = {7, 8}
_RELATIONS = {"==": 0, "<=": 1, ">=": 2}
_PRIORITIES = {"required": 1000.0, "strong": 750.0, "medium": 500.0, "weak": 250.0}
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


def priority_value(priority: Union[float, int, str]) -> float:
    """A priority given as a number or a name, as a number."""
    if isinstance(priority, str):
        try:
            return _PRIORITIES[priority]
        except KeyError:
            try:
                return float(priority)
            except ValueError:
                raise ValueError(f"unknown priority '{priority}': expected a number in (0, 1000] or "
                                 "required, strong, medium, weak") from None
    return float(priority)


def format_number(value: float) -> str:
    """The shortest text that reads back as `value` (``20`` rather than ``20.0``), as the
    command line tools print numbers."""
    if value == 0:
        return "0"
    if abs(value) < 1e15 and float(int(value)) == value:
        return str(int(value))
    return repr(float(value))


def _options(options) -> int:
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

    def __str__(self):
        return " ".join(format_number(v) for v in self)


class Anchor:
    """One attribute of one item; compare anchors (``==``, ``<=``, ``>=``), optionally times a
    multiplier and plus a constant, to make a LayoutConstraint."""

    __slots__ = ("item", "attribute", "multiplier", "constant")

    def __init__(self, item: Optional["Item"], attribute: int, multiplier: float = 1.0, constant: float = 0.0):
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

    def _relate(self, other, relation: str) -> "LayoutConstraint":
        if self.multiplier != 1.0 or self.constant != 0.0:
            raise ValueError("put the multiplier and the constant on the right-hand side")
        if isinstance(other, Anchor):
            return LayoutConstraint(self.item, self.attribute, relation, other.item, other.attribute,
                                    other.multiplier, other.constant)
        if isinstance(other, (int, float)):
            return LayoutConstraint(self.item, self.attribute, relation, None, 0, 1.0, float(other))
        return NotImplemented

    def __eq__(self, other):
        return self._relate(other, "==")

    def __le__(self, other):
        return self._relate(other, "<=")

    def __ge__(self, other):
        return self._relate(other, ">=")

    __hash__ = object.__hash__

    def __repr__(self):
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

    def __init__(self, item1, attribute1, relation, item2, attribute2, multiplier=1.0, constant=0.0,
                 priority=1000.0, identifier=None):
        self.item1, self.attribute1, self.relation = item1, attribute1, relation
        self.item2, self.attribute2 = item2, attribute2
        self.multiplier, self._constant = float(multiplier), float(constant)
        self._priority = priority_value(priority)
        self.identifier = identifier
        self.engine: Optional[LayoutEngine] = None
        self.id: Optional[int] = None

    def __or__(self, priority) -> "LayoutConstraint":
        """The same constraint at another priority (before activation)."""
        if self.id is not None:
            raise ValueError("set .priority on an activated constraint")
        self._priority = priority_value(priority)
        return self

    def named(self, identifier: str) -> "LayoutConstraint":
        """Names the constraint in reports (before activation)."""
        self.identifier = identifier
        return self

    @property
    def constant(self) -> float:
        return self._constant

    @constant.setter
    def constant(self, value: float) -> None:
        """Changes the constant (on an activated constraint: the engine's fast path)."""
        if self.id is not None:
            self.engine._engine.set_constant(self.id, value)
        self._constant = float(value)

    @property
    def priority(self) -> float:
        return self._priority

    @priority.setter
    def priority(self, value) -> None:
        value = priority_value(value)
        if self.id is not None:
            self.engine._engine.set_priority(self.id, value)
        self._priority = value

    @property
    def active(self) -> bool:
        return self.id is not None and self.engine._engine.is_active(self.id)

    @active.setter
    def active(self, value: bool) -> None:
        if value and self.id is None:
            raise ValueError("activate it with LayoutEngine.activate first")
        if self.id is not None:
            (self.engine._engine.activate if value else self.engine._engine.deactivate)(self.id)

    def remove(self) -> None:
        """Deactivates the constraint and forgets it."""
        if self.id is not None:
            self.engine._engine.remove(self.id)
            self.id = None

    def __repr__(self):
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

    def __init__(self, engine: "LayoutEngine", name: str, id: int, kind: str, parent: Optional["Item"]):
        self.engine, self.name, self.id, self.kind, self.parent = engine, name, id, kind, parent

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

    def set_hugging(self, horizontal=None, vertical=None) -> None:
        if horizontal is not None:
            self.engine._engine.set_hugging(self.id, HORIZONTAL, priority_value(horizontal))
        if vertical is not None:
            self.engine._engine.set_hugging(self.id, VERTICAL, priority_value(vertical))

    def set_compression(self, horizontal=None, vertical=None) -> None:
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
            height = getattr(self, "_intrinsic_height", None)
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

    def __repr__(self):
        return f"<{self.kind} {self.name}>"


_ANCHOR_NAMES = {_snake(name): number for name, number in ATTRIBUTES.items()}


class LayoutEngine:
    """Ratite's layout engine. In strict mode unsatisfiable required constraints raise
    RatiteError and change nothing; otherwise the engine breaks one and logs a conflict
    report, as Auto Layout does."""

    def __init__(self, strict: bool = False):
        self._engine = _ratite.Engine()
        self._engine.set_strict(strict)
        self.items: List[Item] = []
        self._by_id: Dict[int, Item] = {}
        self._by_name: Dict[str, Item] = {}

    def _register(self, item: Item) -> Item:
        self.items.append(item)
        self._by_id[item.id] = item
        self._by_name[item.name] = item
        return item

    def add_view(self, name: str, parent: Optional[Item] = None, *, size=None, intrinsic=None, hugging=None,
                 compression=None, margins=None, baseline=None, direction=None) -> Item:
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

    def add_guide(self, name: str, owner: Item, insets=None) -> Item:
        """Adds a layout guide owned by `owner`; with `insets` (one number or top, leading,
        bottom, trailing) it is pinned inside the owner's edges."""
        if isinstance(insets, (int, float)):
            insets = (insets,) * 4
        return self._register(Item(self, name, self._engine.add_guide(name, owner.id, insets), "guide", owner))

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
            options: Union[int, str, Iterable[str]] = 0) -> List[int]:
        """Parses a VFL format and activates its constraints; returns their ids. `views`
        binds names to items (default: every item by its own name); `options` are names
        (``alignAllTop``, ``directionRightToLeft``, ``extended``, ...) or bits. A malformed
        format raises RatiteError with `offset` and Apple's three-line `rendering`."""
        bound = None if views is None else {name: item.id for name, item in views.items()}
        return self._engine.vfl(format, metrics, bound, _options(options))

    def vfl_constraints(self, format: str, views: Optional[Dict[str, Item]] = None,
                        metrics: Optional[Dict[str, float]] = None, options=0) -> List[LayoutConstraint]:
        """The constraints a VFL format describes, not activated."""
        bound = None if views is None else {name: item.id for name, item in views.items()}
        relations = {v: k for k, v in _RELATIONS.items()}
        result = []
        for item1, a1, relation, item2, a2, m, c, p in self._engine.vfl_parse(format, metrics, bound,
                                                                               _options(options)):
            result.append(LayoutConstraint(self._by_id.get(item1), a1, relations[relation],
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
    """A malformed or unbuildable statement: `line` (1-based) and the message."""

    def __init__(self, message: str, line: int):
        super().__init__(f"line {line}: {message}")
        self.line = line


_UNSIGNED = r"(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?"
_NUMBER = r"[+-]?" + _UNSIGNED
_CONSTRAINT = re.compile(
    rf"^(?P<i1>[A-Za-z_]\w*)\.(?P<a1>\w+)\s*(?P<rel>==|<=|>=)\s*"
    rf"(?:(?P<i2>[A-Za-z_]\w*)\.(?P<a2>\w+)\s*(?:\*\s*(?P<m>{_NUMBER})\s*)?"
    rf"(?:(?P<sign>[+-])\s*(?P<c>{_UNSIGNED}))?|(?P<k>{_NUMBER}))"
    rf"\s*(?:@(?P<p>\w+(?:\.\d*)?))?\s*(?:id=(?P<id>\S+))?\s*$")


def _numbers(text: str, counts: Sequence[int], key: str, line: int) -> List[float]:
    values = [float(v) for v in text.split(",")]
    if len(values) not in counts:
        raise LayoutFileError(f"'{key}' takes {' or '.join(map(str, counts))} comma-separated numbers", line)
    return values


def _size(text: str, optional: bool, line: int) -> Tuple[Optional[float], Optional[float]]:
    parts = text.split("x")
    if len(parts) != 2:
        raise LayoutFileError("expected WIDTHxHEIGHT (like 320x480)", line)
    return tuple(None if optional and p == "-" else float(p) for p in parts)


def load_layout(text: str, size: Optional[Tuple[float, float]] = None, rtl: bool = False,
                engine: Optional[LayoutEngine] = None) -> LayoutEngine:
    """Builds an engine from a ``.layout`` file's text, statement by statement (not laid
    out yet). `size` resizes the root views afterwards and `rtl` makes root views
    right-to-left unless the file sets a direction, as ``ratite layout --size --rtl`` do."""
    engine = engine or LayoutEngine()
    metrics: Dict[str, float] = {}
    for number, raw in enumerate(text.splitlines(), 1):
        statement = raw.split("#", 1)[0].strip()
        if not statement:
            continue
        try:
            _statement(engine, statement, metrics, rtl, number)
        except RatiteError as error:
            raise LayoutFileError(str(error), number) from error
        except (ValueError, KeyError) as error:
            if isinstance(error, LayoutFileError):
                raise
            raise LayoutFileError(str(error), number) from error
    if size is not None:
        for item in engine.items:
            if item.parent is None and item.kind == "view":
                item.set_size(*size)
    return engine


def _statement(engine: LayoutEngine, statement: str, metrics: Dict[str, float], rtl: bool, line: int) -> None:
    words = statement.split()
    if words[0] in ("view", "guide"):
        _declare(engine, words, rtl, line)
    elif words[0] == "metric":
        match = re.fullmatch(rf"metric\s+([A-Za-z_]\w*)\s*=\s*({_NUMBER})", statement)
        if not match:
            raise LayoutFileError("expected 'metric NAME = NUMBER'", line)
        metrics[match.group(1)] = float(match.group(2))
    elif statement[0] in "|[" or statement[:2] in ("H:", "V:"):
        options = 0
        if len(words) > 1:
            if len(words) > 2 or not words[1].startswith("options="):
                raise LayoutFileError("expected 'options=NAME,...' after the format", line)
            options = _options(words[1][len("options="):])
        engine.vfl(words[0], metrics=metrics, options=options)
    else:
        match = _CONSTRAINT.match(statement)
        if not match:
            raise LayoutFileError(f"cannot read the constraint '{statement}'", line)
        g = match.groupdict()
        first = engine.item(g["i1"]).anchor(g["a1"])
        if g["i2"]:
            second = engine.item(g["i2"]).anchor(g["a2"])
            multiplier = float(g["m"]) if g["m"] else 1.0
            constant = float(g["c"]) * (-1 if g["sign"] == "-" else 1) if g["c"] else 0.0
            c = LayoutConstraint(first.item, first.attribute, g["rel"], second.item, second.attribute, multiplier,
                                 constant)
        else:
            c = LayoutConstraint(first.item, first.attribute, g["rel"], None, 0, 1.0, float(g["k"]))
        if g["p"]:
            c.priority = g["p"]
        c.identifier = g["id"]
        engine.activate([c])


def _declare(engine: LayoutEngine, words: List[str], rtl: bool, line: int) -> None:
    kind, name = words[0], words[1] if len(words) > 1 else None
    if not name:
        raise LayoutFileError("expected an item name", line)
    properties: Dict[str, str] = {}
    i = 2
    while i < len(words):
        if i + 1 >= len(words):
            raise LayoutFileError(f"'{words[i]}' needs a value", line)
        properties[words[i]] = words[i + 1]
        i += 2
    parent = engine.item(properties.pop("in")) if "in" in properties else None
    if kind == "guide":
        if parent is None:
            raise LayoutFileError(f"a guide needs an owner: 'guide {name} in VIEW'", line)
        insets = properties.pop("insets", None)
        engine.add_guide(name, parent, _numbers(insets, (1, 4), "insets", line) if insets else None)
        if properties:
            raise LayoutFileError(f"unknown guide property '{next(iter(properties))}'", line)
        return
    item = engine.add_view(name, parent)
    if "margins" in properties:
        m = _numbers(properties.pop("margins"), (1, 4), "margins", line)
        item.set_margins(*(m * 4 if len(m) == 1 else m))
    if "direction" in properties:
        item.set_direction(properties.pop("direction"))
    elif parent is None and rtl:
        item.set_direction("rtl")
    if "size" in properties:
        if parent is not None:
            raise LayoutFileError("'size' applies to root views", line)
        item.set_size(*_size(properties.pop("size"), False, line))
    for key, setter in (("hugging", item.set_hugging), ("compression", item.set_compression)):
        if key in properties:
            setter(*_numbers(properties.pop(key), (1, 2), key, line))
    if "intrinsic" in properties:
        item.set_intrinsic_size(*_size(properties.pop("intrinsic"), True, line))
    if "baseline" in properties:
        item.set_baselines(*_numbers(properties.pop("baseline"), (1, 2), "baseline", line))
    if "frame" in properties:
        frame = _numbers(properties.pop("frame"), (4,), "frame", line)
        flags = properties.pop("autoresizing", "none")
        item.set_autoresizing(frame, [] if flags == "none" else flags.split(","))
    if properties:
        raise LayoutFileError(f"unknown property '{next(iter(properties))}'", line)


def render_frames(engine: LayoutEngine) -> str:
    """What ``ratite layout`` prints for the frames: ``name: x y width height`` per item."""
    return "".join(f"{item.name}: {item.frame}\n" for item in engine.items)
