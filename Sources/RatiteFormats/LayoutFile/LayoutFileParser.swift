import RatiteModel
import RatiteSolver
import RatiteSupport
import RatiteVFL

/// The parser of layout files (`ratite layout`). One statement per line, `#` comments:
///
/// ```
/// view root size 320x480
/// guide topGuide in root
/// view label in root intrinsic 42x21 hugging 251 baseline 17
/// view field in root intrinsic 97x30 baseline 21
/// metric gap = 8
/// label.leading == root.leadingMargin
/// field.leading == label.trailing + gap @defaultHigh id=spacing
/// field.width == 2 * label.width @250
/// field.lastBaseline == label.lastBaseline
/// H:|-[label]-gap-[field]-|  options=alignAllLastBaseline
/// ```
///
/// Item properties: `in PARENT`, `size WxH` (root views), `intrinsic WxH` (`-` for no
/// value on an axis), `hugging H[,V]` and `compression H[,V]` (priorities, numbers or
/// names; one value sets the horizontal priority), `baseline FIRST[,LAST]` (the first
/// baseline below the top and the last above the bottom, as UIKit measures them; one value
/// is a single line of text, whose last baseline is the intrinsic height minus FIRST above
/// the bottom), `margins ALL` or `margins TOP,LEADING,BOTTOM,TRAILING`, `direction ltr|rtl`,
/// `frame X,Y,W,H` with `autoresizing FLAG,...|none` (translates an autoresizing mask),
/// and for guides `insets ALL` or `insets TOP,LEADING,BOTTOM,TRAILING` (pinned inside the
/// owner). Lines starting with `H:`, `V:`, `|` or `[` are VFL, with options after blanks.
/// `platform ios|macos` sets the conventions of the VFL lines after it (see
/// `LayoutPlatform`; iOS by default).
///
/// Steps: `step [NAME]` lays out everything above it; the lines after it change the layout
/// up to the next step: `set ITEM PROPERTIES` (intrinsic, hugging, compression, baseline,
/// margins, direction), `constant ID VALUE`, `priority ID PRIORITY`, `activate ID,...`,
/// `deactivate ID,...` (constraints written with `id=ID`), `resize ROOT WxH`, and new
/// constraints. Constants, multipliers and priorities may name metrics declared above.
public enum LayoutFileParser {
    /// Parses a whole layout file. VFL lines are kept as text; `LayoutFileBuilder` parses them
    /// against the engine's items.
    /// - Throws: `TextFileError` at the first malformed line.
    /// - Complexity: proportional to the length of `text`.
    public static func parse(_ text: String) throws(TextFileError) -> LayoutFile {
        var file = LayoutFile()
        // Metrics declared so far, for constants, multipliers and priorities written by name.
        var metrics: [String: Double] = [:]
        try LineScanner.forEachLine(in: text) { (scanner: inout LineScanner) throws(TextFileError) in
            guard let statement = try scanner.layoutStatement(metrics: metrics) else { return }
            if case .metric(let name, let value, _) = statement { metrics[name] = value }
            file.statements.append(statement)
        }
        return file
    }
}

extension LineScanner {
    mutating func layoutStatement(metrics: [String: Double]) throws(TextFileError) -> LayoutFile.Statement? {
        skipBlanks()
        guard let c = current else { return nil }
        let first = position
        if peekWord("view") || peekWord("guide") {
            return .item(try itemDeclaration())
        }
        if peekWord("metric") {
            position += 6
            skipBlanks()
            let at = position
            guard let name = identifier() else { throw error("expected a metric name", at: at) }
            skipBlanks()
            guard take("=") else { throw error("expected '=' after the metric name", at: position) }
            skipBlanks()
            let value = try number(signed: true)
            try expectEnd()
            return .metric(name: name, value: value, location: location(first))
        }
        if peekWord("step") {
            position += 4
            skipBlanks()
            let name = atEnd ? "" : text(from: position)
            position = end
            return .step(name: name, location: location(first))
        }
        if let change = try changeStatement(metrics: metrics) { return .change(change, location: location(first)) }
        if peekWord("platform") {
            position += 8
            skipBlanks()
            let at = position
            guard let name = word(), let platform = LayoutPlatform(name: name) else {
                throw error("expected 'ios' or 'macos' after 'platform'", at: at)
            }
            try expectEnd()
            return .platform(platform, location: location(first))
        }
        let startsFormat = c == UInt8(ascii: "|") || c == UInt8(ascii: "[")
            || ((c == UInt8(ascii: "H") || c == UInt8(ascii: "V"))
                && position + 1 < end && bytes[position + 1] == UInt8(ascii: ":"))
        if startsFormat {
            let text = self.text(from: first)
            guard let format = word() else { throw error("expected a format", at: first) }
            var options: [String] = []
            skipBlanks()
            if !atEnd {
                let at = position
                guard let option = word(), option.hasPrefix("options=") else {
                    throw error("expected 'options=NAME,...' after the format", at: at)
                }
                options = option.dropFirst(8).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                try expectEnd()
            }
            return .format(LayoutFile.Format(format: format, options: options, location: location(first), text: text))
        }
        return .constraint(try constraintDeclaration(metrics: metrics))
    }

