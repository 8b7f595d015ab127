/// A variable name with its coefficient, as parsed from text.
public struct NamedTerm: Sendable, Equatable {
    /// The variable's name.
    public var name: String
    /// The factor on the variable.
    public var coefficient: Double

    /// `coefficient × name`.
    public init(_ name: String, _ coefficient: Double) {
        self.name = name
        self.coefficient = coefficient
    }
}

/// A linear expression over variable names: `Σ coefficient × name + constant`, with terms
/// in order of first appearance (a name appears once, even if its coefficient cancels).
public struct LinearForm: Sendable, Equatable {
    /// The terms, one per name, in order of first appearance.
    public var terms: [NamedTerm]
    /// The constant part.
    public var constant: Double

    /// The form `Σ terms + constant`; the caller keeps names unique.
    public init(terms: [NamedTerm] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    /// Whether the form is a plain number.
    public var isConstant: Bool { terms.isEmpty }

    /// Adds `sign × r` in place. Once the form has more than a few terms, `positions` maps
    /// each name to its index in `terms` and is kept in step, so a sum of n terms costs O(n),
    /// not O(n²).
    /// - Returns: false if a coefficient or the constant of the result is not finite.
    mutating func add(_ r: LinearForm, times sign: Double, positions: inout [String: Int]) -> Bool {
        var finite = true
        for t in r.terms {
            let coefficient = sign * t.coefficient
            if let i = position(of: t.name, positions: &positions) {
                terms[i].coefficient += coefficient
                finite = finite && terms[i].coefficient.isFinite
            } else {
                if !positions.isEmpty { positions[t.name] = terms.count }
                terms.append(NamedTerm(t.name, coefficient))
                finite = finite && coefficient.isFinite
            }
        }
        constant += sign * r.constant
        return finite && constant.isFinite
    }

    /// Where `name` is among the terms: found by comparing names while there are few (most
    /// constraints have two or three terms, and hashing each name cost more than the
    /// comparisons), through `positions` once there are more.
    private func position(of name: String, positions: inout [String: Int]) -> Int? {
        if positions.isEmpty {
            if terms.count <= 8 { return terms.firstIndex { $0.name == name } }
            for (i, t) in terms.enumerated() where positions[t.name] == nil { positions[t.name] = i }
        }
        return positions[name]
    }

    func scaled(by factor: Double) -> LinearForm {
        LinearForm(terms: terms.map { NamedTerm($0.name, $0.coefficient * factor) }, constant: constant * factor)
    }
}
