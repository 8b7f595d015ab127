import RatiteModel
import RatiteSupport
import RatiteTestSupport
import Testing

@testable import RatiteVFL

/// `VisualFormat.parse(utf8:...)` and `LayoutEngine.parseVisualFormat`: the parser on bytes
/// with byte names, into records.
@Suite struct VFLBytesTests {
    /// Runs the byte entry with `views` (in this order) and `metrics`, turning the records
    /// back into `VFLConstraint`s by view number.
    func byteConstraints(
        _ format: String, views: [String], options: VFLFormatOptions = [], metrics: [(String, Double)] = [],
        extended: Bool = false, into records: inout [VFLRecord]
    ) throws(VFLError) -> [VFLConstraint] {
        let formatBytes = Array(format.utf8)
        let viewBytes = views.map { Array($0.utf8) }
        let metricBytes = metrics.map { Array($0.0.utf8) }
        let values = metrics.map(\.1)
        let outcome: Result<Void, VFLError> = withNames(viewBytes) { viewNames in
            withNames(metricBytes) { metricNames in
                values.withUnsafeBufferPointer { metricValues in
                    formatBytes.withUnsafeBufferPointer { text in
                        do throws(VFLError) {
                            try VisualFormat.parse(utf8: text, options: options, metricNames: metricNames,
                                                   metricValues: metricValues, viewNames: viewNames,
                                                   extended: extended, into: &records)
                            return .success(())
                        } catch {
                            return .failure(error)
                        }
                    }
                }
            }
        }
        try outcome.get()
        func item(_ n: Int32) -> VFLItem? {
            n == VFLRecord.superview ? .superview : n == VFLRecord.noView ? nil : .view(views[Int(n)])
        }
        return records.map { r in
            VFLConstraint(item(r.firstView) ?? .superview, r.firstAttribute, r.relation, item(r.secondView),
                          r.secondAttribute, multiplier: r.multiplier, constant: r.constant, priority: r.priority)
        }
    }

    /// `body` with the names as a buffer of byte buffers.
    func withNames<R>(_ names: [[UInt8]], _ body: (UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>) -> R) -> R {
        let copies = names.map { bytes -> UnsafeMutableBufferPointer<UInt8> in
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
            _ = copy.initialize(from: bytes)
            return copy
        }
        defer { for copy in copies { copy.deallocate() } }
        let buffers = zip(copies, names).map { UnsafeBufferPointer(start: $0.0.baseAddress, count: $0.1.count) }
        return buffers.withUnsafeBufferPointer(body)
    }

    static let guideViews = ["button", "textField", "orchidBox", "topField", "bottomField", "maroonView", "oceanView",
                             "button1", "button2", "flexibleButton", "find", "findNext", "findField", "label", "field"]

    static let formats: [(String, VFLFormatOptions, Bool)] = [
        ("[button]-[textField]", [], false),
        ("[button(>=50)]", [], false),
        ("|-50-[orchidBox]-50-|", [], false),
        ("V:[topField]-10-[bottomField]", [], false),
        ("[maroonView][oceanView]", [], false),
        ("[button(100@20)]", [], false),
        ("[button1(==button2)]", [], false),
        ("V:[button1(==button2)]", [], false),
        ("[flexibleButton(>=70,<=100)]", [], false),
        ("|-[find]-[findNext]-[findField(>=20)]-|", [], false),
        ("|-[button1]-[button2]-|", [.alignAllTop, .alignAllBottom], false),
        ("H:|-[label]-[field]-|", [.alignAllLastBaseline], false),
        ("|-(==8@750)-[button1(>=60)]-[button2(==button1)]-(8)-|", [.directionRightToLeft], false),
        ("V:|-20-[label]-8-[field(==label)]-(>=20)-|", [.alignAllLeading, .alignAllCenterX], false),
        ("V:[label]-[field]", [.spacingBaselineToBaseline], false),
        ("H:|-m-[button(==w@p)]-(>=m)-|", [], false),
        ("H: |-(m)-[button(==textField.width*2+1)] // comment\nV: |[button(==30@strong)]", [], true),
    ]

