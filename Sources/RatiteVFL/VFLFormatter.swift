import RatiteSupport

/// Canonical text for visual format results: one line per constraint, and VFL for a parsed
/// format.
public enum VFLFormatter {
    /// `item.attr REL item.attr [* mult] [+|- c] [@p]`, or `item.attr REL c [@p]` without a
    /// second item. Numbers are in shortest round-trip form; a multiplier of 1, a zero
    /// constant and priority 1000 are left out.
    ///
    /// ```
    /// findNext.leading == find.trailing + 8
    /// image.width == image.height * 2
    /// button.width == 100 @20
    /// ```
    /// - Complexity: O(1) beyond the length of the names.
    public static func string(for constraint: VFLConstraint) -> String {
        var text = "\(constraint.firstItem).\(constraint.firstAttribute.rawValue) "
            + constraint.relation.symbol + " "
        if let second = constraint.secondItem {
            text += "\(second).\(constraint.secondAttribute.rawValue)"
            if constraint.multiplier != 1 { text += " * " + formatNumber(constraint.multiplier) }
            if constraint.constant != 0 {
                text += constraint.constant < 0
                    ? " - " + formatNumber(-constraint.constant)
                    : " + " + formatNumber(constraint.constant)
            }
        } else {
            text += formatNumber(constraint.constant)
        }
        if constraint.priority != 1000 { text += " @" + formatNumber(constraint.priority) }
        return text
    }

    /// The canonical VFL for a parsed format: `V:` only for vertical formats, metrics
    /// replaced by their values, `==` left out before constants, `-c-` for a single
    /// required equality to a non-negative constant and `-(...)-` otherwise, no whitespace.
    /// Parsing the result with the same views (in extended mode when
    /// `format.requiresExtendedSyntax`) gives `format` back.
    ///
    /// ```
    /// |-[find]-[findNext]-[findField(>=20)]-|
    /// V:[topField]-10-[bottomField]
    /// [image(==image.height*2)]          (extended)
    /// ```
    /// - Complexity: O(length of the result).
    public static func visualFormat(_ format: VFLFormat) -> String {
        let size = format.axis.sizeAttribute
        var text = format.axis == .vertical ? "V:" : ""
        if let leading = format.leadingConnection { text += "|" + connection(leading) }
        for (index, view) in format.views.enumerated() {
            if index > 0, index - 1 < format.connections.count {
                text += connection(format.connections[index - 1])
            }
            text += "[" + view.name
            if !view.predicates.isEmpty {
                text += "(" + view.predicates.map { predicate($0, size: size) }.joined(separator: ",") + ")"
            }
            text += "]"
        }
        if let trailing = format.trailingConnection { text += connection(trailing) + "|" }
        return text
    }

    /// Several formats, one per line: input for extended mode.
    /// - Complexity: O(length of the result).
    public static func visualFormat(_ formats: [VFLFormat]) -> String {
        formats.map { visualFormat($0) }.joined(separator: "\n")
    }

    static func connection(_ connection: VFLConnection) -> String {
        switch connection {
        case .flush:
            return ""
        case .standard:
            return "-"
        case .predicates(let predicates):
            if predicates.count == 1, let only = predicates.first, only.view == nil,
               only.relation == .equal, only.priority == 1000, !(only.constant < 0) {
                return "-" + formatNumber(only.constant) + "-"
            }
            let list = predicates.map { predicate($0, size: .notAnAttribute) }
            return "-(" + list.joined(separator: ",") + ")-"
        }
    }

    static func predicate(_ p: VFLPredicate, size: Attribute) -> String {
        var text: String
        if let view = p.view {
            text = p.relation.symbol + view
            if p.attribute != size { text += "." + p.attribute.rawValue }
            if p.multiplier != 1 { text += "*" + formatNumber(p.multiplier) }
            if p.constant != 0 {
                text += p.constant < 0 ? "-" + formatNumber(-p.constant) : "+" + formatNumber(p.constant)
            }
        } else {
            text = (p.relation == .equal ? "" : p.relation.symbol) + formatNumber(p.constant)
        }
        if p.priority != 1000 { text += "@" + formatNumber(p.priority) }
        return text
    }
}
