import ScanCore

/// Follows a page through video: smooths the detector's corners from frame to frame, restarts at
/// once when the page jumps, holds the page through a few missed detections, and tells the
/// detector where to look first in the next frame.
///
/// Each corner runs its own alpha-beta (constant-velocity) filter: the tracker predicts where the
/// corner will be (position + velocity, one frame ahead), then moves `positionGain` of the way
/// from the prediction to the measurement and corrects the velocity by `velocityGain` of the same
/// residual. A static page's jitter is averaged away; a page moving at constant speed is followed
/// without lag. When any corner lands further than `jumpFraction` × √area from its prediction,
/// the filter restarts at the measurement (velocity zero) instead of gliding there.
///
/// A frame with no detection (or one below `minimumConfidence`) is a miss: the last quad is held,
/// velocity zeroed, for up to `maximumMissedFrames` frames, and dropped on the next miss.
///
/// The tracker works on plain per-frame results, so any detector can drive it; a live loop with
/// the still-image detector and the capture stabiliser reads:
/// ```swift
/// var tracker = try QuadTracker()
/// var stabiliser = try CaptureStabiliser()
/// for frame in frames {
///     let shown = tracker.update(detectingIn: frame, with: detector)  // draw this
///     if case .capture(let quad) = stabiliser.process(quad: tracker.freshQuad, frameSize: frame.size) {
///         // take the picture with `quad`
///     }
/// }
/// ```
public struct QuadTracker: Sendable {
    /// The tuning this tracker was created with (validated).
    public let options: TrackerOptions
    /// The smoothed quad in contract order, or nil when no page is being tracked.
    public private(set) var quad: Quad?
    /// Consecutive frames, up to now, without a usable detection while a quad is held.
    public private(set) var missedFrames = 0
    /// Per-corner velocity in pixels per frame, in contract order.
    private var velocity = [Point](repeating: .zero, count: 4)

    /// Creates a tracker with no page.
    /// - Throws: `VideoOptionsError.outOfRange` when a setting is outside its range.
    public init(options: TrackerOptions = TrackerOptions()) throws(VideoOptionsError) {
        try options.validate()
        self.options = options
    }

    // MARK: - Updating

    /// Takes one frame's detection and returns the quad to show for this frame.
    /// - Parameters:
    ///   - measured: the detector's quad in this frame's pixel coordinates, or nil for "no
    ///     document". Corners are put in contract order before smoothing.
    ///   - confidence: the detector's confidence, 0…1; below `minimumConfidence` the frame is a miss.
    /// - Returns: the smoothed quad; the held quad during up to `maximumMissedFrames` misses; nil
    ///   once the page is dropped (or before one is found).
    @discardableResult
    public mutating func update(quad measured: Quad?, confidence: Double) -> Quad? {
        guard let measured, confidence >= options.minimumConfidence,
              measured.corners.allSatisfy(\.isFinite) else {
            miss()
            return quad
        }
        let measurement = measured.ordered()
        missedFrames = 0
        guard let predicted = prediction else {
            restart(at: measurement)
            return quad
        }
        let residuals = (0..<4).map { measurement[$0] - predicted[$0] }
        let size = max(predicted.area.squareRoot(), 1)
        if residuals.contains(where: { $0.length > options.jumpFraction * size }) {
            restart(at: measurement)
            return quad
        }
        var smoothed = predicted
        for i in 0..<4 {
            smoothed[i] = predicted[i] + options.positionGain * residuals[i]
            velocity[i] = velocity[i] + options.velocityGain * residuals[i]
        }
        quad = smoothed
        return quad
    }

    /// Forgets the page: no quad, no velocity, no misses.
    public mutating func reset() {
        quad = nil
        missedFrames = 0
        velocity = [Point](repeating: .zero, count: 4)
    }

    private mutating func restart(at measurement: Quad) {
        quad = measurement
        velocity = [Point](repeating: .zero, count: 4)
    }

    private mutating func miss() {
        guard quad != nil else { return }
        missedFrames += 1
        velocity = [Point](repeating: .zero, count: 4)
        if missedFrames > options.maximumMissedFrames { reset() }
    }

    // MARK: - Reading

    /// True while the quad is held through missed detections rather than measured this frame.
    public var isCoasting: Bool { quad != nil && missedFrames > 0 }

    /// The smoothed quad when this frame had a detection; nil while coasting or lost. This is what a
    /// `CaptureStabiliser` should see, so that a held quad never looks "steady".
    public var freshQuad: Quad? { isCoasting ? nil : quad }

    /// Where the page is expected in the next frame: each corner moved by its velocity.
    public var prediction: Quad? {
        guard let quad else { return nil }
        var next = quad
        for i in 0..<4 { next[i] = quad[i] + velocity[i] }
        return next
    }

    /// The prior for the next frame's detector: the prediction grown about its centroid by
    /// `searchMargin`, and by another `searchMargin` for every missed frame, since the page may
    /// have moved further meanwhile. Nil when no page is tracked.
    public var priorRegion: Quad? {
        guard let prediction else { return nil }
        let centre = prediction.centroid
        let growth = 1 + options.searchMargin * Double(1 + missedFrames)
        return prediction.mapped { centre + ($0 - centre) * growth }
    }

    /// The axis-aligned bounding box of `priorRegion`, clipped to a frame of `size` pixels, as a
    /// rectangle quad: a crop window for the detector's first look. Nil when no page is tracked or
    /// the window lies wholly outside the frame.
    public func searchWindow(in size: Size) -> Quad? {
        guard let corners = priorRegion?.corners else { return nil }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let left = max(0, xs.reduce(.infinity, min)), right = min(size.width, xs.reduce(-.infinity, max))
        let top = max(0, ys.reduce(.infinity, min)), bottom = min(size.height, ys.reduce(-.infinity, max))
        guard left < right, top < bottom else { return nil }
        return Quad(rectangleAt: Point(left, top), size: Size(width: right - left, height: bottom - top))
    }
}
