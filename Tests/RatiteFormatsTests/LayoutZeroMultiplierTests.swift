import RatiteSolver
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteFormats
@testable import RatiteModel

/// Multiplier 0 where Apple accepts it (a size: `height == 0 * nothing + 50`) and refused
/// where Apple refuses it (a location first attribute), with Apple's reason.
@Suite struct LayoutZeroMultiplierTests {
    static let appleReason = "a multiplier of 0 or a nil second item together with a location for the first "
        + "attribute creates an illegal constraint of a location equal to a constant. Location attributes must "
        + "be specified in pairs."

    @Test func sizeWithMultiplierZeroIsTheConstant() throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        try engine.activate([
            a.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            a.topAnchor.constraint(equalTo: root.topAnchor),
            a.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0, constant: 40),
            LayoutConstraint(item: a, attribute: .height, relatedBy: .equal, toItem: root, attribute: .width,
                             multiplier: 0, constant: 50),
        ])
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 40, 50)
        // The root's size no longer moves it.
        try engine.setSize(of: root, width: 1000, height: 30)
        layoutSolve(engine)
        layoutExpectFrame(a, 0, 0, 40, 50)
        #expect(engine.activeConstraints.map(\.equation).contains("a.height == root.width * 0 + 50"))
    }

    @Test(arguments: [Attribute.left, .leading, .top, .centerX, .centerY, .lastBaseline, .trailingMargin])
    func locationWithMultiplierZeroIsRefused(_ attribute: Attribute) throws {
        let engine = LayoutEngine()
        let root = try layoutRoot(engine)
        let a = try engine.addView("a", in: root)
        let c = LayoutConstraint(item: a, attribute: attribute, relatedBy: .equal, toItem: root, attribute: attribute,
                                 multiplier: 0, constant: 5)
        let before = LayoutStateSnapshot(engine, extra: [c])
        let error = layoutError { try engine.activate([c]) }
        #expect(error?.layoutCaseName == "positionAgainstConstant")
        #expect(error?.description == "constraint \(c.equation): " + Self.appleReason)
        layoutExpectUnchanged(engine, since: before, extra: [c])
    }

    @Test func layoutFileAcceptsAZeroSizeMultiplier() throws {
        let engine = try LayoutFileTests.build("""
            view root size 320x480
            view a in root
            a.left == root.left
            a.top == root.top
            a.width == root.width * 0 + 40
            a.height == root.height * 0 + 50
            """)
        layoutExpectFrame(try #require(engine.item(named: "a")), 0, 0, 40, 50)
    }
}
