import RatiteSolver
import RatiteSupport
import RatiteVFL

/// A rectangle in a superview's coordinates, y growing downwards.
public struct Frame: Sendable, Equatable, CustomStringConvertible {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A frame with its origin at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The empty frame at the origin, every item's frame before its first layout.
    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    /// `x y width height`, numbers in shortest round-trip form.
    public var description: String {
        "\(formatNumber(x)) \(formatNumber(y)) \(formatNumber(width)) \(formatNumber(height))"
    }
}

/// An intrinsic content size: either dimension may be absent (`nil`), like
/// `UIView.noIntrinsicMetric`.
public struct IntrinsicSize: Sendable, Equatable {
    /// The intrinsic width, or nil when the content has none.
    public var width: Double?
    /// The intrinsic height, or nil when the content has none.
    public var height: Double?

    /// A size with the given dimensions; omitted ones are absent.
    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    /// No intrinsic size on either axis: the engine makes no content-size constraints.
    public static let none = IntrinsicSize()

    func value(on axis: Axis) -> Double? { axis == .horizontal ? width : height }
}

/// Insets measured in the layout direction: leading and trailing swap sides under
/// right-to-left, like `NSDirectionalEdgeInsets`.
public struct DirectionalInsets: Sendable, Equatable {
    /// Inset from the top edge.
    public var top: Double
    /// Inset from the leading edge.
    public var leading: Double
    /// Inset from the bottom edge.
    public var bottom: Double
    /// Inset from the trailing edge.
    public var trailing: Double

    /// Insets with a value per edge.
    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same inset on every edge.
    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    /// UIKit's default layout margins: 8 on every edge.
    public static let defaultMargins = DirectionalInsets(all: 8)

    /// Whether every inset is a number the solver takes (`isInRange`).
    var isInRange: Bool {
        RatiteSolver.isInRange(top) && RatiteSolver.isInRange(leading) && RatiteSolver.isInRange(bottom)
            && RatiteSolver.isInRange(trailing)
    }
}

/// The direction leading-to-trailing runs in.
public enum LayoutDirection: String, Sendable, Equatable {
    /// Leading is left, trailing is right (English, the default).
    case leftToRight
    /// Leading is right, trailing is left (Arabic, Hebrew).
    case rightToLeft
}

/// Which parts of an autoresizing item stretch when its superview's size changes, as in
/// `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    /// The flags, one bit each.
    public let rawValue: UInt8
    /// The mask with the bits of `rawValue`.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The space on the left absorbs a change of the superview's width.
    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    /// The width absorbs a change of the superview's width.
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    /// The space on the right absorbs a change of the superview's width.
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    /// The space above absorbs a change of the superview's height.
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    /// The height absorbs a change of the superview's height.
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    /// The space below absorbs a change of the superview's height.
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Every flag's name, for parsing and printing.
    public static let names: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]
}
