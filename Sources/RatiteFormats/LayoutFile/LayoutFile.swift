import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteVFL

/// A parsed layout file: items with their properties, metrics, and constraints written in
/// canonical form or in VFL. See `LayoutFileParser` for the syntax.
public struct LayoutFile: Sendable {
    /// `view NAME [in PARENT] [properties]` or `guide NAME in OWNER [insets ...]`.
    public struct Item: Sendable {
        /// The item's name.
        public var name: String
        /// `view` or `guide`.
        public var kind: LayoutItem.Kind
        /// The name after `in`: the superview, or the view that owns a guide; nil for a root.
        public var parent: String?
        /// `size WxH`: a root view's size.
        public var size: (width: Double, height: Double)?
        /// `intrinsic WxH`, with `-` for no value on an axis.
        public var intrinsic: IntrinsicSize?
        /// `hugging H[,V]`: the content hugging priorities given.
        public var hugging: (horizontal: Priority?, vertical: Priority?) = (nil, nil)
        /// `compression H[,V]`: the compression resistance priorities given.
        public var compression: (horizontal: Priority?, vertical: Priority?) = (nil, nil)
        /// `baseline FIRST[,LAST]`: the first baseline below the top, the last above the
        /// bottom; `last` nil (one value) is a single line of text, whose last baseline is
        /// the intrinsic height minus `first` above the bottom.
        public var baselines: (first: Double, last: Double?)?
        /// `margins ALL` or `margins TOP,LEADING,BOTTOM,TRAILING`.
        public var margins: DirectionalInsets?
        /// `direction ltr|rtl`.
        public var direction: LayoutDirection?
        /// `frame X,Y,W,H`: the frame an autoresizing item translates.
        public var frame: Frame?
        /// `autoresizing FLAG,...|none`: the mask that goes with `frame`.
        public var autoresizing: AutoresizingMask?
        /// `insets ...` on a guide: pinned inside its owner by these insets.
        public var insets: DirectionalInsets?
        /// Where the declaration starts (for a `set` change, where the item's name is written).
        public var location: TextLocation
        /// Where the parent's name is written, for errors about it.
        public var parentLocation: TextLocation?
    }

    /// `item.attr REL [m *] item.attr [* m | / m] [+|- c] [@p] [id=NAME]` or
    /// `item.attr REL c [@p] [id=NAME]`, with metrics resolved to their values.
    public struct Constraint: Sendable {
        /// The name of the item on the left side.
        public var firstItem: String
        /// The attribute of `firstItem`.
        public var firstAttribute: Attribute
        /// How the left side compares with the right.
        public var relation: Relation
        /// The name of the item on the right side, or nil for a constant alone.
        public var secondItem: String?
        /// The attribute of `secondItem`; `notAnAttribute` without one.
        public var secondAttribute: Attribute
        /// The factor on the second attribute (`* m`, `/ m` or `m *`).
        public var multiplier: Double
        /// The constant added to the right side.
        public var constant: Double
        /// The priority after `@`; required when there is none.
        public var priority: Priority
        /// The name given with `id=NAME`, which steps and reports use.
        public var identifier: String?
        /// Where the constraint starts.
        public var location: TextLocation
        /// The line as written, without its comment.
        public var text: String
        /// Where each item name is written, for errors about them.
        public var firstItemLocation: TextLocation
        /// Where the second item's name is written, when there is one.
        public var secondItemLocation: TextLocation?
    }

    /// A VFL format string with its options (`options=alignAllTop,...`).
    public struct Format: Sendable {
        /// The format string, as written.
        public var format: String
        /// The option names after `options=`, not yet checked.
        public var options: [String]
        /// Where the format starts.
        public var location: TextLocation
        /// The line as written, without its comment.
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

    /// One line of a layout file.
    public enum Statement: Sendable {
        /// `view ...` or `guide ...`: an item and its properties.
        case item(Item)
        /// `metric NAME = VALUE`: a number later lines may use by name.
        case metric(name: String, value: Double, location: TextLocation)
        /// `platform ios|macos`: the conventions of the VFL lines that follow.
        case platform(LayoutPlatform, location: TextLocation)
        /// `step [NAME]`: lay out what came before, then go on with a new step.
        case step(name: String, location: TextLocation)
        /// A change to items or constraints (see `Change`).
        case change(Change, location: TextLocation)
        /// A constraint in canonical form.
        case constraint(Constraint)
        /// A VFL line.
        case format(Format)
    }

    /// The statements in file order.
    public var statements: [Statement] = []

    /// How many `step` lines the file has.
    public var stepCount: Int {
        statements.reduce(0) { count, s in
            if case .step = s { return count + 1 }
            return count
        }
    }
}
