import ScanCore

/// Removes shadows, light gradients and colour casts from a rectified page by dividing each
/// channel by an estimate of the bare paper under the same light ("magic colour").
///
/// The paper becomes white (or, with ``PaperTone/keep``, its own colour at full brightness); ink and
/// colour graphics keep their colours relative to the paper. Large photos, filled charts and
/// coloured boxes are recognised as content and are not flattened into the paper.
public struct IlluminationNormalizer: Sendable {
    /// What the paper turns into.
    public enum PaperTone: String, Sendable, CaseIterable {
        /// The paper becomes white, whatever its colour: what flatbed scanners and scanning apps produce.
        case white
        /// Coloured paper keeps its hue, brightened so its strongest channel is full scale.
        case keep
    }

    /// Tuning constants of the normalisation.
    public struct Options: Sendable, Hashable {
        /// Long side, in pixels, of the copy the background is estimated on.
        /// Higher: follows sharper shadow edges, slower.
        public var workingLongSide: Int = 600
        /// Radius of the closing that erases text, as a fraction of the working long side (≈ 3.5 mm on A4).
        /// Higher: erases bolder text, blurs shadow edges.
        public var textRadiusFraction: Double = 0.01
        /// Radius of the coarse paper level, as a fraction of the working long side.
        /// Higher: larger dark regions are recognised as content, deep shadows too.
        public var coarseRadiusFraction: Double = 0.125
        /// Regions darker than this fraction of the coarse paper level are examined as possible
        /// content (pictures, filled boxes) rather than shade. Higher: paler pictures are protected.
        public var candidateDarkness: Double = 0.85
        /// A dark region is content when its border drops by more than this fraction of its depth per
        /// working pixel (printed edges are sharp; shadow edges are soft penumbras). Lower: more shadows
        /// with crisp edges are kept as content.
        public var contentEdgeSteepness: Double = 0.25
        /// Dark regions smaller than this many working pixels are never content (bold strokes, dots).
        public var minimumContentArea: Int = 24
        /// A region whose channels differ from the coarse paper level by factors further apart than this
        /// is content of another colour. Lower: protects paler colour fills, removes coloured casts less.
        public var contentHueShift: Double = 0.12
        /// Radius, in working pixels, of the two box blurs that smooth the background.
        public var smoothingRadius: Int = 2
        /// Fraction of the local paper level at and above which a pixel becomes pure white.
        /// Lower: cleaner paper, faint pencil and light tints lost.
        public var whitePoint: Double = 0.9
        /// Fraction of the local paper level at and below which a pixel becomes pure black.
        /// Higher: blacker ink, dark colours lose detail.
        public var blackPoint: Double = 0.08
        /// What the paper turns into.
        public var paperTone: PaperTone = .white

        /// The default tuning.
        public init() {}
    }

    /// The tuning.
    public var options: Options

    /// Creates a normaliser.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The page with its lighting divided out.
    /// - Parameters:
    ///   - page: the rectified page; must not be empty.
    ///   - saturation: factor on each pixel's distance from its gray (1 keeps colours, 1.2 boosts them).
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func normalized(_ page: Image<RGB8>, saturation: Double = 1, threads: Int? = nil) -> Image<RGB8> {
        var copy = page
        normalize(&copy, saturation: saturation, threads: threads)
        return copy
    }

    /// Divides the lighting out of `page` in place (copying first if its storage is shared).
    /// - Parameters:
    ///   - page: the rectified page; must not be empty.
    ///   - saturation: factor on each pixel's distance from its gray (1 keeps colours).
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func normalize(_ page: inout Image<RGB8>, saturation: Double = 1, threads: Int? = nil) {
        let background = BackgroundEstimator(options: options).estimate(page, threads: threads)
        apply(background, to: &page, saturation: saturation, threads: threads)
    }

    /// The luminance of the normalised page, without the colour image in between.
    /// - Parameters:
    ///   - page: the rectified page; must not be empty.
    ///   - threads: maximum number of threads; `nil` uses every core.
    public func normalizedGray(_ page: Image<RGB8>, threads: Int? = nil) -> Image<Gray8> {
        let background = BackgroundEstimator(options: options).estimate(page, threads: threads)
        return grayKernel(background, page, threads: threads)
    }

    // MARK: - Kernels

