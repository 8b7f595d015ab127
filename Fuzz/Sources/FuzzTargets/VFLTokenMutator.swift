import RatiteGenerate

/// A structure-aware mutator for the `vfl` input format (byte 0: mode and options; the
/// rest: a format): it edits the format as a sequence of tokens of the grammar (views,
/// connections, predicates, metrics, priorities, orientations) rather than as bytes, so a
/// mutant is far more often a format the parser gets deep into. One mutation in
/// `byteShare` is left to libFuzzer's byte mutator (`bytes`), which keeps reaching the
/// malformed text the error paths are for.
public enum VFLTokenMutator {
    /// One mutation in this many is a byte-level one.
    static let byteShare = 4

    /// Mutates `data[0..<size]` in place, within `maxSize` bytes, and returns the new size.
    /// `bytes` is libFuzzer's own mutator (`LLVMFuzzerMutate`), with the same contract.
    public static func mutate(
        _ data: UnsafeMutablePointer<UInt8>, size: Int, maxSize: Int, seed: UInt32,
        bytes: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int
    ) -> Int {
        var random = SplitMix64(seed: UInt64(seed))
        guard size > 1, maxSize > 1, random.below(byteShare) != 0 else { return bytes(data, size, maxSize) }
        var tokens = tokenize(UnsafeBufferPointer(start: data + 1, count: size - 1))
        for _ in 0...random.below(3) { edit(&tokens, &random) }
        if random.below(8) == 0 { data[0] = UInt8(truncatingIfNeeded: random.next()) }
        // Written back as far as it fits: a cut format is still a format.
        var n = 1
        for token in tokens {
            for b in token.utf8 where n < maxSize {
                data[n] = b
                n += 1
            }
        }
        return n
    }

    /// The format split into tokens: names, numbers, the grammar's operators, and any other
    /// byte on its own. Concatenated, the tokens are the format again.
    static func tokenize(_ body: UnsafeBufferPointer<UInt8>) -> [String] {
        var tokens: [String] = []
        var i = 0
        func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
        while i < body.count {
            let c = body[i]
            var j = i + 1
            if VFLHarness.isNameStart(c) {
                while j < body.count && (VFLHarness.isNameStart(body[j]) || isDigit(body[j])) { j += 1 }
            } else if isDigit(c) {
                while j < body.count && (isDigit(body[j]) || body[j] == 0x2E) { j += 1 }
            } else if j < body.count && (c == 0x3D || c == 0x3C || c == 0x3E) && body[j] == 0x3D {
                j += 1  // ==, <=, >=
            }
            tokens.append(String(decoding: body[i..<j], as: UTF8.self))
            i = j
        }
        return tokens
    }

    /// One edit of the token sequence: insert a piece of grammar, replace a token with one of
    /// its kind, delete or duplicate a run, or swap two tokens.
    static func edit(_ tokens: inout [String], _ random: inout SplitMix64) {
        let at = random.below(tokens.count + 1)
        switch random.below(6) {
        case 0, 1:
            tokens.insert(contentsOf: piece(&random), at: at)
        case 2 where at < tokens.count:
            tokens[at] = replacement(for: tokens[at], &random)
        case 3 where at < tokens.count:
            tokens.removeSubrange(at..<min(tokens.count, at + 1 + random.below(3)))
        case 4 where at < tokens.count:
            let run = Array(tokens[at..<min(tokens.count, at + 1 + random.below(6))])
            tokens.insert(contentsOf: run, at: random.below(tokens.count + 1))
        case 5 where tokens.count >= 2:
            let other = random.below(tokens.count)
            if at < tokens.count { tokens.swapAt(at, other) }
        default:
            tokens.insert(contentsOf: piece(&random), at: at)
        }
    }

    // Names the harness reads by hash: even hashes become views, odd ones metrics.
    static let names = ["a", "b", "c", "view", "button", "label", "field", "m", "gap", "wide", "superview_"]
    static let relations = ["==", ">=", "<=", ""]
    static let priorities = ["@1000", "@750", "@500", "@250", "@1", "@required", "@strong", "@medium", "@weak", "@999"]
    static let numbers = ["0", "8", "20", "100", "-5", "0.5", "1e3", "999999"]

    /// A well-formed piece of the grammar: a view with or without predicates, a connection,
    /// an edge, an orientation, a predicate list.
    static func piece(_ random: inout SplitMix64) -> [String] {
        switch random.below(8) {
        case 0: return ["[", pick(names, &random), "]"]
        case 1: return ["[", pick(names, &random)] + predicates(&random) + ["]"]
        case 2: return ["-"]
        case 3: return ["-", pick(numbers, &random), "-"]
        case 4: return ["-"] + predicates(&random) + ["-"]
        case 5: return [pick(["|", "|-", "-|", "|-0-"], &random)]
        case 6: return [pick(["H:", "V:", "\n", " "], &random)]
        default: return predicates(&random)
        }
    }

    /// `(relation value priority, ...)`, values numbers, metric names or views.
    static func predicates(_ random: inout SplitMix64) -> [String] {
        var out = ["("]
        for k in 0...random.below(2) {
            if k > 0 { out.append(",") }
            out.append(pick(relations, &random))
            out.append(random.below(3) == 0 ? pick(names, &random) : pick(numbers, &random))
            if random.below(3) == 0 { out.append(pick(priorities, &random)) }
        }
        out.append(")")
        return out
    }

    /// A token of the same kind as `token`: another name, number, relation, priority or
    /// operator.
    static func replacement(for token: String, _ random: inout SplitMix64) -> String {
        guard let c = token.utf8.first else { return pick(names, &random) }
        if VFLHarness.isNameStart(c) { return pick(names, &random) }
        if c >= 0x30 && c <= 0x39 { return pick(numbers, &random) }
        if token.hasPrefix("@") { return pick(priorities, &random) }
        if token.count == 2 && token.hasSuffix("=") { return pick(relations, &random) }
        return pick(["[", "]", "(", ")", "-", "|", ",", "@", ":", " ", "*", "."], &random)
    }

    static func pick(_ options: [String], _ random: inout SplitMix64) -> String {
        options[random.below(options.count)]
    }
}
