import ScanCodecs
import ScanCore
import ScanDetect
import ScanEnhance
import ScanOCR

/// Turns a photo into a finished page: find or take the corners, rectify, convert to the colour
/// mode and encode. Used by scan jobs (from files) and by front ends that hold photos in memory.
public struct PageRenderer: Sendable {
    /// How pages are made.
    public let options: ScanOptions
    let corners: CornersFile?
    let detector: DocumentDetector
    /// One OCR engine per worker, reused across pages; nil without OCR.
    let recognizers: RecognizerPool?

    /// A page, encoded and ready to write.
    public struct RenderedPage: Sendable {
        /// What became of the input.
        public var summary: PageSummary
        /// The encoded image (JPEG, or PNG for PNG output).
        public var bytes: [UInt8]
        /// The page's resolution, which sets its size in a PDF.
        public var dpi: Double
        /// 1 for gray, 3 for colour.
        public var components: Int
        /// True when `bytes` is CCITT G4 (a black-and-white page in a PDF).
        public var isBilevel = false
        /// The page's pixels, kept only for TIFF output (which encodes them itself).
        public var pixels: PageImage?
        /// The page's recognised text, with OCR.
        public var text: RecognizedPage?
    }

    /// Creates a renderer; `corners` overrides detection for the inputs it names.
    public init(options: ScanOptions = ScanOptions(), corners: CornersFile? = nil) {
        self.options = options
        self.corners = corners
        self.detector = DocumentDetector()
        self.recognizers = options.ocr.map { ocr in RecognizerPool { try TesseractRecognizer(options: ocr) } }
    }

    /// A renderer sharing `recognizers` (so several renderers share one pool of OCR engines);
    /// nil recognises no text.
    public init(options: ScanOptions, corners: CornersFile? = nil, recognizers: RecognizerPool?) {
        self.options = options
        self.corners = corners
        self.detector = DocumentDetector()
        self.recognizers = recognizers
    }

    /// Reads the photo at `input` and renders it, with corners from the corners file or the detector.
    func render(_ input: String, format: OutputTarget.Format) throws -> RenderedPage {
        let decoded = try PhotoReader.read(input, maximumPixelCount: options.maximumPixelCount)
        let photo = decoded.image, focalLength = decoded.focalLength
        try checkSize(of: photo, name: input)
        let size = photo.size
        let quad: Quad, source: CornerSource, confidence: Double?
        switch corners?.entry(for: input) {
        case .corners(let given):
            do {
                try given.validate(in: size)
            } catch {
                throw PipelineError.invalidCorners(image: input, problem: error)
            }
            (quad, source, confidence) = (given, .given, nil)
        case .noDocument:
            (quad, source, confidence) = (Quad(rectangleAt: .zero, size: size), .wholePhoto, nil)
        case .invalid(let problem):
            throw problem
        case nil:
            if let detection = detector.detect(in: photo, focalLength: focalLength) {
                (quad, source, confidence) = (detection.quad, .detected, detection.confidence)
            } else {
                (quad, source, confidence) = (Quad(rectangleAt: .zero, size: size), .wholePhoto, nil)
            }
        }
        return try render(photo: photo, quad: quad, source: source, confidence: confidence, name: input, format: format,
                          focalLength: focalLength)
    }

