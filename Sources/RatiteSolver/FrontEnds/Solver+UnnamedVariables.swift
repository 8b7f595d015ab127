/// Variables a front end adds by core id without a `Variable` object (`SolveSession`: a
/// file's names). Most of a file's variables are never asked for as objects, and making one
/// per variable was a large part of adding it; so the solver makes one only when
/// `update()`, an error or the front end needs it, and holds it from then on like any other.
extension Solver {
    /// A new variable called `name`, held without an object under the front end's `key`, and
    /// noted in `fresh` as `variableID(_:noting:)` notes the variables it makes. Made outside
    /// any transaction: the addition that follows takes it back if refused.
    /// - Complexity: O(1) amortized.
    package func newUnnamedVariable(name: String, key: Int32, noting fresh: inout FreshVariables) -> Int32 {
        if fresh.ids.isEmpty { fresh.countBefore = core.registry.variables.count }
        let v = core.newVariable(name: name)
        if Int(v) == unnamedVariableKeys.count {
            unnamedVariableKeys.append(key)
        } else {
            while unnamedVariableKeys.count <= Int(v) { unnamedVariableKeys.append(-1) }
            unnamedVariableKeys[Int(v)] = key
        }
        fresh.ids.append(v)
        return v
    }

    /// The front end's key for variable `id`, if the solver holds it without an object.
    /// A front end that kept `id` for a key checks it here: the id is still that variable
    /// exactly when the key matches, whatever was removed or reset in between.
    /// - Complexity: O(1).
    package func unnamedVariableKey(at id: Int32) -> Int32? {
        guard id >= 0, Int(id) < unnamedVariableKeys.count, unnamedVariableKeys[Int(id)] >= 0 else { return nil }
        return unnamedVariableKeys[Int(id)]
    }

    /// The object for variable `id`: the one the solver holds, or for a variable held
    /// without one, a new one of the variable's name, held from then on and handed to
    /// `objectMadeForUnnamed`; nil for an id that is no variable of this solver.
    /// - Complexity: O(1).
    package func variableObject(at id: Int32) -> Variable? {
        if let object = variables[id] { return object }
        return objectForUnnamed(at: id)
    }

    @inline(never)
    private func objectForUnnamed(at id: Int32) -> Variable? {
        guard let key = unnamedVariableKey(at: id) else { return nil }
        let object = Variable(core.name(ofVariable: id))
        variables.insert(object, at: id)
        unnamedVariableKeys[Int(id)] = -1
        objectMadeForUnnamed?(key, object)
        return object
    }

    /// Forgets the key of variable `id` (taken back or deleted), if it had one.
    func forgetUnnamedKey(at id: Int32) {
        if Int(id) < unnamedVariableKeys.count { unnamedVariableKeys[Int(id)] = -1 }
    }

    /// The value of variable `id` after the last update, for a front end that reads values
    /// by core id (`value(of:)` for a variable held without an object).
    /// - Complexity: O(1).
    package func value(ofVariableID id: Int32) -> Double { core.value(ofVariable: id) }
}
