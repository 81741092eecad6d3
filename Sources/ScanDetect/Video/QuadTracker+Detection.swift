import ScanCore

extension QuadTracker {
    /// Runs `detector` on `frame` and feeds its result to the tracker; the convenience for a live
    /// loop that has an RGB frame in hand.
    /// - Parameters:
    ///   - frame: the video frame, in the coordinates the tracked quad uses.
    ///   - detector: the still-image detector; a nil detection counts as a missed frame.
    /// - Returns: the quad to show for this frame, as `update(quad:confidence:)` returns it.
    @discardableResult
    public mutating func update(detectingIn frame: Image<RGB8>, with detector: DocumentDetector) -> Quad? {
        let detection = detector.detect(in: frame)
        return update(quad: detection?.quad, confidence: detection?.confidence ?? 0)
    }
}