    /// Renders a decoded photo whose page is at `quad`.
    /// - Parameters:
    ///   - photo: the photo, upright.
    ///   - quad: the page's corners; for `.wholePhoto`, the photo's frame.
    ///   - source: where the corners came from.
    ///   - confidence: the detector's confidence, when detected.
    ///   - name: the input's name for messages and the summary.
    ///   - format: the encoding the output needs (JPEG for PDF and .jpg, PNG for .png).
    ///   - focalLength: the camera's focal length in pixels where the photo states it
    ///     (`DecodedImage.focalLength`), for the page's proportions when its corners do not fix
    ///     them; nil assumes a phone's main camera.
    /// - Throws: `PipelineError` (`.photoTooSmall` below `ScanOptions.minimumPhotoSide`) or
    ///   `CodecError` naming `name`.
    public func render(
        photo: Image<RGB8>, quad: Quad, source: CornerSource, confidence: Double?, name input: String,
        format: OutputTarget.Format, focalLength: Double? = nil
    ) throws -> RenderedPage {
        try checkSize(of: photo, name: input)
        let page = try rectify(photo, quad: quad, source: source, input: input, focalLength: focalLength)
        let dpi = page.dpi ?? options.dpi ?? Self.assumedDPI(width: page.image.width, height: page.image.height)
        var enhancement = options.enhancement
        enhancement.threads = options.threads
        let enhanced = PageEnhancer(options: enhancement).enhance(page.image, capture: capture(of: quad, in: photo, plan: page.plan))
        let pageImage = enhanced.image.rotated(byDegrees: options.rotation)
        let encoded = try encode(pageImage, dpi: dpi, format: format, input: input)
        let summary = PageSummary(
            input: input, quad: quad, source: source, confidence: confidence,
            pixelWidth: pageImage.width, pixelHeight: pageImage.height,
            dpi: page.dpi ?? options.dpi, paperName: page.paperSize?.name, writtenTo: "",
            mode: enhanced.mode, rotation: (enhanced.rotation + options.rotation) % 360, skewDegrees: enhanced.skewDegrees,
            quality: enhanced.quality)
        return RenderedPage(summary: summary, bytes: encoded.bytes, dpi: dpi, components: encoded.components,
                            isBilevel: encoded.isBilevel, pixels: encoded.pixels, text: encoded.text)
    }

    /// Refuses a photo too small to hold a page, before detection or corners make less clear errors of it.
    private func checkSize(of photo: Image<RGB8>, name: String) throws(PipelineError) {
        guard photo.width >= options.minimumPhotoSide, photo.height >= options.minimumPhotoSide else {
            throw .photoTooSmall(image: name, width: photo.width, height: photo.height, minimum: options.minimumPhotoSide)
        }
    }

    /// Rectifies at the requested resolution, or at what the photo holds capped at
    /// `maximumAutomaticDPI`.
    private func rectify(_ photo: Image<RGB8>, quad: Quad, source: CornerSource, input: String,
                         focalLength: Double?) throws -> RectifiedPage<RGB8> {
        var rectifierOptions = Rectifier.Options(dpi: options.dpi, pageSize: options.pageSize, focalLength: focalLength,
                                                 threads: options.threads)
        // A whole photo taken as the page is not in perspective: keep its shape.
        if source == .wholePhoto, case .auto = options.pageSize { rectifierOptions.pageSize = .fit }
        var rectifier = Rectifier(options: rectifierOptions)
        do {
            var plan = try rectifier.plan(for: quad, imageSize: photo.size)
            if options.dpi == nil, let dpi = plan.dpi, dpi > options.maximumAutomaticDPI {
                rectifier.options.dpi = options.maximumAutomaticDPI
                plan = try rectifier.plan(for: quad, imageSize: photo.size)
            }
            return RectifiedPage(image: rectifier.render(photo, plan: plan), plan: plan)
        } catch {
            if case .invalidQuad(let problem) = error { throw PipelineError.invalidCorners(image: input, problem: problem) }
            throw PipelineError.pageFailed(image: input, reason: "\(error)")
        }
    }

    /// How the page sat in the photo, for the quality report: its share of the frame and, when
    /// its paper size is known, how many photo pixels span an inch of its shorter side.
    private func capture(of quad: Quad, in photo: Image<RGB8>, plan: RectificationPlan) -> CaptureInfo {
        let coverage = Swift.min(1, quad.area / Swift.max(1, Double(photo.pixelCount)))
        guard let paper = plan.paperSize else { return CaptureInfo(coverage: coverage) }
        let sides = quad.sideLengths
        let shortSidePixels = Swift.min((sides[0] + sides[2]) / 2, (sides[1] + sides[3]) / 2)
        return CaptureInfo(coverage: coverage, effectiveDPI: shortSidePixels / (paper.width / PaperSize.millimetresPerInch))
    }

    /// The resolution assumed for a page of unknown physical size: as if its longer side were
    /// A4's (11.69 in), kept within 72…300 dpi so viewers show it at a sensible size.
    static func assumedDPI(width: Int, height: Int) -> Double {
        let longSideInches = 297 / PaperSize.millimetresPerInch
        return Swift.min(300, Swift.max(72, Double(Swift.max(width, height)) / longSideInches))
    }
}
