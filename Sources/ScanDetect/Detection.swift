import ScanCore

/// The result of a successful detection: the page's corners in the full-resolution image and how
/// sure the detector is.
public struct Detection: Sendable {
    /// The page's corners in contract order (top-left, top-right, bottom-right, bottom-left), in
    /// pixel coordinates of the full-resolution image with the origin at the top-left pixel's
    /// corner. Corners may lie slightly outside the frame for pages cut by it.
    public var quad: Quad
    /// Confidence in [0, 1], weighed by the lines of print inside the quad (less without them,
    /// more for a doubted outline full of them: `DetectionOptions.blankOutlineFactor`); the
    /// detector reports "no document" below `DetectionOptions.confidenceThreshold`.
    public var confidence: Double
    /// The best hypotheses that lost to `quad`, strongest first, in full-resolution coordinates
    /// (coarse, not refined); for debugging overlays.
    public var rejected: [Hypothesis]

    /// Creates a detection.
    public init(quad: Quad, confidence: Double, rejected: [Hypothesis] = []) {
        self.quad = quad
        self.confidence = confidence
        self.rejected = rejected
    }

    /// One scored quad hypothesis.
    public struct Hypothesis: Sendable {
        /// The hypothesis' corners in contract order, full-resolution pixel coordinates.
        public var quad: Quad
        /// Its confidence in [0, 1], computed like the winner's before that is weighed by print.
        public var confidence: Double

        /// Creates a hypothesis.
        public init(quad: Quad, confidence: Double) {
            self.quad = quad
            self.confidence = confidence
        }
    }
}
