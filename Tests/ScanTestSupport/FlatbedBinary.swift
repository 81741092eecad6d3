import Foundation

/// The `flatbed` executable the tests run: `$FLATBED_BINARY`, or the one built beside the test
/// bundle (SwiftPM puts products and the test bundle in the same folder).
public let flatbedBinary: URL = {
    if let path = ProcessInfo.processInfo.environment["FLATBED_BINARY"] { return URL(fileURLWithPath: path) }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("flatbed")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "flatbed")
}()
