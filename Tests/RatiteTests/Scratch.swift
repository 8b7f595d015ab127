import Testing
@testable import Ratite

@Test func scratchSmall() throws {
    let solver = Solver()
    let x = Variable("x")
    do { try solver.add(1e-8 * x == 1) } catch { print("ERR", error); print(solver.dump()) }
}
