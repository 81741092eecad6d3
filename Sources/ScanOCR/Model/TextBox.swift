/// An axis-aligned box in image pixels: origin top-left, y down, like `Image`.
public struct TextBox: Sendable, Hashable, Codable {
    /// Left edge.
    public var x: Int
    /// Top edge.
    public var y: Int
    /// Width, at least 0.
    public var width: Int
    /// Height, at least 0.
    public var height: Int

    /// Creates a box.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The box spanning left…right, top…bottom (exclusive right and bottom edges).
    public init(left: Int, top: Int, right: Int, bottom: Int) {
        self.init(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Exclusive right edge.
    public var right: Int { x + width }
    /// Exclusive bottom edge.
    public var bottom: Int { y + height }
    /// Area in square pixels.
    public var area: Int { width * height }

    /// Intersection over union with `other`, 0…1; 0 when either box is empty.
    public func intersectionOverUnion(_ other: TextBox) -> Double {
        let overlapWidth = max(0, min(right, other.right) - max(x, other.x))
        let overlapHeight = max(0, min(bottom, other.bottom) - max(y, other.y))
        let overlap = overlapWidth * overlapHeight
        let union = area + other.area - overlap
        return union > 0 ? Double(overlap) / Double(union) : 0
    }
}
