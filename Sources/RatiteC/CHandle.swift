import CRatite

/// A Swift object that C holds through an opaque pointer (`ratite_solver *`,
/// `ratite_engine *`, `ratite_file_run *`): retained from its `_new` until its `_free`,
/// and borrowed, not retained, by every call in between.
protocol CHandle: AnyObject {}

extension CHandle {
    /// The handle behind a pointer this library gave out.
    static func from(_ pointer: OpaquePointer) -> Self {
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).takeUnretainedValue()
    }

    /// A pointer for C that keeps the handle alive until `release(_:)`.
    var retainedPointer: OpaquePointer { OpaquePointer(Unmanaged.passRetained(self).toOpaque()) }

    /// Gives up the pointer's hold on its handle (a `_free`); NULL is ignored, as `free`
    /// ignores it.
    static func release(_ pointer: OpaquePointer?) {
        guard let pointer else { return }
        Unmanaged<Self>.fromOpaque(UnsafeRawPointer(pointer)).release()
    }
}

/// A handle whose calls can fail (`ratite_solver *`, `ratite_engine *`): each call runs
/// through `call`, which turns a failure into its status and keeps its message for the
/// handle's `_last_error`.
protocol FailingHandle: CHandle {
    init()
    /// The message `_last_error` hands out.
    var lastError: HandleString { get }
    /// Keeps what C may ask about a failed call; by default its message.
    func remember(_ failure: CFailure)
}

extension FailingHandle {
    func remember(_ failure: CFailure) { lastError.set(failure.message) }

    /// A `_new`: a fresh handle, retained for C.
    static func new(into out: UnsafeMutablePointer<OpaquePointer?>?) -> ratite_status {
        guard let out else { return RATITE_ERROR_NULL_ARGUMENT }
        out.pointee = Self().retainedPointer
        return RATITE_OK
    }

    /// A `_last_error`: the message of the last failed call (empty before any), NULL for NULL.
    static func lastErrorText(of pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
        guard let pointer else { return nil }
        return UnsafePointer(from(pointer).lastError.pointer)
    }

    /// Runs `body` on the handle behind `pointer`: the one shape of a C call that can fail.
    /// NULL is refused before anything runs; a failure is returned as its status and
    /// remembered (`remember`).
    static func call(_ pointer: OpaquePointer?, _ body: (Self) throws(CFailure) -> Void) -> ratite_status {
        guard let pointer else { return RATITE_ERROR_NULL_ARGUMENT }
        let handle = from(pointer)
        do {
            try body(handle)
            return RATITE_OK
        } catch {
            handle.remember(error)
            return error.status
        }
    }
}
