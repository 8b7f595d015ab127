import RatiteSupport

/// Apple's visual format parser, rebuilt from its observable behaviour: one method per
/// grammar production, reading UTF-8 bytes with a cursor, emitting constraints as it goes.
///
/// Errors carry the cursor at the moment parsing stopped, which is where Apple puts its
/// caret. The rule, for messages whose position Apple does not document: a syntax error
/// points at the byte that could not be used (or the end of the input); an error about a
/// token already read (an unknown name, a priority out of range, a number that is not
/// finite, an arithmetic error) points just after that token; an error about the format
/// options points after the view or `|` that completes the offending connection.
///
/// The parser is total: every byte access is bounds-checked against `end`, no input-derived
/// value is force-unwrapped or converted to an integer, and arithmetic on offsets cannot
/// overflow because offsets never exceed the input's length.
///
/// Views are known only through `names`, which turns a name's bytes into the number the
/// records carry; the records go into `records`, plain data that the caller may hand in
/// again and again so that a parse allocates nothing. Every entry point (strings, engine
/// items, C bytes) runs this one parser.
struct VFLParser<Names: VFLNames> {
    typealias Failure = VFLFailure

    /// A connection just parsed; the predicates of `.predicates` wait in `firstPredicate`
    /// and `morePredicates`.
    enum PendingConnection { case flush, standard, predicates }

    let text: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var cursor = 0
    /// The end of the format being parsed: the input's end in strict mode, the end of the
    /// line (before any comment) in extended mode.
    var end = 0
    let extended: Bool
    let options: VFLFormatOptions
    var names: Names
    let standardSpacing: Double
    let superviewSpacing: Double
    /// Whether a bare `-` next to `|` pins to the superview's layout margins (iOS) instead of
    /// its edge plus `superviewSpacing` (macOS).
    let superviewMargins: Bool

    var axis: Axis = .horizontal
    var records: [VFLRecord]
    /// Alignment constraints of the current format; they come after all the others.
    var alignments: [VFLRecord] = []
    /// The predicates of the connection being parsed: the first inline, since most
    /// connections have one and need no allocation, the others in the array.
    var firstPredicate = VFLSpace()
    var morePredicates: [VFLSpace] = []
    var connectionPredicateCount = 0
    /// How deep the current extended-mode expression nests, bounded so that no input can
    /// exhaust the stack.
    var expressionDepth = 0

    /// The syntax of the formats parsed so far, when asked for.
    var syntax: VFLSyntaxRecording?
    var recordsSyntax: Bool { syntax != nil }

    /// `records` is emptied first; only its storage is used.
    init(text: UnsafeBufferPointer<UInt8>, extended: Bool, options: VFLFormatOptions,
         names: Names, standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool, recordsSyntax: Bool,
         records: consuming [VFLRecord] = []) {
        self.text = text
        self.end = text.count
        self.extended = extended
        self.options = options
        self.names = names
        self.records = records
        self.records.removeAll(keepingCapacity: true)
        self.standardSpacing = standardSpacing
        self.superviewSpacing = superviewSpacing
        self.superviewMargins = superviewMargins
        self.syntax = recordsSyntax ? VFLSyntaxRecording() : nil
    }

    // MARK: Reading

    /// The byte at the cursor, or nil at the end of the format. In extended mode whitespace
    /// before it is skipped first, which is all it takes to allow whitespace around tokens:
    /// names, numbers and two-byte operators read their bytes without `peek`.
    @inline(__always) mutating func peek() -> UInt8? {
        if extended { skipSpace() }
        return cursor < end ? text[cursor] : nil
    }

    /// Moves past the byte at the cursor if it is `byte`.
    @inline(__always) mutating func consume(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        cursor += 1
        return true
    }

    mutating func skipSpace() {
        while cursor < end, VFLByte.isSpace(text[cursor]) { cursor += 1 }
    }

    func fail(_ reason: VFLError.Reason) -> Failure { Failure(reason: reason, offset: cursor) }

