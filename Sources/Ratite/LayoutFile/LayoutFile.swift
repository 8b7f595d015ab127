/// A parsed layout file: items with their properties, metrics, and constraints written in
/// canonical form or in VFL. See `LayoutFileParser` for the syntax.
public struct LayoutFile: Sendable {
    /// `view NAME [in PARENT] [properties]` or `guide NAME in OWNER [insets ...]`.
    public struct Item: Sendable {
        public var name: String
        public var kind: LayoutItem.Kind
        public var parent: String?
        public var size: (width: Double, height: Double)?
        public var intrinsic: IntrinsicSize?
        public var hugging: (horizontal: Priority?, vertical: Priority?) = (nil, nil)
        public var compression: (horizontal: Priority?, vertical: Priority?) = (nil, nil)
        /// `baseline FIRST[,LAST]`: the first baseline below the top, the last above the
        /// bottom; `last` nil (one value) is a single line of text, whose last baseline is
        /// the intrinsic height minus `first` above the bottom.
        public var baselines: (first: Double, last: Double?)?
        public var margins: DirectionalInsets?
        public var direction: LayoutDirection?
        public var frame: Frame?
        public var autoresizing: AutoresizingMask?
        public var insets: DirectionalInsets?
        public var location: TextLocation
        /// Where the parent's name is written, for errors about it.
        public var parentLocation: TextLocation?
    }

    /// `item.attr REL [m *] item.attr [* m | / m] [+|- c] [@p] [id=NAME]` or
    /// `item.attr REL c [@p] [id=NAME]`, with metrics resolved to their values.
    public struct Constraint: Sendable {
        public var firstItem: String
        public var firstAttribute: Attribute
        public var relation: Relation
        public var secondItem: String?
        public var secondAttribute: Attribute
        public var multiplier: Double
        public var constant: Double
        public var priority: Priority
        public var identifier: String?
        public var location: TextLocation
        public var text: String
        /// Where each item name is written, for errors about them.
        public var firstItemLocation: TextLocation
        public var secondItemLocation: TextLocation?
    }

    /// A VFL format string with its options (`options=alignAllTop,...`).
    public struct Format: Sendable {
        public var format: String
        public var options: [String]
        public var location: TextLocation
        public var text: String
    }

    /// A change made in a step (`step NAME` starts one, after the layout of everything
    /// above it).
    public enum Change: Sendable {
        /// `set ITEM PROPERTIES`: intrinsic, hugging, compression, baseline, margins,
        /// direction (the `Item` holds only those, and `location` of the item name).
        case properties(Item)
        /// `constant ID VALUE`: the constant of the constraint written with `id=ID`.
        case constant(id: String, value: Double, idLocation: TextLocation)
        /// `priority ID PRIORITY`.
        case priority(id: String, priority: Priority, idLocation: TextLocation)
        /// `activate ID[,ID...]` or `deactivate ID[,ID...]`.
        case activation(ids: [(String, TextLocation)], active: Bool)
        /// `resize ROOT WxH`: a root view's size, as a rotation.
        case resize(item: String, width: Double, height: Double, itemLocation: TextLocation)
    }

    public enum Statement: Sendable {
        case item(Item)
        case metric(name: String, value: Double, location: TextLocation)
        /// `platform ios|macos`: the conventions of the VFL lines that follow.
        case platform(LayoutPlatform, location: TextLocation)
        /// `step [NAME]`: lay out what came before, then go on with a new step.
        case step(name: String, location: TextLocation)
        /// A change to items or constraints (see `Change`).
        case change(Change, location: TextLocation)
        case constraint(Constraint)
        case format(Format)
    }

    public var statements: [Statement] = []

    /// How many `step` lines the file has.
    public var stepCount: Int {
        statements.reduce(0) { count, s in
            if case .step = s { return count + 1 }
            return count
        }
    }
}
