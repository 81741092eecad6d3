import ScanCore

/// Flattens the page seen as a quad in a photo into an upright rectangle at the page's true
/// aspect ratio and a chosen resolution.
///
/// ```swift
/// let page = try Rectifier(options: .init(dpi: 300)).rectify(photo, quad: corners)
/// // page.image is 2480×3508 for an A4 sheet; page.plan.paperSize == .a4
/// ```
public struct Rectifier: Sendable {
    /// What the output looks like and how it is computed.
    public struct Options: Sendable, Hashable {
        /// Output resolution in dots per inch; nil uses the resolution the photo holds (the
        /// quad's mean side lengths, never upscaled). Only honoured when the paper size is known
        /// (snapped or chosen): otherwise the physical size, and so the dots per inch, is unknown.
        public var dpi: Double?
        /// The page's shape: estimated and snapped, estimated, or a given paper size.
        public var pageSize: PageSizeChoice
        /// Largest relative difference between the estimated aspect ratio and a catalogue paper
        /// size for `.auto` to snap to it. Higher: snaps more pages (and some that are not that
        /// paper); lower: keeps more estimates as they are.
        public var snapTolerance: Double
        /// The camera's focal length in pixels when known (from EXIF), used when the quad alone
        /// does not fix it; nil assumes a typical phone lens.
        public var focalLength: Double?
        /// Maximum number of threads; nil uses every core. The output does not depend on it.
        public var threads: Int?
        /// The byte every channel of the output takes where the page lies outside the photo
        /// (255: white, and opaque for RGBA).
        public var fill: UInt8
        /// Minification tolerated with a single bilinear sample per pixel, in photo pixels per
        /// output pixel above 1. Higher: faster on slightly shrunk pages, with a little aliasing;
        /// lower: supersamples from the first hint of shrinking.
        public var minificationTolerance: Double
        /// Largest supersampling grid side when the page shrinks. Higher: no aliasing even for
        /// thumbnails, slower; lower: faster, aliasing beyond that minification.
        public var maximumSamplesPerAxis: Int
        /// How far outside the photo a corner may lie, as a fraction of the photo's longer side;
        /// the missing part of the page takes the fill value.
        public var cornerOverhang: Double
        /// Largest output in pixels, a guard against absurd dpi values.
        public var maximumOutputPixels: Int

        /// Creates options; every parameter has the default described on its property.
        public init(
            dpi: Double? = nil, pageSize: PageSizeChoice = .auto, snapTolerance: Double = 0.03,
            focalLength: Double? = nil, threads: Int? = nil, fill: UInt8 = 255,
            minificationTolerance: Double = 0.5, maximumSamplesPerAxis: Int = 8,
            cornerOverhang: Double = 0.25, maximumOutputPixels: Int = 200_000_000
        ) {
            self.dpi = dpi
            self.pageSize = pageSize
            self.snapTolerance = snapTolerance
            self.focalLength = focalLength
            self.threads = threads
            self.fill = fill
            self.minificationTolerance = minificationTolerance
            self.maximumSamplesPerAxis = maximumSamplesPerAxis
            self.cornerOverhang = cornerOverhang
            self.maximumOutputPixels = maximumOutputPixels
        }
    }

    /// The options every call uses.
    public var options: Options

    /// Creates a rectifier.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Rectifies the page at `quad` in `image`.
    /// - Parameters:
    ///   - image: the photo (RGB8, Gray8, RGBA8 or any byte pixel), after EXIF orientation.
    ///   - quad: the page's corners in contract order, in the photo's pixel coordinates.
    /// - Returns: the page's pixels and its plan (size, paper, dpi, estimate).
    /// - Throws: `EnhanceError.emptyImage`, `.invalidQuad`, `.unmappableQuad`, `.invalidDPI` or
    ///   `.outputTooLarge`.
    public func rectify<Pixel: BytePixel>(_ image: Image<Pixel>, quad: Quad) throws(EnhanceError) -> RectifiedPage<Pixel> {
        guard !image.isEmpty else { throw .emptyImage(width: image.width, height: image.height) }
        let plan = try self.plan(for: quad, imageSize: image.size)
        return RectifiedPage(image: render(image, plan: plan), plan: plan)
    }

