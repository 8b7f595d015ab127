import Glibc
import RatiteSupport
import RatiteTestSupport
import RatiteVFL
import Testing

@testable import RatiteModel
@testable import RatiteSolver

/// A 100k-row form holds 1.3 million constraint objects and 200k items, so their heap
/// blocks are most of the layout model's memory: a field added in the wrong place (or a
/// rare one stored inline) moves every object to the next block size.
@Suite struct LayoutMemoryTests {
    /// The usable size of the heap block holding `object` (glibc's `malloc_usable_size`,
    /// which the Glibc module does not export).
    func blockSize(of object: AnyObject) -> Int {
        typealias UsableSize = @convention(c) (UnsafeMutableRawPointer?) -> Int
        let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_usable_size")!
        return unsafeBitCast(symbol, to: UsableSize.self)(Unmanaged.passUnretained(object).toOpaque())
    }

    /// Activation serial, active and broken share one word; each reads back as written
    /// whatever the others do.
    @Test func constraintStateBitsAreIndependent() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let c = LayoutConstraint(item: root, attribute: .width, relatedBy: .equal, constant: 10)
        #expect(!c.isActive && !c.isBroken && c.activationSerial == 0)
        c.activationSerial = UInt64.max >> 2
        c.isBroken = true
        #expect(!c.isActive && c.isBroken && c.activationSerial == UInt64.max >> 2)
        c.activeFlag = true
        c.isBroken = false
        #expect(c.isActive && !c.isBroken && c.activationSerial == UInt64.max >> 2)
        c.activationSerial = 7
        #expect(c.isActive && !c.isBroken && c.activationSerial == 7)
        try engine.activate([LayoutConstraint(item: root, attribute: .height, relatedBy: .equal, constant: 5)])
        let active = engine.activeConstraints.filter { $0.kind == .user }
        #expect(active.count == 1 && active[0].isActive && !active[0].isBroken && active[0].activationSerial > 0)
    }

    /// A refused strict activation rolls the packed word back: the refused constraint is
    /// inactive with no serial, the one it conflicted with keeps its serial and state.
    @Test func refusedActivationRestoresTheStateWord() throws {
        let engine = LayoutEngine()
        engine.throwsOnConflict = true
        let root = try engine.addView("root")
        let first = LayoutConstraint(item: root, attribute: .width, relatedBy: .equal, constant: 10)
        try engine.activate([first])
        let serial = first.activationSerial
        let clash = LayoutConstraint(item: root, attribute: .width, relatedBy: .equal, constant: 20)
        #expect(throws: LayoutError.self) { try engine.activate([clash]) }
        #expect(!clash.isActive && !clash.isBroken && clash.activationSerial == 0)
        #expect(first.isActive && !first.isBroken && first.activationSerial == serial)
    }

    /// The smallest of many blocks: malloc may hand one object a larger free block it does
    /// not split (when other tests have left the heap so), never all of them.
    @Test func objectsKeepTheirHeapBlocks() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let labels = try (0..<32).map { try engine.addView("label\($0)", in: root) }
        let constraints = labels.map { $0.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8) }
        #expect(constraints.map { blockSize(of: $0) }.min()! <= 72)
        #expect(labels.map { blockSize(of: $0) }.min()! <= 248)
    }

    /// Fields kept out of line (identifier, autoresizing share; margins, direction and
    /// autoresizing inputs) and numbers stored with NaN for "none" read back as written.
    @Test func outOfLineFieldsReadBackAsWritten() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let view = try engine.addView("view", in: root)
        #expect(view.intrinsicContentSize == .none)
        #expect(view.firstBaselineOffsetFromTop == nil && view.lastBaselineOffsetFromBottom == nil)
        #expect(view.layoutMargins == .defaultMargins && view.semanticDirection == nil)
        #expect(!view.translatesAutoresizingMaskIntoConstraints && view.autoresizingMask == []
                && view.autoresizingFrame == .zero)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 0, height: nil), of: view)
        #expect(view.intrinsicContentSize == IntrinsicSize(width: 0, height: nil))
        try engine.setBaselineOffsets(firstFromTop: -0.0, lastFromBottom: 12, of: view)
        #expect(view.firstBaselineOffsetFromTop == 0 && view.lastBaselineOffsetFromBottom == 12)
        try engine.setLayoutDirection(.rightToLeft, of: view)
        #expect(view.semanticDirection == .rightToLeft && view.layoutMargins == .defaultMargins)
        try engine.setBaselineOffsets(firstFromTop: nil, lastFromBottom: nil, of: view)
        #expect(view.firstBaselineOffsetFromTop == nil && view.lastBaselineOffsetFromBottom == nil)

        let c = LayoutConstraint(item: view, attribute: .width, relatedBy: .equal, constant: 10)
        #expect(c.identifier == nil)
        c.identifier = "w"
        #expect(c.identifier == "w")
        c.identifier = nil
        #expect(c.identifier == nil && c.superviewShare == nil && c.multiplier == 1)
        let scaled = LayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: root, attribute: .width,
                                      multiplier: 0.5, identifier: "half")
        #expect(scaled.multiplier == 0.5 && scaled.identifier == "half")
        scaled.identifier = nil
        #expect(scaled.multiplier == 0.5 && scaled.identifier == nil)
        let invalid = LayoutConstraint(item: view, attribute: .width, relatedBy: .equal, toItem: root,
                                       attribute: .width, multiplier: .nan)
        #expect(invalid.multiplier.isNaN)
        #expect(throws: LayoutError.self) { try engine.activate([invalid]) }
        try engine.setAutoresizing(frame: Frame(x: 10, y: 10, width: 100, height: 50), mask: [.flexibleLeftMargin],
                                   of: view)
        let shared = view.ownConstraints.filter { $0.superviewShare != nil }
        #expect(shared.count == 1 && shared.first?.superviewShare?.item === root)
    }

    /// The core does not store a layout engine's variable names: it derives `item.left`,
    /// `.top`, `.width` and `.height` from the items, also after a refused operation.
    @Test func variableNamesAreDerivedFromItems() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let label = try engine.addView("label7", in: root)
        #expect(engine.core.registry.variableNames.isEmpty)
        #expect(throws: LayoutError.self) { try engine.addView("label7", in: root) }
        let names = [label.minX, label.minY, label.width, label.height].map { engine.core.name(ofVariable: $0) }
        #expect(names == ["label7.left", "label7.top", "label7.width", "label7.height"])
        #expect(engine.core.name(ofVariable: root.height) == "root.height")
        #expect(engine.core.invariantViolations() == [])
    }
}
