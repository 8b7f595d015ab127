import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteSolver

/// When several errors of one priority could absorb an edit at the same cost, the dual
/// simplex lets the newest one absorb it: in a layout built toward its edit (a row whose
/// last view meets the window's edge) that is the error nearest the edit, so a resize moves
/// a few values instead of every view after the first.
@Suite struct ResizeLocalityTests {
    /// `left0 == 20`, `left(i+1) == left(i) + width(i) + 8`, `width(i) >= 10`,
    /// `width(i) == 50 @weak`, `W == left(n-1) + width(n-1) + 20`, `W` a strong edit.
    struct Chain {
        let solver = Solver()
        var lefts: [Variable] = [], widths: [Variable] = []
        let w = Variable("W")

        init(views n: Int) throws {
            for i in 0..<n {
                let left = Variable("left\(i)"), width = Variable("width\(i)")
                if i == 0 {
                    try solver.add(left == 20)
                } else {
                    try solver.add(left == lefts[i - 1] + widths[i - 1] + 8)
                }
                try solver.add(width >= 10)
                try solver.add((width == 50).priority(.weak))
                lefts.append(left)
                widths.append(width)
            }
            try solver.add(w == lefts[n - 1] + widths[n - 1] + 20)
            try solver.addEditVariable(w, priority: .strong)
        }
    }

    @Test(arguments: [2, 10, 200])
    func chainResizeMovesOnlyTheLastWidth(views n: Int) throws {
        let chain = try Chain(views: n)
        let natural = Double(58 * n + 32)
        try chain.solver.suggestValue(chain.w, natural + 100)
        chain.solver.update()
        for size in [natural + 130, natural + 70, natural + 250] {
            try chain.solver.suggestValue(chain.w, size)
            let changed = Set(chain.solver.update().map(\.name))
            #expect(changed == ["W", "width\(n - 1)"])
            #expect(chain.solver.value(of: chain.widths[n - 1]) == 50 + size - natural)
            #expect(chain.solver.value(of: chain.w) == size)
        }
        for i in 0..<(n - 1) { #expect(chain.solver.value(of: chain.widths[i]) == 50) }
    }

    /// A shrink by more than one view can give (widths stop at 10) takes from two views:
    /// one down to its minimum, the other the rest; every other width stays at 50.
    @Test func shrinkPastOneViewsMinimumTakesFromTwoViews() throws {
        let n = 5
        let chain = try Chain(views: n)
        let natural = Double(58 * n + 32)
        try chain.solver.suggestValue(chain.w, natural - 60)
        chain.solver.update()
        let widths = chain.widths.map { chain.solver.value(of: $0) }
        #expect(widths.filter { $0 != 50 }.sorted() == [10, 30])
        #expect(chain.solver.value(of: chain.w) == natural - 60)
    }
}
