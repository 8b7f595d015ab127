/// The names a format may use as views, as the parser asks about them: one question per
/// view name it reads. The layout engine answers from its own tables, so a parse never
/// copies them into a set first.
protocol VFLViewNames {
    func containsView(named name: String) -> Bool
}

extension Set<String>: VFLViewNames {
    /// Small sets are searched linearly: comparing short strings is much cheaper than
    /// hashing one.
    func containsView(named name: String) -> Bool {
        count <= 8 ? contains { $0 == name } : contains(name)
    }
}
