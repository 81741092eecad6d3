/// A width and height in some unit (pixels, points, millimetres), as `Double`.
public struct Size: Sendable, Hashable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    /// Creates a size.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// `width / height`; infinite for a zero height.
    public var aspectRatio: Double { width / height }

    /// The same size turned by 90°.
    public var transposed: Size { Size(width: height, height: width) }

    public var description: String { "\(width)×\(height)" }
}
