/// A 3-vector for projective geometry: a point (x, y, 1) or a line of the image plane, or a
/// direction in camera space. The cross product of two points is the line through them, of two
/// lines the point where they meet.
public struct HomogeneousVector: Sendable, Hashable {
    public var x, y, z: Double

    /// Creates a vector from its three components.
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The image point `p`, (p.x, p.y, 1).
    public init(_ p: Point) {
        self.init(p.x, p.y, 1)
    }

    /// The cross product: the line through two points, or the meeting point of two lines.
    public func cross(_ o: HomogeneousVector) -> HomogeneousVector {
        HomogeneousVector(y * o.z - z * o.y, z * o.x - x * o.z, x * o.y - y * o.x)
    }

    /// The dot product.
    public func dot(_ o: HomogeneousVector) -> Double { x * o.x + y * o.y + z * o.z }

    /// The Euclidean length.
    public var length: Double { dot(self).squareRoot() }

    /// True when every component is finite.
    public var isFinite: Bool { x.isFinite && y.isFinite && z.isFinite }

    /// The image point (x / z, y / z), or nil for a point at infinity (|z| ≤ 10⁻¹²) or one
    /// that is not finite.
    public var point: Point? {
        guard abs(z) > 1e-12 else { return nil }
        let p = Point(x / z, y / z)
        return p.x.isFinite && p.y.isFinite ? p : nil
    }

    public static func * (v: HomogeneousVector, s: Double) -> HomogeneousVector { HomogeneousVector(v.x * s, v.y * s, v.z * s) }
    public static func / (v: HomogeneousVector, s: Double) -> HomogeneousVector { HomogeneousVector(v.x / s, v.y / s, v.z / s) }
    public static func + (a: HomogeneousVector, b: HomogeneousVector) -> HomogeneousVector { HomogeneousVector(a.x + b.x, a.y + b.y, a.z + b.z) }
    public static func - (a: HomogeneousVector, b: HomogeneousVector) -> HomogeneousVector { HomogeneousVector(a.x - b.x, a.y - b.y, a.z - b.z) }
}
