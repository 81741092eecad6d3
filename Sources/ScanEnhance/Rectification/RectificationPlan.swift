import ScanCore

/// Everything about a rectification except the pixels: the output size, the physical page it
/// stands for and the map from output pixels back into the photo. Cheap to compute, so a
/// non-destructive page can show its size before rendering.
public struct RectificationPlan: Sendable, Hashable {
    /// Output width in pixels (≥ 1).
    public var width: Int
    /// Output height in pixels (≥ 1).
    public var height: Int
    /// Maps output coordinates (pixel corners, origin top-left) to photo coordinates: the output
    /// rectangle [0, width] × [0, height] lands exactly on the quad.
    public var outputToPhoto: Homography
    /// The paper the page was snapped to or told to be; nil when its physical size is unknown.
    public var paperSize: PaperSize?
    /// True when the page is wider than tall.
    public var isLandscape: Bool
    /// The output's resolution in dots per inch: the requested one, or the one the photo holds
    /// for a known paper size; nil when the physical size is unknown.
    public var dpi: Double?
    /// The aspect-ratio estimate the shape came from.
    public var estimate: AspectRatioEstimator.Estimate

    /// The output size in pixels.
    public var size: Size { Size(width: Double(width), height: Double(height)) }
}
