extension VFLParser {
    /// `format := (("H" | "V") ":")? ("|" conn)? view (conn view)* (conn "|")?`, from the
    /// cursor to `end`.
    ///
    /// Constraints come out in Apple's order: each connection's, then the predicates of the
    /// view it leads to; a first view not preceded by `|` gives its predicates first; the
    /// alignment constraints of the options come last.
    mutating func parseFormat() throws(Failure) {
        try parseOrientation()
        syntax?.startFormat()
        var leading: VFLConnection? = nil
        var trailing: VFLConnection? = nil
        var earlier: Int32
        if consume(VFLByte.bar) {
            guard peek() != nil else { throw fail(.expectedConnectionAfterBar) }
            let connection = try parseConnection()
            if recordsSyntax { leading = recorded(connection) }
            earlier = try parseView(after: connection, from: VFLRecord.superview)
        } else {
            earlier = try parseView(after: nil, from: VFLRecord.superview)
        }
        while peek() != nil {
            let connection = try parseConnection()
            if peek() == VFLByte.openBracket {
                if recordsSyntax {
                    let syntaxOfConnection = recorded(connection)
                    syntax?.connections.append(syntaxOfConnection)
                }
                earlier = try parseView(after: connection, from: earlier)
            } else if consume(VFLByte.bar) {
                if recordsSyntax { trailing = recorded(connection) }
                emitConnection(connection, from: earlier, to: VFLRecord.superview)
                try checkOptions(from: earlier, to: VFLRecord.superview)
                break
            } else {
                throw fail(.expectedViewOrBar)
            }
        }
        guard peek() == nil else { throw fail(.expectedEnd) }
        if !alignments.isEmpty {
            records.append(contentsOf: alignments)
            alignments.removeAll(keepingCapacity: true)
        }
        syntax?.finishFormat(axis: axis, leading: leading, trailing: trailing)
    }

    /// `(("H" | "V") ":")?`: horizontal unless the format says `V:`.
    mutating func parseOrientation() throws(Failure) {
        axis = .horizontal
        guard let c = peek(), c == VFLByte.h || c == VFLByte.v else { return }
        axis = c == VFLByte.v ? .vertical : .horizontal
        cursor += 1
        guard consume(VFLByte.colon) else { throw fail(.expectedOrientationColon(axis)) }
    }

    /// `view := "[" name ("(" predList ")")? "]"`, reached through `connection` from
    /// `earlier` (nil: the superview), or without a connection for a first view. Returns the
    /// view's name.
    ///
    /// The connection's constraints go out as soon as the name is known, and the view's own
    /// predicates straight after them, which is Apple's order without buffering either.
    /// The option checks of the connection wait for the closing `]`, as Apple's do, so that
    /// a syntax error inside the view wins over them.
    ///
    /// Views are numbers here (see `VFLNames`); `superview` stands for `|`.
    mutating func parseView(after connection: PendingConnection?, from earlier: Int32)
        throws(Failure) -> Int32
    {
        guard consume(VFLByte.openBracket) else { throw fail(.expectedView) }
        guard peek() != nil else { throw fail(.expectedView) }
        let range = parseName()
        guard !range.isEmpty else { throw fail(.expectedViewName) }
        guard let name = names.view(named: bytes(range)) else { throw fail(.unknownView(string(range))) }
        if let connection { emitConnection(connection, from: earlier, to: name) }
        syntax?.viewPredicates.removeAll(keepingCapacity: true)
        switch peek() {
        case VFLByte.closeBracket:
            cursor += 1
        case VFLByte.openParen:
            cursor += 1
            guard peek() != nil else { throw fail(.ranOutInView) }
            try parsePredicateList(for: name)
            guard consume(VFLByte.closeParen) else { throw fail(.expectedThicknessEnd) }
            guard consume(VFLByte.closeBracket) else { throw fail(.expectedBracketAfterThickness) }
        default:
            throw fail(.expectedViewEnd)
        }
        if let predicates = syntax?.viewPredicates {
            let view = VFLView(name: string(range), predicates: predicates)
            syntax?.views.append(view)
        }
        if connection != nil { try checkOptions(from: earlier, to: name) }
        return name
    }

    /// `conn := "" | "-" | "-" pred "-" | "-" "(" predList ")" "-"`. A single predicate
    /// between dashes may carry a relation and a priority, as in Apple's parser, but never
    /// arithmetic: its closing `-` would read as a minus.
    mutating func parseConnection() throws(Failure) -> PendingConnection {
        guard consume(VFLByte.dash) else { return .flush }
        connectionPredicateCount = 0
        morePredicates.removeAll(keepingCapacity: true)
        switch peek() {
        case VFLByte.bar, VFLByte.openBracket:
            return .standard
        case VFLByte.dash:
            throw fail(.ambiguousMinus)
        case VFLByte.openParen:
            cursor += 1
            try parsePredicateList(for: nil)
            guard consume(VFLByte.closeParen) else { throw fail(.expectedModifierEnd) }
        default:
            try parsePredicate(for: nil, allowsArithmetic: false)
        }
        switch peek() {
        case VFLByte.dash:
            cursor += 1
            return .predicates
        case VFLByte.comma:
            throw fail(.expectedDashNotComma)
        default:
            throw fail(.expectedDash)
        }
    }

