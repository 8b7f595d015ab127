// The README's quick start (the solver, then the layout), as an application writes it.
import Ratite

let solver = Solver()
let left = Variable("left"), width = Variable("width"), right = Variable("right")
try solver.add(right == left + width)
try solver.add(left == 20)
try solver.add(width >= 10)
try solver.add((width == 50).priority(.weak))
try solver.addEditVariable(right, priority: .strong)
try solver.suggestValue(right, 320)
solver.update()
print("width", solver.value(of: width))

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
print("label", label.frame)
print("field", field.frame)
