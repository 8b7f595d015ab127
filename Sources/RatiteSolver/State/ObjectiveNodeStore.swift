/// The objective's nodes, one coefficient of a symbol at one priority level each (see
/// `ObjectiveNode`), kept in three parallel buffers: the links, each node's coefficient
/// when it is a small integer, and the other coefficients.
///
/// Every error enters the objective with weight 1, and the tableau rows substituted into
/// it are mostly ±1 (see `CellPool`), so the coefficients are sums of a few ±1: every
/// coefficient of the four solver families is an integer of at most 19. Such a node takes
/// 9 bytes instead of 16, and leaves its slot of the coefficient buffer unwritten, so the
/// buffer's pages (a mapping once large, as `CellPool`'s) become resident only where
/// other coefficients land.
struct ObjectiveNodeStore: ~Copyable {
    // Not private: a private nested type here crashed the 6.3.1 compiler ("Global is
    // external, but doesn't have external or weak linkage").
    struct Link {
        var level: Int32
        var next: Int32
    }

    private var links = RecordBuffer<Link>()
    /// A node's coefficient when it is an integer that fits, else `storedMark`.
    private var smallCoefficients = RecordBuffer<Int8>()
    private var coefficients = RecordBuffer<Double>()

    /// Marks a coefficient kept in `coefficients`.
    private static let storedMark = Int8.min

    init() {}

    func copy() -> ObjectiveNodeStore {
        var result = ObjectiveNodeStore()
        for k in 0 ..< count { result.append(self[k]) }
        return result
    }

    var count: Int { links.count }
    var reservedBytes: Int { links.reservedBytes + smallCoefficients.reservedBytes + coefficients.reservedBytes }
    /// Resident pages of the coefficient buffer, where the system can say (for tests).
    var residentCoefficientPages: Int? { coefficients.residentPages }
    /// How many nodes keep their coefficient in the buffer rather than a byte (for tests).
    var storedCoefficientCount: Int { smallCoefficients.elements.reduce(0) { $0 + ($1 == Self.storedMark ? 1 : 0) } }

    /// `coefficient` as a small integer, or `storedMark` (bit for bit: -0.0 is stored).
    @inline(__always) private static func small(_ coefficient: Double) -> Int8 {
        guard let v = Int8(exactly: coefficient), Double(v).bitPattern == coefficient.bitPattern else {
            return storedMark
        }
        return v
    }

    @inline(__always) func level(at index: Int) -> Int32 { links[index].level }
    @inline(__always) func next(at index: Int) -> Int32 { links[index].next }

    @inline(__always) func coefficient(at index: Int) -> Double {
        let v = smallCoefficients[index]
        return v == Self.storedMark ? coefficients.element(checkedElsewhere: index) : Double(v)
    }

    @inline(__always) mutating func setNext(_ next: Int32, at index: Int) { links[index].next = next }

    @inline(__always) mutating func setCoefficient(_ coefficient: Double, at index: Int) {
        let v = Self.small(coefficient)
        smallCoefficients[index] = v
        if v == Self.storedMark { coefficients[index] = coefficient }
    }

    @inline(__always) subscript(index: Int) -> ObjectiveNode {
        get { ObjectiveNode(level: level(at: index), next: next(at: index), coefficient: coefficient(at: index)) }
        set {
            links[index] = Link(level: newValue.level, next: newValue.next)
            setCoefficient(newValue.coefficient, at: index)
        }
    }

    mutating func append(_ node: ObjectiveNode) {
        links.append(Link(level: node.level, next: node.next))
        let v = Self.small(node.coefficient)
        smallCoefficients.append(v)
        if coefficients.count == coefficients.capacity {
            let small = smallCoefficients.elements
            coefficients.reserveCapacity(2 * coefficients.count) { small[$0] == Self.storedMark }
        }
        if v == Self.storedMark {
            coefficients.appendWithinCapacity(node.coefficient)
        } else {
            coefficients.appendUnwrittenWithinCapacity()
        }
    }

    mutating func truncate(to newCount: Int) {
        links.truncate(to: newCount)
        smallCoefficients.truncate(to: newCount)
        coefficients.truncate(to: newCount)
    }

    mutating func removeAll() { truncate(to: 0) }

    /// Every node, in index order.
    var elements: [ObjectiveNode] { (0 ..< count).map { self[$0] } }
}
