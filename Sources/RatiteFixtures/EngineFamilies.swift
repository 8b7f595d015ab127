import Ratite
import RatiteGenerate

/// A generated family expressed as a layout: a view per item, every constraint a
/// `LayoutConstraint` between two items' attributes, and each edit variable a constraint at
/// the edit's priority whose constant a resize changes (what a window's size does to a
/// layout). The linear program is the family's, and the root view sits at the origin, as
/// every root does.
struct EngineFamilyLayout {
    let engine = LayoutEngine()
    let root: LayoutItem
    /// Everything a build activates, in the family's order.
    var constraints: [LayoutConstraint] = []
    /// The constraints standing for the edit variables, activated by `addEdits`, with the
    /// two values resizes alternate between.
    var edits: [(constraint: LayoutConstraint, resize: (Double, Double))] = []

    /// Makes the items and the constraints of `family` at size `n` (nothing activated);
    /// `system` is the family as generated, which holds the edits' values and the random
    /// family's constraints.
    init(_ family: SystemFamily, n: Int, system: GeneratedSystem) throws(LayoutError) {
        root = try engine.addView("root")
        switch family {
        case .chain: try makeChain(n: max(n, 1), system)
        case .grid: try makeGrid(n: n, system)
        case .tree: try makeTree(n: max(n, 1), system)
        case .random: try makeRandom(n: max(n, 2), system)
        }
    }

    private mutating func add(
        _ a: LayoutItem, _ first: Attribute, _ relation: Relation, _ b: LayoutItem?, _ second: Attribute,
        _ constant: Double, _ priority: Double = 1000
    ) {
        constraints.append(LayoutConstraint(
            item: a, attribute: first, relatedBy: relation, toItem: b, attribute: second, constant: constant,
            priority: Priority(priority)))
    }

    private mutating func edit(
        _ item: LayoutItem, _ attribute: Attribute, to other: LayoutItem?, _ otherAttribute: Attribute,
        _ system: GeneratedSystem, _ index: Int
    ) {
        let c = LayoutConstraint(
            item: item, attribute: attribute, relatedBy: .equal, toItem: other, attribute: otherAttribute,
            constant: system.suggestions[index], priority: Priority(system.edits[index].priority))
        edits.append((c, system.resizes[index]))
    }

    /// The chain: `left(i+1) == right(i) + 8`, widths at least 10 and preferably 50, the
    /// root's right edge 20 past the last view; the root's width is the edit.
    private mutating func makeChain(n: Int, _ system: GeneratedSystem) throws(LayoutError) {
        var previous: LayoutItem? = nil
        for i in 0 ..< n {
            let view = try engine.addView("v\(i)", in: root)
            if let previous {
                add(view, .left, .equal, previous, .right, 8)
            } else {
                add(view, .left, .equal, root, .left, 20)
            }
            add(view, .width, .greaterThanOrEqual, nil, .notAnAttribute, 10)
            add(view, .width, .equal, nil, .notAnAttribute, 50, 250)
            previous = view
        }
        add(root, .right, .equal, previous, .right, 20)
        edit(root, .width, to: nil, .notAnAttribute, system, 0)
    }

    /// The grid: cells 8 apart from 20, equal widths along a row and heights down a column,
    /// sizes at least 10 and preferably 40; rows end 20 before the root's right edge and
    /// columns 20 before its bottom (medium); the root's width and height are the edits.
    private mutating func makeGrid(n: Int, _ system: GeneratedSystem) throws(LayoutError) {
        var k = 1
        while k * k < max(n, 1) { k += 1 }
        var cells: [[LayoutItem]] = []
        for r in 0 ..< k {
            var row: [LayoutItem] = []
            for c in 0 ..< k { row.append(try engine.addView("c\(r)_\(c)", in: root)) }
            cells.append(row)
        }
        for r in 0 ..< k {
            for c in 0 ..< k {
                let cell = cells[r][c]
                if c == 0 {
                    add(cell, .left, .equal, root, .left, 20)
                } else {
                    add(cell, .left, .equal, cells[r][c - 1], .right, 8)
                    add(cell, .width, .equal, cells[r][0], .width, 0)
                }
                if r == 0 {
                    add(cell, .top, .equal, root, .top, 20)
                } else {
                    add(cell, .top, .equal, cells[r - 1][c], .bottom, 8)
                    add(cell, .height, .equal, cells[0][c], .height, 0)
                }
                add(cell, .width, .greaterThanOrEqual, nil, .notAnAttribute, 10)
                add(cell, .height, .greaterThanOrEqual, nil, .notAnAttribute, 10)
                add(cell, .width, .equal, nil, .notAnAttribute, 40, 250)
                add(cell, .height, .equal, nil, .notAnAttribute, 40, 250)
            }
            add(root, .right, .equal, cells[r][k - 1], .right, 20, 500)
        }
        for c in 0 ..< k { add(root, .bottom, .equal, cells[k - 1][c], .bottom, 20, 500) }
        edit(root, .width, to: nil, .notAnAttribute, system, 0)
        edit(root, .height, to: nil, .notAnAttribute, system, 1)
    }

    /// The tree: each item a view inside its parent (four children each, breadth first),
    /// per axis inset by at least 8, preferably at the parent's start + 8 (medium) and 100
    /// long (weak); the root (item 0) sits at the origin (`x0 == 0`, `y0 == 0` are its own
    /// constraints) and its width and height are the edits.
    private mutating func makeTree(n: Int, _ system: GeneratedSystem) throws(LayoutError) {
        var items = [root]
        for i in 1 ..< max(n, 1) {
            let parent = items[(i - 1) / 4]
            let view = try engine.addView("v\(i)", in: parent)
            items.append(view)
            for (start, end, size) in [(Attribute.left, Attribute.right, Attribute.width), (.top, .bottom, .height)] {
                add(view, start, .greaterThanOrEqual, parent, start, 8)
                add(view, end, .lessThanOrEqual, parent, end, -8)
                add(view, start, .equal, parent, start, 8, 500)
                add(view, size, .equal, nil, .notAnAttribute, 100, 250)
            }
        }
        edit(root, .width, to: nil, .notAnAttribute, system, 0)
        edit(root, .height, to: nil, .notAnAttribute, system, 1)
    }

    /// The random family: `x(a) - x(b) relation c` becomes `v(a).left relation v(b).left + c`;
    /// the edit holds `v0.left` at the root's left edge plus its value.
    private mutating func makeRandom(n: Int, _ system: GeneratedSystem) throws(LayoutError) {
        var views: [LayoutItem] = []
        for i in 0 ..< n { views.append(try engine.addView("v\(i)", in: root)) }
        for c in system.constraints {
            guard c.lhs.count == 2, c.rhs.isEmpty, c.lhs[0].coefficient == 1, c.lhs[1].coefficient == -1 else {
                throw .invalidValue("the random family changed shape: \(c.lhs.count) terms on the left")
            }
            let (a, b) = (views[Int(c.lhs[0].variable)], views[Int(c.lhs[1].variable)])
            add(a, .left, c.relation, b, .left, c.rhsConstant, c.priority)
        }
        edit(views[0], .left, to: root, .left, system, 0)
    }
}