    /// Renders a plan's pixels from `image` (the photo the plan was made for).
    public func render<Pixel: BytePixel>(_ image: Image<Pixel>, plan: RectificationPlan) -> Image<Pixel> {
        let warp = PerspectiveWarp(
            outputToPhoto: plan.outputToPhoto, width: plan.width, height: plan.height, fill: options.fill,
            minificationTolerance: options.minificationTolerance, maximumSamplesPerAxis: options.maximumSamplesPerAxis)
        return warp.apply(to: image, threads: options.threads)
    }

    /// Lays out the rectification of the page at `quad` in a photo of `imageSize` pixels without
    /// touching pixels: shape, paper, output size, resolution and the output-to-photo map.
    /// - Throws: `EnhanceError.invalidQuad`, `.unmappableQuad`, `.invalidDPI` or `.outputTooLarge`.
    public func plan(for quad: Quad, imageSize: Size) throws(EnhanceError) -> RectificationPlan {
        do {
            try quad.validate(in: imageSize, tolerance: options.cornerOverhang)
        } catch {
            throw .invalidQuad(error)
        }
        if let dpi = options.dpi, !(dpi > 0 && dpi.isFinite) { throw .invalidDPI(dpi) }

        let estimate = AspectRatioEstimator(focalLengthHint: options.focalLength).estimate(quad, imageSize: imageSize)
        let isLandscape = estimate.aspectRatio > 1
        let paper: PaperSize? = switch options.pageSize {
        case .auto: PaperSize.snapping(aspectRatio: estimate.aspectRatio, tolerance: options.snapTolerance)
        case .fit: nil
        case .paper(let paper): paper
        }
        let millimetres = paper?.size(landscape: isLandscape)
        let ratio = millimetres.map { $0.width / $0.height } ?? estimate.aspectRatio

        let exactWidth: Double, exactHeight: Double, dpi: Double?
        if let requested = options.dpi, let millimetres {
            exactWidth = millimetres.width / PaperSize.millimetresPerInch * requested
            exactHeight = millimetres.height / PaperSize.millimetresPerInch * requested
            dpi = requested
        } else {
            // The resolution the photo holds: as many pixels as the quad's mean sides, no more.
            let sides = quad.sideLengths
            let across = (sides[0] + sides[2]) / 2, down = (sides[1] + sides[3]) / 2
            exactHeight = Swift.min(down, across / ratio)
            exactWidth = exactHeight * ratio
            dpi = nil
        }
        let limit = options.maximumOutputPixels
        guard exactWidth.rounded() * exactHeight.rounded() <= Double(limit) else {
            let clamp = { (value: Double) in value.isFinite ? Int(Swift.min(value.rounded(), Double(Int32.max))) : Int(Int32.max) }
            throw .outputTooLarge(width: clamp(exactWidth), height: clamp(exactHeight), limit: limit)
        }
        let width = Swift.max(1, Int(exactWidth.rounded())), height = Swift.max(1, Int(exactHeight.rounded()))
        // Report the resolution actually delivered when the photo chose it.
        let effectiveDPI = dpi ?? millimetres.map { Double(height) / ($0.height / PaperSize.millimetresPerInch) }

        let outputRectangle = Quad(rectangleAt: .zero, size: Size(width: Double(width), height: Double(height)))
        guard let outputToPhoto = Homography(mapping: outputRectangle, to: quad) else { throw .unmappableQuad(quad) }
        return RectificationPlan(
            width: width, height: height, outputToPhoto: outputToPhoto, paperSize: paper,
            isLandscape: isLandscape, dpi: effectiveDPI, estimate: estimate)
    }
}