    /// A step's change (`set`, `constant`, `priority`, `activate`, `deactivate`,
    /// `resize`), or nil when the line is something else.
    private mutating func changeStatement(metrics: [String: Double]) throws(TextFileError) -> LayoutFile.Change? {
        for keyword in ["set", "constant", "priority", "activate", "deactivate", "resize"] where peekWord(keyword) {
            position += keyword.utf8.count
            skipBlanks()
            let nameAt = position
            let what = keyword == "set" || keyword == "resize" ? "an item name" : "a constraint id"
            guard let name = identifier() else { throw error("expected \(what) after '\(keyword)'", at: nameAt) }
            let nameLocation = location(nameAt)
            skipBlanks()
            switch keyword {
            case "set":
                var item = LayoutFile.Item(name: name, kind: .view, location: nameLocation)
                try itemProperties(
                    into: &item, allowed: ["intrinsic", "hugging", "compression", "baseline", "margins", "direction"])
                guard !(item.intrinsic == nil && item.hugging == (nil, nil) && item.compression == (nil, nil)
                        && item.baselines == nil && item.margins == nil && item.direction == nil) else {
                    throw error(
                        "expected properties to set: intrinsic, hugging, compression, baseline, margins or direction",
                        at: position)
                }
                return .properties(item)
            case "constant":
                let value = try value(metrics: metrics)
                try expectEnd()
                return .constant(id: name, value: value, idLocation: nameLocation)
            case "priority":
                let at = position
                var priority: Priority
                if let metric = peekIdentifier().flatMap({ metrics[$0] }) {
                    _ = identifier()
                    priority = Priority(metric)
                    guard priority.isValid else {
                        throw error(
                            "invalid priority \(formatNumber(metric)): priorities must be greater than 0 "
                                + "and at most 1000",
                            at: at)
                    }
                } else {
                    priority = try priorityValue()
                }
                try expectEnd()
                return .priority(id: name, priority: priority, idLocation: nameLocation)
            case "activate", "deactivate":
                var ids = [(name, nameLocation)]
                while take(",") {
                    skipBlanks()
                    let at = position
                    guard let id = identifier() else { throw error("expected a constraint id after ','", at: at) }
                    ids.append((id, location(at)))
                    skipBlanks()
                }
                try expectEnd()
                return .activation(ids: ids, active: keyword == "activate")
            default:
                let (w, h) = try sizeValue(optionalParts: false)
                try expectEnd()
                return .resize(item: name, width: w ?? 0, height: h ?? 0, itemLocation: nameLocation)
            }
        }
        return nil
    }

    private mutating func itemDeclaration() throws(TextFileError) -> LayoutFile.Item {
        let first = position
        let kind: LayoutItem.Kind = peekWord("view") ? .view : .guide
        position += kind == .view ? 4 : 5
        skipBlanks()
        let nameAt = position
        guard let name = identifier() else { throw error("expected an item name", at: nameAt) }
        var item = LayoutFile.Item(name: name, kind: kind, location: location(first))
        try itemProperties(into: &item, allowed: nil)
        if kind == .guide && item.parent == nil {
            throw error("a guide needs an owner: 'guide \(name) in VIEW'", at: nameAt)
        }
        if item.autoresizing != nil && item.frame == nil { throw error("'autoresizing' needs a 'frame'", at: nameAt) }
        if kind == .guide && (item.intrinsic != nil || item.frame != nil || item.size != nil) {
            throw error("a guide has no intrinsic size, frame or size; constrain it or give it insets", at: nameAt)
        }
        return item
    }

