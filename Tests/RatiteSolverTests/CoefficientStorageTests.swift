import RatiteGenerate
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// Cells of ±1 keep their coefficient in the symbol word (see `CellPool`), and objective
/// coefficients that are small integers in a byte (see `ObjectiveNodeStore`): every way in
/// and out gives back exactly what went in, and a tableau of such coefficients writes
/// nothing into either coefficient buffer, so none of their pages become resident.
@Suite struct CoefficientStorageTests {
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
        expectHolds(pool, [Cell(symbol: 5, coefficient: 3.25), Cell(symbol: 6, coefficient: 0.5),
                           Cell(symbol: 7, coefficient: -1)])
        // A compaction moves the second copy down over the first.
        pool.moveCells(cells.count ..< 2 * cells.count, to: 0)
        pool.truncate(to: cells.count)
        expectHolds(pool, cells)
    }

    @Test func objectiveNodesGiveBackWhatWentIn() {
        let coefficients: [Double] = [1, -1, 0, 19, -127, 127, -128, 128, 0.5, -0.0, 1e300, -3, 2]
        var store = ObjectiveNodeStore()
        let nodes = coefficients.enumerated().map { k, c in
            ObjectiveNode(level: Int32(k % 3) - 1, next: Int32(k) - 1, coefficient: c)
        }
        for node in nodes { store.append(node) }
        func expectHolds(_ store: borrowing ObjectiveNodeStore, _ nodes: [ObjectiveNode]) {
            #expect(store.count == nodes.count)
            for (k, node) in nodes.enumerated() {
                #expect(store.level(at: k) == node.level && store.next(at: k) == node.next)
                #expect(store.coefficient(at: k).bitPattern == node.coefficient.bitPattern, "node \(k)")
                #expect(store[k].coefficient.bitPattern == node.coefficient.bitPattern)
            }
        }
        expectHolds(store, nodes)
        expectHolds(store.copy(), nodes)
        // A coefficient moving between the byte and the buffer, as sums do.
        var changed = nodes
        for (k, c) in [(0, 0.25), (8, 3.0), (6, 5.0), (1, -128.0)] {
            store.setCoefficient(c, at: k)
            changed[k].coefficient = c
        }
        store.setNext(42, at: 2)
        changed[2].next = 42
        store[3] = ObjectiveNode(level: 7, next: 8, coefficient: 1.5)
        changed[3] = ObjectiveNode(level: 7, next: 8, coefficient: 1.5)
        expectHolds(store, changed)
        store.truncate(to: 4)
        expectHolds(store, Array(changed.prefix(4)))
    }

    /// Small integer coefficients leave the buffer's pages alone; one that is not makes its
    /// page resident (so the check can see a written page).
    @Test func smallObjectiveCoefficientsLeaveTheBufferUnwritten() {
        var store = ObjectiveNodeStore()
        // Past the 1 MB at which the buffer becomes a mapping: one written before the move
        // is copied, so its page is resident.
        store.append(ObjectiveNode(level: 0, next: -1, coefficient: 0.25))
        for k in 1 ..< 200_000 { store.append(ObjectiveNode(level: 0, next: -1, coefficient: Double(k % 7 - 3))) }
        #if os(Linux)
        #expect(store.residentCoefficientPages == 1)
        store.setCoefficient(0.5, at: 123_456)
        #expect(store.residentCoefficientPages == 2)
        #expect(store.coefficient(at: 0) == 0.25 && store.coefficient(at: 123_456) == 0.5)
        #endif
    }

    /// A symbol's record holds a row or an objective list, not both, so an objective
    /// coefficient given to a basic symbol goes through its row (as `addToObjective` does),
    /// never into a list the record cannot hold.
    @Test func anObjectiveCoefficientOfABasicSymbolGoesThroughItsRow() throws {
        let system = SystemFamily.random.generate(n: 40, seed: 8)
        let direct = try SolverScalingTests().build(system, resize: false).driver
        let throughRow = try SolverScalingTests().build(system, resize: false).driver
        let basic = (0 ..< Int32(direct.core.tableau.symbols.count)).filter {
            direct.core.kind($0) != .external && direct.core.kind($0) != .unused && direct.core.rowIndex($0) >= 0
        }
        #expect(basic.count > 10)
        let level = direct.core.retainLevel(priority: 300)
        _ = throughRow.core.retainLevel(priority: 300)
        for s in basic {
            var previous: Int32 = -1
            direct.core.addObjectiveCoefficient(s, level: level, 2, after: &previous)
            throughRow.core.addToObjective(s, level: level, weight: 2)
        }
        #expect(direct.core.invariantViolations().filter { !$0.hasPrefix("not optimal") } == [])
        #expect(direct.core.stateFingerprint() == throughRow.core.stateFingerprint())
        #expect(
            basic.allSatisfy { direct.core.tableau.symbols[Int($0)].objective < 0 && direct.core.rowIndex($0) >= 0 })
    }

    func residentCoefficientPages(_ family: SystemFamily) throws
        -> (cells: Int?, storedObjective: Int, cellCount: Int) {
        // Past the 131,072 cells at which the coefficient buffer becomes a mapping.
        let system = family.generate(n: 6000, seed: 4)
        let d = try SolverScalingTests().build(system, resize: true).driver
        #expect(d.problems() == [])
        return (d.core.cells.pool.residentCoefficientPages, d.core.objective.nodes.storedCoefficientCount,
                d.core.cells.pool.count)
    }

    /// The random family's tableau is ±1 throughout (a basis of differences has an inverse
    /// of ±1 and 0) and its objective coefficients small integers, so after building,
    /// resizing and compacting it holds no resident page of cell coefficients and stores no
    /// objective coefficient outside its byte; the grid's cells (with their 1/2 and 1/3)
    /// do make pages resident, which shows the check can see one.
    @Test func aTableauOfUnitCellsLeavesTheCoefficientsUnwritten() throws {
        #if os(Linux)
        let random = try residentCoefficientPages(.random)
        #expect(random.cellCount > 131_072)
        #expect(random.cells == 0)
        // Its objective nodes (fewer than the 131,072 that make a mapping) keep every
        // coefficient in their byte.
        #expect(random.storedObjective == 0)
        let grid = try residentCoefficientPages(.grid)
        #expect(grid.cells.map { $0 > 10 } == true, "\(grid)")
        #endif
    }
}
