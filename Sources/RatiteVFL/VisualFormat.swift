import RatiteSupport

/// Parsing Apple's Visual Format Language into engine-independent constraints.
///
/// ```swift
/// let constraints = try VisualFormat.parse(
///     "|-[find]-[findNext]-[findField(>=20)]-|", views: ["find", "findNext", "findField"])
/// // find.leading == superview.leading + 20, findNext.leading == find.trailing + 8, ...
/// ```
///
/// Strict mode (the default) accepts exactly Apple's syntax and fails with Apple's
/// messages. Extended mode also allows whitespace around tokens, `//` comments, one format
/// per line, named priorities (`@strong`) and arithmetic with attribute access inside
/// parentheses (`[image(==image.height*2)]`); strict input means the same in both modes.
public enum VisualFormat {
    /// The constraints `format` describes, in Apple's order.
    ///
    /// - Parameters:
    ///   - format: the visual format (several lines in extended mode).
    ///   - options: alignment, direction and spacing options, as for
    ///     `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`.
    ///   - metrics: values for names used as numbers; they take precedence over views.
    ///   - views: the names the format may use as views.
    ///   - extended: whether to accept Ratite's extensions (see the type's documentation).
    ///   - standardSpacing: the space a bare `-` makes between two views.
    ///   - superviewSpacing: the space a bare `-` makes next to `|`.
    ///   - superviewMargins: make a bare `-` next to `|` pin to the superview's layout
    ///     margins (`leadingMargin`, `topMargin`, ...) with constant 0, as on iOS, instead
    ///     of its edge plus `superviewSpacing`, as on macOS.
    /// - Returns: the constraints, in Apple's order.
    /// - Throws: `VFLError`, with Apple's message and the offset where parsing stopped.
    /// - Complexity: O(n) in the length of `format`.
    public static func parse(
        _ format: String, options: VFLFormatOptions = [], metrics: [String: Double] = [:],
        views: Set<String>, extended: Bool = false, standardSpacing: Double = 8,
        superviewSpacing: Double = 20, superviewMargins: Bool = false
    ) throws(VFLError) -> [VFLConstraint] {
        try run(format, options: options, metrics: metrics, views: views, extended: extended,
                standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                superviewMargins: superviewMargins, recordsSyntax: false).constraints
    }

    /// Like `parse`, but also returns the syntax of each format (one per line in extended
    /// mode), which `VFLFormatter.visualFormat(_:)` prints back as canonical VFL.
    /// - Complexity: O(n) in the length of `format`, as `parse`.
    public static func parseFormats(
        _ format: String, options: VFLFormatOptions = [], metrics: [String: Double] = [:],
        views: Set<String>, extended: Bool = false, standardSpacing: Double = 8,
        superviewSpacing: Double = 20, superviewMargins: Bool = false
    ) throws(VFLError) -> VFLParseResult {
        try run(format, options: options, metrics: metrics, views: views, extended: extended,
                standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                superviewMargins: superviewMargins, recordsSyntax: true)
    }

    static func run(
        _ format: String, options: VFLFormatOptions, metrics: [String: Double], views: Set<String>,
        extended: Bool, standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool, recordsSyntax: Bool
    ) throws(VFLError) -> VFLParseResult {
        let names = VFLStringNames(views: views, metrics: metrics)
        let parsed = try run(format, options: options, names: names, extended: extended,
                             standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                             superviewMargins: superviewMargins,
                             recordsSyntax: recordsSyntax)
        let constraints = parsed.records.map { r in
            VFLConstraint(item(r.firstView, parsed.names) ?? .superview, r.firstAttribute, r.relation,
                          item(r.secondView, parsed.names), r.secondAttribute,
                          multiplier: r.multiplier, constant: r.constant, priority: r.priority)
        }
        return VFLParseResult(formats: parsed.formats, constraints: constraints)
    }

    /// The item a record's view number stands for: a view by name, the superview, or nil
    /// for none.
    private static func item(_ number: Int32, _ names: VFLStringNames) -> VFLItem? {
        switch number {
        case VFLRecord.superview: .superview
        case VFLRecord.noView: nil
        default: .view(names.view(number))
        }
    }

    /// The records of a format whose views `names`' lookup finds (their numbers are what
    /// it answered), for the layout model.
    package static func records(
        _ format: String, options: VFLFormatOptions, names: VFLLookupNames, extended: Bool,
        standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool
    ) throws(VFLError) -> [VFLRecord] {
        try run(format, options: options, names: names, extended: extended, standardSpacing: standardSpacing,
                superviewSpacing: superviewSpacing, superviewMargins: superviewMargins, recordsSyntax: false).records
    }

    /// Runs the parser on a string's bytes; returns the names as the parse left them (they
    /// give the records' view numbers their meaning).
    static func run<Names: VFLNames>(
        _ format: String, options: VFLFormatOptions, names: Names, extended: Bool,
        standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool, recordsSyntax: Bool
    ) throws(VFLError) -> (records: [VFLRecord], formats: [VFLFormat], names: Names) {
        var input = format
        let outcome = input.withUTF8 { text in
            parse(text, options: options, names: names, extended: extended,
                  standardSpacing: standardSpacing, superviewSpacing: superviewSpacing,
                  superviewMargins: superviewMargins,
                  recordsSyntax: recordsSyntax, records: [])
        }
        switch outcome {
        case .success(let result): return result
        case .failure(let failure): throw error(for: failure, in: format, extended: extended)
        }
    }

    /// The one place the parser runs, for every entry point.
    static func parse<Names: VFLNames>(
        _ text: UnsafeBufferPointer<UInt8>, options: VFLFormatOptions, names: Names,
        extended: Bool, standardSpacing: Double, superviewSpacing: Double, superviewMargins: Bool, recordsSyntax: Bool,
        records: consuming [VFLRecord]
    ) -> Result<(records: [VFLRecord], formats: [VFLFormat], names: Names), VFLFailure> {
        var parser = VFLParser(
            text: text, extended: extended, options: options, names: names,
            standardSpacing: standardSpacing, superviewSpacing: superviewSpacing, superviewMargins: superviewMargins,
            recordsSyntax: recordsSyntax, records: records)
        do throws(VFLFailure) {
            try parser.parseInput()
        } catch {
            return .failure(error)
        }
        return .success((parser.records, parser.syntax?.formats ?? [], parser.names))
    }

    /// The public error for a failure: its line and column, and the text the caret goes
    /// under (the whole format in strict mode, the failing line in extended mode).
    static func error(for failure: VFLFailure, in format: String, extended: Bool) -> VFLError {
        let bytes = Array(format.utf8)
        let offset = min(max(failure.offset, 0), bytes.count)
        guard extended else {
            return VFLError(failure.reason, at: TextLocation(offset: offset, line: 1, column: offset + 1),
                            sourceLine: format)
        }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != VFLByte.newline { lineStart -= 1 }
        var lineEnd = offset
        while lineEnd < bytes.count, bytes[lineEnd] != VFLByte.newline { lineEnd += 1 }
        if lineEnd > lineStart, lineEnd < bytes.count, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
        let line = 1 + bytes[..<lineStart].reduce(0) { $0 + ($1 == VFLByte.newline ? 1 : 0) }
        let text = failure.reason == .emptyString
            ? "" : String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self)
        return VFLError(failure.reason,
                        at: TextLocation(offset: offset, line: line, column: offset - lineStart + 1),
                        sourceLine: text, isExtended: true)
    }
}
