import ScanCore

/// A finished page from ``PageEnhancer``, with what was done to it and how well it was captured.
public struct EnhancedPage: Sendable {
    /// The page's pixels: colour, gray or bilevel, according to ``mode``.
    public var image: PageImage
    /// The mode the page was rendered in; for `auto`, the one chosen (never `auto`).
    public var mode: EnhanceMode
    /// Clockwise quarter turn applied to make the text upright, in degrees (0, 90, 180 or 270).
    public var rotation: Int
    /// Tilt of the text lines that was straightened, in degrees, positive when they ran down to the
    /// right; the page was turned by its negative. 0 when deskewing was off or found nothing.
    public var skewDegrees: Double
    /// Sharpness, glare, coverage and effective DPI, with warnings.
    public var quality: PageQuality

    /// Creates a result.
    public init(image: PageImage, mode: EnhanceMode, rotation: Int, skewDegrees: Double, quality: PageQuality) {
        self.image = image
        self.mode = mode
        self.rotation = rotation
        self.skewDegrees = skewDegrees
        self.quality = quality
    }
}
