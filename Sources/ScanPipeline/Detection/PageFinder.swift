import Foundation
import ScanCodecs
import ScanCore
import ScanDetect

/// Finds the document in photos for `flatbed detect`: reads each one, times detection alone, and
/// optionally writes a debug overlay.
public struct PageFinder: Sendable {
    /// What was found in one photo.
    public struct Result: Sendable {
        /// The input path as given.
        public var input: String
        /// The corners, or nil for "no document" (or an error).
        public var quad: Quad?
        /// The detector's confidence in [0, 1]; 0 with no document.
        public var confidence: Double
        /// Milliseconds spent detecting on the decoded full-resolution photo, decoding excluded.
        public var milliseconds: Double?
        /// Why the photo could not be read, if it could not.
        public var error: (any Error)?

        /// The `detect --json` contract line.
        public var jsonLine: String {
            var fields = ["\"image\":\(JSONText.string(input))", "\"corners\":\(JSONText.corners(quad))"]
            if let error {
                fields.append("\"error\":\(JSONText.string("\(error)"))")
            } else {
                fields.append("\"confidence\":\(JSONText.number(confidence, digits: 4))")
                fields.append("\"detect_ms\":\(JSONText.number(milliseconds ?? 0, digits: 3))")
            }
            return "{" + fields.joined(separator: ",") + "}"
        }

        /// A line for people: the corners or "no document".
        public var humanLine: String {
            guard let quad else { return "\(input): no document" }
            let corners = quad.corners.map { "(\(JSONText.number($0.x, digits: 1)), \(JSONText.number($0.y, digits: 1)))" }
            return "\(input): " + corners.joined(separator: " ") + " confidence \(JSONText.number(confidence, digits: 2))"
        }
    }

    private let detector: DocumentDetector
    private let maximumPixelCount: Int

    /// Creates a finder with the default detector.
    public init(maximumPixelCount: Int = ScanOptions().maximumPixelCount) {
        detector = DocumentDetector()
        self.maximumPixelCount = maximumPixelCount
    }

    /// Creates the folder debug overlays go to.
    /// - Throws: `PipelineError.outputUnwritable` when it can't be made.
    public static func prepareDebugFolder(_ path: String) throws(PipelineError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .outputUnwritable(path: path, reason: FileProblem.describe(error, path: path))
        }
    }

    /// Detects the document in the photo at `input`; never throws: errors are in the result.
    /// - Parameters:
    ///   - debugFolder: where to write an overlay of the chosen and rejected quads, if anywhere.
    ///   - repeats: how many times to run detection; `milliseconds` is the median, which steadies
    ///     timings on a busy machine. The result is the same every time.
    public func find(in input: String, debugFolder: String? = nil, repeats: Int = 1) -> Result {
        let decoded: DecodedImage<RGB8>
        do {
            decoded = try PhotoReader.read(input, maximumPixelCount: maximumPixelCount)
        } catch {
            return Result(input: input, quad: nil, confidence: 0, milliseconds: nil, error: error)
        }
        let photo = decoded.image
        let clock = ContinuousClock()
        var detection: Detection?
        var timings: [Double] = []
        for _ in 0..<Swift.max(1, repeats) {
            let elapsed = clock.measure { detection = detector.detect(in: photo, focalLength: decoded.focalLength) }
            timings.append(Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        let milliseconds = timings.sorted()[timings.count / 2]
        var result = Result(input: input, quad: detection?.quad, confidence: detection?.confidence ?? 0, milliseconds: milliseconds)
        if let debugFolder {
            do {
                try writeOverlay(photo: photo, detection: detection, input: input, folder: debugFolder)
            } catch {
                result.error = error
            }
        }
        return result
    }

    private func writeOverlay(photo: Image<RGB8>, detection: Detection?, input: String, folder: String) throws {
        // With no document, show the hypotheses that were turned down.
        let overlay = DebugOverlay.render(
            image: photo, detection: detection, hypotheses: detection == nil ? detector.hypotheses(in: photo) : nil)
        let name = URL(fileURLWithPath: input).deletingPathExtension().lastPathComponent + "-debug.jpg"
        let bytes = try ImageCodec.encodeJPEG(overlay, quality: 80, name: name)
        try AtomicFile.write(bytes, to: (folder as NSString).appendingPathComponent(name))
    }
}
