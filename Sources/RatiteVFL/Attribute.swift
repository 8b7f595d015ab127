/// A layout attribute, as in `NSLayoutConstraint.Attribute`.
public enum Attribute: String, Sendable, Hashable, CaseIterable {
    /// The left edge.
    case left
    /// The right edge.
    case right
    /// The top edge.
    case top
    /// The bottom edge.
    case bottom
    /// The leading edge: left under left-to-right, right under right-to-left.
    case leading
    /// The trailing edge: right under left-to-right, left under right-to-left.
    case trailing
    /// The width.
    case width
    /// The height.
    case height
    /// The horizontal center.
    case centerX
    /// The vertical center.
    case centerY
    /// The first baseline, `firstBaselineOffsetFromTop` below the top (the bottom edge when
    /// the item has none).
    case firstBaseline
    /// The last baseline, `lastBaselineOffsetFromBottom` above the bottom (the bottom edge
    /// when the item has none).
    case lastBaseline
    /// The left edge inset by the margin on that side (the leading margin under
    /// left-to-right, the trailing one under right-to-left).
    case leftMargin
    /// The right edge inset by the margin on that side.
    case rightMargin
    /// The top edge inset by the top margin.
    case topMargin
    /// The bottom edge inset by the bottom margin.
    case bottomMargin
    /// The leading edge inset by the leading margin.
    case leadingMargin
    /// The trailing edge inset by the trailing margin.
    case trailingMargin
    /// The middle between the left and right margins.
    case centerXWithinMargins
    /// The middle between the top and bottom margins.
    case centerYWithinMargins
    /// For constant-only constraints (`view.width == 100`): the second item has none.
    case notAnAttribute

    /// The axis the attribute lies on, or nil for `notAnAttribute`. This and the tests below
    /// are inlinable: the layout model asks them of every constraint it checks, and as calls
    /// into this module they would add a call to every check of the engine's VFL parse.
    @inlinable @inline(__always) public var axis: Axis? {
        switch self {
        case .left, .right, .leading, .trailing, .width, .centerX, .leftMargin, .rightMargin,
            .leadingMargin, .trailingMargin, .centerXWithinMargins:
            .horizontal
        case .top, .bottom, .height, .centerY, .firstBaseline, .lastBaseline, .topMargin,
            .bottomMargin, .centerYWithinMargins:
            .vertical
        case .notAnAttribute:
            nil
        }
    }

    /// Whether the attribute is a size (width or height) rather than a position.
    @inlinable @inline(__always) public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute follows the layout direction (leading/trailing and their
    /// margins), as opposed to left/right.
    @inlinable @inline(__always) public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// Whether the attribute is absolute left/right (or their margins).
    @inlinable @inline(__always) public var isAbsoluteHorizontal: Bool {
        self == .left || self == .right || self == .leftMargin || self == .rightMargin
    }

    /// The margin form of an edge (`leading` → `leadingMargin`, `top` → `topMargin`, ...);
    /// other attributes are returned as they are.
    public var marginAttribute: Attribute {
        switch self {
        case .left: .leftMargin
        case .right: .rightMargin
        case .top: .topMargin
        case .bottom: .bottomMargin
        case .leading: .leadingMargin
        case .trailing: .trailingMargin
        case .centerX: .centerXWithinMargins
        case .centerY: .centerYWithinMargins
        default: self
        }
    }

    /// The attribute called `name` (its raw value), or nil; `baseline` is Apple's older name
    /// for `lastBaseline`.
    public init?(name: String) {
        if name == "baseline" { self = .lastBaseline; return }
        self.init(rawValue: name)
    }
}

/// A layout axis.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// Left to right: x positions and widths.
    case horizontal
    /// Top to bottom: y positions, heights and baselines.
    case vertical

    /// The size along the axis: width or height.
    @inlinable @inline(__always) package var sizeAttribute: Attribute { self == .horizontal ? .width : .height }
}
