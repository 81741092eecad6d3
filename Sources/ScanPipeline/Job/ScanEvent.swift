import ScanCore
import ScanEnhance

/// What a running job reports, in input order.
public enum ScanEvent: Sendable {
    /// Work on input `index` (0-based) began.
    case started(index: Int, input: String)
    /// Input `index` became a page.
    case finished(index: Int, page: PageSummary)
    /// Input `index` gave no page; the others go on.
    case failed(index: Int, input: String, error: any Error)
}

/// Where a page's corners came from.
public enum CornerSource: String, Sendable {
    /// Found by the detector.
    case detected
    /// Given in a corners file.
    case given
    /// No document was found, so the whole photo is the page.
    case wholePhoto = "whole-photo"
}

/// What became of one input.
public struct PageSummary: Sendable {
    /// The input path as given.
    public var input: String
    /// The corners used, in photo coordinates.
    public var quad: Quad
    /// Where they came from.
    public var source: CornerSource
    /// Detector confidence, when detected.
    public var confidence: Double?
    /// The page's size in pixels.
    public var pixelWidth: Int
    public var pixelHeight: Int
    /// Its resolution, when its physical size is known.
    public var dpi: Double?
    /// The paper it was snapped to, if any (`a4`, `letter`, …).
    public var paperName: String?
    /// The file it was written to.
    public var writtenTo: String
    /// The colour mode it was rendered in (for `auto`, the one chosen).
    public var mode: ColorMode
    /// Clockwise quarter turns applied to make it upright, in degrees.
    public var rotation: Int
    /// The skew that was straightened, in degrees.
    public var skewDegrees: Double
    /// Sharpness, glare, coverage and resolution, with warnings.
    public var quality: PageQuality

    /// One JSON line describing the page.
    public var jsonLine: String {
        var fields = [
            "\"image\":\(JSONText.string(input))",
            "\"corners\":\(JSONText.corners(quad))",
            "\"source\":\"\(source.rawValue)\"",
            "\"width\":\(pixelWidth)", "\"height\":\(pixelHeight)",
            "\"output\":\(JSONText.string(writtenTo))",
        ]
        if let confidence { fields.append("\"confidence\":\(JSONText.number(confidence, digits: 3))") }
        if let dpi { fields.append("\"dpi\":\(JSONText.number(dpi, digits: 1))") }
        if let paperName { fields.append("\"paper\":\(JSONText.string(paperName))") }
        fields.append("\"mode\":\"\(mode.rawValue)\"")
        fields.append("\"rotation\":\(rotation)")
        fields.append("\"skew\":\(JSONText.number(skewDegrees, digits: 2))")
        var qualityFields = [
            "\"sharpness\":\(JSONText.number(quality.sharpness, digits: 3))",
            "\"glare\":\(JSONText.number(quality.glare, digits: 4))",
        ]
        if let coverage = quality.coverage { qualityFields.append("\"coverage\":\(JSONText.number(coverage, digits: 3))") }
        if let dpi = quality.effectiveDPI { qualityFields.append("\"effective_dpi\":\(JSONText.number(dpi, digits: 1))") }
        qualityFields.append("\"warnings\":[" + quality.warnings.map { JSONText.string($0.rawValue) }.joined(separator: ",") + "]")
        fields.append("\"quality\":{" + qualityFields.joined(separator: ",") + "}")
        return "{" + fields.joined(separator: ",") + "}"
    }
}
