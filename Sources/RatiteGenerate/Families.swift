/// The generated families shared by tests, benchmarks and fuzzers. Each is deterministic
/// for its parameters on every platform. Priorities: required 1000, strong 750, medium 500,
/// weak 250.
public enum SystemFamily: String, CaseIterable, Sendable {
    /// A row of views, each 8 points after the previous one, ending at an edit variable.
    case chain
    /// A square grid of cells with equal widths per row and heights per column.
    case grid
    /// Nested containers, four children each.
    case tree
    /// Random local difference constraints, reproducible from `seed`.
    case random

    /// Generates the family with `n` items (and `seed`, for `random`).
    /// - Complexity: O(n): each family makes a few constraints per item.
    public func generate(n: Int, seed: UInt64 = 1) -> GeneratedSystem {
        switch self {
        case .chain: chainSystem(n: n)
        case .grid: gridSystem(n: n)
        case .tree: treeSystem(n: n)
        case .random: randomSystem(n: n, seed: seed)
        }
    }
}

/// A row of `n` views: `left0 == 20`, `left(i+1) == left(i) + width(i) + 8`,
/// `width(i) >= 10`, `width(i) == 50 @weak`, and `W == left(n-1) + width(n-1) + 20` with `W`
/// an edit variable (strong). Every width changes when `W` does.
func chainSystem(n: Int) -> GeneratedSystem {
    var s = GeneratedSystem()
    let n = max(n, 1)
    var previous: (left: Int32, width: Int32)? = nil
    for i in 0..<n {
        let left = s.variable("left\(i)")
        let width = s.variable("width\(i)")
        if let p = previous {
            s.add([(left, 1)], .equal, [(p.left, 1), (p.width, 1)], 8)
        } else {
            s.add([(left, 1)], .equal, [], 20)
        }
        s.add([(width, 1)], .greaterThanOrEqual, [], 10)
        s.add([(width, 1)], .equal, [], 50, priority: 250)
        previous = (left, width)
    }
    let w = s.variable("W")
    s.add([(w, 1)], .equal, [(previous!.left, 1), (previous!.width, 1)], 20)
    let natural = Double(58 * n + 32)
    s.edits = [(w, 750)]
    s.suggestions = [natural + 10 * Double(n)]
    // Window resizes: small moves around the first suggestion.
    s.resizes = [(natural + 12 * Double(n), natural + 8 * Double(n))]
    return s
}

/// A k × k grid of cells (k = ⌈√n⌉) with left, top, width, height: cells follow each other
/// with 8 points between them from 20, widths in a row and heights in a column are equal,
/// sizes at least 10 and preferably 40 (weak); each row ends at edit variable `W` and each
/// column at `H` (medium), both strong edits.
func gridSystem(n: Int) -> GeneratedSystem {
    var s = GeneratedSystem()
    var k = 1
    while k * k < max(n, 1) { k += 1 }
    var left: [[Int32]] = [], top: [[Int32]] = [], width: [[Int32]] = [], height: [[Int32]] = []
    for r in 0..<k {
        left.append([]); top.append([]); width.append([]); height.append([])
        for c in 0..<k {
            left[r].append(s.variable("left_\(r)_\(c)"))
            top[r].append(s.variable("top_\(r)_\(c)"))
            width[r].append(s.variable("width_\(r)_\(c)"))
            height[r].append(s.variable("height_\(r)_\(c)"))
        }
    }
    let w = s.variable("W")
    let h = s.variable("H")
    for r in 0..<k {
        for c in 0..<k {
            if c == 0 {
                s.add([(left[r][c], 1)], .equal, [], 20)
            } else {
                s.add([(left[r][c], 1)], .equal, [(left[r][c - 1], 1), (width[r][c - 1], 1)], 8)
                s.add([(width[r][c], 1)], .equal, [(width[r][0], 1)])
            }
            if r == 0 {
                s.add([(top[r][c], 1)], .equal, [], 20)
            } else {
                s.add([(top[r][c], 1)], .equal, [(top[r - 1][c], 1), (height[r - 1][c], 1)], 8)
                s.add([(height[r][c], 1)], .equal, [(height[0][c], 1)])
            }
            s.add([(width[r][c], 1)], .greaterThanOrEqual, [], 10)
            s.add([(height[r][c], 1)], .greaterThanOrEqual, [], 10)
            s.add([(width[r][c], 1)], .equal, [], 40, priority: 250)
            s.add([(height[r][c], 1)], .equal, [], 40, priority: 250)
        }
        s.add([(w, 1)], .equal, [(left[r][k - 1], 1), (width[r][k - 1], 1)], 20, priority: 500)
    }
    for c in 0..<k {
        s.add([(h, 1)], .equal, [(top[k - 1][c], 1), (height[k - 1][c], 1)], 20, priority: 500)
    }
    let natural = Double(48 * k + 32)
    s.edits = [(w, 750), (h, 750)]
    s.suggestions = [natural + 10 * Double(k), natural + 10 * Double(k)]
    s.resizes = [
        (natural + 12 * Double(k), natural + 8 * Double(k)), (natural + 12 * Double(k), natural + 8 * Double(k)),
    ]
    return s
}

