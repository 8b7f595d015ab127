import RatiteSupport

extension VFLParser {
    /// `predList := pred ("," pred)*`. `view` is the view whose own predicates these are, or
    /// nil inside a connection.
    mutating func parsePredicateList(for view: Int32?) throws(Failure) {
        repeat {
            try parsePredicate(for: view, allowsArithmetic: extended)
        } while consume(VFLByte.comma)
    }

    /// `pred := relation? object ("@" priority)?`. A view's predicate becomes a constraint at
    /// once; a connection's waits in `firstPredicate` and `morePredicates` for the view on
    /// its other side.
    mutating func parsePredicate(for view: Int32?, allowsArithmetic: Bool) throws(Failure) {
        let relation = try parseRelation()
        let object = allowsArithmetic ? try parseExpression(for: view) : try parseObject(for: view)
        var priority = 1000.0
        if consume(VFLByte.at) { priority = try parsePriority(for: view) }
        if let view {
            let other = object.view?.number ?? VFLRecord.noView
            records.append(VFLRecord(
                firstView: view, sizeAttribute, relation, secondView: other,
                object.view == nil ? .notAnAttribute : object.attribute,
                multiplier: object.view == nil ? 1 : object.multiplier, constant: object.constant,
                priority: priority))
            if recordsSyntax {
                let predicate = VFLPredicate(
                    relation: relation, view: object.view.map { string($0.name) },
                    attribute: object.attribute, multiplier: object.multiplier,
                    constant: object.constant, priority: priority)
                syntax?.viewPredicates.append(predicate)
            }
            return
        }
        // A connection's predicates never refer to a view (`parseObject` refuses one).
        let predicate = VFLSpace(relation: relation, constant: object.constant, priority: priority)
        if connectionPredicateCount == 0 {
            firstPredicate = predicate
            connectionPredicateCount = 1
        } else {
            morePredicates.append(predicate)
            connectionPredicateCount += 1
        }
    }

    /// `("==" | ">=" | "<=")?`; without one the relation is `==`. A lone `=`, `<` or `>` is
    /// an error right after it.
    mutating func parseRelation() throws(Failure) -> Relation {
        guard let c = peek() else { throw fail(.expectedMoreInput) }
        let relation: Relation
        switch c {
        case VFLByte.equals: relation = .equal
        case VFLByte.less: relation = .lessThanOrEqual
        case VFLByte.greater: relation = .greaterThanOrEqual
        default: return .equal
        }
        cursor += 1
        guard cursor < end, text[cursor] == VFLByte.equals else { throw fail(.unknownRelation) }
        cursor += 1
        return relation
    }

    /// `number | metricName | viewName`: names are metrics first, then views; a view is
    /// legal only among a view's own predicates, where it stands for its size.
    mutating func parseObject(for view: Int32?) throws(Failure) -> VFLLinear {
        guard let c = peek() else { throw fail(.expectedNumberOrKey) }
        if c == VFLByte.dash || VFLByte.isDigit(c) { return VFLLinear(constant: try parseNumber()) }
        guard VFLByte.isNameStart(c) else { throw fail(.expectedNumberOrKey) }
        let range = parseName()
        if let value = names.metric(named: bytes(range)) {
            guard value.isFinite else { throw fail(.nonFiniteNumber) }
            return VFLLinear(constant: value)
        }
        guard let number = names.view(named: bytes(range)) else { throw fail(.unknownMetric(string(range))) }
        guard view != nil else { throw fail(.spaceEqualToView) }
        return VFLLinear(view: VFLViewReference(number: number, name: range), attribute: sizeAttribute)
    }

    /// A number as C's `strtod` reads it, which must be finite.
    mutating func parseNumber() throws(Failure) -> Double {
        guard let number = VFLNumber.scan(text, from: cursor, to: end) else {
            throw fail(.expectedNumberOrAKey)
        }
        cursor = number.end
        guard number.value.isFinite else { throw fail(.nonFiniteNumber) }
        return number.value
    }

    /// `"@" (number | metricName)`, in (0, 1000]; extended mode also takes `required`,
    /// `strong`, `medium` and `weak` (after metrics of those names).
    ///
    /// Like Apple's parser, a view name here reads as the number 0 inside a view's
    /// predicates (so the error is about priority 0) and is an error in a connection.
    mutating func parsePriority(for view: Int32?) throws(Failure) -> Double {
        guard let c = peek() else { throw fail(.expectedNumberOrKey) }
        let value: Double
        if c == VFLByte.dash || VFLByte.isDigit(c) {
            guard let number = VFLNumber.scan(text, from: cursor, to: end) else {
                throw fail(.expectedNumberOrAKey)
            }
            cursor = number.end
            value = number.value
        } else if VFLByte.isNameStart(c) {
            let range = parseName()
            if let metric = names.metric(named: bytes(range)) {
                value = metric
            } else if extended, let named = Priority(name: string(range)) {
                value = named.value
            } else if names.view(named: bytes(range)) != nil {
                guard view != nil else { throw fail(.spaceEqualToView) }
                value = 0
            } else {
                throw fail(.unknownMetric(string(range)))
            }
        } else {
            throw fail(.expectedNumberOrKey)
        }
        // The range checks come first so that infinities get Apple's messages; only NaN,
        // which Apple would accept, is left for the finiteness check.
        if value <= 0 { throw fail(.priorityNotPositive(value)) }
        if value > 1000 { throw fail(.priorityTooHigh(value)) }
        guard value.isFinite else { throw fail(.nonFiniteNumber) }
        return value
    }
}

/// A view named in a predicate: its number (see `VFLNames`) and where its name is in the
/// format.
struct VFLViewReference {
    var number: Int32
    var name: Range<Int>
}

/// The value of a predicate's object: `view.attribute * multiplier + constant`, or just
/// `constant` without a view.
struct VFLLinear {
    var view: VFLViewReference? = nil
    var attribute: Attribute = .notAnAttribute
    var multiplier: Double = 1
    var constant: Double = 0

    var isFinite: Bool { multiplier.isFinite && constant.isFinite }

    mutating func negate() {
        if view != nil { multiplier = -multiplier }
        constant = -constant
    }
}
