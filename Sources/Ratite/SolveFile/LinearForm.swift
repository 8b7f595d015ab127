/// A variable name with its coefficient, as parsed from text.
public struct NamedTerm: Sendable, Equatable {
    public var name: String
    public var coefficient: Double

    public init(_ name: String, _ coefficient: Double) {
        self.name = name
        self.coefficient = coefficient
    }
}

/// A linear expression over variable names: `Σ coefficient × name + constant`, with terms
/// in order of first appearance (a name appears once, even if its coefficient cancels).
public struct LinearForm: Sendable, Equatable {
    public var terms: [NamedTerm]
    public var constant: Double

    public init(terms: [NamedTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether the form is a plain number.
    public var isConstant: Bool { terms.isEmpty }

    static func + (l: LinearForm, r: LinearForm) -> LinearForm {
        var result = l
        for t in r.terms {
            if let i = result.terms.firstIndex(where: { $0.name == t.name }) {
                result.terms[i].coefficient += t.coefficient
            } else {
                result.terms.append(t)
            }
        }
        result.constant += r.constant
        return result
    }

    func scaled(by factor: Double) -> LinearForm {
        LinearForm(terms: terms.map { NamedTerm($0.name, $0.coefficient * factor) }, constant: constant * factor)
    }
}
