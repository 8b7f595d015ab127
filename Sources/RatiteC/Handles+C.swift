// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite

// Each handle's life and last error, all through `CHandle` and `FailingHandle`. (A file
// run is made by `ratite_solve_file_run` and `ratite_layout_file_run` and keeps its own
// errors, so only its `_free` is here.)

@c @implementation public func ratite_solver_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> ratite_status {
    SolverHandle.new(into: out)
}

@c @implementation public func ratite_engine_new(_ out: UnsafeMutablePointer<OpaquePointer?>?) -> ratite_status {
    EngineHandle.new(into: out)
}

@c @implementation public func ratite_solver_free(_ solver: OpaquePointer?) { SolverHandle.release(solver) }
@c @implementation public func ratite_engine_free(_ engine: OpaquePointer?) { EngineHandle.release(engine) }
@c @implementation public func ratite_file_run_free(_ run: OpaquePointer?) { FileRunHandle.release(run) }

@c @implementation public func ratite_solver_last_error(_ solver: OpaquePointer?) -> UnsafePointer<CChar>? {
    SolverHandle.lastErrorText(of: solver)
}

@c @implementation public func ratite_engine_last_error(_ engine: OpaquePointer?) -> UnsafePointer<CChar>? {
    EngineHandle.lastErrorText(of: engine)
}
