import Ratite

/// The integer-addressed solver core with its checks, for fuzzers outside this package:
/// every operation the core has (including constant and priority changes), the internal
/// invariants, and a full-state fingerprint to prove that failed operations change nothing.
public final class CoreProbe {
    var core = SimplexCore()

    /// A core whose row cell pool is squeezed as soon as 16 cells are garbage, and whose
    /// definition levels are renumbered once one passes 8, so that the small systems
    /// fuzzers build move cells around and renumber levels as large ones do. With
    /// `rerootingOften`, every row expansion first tries to re-root a path of definitions
    /// (`SimplexCore.rerootOften`), which large systems do only before long expansions.
    public init(rerootingOften: Bool = false) {
        core.squeezeCellsOften(slack: 16)
        core.renumberDefinitionLevelsOften(past: 8)
        if rerootingOften { core.rerootOften() }
    }

    /// How many paths of definitions the core has re-rooted.
    public var reroots: Int { core.statistics.rerootedDefinitions }

    /// What a refused operation reports: a minimal conflict (existing ids in addition order,
    /// -1 for the constraint being added) or another error's description.
    public enum Failure: Error, Equatable {
        case unsatisfiable([Int32])
        case other(String)
    }

    private static func failure(_ error: CoreError) -> Failure {
        if case .unsatisfiable(let ids) = error { return .unsatisfiable(ids) }
        return .other("\(error)")
    }

    public func newVariable(_ name: String) -> Int32 { core.newVariable(name: name) }

    public func add(
        _ terms: [(variable: Int32, coefficient: Double)], constant: Double, relation: Relation, priority: Double
    ) throws(Failure) -> Int32 {
        do {
            return try core.addConstraint(
                terms: terms.map { VariableTerm(variable: $0.variable, coefficient: $0.coefficient) },
                constant: constant, relation: relation, priority: priority)
        } catch { throw Self.failure(error) }
    }

    /// Adds the split equality `variable + constant == 0`, its excess at priority `above`
    /// and its shortfall at `below` (see `SimplexCore.addSplitConstraint`).
    public func addSplit(_ variable: Int32, constant: Double, above: Double, below: Double) throws(Failure) -> Int32 {
        do {
            return try core.addSplitConstraint(variable: variable, constant: constant, above: above, below: below)
        } catch { throw Self.failure(error) }
    }

    public func setSplitPriorities(_ id: Int32, above: Double, below: Double) throws(Failure) {
        do { try core.setSplitPriorities(id, above: above, below: below) } catch { throw Self.failure(error) }
    }

    public func remove(_ id: Int32) throws(Failure) {
        do { try core.removeConstraint(id) } catch { throw Self.failure(error) }
    }

    public func addEdit(_ v: Int32, priority: Double) throws(Failure) {
        do { try core.addEditVariable(v, priority: priority) } catch { throw Self.failure(error) }
    }

    public func removeEdit(_ v: Int32) throws(Failure) {
        do { try core.removeEditVariable(v) } catch { throw Self.failure(error) }
    }

    public func suggest(_ v: Int32, _ value: Double) throws(Failure) {
        do { try core.suggestValue(v, value) } catch { throw Self.failure(error) }
    }

    public func setConstant(_ id: Int32, _ constant: Double) throws(Failure) {
        do { try core.setConstant(id, constant) } catch { throw Self.failure(error) }
    }

    /// Changes several constants in one step; refused only as a whole.
    public func setConstants(_ changes: [(id: Int32, constant: Double)]) throws(Failure) {
        do { try core.setConstants(changes.map { ($0.id, $0.constant) }) } catch { throw Self.failure(error) }
    }

    public func setPriority(_ id: Int32, _ priority: Double) throws(Failure) {
        do { try core.setPriority(id, priority) } catch { throw Self.failure(error) }
    }

    /// Brings values up to date and returns them by variable id.
    public func update(variables: [Int32]) -> [Double] {
        core.updateValues()
        _ = core.takeChangedVariables()
        return variables.map { core.value(ofVariable: $0) }
    }

    /// The value edit variable `v` is held at: its suggestion, or the value it had when it
    /// became an edit variable.
    public func editValue(_ v: Int32) -> Double {
        core.editValue(ofVariable: v)
    }

    /// Updates whose answer the core could not verify against the constraints as written.
    public var unverifiedAnswers: Int { core.statistics.unverifiedAnswers }

    /// Broken invariants (tableau, columns, objective, optimality, cached values,
    /// constraints against their tag symbols); meaningful right after `update`.
    public func violations() -> [String] { core.invariantViolations() + core.valueViolations() }

    /// A digest of every piece of core state: rows (unused slots too), symbols, pools,
    /// levels, constraints, variables, free lists. Equal fingerprints mean equal states.
    public func fingerprint() -> String { core.stateFingerprint().description }

    /// The tableau, for reports.
    public func dump() -> String { core.dump() }
}
