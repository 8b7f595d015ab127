/// A layout attribute, as in `NSLayoutConstraint.Attribute`.
public enum Attribute: String, Sendable, Hashable, CaseIterable {
    case left, right, top, bottom, leading, trailing, width, height, centerX, centerY
    case firstBaseline, lastBaseline
    case leftMargin, rightMargin, topMargin, bottomMargin, leadingMargin, trailingMargin
    case centerXWithinMargins, centerYWithinMargins
    /// For constant-only constraints (`view.width == 100`): the second item has none.
    case notAnAttribute

    /// The axis the attribute lies on, or nil for `notAnAttribute`.
    @inline(__always) public var axis: Axis? {
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
    @inline(__always) public var isDimension: Bool { self == .width || self == .height }

    /// Whether the attribute follows the layout direction (leading/trailing and their
    /// margins), as opposed to left/right.
    @inline(__always) public var isDirectional: Bool {
        self == .leading || self == .trailing || self == .leadingMargin || self == .trailingMargin
    }

    /// Whether the attribute is absolute left/right (or their margins).
    @inline(__always) public var isAbsoluteHorizontal: Bool {
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

    /// `baseline` is Apple's older name for `lastBaseline`.
    public init?(name: String) {
        if name == "baseline" { self = .lastBaseline; return }
        self.init(rawValue: name)
    }
}

/// A layout axis.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    case horizontal, vertical

    /// The size along the axis: width or height.
    @inline(__always) var sizeAttribute: Attribute { self == .horizontal ? .width : .height }
}
