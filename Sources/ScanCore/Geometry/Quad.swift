#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Four corners of a page in image coordinates, in the fixed order top-left, top-right,
/// bottom-right, bottom-left (clockwise on screen, y down).
///
/// A `Quad` holds whatever corners it was given; `ordered()` normalises the order and
/// `validate(in:tolerance:)` checks that the corners describe a real page.
public struct Quad: Sendable, Hashable, CustomStringConvertible {
    public var topLeft: Point
    public var topRight: Point
    public var bottomRight: Point
    public var bottomLeft: Point

    /// Creates a quad from its corners in contract order.
    public init(topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// Creates a quad from exactly four corners taken as top-left, top-right, bottom-right,
    /// bottom-left.
    /// - Throws: `GeometryError.wrongCornerCount` unless there are four.
    public init(corners: [Point]) throws(GeometryError) {
        guard corners.count == 4 else { throw .wrongCornerCount(corners.count) }
        self.init(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3])
    }

    /// The axis-aligned rectangle with its top-left corner at `origin`.
    public init(rectangleAt origin: Point = .zero, size: Size) {
        self.init(
            topLeft: origin,
            topRight: Point(origin.x + size.width, origin.y),
            bottomRight: Point(origin.x + size.width, origin.y + size.height),
            bottomLeft: Point(origin.x, origin.y + size.height))
    }

    /// The corners in contract order.
    public var corners: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// The corner at index 0…3 in contract order.
    public subscript(index: Int) -> Point {
        get {
            switch index {
            case 0: topLeft
            case 1: topRight
            case 2: bottomRight
            case 3: bottomLeft
            default: preconditionFailure("quad corner index \(index) outside 0…3")
            }
        }
        set {
            switch index {
            case 0: topLeft = newValue
            case 1: topRight = newValue
            case 2: bottomRight = newValue
            case 3: bottomLeft = newValue
            default: preconditionFailure("quad corner index \(index) outside 0…3")
            }
        }
    }

    // MARK: - Order

    /// The same four points in contract order: sorted clockwise on screen around their centroid,
    /// starting at the corner with the smallest x + y. For a self-intersecting input this untangles
    /// the corners into the convex order when one exists.
    public func ordered() -> Quad {
        let points = corners
        let centre = points.reduce(Point.zero, +) / 4
        // atan2 with y down grows clockwise on screen.
        let clockwise = points.sorted { a, b in
            angle(a - centre) < angle(b - centre)
        }
        var start = 0
        for i in 1..<4 where clockwise[i].x + clockwise[i].y < clockwise[start].x + clockwise[start].y {
            start = i
        }
        let rotated = (0..<4).map { clockwise[(start + $0) % 4] }
        return Quad(topLeft: rotated[0], topRight: rotated[1], bottomRight: rotated[2], bottomLeft: rotated[3])
    }

    private func angle(_ v: Point) -> Double {
        let a = atan2(v.y, v.x)
        return a < 0 ? a + 2 * .pi : a
    }

    // MARK: - Measures

    /// Enclosed area (≥ 0); meaningful for a simple (non-crossing) quad.
    public var area: Double { Polygon.area(corners) }

    /// The four side lengths: top, right, bottom, left.
    public var sideLengths: [Double] {
        [topLeft.distance(to: topRight), topRight.distance(to: bottomRight),
         bottomRight.distance(to: bottomLeft), bottomLeft.distance(to: topLeft)]
    }

    /// Sum of the side lengths.
    public var perimeter: Double { sideLengths.reduce(0, +) }

    /// Mean of the four corners.
    public var centroid: Point { corners.reduce(Point.zero, +) / 4 }

    /// True when the quad turns the same way at every corner.
    public var isConvex: Bool { Polygon.isConvex(corners) }

    /// True when the top and bottom sides, or the left and right sides, cross each other.
    public var hasCrossingSides: Bool {
        segmentsIntersect(topLeft, topRight, bottomRight, bottomLeft)
            || segmentsIntersect(topRight, bottomRight, bottomLeft, topLeft)
    }

