import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// Every format option and direction.
@Suite struct VFLOptionsTests {
    let views: Set<String> = ["a", "b", "c"]

    static let horizontalEdges: [(VFLFormatOptions, String)] = [
        (.alignAllLeft, "left"), (.alignAllRight, "right"), (.alignAllLeading, "leading"),
        (.alignAllTrailing, "trailing"), (.alignAllCenterX, "centerX"),
    ]
    static let verticalEdges: [(VFLFormatOptions, String)] = [
        (.alignAllTop, "top"), (.alignAllBottom, "bottom"), (.alignAllCenterY, "centerY"),
        (.alignAllLastBaseline, "lastBaseline"), (.alignAllBaseline, "lastBaseline"),
        (.alignAllFirstBaseline, "firstBaseline"),
    ]

    @Test(arguments: verticalEdges)
    func verticalEdgesAlignHorizontalLayouts(_ option: VFLFormatOptions, _ attribute: String) throws {
        #expect(try vflLines("|-[a]-[b]-[c]-|", views: views, options: option) == [
            "a.leading == superview.leading + 20",
            "b.leading == a.trailing + 8",
            "c.leading == b.trailing + 8",
            "superview.trailing == c.trailing + 20",
            "a.\(attribute) == b.\(attribute)",
            "b.\(attribute) == c.\(attribute)",
        ])
    }

    @Test(arguments: horizontalEdges)
    func horizontalEdgesAlignVerticalLayouts(_ option: VFLFormatOptions, _ attribute: String) throws {
        #expect(try vflLines("V:[a(10)][b]", views: views, options: option) == [
            "a.height == 10",
            "b.top == a.bottom",
            "a.\(attribute) == b.\(attribute)",
        ])
    }

    @Test func edgesOnTheLayoutAxisAreErrorsOnlyWhenAPairExists() throws {
        for (option, _) in Self.horizontalEdges {
            let e = try #require(vflError("|-[a]-[b]", views: views, options: option))
            #expect(e.reason == .alignmentOnLayoutAxis(.horizontal) && e.offset == 9)
            #expect(try vflLines("|-[a]-|", views: views, options: option).count == 2)
            #expect(try vflLines("[a(5)]", views: views, options: option) == ["a.width == 5"])
        }
        for (option, _) in Self.verticalEdges {
            let e = try #require(vflError("V:[a]-[b]|", views: views, options: option))
            #expect(e.reason == .alignmentOnLayoutAxis(.vertical) && e.offset == 9)
            #expect(try vflLines("V:|[a]|", views: views, options: option).count == 2)
        }
    }

    @Test func severalAlignmentsComeInBitOrderPerPair() throws {
        #expect(try vflLines("[a][b][c]", views: views,
                             options: [.alignAllFirstBaseline, .alignAllTop, .alignAllBottom]) == [
            "b.leading == a.trailing",
            "c.leading == b.trailing",
            "a.top == b.top", "a.bottom == b.bottom", "a.firstBaseline == b.firstBaseline",
            "b.top == c.top", "b.bottom == c.bottom", "b.firstBaseline == c.firstBaseline",
        ])
    }

    @Test func alignmentIsOncePerConnectionEvenWithAPredicateList() throws {
        #expect(try vflLines("[a]-(>=4,<=9)-[b]", views: views, options: .alignAllTop) == [
            "b.leading >= a.trailing + 4", "b.leading <= a.trailing + 9", "a.top == b.top",
        ])
    }

    @Test func leadingToTrailingIsTheDefault() throws {
        let expected = [
            "a.leading == superview.leading + 20", "b.leading == a.trailing + 8",
            "superview.trailing == b.trailing + 20",
        ]
        #expect(try vflLines("|-[a]-[b]-|", views: views) == expected)
        #expect(try vflLines("|-[a]-[b]-|", views: views, options: .directionLeadingToTrailing) == expected)
    }

    @Test func leftToRight() throws {
        #expect(try vflLines("|-[a]-[b]-|", views: views, options: .directionLeftToRight) == [
            "a.left == superview.left + 20", "b.left == a.right + 8",
            "superview.right == b.right + 20",
        ])
    }

    @Test func rightToLeft() throws {
        #expect(try vflLines("|-[a]-(>=5)-[b]-|", views: views, options: .directionRightToLeft) == [
            "superview.right == a.right + 20", "a.left >= b.right + 5",
            "b.left == superview.left + 20",
        ])
        #expect(try vflLines("[a][b]", views: views, options: [.directionRightToLeft, .alignAllTop])
            == ["a.left == b.right", "b.top == a.top"])
    }

    /// Right to left, Apple reverses the views: each pair's alignment names the later view
    /// (the one on the left) first, for every edge a horizontal format can align, several
    /// options in bit order per pair, pairs in the format's order.
    @Test func rightToLeftAlignmentsNameTheLaterViewFirst() throws {
        for (option, attribute) in Self.verticalEdges {
            #expect(try vflLines("|-[a]-[b]-[c]-|", views: views, options: [option, .directionRightToLeft]) == [
                "superview.right == a.right + 20",
                "a.left == b.right + 8",
                "b.left == c.right + 8",
                "c.left == superview.left + 20",
                "b.\(attribute) == a.\(attribute)",
                "c.\(attribute) == b.\(attribute)",
            ], "\(attribute)")
        }
        #expect(try vflLines("[a][b][c]", views: views,
                             options: [.alignAllFirstBaseline, .alignAllTop, .directionRightToLeft]) == [
            "a.left == b.right", "b.left == c.right",
            "b.top == a.top", "b.firstBaseline == a.firstBaseline",
            "c.top == b.top", "c.firstBaseline == b.firstBaseline",
        ])
        // The same as the mirrored format from left to right.
        let mirrored = try vflLines("[c][b][a]", views: views, options: [.alignAllCenterY, .directionLeftToRight])
        let reversed = try vflLines("[a][b][c]", views: views, options: [.alignAllCenterY, .directionRightToLeft])
        #expect(Set(reversed) == Set(mirrored))
    }

    /// Only `directionRightToLeft` reverses: the default, left to right, both direction bits
    /// and vertical formats (which have no direction) keep the earlier view first.
    @Test func onlyRightToLeftReversesAlignments() throws {
        for options: VFLFormatOptions in [[], .directionLeftToRight, .directionMask] {
            #expect(try vflLines("[a][b]", views: views, options: options.union(.alignAllBottom)).last
                == "a.bottom == b.bottom", "\(options.rawValue)")
        }
        for option in [VFLFormatOptions.alignAllLeading, .alignAllLeft, .alignAllCenterX] {
            let lines = try vflLines("V:[a][b]", views: views, options: [option, .directionRightToLeft])
            #expect(lines.count == 2 && lines[0] == "b.top == a.bottom" && lines[1].hasPrefix("a."), "\(lines)")
        }
    }

    /// Which view is first changes nothing in the layout: an alignment is symmetric, and
    /// right to left the row is the mirror of the left-to-right one.
    @Test func rightToLeftAlignmentsLayOutTheMirroredRow() throws {
        func frames(_ options: VFLFormatOptions) throws -> [Frame] {
            let engine = LayoutEngine()
            let root = try layoutRoot(engine, width: 300, height: 100)
            let a = try engine.addView("a", in: root), b = try engine.addView("b", in: root)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 40, height: 20), of: a)
            try engine.setIntrinsicContentSize(IntrinsicSize(width: 60, height: 30), of: b)
            try engine.activate(engine.constraints(visualFormat: "|-10-[a]-[b]",
                                                   options: options.union(.alignAllCenterY)))
            try engine.activate(engine.constraints(visualFormat: "V:|-10-[b]"))
            _ = engine.layout()
            #expect(engine.ambiguityReport().isEmpty && engine.conflictLog.isEmpty)
            return [a.frame, b.frame]
        }
        #expect(try frames([])
            == [Frame(x: 10, y: 15, width: 40, height: 20), Frame(x: 58, y: 10, width: 60, height: 30)])
        #expect(try frames(.directionRightToLeft)
            == [Frame(x: 250, y: 15, width: 40, height: 20), Frame(x: 182, y: 10, width: 60, height: 30)])
    }

    @Test func bothDirectionBitsReadAsLeftToRight() throws {
        #expect(try vflLines("[a]-[b]", views: views, options: .directionMask)
            == ["b.left == a.right + 8"])
    }

    @Test func directionsDoNotApplyToVerticalLayouts() throws {
        for option in [VFLFormatOptions.directionLeftToRight, .directionRightToLeft] {
            #expect(try vflLines("V:|-[a]-[b]-|", views: views, options: option) == [
                "a.top == superview.top + 20", "b.top == a.bottom + 8",
                "superview.bottom == b.bottom + 20",
            ])
        }
    }

    @Test func baselineToBaselineSpacing() throws {
        #expect(try vflLines("V:|-[a]-[b]-|", views: views, options: .spacingBaselineToBaseline) == [
            "a.firstBaseline == superview.top + 20",
            "b.firstBaseline == a.lastBaseline + 8",
            "superview.bottom == b.lastBaseline + 20",
        ])
        // Horizontal layouts reject it only when there is a connection to apply it to.
        #expect(try vflLines("[a(9)]", views: views, options: .spacingBaselineToBaseline)
            == ["a.width == 9"])
        #expect(vflError("[a]|", views: views, options: .spacingBaselineToBaseline)?.offset == 4)
    }

    @Test func undocumentedWidthAndHeightBitsAlignLikeApple() throws {
        #expect(try vflLines("V:[a][b]", views: views, options: VFLFormatOptions(rawValue: 1 << 7))
            == ["b.top == a.bottom", "a.width == b.width"])
        #expect(try vflLines("[a][b]", views: views, options: VFLFormatOptions(rawValue: 1 | 1 << 13))
            == ["b.leading == a.trailing"])
    }

    @Test func optionNames() throws {
        for name in VFLFormatOptions.names {
            #expect(VFLFormatOptions(name: name) != nil, "\(name)")
        }
        #expect(VFLFormatOptions(name: "alignAllBaseline") == .alignAllLastBaseline)
        #expect(try VFLFormatOptions(names: "alignAllTop,directionRightToLeft")
            == [.alignAllTop, .directionRightToLeft])
        #expect(try VFLFormatOptions(names: "") == [])
        #expect(try VFLFormatOptions(names: "spacingBaselineToBaseline,,alignAllCenterY").rawValue
            == 1 << 19 | 1 << 10)
        #expect(throws: VFLFormatOptions.UnknownFormatOption(name: "alignAllMiddle")) {
            try VFLFormatOptions(names: "alignAllTop,alignAllMiddle")
        }
        #expect(VFLFormatOptions.alignAllLeft.rawValue == 2 && VFLFormatOptions.alignAllFirstBaseline.rawValue == 4096)
        #expect(VFLFormatOptions.directionRightToLeft.rawValue == 0x20000)
    }
}
