import CFuzzDriver

/// The harness libFuzzer calls through `fuzzDriverMain`.
nonisolated(unsafe) private var harness: ((UnsafeRawPointer, Int) -> CInt)?

/// Hands control to libFuzzer, which parses the command line and calls `fuzz` once per input.
///
/// SwiftPM renames an executable's entry point and points `main` at it, so libFuzzer's own `main`
/// is never linked; each harness's `@main` calls this instead.
public func fuzzDriverMain(_ fuzz: @escaping (UnsafeRawPointer, Int) -> CInt) -> Never {
    harness = fuzz
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in
        // libFuzzer may pass a null pointer for the empty input.
        let empty: UInt8 = 0
        return withUnsafePointer(to: empty) { fallback in
            harness!(UnsafeRawPointer(data ?? fallback), size)
        }
    }
    exit(status)
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
