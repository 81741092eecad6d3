/// What ``OrientationDetector`` found: the quarter turn that makes the text upright and the
/// residual tilt of its lines.
public struct PageOrientation: Sendable, Hashable {
    /// Clockwise quarter turn, in degrees (0, 90, 180 or 270), that makes the page upright.
    public var rotation: Int
    /// Tilt of the text lines after that turn, in degrees, positive when they run down to the
    /// right (the content is turned clockwise); the page is straightened by turning it by the negative.
    public var skewDegrees: Double
    /// How clearly the text lines run in the chosen direction rather than across it: 0 unknown, 1 certain.
    public var lineConfidence: Double
    /// How clearly the text reads upright rather than upside down: 0 unknown, 1 certain.
    public var uprightConfidence: Double

    /// Creates a result.
    public init(rotation: Int, skewDegrees: Double, lineConfidence: Double, uprightConfidence: Double) {
        self.rotation = rotation
        self.skewDegrees = skewDegrees
        self.lineConfidence = lineConfidence
        self.uprightConfidence = uprightConfidence
    }
}
