import Foundation
import Testing
@testable import Ratite

/// The differential campaign of `SoundnessCampaign`: a fixed budget in every test run, and
/// an opt-in extended one.
@Suite struct SoundnessCampaignTests {
    /// Runs `count` sequences from seed `base`; records the first failure of each kind in
    /// full and returns the totals.
    @discardableResult
    static func campaign(_ configuration: SoundnessCampaign.Configuration, base: UInt64, count: Int)
        -> (failures: Int, counters: SoundnessCampaign.Counters) {
        var failures = 0
        var counters = SoundnessCampaign.Counters()
        var reported: [String] = []
        for k in 0..<UInt64(count) {
            let run = SoundnessCampaign.run(seed: base &+ k, configuration: configuration)
            counters = counters + run.counters
            guard let failure = run.failure else { continue }
            failures += 1
            // The kind is the failure's text up to its first colon.
            let kind = String(failure.prefix { $0 != ":" })
            if !reported.contains(kind) {
                reported.append(kind)
                Issue.record(Comment(rawValue: run.report))
            } else {
                Issue.record(Comment(rawValue: "seed \(base &+ k) (\(configuration)): \(failure)"))
            }
        }
        return (failures, counters)
    }

    @Test(arguments: [SoundnessCampaign.Configuration.mixed, .unit])
    func sequencesAgreeWithTheExactReference(_ configuration: SoundnessCampaign.Configuration) {
        let (failures, c) = Self.campaign(configuration, base: configuration.name == "mixed" ? 29_000 : 29_500,
                                          count: 150)
        #expect(failures == 0)
        // The sequences exercise what they claim to.
        #expect(c.updates > 150 * 20)
        #expect(c.refused > 60)
        #expect(c.removals > 150 * 10)
        #expect(c.suggestions > 150 * 10)
    }

    /// `RATITE_SOUNDNESS_SEQUENCES=20000 swift test --filter extendedSoundnessCampaign` runs
    /// that many sequences of each configuration and prints the totals (`make soundness`).
    @Test(.enabled(if: ProcessInfo.processInfo.environment["RATITE_SOUNDNESS_SEQUENCES"] != nil))
    func extendedSoundnessCampaign() {
        let count = Int(ProcessInfo.processInfo.environment["RATITE_SOUNDNESS_SEQUENCES"] ?? "") ?? 1000
        let base = UInt64(ProcessInfo.processInfo.environment["RATITE_SOUNDNESS_BASE"] ?? "") ?? 1_000_000
        for configuration in [SoundnessCampaign.Configuration.mixed, .unit] {
            let (failures, c) = Self.campaign(configuration, base: base, count: count)
            print("soundness \(configuration): \(count) sequences from seed \(base), \(failures) failing;",
                  "\(c.updates) updates checked, \(c.accepted) additions accepted, \(c.refused) refused,",
                  "\(c.removals) removals, \(c.edits) edits, \(c.suggestions) suggestions;",
                  "\(c.certifications) exact checks, \(c.corrections) corrections, \(c.refinements) refinements")
        }
    }
}
