#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stops the process with `message` on stderr when `condition` is false, so libFuzzer records the
/// input as a crash. Unlike `precondition`, it also fires in release builds with `-Ounchecked`.
public func fuzzCheck(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                      file: StaticString = #fileID, line: UInt = #line) {
    guard !condition() else { return }
    let text = Array("fuzz check failed at \(file):\(line): \(message())\n".utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    abort()
}

/// Seconds since an arbitrary point, from the monotonic clock.
public func fuzzSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A fresh folder for a harness's files, removed when the process exits normally: under
/// `$FLATBED_FUZZ_TMP` when set (run.sh sets it, and removes it after a crash), else /dev/shm when
/// writable (fsync is free on tmpfs, which keeps SQLite fast), else /tmp.
public func fuzzTemporaryFolder(_ label: String) -> String {
    let base = getenv("FLATBED_FUZZ_TMP").map { String(cString: $0) }
        ?? (access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp")
    var template = Array("\(base)/flatbed-\(label)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    fuzzCheck(made != nil, "cannot create a folder under \(base)")
    let path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    FuzzCleanup.folders.append(path)
    if !FuzzCleanup.registered {
        FuzzCleanup.registered = true
        atexit { FuzzCleanup.removeAll() }
    }
    return path
}

/// Folders to remove at exit (harnesses are single-threaded, so plain statics suffice).
enum FuzzCleanup {
    nonisolated(unsafe) static var folders: [String] = []
    nonisolated(unsafe) static var registered = false

    static func removeAll() {
        for folder in folders {
            // rm -rf through the shell: a harness's folder holds nothing but its own files.
            _ = system("rm -rf '\(folder)'")
        }
    }
}
