/// Options for parsing a visual format, with the bit layout of
/// `NSLayoutConstraint.FormatOptions`: alignment bits are `1 << attribute` (Apple's raw
/// attribute numbers), the direction occupies bits 16 and 17, spacing bit 19.
///
/// ```swift
/// let options: VFLFormatOptions = [.alignAllTop, .directionRightToLeft]
/// let parsed = try VFLFormatOptions(names: "alignAllTop,directionRightToLeft")
/// ```
public struct VFLFormatOptions: OptionSet, Sendable, Hashable {
    /// The bits, laid out as in `NSLayoutConstraint.FormatOptions`.
    public var rawValue: UInt

    /// The options whose bits are `rawValue`; unknown bits are kept and ignored.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    // Each alignment option adds `earlier.attribute == later.attribute` for every pair of
    // adjacent views (never the superview); under `directionRightToLeft` alone, in a
    // horizontal format, `later.attribute == earlier.attribute`, as Apple reverses the views.
    // The attribute must lie across the layout's axis: top, bottom, centerY and the
    // baselines for horizontal formats, the others for vertical ones.

    /// Aligns the left edges of adjacent views (vertical formats).
    public static let alignAllLeft = VFLFormatOptions(rawValue: 1 << 1)
    /// Aligns the right edges of adjacent views (vertical formats).
    public static let alignAllRight = VFLFormatOptions(rawValue: 1 << 2)
    /// Aligns the top edges of adjacent views (horizontal formats).
    public static let alignAllTop = VFLFormatOptions(rawValue: 1 << 3)
    /// Aligns the bottom edges of adjacent views (horizontal formats).
    public static let alignAllBottom = VFLFormatOptions(rawValue: 1 << 4)
    /// Aligns the leading edges of adjacent views (vertical formats).
    public static let alignAllLeading = VFLFormatOptions(rawValue: 1 << 5)
    /// Aligns the trailing edges of adjacent views (vertical formats).
    public static let alignAllTrailing = VFLFormatOptions(rawValue: 1 << 6)
    /// Aligns the horizontal centers of adjacent views (vertical formats).
    public static let alignAllCenterX = VFLFormatOptions(rawValue: 1 << 9)
    /// Aligns the vertical centers of adjacent views (horizontal formats).
    public static let alignAllCenterY = VFLFormatOptions(rawValue: 1 << 10)
    /// Aligns the last baselines of adjacent views (horizontal formats).
    public static let alignAllLastBaseline = VFLFormatOptions(rawValue: 1 << 11)
    /// Apple's older name for `alignAllLastBaseline`.
    public static let alignAllBaseline = alignAllLastBaseline
    /// Aligns the first baselines of adjacent views (horizontal formats).
    public static let alignAllFirstBaseline = VFLFormatOptions(rawValue: 1 << 12)
    /// All the alignment bits.
    public static let alignmentMask = VFLFormatOptions(rawValue: 0xFFFF)

    /// The default: leading and trailing, which follow the writing direction.
    public static let directionLeadingToTrailing = VFLFormatOptions([])
    /// Views run from left to right whatever the writing direction: connections use `left`
    /// and `right`.
    public static let directionLeftToRight = VFLFormatOptions(rawValue: 1 << 16)
    /// Views run from right to left: connections use `left` and `right`, and Apple reverses
    /// the views, so `[a]-[b]` is `a.left == b.right + 8` and an alignment of the pair names
    /// `b` first (`b.top == a.top`), as `[b]-[a]` from left to right would.
    public static let directionRightToLeft = VFLFormatOptions(rawValue: 2 << 16)
    /// All the direction bits.
    public static let directionMask = VFLFormatOptions(rawValue: 3 << 16)

    /// The default: spaces run from edge to edge.
    public static let spacingEdgeToEdge = VFLFormatOptions([])
    /// Vertical spaces run from the earlier view's last baseline to the later view's first.
    public static let spacingBaselineToBaseline = VFLFormatOptions(rawValue: 1 << 19)
    /// All the spacing bits.
    public static let spacingMask = VFLFormatOptions(rawValue: 1 << 19)

    /// Every option name that `init(name:)` accepts, in declaration order.
    public static let names: [String] = namedOptions.map(\.name)

    static let namedOptions: [(name: String, options: VFLFormatOptions)] = [
        ("alignAllLeft", .alignAllLeft), ("alignAllRight", .alignAllRight),
        ("alignAllTop", .alignAllTop), ("alignAllBottom", .alignAllBottom),
        ("alignAllLeading", .alignAllLeading), ("alignAllTrailing", .alignAllTrailing),
        ("alignAllCenterX", .alignAllCenterX), ("alignAllCenterY", .alignAllCenterY),
        ("alignAllLastBaseline", .alignAllLastBaseline), ("alignAllBaseline", .alignAllBaseline),
        ("alignAllFirstBaseline", .alignAllFirstBaseline),
        ("directionLeadingToTrailing", .directionLeadingToTrailing),
        ("directionLeftToRight", .directionLeftToRight),
        ("directionRightToLeft", .directionRightToLeft),
        ("spacingEdgeToEdge", .spacingEdgeToEdge),
        ("spacingBaselineToBaseline", .spacingBaselineToBaseline),
    ]

    /// The option called `name` (`alignAllTop`, `directionRightToLeft`, ...), or nil.
    public init?(name: String) {
        guard let entry = Self.namedOptions.first(where: { $0.name == name }) else { return nil }
        self = entry.options
    }

    /// The union of a comma-separated list of option names; empty items are ignored.
    /// Throws the first unknown name.
    public init(names list: String) throws(UnknownFormatOption) {
        self = []
        for name in list.split(separator: ",", omittingEmptySubsequences: true) {
            guard let option = VFLFormatOptions(name: String(name)) else {
                throw UnknownFormatOption(name: String(name))
            }
            formUnion(option)
        }
    }

    /// A name in an option list that `VFLFormatOptions(names:)` does not know.
    public struct UnknownFormatOption: Error, Sendable, Equatable, CustomStringConvertible {
        /// The unknown name.
        public var name: String
        /// `unknown format option 'NAME'`.
        public var description: String { "unknown format option '\(name)'" }
    }
}
