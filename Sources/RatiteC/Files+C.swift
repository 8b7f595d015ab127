// swift-format-ignore-file: AlwaysUseLowerCamelCase
// (C functions keep the names ratite.h gives them.)

import CRatite
import Ratite

@c @implementation
public func ratite_solve_file_run(
    _ text: UnsafePointer<CChar>?, _ length: Int, _ json: Int32, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> ratite_status {
    guard let out else { return RATITE_ERROR_NULL_ARGUMENT }
    out.pointee = nil
    do throws(CFailure) {
        let source = try decodeString(text, length, "text")
        out.pointee = FileRunHandle(SolveFileRun(text: source), json: json != 0).retainedPointer
        return RATITE_OK
    } catch {
        return error.status
    }
}

@c @implementation
public func ratite_layout_file_run(
    _ engine: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ options: UnsafePointer<ratite_layout_file_options>?, _ callback: ratite_layout_step_callback?,
    _ context: UnsafeMutableRawPointer?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> ratite_status {
    guard let out else { return RATITE_ERROR_NULL_ARGUMENT }
    out.pointee = nil
    // A run without an engine gets one of its own, which the callback sees like any other.
    let handle = engine.map(EngineHandle.from) ?? EngineHandle()
    let pointer = engine ?? OpaquePointer(Unmanaged.passUnretained(handle).toOpaque())
    return withExtendedLifetime(handle) {
        withEngine(pointer) { h throws(CFailure) in
            let source = try decodeString(text, length, "text")
            let settings = try decodeLayoutFileOptions(options)
            let run = LayoutFileRun(
                text: source, engine: h.engine, overrides: settings.overrides, layingOut: !settings.buildOnly
            ) { (engine, step) throws(TextFileError) in
                guard let callback else { return }
                if reportStep(step, to: callback, engine: pointer, context: context) != 0 {
                    throw TextFileError(
                        "the step callback stopped the run",
                        at: step.location ?? TextLocation(offset: 0, line: 1, column: 1))
                }
            }
            out.pointee = FileRunHandle(
                run, allowConflicts: settings.allowConflicts, allowAmbiguity: settings.allowAmbiguity
            ).retainedPointer
        }
    }
}

/// The overrides and flags of `ratite_layout_file_options`, checked as `ratite layout`
/// checks its options (NULL: none).
private func decodeLayoutFileOptions(
    _ options: UnsafePointer<ratite_layout_file_options>?
) throws(CFailure) -> (overrides: LayoutFileBuilder.Overrides, allowConflicts: Bool, allowAmbiguity: Bool,
                       buildOnly: Bool) {
    guard let o = options?.pointee else { return (.init(), false, false, false) }
    var overrides = LayoutFileBuilder.Overrides(rightToLeft: o.right_to_left != 0)
    if o.has_size != 0 {
        try checkFinite(o.width, "width")
        try checkFinite(o.height, "height")
        guard o.width >= 0 && o.height >= 0 else {
            throw CFailure(
                RATITE_ERROR_INVALID_ARGUMENT, "a size needs non-negative numbers, not \(o.width)x\(o.height)")
        }
        overrides.size = (o.width, o.height)
    }
    if o.has_platform != 0 {
        switch o.platform {
        case RATITE_PLATFORM_IOS: overrides.platform = .ios
        case RATITE_PLATFORM_MACOS: overrides.platform = .macos
        default: throw CFailure(RATITE_ERROR_INVALID_ARGUMENT, "unknown platform \(o.platform)")
        }
    }
    return (overrides, o.allow_conflicts != 0, o.allow_ambiguity != 0, o.build_only != 0)
}

/// Calls the step callback with `step` in C form; its strings live for the call.
private func reportStep(
    _ step: LayoutFileBuilder.Step, to callback: ratite_layout_step_callback, engine: OpaquePointer,
    context: UnsafeMutableRawPointer?
) -> Int32 {
    let conflicts = step.conflicts.map(\.description).joined(separator: "\n")
    let ambiguity = step.ambiguity.isEmpty ? "" : step.ambiguity.description
    return step.name.withCString { name in
        step.title.withCString { title in
            conflicts.withCString { conflicts in
                ambiguity.withCString { ambiguity in
                    var record = ratite_layout_step(
                        index: step.index, name: name, line: step.location?.line ?? 0, title: title,
                        conflicts: conflicts, ambiguity: ambiguity,
                        verified: step.isVerified ? 1 : 0)
                    return callback(engine, &record, context)
                }
            }
        }
    }
}

@c @implementation
public func ratite_file_run_output(_ run: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let run else { return nil }
    return UnsafePointer(FileRunHandle.from(run).output)
}

@c @implementation
public func ratite_file_run_diagnostics(
    _ run: OpaquePointer?, _ fileName: UnsafePointer<CChar>?, _ nameLength: Int,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> ratite_status {
    guard let run, let out else { return RATITE_ERROR_NULL_ARGUMENT }
    do throws(CFailure) {
        let name = fileName == nil && nameLength == 0 ? "<stdin>" : try decodeString(fileName, nameLength, "file name")
        out.pointee = mallocString(FileRunHandle.from(run).diagnostics(file: name))
        return RATITE_OK
    } catch {
        return error.status
    }
}

@c @implementation
public func ratite_file_run_status(_ run: OpaquePointer?) -> Int32 {
    guard let run else { return FileExitStatus.dataError }
    return FileRunHandle.from(run).status
}

@c @implementation
public func ratite_file_run_error(
    _ run: OpaquePointer?, _ out: UnsafeMutablePointer<ratite_file_error>?
) -> ratite_status {
    guard let run, let out else { return RATITE_ERROR_NULL_ARGUMENT }
    let h = FileRunHandle.from(run)
    out.pointee = ratite_file_error(
        message: UnsafePointer(h.errorMessage), line: h.errorLocation?.line ?? 0,
        column: h.errorLocation?.column ?? 0, note_lines: UnsafePointer(h.noteLines.baseAddress),
        notes: UnsafePointer(h.notes.baseAddress), note_count: h.notes.count)
    return RATITE_OK
}

@c @implementation
public func ratite_file_run_values(
    _ run: OpaquePointer?, _ names: UnsafeMutablePointer<UnsafePointer<UnsafePointer<CChar>?>?>?,
    _ values: UnsafeMutablePointer<UnsafePointer<Double>?>?, _ count: UnsafeMutablePointer<Int>?
) -> ratite_status {
    guard let run, let names, let values, let count else { return RATITE_ERROR_NULL_ARGUMENT }
    let h = FileRunHandle.from(run)
    names.pointee = UnsafePointer(h.names.baseAddress)
    values.pointee = UnsafePointer(h.values.baseAddress)
    count.pointee = h.values.count
    return RATITE_OK
}
