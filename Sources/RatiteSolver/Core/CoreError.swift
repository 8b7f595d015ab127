/// Errors raised by the integer-addressed core; the public layers translate them.
package enum CoreError: Error, Equatable {
    case unknownConstraint(Int32)
    case unknownVariable(Int32)
    case duplicateEditVariable(Int32)
    case unknownEditVariable(Int32)
    case requiredEditVariable(Int32)
    case invalidPriority(Double)
    case nonFiniteCoefficient(variable: Int32, Double)
    case nonFiniteConstant(Double)
    case nonFiniteValue(variable: Int32, Double)
    /// A minimal set of required constraints that cannot hold together. Ids of existing
    /// constraints in addition order; `-1` stands for the constraint being added.
    case unsatisfiable(conflict: [Int32])
    case internalError(String)
}

extension CoreError {
    /// This error, from an operation that cannot make the required constraints conflict
    /// (a removal, an edit variable, an optional priority change): a float conflict there
    /// is roundoff that the exact path could not settle (past exact certification), so it
    /// is reported as the numerical failure it is, not as a conflict.
    func asNumericalFailure(of operation: String) -> CoreError {
        guard case .unsatisfiable = self else { return self }
        return .internalError(
            "\(operation) broke down numerically: the float tableau found a conflict where none can be")
    }

    /// The constraints an `unsatisfiable` error names (empty for any other).
    package var certificate: [Int32] {
        if case .unsatisfiable(let conflict) = self { return conflict }
        return []
    }
}

/// The id used in conflicts for the constraint whose addition failed.
package let pendingConstraintID: Int32 = -1
