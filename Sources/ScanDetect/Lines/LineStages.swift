import ScanCore

/// The detector's first stages on one photo, from pixels to straight lines: the smoothed working
/// planes, their gradient with direction, the thin edges, the straight segments along them, and
/// the lines those group into. `DocumentDetector` starts from it, and so do the diagnostic probes
/// in `Benchmarks/detection/probes`, so that both see the same lines.
struct LineStages {
    /// The photo shrunk to about `DetectionOptions.workingLongSide` pixels and smoothed.
    let planes: ColorPlanes
    /// `HypothesisVerifier.brightReference(of:)` of the planes, read while the smoothing has left
    /// them in cache (the verifier needs it much later).
    let brightReference: Double
    let gradient: GradientField
    let edges: EdgeMap
    /// The cosine of `DetectionOptions.directionToleranceDegrees`: how far an edge's direction may
    /// turn from a line's and still back it.
    let cosTolerance: Float
    let segments: [LineSegment]
    /// The fewest edge pixels a line needs: half the side of the smallest page the options allow.
    let minimumLineSupport: Int
    private let grouper = LineGrouper(angleTolerance: 3 * .pi / 180, distanceTolerance: 1.5)

    /// Runs the stages on `image` with `options`' working size, smoothing and edge thresholds.
    init(image: Image<RGB8>, options: DetectionOptions) {
        var planes = ColorPlanes(image: image, longSide: options.workingLongSide)
        planes.smooth(passes: options.smoothingPasses)
        self.planes = planes
        brightReference = HypothesisVerifier.brightReference(of: planes)
        gradient = GradientField(planes: planes)
        edges = EdgeMap(gradient: gradient, minimumContrast: options.minimumEdgeContrast,
                        noiseMultiple: options.noiseMultiple, lowRatio: options.hysteresisRatio)
        cosTolerance = Float(cosDegrees(options.directionToleranceDegrees))
        let segmentFinder = SegmentDetector(angleTolerance: 22.5 * .pi / 180, minimumLength: options.minimumSegmentLength,
                                            maximumWidth: options.maximumSegmentWidth,
                                            maximumBend: options.maximumSegmentBend)
        segments = segmentFinder.segments(edges: edges, gradient: gradient)
        let minimumSide = (options.minimumAreaFraction * Double(planes.width * planes.height)).squareRoot() * 0.5
        minimumLineSupport = max(8, Int(minimumSide * 0.5))
    }

    /// The segments grouped into at most `maximumLines` lines, strongest first.
    func lines(maximumLines: Int) -> [DetectedLine] {
        grouper.lines(from: segments, edges: edges, gradient: gradient, cosTolerance: cosTolerance,
                      minimumSupport: minimumLineSupport, maximumLines: maximumLines)
    }
}
