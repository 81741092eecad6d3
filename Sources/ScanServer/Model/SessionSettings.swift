import ScanDetect

/// A session's live-capture settings: the stabiliser's thresholds and whether the app captures
/// automatically when the page holds still. Persisted with the session.
public struct SessionSettings: Sendable, Equatable, Codable {
    /// Smallest IoU between consecutive frames' quads (0.5…0.98).
    public var minimumIoU: Double = StabiliserOptions.defaultMinimumIoU
    /// Frames that must be still in a row (1…8).
    public var frameCount: Int = StabiliserOptions.defaultFrameCount
    /// Largest relative area change between consecutive frames (0.02…0.30).
    public var maximumAreaChange: Double = StabiliserOptions.defaultMaximumAreaChange
    /// True when the web app should shoot on its own once steady.
    public var autoCapture: Bool = true

    /// The defaults (the seed apps' values).
    public init() {}

    /// The stabiliser options these settings stand for.
    public var stabiliserOptions: StabiliserOptions {
        StabiliserOptions(minimumIoU: minimumIoU, frameCount: frameCount, maximumAreaChange: maximumAreaChange)
    }

    /// Checks every value against its range.
    /// - Throws: `ServerError.invalidSetting` naming the first value out of range.
    public func validate() throws(ServerError) {
        do {
            try stabiliserOptions.validate()
        } catch {
            throw .invalidSetting(error)
        }
    }

    /// The API's settings object.
    public var json: JSONValue {
        .object([
            ("minimumIoU", .number(minimumIoU, digits: 4)),
            ("frameCount", .int(frameCount)),
            ("maximumAreaChange", .number(maximumAreaChange, digits: 4)),
            ("autoCapture", .bool(autoCapture)),
        ])
    }
}
