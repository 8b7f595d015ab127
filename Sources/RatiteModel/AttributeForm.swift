import RatiteSolver
import RatiteVFL

/// An attribute of one item as a linear form of the item's four frame variables (in root
/// coordinates) plus a constant: `right` is `left + width`, `centerX` is
/// `left + width / 2`, `leadingMargin` is `left + margin` or `left + width - margin`
/// depending on the layout direction, the first baseline is `top + offset` and the last
/// `top + height - offset` (Apple measures it from the bottom).
struct AttributeForm {
    var left = 0.0, top = 0.0, width = 0.0, height = 0.0, constant = 0.0

    init(_ item: LayoutItem, _ attribute: Attribute) {
        switch attribute {
        case .left: left = 1
        case .right: left = 1; width = 1
        case .top: top = 1
        case .bottom: top = 1; height = 1
        case .width: width = 1
        case .height: height = 1
        case .centerX: left = 1; width = 0.5
        case .centerY: top = 1; height = 0.5
        case .firstBaseline:
            top = 1
            if let offset = item.firstBaselineOffsetFromTop { constant = offset } else { height = 1 }
        case .lastBaseline:
            top = 1; height = 1
            if let offset = item.lastBaselineOffsetFromBottom { constant = -offset }
        case .notAnAttribute: break
        default: self = Self(directionalOrMargin: item, attribute)
        }
    }

    /// The attributes that depend on the layout direction or the margins, apart so that
    /// the others never read them.
    private init(directionalOrMargin item: LayoutItem, _ attribute: Attribute) {
        let rtl = item.effectiveLayoutDirection == .rightToLeft
        let m = item.layoutMargins
        // Margins are directional: the leading margin sits on the right under RTL.
        let leftInset = rtl ? m.trailing : m.leading
        let rightInset = rtl ? m.leading : m.trailing
        switch attribute {
        case .leading: left = 1; if rtl { width = 1 }
        case .trailing: left = 1; if !rtl { width = 1 }
        case .leftMargin: left = 1; constant = leftInset
        case .rightMargin: left = 1; width = 1; constant = -rightInset
        case .topMargin: top = 1; constant = m.top
        case .bottomMargin: top = 1; height = 1; constant = -m.bottom
        case .leadingMargin:
            left = 1
            if rtl { width = 1; constant = -rightInset } else { constant = leftInset }
        case .trailingMargin:
            left = 1
            if rtl { constant = leftInset } else { width = 1; constant = -rightInset }
        case .centerXWithinMargins: left = 1; width = 0.5; constant = (leftInset - rightInset) / 2
        case .centerYWithinMargins: top = 1; height = 0.5; constant = (m.top - m.bottom) / 2
        default: break
        }
    }

    /// Adds `scale × self` to `terms` (merging variables already present).
    func append(to terms: inout [VariableTerm], of item: LayoutItem, scale: Double) {
        if left != 0 { Self.add(item.minX, left * scale, to: &terms) }
        if top != 0 { Self.add(item.minY, top * scale, to: &terms) }
        if width != 0 { Self.add(item.width, width * scale, to: &terms) }
        if height != 0 { Self.add(item.height, height * scale, to: &terms) }
    }

    private static func add(_ v: Int32, _ coefficient: Double, to terms: inout [VariableTerm]) {
        for i in terms.indices where terms[i].variable == v {
            terms[i].coefficient += coefficient
            return
        }
        terms.append(VariableTerm(variable: v, coefficient: coefficient))
    }
}
