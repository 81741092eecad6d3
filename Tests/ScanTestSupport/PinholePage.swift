import ScanCore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An A4 page (210 × 297 units) lying on a plane in front of a pinhole camera, for tests of
/// perspective: tipped back by `tilt` and turned by `turn` in its plane, its near-left corner at
/// `origin` in camera space (x right, y down, z forward, in the page's units). Page point (u, v)
/// runs across the page and up it, away from the camera, from that corner.
public struct PinholePage: Sendable {
    /// The camera's focal length in pixels.
    public let focalLength: Double
    /// The principal point (the photo's centre).
    public let centre: Point
    private let across: SIMD3<Double>
    private let along: SIMD3<Double>
    private let origin: SIMD3<Double>

    /// A page seen by a camera of `focalLength` pixels centred on `centre`; angles in degrees.
    public init(focalLength: Double, centre: Point, tiltDegrees: Double, turnDegrees: Double, origin: SIMD3<Double>) {
        let tilt = tiltDegrees * Double.pi / 180, turn = turnDegrees * Double.pi / 180
        self.focalLength = focalLength
        self.centre = centre
        across = SIMD3(cos(turn), sin(turn) * cos(tilt), -sin(turn) * sin(tilt))
        along = SIMD3(sin(turn), -cos(turn) * cos(tilt), cos(turn) * sin(tilt))
        self.origin = origin
    }

    /// The photo point of page point (u, v).
    public func project(_ u: Double, _ v: Double) -> Point {
        let X = origin + across * u + along * v
        return Point(focalLength * X.x / X.z + centre.x, focalLength * X.y / X.z + centre.y)
    }

    /// The page's corners in the photo: near (v = 0, the photo's lower part) and far (v = 297).
    public var nearLeft: Point { project(0, 0) }
    public var nearRight: Point { project(210, 0) }
    public var farRight: Point { project(210, 297) }
    public var farLeft: Point { project(0, 297) }

    /// Where the segment from `p` to `q` crosses the frame's top border (y = 0): what a photo
    /// shows of a side running out of it.
    public static func topCrossing(_ p: Point, _ q: Point) -> Point {
        let t = p.y / (p.y - q.y)
        return Point(p.x + (q.x - p.x) * t, 0)
    }
}
