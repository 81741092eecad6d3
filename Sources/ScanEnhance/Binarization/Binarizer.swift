import ScanCore

/// Turns a gray page into black and white (0 ink, 255 paper) with a local adaptive threshold,
/// meant for an illumination-normalised page (see ``IlluminationNormalizer``).
public struct Binarizer: Sendable {
    /// Tuning constants of the threshold.
    public struct Options: Sendable, Hashable {
        /// The thresholding rule. Wolf–Jolion gave the lowest Tesseract CER in `Benchmarks/enhance`
        /// (0.23 % against Sauvola's 0.62 %, Otsu's 0.52 %, the local mean's 0.77 %).
        public var method: BinarizationMethod = .wolfJolion
        /// Window radius as a fraction of the page's long side (0.01 ≈ 3 mm on A4).
        /// Higher: steadier on large letters, loses thin strokes beside bold ones.
        public var windowRadiusFraction: Double = 0.01
        /// Smallest window radius in pixels, for small pages.
        public var minimumWindowRadius: Int = 7
        /// Sauvola's k. Higher: thinner strokes, less background noise.
        public var sauvolaK: Double = 0.2
        /// Sauvola's dynamic range of the deviation R, in gray levels.
        public var sauvolaRange: Double = 128
        /// Wolf–Jolion's k.
        public var wolfK: Double = 0.5
        /// The offset below the local mean for ``BinarizationMethod/localMean``, in gray levels.
        public var localMeanOffset: Double = 12
        /// How far a bias of ±1 moves the threshold, in gray levels.
        public var biasRange: Double = 40
        /// The user's bias in −1…1: negative lighter (less ink), positive darker (more ink).
        public var bias: Double = 0

        /// The default tuning.
        public init() {}
    }

    /// The tuning.
    public var options: Options

    /// Creates a binariser.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// A black-and-white copy of `image`: every pixel 0 (ink) or 255 (paper).
    /// - Parameters:
    ///   - image: the gray page.
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func binarized(_ image: Image<Gray8>, threads: Int? = nil) -> Image<Gray8> {
        guard !image.isEmpty else { return image }
        let radius = max(options.minimumWindowRadius,
                         Int((Double(max(image.width, image.height)) * options.windowRadiusFraction).rounded()))
        let shift = Float(max(-1, min(1, options.bias)) * options.biasRange)
        let width = image.width
        switch options.method {
        case .otsu:
            let threshold = Float(Binarizer.otsuThreshold(image)) + shift
            return image.map { Gray8(Float($0.value) <= threshold ? 0 : 255) }
        case .sauvola:
            let k = Float(options.sauvolaK), range = Float(options.sauvolaRange)
            return thresholded(image, radius: radius, threads: threads) { out, y, mean, deviation, pixels in
                for x in 0..<width {
                    let t = mean[x] * (1 + k * (deviation[x] / range - 1)) + shift
                    out[x] = Float(pixels[y * width + x]) <= t ? 0 : 255
                }
            }
        case .localMean:
            let offset = Float(options.localMeanOffset)
            return thresholded(image, radius: radius, threads: threads) { out, y, mean, _, pixels in
                for x in 0..<width {
                    out[x] = Float(pixels[y * width + x]) <= mean[x] - offset + shift ? 0 : 255
                }
            }
        case .wolfJolion:
            // Page-wide terms first: the darkest pixel and the largest local deviation.
            let darkest = Float(image.withUnsafeBytes { $0.min() ?? 0 })
            let maxima = MaximumCollector(rows: image.height)
            // Windows a quarter of a window apart overlap by 3/4: sampling those rows finds the
            // page's largest deviation to within a few percent at a fraction of the cost.
            BoxStatistics.forEachRow(of: image, radius: radius, threads: threads, rowStep: max(1, radius / 2)) { y, _, deviation in
                maxima.store(deviation.max() ?? 0, row: y)
            }
            let range = max(1, maxima.maximum), k = Float(options.wolfK)
            return thresholded(image, radius: radius, threads: threads) { out, y, mean, deviation, pixels in
                for x in 0..<width {
                    let m = mean[x]
                    let t = (1 - k) * m + k * darkest + k * (deviation[x] / range) * (m - darkest) + shift
                    out[x] = Float(pixels[y * width + x]) <= t ? 0 : 255
                }
            }
        }
    }

    /// Replaces `image` by its black-and-white version (a new buffer: a shared copy is untouched).
    public func binarize(_ image: inout Image<Gray8>, threads: Int? = nil) {
        image = binarized(image, threads: threads)
    }

    /// Otsu's threshold: the gray level that maximises the between-class variance of the histogram.
    public static func otsuThreshold(_ image: Image<Gray8>) -> Int {
        var histogram = [Int](repeating: 0, count: 256)
        image.withUnsafeBytes { for v in $0 { histogram[Int(v)] += 1 } }
        let total = Double(image.pixelCount)
        let weightedTotal = histogram.enumerated().reduce(0.0) { $0 + Double($1.offset * $1.element) }
        var below = 0.0, weightedBelow = 0.0, best = 0.0, threshold = 127
        for level in 0..<256 {
            below += Double(histogram[level])
            weightedBelow += Double(level * histogram[level])
            let above = total - below
            guard below > 0, above > 0 else { continue }
            let meanBelow = weightedBelow / below, meanAbove = (weightedTotal - weightedBelow) / above
            let between = below * above * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best { best = between; threshold = level }
        }
        return threshold
    }

    /// Runs `rule(out, y, mean, deviation, pixels)` for every row into a new image.
    private func thresholded(
        _ image: Image<Gray8>, radius: Int, threads: Int?,
        _ rule: @escaping @Sendable (UnsafeMutablePointer<UInt8>, Int, UnsafeBufferPointer<Float>, UnsafeBufferPointer<Float>, UnsafePointer<UInt8>) -> Void
    ) -> Image<Gray8> {
        image.withUnsafeBytes { input in
            let source = UnsafeSendable(input.baseAddress!)
            return Image<Gray8>(width: image.width, height: image.height) { (output: UnsafeMutableBufferPointer<UInt8>) in
                let destination = UnsafeSendable(output.baseAddress!)
                let width = image.width
                BoxStatistics.forEachRow(of: image, radius: radius, threads: threads) { y, mean, deviation in
                    rule(destination.value + y * width, y, mean, deviation, source.value)
                }
            }
        }
    }
}

/// Per-row maxima written by concurrent row workers (one slot per row), read after they finish.
final class MaximumCollector: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Float>

    init(rows: Int) {
        slots = .allocate(capacity: max(1, rows))
        slots.initialize(repeating: 0)
    }

    deinit { slots.deallocate() }

    /// Stores row `row`'s value; each row is written by one worker only.
    func store(_ value: Float, row: Int) { slots[row] = value }

    /// The largest stored value.
    var maximum: Float { slots.max() ?? 0 }
}
