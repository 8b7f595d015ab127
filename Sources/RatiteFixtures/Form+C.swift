// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite_fixtures.h gives them.)

import CRatite
import CRatiteFixtures
import Ratite
import RatiteC
import RatiteGenerate

@c @implementation
public func ratite_engine_build_form(
    _ engine: OpaquePointer?, _ n: Int64, _ root: UnsafeMutablePointer<ratite_item>?
) -> ratite_status {
    withLayoutEngine(engine) { engine, id throws(CFailure) in
        guard n >= 1 && n <= 10_000_000 else {
            throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "n must be from 1 to 10000000, not \(n)")
        }
        guard engine.items.isEmpty else {
            throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "the form is built into an empty engine")
        }
        guard let root else { throw CFailure(RATITE_ERROR_NULL_ARGUMENT, "root is NULL") }
        do {
            root.pointee = id(try FormFamily.build(into: engine, n: Int(n)))
        } catch {
            throw CFailure(RATITE_ERROR_INTERNAL, "\(error)")
        }
    }
}
