import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// Every example of Apple's Visual Format Language guide, with the exact constraints.
@Suite struct VFLGuideTests {
    @Test func standardSpace() throws {
        #expect(try vflLines("[button]-[textField]", views: ["button", "textField"])
            == ["textField.leading == button.trailing + 8"])
        let c = try VisualFormat.parse("[button]-[textField]", views: ["button", "textField"])
        #expect(c == [VFLConstraint(.view("textField"), .leading, .equal, .view("button"), .trailing,
                                    constant: 8)])
    }

    @Test func widthConstraint() throws {
        #expect(try vflLines("[button(>=50)]", views: ["button"]) == ["button.width >= 50"])
        let c = try VisualFormat.parse("[button(>=50)]", views: ["button"])
        #expect(c == [VFLConstraint(.view("button"), .width, .greaterThanOrEqual, constant: 50)])
        #expect(c[0].secondItem == nil && c[0].secondAttribute == .notAnAttribute)
    }

    @Test func connectionToSuperview() throws {
        #expect(try vflLines("|-50-[orchidBox]-50-|", views: ["orchidBox"]) == [
            "orchidBox.leading == superview.leading + 50",
            "superview.trailing == orchidBox.trailing + 50",
        ])
    }

    @Test func verticalLayout() throws {
        #expect(try vflLines("V:[topField]-10-[bottomField]", views: ["topField", "bottomField"])
            == ["bottomField.top == topField.bottom + 10"])
    }

    @Test func flushViews() throws {
        #expect(try vflLines("[maroonView][oceanView]", views: ["maroonView", "oceanView"])
            == ["oceanView.leading == maroonView.trailing"])
    }

    @Test func priority() throws {
        #expect(try vflLines("[button(100@20)]", views: ["button"]) == ["button.width == 100 @20"])
        let c = try VisualFormat.parse("[button(100@20)]", views: ["button"])
        #expect(c[0].priority == 20 && c[0].constant == 100 && c[0].relation == .equal)
    }

    @Test func equalWidths() throws {
        #expect(try vflLines("[button1(==button2)]", views: ["button1", "button2"])
            == ["button1.width == button2.width"])
        #expect(try vflLines("V:[button1(==button2)]", views: ["button1", "button2"])
            == ["button1.height == button2.height"])
    }

    @Test func multiplePredicates() throws {
        #expect(try vflLines("[flexibleButton(>=70,<=100)]", views: ["flexibleButton"])
            == ["flexibleButton.width >= 70", "flexibleButton.width <= 100"])
    }

    @Test func completeLineOfLayout() throws {
        #expect(try vflLines("|-[find]-[findNext]-[findField(>=20)]-|",
                             views: ["find", "findNext", "findField"]) == [
            "find.leading == superview.leading + 20",
            "findNext.leading == find.trailing + 8",
            "findField.leading == findNext.trailing + 8",
            "findField.width >= 20",
            "superview.trailing == findField.trailing + 20",
        ])
    }

    // The guide's four error samples, with its carets.

    @Test func errorMissingColonAfterV() throws {
        let e = try #require(vflError("V|[backgroundBox]|", views: ["backgroundBox"]))
        #expect(e.rendering == """
            Expected ':' after 'V' to specify vertical arrangement
            V|[backgroundBox]|
             ^
            """)
    }

    @Test func errorUnclosedPredicate() throws {
        let e = try #require(vflError("|[whiteBox1][blackBox4(blackWidth][redBox]|",
                                      views: ["whiteBox1", "blackBox4", "redBox"],
                                      metrics: ["blackWidth": 30]))
        #expect(e.rendering == """
            A predicate on a view's thickness must end with ')' and the view must end with ']'
            |[whiteBox1][blackBox4(blackWidth][redBox]|
                                             ^
            """)
    }

    /// The guide shows this with the old wording "Unable to find view with name blackBox";
    /// current systems say what the runtime says, with the caret in the same place.
    @Test func errorUnknownView() throws {
        let e = try #require(vflError("|[whiteBox2][blackBox]", views: ["whiteBox2"]))
        #expect(e.rendering == """
            blackBox is not a key in the views dictionary.
            |[whiteBox2][blackBox]
                                 ^
            """)
    }

    @Test func errorUnknownRelation() throws {
        let e = try #require(vflError("V:|[blackBox4(>30)]|", views: ["blackBox4"]))
        #expect(e.rendering == """
            Unknown relation. Must be ==, >=, or <=
            V:|[blackBox4(>30)]|
                           ^
            """)
    }
}

/// Semantics beyond the guide's examples: order, spacing, metrics, priorities.
@Suite struct VFLSemanticsTests {
    let views: Set<String> = ["a", "b", "c", "m"]

    @Test func orderPutsFirstViewPredicatesFirstAndConnectionsBeforeTheirView() throws {
        #expect(try vflLines("[a(10)]-[b(20)]-[c(30)]|", views: views) == [
            "a.width == 10",
            "b.leading == a.trailing + 8", "b.width == 20",
            "c.leading == b.trailing + 8", "c.width == 30",
            "superview.trailing == c.trailing",
        ])
        #expect(try vflLines("|[a(10)]", views: views) == ["a.leading == superview.leading", "a.width == 10"])
    }

    @Test func connectionPredicateLists() throws {
        #expect(try vflLines("[a]-(>=8,<=20@750)-[b]", views: views) == [
            "b.leading >= a.trailing + 8", "b.leading <= a.trailing + 20 @750",
        ])
        // Apple's parser reads a relation and a priority even without parentheses.
        #expect(try vflLines("[a]->=8@500-[b]", views: views) == ["b.leading >= a.trailing + 8 @500"])
        #expect(try vflLines("[a]-(-10)-[b]", views: views) == ["b.leading == a.trailing - 10"])
        #expect(try vflLines("[a]-==-10-[b]", views: views) == ["b.leading == a.trailing - 10"])
    }

    @Test func metricsResolveBeforeViews() throws {
        #expect(try vflLines("[a(m)]-m-[b]", views: views, metrics: ["m": 12])
            == ["a.width == 12", "b.leading == a.trailing + 12"])
        #expect(try vflLines("[a(m)]", views: views) == ["a.width == m.width"])
        #expect(try vflLines("[a(10@p)]", views: views, metrics: ["p": 250])
            == ["a.width == 10 @250"])
    }

    @Test func numbersReadLikeStrtod() throws {
        #expect(try vflLines("[a(5.)]", views: views) == ["a.width == 5"])
        #expect(try vflLines("[a(-.5)]", views: views) == ["a.width == -0.5"])
        #expect(try vflLines("[a(1e2)]", views: views) == ["a.width == 100"])
        #expect(try vflLines("[a(0x10)]", views: views) == ["a.width == 16"])
        #expect(try vflLines("[a(0x1p-1)]", views: views) == ["a.width == 0.5"])
        #expect(try vflLines("[a(007)]", views: views) == ["a.width == 7"])
        #expect(try vflLines("[a(2.5@999.5)]", views: views) == ["a.width == 2.5 @999.5"])
    }

    @Test func prioritiesAtTheLimits() throws {
        #expect(try vflLines("[a(1@1000)]", views: views) == ["a.width == 1"])
        #expect(try vflLines("[a(1@0.001)]", views: views) == ["a.width == 1 @0.001"])
    }

    @Test func spacingIsConfigurable() throws {
        let c = try VisualFormat.parse("|-[a]-[b]-|", views: views, standardSpacing: 6,
                                       superviewSpacing: 16)
        #expect(c.map(\.constant) == [16, 6, 16])
    }

    @Test func sameViewTwiceAndSelfReference() throws {
        #expect(try vflLines("[a][a(==a)]", views: views)
            == ["a.leading == a.trailing", "a.width == a.width"])
    }

    @Test func superviewOnBothEndsWithFlushConnections() throws {
        #expect(try vflLines("|[a]|", views: views)
            == ["a.leading == superview.leading", "superview.trailing == a.trailing"])
        #expect(try vflLines("V:|[a]|", views: views)
            == ["a.top == superview.top", "superview.bottom == a.bottom"])
        #expect(try vflLines("H:|-[a]", views: views) == ["a.leading == superview.leading + 20"])
    }

    @Test func formatterPrintsEveryShape() {
        let a = VFLItem.view("a"), b = VFLItem.view("b")
        #expect(VFLConstraint(a, .width, .equal, b, .height, multiplier: 2, constant: -3.5,
                              priority: 750).description == "a.width == b.height * 2 - 3.5 @750")
        #expect(VFLConstraint(a, .width, .lessThanOrEqual, constant: -0.25).description
            == "a.width <= -0.25")
        #expect(VFLConstraint(.superview, .trailing, .equal, a, .trailing, constant: 1e-7).description
            == "superview.trailing == a.trailing + 1e-07")
        #expect(VFLConstraint(a, .width, .equal, b, .width, multiplier: -0.5).description
            == "a.width == b.width * -0.5")
    }
}
