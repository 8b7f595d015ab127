import RatiteSupport

/// A variable with its coefficient in a linear expression.
public struct Term: Sendable {
    /// The variable the term multiplies.
    public var variable: Variable
    /// The factor on the variable.
    public var coefficient: Double

    /// `coefficient × variable`.
    public init(_ variable: Variable, _ coefficient: Double = 1) {
        self.variable = variable
        self.coefficient = coefficient
    }
}

/// A linear expression `Σ coefficient × variable + constant`, built with natural operators:
///
/// ```swift
/// let e = x + 2 * y - 10
/// let mid = (a + b) / 2
/// ```
public struct LinearExpression: CustomStringConvertible, Sendable {
    /// The terms in the order they were written; a variable may appear more than once (the
    /// solver adds its coefficients).
    public var terms: [Term]
    /// The constant part.
    public var constant: Double

    /// The expression `Σ terms + constant`.
    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// The expression `1 × variable`.
    public init(_ variable: Variable) { self.init(terms: [Term(variable)]) }
    /// The constant expression `constant`.
    public init(_ constant: Double) { self.init(constant: constant) }

    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms: terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }

    /// The expression in the `solve` file syntax, e.g. `x + 2*y - 10`.
    public var description: String {
        var text = ""
        for t in terms {
            let magnitude = abs(t.coefficient)
            let factor = magnitude == 1 ? "" : formatNumber(magnitude) + "*"
            if text.isEmpty {
                text = (t.coefficient < 0 ? "-" : "") + factor + t.variable.description
            } else {
                text += (t.coefficient < 0 ? " - " : " + ") + factor + t.variable.description
            }
        }
        if text.isEmpty { return formatNumber(constant) }
        if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
        return text
    }
}

// MARK: Operators

/// The negated expression: every coefficient and the constant change sign.
public prefix func - (e: LinearExpression) -> LinearExpression { e.scaled(by: -1) }
/// `-1 × v`.
public prefix func - (v: Variable) -> LinearExpression { LinearExpression(terms: [Term(v, -1)]) }

/// The sum; the terms of `r` follow those of `l`.
/// - Complexity: O(terms of both).
public func + (l: LinearExpression, r: LinearExpression) -> LinearExpression {
    LinearExpression(terms: l.terms + r.terms, constant: l.constant + r.constant)
}
/// `l + 1 × r`.
public func + (l: LinearExpression, r: Variable) -> LinearExpression { l + LinearExpression(r) }
/// `1 × l + r`.
public func + (l: Variable, r: LinearExpression) -> LinearExpression { LinearExpression(l) + r }
/// `1 × l + 1 × r`.
public func + (l: Variable, r: Variable) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }
/// `l` with `r` added to its constant.
public func + (l: LinearExpression, r: Double) -> LinearExpression { l + LinearExpression(r) }
/// `r` with `l` added to its constant.
public func + (l: Double, r: LinearExpression) -> LinearExpression { LinearExpression(l) + r }
/// `1 × l + r`.
public func + (l: Variable, r: Double) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }
/// `l + 1 × r`.
public func + (l: Double, r: Variable) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }

/// The difference: `l` plus the negated terms and constant of `r`.
public func - (l: LinearExpression, r: LinearExpression) -> LinearExpression { l + -r }
/// `l - 1 × r`.
public func - (l: LinearExpression, r: Variable) -> LinearExpression { l + -r }
/// `1 × l - r`.
public func - (l: Variable, r: LinearExpression) -> LinearExpression { LinearExpression(l) + -r }
/// `1 × l - 1 × r`.
public func - (l: Variable, r: Variable) -> LinearExpression { LinearExpression(l) + -r }
/// `l` with `r` subtracted from its constant.
public func - (l: LinearExpression, r: Double) -> LinearExpression { l + LinearExpression(-r) }
/// `l - r`: the negation of `r` with `l` added to its constant.
public func - (l: Double, r: LinearExpression) -> LinearExpression { LinearExpression(l) + -r }
/// `1 × l - r`.
public func - (l: Variable, r: Double) -> LinearExpression { LinearExpression(l) + LinearExpression(-r) }
/// `l - 1 × r`.
public func - (l: Double, r: Variable) -> LinearExpression { LinearExpression(l) + -r }

/// `l` with every coefficient and the constant multiplied by `r`.
public func * (l: LinearExpression, r: Double) -> LinearExpression { l.scaled(by: r) }
/// `r` with every coefficient and the constant multiplied by `l`.
public func * (l: Double, r: LinearExpression) -> LinearExpression { r.scaled(by: l) }
/// `r × l`.
public func * (l: Variable, r: Double) -> LinearExpression { LinearExpression(terms: [Term(l, r)]) }
/// `l × r`.
public func * (l: Double, r: Variable) -> LinearExpression { LinearExpression(terms: [Term(r, l)]) }

/// `l` with every coefficient and the constant multiplied by `1 / r`.
public func / (l: LinearExpression, r: Double) -> LinearExpression { l.scaled(by: 1 / r) }
/// `(1 / r) × l`.
public func / (l: Variable, r: Double) -> LinearExpression { LinearExpression(terms: [Term(l, 1 / r)]) }
