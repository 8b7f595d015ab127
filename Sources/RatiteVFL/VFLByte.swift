/// The bytes the grammar is made of.
enum VFLByte {
    static let bar = UInt8(ascii: "|")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")")
    static let dash = UInt8(ascii: "-")
    static let plus = UInt8(ascii: "+")
    static let star = UInt8(ascii: "*")
    static let slash = UInt8(ascii: "/")
    static let comma = UInt8(ascii: ",")
    static let at = UInt8(ascii: "@")
    static let colon = UInt8(ascii: ":")
    static let dot = UInt8(ascii: ".")
    static let equals = UInt8(ascii: "=")
    static let less = UInt8(ascii: "<")
    static let greater = UInt8(ascii: ">")
    static let h = UInt8(ascii: "H")
    static let v = UInt8(ascii: "V")
    static let newline = UInt8(ascii: "\n")
}

extension VFLByte {
    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    @inline(__always) static func isHexDigit(_ c: UInt8) -> Bool {
        VFLByte.isDigit(c) || (c | 0x20) &- UInt8(ascii: "a") < 6
    }

    /// `[A-Za-z_]`: what a view or metric name starts with.
    @inline(__always) static func isNameStart(_ c: UInt8) -> Bool {
        c == UInt8(ascii: "_") || (c | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// `[A-Za-z0-9_]`.
    @inline(__always) static func isNameByte(_ c: UInt8) -> Bool { VFLByte.isNameStart(c) || VFLByte.isDigit(c) }

    /// Whitespace that extended mode allows around tokens (a line break ends the format).
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0B || c == 0x0C
    }
}
