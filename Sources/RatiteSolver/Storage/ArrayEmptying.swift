extension Array {
    /// Empties the array and keeps its storage.
    ///
    /// The solver empties a dozen short scratch lists and undo logs on every operation.
    /// `removeAll(keepingCapacity: true)` goes through the general range replacement, a
    /// fixed cost whatever the length; popping a short list costs a few instructions per
    /// element.
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

extension Array {
    /// Empties the array, keeping its storage only up to `limit` elements: a rare large
    /// batch (a suggestion on a 100k chain journals every symbol) would otherwise hold its
    /// peak storage for good.
    @inline(__always) mutating func empty(keepingAtMost limit: Int) {
        if capacity > limit { self = [] } else { empty() }
    }
}