    /// Per-cell gains `255 / (paper · (white − black))` and the common offset, so a pixel maps to
    /// `value · gain − offset`, times the paper tint.
    func gainMaps(_ background: PaperBackground) -> (gains: [Plane], offset: Float, tint: [Float]) {
        let white = Float(options.whitePoint), black = Float(min(options.blackPoint, options.whitePoint - 0.01))
        let span = white - black
        let gains = background.channels.map { plane in
            Plane(width: plane.width, height: plane.height, values: plane.values.map { 255 / ($0 * span) })
        }
        var tint: [Float] = [1, 1, 1]
        if options.paperTone == .keep {
            let paper = background.medianPaperColor
            let brightest = max(paper.r, paper.g, paper.b, 1)
            tint = [paper.r / brightest, paper.g / brightest, paper.b / brightest]
        }
        return (gains, 255 * black / span, tint)
    }

    func apply(_ background: PaperBackground, to page: inout Image<RGB8>, saturation: Double, threads: Int?) {
        let (gains, offset, tint) = gainMaps(background)
        let map = GainInterpolation(gridWidth: background.width, gridHeight: background.height, pageWidth: page.width, pageHeight: page.height)
        let s = Float(saturation), width = page.width, height = page.height
        page.withUnsafeMutableBytes { bytes in
            let pixels = UnsafeSendable(bytes)
            Parallel.forEachChunk(of: height, threads: threads, minimumChunk: 16) { rows in
                var rowGains = [Float](repeating: 0, count: 3 * width)
                rowGains.withUnsafeMutableBufferPointer { rowGain in
                    for y in rows {
                        map.interpolateRow(y, gains, into: rowGain)
                        let row = pixels.value.baseAddress! + y * width * 3
                        for x in 0..<width {
                            var r = Float(row[3 * x]) * rowGain[3 * x] - offset
                            var g = Float(row[3 * x + 1]) * rowGain[3 * x + 1] - offset
                            var b = Float(row[3 * x + 2]) * rowGain[3 * x + 2] - offset
                            if s != 1 {
                                let luma = 0.299 * r + 0.587 * g + 0.114 * b
                                r = luma + (r - luma) * s
                                g = luma + (g - luma) * s
                                b = luma + (b - luma) * s
                            }
                            row[3 * x] = clampToByte(r * tint[0])
                            row[3 * x + 1] = clampToByte(g * tint[1])
                            row[3 * x + 2] = clampToByte(b * tint[2])
                        }
                    }
                }
            }
        }
    }

    func grayKernel(_ background: PaperBackground, _ page: Image<RGB8>, threads: Int?) -> Image<Gray8> {
        let (gains, offset, tint) = gainMaps(background)
        let map = GainInterpolation(gridWidth: background.width, gridHeight: background.height, pageWidth: page.width, pageHeight: page.height)
        let width = page.width
        let wr = 0.299 * tint[0], wg = 0.587 * tint[1], wb = 0.114 * tint[2]
        return page.withUnsafeBytes { input in
            let source = UnsafeSendable(input)
            return Image<Gray8>(width: page.width, height: page.height) { (output: UnsafeMutableBufferPointer<UInt8>) in
                let destination = UnsafeSendable(output)
                Parallel.forEachChunk(of: page.height, threads: threads, minimumChunk: 16) { rows in
                    var rowGains = [Float](repeating: 0, count: 3 * width)
                    rowGains.withUnsafeMutableBufferPointer { rowGain in
                        for y in rows {
                            map.interpolateRow(y, gains, into: rowGain)
                            let row = source.value.baseAddress! + y * width * 3
                            let out = destination.value.baseAddress! + y * width
                            for x in 0..<width {
                                let r = max(0, min(255, Float(row[3 * x]) * rowGain[3 * x] - offset))
                                let g = max(0, min(255, Float(row[3 * x + 1]) * rowGain[3 * x + 1] - offset))
                                let b = max(0, min(255, Float(row[3 * x + 2]) * rowGain[3 * x + 2] - offset))
                                out[x] = clampToByte(wr * r + wg * g + wb * b)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Rounds and clamps to 0…255.
@inline(__always) func clampToByte(_ value: Float) -> UInt8 {
    UInt8(max(0, min(255, value + 0.5)))
}
