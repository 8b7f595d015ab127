// The README's quick start (the solver, then the layout), as an application writes it,
// checking the README's numbers: width 300; the label 8 from the left, 42 wide; the field
// 8 after it, to the right margin (320 - 8).
import Ratite

var failures = 0
@MainActor func expect(_ what: String, _ value: Double, _ expected: Double) {
    print(what, value)
    if value != expected {
        print("  expected \(expected)")
        failures += 1
    }
}

let solver = Solver()
let left = Variable("left"), width = Variable("width"), right = Variable("right")
try solver.add(right == left + width)
try solver.add(left == 20)
try solver.add(width >= 10)
try solver.add((width == 50).priority(.weak))
try solver.addEditVariable(right, priority: .strong)
try solver.suggestValue(right, 320)
solver.update()
expect("width", solver.value(of: width), 300)

let engine = LayoutEngine()
let root = try engine.addView("root")
try engine.setSize(of: root, width: 320, height: 480)
let label = try engine.addView("label", in: root)
let field = try engine.addView("field", in: root)
try engine.setIntrinsicContentSize(IntrinsicSize(width: 42, height: 21), of: label)
try engine.setContentHuggingPriority(251, for: .horizontal, of: label)
try engine.activate([
    label.leadingAnchor.constraint(equalTo: root.leadingMarginAnchor),
    field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 8),
    field.trailingAnchor.constraint(equalTo: root.trailingMarginAnchor),
    field.lastBaselineAnchor.constraint(equalTo: label.lastBaselineAnchor),
])
engine.layout()
expect("label.x", label.frame.x, 8)
expect("label.width", label.frame.width, 42)
expect("field.x", field.frame.x, 58)
expect("field.width", field.frame.width, 254)
if failures > 0 { fatalError("\(failures) values differ from the README's") }
