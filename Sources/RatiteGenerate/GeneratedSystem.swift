import RatiteSolver
import RatiteSupport

/// A constraint system produced by a generator: what the benchmarks, fuzzers and tests
/// build, and what `ratite generate` prints in the `solve` format.
public struct GeneratedSystem: Sendable {
    /// One constraint: `Σ terms + constant relation 0` at `priority`, remembered with the
    /// sides as the family writes them so that printing looks natural.
    public struct Constraint: Sendable {
        /// The terms of the left side.
        public var lhs: [(variable: Int32, coefficient: Double)]
        /// The constant of the left side.
        public var lhsConstant: Double
        /// How the left side compares with the right.
        public var relation: Relation
        /// The terms of the right side.
        public var rhs: [(variable: Int32, coefficient: Double)]
        /// The constant of the right side.
        public var rhsConstant: Double
        /// The priority, in (0, 1000].
        public var priority: Double

        /// `lhs - rhs` as (variable, coefficient) pairs, in order, with the constant.
        public var normalized: (terms: [(variable: Int32, coefficient: Double)], constant: Double) {
            (lhs + rhs.map { ($0.variable, -$0.coefficient) }, lhsConstant - rhsConstant)
        }
    }

    /// Variable names; variables are addressed by index.
    public var names: [String] = []
    /// The constraints, in the order to add them.
    public var constraints: [Constraint] = []
    /// Edit variables with their priorities.
    public var edits: [(variable: Int32, priority: Double)] = []
    /// A first suggestion per edit variable (same order as `edits`).
    public var suggestions: [Double] = []
    /// Two values per edit variable that the resize benchmark alternates between (same order
    /// as `edits`).
    public var resizes: [(Double, Double)] = []

    mutating func variable(_ name: String) -> Int32 {
        names.append(name)
        return Int32(names.count - 1)
    }

    mutating func add(
        _ lhs: [(Int32, Double)], _ relation: Relation, _ rhs: [(Int32, Double)], _ rhsConstant: Double = 0,
        priority: Double = 1000
    ) {
        constraints.append(Constraint(
            lhs: lhs.map { (variable: $0.0, coefficient: $0.1) }, lhsConstant: 0, relation: relation,
            rhs: rhs.map { (variable: $0.0, coefficient: $0.1) }, rhsConstant: rhsConstant, priority: priority))
    }

    /// The system in the `solve` file format.
    /// - Complexity: O(length of the result).
    public func solveFileText() -> String {
        var out = ""
        out.reserveCapacity(constraints.count * 32)
        func side(_ terms: [(variable: Int32, coefficient: Double)], _ constant: Double) -> String {
            var text = ""
            for t in terms {
                let magnitude = abs(t.coefficient)
                let factor = magnitude == 1 ? "" : formatNumber(magnitude) + "*"
                if text.isEmpty {
                    text = (t.coefficient < 0 ? "-" : "") + factor + names[Int(t.variable)]
                } else {
                    text += (t.coefficient < 0 ? " - " : " + ") + factor + names[Int(t.variable)]
                }
            }
            if text.isEmpty { return formatNumber(constant) }
            if constant != 0 { text += (constant < 0 ? " - " : " + ") + formatNumber(abs(constant)) }
            return text
        }
        for c in constraints {
            out += side(c.lhs, c.lhsConstant) + " " + c.relation.symbol + " " + side(c.rhs, c.rhsConstant)
            if c.priority < 1000 { out += " @" + Priority(c.priority).description }
            out += "\n"
        }
        for (i, e) in edits.enumerated() {
            out += "edit \(names[Int(e.variable)]) @\(Priority(e.priority))\n"
            if i < suggestions.count { out += "suggest \(names[Int(e.variable)]) \(formatNumber(suggestions[i]))\n" }
        }
        return out
    }
}
