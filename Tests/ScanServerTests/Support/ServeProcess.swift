import Foundation
import ScanTestSupport

/// `flatbed serve --port 0` as a child process, its port read from the URL it prints first, with
/// the crash backtracer off (it can stall for minutes after a SIGKILL or a crash).
struct ServeProcess {
    let process = Process()
    let port: Int

    /// Starts `flatbed serve` on `data`; with `temporary`, that folder is its `TMPDIR`.
    /// - Throws: when the binary can't start or prints no URL.
    init(data: String, temporary: String? = nil) throws {
        process.executableURL = flatbedBinary
        process.arguments = ["serve", "--port", "0", "--data", data]
        var environment = ProcessInfo.processInfo.environment
        if let temporary { environment["TMPDIR"] = temporary }
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line: [UInt8] = []
        let handle = output.fileHandleForReading
        while let byte = try handle.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { line.append(byte) }
        let url = String(decoding: line, as: UTF8.self)
        guard let portText = url.split(separator: ":").last?.split(separator: "/").first, let port = Int(portText) else {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw RawHTTPClient.Failure(description: "flatbed serve printed '\(url)' (binary \(flatbedBinary.path))")
        }
        self.port = port
    }

    /// A client for this server.
    var client: RawHTTPClient { RawHTTPClient(port: port) }

    /// SIGKILL, then waits for the process to be gone.
    func kill() {
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// A clean stop (SIGINT); nothing to do when it has already exited.
    func stop() {
        if process.isRunning { process.interrupt() }
        process.waitUntilExit()
    }
}
