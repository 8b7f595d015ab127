/// Reading numbers the way Apple's parser does: with C's `strtod` in the C locale, so
/// `5.`, `-.5`, `1e3`, `0x1p4`, `-inf` and `nan(7)` are all numbers, and `0x` is the number
/// `0` followed by an `x`.
enum VFLNumber {
    /// The number at the start of `text[start..<end]` and where it ends, or nil when
    /// `strtod` would convert nothing there. Only a leading `-` is taken as a sign (callers
    /// start at a `-` or a digit, as Apple's parser does).
    static func scan(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> (value: Double, end: Int)?
    {
        var i = start
        let negative = i < end && text[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard i < end else { return nil }
        if let special = scanSpecial(text, from: i, to: end) {
            return (negative ? -special.value : special.value, special.end)
        }
        if let hexEnd = scanHex(text, from: i, to: end) {
            return convert(text, from: start, to: hexEnd)
        }
        return scanDecimal(text, from: start, digitsFrom: i, to: end, negative: negative)
    }

    /// `inf`, `infinity` and `nan` with an optional `(chars)`, in any case.
    private static func scanSpecial(_ text: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int)
        -> (value: Double, end: Int)?
    {
        if matches(text, i, end, "inf") {
            return (.infinity, matches(text, i + 3, end, "inity") ? i + 8 : i + 3)
        }
        guard matches(text, i, end, "nan") else { return nil }
        var j = i + 3
        if j < end, text[j] == UInt8(ascii: "(") {
            var k = j + 1
            while k < end, VFLByte.isNameByte(text[k]) { k += 1 }
            if k < end, text[k] == UInt8(ascii: ")") { j = k + 1 }
        }
        return (.nan, j)
    }

    /// The end of a hexadecimal number (`0x1.8p3`) starting at `i`, or nil when there is
    /// none: `0x` needs at least one hex digit, else `strtod` reads just the `0`.
    private static func scanHex(_ text: UnsafeBufferPointer<UInt8>, from i: Int, to end: Int) -> Int? {
        guard i + 1 < end, text[i] == UInt8(ascii: "0"), text[i + 1] | 0x20 == UInt8(ascii: "x")
        else { return nil }
        var j = i + 2
        var digits = 0
        while j < end, VFLByte.isHexDigit(text[j]) { j += 1; digits += 1 }
        if j < end, text[j] == UInt8(ascii: ".") {
            j += 1
            while j < end, VFLByte.isHexDigit(text[j]) { j += 1; digits += 1 }
        }
        guard digits > 0 else { return nil }
        return exponentEnd(text, from: j, to: end, marker: UInt8(ascii: "p"))
    }

    /// A decimal number: digits with an optional point, at least one digit, then an optional
    /// exponent that counts only when it has digits.
    private static func scanDecimal(
        _ text: UnsafeBufferPointer<UInt8>, from start: Int, digitsFrom i: Int, to end: Int,
        negative: Bool
    ) -> (value: Double, end: Int)? {
        var j = i
        // Small integers are by far the most common; they convert exactly without a string.
        var integer: Int64 = 0
        while j < end, VFLByte.isDigit(text[j]) {
            if j - i < 15 { integer = integer &* 10 &+ Int64(text[j] &- UInt8(ascii: "0")) }
            j += 1
        }
        var digits = j - i
        var simple = digits <= 15
        if j < end, text[j] == UInt8(ascii: ".") {
            j += 1
            simple = false
            let fractionStart = j
            while j < end, VFLByte.isDigit(text[j]) { j += 1 }
            digits += j - fractionStart
        }
        guard digits > 0 else { return nil }
        let afterExponent = exponentEnd(text, from: j, to: end, marker: UInt8(ascii: "e"))
        if simple && afterExponent == j {
            let value = Double(integer)
            return (negative ? -value : value, j)
        }
        return convert(text, from: start, to: afterExponent)
    }

    /// Where an exponent (`e-3`, `p+4`) starting at `j` ends; `j` itself when there is none.
    private static func exponentEnd(_ text: UnsafeBufferPointer<UInt8>, from j: Int, to end: Int,
                                    marker: UInt8) -> Int {
        guard j < end, text[j] | 0x20 == marker else { return j }
        var k = j + 1
        if k < end, text[k] == UInt8(ascii: "+") || text[k] == UInt8(ascii: "-") { k += 1 }
        let digitsStart = k
        while k < end, VFLByte.isDigit(text[k]) { k += 1 }
        return k > digitsStart ? k : j
    }

    /// Converts text already known to be a complete `strtod` number; Swift's conversion
    /// reads the same syntax.
    private static func convert(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> (value: Double, end: Int)?
    {
        let string = String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)
        guard let value = Double(string) else { return nil }
        return (value, end)
    }

    private static func matches(_ text: UnsafeBufferPointer<UInt8>, _ i: Int, _ end: Int,
                                _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard i >= 0, end - i >= count else { return false }
        let bytes = word.utf8Start
        for k in 0..<count where text[i + k] | 0x20 != bytes[k] { return false }
        return true
    }
}
