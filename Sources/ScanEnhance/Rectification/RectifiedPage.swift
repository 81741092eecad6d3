import ScanCore

/// A page cut out of a photo and flattened to a rectangle.
public struct RectifiedPage<Pixel: BytePixel>: Sendable {
    /// The rectified pixels, `plan.width × plan.height`.
    public var image: Image<Pixel>
    /// How the page was laid out: size, paper, resolution and the map back into the photo.
    public var plan: RectificationPlan

    /// Creates a page from its pixels and plan.
    public init(image: Image<Pixel>, plan: RectificationPlan) {
        self.image = image
        self.plan = plan
    }

    /// The output resolution in dots per inch, when the physical size is known.
    public var dpi: Double? { plan.dpi }

    /// The paper size the page was snapped to or told to be.
    public var paperSize: PaperSize? { plan.paperSize }
}
