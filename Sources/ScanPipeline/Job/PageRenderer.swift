import ScanCodecs
import ScanCore
import ScanDetect
import ScanEnhance

/// Turns a photo into a finished page: find or take the corners, rectify, convert to the colour
/// mode and encode. Used by scan jobs (from files) and by front ends that hold photos in memory.
public struct PageRenderer: Sendable {
    /// How pages are made.
    public let options: ScanOptions
    let corners: CornersFile?
    let detector: DocumentDetector

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
    }

    /// Creates a renderer; `corners` overrides detection for the inputs it names.
    public init(options: ScanOptions = ScanOptions(), corners: CornersFile? = nil) {
        self.options = options
        self.corners = corners
        self.detector = DocumentDetector()
    }

    /// Reads the photo at `input` and renders it, with corners from the corners file or the detector.
    func render(_ input: String, format: OutputTarget.Format) throws -> RenderedPage {
        let photo = try PhotoReader.read(input, maximumPixelCount: options.maximumPixelCount)
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
            if let detection = detector.detect(in: photo) {
                (quad, source, confidence) = (detection.quad, .detected, detection.confidence)
            } else {
                (quad, source, confidence) = (Quad(rectangleAt: .zero, size: size), .wholePhoto, nil)
            }
        }
        return try render(photo: photo, quad: quad, source: source, confidence: confidence, name: input, format: format)
    }

    /// Renders a decoded photo whose page is at `quad`.
    /// - Parameters:
    ///   - photo: the photo, upright.
    ///   - quad: the page's corners; for `.wholePhoto`, the photo's frame.
    ///   - source: where the corners came from.
    ///   - confidence: the detector's confidence, when detected.
    ///   - name: the input's name for messages and the summary.
    ///   - format: the encoding the output needs (JPEG for PDF and .jpg, PNG for .png).
    /// - Throws: `PipelineError` or `CodecError` naming `name`.
    public func render(
        photo: Image<RGB8>, quad: Quad, source: CornerSource, confidence: Double?, name input: String,
        format: OutputTarget.Format
    ) throws -> RenderedPage {
        let page = try rectify(photo, quad: quad, source: source, input: input)
        let dpi = page.dpi ?? options.dpi ?? Self.assumedDPI(width: page.image.width, height: page.image.height)
        let bytes: [UInt8], components: Int
        switch (options.colorMode, format) {
        case (.color, .png):
            (bytes, components) = (try ImageCodec.encodePNG(page.image, name: input), 3)
        case (.gray, .png):
            (bytes, components) = (try ImageCodec.encodePNG(page.image.grayscale(), name: input), 1)
        case (.color, _):
            (bytes, components) = (try ImageCodec.encodeJPEG(page.image, quality: options.jpegQuality, name: input), 3)
        case (.gray, _):
            (bytes, components) = (try ImageCodec.encodeJPEG(page.image.grayscale(), quality: options.jpegQuality, name: input), 1)
        }
        let summary = PageSummary(
            input: input, quad: quad, source: source, confidence: confidence,
            pixelWidth: page.image.width, pixelHeight: page.image.height,
            dpi: page.dpi ?? options.dpi, paperName: page.paperSize?.name, writtenTo: "")
        return RenderedPage(summary: summary, bytes: bytes, dpi: dpi, components: components)
    }

    /// Rectifies at the requested resolution, or at what the photo holds capped at
    /// `maximumAutomaticDPI`.
    private func rectify(_ photo: Image<RGB8>, quad: Quad, source: CornerSource, input: String) throws -> RectifiedPage<RGB8> {
        var rectifierOptions = Rectifier.Options(dpi: options.dpi, pageSize: options.pageSize, threads: options.threads)
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

    /// The resolution assumed for a page of unknown physical size: as if its longer side were
    /// A4's (11.69 in), kept within 72…300 dpi so viewers show it at a sensible size.
    static func assumedDPI(width: Int, height: Int) -> Double {
        let longSideInches = 297 / PaperSize.millimetresPerInch
        return Swift.min(300, Swift.max(72, Double(Swift.max(width, height)) / longSideInches))
    }
}