    /// A format naming thousands of views, from a set and from byte tables (C's), costs
    /// linear time: names found so far and long tables are indexed (each lookup once
    /// searched every name before it), and a later table entry still wins.
    @Test func formatsNamingThousandsOfViews() throws {
        let n = 5_000
        let names = (0 ..< n).map { "v\($0)" }
        let format = "H:|" + names.map { "[\($0)(w)]" }.joined() + "|"
        let fromSet = try VisualFormat.parse(format, metrics: ["w": 3], views: Set(names))
        #expect(fromSet.count == 2 * n + 1)
        // Every view twice (the later entry wins) and a long metric table.
        let metrics = (0 ..< 100).map { ("m\($0)", Double($0)) } + [("w", 3)]
        var records: [VFLRecord] = []
        let fromBytes = try byteConstraints(format, views: names + names, metrics: metrics, into: &records)
        #expect(fromBytes == fromSet)
        let numbers = Set(records.flatMap { [$0.firstView, $0.secondView] }.filter { $0 >= 0 })
        #expect(numbers == Set((n ..< 2 * n).map(Int32.init)))
        // The engine's entry, naming its own items.
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let items = try names.map { try engine.addView($0, in: root) }
        let constraints = try engine.constraints(visualFormat: format, metrics: ["w": 3])
        #expect(constraints.count == 2 * n + 1)
        #expect(constraints[1].firstItem === items[0] && constraints[2 * n - 1].firstItem === items[n - 1])
    }

    @Test func sameConstraintsAsTheStringEntry() throws {
        let metrics: [(String, Double)] = [("m", 15), ("w", 33), ("p", 600)]
        var records: [VFLRecord] = []
        for (format, options, extended) in Self.formats {
            let expected = try VisualFormat.parse(format, options: options,
                                                  metrics: Dictionary(uniqueKeysWithValues: metrics),
                                                  views: Set(Self.guideViews), extended: extended)
            let actual = try byteConstraints(format, views: Self.guideViews, options: options, metrics: metrics,
                                             extended: extended, into: &records)
            #expect(actual == expected, "\(format)")
        }
    }

    @Test func sameErrorsAsTheStringEntry() {
        let failing: [(String, VFLFormatOptions, Bool)] = [
            ("V|[button]|", [], false), ("H:[button]-[zz]", [], false), ("H:[button(>=zz)]", [], false),
            ("[button]-[textField]", [.alignAllLeft], false), ("H:[button(==10@1001)]", [], false),
            ("H:[é]", [], false), ("", [], false), ("[button(==inf)]", [], false),
            ("H:[button]-[textField]\nV:[button]-[", [], true), ("[button(==textField*textField)]", [], true),
        ]
        for (format, options, extended) in failing {
            var records: [VFLRecord] = [
                VFLRecord(firstView: 0, .width, .equal, secondView: VFLRecord.noView, .notAnAttribute),
            ]
            let expected = vflError(format, views: Set(Self.guideViews), options: options, extended: extended)
            var actual: VFLError? = nil
            do {
                _ = try byteConstraints(format, views: Self.guideViews, options: options, extended: extended,
                                        into: &records)
            } catch {
                actual = error
            }
            #expect(expected != nil)
            #expect(actual == expected, "\(format)")
            #expect(actual?.rendering == expected?.rendering)
            #expect(records.isEmpty)
        }
    }