    /// `[A-Za-z_][A-Za-z0-9_]*` at the cursor, possibly empty.
    mutating func parseName() -> Range<Int> {
        let start = cursor
        guard start < end, VFLByte.isNameStart(text[start]) else { return start..<start }
        var i = start + 1
        while i < end, VFLByte.isNameByte(text[i]) { i += 1 }
        cursor = i
        return start..<i
    }

    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[range])
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes(range), as: UTF8.self)
    }

    /// The attribute a view's own predicates constrain: its size along the format's axis.
    var sizeAttribute: Attribute { axis.sizeAttribute }

    // MARK: Input

    /// The whole input: one format in strict mode; in extended mode one per line, with
    /// `//` comments and blank lines skipped.
    mutating func parseInput() throws(Failure) {
        guard !text.isEmpty else { throw Failure(reason: .emptyString, offset: 0) }
        // Every constraint takes at least four bytes of format (`[a]|`, `-8-[`, `(>=1`), so
        // this one allocation is nearly always enough.
        records.reserveCapacity(min(text.count / 4 + 2, 64))
        guard extended else {
            if let bad = firstNonASCII(0..<text.count) {
                throw Failure(reason: .nonASCII, offset: bad)
            }
            try parseFormat()
            return
        }
        var lineStart = 0
        var sawFormat = false
        while lineStart < text.count {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != VFLByte.newline { lineEnd += 1 }
            // A "\r\n" line break is not part of the line.
            var breakStart = lineEnd
            if breakStart > lineStart, text[breakStart - 1] == 0x0D { breakStart -= 1 }
            let contentEnd = commentStart(lineStart..<breakStart) ?? breakStart
            if let bad = firstNonASCII(lineStart..<contentEnd) {
                throw Failure(reason: .nonASCII, offset: bad)
            }
            cursor = lineStart
            end = contentEnd
            if peek() != nil {
                sawFormat = true
                try parseFormat()
            }
            lineStart = lineEnd + 1
        }
        guard sawFormat else { throw Failure(reason: .emptyString, offset: 0) }
    }

    func firstNonASCII(_ range: Range<Int>) -> Int? {
        guard let base = text.baseAddress else { return nil }
        var i = range.lowerBound
        // Eight bytes at a time until a word has a high bit, then byte by byte.
        while i + 8 <= range.upperBound,
              UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            i += 8
        }
        while i < range.upperBound {
            if text[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }

    /// Where a `//` comment starts in the line, if anywhere.
    func commentStart(_ line: Range<Int>) -> Int? {
        var i = line.lowerBound
        while i + 1 < line.upperBound {
            if text[i] == VFLByte.slash, text[i + 1] == VFLByte.slash { return i }
            i += 1
        }
        return nil
    }
}

/// A predicate of a connection: never a view, so plain data (a `VFLPredicate` holds a
/// string).
struct VFLSpace {
    var relation = Relation.equal
    var constant = 0.0
    var priority = 1000.0

    var predicate: VFLPredicate { VFLPredicate(relation: relation, constant: constant, priority: priority) }
}

/// Where and why parsing stopped; `VisualFormat` turns it into a `VFLError`.
struct VFLFailure: Error {
    var reason: VFLError.Reason
    var offset: Int
}

/// What `VisualFormat.parseFormats` wants besides the constraints: the syntax of each format.
struct VFLSyntaxRecording {
    var formats: [VFLFormat] = []
    /// The views and connections of the format being parsed.
    var views: [VFLView] = []
    var connections: [VFLConnection] = []
    /// The predicates of the view being parsed.
    var viewPredicates: [VFLPredicate] = []

    mutating func startFormat() {
        views.removeAll(keepingCapacity: true)
        connections.removeAll(keepingCapacity: true)
    }

    mutating func finishFormat(axis: Axis, leading: VFLConnection?, trailing: VFLConnection?) {
        formats.append(VFLFormat(axis: axis, leadingConnection: leading, views: views,
                                 connections: connections, trailingConnection: trailing))
    }
}
