/// A point or vector in image coordinates: x to the right, y down, `Double` precision.
@frozen public struct Point: Sendable, Hashable, CustomStringConvertible {
    public var x: Double
    public var y: Double

    /// Creates a point.
    @inlinable public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }

    /// Creates a point.
    @inlinable public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin (0, 0).
    public static let zero = Point(0, 0)

    /// Euclidean length of the vector.
    @inlinable public var length: Double { (x * x + y * y).squareRoot() }

    /// Distance to another point.
    @inlinable public func distance(to other: Point) -> Double { (self - other).length }

    /// Dot product.
    @inlinable public func dot(_ other: Point) -> Double { x * other.x + y * other.y }

    /// The z component of the 3-D cross product; positive when `other` turns clockwise on screen
    /// (y down) from `self`.
    @inlinable public func cross(_ other: Point) -> Double { x * other.y - y * other.x }

    /// True when both coordinates are finite.
    @inlinable public var isFinite: Bool { x.isFinite && y.isFinite }

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    @inlinable public static func * (a: Point, s: Double) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func * (s: Double, a: Point) -> Point { Point(a.x * s, a.y * s) }
    @inlinable public static func / (a: Point, s: Double) -> Point { Point(a.x / s, a.y / s) }
    @inlinable public static prefix func - (a: Point) -> Point { Point(-a.x, -a.y) }

    public var description: String { "(\(x), \(y))" }
}
