import Foundation
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// The differential campaign of `SoundnessCampaign`: a fixed budget in every test run, and
/// an opt-in extended one.
@Suite struct SoundnessCampaignTests {
    /// Runs `count` sequences from seed `base`; records the first failure of each kind in
    /// full and returns the totals.
    @discardableResult
    static func campaign(_ configuration: SoundnessCampaign.Configuration, base: UInt64, count: Int)
        -> (failures: Int, counters: SoundnessCampaign.Counters) {
        var failures = 0
        var counters = SoundnessCampaign.Counters.zero
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

    /// The extended campaign (`make soundness`): `RATITE_SOUNDNESS_SEQUENCES` sequences of each
    /// small configuration and `RATITE_SOUNDNESS_LARGE_SEQUENCES` of each large one, from seed
    /// `RATITE_SOUNDNESS_BASE`; `RATITE_SOUNDNESS_CONFIGURATIONS` (names, comma-separated)
    /// picks some. Each configuration runs in `Self.shards` test cases, which Swift Testing
    /// runs in parallel, and each prints its totals.
    @Test(
        .enabled(if: ProcessInfo.processInfo.environment["RATITE_SOUNDNESS_SEQUENCES"] != nil),
        arguments: [
            SoundnessCampaign.Configuration.mixed, .unit, .large, .largeUnit, .largeFloat, .largeUnitFloat,
            .largeFloatAlone, .largeUnitFloatAlone, .pastExactLimit,
        ], 0..<shards)
    func extendedSoundnessCampaign(_ configuration: SoundnessCampaign.Configuration, shard: Int) {
        let environment = ProcessInfo.processInfo.environment
        if let names = environment["RATITE_SOUNDNESS_CONFIGURATIONS"],
            !names.split(separator: ",").contains(where: { $0 == configuration.name })
        {
            return
        }
        let isLarge = configuration.operations > 200
        let key = isLarge ? "RATITE_SOUNDNESS_LARGE_SEQUENCES" : "RATITE_SOUNDNESS_SEQUENCES"
        let count = Int(environment[key] ?? "") ?? (isLarge ? 2000 : 10000)
        let base = UInt64(environment["RATITE_SOUNDNESS_BASE"] ?? "") ?? 1_000_000
        // Shard k takes every `shards`-th sequence from its own offset.
        let share = count / Self.shards + (shard < count % Self.shards ? 1 : 0)
        let first = base &+ UInt64(shard) * UInt64((count + Self.shards - 1) / Self.shards)
        let (failures, c) = Self.campaign(configuration, base: first, count: share)
        #expect(failures == 0)
        print("soundness \(configuration) shard \(shard): \(share) sequences from seed \(first), \(failures) failing;",
              "\(c.updates) updates checked, \(c.accepted) additions accepted, \(c.refused) refused,",
              "\(c.removals) removals, \(c.edits) edits, \(c.suggestions) suggestions;",
              "\(c.certifications) exact checks, \(c.corrections) corrections, \(c.refinements) refinements;",
              "at most \(c.largestSystem) live constraints;",
              "\(c.floatCertificates) float certificates, \(c.floatRepairs) repairs, \(c.fallbacks) exact fallbacks;",
              "\(c.reportedUnverified) answers reported unverified, \(c.numericalFailures) numerical errors,",
              "\(c.contradictionsAccepted) contradictions accepted and reported")
    }

    /// Part `part` of a campaign split into parts of `count` sequences from seed `base`.
    static func campaign(_ configuration: SoundnessCampaign.Configuration, base: UInt64, part: Int, of count: Int)
        -> (failures: Int, counters: SoundnessCampaign.Counters) {
        campaign(configuration, base: base + UInt64(part * count), count: count)
    }

    /// How many test cases one configuration of the extended campaign is split into.
    static let shards = 4
}

/// The large configurations of `SoundnessCampaign` (30 to 80 variables, 1,200 operations,
/// 400 to 500 live constraints: past the dense exact check, past the 128 constraints the
/// exact tableau is loaded for, and past the old certification limit) on a fixed budget of
/// 24 sequences, in release builds only (`make swift-test`, part of `make test`).
/// Kept out of the invariant run: its checks walk the whole core after every operation.
@Suite(.enabled(if: isOptimizedBuild)) struct LargeSoundnessCampaignTests {
    @Test(arguments: [SoundnessCampaign.Configuration.large, .largeUnit], 0..<3)
    func largeSequencesAgreeWithTheExactReference(_ configuration: SoundnessCampaign.Configuration, part: Int) {
        let count = 4
        let (failures, c) = SoundnessCampaignTests.campaign(
            configuration, base: configuration.name == "large" ? 41_000 : 42_000, part: part, of: count)
        #expect(failures == 0)
        // The systems are as large as the configuration claims, and every decision kind occurs.
        #expect(c.largestSystem > 300)
        #expect(c.accepted > count * 300)
        #expect(c.refused > count * 20)
        #expect(c.updates > count * 60)
        #expect(c.certifications > count * 50)
    }

    /// One sequence past the real exact limit (`pastExactLimit`): over 4,096 live
    /// constraints, every update checked against the exact reference.
    @Test func pastTheExactLimitEveryAnswerIsRight() {
        let (failures, c) = SoundnessCampaignTests.campaign(.pastExactLimit, base: 45_000, count: 1)
        #expect(failures == 0)
        #expect(c.largestSystem > defaultExactCertificationLimit)
        #expect(c.updates > 60)
        #expect(c.floatCertificates > 0)
    }
}

/// Past a lowered exact limit (64 constraints), as systems past `exactCertificationLimit`
/// (4,096) are decided, tried on the large random sequences.
///
/// The float path alone does not always manage them: it may report an answer unverified,
/// fail an operation with a numerical error, or take a contradiction within roundoff. It
/// must never give a wrong answer as a right one: every update whose answer is not reported
/// unverified holds the required constraints and is optimal at every level, and an accepted
/// contradiction is reported at the next update. Without the float optimality certificate,
/// 4 of 16 ±1 sequences gave a non-optimal answer as verified.
///
/// With the exact fallback (the default), what the float path gives up on is decided
/// exactly, and the sequences are held to the standard of `large`: no numerical error, no
/// answer unverified, no contradiction accepted.
@Suite(.enabled(if: isOptimizedBuild)) struct FloatPathCampaignTests {
    @Test(arguments: [SoundnessCampaign.Configuration.largeFloatAlone, .largeUnitFloatAlone])
    func floatPathNeverGivesAWrongAnswerAsRight(_ configuration: SoundnessCampaign.Configuration) {
        let count = 12
        let base: UInt64 = configuration.name == "large-float-alone" ? 43_000 : 44_000
        let (failures, c) = SoundnessCampaignTests.campaign(configuration, base: base, count: count)
        #expect(failures == 0)
        #expect(c.updates > count * 15)
        #expect(c.floatCertificates > 0)
        #expect(c.fallbacks == 0)
        if configuration.name == "large-unit-float-alone" { #expect(c.floatRepairs > 0) }
    }

    @Test(arguments: [SoundnessCampaign.Configuration.largeFloat, .largeUnitFloat], 0..<2)
    func exactFallbackKeepsEveryAnswerRight(_ configuration: SoundnessCampaign.Configuration, part: Int) {
        let (failures, c) = SoundnessCampaignTests.campaign(
            configuration, base: configuration.name == "large-float" ? 43_000 : 44_000, part: part, of: 6)
        #expect(failures == 0)
        #expect(c.reportedUnverified == 0 && c.numericalFailures == 0 && c.contradictionsAccepted == 0)
        // Whole sequences (six): none stops early, so every update of 1,200 operations is checked.
        #expect(c.updates > 6 * 60)
        #expect(c.largestSystem > 300)
        #expect(c.floatCertificates > 0)
        // The sequences reach what the float path gives up on.
        #expect(c.fallbacks > 0)
    }
}
