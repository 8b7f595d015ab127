/// A solver variable. Its name is for diagnostics; identity is the object itself. Read its
/// value with `Solver.value(of:)`.
public final class Variable: CustomStringConvertible, Sendable {
    public let name: String
    /// The slot the last solver that took this variable keeps it in (see `SolverSlot`).
    let slot = SolverSlot()

    public init(_ name: String = "") { self.name = name }

    public var description: String { name.isEmpty ? "<variable>" : name }
}

/// A variable with its coefficient in a linear expression.
public struct Term: Sendable {
    public var variable: Variable
    public var coefficient: Double

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
    public var terms: [Term]
    public var constant: Double

    public init(terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: Variable) { self.init(terms: [Term(variable)]) }
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

public prefix func - (e: LinearExpression) -> LinearExpression { e.scaled(by: -1) }
public prefix func - (v: Variable) -> LinearExpression { LinearExpression(terms: [Term(v, -1)]) }

public func + (l: LinearExpression, r: LinearExpression) -> LinearExpression {
    LinearExpression(terms: l.terms + r.terms, constant: l.constant + r.constant)
}
public func + (l: LinearExpression, r: Variable) -> LinearExpression { l + LinearExpression(r) }
public func + (l: Variable, r: LinearExpression) -> LinearExpression { LinearExpression(l) + r }
public func + (l: Variable, r: Variable) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }
public func + (l: LinearExpression, r: Double) -> LinearExpression { l + LinearExpression(r) }
public func + (l: Double, r: LinearExpression) -> LinearExpression { LinearExpression(l) + r }
public func + (l: Variable, r: Double) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }
public func + (l: Double, r: Variable) -> LinearExpression { LinearExpression(l) + LinearExpression(r) }

public func - (l: LinearExpression, r: LinearExpression) -> LinearExpression { l + -r }
public func - (l: LinearExpression, r: Variable) -> LinearExpression { l + -r }
public func - (l: Variable, r: LinearExpression) -> LinearExpression { LinearExpression(l) + -r }
public func - (l: Variable, r: Variable) -> LinearExpression { LinearExpression(l) + -r }
public func - (l: LinearExpression, r: Double) -> LinearExpression { l + LinearExpression(-r) }
public func - (l: Double, r: LinearExpression) -> LinearExpression { LinearExpression(l) + -r }
public func - (l: Variable, r: Double) -> LinearExpression { LinearExpression(l) + LinearExpression(-r) }
public func - (l: Double, r: Variable) -> LinearExpression { LinearExpression(l) + -r }

public func * (l: LinearExpression, r: Double) -> LinearExpression { l.scaled(by: r) }
public func * (l: Double, r: LinearExpression) -> LinearExpression { r.scaled(by: l) }
public func * (l: Variable, r: Double) -> LinearExpression { LinearExpression(terms: [Term(l, r)]) }
public func * (l: Double, r: Variable) -> LinearExpression { LinearExpression(terms: [Term(r, l)]) }

public func / (l: LinearExpression, r: Double) -> LinearExpression { l.scaled(by: 1 / r) }
public func / (l: Variable, r: Double) -> LinearExpression { LinearExpression(terms: [Term(l, 1 / r)]) }
