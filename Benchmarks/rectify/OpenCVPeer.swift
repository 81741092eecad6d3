import Foundation

/// The Python OpenCV peer (`opencv_warp.py`), kept running so its calls can alternate with ours.
final class OpenCVPeer {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer = Data()
    /// OpenCV's version string, from the peer's first line.
    private(set) var version = "?"

    /// Starts the peer on the photo and scenarios written to `directory`.
    init(directory: URL) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("opencv_warp.py")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, directory.path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let hello = try JSONSerialization.jsonObject(with: Data(readLine().utf8)) as? [String: Any]
        version = hello?["opencv"] as? String ?? "?"
    }

    /// Milliseconds for one `cv2.warpPerspective` of `scenario` with `interpolation` on `threads`.
    func time(_ scenario: String, _ interpolation: String, threads: Int) throws -> Double {
        try Double(send("time \(scenario) \(interpolation) \(threads)")) ?? .nan
    }

    /// Writes OpenCV's INTER_LINEAR output for `scenario`; returns whether INTER_AREA is identical.
    func writeOutput(_ scenario: String) throws -> Bool {
        try send("write \(scenario)") == "true"
    }

    func stop() {
        try? input.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        process.waitUntilExit()
    }

    private func send(_ command: String) throws -> String {
        try input.fileHandleForWriting.write(contentsOf: Data((command + "\n").utf8))
        return try readLine()
    }

    private func readLine() throws -> String {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw PeerError.exited }
            buffer.append(chunk)
        }
    }

    enum PeerError: Error, CustomStringConvertible {
        case exited
        var description: String { "the OpenCV peer exited; check that python3 has opencv-python (import cv2)" }
    }
}
