extension VFLParser {
    /// `format := (("H" | "V") ":")? ("|" conn)? view (conn view)* (conn "|")?`, from the
    /// cursor to `end`.
    ///
    /// Constraints come out in Apple's order: each connection's, then the predicates of the
    /// view it leads to; a first view not preceded by `|` gives its predicates first; the
    /// alignment constraints of the options come last.
    mutating func parseFormat() throws(Failure) {
        try parseOrientation()
        recordedViews.removeAll(keepingCapacity: true)
        recordedConnections.removeAll(keepingCapacity: true)
        var leading: VFLConnection? = nil
        var trailing: VFLConnection? = nil
        var earlier: String
        if consume(VFLByte.bar) {
            guard peek() != nil else { throw fail(.expectedConnectionAfterBar) }
            let connection = try parseConnection()
            if recordsSyntax { leading = recorded(connection) }
            let view = try parseView()
            try finishConnection(connection, from: nil, to: view)
            flushViewPredicates(of: view)
            earlier = view
        } else {
            earlier = try parseView()
            flushViewPredicates(of: earlier)
        }
        while peek() != nil {
            let connection = try parseConnection()
            if peek() == VFLByte.openBracket {
                if recordsSyntax { recordedConnections.append(recorded(connection)) }
                let view = try parseView()
                try finishConnection(connection, from: earlier, to: view)
                flushViewPredicates(of: view)
                earlier = view
            } else if consume(VFLByte.bar) {
                if recordsSyntax { trailing = recorded(connection) }
                try finishConnection(connection, from: earlier, to: nil)
                break
            } else {
                throw fail(.expectedViewOrBar)
            }
        }
        guard peek() == nil else { throw fail(.expectedEnd) }
        constraints.append(contentsOf: alignments)
        alignments.removeAll(keepingCapacity: true)
        if recordsSyntax {
            formats.append(VFLFormat(axis: axis, leadingConnection: leading, views: recordedViews,
                                     connections: recordedConnections,
                                     trailingConnection: trailing))
        }
    }

    /// `(("H" | "V") ":")?`: horizontal unless the format says `V:`.
    mutating func parseOrientation() throws(Failure) {
        axis = .horizontal
        guard let c = peek(), c == VFLByte.h || c == VFLByte.v else { return }
        axis = c == VFLByte.v ? .vertical : .horizontal
        cursor += 1
        guard consume(VFLByte.colon) else { throw fail(.expectedOrientationColon(axis)) }
    }

    /// `view := "[" name ("(" predList ")")? "]"`. Returns the view's name; its predicates
    /// wait in `viewPredicates` until the connection leading to the view is finished.
    mutating func parseView() throws(Failure) -> String {
        guard consume(VFLByte.openBracket) else { throw fail(.expectedView) }
        guard peek() != nil else { throw fail(.expectedView) }
        let range = parseName()
        guard !range.isEmpty else { throw fail(.expectedViewName) }
        let name = string(range)
        guard views.contains(name) else { throw fail(.unknownView(name)) }
        viewPredicates.removeAll(keepingCapacity: true)
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
        return name
    }

