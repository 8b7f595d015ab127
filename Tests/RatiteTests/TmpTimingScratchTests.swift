import Testing
import Foundation
@testable import Ratite

@Test func tmpRedundant() throws {
    var random = SplitMix64(seed: 77)
    var found = 0
    let coefficients = [1.0 / 64, 1.0 / 8, 0.5, 1, 3, 8, 64, 1000]
    for trial in 0..<20000 where found < 6 {
        let n = 2 + random.below(2)
        var d = CoreDriver(variableCount: n)
        var log: [String] = []
        // a few stays or optional constraints
        for i in 0..<n where random.below(2) == 0 {
            let c = C([(i, 1)], Double(random.below(11) - 5), .equal, Double(1 + i))
            _ = try d.add(c); log.append("stay \(c)")
        }
        var terms: [(Int, Double)] = []
        for v in 0..<n where random.below(3) > 0 { terms.append((v, (random.below(2) == 0 ? 1 : -1) * coefficients[random.below(8)])) }
        if terms.count < 2 { continue }
        let constant = Double(random.below(201) - 100)
        let rel = [Relation.equal, .lessThanOrEqual][random.below(2)]
        let e = C(terms, constant, rel)
        guard (try? d.add(e)) != nil else { continue }
        log.append("add \(e)")
        let k = [-1.0, 2, 0.5, -0.125, -64][random.below(5)]
        let f = C(terms.map { ($0.0, $0.1 * k) }, constant * k, rel == .equal ? .equal : (k < 0 ? .lessThanOrEqual : .greaterThanOrEqual))
        // For an inequality E <= 0, k < 0 gives kE >= 0 written as <=? keep: relation chosen so f says E >= 0 when k<0 ... 
        do { _ = try d.add(f) } catch {
            found += 1
            print("REFUSED trial \(trial): \(log.joined(separator: "; ")); then add \(f): \(error)")
        }
    }
}
