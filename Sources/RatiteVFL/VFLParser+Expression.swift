/// Extended mode's arithmetic, inside parentheses only:
///
/// ```
/// expression := term (("+" | "-") term)*
/// term       := factor (("*" | "/") factor)*
/// factor     := number | metricName | viewName ("." ("width" | "height"))?
///             | "(" expression ")" | "-" factor
/// ```
///
/// The result must stay linear in at most one view (`image.height*2`, `b*0.5+10`), since a
/// constraint relates two items. Everything valid in strict mode reads the same way here:
/// a strict object is a single factor.
extension VFLParser {
    /// Deeper nesting than this is an error rather than a risk to the stack.
    static var maximumExpressionDepth: Int { 64 }

    mutating func parseExpression(for view: Int32?) throws(Failure) -> VFLLinear {
        var value = try parseTerm(for: view)
        while let c = peek(), c == VFLByte.plus || c == VFLByte.dash {
            cursor += 1
            var rhs = try parseTerm(for: view)
            if c == VFLByte.dash { rhs.negate() }
            value = try add(value, rhs)
        }
        return value
    }

    mutating func parseTerm(for view: Int32?) throws(Failure) -> VFLLinear {
        var value = try parseFactor(for: view)
        while let c = peek(), c == VFLByte.star || c == VFLByte.slash {
            cursor += 1
            let rhs = try parseFactor(for: view)
            value = c == VFLByte.star ? try multiply(value, rhs) : try divide(value, rhs)
        }
        return value
    }

    mutating func parseFactor(for view: Int32?) throws(Failure) -> VFLLinear {
        guard let c = peek() else { throw fail(.expectedNumberOrKey) }
        if c == VFLByte.openParen || c == VFLByte.dash {
            guard expressionDepth < Self.maximumExpressionDepth else {
                throw fail(.expressionTooDeep)
            }
            expressionDepth += 1
            defer { expressionDepth -= 1 }
            if c == VFLByte.openParen {
                cursor += 1
                let value = try parseExpression(for: view)
                guard consume(VFLByte.closeParen) else { throw fail(.expectedExpressionEnd) }
                return value
            }
            // `-5` is a number, as in strict mode; `-b` or `-(...)` is a negation.
            if VFLNumber.scan(text, from: cursor, to: end) != nil {
                return VFLLinear(constant: try parseNumber())
            }
            cursor += 1
            var value = try parseFactor(for: view)
            value.negate()
            return value
        }
        var value = try parseObject(for: view)
        if value.view != nil, cursor < end, text[cursor] == VFLByte.dot {
            cursor += 1
            let name = parseName()
            guard let attribute = Attribute(name: string(name)), attribute.isDimension else {
                cursor = name.lowerBound
                throw fail(.expectedSizeAttribute)
            }
            value.attribute = attribute
        }
        return value
    }

    func add(_ a: VFLLinear, _ b: VFLLinear) throws(Failure) -> VFLLinear {
        if a.view != nil && b.view != nil { throw fail(.secondViewInPredicate) }
        var sum = a.view != nil ? a : b
        sum.constant = a.constant + b.constant
        guard sum.isFinite else { throw fail(.nonFiniteNumber) }
        return sum
    }

    func multiply(_ a: VFLLinear, _ b: VFLLinear) throws(Failure) -> VFLLinear {
        if a.view != nil && b.view != nil { throw fail(.productOfViews) }
        var product = a.view != nil ? a : b
        let factor = a.view != nil ? b.constant : a.constant
        if product.view != nil { product.multiplier *= factor }
        product.constant = a.view != nil || b.view != nil
            ? product.constant * factor : a.constant * b.constant
        guard product.isFinite else { throw fail(.nonFiniteNumber) }
        return product
    }

    func divide(_ a: VFLLinear, _ b: VFLLinear) throws(Failure) -> VFLLinear {
        if b.view != nil { throw fail(.divisionByView) }
        if b.constant == 0 { throw fail(.divisionByZero) }
        var quotient = a
        if quotient.view != nil { quotient.multiplier /= b.constant }
        quotient.constant /= b.constant
        guard quotient.isFinite else { throw fail(.nonFiniteNumber) }
        return quotient
    }
}
