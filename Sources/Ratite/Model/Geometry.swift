/// A rectangle in a superview's coordinates, y growing downwards.
public struct Frame: Sendable, Equatable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public static let zero = Frame(x: 0, y: 0, width: 0, height: 0)

    /// `x y width height`, numbers in shortest round-trip form.
    public var description: String {
        "\(formatNumber(x)) \(formatNumber(y)) \(formatNumber(width)) \(formatNumber(height))"
    }
}

/// An intrinsic content size: either dimension may be absent (`nil`), like
/// `UIView.noIntrinsicMetric`.
public struct IntrinsicSize: Sendable, Equatable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }

    public static let none = IntrinsicSize()

    func value(on axis: Axis) -> Double? { axis == .horizontal ? width : height }
}

/// Insets measured in the layout direction: leading and trailing swap sides under
/// right-to-left, like `NSDirectionalEdgeInsets`.
public struct DirectionalInsets: Sendable, Equatable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all value: Double) { self.init(top: value, leading: value, bottom: value, trailing: value) }

    /// UIKit's default layout margins: 8 on every edge.
    public static let defaultMargins = DirectionalInsets(all: 8)

    var isFinite: Bool { top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite }
}

/// The direction leading-to-trailing runs in.
public enum LayoutDirection: String, Sendable, Equatable {
    case leftToRight, rightToLeft
}

/// Which parts of an autoresizing item stretch when its superview's size changes, as in
/// `UIView.AutoresizingMask`.
public struct AutoresizingMask: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
    public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
    public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
    public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
    public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)

    /// Every flag's name, for parsing and printing.
    public static let names: [(String, AutoresizingMask)] = [
        ("flexibleLeftMargin", .flexibleLeftMargin), ("flexibleWidth", .flexibleWidth),
        ("flexibleRightMargin", .flexibleRightMargin), ("flexibleTopMargin", .flexibleTopMargin),
        ("flexibleHeight", .flexibleHeight), ("flexibleBottomMargin", .flexibleBottomMargin),
    ]
}