    /// Reads `key value` properties to the end of the line into `item`; `allowed` (nil:
    /// every property) limits them, for `set` in a step.
    private mutating func itemProperties(into item: inout LayoutFile.Item, allowed: [String]?) throws(TextFileError) {
        let kind = item.kind
        while true {
            skipBlanks()
            if atEnd { break }
            let keyAt = position
            guard let key = identifier() else {
                throw error("expected a property name but found '\(describe(bytes[position]))'", at: keyAt)
            }
            skipBlanks()
            let valueAt = position
            if let allowed, !allowed.contains(key) {
                throw error("'\(key)' cannot be set in a step; expected " + allowed.joined(separator: ", ")
                    + (key == "size" ? " (resize a root view with 'resize ROOT WxH')" : ""), at: keyAt)
            }
            switch key {
            case "in":
                item.parentLocation = location(position)
                guard let parent = identifier() else {
                    throw error("expected the name of the parent item", at: valueAt)
                }
                item.parent = parent
            case "size":
                let (w, h) = try sizeValue(optionalParts: false)
                item.size = (w ?? 0, h ?? 0)
            case "intrinsic":
                let (w, h) = try sizeValue(optionalParts: true)
                item.intrinsic = IntrinsicSize(width: w, height: h)
            case "hugging", "compression":
                var priorities = [try priorityValue()]
                while take(",") { priorities.append(try priorityValue()) }
                guard priorities.count <= 2 else {
                    throw error(
                        "'\(key)' takes 1 or 2 comma-separated priorities, not \(priorities.count)", at: valueAt)
                }
                let pair = (priorities[0], priorities.count > 1 ? priorities[1] : nil)
                if key == "hugging" { item.hugging = (pair.0, pair.1) } else { item.compression = (pair.0, pair.1) }
            case "baseline":
                let values = try numberList(counts: [1, 2], name: key)
                item.baselines = (values[0], values.count > 1 ? values[1] : nil)
            case "margins", "insets":
                let values = try numberList(counts: [1, 4], name: key)
                let insets = values.count == 1
                    ? DirectionalInsets(all: values[0])
                    : DirectionalInsets(top: values[0], leading: values[1], bottom: values[2], trailing: values[3])
                if key == "margins" { item.margins = insets } else {
                    guard kind == .guide else { throw error("only guides have insets; views have margins", at: keyAt) }
                    item.insets = insets
                }
            case "direction":
                switch word() {
                case "ltr": item.direction = .leftToRight
                case "rtl": item.direction = .rightToLeft
                default: throw error("expected 'ltr' or 'rtl'", at: valueAt)
                }
            case "frame":
                let v = try numberList(counts: [4], name: key)
                guard v[2] >= 0, v[3] >= 0 else {
                    throw error("a frame's width and height cannot be negative", at: valueAt)
                }
                item.frame = Frame(x: v[0], y: v[1], width: v[2], height: v[3])
            case "autoresizing":
                guard let list = word() else { throw error("expected autoresizing flags or 'none'", at: valueAt) }
                var mask: AutoresizingMask = []
                if list != "none" {
                    var offset = valueAt
                    for flag in list.split(separator: ",", omittingEmptySubsequences: false) {
                        guard let (_, value) = AutoresizingMask.names.first(where: { $0.0 == flag }) else {
                            throw error("unknown autoresizing flag '\(flag)'; expected "
                                + AutoresizingMask.names.map(\.0).joined(separator: ", ") + " or none", at: offset)
                        }
                        mask.insert(value)
                        offset += flag.utf8.count + 1
                    }
                }
                item.autoresizing = mask
            default:
                throw error(
                    "unknown property '\(key)'; expected in, size, intrinsic, hugging, compression, baseline, margins, "
                        + "direction, frame, autoresizing or insets", at: keyAt)
            }
        }
    }

    /// `WxH`, where with `optionalParts` either side may be `-`.
    private mutating func sizeValue(optionalParts: Bool) throws(TextFileError) -> (Double?, Double?) {
        func part(_ scanner: inout LineScanner) throws(TextFileError) -> Double? {
            if optionalParts && scanner.take("-") { return nil }
            let at = scanner.position
            let value = try scanner.number()
            guard value >= 0 else { throw scanner.error("a size cannot be negative", at: at) }
            return value
        }
        let w = try part(&self)
        guard take("x") else { throw error("expected 'x' between width and height (like 320x480)", at: position) }
        let h = try part(&self)
        return (w, h)
    }

    /// Comma-separated numbers, as many as one of `counts`.
    private mutating func numberList(counts: [Int], name: String) throws(TextFileError) -> [Double] {
        let at = position
        var values = [try number(signed: true)]
        while take(",") { values.append(try number(signed: true)) }
        guard counts.contains(values.count) else {
            let expected = counts.map(String.init).joined(separator: " or ")
            throw error("'\(name)' takes \(expected) comma-separated numbers, not \(values.count)", at: at)
        }
        return values
    }

