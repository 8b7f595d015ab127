import Testing
@testable import Ratite

@Test func scratchSeedRecipe() throws {
    let engine = LayoutEngine()
    let root = try engine.addView("root")
    try engine.setSize(of: root, width: 320, height: 480)
    let guide = try engine.addGuide("topGuide", in: root)
    let label = try engine.addView("label", in: root)
    let field = try engine.addView("field", in: root)
    try engine.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: label)
    try engine.setContentHuggingPriority(251, for: .horizontal, of: label)
    try engine.setBaselineOffsets(first: 17, last: 17, of: label)
    try engine.setIntrinsicContentSize(IntrinsicSize(width: 97, height: 30), of: field)
    try engine.setBaselineOffsets(first: 21, last: 21, of: field)
    try engine.activate([
        guide.topAnchor.constraint(equalTo: root.topAnchor),
        guide.heightAnchor.constraint(equalToConstant: 20),
        guide.leadingAnchor.constraint(equalTo: root.leadingAnchor),
        guide.trailingAnchor.constraint(equalTo: root.trailingAnchor),
        label.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
        field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
        field.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
        field.lastBaselineAnchor.constraint(equalTo: label.lastBaselineAnchor),
        field.topAnchor.constraint(equalTo: guide.bottomAnchor, constant: 20),
    ])
    let changed = engine.layout()
    print("changed", changed.map(\.name), label.frame, field.frame, guide.frame)
    #expect(label.frame == Frame(x: 8, y: 44, width: 42, height: 21))
    #expect(field.frame == Frame(x: 58, y: 40, width: 254, height: 30))
    print(engine.ambiguityReport())
    print(engine.constraintsAffectingLayout(field, for: .horizontal))
    try engine.setSize(of: root, width: 480, height: 320)
    print(engine.layout().map(\.name), field.frame)
    #expect(engine.core.invariantViolations() == [])
    // RTL
    try engine.setLayoutDirection(.rightToLeft, of: root)
    engine.layout()
    print("rtl", label.frame, field.frame)
    // conflict
    try engine.activate([field.widthAnchor.constraint(greaterThanOrEqualToConstant: 10)])
    let bad = label.widthAnchor.constraint(equalToConstant: 500)
    try engine.activate([bad])
    print(engine.conflictLog.last!)
    engine.layout()
    print(label.frame, field.frame)
}
