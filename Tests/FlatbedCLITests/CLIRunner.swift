import Foundation
import ScanTestSupport

/// Runs the built `flatbed` executable and captures what it prints.
struct CLIRunner {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
        /// True when the process died of a signal (a crash, or killed at the time limit).
        var crashed = false
        /// True when it ran past the time limit and was killed.
        var timedOut = false
    }

    /// The `flatbed` binary under test.
    static var binary: URL { flatbedBinary }

    /// The repository's root folder.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `flatbed ARGUMENTS` in `folder` and waits for it, killing it after `timeout` seconds
    /// (so a hang fails the test instead of stalling the suite).
    static func run(_ arguments: [String], in folder: URL? = nil, timeout: Double = 300) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        // The runtime's crash backtracer can take minutes; a crash should fail at once.
        process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
        if let folder { process.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let pid = process.processIdentifier
        nonisolated(unsafe) var killed = false
        let watchdog = DispatchWorkItem {
            killed = true
            kill(pid, SIGKILL)
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        // Read both pipes while the process runs so a full pipe can't block it.
        let group = DispatchGroup()
        nonisolated(unsafe) var outData = Data(), errData = Data()
        DispatchQueue.global().async(group: group) { outData = out.fileHandleForReading.readDataToEndOfFile() }
        DispatchQueue.global().async(group: group) { errData = err.fileHandleForReading.readDataToEndOfFile() }
        group.wait()
        process.waitUntilExit()
        watchdog.cancel()
        return Result(status: process.terminationStatus,
                      stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self),
                      crashed: process.terminationReason == .uncaughtSignal,
                      timedOut: killed)
    }
}

/// A fresh temporary folder, removed when the value is deinitialised.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flatbed-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    func write(_ name: String, _ bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    /// File names in the folder, hidden ones included, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}
