import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// Extended mode: whitespace, named priorities, arithmetic, comments, several lines.
@Suite struct VFLExtendedTests {
    let views: Set<String> = ["a", "b", "image", "find", "findNext", "findField"]

    @Test func aspectRatioAndMultipliers() throws {
        #expect(try vflLines("[image(==image.height*2)]", views: views, extended: true)
            == ["image.width == image.height * 2"])
        #expect(try vflLines("[a(==b*0.5+10)]", views: views, extended: true)
            == ["a.width == b.width * 0.5 + 10"])
        #expect(try vflLines("[a(>=b.width/3)]", views: views, extended: true)
            == ["a.width >= b.width * 0.3333333333333333"])
        #expect(try vflLines("V:[a(<=2*(b-4)@strong)]", views: views, extended: true)
            == ["a.height <= b.height * 2 - 8 @750"])
        #expect(try vflLines("[a(==-b+1, ==10*3-1, ==-(2))]", views: views, extended: true)
            == ["a.width == b.width * -1 + 1", "a.width == 29", "a.width == -2"])
        #expect(try vflLines("[a(==m*b.height)]", views: views, metrics: ["m": 4], extended: true)
            == ["a.width == b.height * 4"])
    }

    @Test func whitespaceAroundTokens() throws {
        let spaced = " | - [ find ] - [ findNext ] - [ findField ( >= 20 ) ] - | "
        #expect(try vflLines(spaced, views: views, extended: true)
            == vflLines("|-[find]-[findNext]-[findField(>=20)]-|", views: views))
        #expect(try vflLines("V : [a] - 10 - [b]", views: views, extended: true)
            == ["b.top == a.bottom + 10"])
        #expect(try vflLines("[a]\t-( >= 4 , <= 9 @ 500 )-\t[b]", views: views, extended: true)
            == ["b.leading >= a.trailing + 4", "b.leading <= a.trailing + 9 @500"])
    }

    @Test func namedPriorities() throws {
        #expect(try vflLines("[a(1@required,2@strong,3@medium,4@weak)]", views: views, extended: true)
            == ["a.width == 1", "a.width == 2 @750", "a.width == 3 @500", "a.width == 4 @250"])
        // Metrics come first, as everywhere.
        #expect(try vflLines("[a(1@weak)]", views: views, metrics: ["weak": 1], extended: true)
            == ["a.width == 1 @1"])
        #expect(vflError("[a(1@strong)]", views: views)?.reason == .unknownMetric("strong"))
    }

    @Test func commentsAndSeveralLines() throws {
        let text = """
            // The find bar.
            |-[find]-[findNext]-[findField(>=20)]-|   // one row

            V:|-[find]-|
            """
        #expect(try vflLines(text, views: views, options: .alignAllTop, extended: true) == [
            "find.leading == superview.leading + 20",
            "findNext.leading == find.trailing + 8",
            "findField.leading == findNext.trailing + 8",
            "findField.width >= 20",
            "superview.trailing == findField.trailing + 20",
            "find.top == findNext.top",
            "findNext.top == findField.top",
            "find.top == superview.top + 20",
            "superview.bottom == find.bottom + 20",
        ])
        #expect(try vflLines("[a]\r\n[b] // ünïcödé is fine in comments\r\n", views: views, extended: true)
            == [])
    }

    @Test func strictInputMeansTheSame() throws {
        for format in ["|-[find]-[findNext]-[findField(>=20)]-|", "V:[a(==b)]-(-5@7)-[b(>=10,<=20)]|",
                       "[a]->=8-[b]", "H:|[a(0x10)][b(5.)]"] {
            #expect(try VisualFormat.parseFormats(format, metrics: ["m": 3], views: views)
                == VisualFormat.parseFormats(format, metrics: ["m": 3], views: views, extended: true))
        }
    }

    @Test func errorsReportLineAndColumn() throws {
        let e = try #require(vflError("[a]\n  [b]x // note", views: views, extended: true))
        #expect(e.reason == .expectedViewOrBar)
        #expect(e.location == TextLocation(offset: 9, line: 2, column: 6))
        #expect(e.rendering == "2:6: Expected a view or '|'\n  [b]x // note\n     ^")
        checkRendering(e, input: "[a]\n  [b]x // note")
        let end = try #require(vflError("[a]\r\n[b]-\r\n", views: views, extended: true))
        #expect(end.reason == .expectedMoreInput)
        #expect(end.rendering == "2:5: Expected more input\n[b]-\n    ^")
    }

    @Test func nonASCIIOutsideCommentsIsAnError() throws {
        let e = try #require(vflError("[a]\n[b] é // é", views: views, extended: true))
        #expect(e.reason == .nonASCII && e.location == TextLocation(offset: 8, line: 2, column: 5))
    }

    @Test func blankInputIsAnEmptyString() throws {
        for text in ["", "   ", "// nothing\n\n  // here", "\n"] {
            #expect(vflError(text, views: views, extended: true)?.rendering == "It's an empty string.")
        }
    }

    @Test(arguments: [
        ("[a(==b.left)]", VFLError.Reason.expectedSizeAttribute, 7),
        ("[a(==b.)]", .expectedSizeAttribute, 7),
        ("[a(==b+a)]", .secondViewInPredicate, 8),
        ("[a(==b*a)]", .productOfViews, 8),
        ("[a(==10/b)]", .divisionByView, 9),
        ("[a(==b/(1-1))]", .divisionByZero, 12),
        ("[a(==(10]", .expectedExpressionEnd, 8),
        ("[a(==1e308*10)]", .nonFiniteNumber, 13),
        ("[a]-(b)-[b]", .spaceEqualToView, 6),
        ("[a]-(2*b)-[b]", .spaceEqualToView, 8),
        ("[a(==)]", .expectedNumberOrKey, 5),
        ("[a(==b+)]", .expectedNumberOrKey, 7),
        ("[a(==-zz)]", .unknownMetric("zz"), 8),
        ("[a(1@nope)]", .unknownMetric("nope"), 9),
    ])
    func extendedErrors(_ format: String, _ reason: VFLError.Reason, _ offset: Int) throws {
        let e = try #require(vflError(format, views: views, extended: true))
        #expect(e.reason == reason)
        #expect(e.offset == offset)
        checkRendering(e, input: format)
    }

    @Test func nestingIsBounded() throws {
        let deep = "[a(" + String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100) + ")]"
        let e = try #require(vflError(deep, views: views, extended: true))
        #expect(e.reason == .expressionTooDeep && e.offset == 3 + 64)
        let negations = "[a(" + String(repeating: "-(", count: 64) + "1" + String(repeating: ")", count: 64) + ")]"
        #expect(vflError(negations, views: views, extended: true)?.reason == .expressionTooDeep)
        let fine = "[a(" + String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60) + ")]"
        #expect(try vflLines(fine, views: views, extended: true) == ["a.width == 1"])
    }
}
