import Testing
@testable import Ratite

@Test func smoke() throws {
    let solver = Solver()
    let left = Variable("left"), width = Variable("width"), right = Variable("right")
    try solver.add(right == left + width)
    try solver.add(left == 20)
    try solver.add(width >= 10)
    try solver.add((width == 50).priority(.weak))
    try solver.addEditVariable(right, priority: .strong)
    try solver.suggestValue(right, 320)
    solver.update()
    print(solver.dump())
    print(solver.core.invariantViolations())
    #expect(solver.value(of: width) == 300)
    #expect(solver.value(of: right) == 320)
    try solver.suggestValue(right, 25)
    solver.update()
    print(solver.dump())
    #expect(solver.value(of: width) == 10)
    #expect(solver.value(of: right) == 30)
}