    /// True when two corners coincide or a corner lies on the line through its neighbours, so the
    /// quad is really a triangle (no homography maps a rectangle onto it).
    private var hasCollinearCorners: Bool {
        let points = corners
        for i in 0..<4 {
            let incoming = points[i] - points[(i + 3) % 4], outgoing = points[(i + 1) % 4] - points[i]
            // Sine of the turn at the corner, up to rounding: zero for a straight or doubled corner.
            if abs(incoming.cross(outgoing)) <= Quad.collinearSine * incoming.length * outgoing.length { return true }
        }
        return false
    }

    /// Largest sine of the turn at a corner that still counts as a straight line (rounding only).
    private static let collinearSine = 1e-9

    /// True polygon intersection over union with another convex quad, in [0, 1].
    public func intersectionOverUnion(_ other: Quad) -> Double {
        Polygon.intersectionOverUnion(corners, other.corners)
    }

    // MARK: - Transforms

    /// Every corner multiplied by `factor` (for moving between image scales).
    public func scaled(by factor: Double) -> Quad { mapped { $0 * factor } }

    /// Every corner scaled independently in x and y.
    public func scaled(x sx: Double, y sy: Double) -> Quad { mapped { Point($0.x * sx, $0.y * sy) } }

    /// Every corner moved by `offset`.
    public func translated(by offset: Point) -> Quad { mapped { $0 + offset } }

    /// Every corner passed through `transform`, order kept.
    public func mapped(_ transform: (Point) -> Point) -> Quad {
        Quad(topLeft: transform(topLeft), topRight: transform(topRight),
             bottomRight: transform(bottomRight), bottomLeft: transform(bottomLeft))
    }

    // MARK: - Validation

    /// Checks that the corners describe a page in an image of `size` pixels: finite, in order
    /// without crossing sides, convex, enclosing at least `minimumArea` px² with four distinct
    /// corners none of which lies on the line through its neighbours, and no corner
    /// further than `tolerance` × the image's longer side outside the frame.
    /// - Parameters:
    ///   - size: the image size in pixels; `nil` skips the frame check.
    ///   - tolerance: how far outside the frame a corner may lie, as a fraction of the longer side
    ///     (0 means corners must be inside; detection allows a little for pages cut by the frame).
    ///   - minimumArea: smallest acceptable area in px².
    /// - Throws: the first `GeometryError` found.
    public func validate(in size: Size?, tolerance: Double = 0, minimumArea: Double = 16) throws(GeometryError) {
        for (i, c) in corners.enumerated() where !c.isFinite {
            throw .nonFiniteCorner(index: i)
        }
        if hasCrossingSides { throw .crossingSides }
        let area = self.area
        if area < minimumArea || hasCollinearCorners { throw .degenerate(area: area) }
        if !isConvex { throw .notConvex }
        // Clockwise on screen means positive signed area with y down.
        if Polygon.signedArea(corners) < 0 { throw .crossingSides }
        if let size {
            let margin = tolerance * max(size.width, size.height)
            for (i, c) in corners.enumerated()
            where c.x < -margin || c.y < -margin || c.x > size.width + margin || c.y > size.height + margin {
                throw .cornerOutsideImage(index: i, point: c, size: size)
            }
        }
    }

    /// True when `validate(in:tolerance:)` would not throw.
    public func isValid(in size: Size?, tolerance: Double = 0) -> Bool {
        (try? validate(in: size, tolerance: tolerance)) != nil
    }

    /// True when every corner lies inside the frame [0, width] × [0, height].
    public func isInside(_ size: Size) -> Bool {
        corners.allSatisfy { $0.x >= 0 && $0.y >= 0 && $0.x <= size.width && $0.y <= size.height }
    }

    public var description: String {
        "Quad(" + corners.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + ")"
    }
}

/// True when segments ab and cd properly cross (touching at an end does not count).
private func segmentsIntersect(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
    let d1 = (b - a).cross(c - a), d2 = (b - a).cross(d - a)
    let d3 = (d - c).cross(a - c), d4 = (d - c).cross(b - c)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}
