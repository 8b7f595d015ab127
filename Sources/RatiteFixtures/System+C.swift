// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite_fixtures.h gives them.)

import CRatite
import CRatiteFixtures
import Ratite

#if canImport(Glibc)
import Glibc
import RatiteGenerate
#endif

/// What `ratite_system *` points to: a generated system flattened into buffers C reads in
/// place (they live as long as the handle).
final class SystemHandle {
    let system: GeneratedSystem
    let names: [UnsafeMutablePointer<CChar>]
    /// Every constraint's variables and coefficients, back to back; `offsets[i]` is where
    /// constraint `i` starts.
    let variables: UnsafeMutableBufferPointer<Int32>
    let coefficients: UnsafeMutableBufferPointer<Double>
    let offsets: [Int]
    let constants: [Double]

    init(_ system: GeneratedSystem) {
        self.system = system
        names = system.names.map { strdup($0)! }
        let total = system.constraints.reduce(0) { $0 + $1.lhs.count + $1.rhs.count }
        variables = .allocate(capacity: max(total, 1))
        coefficients = .allocate(capacity: max(total, 1))
        var offsets: [Int] = []
        var constants: [Double] = []
        offsets.reserveCapacity(system.constraints.count + 1)
        constants.reserveCapacity(system.constraints.count)
        var position = 0
        for c in system.constraints {
            offsets.append(position)
            let n = c.normalized
            for t in n.terms {
                variables[position] = t.variable
                coefficients[position] = t.coefficient
                position += 1
            }
            constants.append(n.constant)
        }
        offsets.append(position)
        self.offsets = offsets
        self.constants = constants
    }

    deinit {
        for p in names { free(p) }
        variables.deallocate()
        coefficients.deallocate()
    }

    static func from(_ pointer: OpaquePointer) -> SystemHandle {
        Unmanaged<SystemHandle>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }
}

@c @implementation
public func ratite_system_generate(
    _ family: ratite_family, _ n: Int64, _ seed: UInt64, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> ratite_status {
    guard let out else { return RATITE_ERROR_NULL_ARGUMENT }
    let families: [ratite_family: SystemFamily] = [
        RATITE_FAMILY_CHAIN: .chain, RATITE_FAMILY_GRID: .grid, RATITE_FAMILY_TREE: .tree,
        RATITE_FAMILY_RANDOM: .random,
    ]
    guard let kind = families[family], n >= 1, n <= 10_000_000 else { return RATITE_ERROR_INVALID_ARGUMENT }
    let handle = SystemHandle(kind.generate(n: Int(n), seed: seed))
    out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    return RATITE_OK
}

@c @implementation
public func ratite_system_free(_ system: OpaquePointer?) {
    guard let system else { return }
    Unmanaged<SystemHandle>.fromOpaque(UnsafeRawPointer(system)).release()
}

@c @implementation
public func ratite_system_variable_count(_ system: OpaquePointer?) -> Int {
    guard let system else { return 0 }
    return SystemHandle.from(system).names.count
}

@c @implementation
public func ratite_system_variable_name(_ system: OpaquePointer?, _ index: Int) -> UnsafePointer<CChar>? {
    guard let system else { return nil }
    let h = SystemHandle.from(system)
    guard index >= 0 && index < h.names.count else { return nil }
    return UnsafePointer(h.names[index])
}

@c @implementation
public func ratite_system_constraint_count(_ system: OpaquePointer?) -> Int {
    guard let system else { return 0 }
    return SystemHandle.from(system).constants.count
}

@c @implementation
public func ratite_system_constraint_get(
    _ system: OpaquePointer?, _ index: Int, _ out: UnsafeMutablePointer<ratite_system_constraint>?
) -> ratite_status {
    guard let system, let out else { return RATITE_ERROR_NULL_ARGUMENT }
    let h = SystemHandle.from(system)
    guard index >= 0 && index < h.constants.count else { return RATITE_ERROR_INVALID_ARGUMENT }
    let c = h.system.constraints[index]
    let relation: ratite_relation = switch c.relation {
    case .equal: RATITE_RELATION_EQUAL
    case .lessThanOrEqual: RATITE_RELATION_LESS_OR_EQUAL
    case .greaterThanOrEqual: RATITE_RELATION_GREATER_OR_EQUAL
    }
    let start = h.offsets[index]
    out.pointee = ratite_system_constraint(
        variables: UnsafePointer(h.variables.baseAddress! + start),
        coefficients: UnsafePointer(h.coefficients.baseAddress! + start),
        count: h.offsets[index + 1] - start, constant: h.constants[index], relation: relation, priority: c.priority)
    return RATITE_OK
}

@c @implementation
public func ratite_system_edit_count(_ system: OpaquePointer?) -> Int {
    guard let system else { return 0 }
    return SystemHandle.from(system).system.edits.count
}

@c @implementation
public func ratite_system_edit_get(
    _ system: OpaquePointer?, _ index: Int, _ variable: UnsafeMutablePointer<Int32>?,
    _ priority: UnsafeMutablePointer<Double>?, _ suggestion: UnsafeMutablePointer<Double>?,
    _ resizeA: UnsafeMutablePointer<Double>?, _ resizeB: UnsafeMutablePointer<Double>?
) -> ratite_status {
    guard let system else { return RATITE_ERROR_NULL_ARGUMENT }
    let s = SystemHandle.from(system).system
    guard index >= 0 && index < s.edits.count else { return RATITE_ERROR_INVALID_ARGUMENT }
    variable?.pointee = s.edits[index].variable
    priority?.pointee = s.edits[index].priority
    suggestion?.pointee = s.suggestions[index]
    resizeA?.pointee = s.resizes[index].0
    resizeB?.pointee = s.resizes[index].1
    return RATITE_OK
}

@c @implementation
public func ratite_system_text(
    _ system: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ratite_status {
    guard let system, let out else { return RATITE_ERROR_NULL_ARGUMENT }
    // malloc'ed, for ratite_string_free (which is free).
    out.pointee = strdup(SystemHandle.from(system).system.solveFileText())
    return RATITE_OK
}
