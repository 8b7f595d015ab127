import CRatite
import Ratite
import RatiteGenerate
import Testing

@testable import RatiteC

/// `NamedSlots`, the C handle's index of variables by name over the shared `NameTable`:
/// several slots may share a name, the newest wins, and forgetting any slot brings the
/// next older one of its name back. Checked against a plain list of (slot, name) pairs
/// under random adds and forgets.
@Suite struct NamedSlotsTests {
    @Test func newestOfANameThroughAddsAndForgets() {
        var slots = NamedSlots()
        // The model: live (slot, name) pairs, oldest first.
        var live: [(slot: Int32, name: String)] = []
        var free: [Int32] = []
        var next: Int32 = 0
        var random = SplitMix64(seed: 11)
        let names = ["a", "b", "c", "width", "é", ""]
        for _ in 0..<20_000 {
            if live.isEmpty || random.below(3) != 0 {
                let slot = free.popLast() ?? next
                if slot == next { next += 1 }
                let name = names[random.below(names.count)]
                #expect(!slots.contains(slot))
                slots.add(slot, named: name)
                live.append((slot, name))
            } else {
                let (slot, _) = live.remove(at: random.below(live.count))
                slots.forget(slot)
                #expect(!slots.contains(slot))
                free.append(slot)
            }
            let name = names[random.below(names.count)]
            #expect(slots.newest(named: name) == live.last { $0.name == name }?.slot)
        }
        #expect(slots.newest(named: "never") == nil)
        // Forgetting a slot that is not indexed changes nothing.
        slots.forget(next + 5)
        slots.forget(-1)
        for name in names { #expect(slots.newest(named: name) == live.last { $0.name == name }?.slot) }
    }

    /// Freeing the newest variable of a name finds the older one again through the C API;
    /// a handle that never looks a name up never builds the index.
    @Test func cHandleBuildsItsIndexOnTheFirstLookupByName() throws {
        var pointer: OpaquePointer? = nil
        #expect(ratite_solver_new(&pointer) == RATITE_OK)
        let solver = try #require(pointer)
        defer { ratite_solver_free(solver) }
        func new(_ name: String) -> ratite_variable {
            var id: ratite_variable = 0
            #expect(ratite_solver_variable_new(solver, name, name.utf8.count, &id) == RATITE_OK)
            return id
        }
        func find(_ name: String) -> ratite_variable? {
            var id: ratite_variable = 0
            return ratite_solver_variable_find(solver, name, name.utf8.count, &id) == RATITE_OK ? id : nil
        }
        let older = new("x"), newer = new("x"), other = new("y")
        #expect(!SolverHandle.from(solver).hasNameIndex)
        var constraint: ratite_constraint = 0
        var term = ratite_term(variable: other, coefficient: 1)
        #expect(ratite_solver_constraint_add(
            solver, &term, 1, -3, RATITE_RELATION_EQUAL, 1000, &constraint) == RATITE_OK)
        #expect(!SolverHandle.from(solver).hasNameIndex)
        #expect(find("x") == newer)
        #expect(SolverHandle.from(solver).hasNameIndex)
        #expect(ratite_solver_variable_free(solver, newer) == RATITE_OK)
        #expect(find("x") == older)
        let newest = new("x")
        #expect(find("x") == newest)
        #expect(ratite_solver_variable_free(solver, older) == RATITE_OK)
        #expect(find("x") == newest)
        #expect(ratite_solver_variable_free(solver, newest) == RATITE_OK)
        #expect(find("x") == nil)
        #expect(find("y") == other)
    }
}