/// Nested containers, four children each, `n` items in breadth-first order. For each child
/// and axis: inside its parent with an 8-point inset (required), at the parent's start + 8
/// (medium), 100 long (weak). The root sits at 0, 0; its width and height are strong edits.
func treeSystem(n: Int) -> GeneratedSystem {
    var s = GeneratedSystem()
    let n = max(n, 1)
    var x: [Int32] = [], y: [Int32] = [], width: [Int32] = [], height: [Int32] = []
    for i in 0..<n {
        x.append(s.variable("x\(i)"))
        y.append(s.variable("y\(i)"))
        width.append(s.variable("w\(i)"))
        height.append(s.variable("h\(i)"))
    }
    s.add([(x[0], 1)], .equal, [], 0)
    s.add([(y[0], 1)], .equal, [], 0)
    for i in 1..<max(n, 1) {
        let p = (i - 1) / 4
        for (position, size) in [(x, width), (y, height)] {
            s.add([(position[i], 1)], .greaterThanOrEqual, [(position[p], 1)], 8)
            s.add([(position[i], 1), (size[i], 1)], .lessThanOrEqual, [(position[p], 1), (size[p], 1)], -8)
            s.add([(position[i], 1)], .equal, [(position[p], 1)], 8, priority: 500)
            s.add([(size[i], 1)], .equal, [], 100, priority: 250)
        }
    }
    s.edits = [(width[0], 750), (height[0], 750)]
    s.suggestions = [1000, 800]
    s.resizes = [(1100, 900), (900, 700)]
    return s
}

/// `n` variables and `3n` local difference constraints `x(a) - x(b) >= c` or `== c`, with
/// `b` within 10 positions of `a`; required only for `>=` with `a < b`, so the required part
/// is acyclic and always satisfiable. `x0` is a strong edit variable.
func randomSystem(n: Int, seed: UInt64) -> GeneratedSystem {
    var s = GeneratedSystem()
    let n = max(n, 2)
    var random = SplitMix64(seed: seed)
    let x = (0..<n).map { s.variable("x\($0)") }
    let strengths: [Double] = [1000, 750, 500, 250]
    for _ in 0..<(3 * n) {
        let a = random.below(n)
        var b = a
        while b == a { b = min(n - 1, max(0, a + random.below(21) - 10)) }
        let c = Double(random.below(201) - 100)
        var priority = strengths[random.below(4)]
        let equal = random.below(2) == 0
        if priority == 1000 && (equal || a > b) { priority = 750 }
        s.add([(x[a], 1), (x[b], -1)], equal ? .equal : .greaterThanOrEqual, [], c, priority: priority)
    }
    s.edits = [(x[0], 750)]
    s.suggestions = [100]
    s.resizes = [(120, 80)]
    return s
}
