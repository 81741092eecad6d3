import ScanCore

/// Finds how a page of text is turned: the quarter turn (0/90/180/270°) from the direction of its
/// text lines and the shape of its letters, and the residual tilt of the lines (deskew).
///
/// Lines: on a binarised copy of about 1600 px, the ink's projection profile is sharpest along the
/// text lines; the tilt that maximises it is searched in both directions. Upright versus upside
/// down: in Latin script ascenders (b d f h k l t and capitals) outnumber descenders (g j p q y), so
/// each line has more ink above its x-height band than below it.
public struct OrientationDetector: Sendable {
    /// Tuning constants of the detection.
    public struct Options: Sendable, Hashable {
        /// Long side, in pixels, of the copy the text is analysed on (≈ 140 dpi on A4).
        /// Higher: finer angles and letter shapes, slower.
        public var workingLongSide: Int = 1600
        /// Largest tilt searched, in degrees.
        public var maximumSkewDegrees: Double = 5
        /// Step of the coarse angle search, in degrees.
        public var coarseStepDegrees: Double = 0.5
        /// Step of the fine angle search around the coarse optimum, in degrees.
        public var fineStepDegrees: Double = 0.05
        /// Lines must read this much sharper across than along before the page is turned a quarter.
        /// Higher: fewer wrong turns on tables and pictures, more sideways pages left alone.
        public var quarterTurnMargin: Double = 1.3
        /// Smallest ascender/descender asymmetry (0…1) that turns a page upside down.
        public var minimumUprightConfidence: Double = 0.08
        /// Smallest line sharpness (squared coefficient of variation of the ink's projection profile)
        /// that counts as text lines: text scores ≈ 2, pictures and blobs ≈ 0.1. Pages below it are left
        /// as they are. Higher: fewer pictures turned by mistake, sparse text pages left alone.
        public var minimumLineSharpness: Double = 0.5
        /// Fewest ink pixels worth analysing; emptier pages are left as they are.
        public var minimumInkPixels: Int = 400
        /// Most ink points used; denser pages are subsampled evenly.
        public var maximumInkPoints: Int = 250_000

        /// The default tuning.
        public init() {}
    }

    /// The tuning.
    public var options: Options

    /// Creates a detector.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The orientation of a gray page, ideally illumination-normalised.
    /// - Parameters:
    ///   - page: the page; any size.
    ///   - detectQuarterTurns: false to only measure the tilt at the current orientation.
    ///   - threads: maximum number of threads for the downscale; `nil` uses every core.
    /// - Returns: rotation 0 and skew 0 when the page has too little ink to tell.
    public func detect(_ page: Image<Gray8>, detectQuarterTurns: Bool = true, threads: Int? = nil) -> PageOrientation {
        let unknown = PageOrientation(rotation: 0, skewDegrees: 0, lineConfidence: 0, uprightConfidence: 0)
        guard !page.isEmpty else { return unknown }
        let small = page.downscaled(toLongSide: options.workingLongSide, threads: threads).image
        let points = inkPoints(of: small)
        guard points.count >= options.minimumInkPixels else { return unknown }

        let limit = options.maximumSkewDegrees
        let across = points.bestAngle(limit: limit, coarseStep: options.coarseStepDegrees, fineStep: options.fineStepDegrees)
        var frame = points, tilt = across, quarter = 0, lineConfidence = 0.0
        if detectQuarterTurns {
            let turned = points.turnedClockwise()
            let down = turned.bestAngle(limit: limit, coarseStep: options.coarseStepDegrees, fineStep: options.fineStepDegrees)
            let (stronger, weaker) = (max(across.sharpness, down.sharpness), min(across.sharpness, down.sharpness))
            lineConfidence = stronger > 0 ? 1 - weaker / stronger : 0
            if down.sharpness > across.sharpness * options.quarterTurnMargin {
                frame = turned
                tilt = down
                quarter = 90
            }
        }
        guard tilt.sharpness >= options.minimumLineSharpness else {
            return PageOrientation(rotation: 0, skewDegrees: 0, lineConfidence: lineConfidence, uprightConfidence: 0)
        }
        let upright = uprightEvidence(frame, degrees: tilt.degrees)
        var rotation = quarter
        if detectQuarterTurns && upright < -options.minimumUprightConfidence { rotation = (quarter + 180) % 360 }
        return PageOrientation(rotation: rotation, skewDegrees: tilt.degrees, lineConfidence: lineConfidence, uprightConfidence: abs(upright))
    }

    /// Ink pixels: darker than Otsu's threshold (capped so a blank page yields little).
    func inkPoints(of small: Image<Gray8>) -> InkPoints {
        let threshold = UInt8(min(Binarizer.otsuThreshold(small), 170))
        var xs: [Float] = [], ys: [Float] = []
        small.withUnsafeBytes { bytes in
            var count = 0
            for v in bytes where v <= threshold { count += 1 }
            let stride = max(1, (count + options.maximumInkPoints - 1) / options.maximumInkPoints)
            xs.reserveCapacity(count / stride + 1)
            ys.reserveCapacity(count / stride + 1)
            var seen = 0
            for y in 0..<small.height {
                for x in 0..<small.width where bytes[y * small.width + x] <= threshold {
                    if seen % stride == 0 {
                        xs.append(Float(x))
                        ys.append(Float(y))
                    }
                    seen += 1
                }
            }
        }
        return InkPoints(xs: xs, ys: ys, width: small.width, height: small.height)
    }

    /// In −1…1: positive when lines carry more ink above their x-height band than below (upright).
    func uprightEvidence(_ points: InkPoints, degrees: Double) -> Double {
        let bins = points.profile(degrees: degrees).bins
        let peak = bins.max() ?? 0
        guard peak > 0 else { return 0 }
        // Lines are runs of bands with ink above a small floor; gaps between lines fall below it.
        let floor = max(1, peak / 50)
        var above = 0.0, below = 0.0
        var start: Int? = nil
        for i in 0...bins.count {
            let inked = i < bins.count && bins[i] >= floor
            if inked, start == nil { start = i }
            if !inked, let s = start {
                let line = s..<i
                start = nil
                guard line.count >= 4 else { continue }
                let linePeak = line.map { bins[$0] }.max() ?? 0
                let core = line.filter { bins[$0] * 2 >= linePeak }
                guard let top = core.first, let bottom = core.last else { continue }
                for j in line where j < top { above += Double(bins[j]) }
                for j in line where j > bottom { below += Double(bins[j]) }
            }
        }
        let total = above + below
        return total > 0 ? (above - below) / total : 0
    }
}
