import Foundation

/// A small tmpfs mounted on an empty folder, so a test can fill a disk for real. Mounting needs
/// root: gate the test with `.enabled(if: TinyDisk.canMount, …)`.
struct TinyDisk {
    /// True when this process may mount file systems.
    static var canMount: Bool { getuid() == 0 }

    /// The mount point.
    let path: String

    /// Creates `path` (which must not exist) and mounts a tmpfs of `size` (`"4m"`) on it.
    /// - Throws: when the folder can't be made or `mount` fails.
    init(at path: String, size: String) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        guard try Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", path]) == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw RawHTTPClient.Failure(description: "could not mount a \(size) tmpfs on \(path)")
        }
        self.path = path
    }

    /// Unmounts it (lazily, so a file still open can't keep it mounted) and removes the folder.
    func unmount() {
        _ = try? Self.run("/bin/umount", ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
