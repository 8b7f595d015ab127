import Testing
import Glibc
@testable import Ratite

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

    @Test func objectsKeepTheirHeapBlocks() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let label = try engine.addView("label", in: root)
        let c = label.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 8)
        #expect(blockSize(of: c) <= 88)
        #expect(blockSize(of: label) <= 216)
    }

    /// Fields kept out of line (identifier, autoresizing share; margins, direction and
    /// autoresizing inputs) and numbers stored with NaN for "none" read back as written.
    @Test func outOfLineFieldsReadBackAsWritten() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let view = try engine.addView("view", in: root)
        #expect(view.intrinsicContentSize == .none)
        #expect(view.firstBaselineOffset == nil && view.lastBaselineOffset == nil)
        #expect(view.layoutMargins == .defaultMargins && view.semanticDirection == nil)
        #expect(!view.translatesAutoresizingMaskIntoConstraints && view.autoresizingMask == [] && view.autoresizingFrame == .zero)
        try engine.setIntrinsicContentSize(IntrinsicSize(width: 0, height: nil), of: view)
        #expect(view.intrinsicContentSize == IntrinsicSize(width: 0, height: nil))
        try engine.setBaselineOffsets(first: -0.0, last: 12, of: view)
        #expect(view.firstBaselineOffset == 0 && view.lastBaselineOffset == 12)
        try engine.setLayoutDirection(.rightToLeft, of: view)
        #expect(view.semanticDirection == .rightToLeft && view.layoutMargins == .defaultMargins)
        try engine.setBaselineOffsets(first: nil, last: nil, of: view)
        #expect(view.firstBaselineOffset == nil && view.lastBaselineOffset == nil)

        let c = LayoutConstraint(item: view, attribute: .width, relatedBy: .equal, constant: 10)
        #expect(c.identifier == nil)
        c.identifier = "w"
        #expect(c.identifier == "w")
        c.identifier = nil
        #expect(c.identifier == nil && c.superviewShare == nil)
        try engine.setAutoresizing(frame: Frame(x: 10, y: 10, width: 100, height: 50), mask: [.flexibleLeftMargin], of: view)
        let shared = view.ownConstraints.filter { $0.superviewShare != nil }
        #expect(shared.count == 1 && shared.first?.superviewShare?.item === root)
    }

    /// The core does not store a layout engine's variable names: it derives `item.left`,
    /// `.top`, `.width` and `.height` from the items, also after a refused operation.
    @Test func variableNamesAreDerivedFromItems() throws {
        let engine = LayoutEngine()
        let root = try engine.addView("root")
        let label = try engine.addView("label7", in: root)
        #expect(engine.core.variableNames.isEmpty)
        #expect(throws: LayoutError.self) { try engine.addView("label7", in: root) }
        let names = [label.minX, label.minY, label.width, label.height].map { engine.core.name(ofVariable: $0) }
        #expect(names == ["label7.left", "label7.top", "label7.width", "label7.height"])
        #expect(engine.core.name(ofVariable: root.height) == "root.height")
        #expect(engine.core.invariantViolations() == [])
    }
}
