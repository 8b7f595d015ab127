/// A solver variable. Its name is for diagnostics; identity is the object itself. Read its
/// value with `Solver.value(of:)`.
public final class Variable: CustomStringConvertible, Sendable {
    /// The name diagnostics and the `solve` format show; it need not be unique.
    public let name: String
    /// The id of the solver that owns this variable, if any (see `SolverSlot`).
    let slot = SolverSlot()

    /// A new variable, distinct from every other whatever its name.
    public init(_ name: String = "") { self.name = name }

    /// The name, or `<variable>` for an unnamed variable.
    public var description: String { name.isEmpty ? "<variable>" : name }
}
