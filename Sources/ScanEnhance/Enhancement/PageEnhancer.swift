import ScanCore

/// Makes a rectified page look flatbed-scanned: lighting removed, rendered in a colour mode,
/// turned upright, straightened, with a quality report.
///
/// ```swift
/// let enhancer = PageEnhancer(options: .init(mode: .bw))
/// let page = enhancer.enhance(rectified, capture: CaptureInfo(coverage: 0.6, effectiveDPI: 220))
/// ```
public struct PageEnhancer: Sendable {
    /// What the enhancer does.
    public var options: Options

    /// Creates an enhancer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Enhances one rectified page.
    /// - Parameters:
    ///   - page: the rectified page, at its output resolution.
    ///   - capture: coverage and effective DPI for the quality report, when known.
    /// - Returns: the page in the chosen mode; an empty page comes back empty with zero quality.
    public func enhance(_ page: Image<RGB8>, capture: CaptureInfo = CaptureInfo()) -> EnhancedPage {
        let threads = options.threads
        let analyzer = QualityAnalyzer(options: options.quality)
        let requested = options.mode == .auto ? EnhanceMode.color : options.mode
        guard !page.isEmpty else {
            let quality = analyzer.report(sharpness: 0, glare: 0, capture: capture)
            return EnhancedPage(image: .color(page), mode: requested, rotation: 0, skewDegrees: 0, quality: quality)
        }
        // One downscale of the page serves the background, orientation, quality and auto mode.
        let reducedLongSide = max(options.orientation.workingLongSide, options.quality.sharpnessLongSide, options.illumination.workingLongSide)
        let reduced = page.downscaled(toLongSide: reducedLongSide, threads: threads).image
        let normalizer = IlluminationNormalizer(options: options.illumination)
        let background = BackgroundEstimator(options: options.illumination)
            .estimate(reduced: reduced, pageWidth: page.width, pageHeight: page.height, threads: threads)
        let quality = analyzer.analyze(reduced: reduced, background: background, capture: capture, threads: threads)
        let mode = options.mode == .auto ? chooseMode(reduced, background: background, normalizer: normalizer) : options.mode
        let orientation = detectOrientation(reduced, background: background, normalizer: normalizer)
        let turn = options.autoRotate ? orientation.rotation : 0
        let skew = options.deskew && abs(orientation.skewDegrees) >= options.minimumDeskewDegrees
            && abs(orientation.skewDegrees) <= options.maximumDeskewDegrees ? orientation.skewDegrees : 0

        func straightened<P: BytePixel>(_ image: Image<P>) -> Image<P> {
            let turned = image.rotated(quarterTurnsDegrees: turn)
            return skew == 0 ? turned : turned.rotated(byDegrees: -skew, threads: threads)
        }
        let image: PageImage
        switch mode {
        case .photo:
            image = .color(straightened(page))
        case .color, .auto:
            var colour = page
            normalizer.apply(background, to: &colour, saturation: options.colorSaturation, threads: threads)
            image = .color(straightened(colour))
        case .gray:
            image = .gray(straightened(normalizer.grayKernel(background, page, threads: threads)))
        case .bw:
            var binarization = options.binarization
            binarization.bias = options.bwBias
            let gray = straightened(normalizer.grayKernel(background, page, threads: threads))
            let bilevel = Binarizer(options: binarization).binarized(gray, threads: threads)
            image = .bilevel(options.cleanBorders ? BorderCleaner(options: options.borders).cleaned(bilevel) : bilevel)
        }
        return EnhancedPage(image: image, mode: mode, rotation: turn, skewDegrees: skew, quality: quality)
    }

    /// Orientation measured on a normalised gray copy at the detector's working size.
    func detectOrientation(_ reduced: Image<RGB8>, background: PaperBackground, normalizer: IlluminationNormalizer) -> PageOrientation {
        guard options.autoRotate || options.deskew else {
            return PageOrientation(rotation: 0, skewDegrees: 0, lineConfidence: 0, uprightConfidence: 0)
        }
        var detectorOptions = options.orientation
        detectorOptions.maximumSkewDegrees = max(0, options.maximumDeskewDegrees)
        let small = reduced.downscaled(toLongSide: detectorOptions.workingLongSide, threads: options.threads).image
        let gray = normalizer.grayKernel(background, small, threads: options.threads)
        return OrientationDetector(options: detectorOptions).detect(gray, detectQuarterTurns: options.autoRotate, threads: options.threads)
    }

    /// `auto`: colour when enough of the normalised page is colourful, else gray when pictures or
    /// shaded areas cover enough of it, else black and white.
    func chooseMode(_ reduced: Image<RGB8>, background: PaperBackground, normalizer: IlluminationNormalizer) -> EnhanceMode {
        var small = reduced.resized(width: background.width, height: background.height, threads: options.threads)
        normalizer.apply(background, to: &small, saturation: 1, threads: options.threads)
        let span = options.autoColorfulSpan
        var colourful = 0
        small.withUnsafeBytes { bytes in
            for i in 0..<small.pixelCount {
                let r = Int(bytes[3 * i]), g = Int(bytes[3 * i + 1]), b = Int(bytes[3 * i + 2])
                if max(r, g, b) - min(r, g, b) >= span { colourful += 1 }
            }
        }
        if Double(colourful) > options.autoColorFraction * Double(small.pixelCount) { return .color }
        return 1 - background.paperFraction > options.autoPictureFraction ? .gray : .bw
    }
}
