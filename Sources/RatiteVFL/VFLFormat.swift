import RatiteSupport

/// The syntax of one visual format (one line in extended mode), with every metric resolved
/// to its value. `VFLFormatter.visualFormat(_:)` prints it back as canonical VFL, and parsing
/// that text gives this value again.
///
/// `|-[a]-[b(>=50)]` is a horizontal format with a leading connection `.standard`, views
/// `a` and `b` (the latter with one predicate), one connection `.standard` between them and
/// no trailing connection.
public struct VFLFormat: Sendable, Hashable {
    /// `horizontal` for `H:` or no prefix, `vertical` for `V:`.
    public var axis: Axis
    /// The connection after a leading `|`, or nil when the format does not start at the
    /// superview.
    public var leadingConnection: VFLConnection?
    /// At least one view.
    public var views: [VFLView]
    /// The connections between consecutive views: one fewer than `views`.
    public var connections: [VFLConnection]
    /// The connection before a trailing `|`, or nil.
    public var trailingConnection: VFLConnection?

    /// A format from its parts; `connections` must have one element fewer than `views`.
    public init(axis: Axis, leadingConnection: VFLConnection? = nil, views: [VFLView],
                connections: [VFLConnection], trailingConnection: VFLConnection? = nil) {
        self.axis = axis
        self.leadingConnection = leadingConnection
        self.views = views
        self.connections = connections
        self.trailingConnection = trailingConnection
    }

    /// Whether printing this format needs extended mode: some predicate uses a multiplier,
    /// an explicit attribute, or a constant together with a view.
    public var requiresExtendedSyntax: Bool {
        let size = axis.sizeAttribute
        return views.contains { view in
            view.predicates.contains { p in
                p.view != nil && (p.attribute != size || p.multiplier != 1 || p.constant != 0)
            }
        }
    }
}

/// A view in a format: `[name(predicates)]`.
public struct VFLView: Sendable, Hashable {
    /// The view's name, as the views dictionary knows it.
    public var name: String
    /// Constraints on the view's size along the format's axis; empty for `[name]`.
    public var predicates: [VFLPredicate]

    /// `[name]`, or `[name(predicates)]`.
    public init(name: String, predicates: [VFLPredicate] = []) {
        self.name = name
        self.predicates = predicates
    }
}

/// The space between two neighbours in a format.
public enum VFLConnection: Sendable, Hashable {
    /// No connection at all: `[a][b]`, a space of 0.
    case flush
    /// A bare `-`: the standard space.
    case standard
    /// `-50-` or `-(>=8,<=20@750)-`: never empty. Predicates here never refer to a view.
    case predicates([VFLPredicate])
}

/// One predicate: `==50@750`, `>=other`, or in extended mode `==other.height*2+10`.
public struct VFLPredicate: Sendable, Hashable {
    /// `==`, `>=` or `<=`; `==` when the format writes none.
    public var relation: Relation
    /// The other view the predicate refers to, or nil for a constant.
    public var view: String?
    /// The attribute of `view` (width or height); `.notAnAttribute` without a view.
    public var attribute: Attribute
    /// The factor on `view.attribute`; 1 without a view.
    public var multiplier: Double
    /// The constant, with metrics resolved to their values.
    public var constant: Double
    /// In (0, 1000].
    public var priority: Double

    /// A predicate; without a view, `attribute` becomes `notAnAttribute` and `multiplier` 1.
    public init(relation: Relation = .equal, view: String? = nil,
                attribute: Attribute = .notAnAttribute, multiplier: Double = 1,
                constant: Double = 0, priority: Double = 1000) {
        self.relation = relation
        self.view = view
        self.attribute = view == nil ? .notAnAttribute : attribute
        self.multiplier = view == nil ? 1 : multiplier
        self.constant = constant
        self.priority = priority
    }
}

/// The result of `VisualFormat.parseFormats`: the syntax of each format line and the
/// constraints of all of them, in order.
public struct VFLParseResult: Sendable, Hashable {
    /// The syntax of each format, in input order.
    public var formats: [VFLFormat]
    /// The constraints of every format, in the order `VisualFormat.parse` gives them.
    public var constraints: [VFLConstraint]
}
