import Foundation
import ScanCore

/// Golden images as binary PGM/PPM files in Tests/ScanEnhanceTests/Fixtures, found from this
/// source file's path (the test target declares no resources). `FLATBED_RECORD_GOLDENS=1`
/// rewrites them from the current output instead of comparing.
enum PNMFixture {
    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fixtures")
    }

    static var isRecording: Bool { ProcessInfo.processInfo.environment["FLATBED_RECORD_GOLDENS"] == "1" }

    /// Writes interleaved bytes as P5 (1 channel) or P6 (3 channels).
    static func write(name: String, width: Int, height: Int, channels: Int, bytes: [UInt8]) throws {
        var data = Data("\(channels == 3 ? "P6" : "P5")\n\(width) \(height)\n255\n".utf8)
        data.append(contentsOf: bytes)
        try data.write(to: directory.appendingPathComponent(name))
    }

    /// Reads a fixture written by `write`: its size, channel count and bytes, or nil if it is missing.
    static func read(name: String) -> (width: Int, height: Int, channels: Int, bytes: [UInt8])? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else { return nil }
        let bytes = [UInt8](data)
        // Header: magic, width, height, maxval, separated by single whitespace, as `write` makes it.
        var fields: [String] = [], current = "", index = 0
        while fields.count < 4, index < bytes.count {
            let b = bytes[index]
            index += 1
            if b == 10 || b == 32 {
                if !current.isEmpty { fields.append(current); current = "" }
            } else {
                current.append(Character(UnicodeScalar(b)))
            }
        }
        guard fields.count == 4, let width = Int(fields[1]), let height = Int(fields[2]) else { return nil }
        let channels = fields[0] == "P6" ? 3 : 1
        guard bytes.count - index == width * height * channels else { return nil }
        return (width, height, channels, Array(bytes[index...]))
    }
}
