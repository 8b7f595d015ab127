extension Array {
    /// Empties the array and keeps its storage.
    ///
    /// The solver empties a dozen short scratch lists and undo logs on every operation.
    /// `removeAll(keepingCapacity: true)` goes through the general range replacement, about
    /// 80 instructions whatever the length; popping a short list costs a few per element.
    /// Long lists (a pivoting system's undo logs) take the general path, which is cheaper
    /// past a dozen elements.
    @inline(__always) mutating func empty() {
        if count > 12 {
            removeAll(keepingCapacity: true)
        } else {
            while popLast() != nil {}
        }
    }
}
