import RatiteSupport

/// The wording of a refused solver operation. The Swift `Solver` (`SolverError`) and the C
/// handle both word their failures here, so one failure reads the same through either; each
/// names the variable its own way (an object's name, or a name or slot number from C).
package enum FailureText {
    /// A variable as a message names it: its name in quotes, or what the caller calls an
    /// unnamed one.
    package static func variable(named name: String, otherwise unnamed: @autoclosure () -> String) -> String {
        name.isEmpty ? unnamed() : "'\(name)'"
    }

    package static func duplicateEditVariable(_ variable: String) -> String {
        "\(variable) is already an edit variable"
    }

    package static func unknownEditVariable(_ variable: String) -> String { "\(variable) is not an edit variable" }

    package static func requiredEditVariable(_ variable: String) -> String {
        "edit variable \(variable) cannot be required"
    }

    package static func invalidPriority(_ priority: Double) -> String {
        "invalid priority \(formatNumber(priority)): priorities must be greater than 0 and at most 1000"
    }

    package static func nonFiniteCoefficient(_ variable: String, _ value: Double) -> String {
        "coefficient of \(variable) \(outOfRange(value))"
    }

    package static func nonFiniteConstant(_ value: Double) -> String { "constant \(outOfRange(value))" }

    package static func nonFiniteSuggestedValue(_ variable: String, _ value: Double) -> String {
        "suggested value for \(variable) \(outOfRange(value))"
    }

    /// What is wrong with a number `isInRange` refuses.
    package static func outOfRange(_ value: Double) -> String {
        value.isFinite
            ? "is out of range: \(formatNumber(value)) (numbers are at most 1e300 in magnitude)"
            : "is not finite: \(formatNumber(value))"
    }

    package static func internalError(_ text: String) -> String { "internal solver error: \(text)" }
}

/// The largest magnitude a coefficient, constant or suggested value may have. Doubles reach
/// 1.8e308, but an answer sums products of such numbers: `x == 1e308` and `y == x + x` would
/// put infinity in `y`. Refusing numbers past 1e300 at entry leaves a factor of 10⁸ of
/// headroom for the sums an answer makes (see docs/numerics.md).
package let largestMagnitude = 1e300

/// Whether `x` is a number the solver takes: finite and at most `largestMagnitude` in
/// magnitude (NaN is not).
@inline(__always) package func isInRange(_ x: Double) -> Bool { abs(x) <= largestMagnitude }
