import RatiteSolver
import RatiteSupport

/// A change to a live constraint (`constraint.constant = 20`, `.priority`, `.isActive`)
/// that the engine refused: nothing changed, and the error says why. The throwing engine
/// methods (`setConstant(_:for:)`, `setPriority(_:for:)`, `activate`) raise the same errors.
public struct RefusedChange: CustomStringConvertible, Sendable {
    /// What was asked for.
    public enum Change: Sendable, Equatable {
        /// `constraint.constant = value`.
        case constant(Double)
        /// `constraint.priority = value`.
        case priority(Priority)
        /// `constraint.isActive = value`.
        case isActive(Bool)
    }

    /// The constraint that was to change (its fields are as they were).
    public let constraint: LayoutConstraint
    /// The change that was asked for and refused.
    public let change: Change
    /// Why: the error the throwing engine method raises for the same change.
    public let error: LayoutError

    /// `refused 'constant = nan' on a.width == 10: ...`, written when the change was refused.
    public let description: String

    init(constraint: LayoutConstraint, change: Change, error: LayoutError) {
        self.constraint = constraint
        self.change = change
        self.error = error
        let what = switch change {
        case .constant(let value): "constant = \(value.isFinite ? formatNumber(value) : "\(value)")"
        case .priority(let p): "priority = \(p.value.isFinite ? formatNumber(p.value) : "\(p.value)")"
        case .isActive(let active): "isActive = \(active)"
        }
        description = "Refused change '\(what)' of \(constraint): \(error)"
    }
}

extension LayoutEngine {
    /// Records a refused live change and tells `onRefusedChange`.
    func reportRefusedChange(_ refused: RefusedChange) {
        refusedChanges.append(refused)
        onRefusedChange?(refused)
    }
}
