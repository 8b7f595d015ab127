/// Recovering from unsatisfiable required constraints, as Auto Layout does.
///
/// The rule for which constraint to break is deterministic and documented: of the minimal
/// conflicting set, the most recently activated constraint the user made; if the set holds
/// only engine-made constraints (content size, autoresizing, root frame, guide insets), the
/// most recently activated of those. A broken constraint stays active but is not enforced
/// until it is deactivated and activated again.
extension LayoutEngine {
    /// Breaks one constraint of `conflict` (which includes `pending`, the constraint being
    /// installed or changed) and logs the report, or throws in strict mode.
    /// - Returns: the broken constraint. When it is `pending`, the operation is over; when
    ///   it is another one, the caller retries.
    func recover(from conflict: [LayoutConstraint], pending: LayoutConstraint) throws(LayoutError) -> LayoutConstraint {
        var members = conflict
        if !members.contains(where: { $0 === pending }) { members.append(pending) }
        members.sort { $0.activationSerial < $1.activationSerial }
        if throwsOnConflict { throw .unsatisfiable(ConflictReport(constraints: members, broken: nil)) }
        let victim = members.last { $0.kind == .user } ?? members.last ?? pending
        let report = ConflictReport(constraints: members, broken: victim)
        conflictLog.append(report)
        onUndo { [weak self] in self?.conflictLog.removeLast() }
        onConflict?(report)
        try uninstall(victim)
        set(\.isBroken, of: victim, to: true)
        return victim
    }
}