    /// `item.attribute`, with the location of the item name.
    private mutating func itemAttribute() throws(TextFileError) -> (String, Attribute, TextLocation) {
        let at = position
        guard let item = identifier() else {
            if let c = current { throw error("expected an item name but found '\(describe(c))'", at: at) }
            throw error("expected an item name", at: at)
        }
        guard take(".") else { throw error("expected '.' and an attribute after '\(item)'", at: position) }
        let attributeAt = position
        guard let name = identifier(), let attribute = Attribute(name: name), attribute != .notAnAttribute else {
            let names = Attribute.allCases.filter { $0 != .notAnAttribute }.map(\.rawValue)
            throw error("unknown attribute; expected one of " + names.joined(separator: ", "), at: attributeAt)
        }
        return (item, attribute, location(at))
    }

    /// A number, or the name of a metric declared earlier, optionally negated.
    private mutating func value(metrics: [String: Double], signed: Bool = true) throws(TextFileError) -> Double {
        if let c = current,
            isNameStart(c)
                || (signed && c == UInt8(ascii: "-") && position + 1 < end && isNameStart(bytes[position + 1]))
        {
            let negative = take("-")
            let nameAt = position
            let name = identifier()!
            guard let value = metrics[name] else {
                throw error("unknown metric '\(name)' (metrics must be declared before they are used)", at: nameAt)
            }
            return negative ? -value : value
        }
        return try number(signed: signed)
    }

    /// Whether an item name and `.` come next (`item.attribute`), not a metric.
    private func atItemAttribute() -> Bool {
        guard let c = current, isNameStart(c) else { return false }
        var i = position
        while i < end && isNameContinue(bytes[i]) { i += 1 }
        return i < end && bytes[i] == UInt8(ascii: ".")
    }

    /// `[m *] item.attr [* m | / m] [+|- c]`, `c` or `c * c`, where m and c are numbers or
    /// metrics.
    private mutating func constraintDeclaration(
        metrics: [String: Double]
    ) throws(TextFileError) -> LayoutFile.Constraint {
        let first = position
        let text = self.text(from: first)
        let (firstItem, firstAttribute, firstLocation) = try itemAttribute()
        skipBlanks()
        guard let relation = relation() else { throw error("expected '==', '<=' or '>='", at: position) }
        skipBlanks()
        var declaration = LayoutFile.Constraint(
            firstItem: firstItem, firstAttribute: firstAttribute, relation: relation, secondItem: nil,
            secondAttribute: .notAnAttribute, multiplier: 1, constant: 0, priority: .required, identifier: nil,
            location: location(first), text: text, firstItemLocation: firstLocation, secondItemLocation: nil)
        var leadingFactor: Double? = nil
        if !atItemAttribute() {
            let value = try value(metrics: metrics)
            skipBlanks()
            if take("*") {
                skipBlanks()
                if atItemAttribute() {
                    leadingFactor = value
                } else {
                    declaration.constant = value * (try self.value(metrics: metrics))
                }
            } else {
                declaration.constant = value
            }
        }
        if atItemAttribute() {
            let (item, attribute, at) = try itemAttribute()
            declaration.secondItem = item
            declaration.secondAttribute = attribute
            declaration.secondItemLocation = at
            declaration.multiplier = leadingFactor ?? 1
            skipBlanks()
            if let op = current, op == UInt8(ascii: "*") || op == UInt8(ascii: "/") {
                guard leadingFactor == nil else {
                    throw error("the multiplier is already given before the item", at: position)
                }
                position += 1
                skipBlanks()
                let at = position
                let factor = try value(metrics: metrics)
                if op == UInt8(ascii: "/") {
                    guard factor != 0 else { throw error("division by zero", at: at) }
                    declaration.multiplier = 1 / factor
                } else {
                    declaration.multiplier = factor
                }
                skipBlanks()
            }
            if let sign = current, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                position += 1
                skipBlanks()
                declaration.constant = try value(metrics: metrics, signed: false) * (sign == UInt8(ascii: "-") ? -1 : 1)
            }
        }
        skipBlanks()
        if current == UInt8(ascii: "@") {
            position += 1
            skipBlanks()
            let at = position
            if let c = current, isNameStart(c), let value = peekIdentifier().flatMap({ metrics[$0] }) {
                _ = identifier()
                guard Priority(value).isValid else {
                    throw error(
                        "invalid priority \(formatNumber(value)): priorities must be greater than 0 and at most 1000",
                        at: at)
                }
                declaration.priority = Priority(value)
            } else {
                declaration.priority = try priorityValue()
            }
        }
        skipBlanks()
        if !atEnd {
            let at = position
            guard let token = word(), token.hasPrefix("id="), token.count > 3 else {
                throw error("expected '@PRIORITY' or 'id=NAME' here", at: at)
            }
            declaration.identifier = String(token.dropFirst(3))
        }
        try expectEnd()
        return declaration
    }
}