    /// The record of the row, with views as indices into the names.
    @Test func findRowRecords() throws {
        var records: [VFLRecord] = []
        _ = try byteConstraints("|-[find]-[findNext]-[findField(>=20)]-|", views: ["find", "findNext", "findField"],
                                into: &records)
        #expect(records == [
            VFLRecord(firstView: 0, .leading, .equal, secondView: VFLRecord.superview, .leading, constant: 20),
            VFLRecord(firstView: 1, .leading, .equal, secondView: 0, .trailing, constant: 8),
            VFLRecord(firstView: 2, .leading, .equal, secondView: 1, .trailing, constant: 8),
            VFLRecord(firstView: 2, .width, .greaterThanOrEqual, secondView: VFLRecord.noView, .width, constant: 20),
            VFLRecord(firstView: VFLRecord.superview, .trailing, .equal, secondView: 2, .trailing, constant: 20),
        ])
        #expect(records[3].secondAttribute == .notAnAttribute)
        #expect(records[4].anchorView == 2)
    }

    /// The storage of `records` is reused from one parse to the next.
    @Test func recordsKeepTheirStorage() throws {
        var records: [VFLRecord] = []
        records.reserveCapacity(32)
        _ = try byteConstraints("|-[a]-[b]-|", views: ["a", "b"], into: &records)
        let storage = records.withUnsafeBufferPointer { $0.baseAddress }
        _ = try byteConstraints("[a][b]", views: ["a", "b"], into: &records)
        #expect(records.count == 1)
        #expect(records.withUnsafeBufferPointer { $0.baseAddress } == storage)
    }

    /// Like a dictionary: a later name wins, and names compare as strings do.
    @Test func namesActLikeDictionaryKeys() throws {
        var records: [VFLRecord] = []
        _ = try byteConstraints("[a(==m)]", views: ["a", "b", "a"], metrics: [("m", 1), ("m", 2)], into: &records)
        #expect(records == [VFLRecord(firstView: 2, .width, .equal, secondView: VFLRecord.noView, .notAnAttribute,
                                      constant: 2)])
        // The Kelvin sign is canonically equivalent to K.
        _ = try byteConstraints("[K]-[b]", views: ["\u{212A}", "b"], into: &records)
        #expect(records.count == 1 && records[0].secondView == 0)
        #expect(Set(["\u{212A}"]).contains("K"))
    }

    /// Without names the engine's items answer by their own names, as item indices; the
    /// engine's spacing applies (macOS: `|-` is the edge plus the superview spacing).
    @Test func engineNames() throws {
        let engine = LayoutEngine()
        engine.platform = .macos
        engine.standardSpacing = 6
        let root = try engine.addView("root")
        let a = try engine.addView("a", in: root)
        let b = try engine.addView("b", in: root)
        var records: [VFLRecord] = []
        let format = Array("|-[a]-[b]".utf8)
        try format.withUnsafeBufferPointer { text throws(VFLError) in
            try engine.parseVisualFormat(utf8: text, viewNames: nil, into: &records)
        }
        #expect(records == [
            VFLRecord(firstView: Int32(a.index), .leading, .equal, secondView: VFLRecord.superview, .leading,
                      constant: 20),
            VFLRecord(firstView: Int32(b.index), .leading, .equal, secondView: Int32(a.index), .trailing, constant: 6),
        ])
    }

    /// The field-level rules are validate's: every constraint the engine path refuses, the
    /// defect of its record names the same error.
    @Test func defectsMatchValidation() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let a = try engine.addView("a", in: root)
        let other = try engine.addView("other")
        let cases: [(LayoutItem, Attribute, LayoutItem?, Attribute, Double)] = [
            (a, .width, other, .width, 1), (a, .leading, root, .left, 1), (a, .left, nil, .notAnAttribute, 1),
            (a, .width, root, .leading, 1), (a, .top, root, .left, 1), (a, .width, root, .width, 0),
            (a, .width, root, .width, 2),
        ]
        for (first, a1, second, a2, multiplier) in cases {
            let c = LayoutConstraint(item: first, attribute: a1, relatedBy: .equal, toItem: second, attribute: a2,
                                     multiplier: multiplier)
            var expected: String? = nil
            do { try engine.validate([c]) } catch { expected = error.description }
            let defect = ConstraintDefect.of(a1, root: first.rootIndex, a2, root: second?.rootIndex,
                                             multiplier: multiplier, constant: 0, priority: .required)
            #expect(defect?.error(for: c).description == expected)
        }
    }
}
