import RatiteSupport

/// A readable picture of the tableau, for debugging and for fuzzer reports.
extension SimplexCore {
    /// A symbol's name: the variable's name for externals, else a kind letter and id with the
    /// owning constraint (`s12<c3>` is constraint 3's slack).
    func describeSymbol(_ s: Int32) -> String {
        let record = tableau.symbols[Int(s)]
        switch kind(s) {
        case .external:
            let v = record.owner
            let name = v >= 0 && Int(v) < registry.variables.count ? name(ofVariable: v) : ""
            return name.isEmpty ? "v\(v)" : name
        case .slack: return "s\(s)<c\(record.owner)>"
        case .error: return "e\(s)<c\(record.owner)>"
        case .dummy: return record.owner < 0 ? "b\(s)" : "d\(s)<c\(record.owner)>"
        case .artificial: return "a\(s)"
        case .unused: return "?\(s)"
        }
    }

    private func describe(_ row: Row) -> String {
        var text = formatNumber(row.constant)
        for t in cells(of: row) {
            let sign = t.coefficient < 0 ? " - " : " + "
            let magnitude = abs(t.coefficient)
            text += sign + (magnitude == 1 ? "" : formatNumber(magnitude) + "*") + describeSymbol(t.symbol)
        }
        return text
    }

    /// The tableau in labelled sections: objective levels, LP rows, definitions (by level),
    /// infeasible rows, edit variables and constraints.
    package func dump() -> String {
        var out = "Objective\n"
        for l in objective.levelOrder {
            let level = objective.levels[Int(l)]
            var line = "  [\(formatNumber(level.priority))] value \(formatNumber(level.constant)):"
            for s in Int32(0)..<Int32(tableau.symbols.count) {
                let c = objectiveCoefficient(s, level: l)
                if c != 0 { line += " \(formatNumber(c))*\(describeSymbol(s))" }
            }
            out += line + "\n"
        }
        var definitions: [(Int32, Int32)] = []
        var bundles: [Row] = []
        out += "LP rows\n"
        for (r, row) in tableau.rows.elements.enumerated() where !row.isUnused {
            if isBundleRow(row) {
                bundles.append(row)
            } else if row.isDefinition {
                definitions.append((row.level, Int32(r)))
            } else {
                out += "  \(describeSymbol(row.basic)) = \(describe(row))\n"
            }
        }
        out += "Definitions\n"
        for (level, r) in definitions.sorted(by: {
            $0.0 < $1.0 || ($0.0 == $1.0 && tableau.rows[Int($0.1)].basic < tableau.rows[Int($1.1)].basic)
        }) {
            let row = tableau.rows[Int(r)]
            out += "  [\(level)] \(describeSymbol(row.basic)) = \(describe(row))\n"
        }
        if !bundles.isEmpty {
            out += "Bundles\n"
            for row in bundles { out += "  \(describeSymbol(row.basic)) = \(describe(row))\n" }
        }
        out += "Infeasible\n"
        for b in operation.infeasible { out += "  \(describeSymbol(b))\n" }
        out += "Edit variables\n"
        for record in registry.variables.elements where record.isAlive && record.edit >= 0 {
            out += "  \(describeSymbol(record.symbol)) via c\(record.edit)"
                + " suggested \(formatNumber(-registry.constraints[Int(record.edit)].constant))\n"
        }
        out += "Constraints\n"
        for (c, record) in registry.constraints.elements.enumerated() where record.isAlive {
            var text = terms(of: record).map { "\(formatNumber($0.coefficient))*\(name(ofVariable: $0.variable))" }
                .joined(separator: " + ")
            if text.isEmpty { text = "0" }
            out += "  c\(c): \(text) + \(formatNumber(record.constant)) \(record.relation.symbol) 0"
                + " @\(formatNumber(priority(ofConstraint: Int32(c))))"
                + (record.isSplit ? " below @\(formatNumber(lowerPriority(ofConstraint: Int32(c))))" : "")
            out += " marker \(describeSymbol(record.marker))"
                + (record.other >= 0 ? " other \(describeSymbol(record.other))" : "") + "\n"
        }
        return out
    }
}
