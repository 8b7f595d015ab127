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
