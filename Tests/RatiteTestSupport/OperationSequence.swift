import Foundation
import Ratite
import RatiteCheck
import Testing

@testable import RatiteSolver

/// A recorded sequence of solver operations in the format of
/// `shared/repro/large-sequences` (see its README): additions with their ids, removals by
/// id, edit variables with a first suggestion, suggestions, edit removals and updates.
package struct OperationSequence {
    package enum Operation {
        case add(id: Int, ReferenceConstraint)
        case remove(id: Int)
        case edit(variable: Int, priority: Double, value: Double)
        case suggest(variable: Int, value: Double)
        case unedit(variable: Int)
        case update
    }

    package var variables: Int
    package var operations: [Operation]

    package static let strengths: [String: Double] = ["required": 1000, "strong": 750, "medium": 500, "weak": 250]

    /// Reads the JSON form; throws on anything it does not understand.
    package init(json data: Data) throws {
        struct Malformed: Error { var what: String }
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let n = object["variables"] as? Int, let list = object["operations"] as? [[Any]]
        else { throw Malformed(what: "top level") }
        variables = n
        operations = try list.map { item throws -> Operation in
            func number(_ k: Int) throws -> Double {
                guard k < item.count, let x = item[k] as? NSNumber else { throw Malformed(what: "\(item)") }
                return x.doubleValue
            }
            func strength(_ k: Int) throws -> Double {
                guard k < item.count, let s = item[k] as? String, let p = Self.strengths[s] else {
                    throw Malformed(what: "\(item)")
                }
                return p
            }
            switch item.first as? String {
            case "add":
                guard item.count == 6, let terms = item[2] as? [[NSNumber]], let relation = item[4] as? String,
                      let r = Relation.allCases.first(where: { $0.symbol == relation })
                else { throw Malformed(what: "\(item)") }
                let c = ReferenceConstraint(
                    terms: terms.map { (variable: $0[0].intValue, coefficient: $0[1].doubleValue) },
                    constant: try number(3), relation: r, priority: try strength(5))
                return .add(id: Int(try number(1)), c)
            case "remove": return .remove(id: Int(try number(1)))
            case "edit": return .edit(variable: Int(try number(1)), priority: try strength(2), value: try number(3))
            case "suggest": return .suggest(variable: Int(try number(1)), value: try number(2))
            case "unedit": return .unedit(variable: Int(try number(1)))
            case "update": return .update
            default: throw Malformed(what: "\(item)")
            }
        }
    }

    package init(variables: Int, operations: [Operation]) {
        self.variables = variables
        self.operations = operations
    }
}

extension SoundnessCampaign {
    /// Runs a recorded sequence through the campaign's checks, stopping at the first failure.
    /// Constraints are keyed by their recorded ids.
    package static func replay(_ sequence: OperationSequence, configuration: Configuration) -> SoundnessCampaign {
        var run = SoundnessCampaign(variableCount: sequence.variables, configuration: configuration)
        for operation in sequence.operations where run.failure == nil {
            switch operation {
            case .add(let id, let c): run.perform(.add(c), key: id)
            case .remove(let id): run.perform(.remove(key: id), key: -1)
            case .edit(let v, let p, let x): run.perform(.edit(variable: v, priority: p, value: x), key: -1)
            case .suggest(let v, let x): run.perform(.suggest(variable: v, value: x), key: -1)
            case .unedit(let v): run.perform(.removeEdit(variable: v), key: -1)
            case .update: run.perform(.update, key: -1)
            }
        }
        return run
    }
}

/// The reproductions, in release builds only (`make swift-test`): replaying them
/// unoptimized takes minutes.
@Suite(.enabled(if: isOptimizedBuild)) struct LargeSequenceReproductionTests {
    /// The sequences, kept in the repository so that a checkout without them fails rather
    /// than passing with nothing to replay.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../Fixtures/large-sequences").standardized

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
    }

    @Test func everyReproductionIsThere() {
        #expect(Self.files.count == 7)
    }

    @Test(arguments: files)
    func reproductionHoldsItsPromise(_ file: String) throws {
        let sequence = try OperationSequence(json: Data(contentsOf: Self.folder.appendingPathComponent(file)))
        let clock = ContinuousClock.now
        let run = SoundnessCampaign.replay(sequence, configuration: .large)
        print(file, run.failure ?? "ok", run.counters.updates, "updates", ContinuousClock.now - clock)
        #expect(run.failure == nil, "\(file): \(run.failure ?? "")")
    }
}