    /// `conn := "" | "-" | "-" pred "-" | "-" "(" predList ")" "-"`. A single predicate
    /// between dashes may carry a relation and a priority, as in Apple's parser, but never
    /// arithmetic: its closing `-` would read as a minus.
    mutating func parseConnection() throws(Failure) -> PendingConnection {
        guard consume(VFLByte.dash) else { return .flush }
        connectionPredicates.removeAll(keepingCapacity: true)
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

    /// Emits the constraints of a connection between `earlier` and `later` (nil: the
    /// superview), and the alignment constraints the options ask for between two views.
    mutating func finishConnection(_ connection: PendingConnection, from earlier: String?,
                                   to later: String?) throws(Failure) {
        let horizontal = axis == .horizontal
        if horizontal && options.contains(.spacingBaselineToBaseline) {
            throw fail(.baselineToBaselineHorizontal)
        }
        let edges = connectionEdges(from: earlier, to: later)
        switch connection {
        case .flush:
            constraints.append(VFLConstraint(
                edges.first, edges.firstAttribute, .equal, edges.second, edges.secondAttribute))
        case .standard:
            let space = earlier == nil || later == nil ? superviewSpacing : standardSpacing
            constraints.append(VFLConstraint(
                edges.first, edges.firstAttribute, .equal, edges.second, edges.secondAttribute,
                constant: space))
        case .predicates:
            for p in connectionPredicates {
                constraints.append(VFLConstraint(
                    edges.first, edges.firstAttribute, p.relation, edges.second,
                    edges.secondAttribute, constant: p.constant, priority: p.priority))
            }
        }
        if let earlier, let later { try appendAlignments(from: earlier, to: later) }
    }

    /// Which item and edge go on each side of a connection's constraints. The later item is
    /// first (`later.leading == earlier.trailing + c`), except right to left, where the
    /// earlier one is (`earlier.left == later.right + c`). A view contributes its start edge
    /// on the first side and its end edge on the second; the superview the opposite.
    func connectionEdges(from earlier: String?, to later: String?)
        -> (first: VFLItem, firstAttribute: Attribute, second: VFLItem, secondAttribute: Attribute)
    {
        let start: Attribute, end: Attribute
        var firstEdge: Attribute, secondEdge: Attribute
        var rightToLeft = false
        if axis == .horizontal {
            let direction = options.intersection(.directionMask)
            // Both direction bits set reads as left to right, as in Apple's parser.
            rightToLeft = direction == .directionRightToLeft
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
        if first == nil { firstEdge = end }
        if second == nil { secondEdge = start }
        return (first.map(VFLItem.view) ?? .superview, firstEdge,
                second.map(VFLItem.view) ?? .superview, secondEdge)
    }

    /// `earlier.attr == later.attr` for each alignment bit of the options, in Apple's bit
    /// order. An edge on the layout's own axis is an error, raised only here, when there is
    /// a pair of views to align.
    mutating func appendAlignments(from earlier: String, to later: String) throws(Failure) {
        let bits = options.rawValue & VFLFormatOptions.alignmentMask.rawValue
        guard bits != 0 else { return }
        for (bit, attribute) in Self.alignmentAttributes where bits & (1 << bit) != 0 {
            if attribute.axis == axis { throw fail(.alignmentOnLayoutAxis(axis)) }
            alignments.append(VFLConstraint(.view(earlier), attribute, .equal, .view(later), attribute))
        }
    }

    /// Emits the predicates of `view` (`view.width >= 50`, `view.width == other.width`).
    mutating func flushViewPredicates(of view: String) {
        let size = sizeAttribute
        for p in viewPredicates {
            constraints.append(VFLConstraint(
                .view(view), size, p.relation, p.view.map(VFLItem.view), p.attribute,
                multiplier: p.multiplier, constant: p.constant, priority: p.priority))
        }
        if recordsSyntax { recordedViews.append(VFLView(name: view, predicates: viewPredicates)) }
        viewPredicates.removeAll(keepingCapacity: true)
    }

    func recorded(_ connection: PendingConnection) -> VFLConnection {
        switch connection {
        case .flush: .flush
        case .standard: .standard
        case .predicates: .predicates(connectionPredicates)
        }
    }

    /// The attributes of the alignment options by bit: Apple's raw attribute numbers 1 to 12.
    /// (Bits 7 and 8, width and height, have no named option but Apple honours them.)
    static let alignmentAttributes: [(bit: UInt, attribute: Attribute)] = [
        (1, .left), (2, .right), (3, .top), (4, .bottom), (5, .leading), (6, .trailing),
        (7, .width), (8, .height), (9, .centerX), (10, .centerY), (11, .lastBaseline),
        (12, .firstBaseline),
    ]
}
