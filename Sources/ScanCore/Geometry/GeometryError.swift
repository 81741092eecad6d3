/// Why a set of corners cannot describe a page.
public enum GeometryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer or more than four corners were given.
    case wrongCornerCount(Int)
    /// A coordinate is NaN or infinite.
    case nonFiniteCorner(index: Int)
    /// Two sides cross each other, so the corners do not go round the page in order.
    case crossingSides
    /// The quad is not convex (one corner points inwards).
    case notConvex
    /// The quad has (almost) no area, or two corners coincide.
    case degenerate(area: Double)
    /// A corner lies further outside the image than allowed.
    case cornerOutsideImage(index: Int, point: Point, size: Size)

    public var description: String {
        switch self {
        case .wrongCornerCount(let n):
            "expected 4 corners, got \(n); give [[x,y],[x,y],[x,y],[x,y]] as top-left, top-right, bottom-right, bottom-left"
        case .nonFiniteCorner(let i):
            "corner \(i + 1) is not a finite number; give pixel coordinates"
        case .crossingSides:
            "the corners' sides cross each other; list them in order around the page (top-left, top-right, bottom-right, bottom-left)"
        case .notConvex:
            "the corners do not form a convex quadrilateral; move the inward-pointing corner out"
        case .degenerate(let area):
            "the corners enclose almost no area (\(Self.whole(area)) px²); spread them out over the page"
        case .cornerOutsideImage(let i, let p, let size):
            "corner \(i + 1) at (\(Self.whole(p.x)), \(Self.whole(p.y))) lies outside the \(Self.whole(size.width))×\(Self.whole(size.height)) image; move it inside"
        }
    }

    /// A coordinate or area rounded for a message. Values an `Int` cannot hold (corners of 1e300
    /// pixels, the infinite area such corners enclose, NaN) are written as they are, because
    /// converting them would trap — and these messages describe exactly such hostile input.
    static func whole(_ value: Double) -> String {
        guard value.isFinite, value.magnitude < 1e15 else { return "\(value)" }
        return String(Int(value.rounded()))
    }
}
