import ScanCore

/// Measures a rectified page's sharpness and glare and turns them, with the caller's capture
/// facts, into a ``PageQuality`` with warnings.
public struct QualityAnalyzer: Sendable {
    /// Measurement settings and warning thresholds.
    public struct Options: Sendable, Hashable {
        /// Long side, in pixels, sharpness is measured at. Higher: stricter about fine blur.
        public var sharpnessLongSide: Int = 1000
        /// Smallest local contrast (gray levels over a 7×7 window) for a pixel to count as an edge.
        public var minimumEdgeContrast: Int = 40
        /// Quantile of per-edge steepness reported as the sharpness; high so blank areas don't matter.
        public var sharpnessQuantile: Double = 0.9
        /// Below this sharpness the page is ``QualityWarning/blurry``.
        public var blurryBelow: Double = 0.3
        /// A pixel whose every channel reaches this level is saturated.
        public var saturatedLevel: UInt8 = 248
        /// A saturated pixel is glare when it is this many times brighter than the page's median paper.
        public var glareBrightnessRatio: Double = 1.06
        /// Above this fraction of glare the page warns ``QualityWarning/glare``.
        public var glareAbove: Double = 0.005
        /// Below this effective DPI the page warns ``QualityWarning/lowResolution``.
        public var lowResolutionBelow: Double = 150
        /// Below this coverage the page warns ``QualityWarning/smallInPhoto``.
        public var smallCoverageBelow: Double = 0.15

        /// The default thresholds.
        public init() {}
    }

    /// The settings.
    public var options: Options

    /// Creates an analyser.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The quality report of a rectified page.
    /// - Parameters:
    ///   - page: the rectified page before enhancement.
    ///   - capture: coverage and effective DPI, when the caller knows them.
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func analyze(_ page: Image<RGB8>, capture: CaptureInfo = CaptureInfo(), threads: Int? = nil) -> PageQuality {
        guard !page.isEmpty else {
            return report(sharpness: nil, glare: 0, capture: capture)
        }
        let reduced = page.downscaled(toLongSide: max(options.sharpnessLongSide, IlluminationNormalizer.Options().workingLongSide), threads: threads).image
        let background = BackgroundEstimator(options: IlluminationNormalizer.Options())
            .estimate(reduced: reduced, pageWidth: page.width, pageHeight: page.height, threads: threads)
        return analyze(reduced: reduced, background: background, capture: capture, threads: threads)
    }

    /// The report from a downscaled copy of the page at least ``Options/sharpnessLongSide`` long.
    func analyze(reduced page: Image<RGB8>, background: PaperBackground, capture: CaptureInfo, threads: Int?) -> PageQuality {
        let gray = page.downscaled(toLongSide: options.sharpnessLongSide, threads: threads).image.grayscale()
        let sharpness = QualityAnalyzer.sharpness(of: gray, minimumContrast: options.minimumEdgeContrast, quantile: options.sharpnessQuantile)
        return report(sharpness: sharpness, glare: glare(of: page, background: background, threads: threads), capture: capture)
    }

    /// The report; a nil `sharpness` means the page has no edge to measure, so it is blank
    /// rather than blurry.
    func report(sharpness: Double?, glare: Double, capture: CaptureInfo) -> PageQuality {
        var warnings: [QualityWarning] = []
        if let sharpness {
            if sharpness < options.blurryBelow { warnings.append(.blurry) }
        } else {
            warnings.append(.blank)
        }
        if glare > options.glareAbove { warnings.append(.glare) }
        if let dpi = capture.effectiveDPI, dpi < options.lowResolutionBelow { warnings.append(.lowResolution) }
        if let coverage = capture.coverage, coverage < options.smallCoverageBelow { warnings.append(.smallInPhoto) }
        return PageQuality(sharpness: sharpness ?? 0, glare: glare, coverage: capture.coverage, effectiveDPI: capture.effectiveDPI, warnings: warnings)
    }

    /// Fraction of the page (on the background's grid) that is saturated and clearly brighter than the paper.
    func glare(of page: Image<RGB8>, background: PaperBackground, threads: Int?) -> Double {
        let small = page.resized(width: background.width, height: background.height, threads: threads)
        let paper = background.medianPaperColor
        let paperLuma = 0.299 * paper.r + 0.587 * paper.g + 0.114 * paper.b
        let limit = Float(options.glareBrightnessRatio) * paperLuma
        let saturated = options.saturatedLevel
        var count = 0
        small.withUnsafeBytes { bytes in
            for i in 0..<small.pixelCount {
                let r = bytes[3 * i], g = bytes[3 * i + 1], b = bytes[3 * i + 2]
                guard min(r, g, b) >= saturated else { continue }
                let luma = 0.299 * Float(r) + 0.587 * Float(g) + 0.114 * Float(b)
                if luma >= limit { count += 1 }
            }
        }
        return Double(count) / Double(max(1, small.pixelCount))
    }

    /// Edge steepness: for pixels whose 7×7 neighbourhood spans at least `minimumContrast` gray
    /// levels, the largest one-pixel step divided by that span; the `quantile` of those ratios.
    /// Nil when no pixel qualifies: the page has no edge to measure.
    static func sharpness(of gray: Image<Gray8>, minimumContrast: Int, quantile: Double) -> Double? {
        let w = gray.width, h = gray.height
        guard w > 8, h > 8 else { return nil }
        var histogram = [Int](repeating: 0, count: 101)
        gray.withUnsafeBytes { p in
            for y in 3..<(h - 4) {
                for x in 3..<(w - 4) {
                    let i = y * w + x
                    let step = max(abs(Int(p[i + 1]) - Int(p[i])), abs(Int(p[i + w]) - Int(p[i])))
                    // Only steps that could be an edge's steepest point are worth the window scan.
                    guard step * 8 >= minimumContrast else { continue }
                    var low = 255, high = 0
                    for dy in -3...3 {
                        let row = i + dy * w
                        for dx in -3...3 {
                            let v = Int(p[row + dx])
                            low = min(low, v)
                            high = max(high, v)
                        }
                    }
                    let span = high - low
                    guard span >= minimumContrast else { continue }
                    histogram[min(100, step * 100 / span)] += 1
                }
            }
        }
        let total = histogram.reduce(0, +)
        guard total > 0 else { return nil }
        // Ratios of every pixel on an edge's slope are collected; the high quantile is the steepest part.
        let target = Int(Double(total) * quantile)
        var running = 0
        for (bin, count) in histogram.enumerated() {
            running += count
            if running > target { return Double(bin) / 100 }
        }
        return 1
    }
}
