/// Tuning of a `QuadTracker`: how hard it smooths corners, when it gives up smoothing for a jump,
/// how long it holds a lost page and how wide a window it offers the detector.
///
/// A plain `Codable` struct so a session can persist it; `validate()` checks every value against
/// its range (`QuadTracker.init` calls it).
public struct TrackerOptions: Sendable, Hashable, Codable {
    // MARK: - Defaults and ranges

    /// Default `positionGain`.
    public static let defaultPositionGain = 0.4
    /// Allowed `positionGain`.
    public static let positionGainRange = 0.05...1.0
    /// Default `velocityGain`.
    public static let defaultVelocityGain = 0.05
    /// Allowed `velocityGain`.
    public static let velocityGainRange = 0.0...0.5
    /// Default `jumpFraction`.
    public static let defaultJumpFraction = 0.1
    /// Allowed `jumpFraction`.
    public static let jumpFractionRange = 0.01...1.0
    /// Default `maximumMissedFrames`.
    public static let defaultMaximumMissedFrames = 2
    /// Allowed `maximumMissedFrames`.
    public static let maximumMissedFramesRange = 0...30
    /// Default `minimumConfidence`.
    public static let defaultMinimumConfidence = 0.0
    /// Allowed `minimumConfidence`.
    public static let minimumConfidenceRange = 0.0...1.0
    /// Default `searchMargin`.
    public static let defaultSearchMargin = 0.15
    /// Allowed `searchMargin`.
    public static let searchMarginRange = 0.0...2.0

    // MARK: - Settings

    /// Share of each new measurement taken into a corner's position (α of an alpha-beta filter).
    /// Higher: follows the detector faster, smooths less jitter; 1 turns smoothing off.
    /// At the default a static corner's jitter drops to about half its standard deviation.
    public var positionGain: Double
    /// Share of each residual taken into a corner's velocity (β of an alpha-beta filter), so a page
    /// that moves steadily is followed without lag. Higher: quicker to pick up motion, noisier;
    /// 0 makes the filter plain exponential smoothing.
    public var velocityGain: Double
    /// A detection whose corner lies further than this fraction of the page's size (√area) from
    /// where the tracker expected it is a jump: smoothing restarts at the new quad instead of
    /// gliding there. Higher: smoother through fast motion, laggier when the page really jumps.
    public var jumpFraction: Double
    /// Frames without a detection during which the last quad is held; one more and it is dropped.
    /// Higher: rides out flicker in the detector, but shows a page that has gone for longer.
    public var maximumMissedFrames: Int
    /// Detections below this confidence (0…1) count as misses. The detector already answers
    /// "no document" for weak evidence, so the default accepts every detection; raise it to make
    /// the overlay more reluctant.
    public var minimumConfidence: Double
    /// How far the prior region extends beyond the predicted quad, as a fraction of the distance
    /// from its centroid to each corner, and again for every missed frame. Higher: the detector's
    /// first look covers faster motion, at more cost and more clutter.
    public var searchMargin: Double

    /// Creates options; every argument defaults to its named constant.
    public init(
        positionGain: Double = defaultPositionGain,
        velocityGain: Double = defaultVelocityGain,
        jumpFraction: Double = defaultJumpFraction,
        maximumMissedFrames: Int = defaultMaximumMissedFrames,
        minimumConfidence: Double = defaultMinimumConfidence,
        searchMargin: Double = defaultSearchMargin
    ) {
        self.positionGain = positionGain
        self.velocityGain = velocityGain
        self.jumpFraction = jumpFraction
        self.maximumMissedFrames = maximumMissedFrames
        self.minimumConfidence = minimumConfidence
        self.searchMargin = searchMargin
    }

    /// Checks every setting against its range.
    /// - Throws: `VideoOptionsError.outOfRange` naming the first setting outside its range.
    public func validate() throws(VideoOptionsError) {
        try VideoOptionsError.check("positionGain", positionGain, in: Self.positionGainRange)
        try VideoOptionsError.check("velocityGain", velocityGain, in: Self.velocityGainRange)
        try VideoOptionsError.check("jumpFraction", jumpFraction, in: Self.jumpFractionRange)
        try VideoOptionsError.check("maximumMissedFrames", maximumMissedFrames, in: Self.maximumMissedFramesRange)
        try VideoOptionsError.check("minimumConfidence", minimumConfidence, in: Self.minimumConfidenceRange)
        try VideoOptionsError.check("searchMargin", searchMargin, in: Self.searchMarginRange)
    }
}
