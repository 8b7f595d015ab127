import Testing
@testable import Ratite

/// Cells of ±1 keep their coefficient in the symbol word (see `CellPool`): every way in and
/// out of the pool gives back exactly what went in, and a tableau of such cells writes
/// nothing into the coefficient buffer, so none of its pages become resident.
@Suite struct CellEncodingTests {
    /// Coefficients next to ±1 that must stay stored as they are, and the two that are not.
    static let coefficients: [Double] = [
        1, -1, 2, -2, 0.5, 1.0000000000000002, 0.9999999999999999, -1.0000000000000002, 1e-11, -3e300, .ulpOfOne, 1, -1,
    ]

    /// The cells the pool is filled with: symbols up to the largest a word can hold.
    static let cells: [Cell] = coefficients.enumerated().map { k, c in
        Cell(symbol: k == 0 ? Int32(CellPool.symbolLimit - 1) : Int32(k * 7919), coefficient: c)
    }

    func expectHolds(_ pool: borrowing CellPool, _ cells: [Cell], from start: Int = 0) {
        for (k, cell) in cells.enumerated() {
            let i = start + k
            #expect(pool[i] == cell)
            #expect(pool.symbol(at: i) == cell.symbol)
            #expect(pool.coefficient(at: i).bitPattern == cell.coefficient.bitPattern, "cell \(i)")
        }
        #expect(Array(pool[start ..< start + cells.count]) == cells)
    }

    @Test func everyAccessGivesBackWhatWentIn() {
        let cells = Self.cells
        var pool = CellPool()
        pool.append(contentsOf: cells)
        expectHolds(pool, cells)
        for k in cells.indices { pool.appendCopy(of: k) }
        expectHolds(pool, cells, from: cells.count)
        expectHolds(pool.copy(), cells + cells)
        // Rewriting a ±1 cell as a stored one and back, as sorting rows in place does.
        pool.set(Cell(symbol: 5, coefficient: 3.25), at: 0)
        pool.set(Cell(symbol: 6, coefficient: 0.5), at: 1)
        pool.set(Cell(symbol: 7, coefficient: -1), at: 2)
        expectHolds(pool, [Cell(symbol: 5, coefficient: 3.25), Cell(symbol: 6, coefficient: 0.5), Cell(symbol: 7, coefficient: -1)])
        // A compaction moves the second copy down over the first.
        pool.moveCells(cells.count ..< 2 * cells.count, to: 0)
        pool.truncate(to: cells.count)
        expectHolds(pool, cells)
    }

    func residentCoefficientPages(_ family: SystemFamily) throws -> (resident: Int?, cells: Int) {
        let system = family.generate(n: 3000, seed: 4)
        let d = try SolverScalingTests().build(system, resize: true).driver
        #expect(d.problems() == [])
        return (d.core.cellPool.residentCoefficientPages, d.core.cellPool.count)
    }

    /// The random family's tableau is ±1 throughout (a basis of differences has an inverse
    /// of ±1 and 0), so after building, resizing and compacting it holds no resident
    /// coefficient page; the grid's (with its 1/2 and 1/3) does, which shows the check can
    /// see one.
    @Test func aTableauOfUnitCellsLeavesTheCoefficientsUnwritten() throws {
        let random = try residentCoefficientPages(.random)
        guard let resident = random.resident else { return }  // no mincore here
        #expect(random.cells > 20_000)
        #expect(resident == 0)
        let grid = try residentCoefficientPages(.grid)
        #expect(grid.resident.map { $0 > 10 } == true, "\(grid)")
    }
}
