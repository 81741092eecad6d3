import ScanCore

/// Why a page could not be rectified or enhanced.
public enum EnhanceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input image has no pixels.
    case emptyImage(width: Int, height: Int)
    /// The corners do not describe a page in the image.
    case invalidQuad(GeometryError)
    /// The corners are valid but no projective map takes the output rectangle onto them
    /// (numerically degenerate, e.g. three corners almost on one line).
    case unmappableQuad(Quad)
    /// The requested resolution is not a positive finite number of dots per inch.
    case invalidDPI(Double)
    /// The output would have more pixels than the limit allows.
    case outputTooLarge(width: Int, height: Int, limit: Int)

    public var description: String {
        switch self {
        case .emptyImage(let width, let height):
            "the input image is empty (\(width)×\(height) pixels); decode a real photo before rectifying"
        case .invalidQuad(let error):
            "invalid page corners: \(error)"
        case .unmappableQuad(let quad):
            "the page corners \(quad) are too close to a line to map onto a rectangle; spread them over the page"
        case .invalidDPI(let dpi):
            "the output resolution \(dpi) dpi is not a positive number; pass a dpi such as 300"
        case .outputTooLarge(let width, let height, let limit):
            "the rectified page would be \(width)×\(height) pixels, more than the limit of \(limit); lower the dpi"
        }
    }
}