    /// Emits the constraints of a connection between `earlier` and `later` (either may be
    /// the superview).
    mutating func emitConnection(_ connection: PendingConnection, from earlier: Int32,
                                 to later: Int32) {
        let edges = connectionEdges(from: earlier, to: later)
        var record = VFLRecord(firstView: edges.first, edges.firstAttribute, .equal,
                               secondView: edges.second, edges.secondAttribute)
        switch connection {
        case .flush:
            records.append(record)
        case .standard:
            let nextToBar = earlier == VFLRecord.superview || later == VFLRecord.superview
            if nextToBar && superviewMargins {
                // iOS: the superview's margin, not its edge plus a spacing.
                if record.firstView == VFLRecord.superview {
                    record.firstAttribute = record.firstAttribute.marginAttribute
                } else {
                    record.secondAttribute = record.secondAttribute.marginAttribute
                }
            } else {
                record.constant = nextToBar ? superviewSpacing : standardSpacing
            }
            records.append(record)
        case .predicates:
            for i in 0..<connectionPredicateCount {
                let p = i == 0 ? firstPredicate : morePredicates[i - 1]
                record.relation = p.relation
                record.constant = p.constant
                record.priority = p.priority
                records.append(record)
            }
        }
    }

    /// The checks Apple makes on the options when it finishes a connection, and the
    /// alignment constraints they ask for between two views.
    mutating func checkOptions(from earlier: Int32, to later: Int32) throws(Failure) {
        if axis == .horizontal && options.contains(.spacingBaselineToBaseline) {
            throw fail(.baselineToBaselineHorizontal)
        }
        if earlier != VFLRecord.superview && later != VFLRecord.superview {
            try appendAlignments(from: earlier, to: later)
        }
    }

    /// Which item and edge go on each side of a connection's constraints. The later item is
    /// first (`later.leading == earlier.trailing + c`), except right to left, where the
    /// earlier one is (`earlier.left == later.right + c`). A view contributes its start edge
    /// on the first side and its end edge on the second; the superview the opposite.
    func connectionEdges(from earlier: Int32, to later: Int32)
        -> (first: Int32, firstAttribute: Attribute, second: Int32, secondAttribute: Attribute)
    {
        let start: Attribute, end: Attribute
        var firstEdge: Attribute, secondEdge: Attribute
        let rightToLeft = reversesViews
        if axis == .horizontal {
            let direction = options.intersection(.directionMask)
            let absolute = !direction.isEmpty
            start = absolute ? .left : .leading
            end = absolute ? .right : .trailing
            firstEdge = start
            secondEdge = end
        } else {
            start = .top
            end = .bottom
            let baselines = options.contains(.spacingBaselineToBaseline)
            firstEdge = baselines ? .firstBaseline : .top
            secondEdge = baselines ? .lastBaseline : .bottom
        }
        let (first, second) = rightToLeft ? (earlier, later) : (later, earlier)
        if first == VFLRecord.superview { firstEdge = end }
        if second == VFLRecord.superview { secondEdge = start }
        return (first, firstEdge, second, secondEdge)
    }

    /// `earlier.attr == later.attr` for each alignment bit of the options, in Apple's bit
    /// order. An edge on the layout's own axis is an error, raised only here, when there is
    /// a pair of views to align.
    ///
    /// Right to left (`directionRightToLeft` alone, on a horizontal format) Apple reverses
    /// the views, as it does for the connections: the pair is read as if the format were
    /// written from the left, so the later view, the one placed on the left, is named first
    /// (`later.attr == earlier.attr`). The pairs still come in the order of the format.
    mutating func appendAlignments(from earlier: Int32, to later: Int32) throws(Failure) {
        let bits = options.rawValue & VFLFormatOptions.alignmentMask.rawValue
        guard bits != 0 else { return }
        let (first, second) = reversesViews ? (later, earlier) : (earlier, later)
        for (bit, attribute) in VFLFormatOptions.alignmentAttributes where bits & (1 << bit) != 0 {
            if attribute.axis == axis { throw fail(.alignmentOnLayoutAxis(axis)) }
            alignments.append(VFLRecord(firstView: first, attribute, .equal, secondView: second, attribute))
        }
    }

    /// Whether the views are laid out right to left: a horizontal format whose options
    /// have `directionRightToLeft` alone (both direction bits read as left to right, as in
    /// Apple's parser).
    var reversesViews: Bool {
        axis == .horizontal && options.intersection(.directionMask) == .directionRightToLeft
    }

    func recorded(_ connection: PendingConnection) -> VFLConnection {
        switch connection {
        case .flush: .flush
        case .standard: .standard
        case .predicates: .predicates([firstPredicate.predicate] + morePredicates.map(\.predicate))
        }
    }
}

extension VFLFormatOptions {
    /// The attributes of the alignment options by bit: Apple's raw attribute numbers 1 to 12.
    /// (Bits 7 and 8, width and height, have no named option but Apple honours them.)
    static let alignmentAttributes: [(bit: UInt, attribute: Attribute)] = [
        (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing),
        (7, .width), (8, .height), (9, .centerX), (10, .centerY), (11, .lastBaseline),
        (12, .firstBaseline),
    ]
}
