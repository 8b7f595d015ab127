import RatiteSolver
import RatiteVFL

#if RATITE_INTERNAL_CHECKS
/// A check of the engine's own records against its solver, for tests and fuzzers: the
/// core's invariants say the tableau is sound, these say the engine knows what it holds.
extension LayoutEngine {
    /// Broken bookkeeping between the layout model and the solver; empty when consistent:
    /// - every active, unbroken constraint is installed under a live solver id that maps
    ///   back to it, and every inactive or broken one is not installed;
    /// - an axis held as a split equality has no separate content-size objects, its id is
    ///   a live split on the item's size, and the objects made for it (both or none) share
    ///   that id, follow its constant and priorities, and the id maps to the hugging one;
    /// - every live solver constraint belongs to one of those, or to an exercised layout.
    package func bookkeepingViolations() -> [String] {
        var problems: [String] = []
        var accounted = [Bool](repeating: false, count: core.constraintIDLimit)
        func claim(_ id: Int32, by what: String) -> Bool {
            guard core.isConstraint(id) else {
                problems.append("\(what): solver id \(id) is not a live constraint")
                return false
            }
            accounted[Int(id)] = true
            return true
        }
        for item in items {
            problems += item.listIndexViolations()
            var listed = Set<ObjectIdentifier>()
            for c in item.constraints where !c.isActive || !listed.insert(ObjectIdentifier(c)).inserted {
                problems.append("\(item.name) lists \(c) \(c.isActive ? "twice" : "while inactive")")
            }
            var sharing = Set<ObjectIdentifier>()
            for axis in Axis.allCases {
                let inSolver = item.contentSizeInSolver(on: axis)
                guard inSolver.isInstalled else { continue }
                let objects = item.contentSizeObjects(on: axis)
                let name = "\(item.name) \(axis) content size"
                guard claim(inSolver.id, by: name) else { continue }
                let sizeTerm = VariableTerm(variable: item.sizeVariable(on: axis), coefficient: 1)
                if !core.isSplitConstraint(inSolver.id) || Array(core.terms(ofConstraint: inSolver.id)) != [sizeTerm] {
                    problems.append("\(name): solver id \(inSolver.id) is not a split equality on its size")
                }
                guard inSolver.hasObjects else {
                    if !objects.isEmpty { problems.append("\(name): a split equality and \(objects.count) objects") }
                    continue
                }
                let kinds = objects.map(\.kind)
                if kinds != [.contentHugging, .compressionResistance]
                    || objects.contains(where: { $0.coreID != inSolver.id || !$0.isActive }) {
                    problems.append("\(name): the objects made for the split are \(objects.map(\.description))")
                    continue
                }
                if recordedConstraint(ofCoreID: inSolver.id) !== objects[0] {
                    problems.append("\(name): its id does not map to the hugging object")
                }
                let priorities = [
                    core.priority(ofConstraint: inSolver.id), core.lowerPriority(ofConstraint: inSolver.id),
                ]
                if objects.map(\.priority.value) != priorities
                    || objects.contains(where: { $0.constant != -core.constant(ofConstraint: inSolver.id) }) {
                    problems.append("\(name): the objects \(objects.map(\.description)) do not follow the split")
                }
                for c in objects { sharing.insert(ObjectIdentifier(c)) }
            }
            for c in item.ownConstraints + item.constraints where !sharing.contains(ObjectIdentifier(c)) {
                if c.isActive && !c.isBroken {
                    guard claim(c.coreID, by: "\(c)") else { continue }
                    if recordedConstraint(ofCoreID: c.coreID) !== c {
                        problems.append("\(c): solver id \(c.coreID) maps to another constraint")
                    }
                    if core.isSplitConstraint(c.coreID) {
                        problems.append("\(c): holds a split equality of no item")
                    }
                } else if c.coreID >= 0 {
                    problems.append("\(c): installed while \(c.isActive ? "broken" : "inactive")")
                }
            }
        }
        for id in exerciseConstraints { _ = claim(id, by: "exercised layout") }
        for id in accounted.indices where core.isConstraint(Int32(id)) && !accounted[id] {
            problems.append("solver constraint c\(id) belongs to nothing the engine knows")
        }
        return problems
    }
}
#else
extension LayoutEngine {
    /// Reports that the checker is not compiled in (see `internalChecksMissing`).
    package func bookkeepingViolations() -> [String] { [internalChecksMissing] }
}
#endif
