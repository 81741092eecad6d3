/// Tuning of a `CaptureStabiliser`: how still the page must be, for how long, and the optional
/// gates on its size in the frame and on the frame's sharpness.
///
/// A plain `Codable` struct so a session can persist it; property names are the `Codable` keys and
/// the names `VideoOptionsError` reports. `validate()` rejects out-of-range values rather than
/// clamping them, because they usually come from a user who should learn the valid range.
public struct StabiliserOptions: Sendable, Hashable, Codable {
    // MARK: - Defaults and ranges

    /// Default `minimumIoU` (the seed apps' value).
    public static let defaultMinimumIoU = 0.9
    /// Allowed `minimumIoU`.
    public static let minimumIoURange = 0.5...0.98
    /// Default `frameCount` (the seed apps' value).
    public static let defaultFrameCount = 3
    /// Allowed `frameCount`.
    public static let frameCountRange = 1...8
    /// Default `maximumAreaChange` (the seed apps' value).
    public static let defaultMaximumAreaChange = 0.1
    /// Allowed `maximumAreaChange`.
    public static let maximumAreaChangeRange = 0.02...0.30
    /// A sensible `minimumDocumentFraction` for a user who turns the size gate on.
    public static let suggestedMinimumDocumentFraction = 0.2
    /// Allowed `minimumDocumentFraction` when set.
    public static let minimumDocumentFractionRange = 0.01...0.95
    /// A sensible `minimumSharpness` for a user who turns the sharpness gate on: about a 3-pixel
    /// edge width at `Sharpness`'s working resolution.
    public static let suggestedMinimumSharpness = 0.6
    /// Allowed `minimumSharpness` when set (the scale of `Sharpness.measure`).
    public static let minimumSharpnessRange = 0.0...1.0

    // MARK: - Settings

    /// Smallest polygon IoU between the quads of two consecutive frames for the page to count as
    /// still. Higher: steadier captures, slower to capture with a shaky hand.
    public var minimumIoU: Double
    /// Consecutive frames that must all be still (N); N = 1 captures on the first valid frame.
    /// Higher: steadier, slower to capture (N frames at the camera's frame rate).
    public var frameCount: Int
    /// Largest relative change of the quad's area between consecutive frames,
    /// |area − previous area| / previous area. Lower: rejects the camera moving towards or away
    /// from the page, slower to capture.
    public var maximumAreaChange: Double
    /// When set, the page must cover at least this fraction of the frame's area. Higher: sharper,
    /// fuller captures; the user has to come closer. Nil turns the gate off.
    public var minimumDocumentFraction: Double?
    /// When set, the frame's `Sharpness.measure` (0 blurred … 1 crisp) must reach this. Higher:
    /// fewer blurred captures; in dim light (long exposures) capture may never fire. Nil turns
    /// the gate off.
    public var minimumSharpness: Double?

    /// Creates options; every argument defaults to its named constant, gates off.
    public init(
        minimumIoU: Double = defaultMinimumIoU,
        frameCount: Int = defaultFrameCount,
        maximumAreaChange: Double = defaultMaximumAreaChange,
        minimumDocumentFraction: Double? = nil,
        minimumSharpness: Double? = nil
    ) {
        self.minimumIoU = minimumIoU
        self.frameCount = frameCount
        self.maximumAreaChange = maximumAreaChange
        self.minimumDocumentFraction = minimumDocumentFraction
        self.minimumSharpness = minimumSharpness
    }

    /// Checks every setting against its range.
    /// - Throws: `VideoOptionsError.outOfRange` naming the first setting outside its range.
    public func validate() throws(VideoOptionsError) {
        try VideoOptionsError.check("minimumIoU", minimumIoU, in: Self.minimumIoURange)
        try VideoOptionsError.check("frameCount", frameCount, in: Self.frameCountRange)
        try VideoOptionsError.check("maximumAreaChange", maximumAreaChange, in: Self.maximumAreaChangeRange)
        if let minimumDocumentFraction {
            try VideoOptionsError.check("minimumDocumentFraction", minimumDocumentFraction, in: Self.minimumDocumentFractionRange)
        }
        if let minimumSharpness {
            try VideoOptionsError.check("minimumSharpness", minimumSharpness, in: Self.minimumSharpnessRange)
        }
    }
}
