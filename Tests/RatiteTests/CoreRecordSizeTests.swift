import Testing
@testable import Ratite

/// The per-constraint records are what a 100k-constraint build's memory is made of (see the
/// issue's 300-bytes-per-constraint target): a field added in the wrong place grows them by
/// a whole alignment step.
@Suite struct CoreRecordSizeTests {
    @Test func recordsKeepTheirPackedSizes() {
        #expect(MemoryLayout<ConstraintRecord>.stride == 40)
        #expect(MemoryLayout<SymbolRecord>.stride == 24)
        #expect(MemoryLayout<Row>.stride == 24)
        #expect(MemoryLayout<VariableRecord>.stride == 24)
        #expect(MemoryLayout<ColumnNode>.stride == 8)
    }

    /// Freed heap pages go back to the system each time the big arrays have grown by a
    /// megabyte past the floor (lowered here from 32 MiB), and never below it.
    @Test func freedPagesGoBackOnlyAfterLargeGrowth() throws {
        var d = CoreDriver(variableCount: 0)
        #expect(d.core.trimmingFloor == defaultTrimmingFloor)
        d.core.trimmingFloor = 1 << 20
        var previous = d.core.newVariable(name: "v0")
        var trims: [Int] = []
        for i in 1..<20000 {
            let v = d.core.newVariable(name: "v\(i)")
            _ = try d.core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1), VariableTerm(variable: previous, coefficient: -1)],
                constant: -1, relation: .equal, priority: 1000)
            previous = v
            if d.core.reservedAtLastTrim != trims.last ?? 0 { trims.append(d.core.reservedAtLastTrim) }
            if d.core.reservedBytes < d.core.trimmingFloor { #expect(trims.isEmpty) }
        }
        #expect(trims.count >= 2)
        for (a, b) in zip([0] + trims, trims) { #expect(b - a >= trimmingStep) }
        #expect(d.core.reservedBytes - trims.last! < trimmingStep)
    }

    /// The workspace's dense arrays grow by an eighth, not by doubling: a build writes only
    /// a little more than one entry per symbol.
    @Test func workspaceCoversSymbolsWithoutDoubling() throws {
        var d = CoreDriver(variableCount: 0)
        var previous = d.core.newVariable(name: "v0")
        for i in 1..<3000 {
            let v = d.core.newVariable(name: "v\(i)")
            _ = try d.core.addConstraint(
                terms: [VariableTerm(variable: v, coefficient: 1), VariableTerm(variable: previous, coefficient: -1)],
                constant: -1, relation: .equal, priority: 1000)
            previous = v
        }
        let symbols = d.core.symbols.count
        #expect(d.core.workspace.coefficients.count >= symbols)
        #expect(d.core.workspace.coefficients.count <= symbols + symbols / 8 + 64)
    }
}
