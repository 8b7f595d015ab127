import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel

/// Intrinsic content size with content hugging and compression resistance: the engine-made
/// `size <= intrinsic @hugging` and `size >= intrinsic @compression` constraints.
///
/// The usual scene: two labels in a row, `a.leading == root.leadingMargin`,
/// `b.leading == a.trailing + 8`, `b.trailing == root.trailingMargin`; `a` is 50×20 and `b`
/// 60×20 intrinsically. In a 320-wide root the two widths share 320 − 8 − 8 − 8 = 296, which
/// is 186 more than they want; in a 100-wide root they share 76, 34 less.
@Suite struct LayoutIntrinsicSizeTests {
    struct Row {
        let engine = LayoutEngine()
        let root: LayoutItem
        let a: LayoutItem
        let b: LayoutItem

        init(width: Double = 320) throws {
            root = try layoutRoot(engine, width: width)
            a = try engine.addView("a", in: root)
            b = try engine.addView("b", in: root)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 50, height: 20), of: a)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 60, height: 20), of: b)
            try engine.activate([
                a.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
                b.leadingAnchor.constraint(equalTo: a.trailingAnchor, constant: 8),
                b.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
                a.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
                b.topAnchor.constraint(equalTo: root.topAnchor, constant: 20),
            ])
        }

        func hugging(_ pa: Priority, _ pb: Priority) throws {
            try engine.setContentHuggingPriority(pa, for: .horizontal, of: a)
            try engine.setContentHuggingPriority(pb, for: .horizontal, of: b)
        }

        func compression(_ pa: Priority, _ pb: Priority) throws {
            try engine.setCompressionResistancePriority(pa, for: .horizontal, of: a)
            try engine.setCompressionResistancePriority(pb, for: .horizontal, of: b)
        }
    }

    @Test func defaultsAreUIKits() throws {
        let row = try Row()
        for axis in Axis.allCases {
            #expect(row.a.contentHuggingPriority(for: axis) == 250)
            #expect(row.a.compressionResistancePriority(for: axis) == 750)
        }
        let own = row.engine.activeConstraints.filter { $0.firstItem === row.a && $0.kind != .user }
        #expect(Set(own.map(\.description)) == [
            "[contentHugging] a.width <= 50 @250", "[compressionResistance] a.width >= 50 @750",
            "[contentHugging] a.height <= 20 @250", "[compressionResistance] a.height >= 20 @750",
        ])
    }

    /// Content-size constraints live only in their item's `ownConstraints` (not also in its
    /// `constraints` list), yet every engine path still finds them: the active list, a
    /// user's deactivation and reactivation, and a margin change that refreshes the item.
    @Test func contentSizeConstraintsAreFoundThroughTheirOwner() throws {
        let row = try Row()
        try row.hugging(251, 250)
        #expect(!row.a.constraints.contains { $0.kind == .contentHugging || $0.kind == .compressionResistance })
        #expect(row.a.ownConstraints.isEmpty && row.a.contentSizeInSolver(on: .horizontal).isInstalled)
        let hugging = try #require(row.engine.activeConstraints.first {
            $0.firstItem === row.a && $0.kind == .contentHugging && $0.firstAttribute == .width
        })
        #expect(row.a.ownConstraints.count == 4)
        row.engine.deactivate([hugging])
        layoutSolve(row.engine)
        // Nothing holds a in now, so b hugs and a takes the rest.
        layoutExpectFrame(row.a, 8, 20, 236, 20)
        layoutExpectFrame(row.b, 252, 20, 60, 20)
        try row.engine.activate([hugging])
        #expect(!row.a.constraints.contains { $0 === hugging })
        try row.engine.setLayoutMargins(DirectionalInsets(top: 8, leading: 18, bottom: 8, trailing: 8), of: row.root)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 18, 20, 50, 20)
        layoutExpectFrame(row.b, 76, 20, 236, 20)
        #expect(row.engine.activeConstraints.filter { $0.firstItem === row.a && $0.kind != .user }.count == 4)
    }

    /// A content-size constraint the item no longer owns (its intrinsic width went away
    /// while the user had the constraint deactivated) is still found once the user
    /// activates it again: listed on its item, in `activeConstraints`, held by the solver.
    @Test func reactivatedContentSizeConstraintTheItemNoLongerOwnsIsListed() throws {
        let row = try Row()
        let hugging = try #require(row.engine.activeConstraints.first {
            $0.firstItem === row.a && $0.kind == .contentHugging && $0.firstAttribute == .width
        })
        row.engine.deactivate([hugging])
        try row.engine.setIntrinsicContentSize(IntrinsicSize(width: nil, height: 20), of: row.a)
        #expect(!row.a.ownConstraints.contains { $0 === hugging })
        try row.engine.activate([hugging])
        #expect(hugging.isActive && hugging.isInstalled)
        #expect(row.a.constraints.contains { $0 === hugging })
        #expect(row.engine.activeConstraints.contains { $0 === hugging })
        #expect(layoutSolverConstraintCount(row.engine) == row.engine.activeConstraints.count)
        row.engine.deactivate([hugging])
        #expect(!row.a.constraints.contains { $0 === hugging })
        #expect(layoutSolverConstraintCount(row.engine) == row.engine.activeConstraints.count)
    }

    /// The higher hugging priority keeps its intrinsic width; the other label stretches.
    @Test func higherHuggingKeepsItsWidth() throws {
        let row = try Row()
        try row.hugging(251, 250)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 8, 20, 50, 20)
        layoutExpectFrame(row.b, 66, 20, 246, 20)
        #expect(!row.engine.hasAmbiguousLayout(row.a) && !row.engine.hasAmbiguousLayout(row.b))
        // Swap the priorities at run time.
        try row.hugging(250, 251)
        #expect(Set(layoutSolve(row.engine)) == ["a", "b"])
        layoutExpectFrame(row.a, 8, 20, 236, 20)
        layoutExpectFrame(row.b, 252, 20, 60, 20)
        #expect(row.a.contentHuggingPriority(for: .horizontal) == 250)
        #expect(row.engine.conflictLog.isEmpty)
    }

    /// Equal hugging priorities leave the split of the extra space open: ambiguous.
    @Test func equalHuggingIsAmbiguous() throws {
        let row = try Row()
        layoutSolve(row.engine)
        #expect(row.engine.hasAmbiguousLayout(row.a) && row.engine.hasAmbiguousLayout(row.b))
        // Whatever split it chose, the row is filled and neither is below its intrinsic width.
        #expect(layoutNear(row.a.frame.width + row.b.frame.width, 296))
        #expect(row.a.frame.width >= 50 - 1e-9 && row.b.frame.width >= 60 - 1e-9)
    }

    /// Too little room: the lower compression resistance gives way.
    @Test func lowerCompressionResistanceIsCompressed() throws {
        let row = try Row(width: 100)
        try row.compression(750, 751)
        layoutSolve(row.engine)
        // b keeps 60; a gets 76 − 60.
        layoutExpectFrame(row.a, 8, 20, 16, 20)
        layoutExpectFrame(row.b, 32, 20, 60, 20)
        try row.compression(751, 750)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 8, 20, 50, 20)
        layoutExpectFrame(row.b, 66, 20, 26, 20)
        // Hugging does not matter when there is too little room.
        try row.hugging(1, 999)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 8, 20, 50, 20)
        layoutExpectFrame(row.b, 66, 20, 26, 20)
        #expect(row.engine.conflictLog.isEmpty)
    }

    /// Required hugging or compression resistance behaves like a required constraint.
    @Test func requiredHuggingAndCompression() throws {
        let wide = try Row()
        try wide.hugging(250, 1000)
        layoutSolve(wide.engine)
        layoutExpectFrame(wide.a, 8, 20, 236, 20)
        layoutExpectFrame(wide.b, 252, 20, 60, 20)
        let narrow = try Row(width: 100)
        try narrow.compression(1000, 999)
        layoutSolve(narrow.engine)
        layoutExpectFrame(narrow.a, 8, 20, 50, 20)
        layoutExpectFrame(narrow.b, 66, 20, 26, 20)
        // The engine-made constraints crossed the required boundary (allowed for them).
        let own = narrow.engine.activeConstraints.first {
            $0.firstItem === narrow.a && $0.kind == .compressionResistance && $0.firstAttribute == .width
        }
        #expect(own?.priority == .required)
        #expect(wide.engine.conflictLog.isEmpty && narrow.engine.conflictLog.isEmpty)
        layoutExpectConsistent(narrow.engine)
    }

    /// Hugging against an optional width wish: hugging 250 beats a @249 wish, loses to @251.
    @Test func huggingAgainstAnOptionalWish() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 50, height: 20), of: a)
        let wish = LayoutConstraint(item: a, attribute: .width, relatedBy: .equal, constant: 200, priority: 249)
        try engine.activate([a.leftAnchor.constraint(equalTo: root.leftAnchor),
                             a.topAnchor.constraint(equalTo: root.topAnchor), wish])
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 50, 20)
        try engine.setPriority(251, for: wish)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 200, 20)
        // A wish below the intrinsic width at @749 loses to compression resistance (750)…
        try engine.setConstant(10, for: wish)
        try engine.setPriority(749, for: wish)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 50, 20)
        // …and wins at @751.
        try engine.setPriority(751, for: wish)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 10, 20)
    }

    /// Changing the intrinsic size moves the layout; removing one axis removes its
    /// engine-made constraints.
    @Test func changingAndRemovingTheIntrinsicSize() throws {
        let row = try Row()
        try row.hugging(251, 250)
        layoutSolve(row.engine)
        try row.engine.setIntrinsicContentSize(IntrinsicSize(width: 80, height: 20), of: row.a)
        #expect(layoutSolve(row.engine) == ["a", "b"])
        layoutExpectFrame(row.a, 8, 20, 80, 20)
        layoutExpectFrame(row.b, 96, 20, 216, 20)
        try row.engine.setIntrinsicContentSize(IntrinsicSize(width: 80, height: 35), of: row.a)
        #expect(layoutSolve(row.engine) == ["a"])
        layoutExpectFrame(row.a, 8, 20, 80, 35)
        // No intrinsic width: a's width is free, b hugs (250) with nothing above it, so a takes
        // the slack.
        try row.engine.setIntrinsicContentSize(IntrinsicSize(width: nil, height: 35), of: row.a)
        layoutSolve(row.engine)
        layoutExpectFrame(row.a, 8, 20, 236, 35)
        layoutExpectFrame(row.b, 252, 20, 60, 20)
        let kinds = row.engine.activeConstraints.filter { $0.firstItem === row.a && $0.kind != .user }
            .map(\.firstAttribute)
        #expect(kinds == [.height, .height])
        try row.engine.setIntrinsicContentSize(.none, of: row.a)
        #expect(!row.engine.activeConstraints.contains { $0.firstItem === row.a && $0.kind != .user })
        #expect(row.a.intrinsicContentSize == .none)
        layoutExpectConsistent(row.engine)
    }

    /// Priorities set before the intrinsic size are used when it arrives.
    @Test func prioritiesSetBeforeTheIntrinsicSize() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.setContentHuggingPriority(700, for: .vertical, of: a)
        try engine.setCompressionResistancePriority(800, for: .vertical, of: a)
        #expect(engine.activeConstraints.allSatisfy { $0.firstItem !== a })
        try engine.setIntrinsicContentSize(IntrinsicSize(height: 44), of: a)
        let own = engine.activeConstraints.filter { $0.firstItem === a }.map(\.description)
        #expect(own == ["[contentHugging] a.height <= 44 @700", "[compressionResistance] a.height >= 44 @800"])
        // Pinned top and bottom in a 480 root with only 700 hugging: stretched, no conflict.
        try engine.activate([
            a.topAnchor.constraint(equalTo: root.topAnchor), a.bottomAnchor.constraint(equalTo: root.bottomAnchor),
            a.leftAnchor.constraint(equalTo: root.leftAnchor), a.widthAnchor.constraint(equalToConstant: 10),
        ])
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 10, 480)
        #expect(engine.conflictLog.isEmpty)
    }
}
