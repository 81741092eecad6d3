/// Estimates the true width / height ratio of a rectangular page from its four corners in a
/// photo, with the pinhole camera model of Zhang & He ("Whiteboard scanning and image
/// enhancement", 2007): the principal point is assumed at the image centre and pixels square.
///
/// When the page is tilted about both of its axes the two vanishing points fix the focal length,
/// and the ratio follows exactly. When one pair of sides is (nearly) parallel in the photo the
/// focal length cannot be recovered; the estimator then uses the caller's focal length (from
/// EXIF) or a typical phone lens, and the ratio is still right when that focal length is.
public struct AspectRatioEstimator: Sendable {
    /// The focal length in pixels when known (e.g. from EXIF), used when the quad does not fix
    /// it; nil assumes a typical phone camera (see `assumedFocalLengthPerDiagonal`).
    public var focalLengthHint: Double?

    /// The focal length assumed without a hint, as a fraction of the image diagonal: 0.6
    /// corresponds to a 26 mm-equivalent lens, the main camera of most phones. Higher: better for
    /// telephoto shots; lower: better for wide-angle ones.
    public var assumedFocalLengthPerDiagonal: Double = PhoneCamera.focalLengthPerDiagonal

    /// How far out of the image plane both page axes must lean before the focal length is
    /// trusted: tan(lean) × diagonal / focal length, so 0.1 is about 3.5° with a phone lens.
    /// Higher: falls back more often but never trusts a focal length fitted to noise; lower:
    /// recovers the focal length from gentler perspective.
    public var minimumPerspective: Double = 0.1

    /// The plausible range of a recovered focal length, as multiples of the image diagonal;
    /// outside it the estimate is taken for noise and the fallback used.
    public var plausibleFocalLengthPerDiagonal: ClosedRange<Double> = 0.2...5

    /// Creates an estimator.
    /// - Parameter focalLengthHint: the camera's focal length in pixels, when known.
    public init(focalLengthHint: Double? = nil) {
        self.focalLengthHint = focalLengthHint
    }

    /// How the ratio was obtained.
    public enum Method: Sendable, Hashable {
        /// The focal length was recovered from the quad's two vanishing points.
        case recoveredFocalLength
        /// The quad was (nearly) parallel on one axis; the hinted or assumed focal length was used.
        case assumedFocalLength
        /// The projective solution failed; the ratio of the mean opposite side lengths was used.
        case sideLengths
    }

    /// The result of an estimate.
    public struct Estimate: Sendable, Hashable {
        /// Page width / height (top side to left side), > 0.
        public var aspectRatio: Double
        /// The focal length in pixels used for the ratio; nil for `.sideLengths`.
        public var focalLength: Double?
        /// How the ratio was obtained.
        public var method: Method
    }

    /// Estimates the aspect ratio of the rectangle seen as `quad` in an image of `imageSize`.
    /// - Parameters:
    ///   - quad: the corners in contract order (top-left, top-right, bottom-right, bottom-left).
    ///   - imageSize: the photo's size in pixels; its centre is taken as the principal point.
    /// - Returns: the estimate; falls back to side lengths for degenerate quads rather than failing.
    public func estimate(_ quad: Quad, imageSize: Size) -> Estimate {
        let centre = Point(imageSize.width / 2, imageSize.height / 2)
        let diagonal = (imageSize.width * imageSize.width + imageSize.height * imageSize.height).squareRoot()
        let fallback = sideLengthEstimate(quad)
        // Work in units of the diagonal so the homogeneous coordinates are balanced.
        let scale = diagonal > 0 ? 1 / diagonal : 1
        func homogeneous(_ p: Point) -> HomogeneousVector { HomogeneousVector((p.x - centre.x) * scale, (p.y - centre.y) * scale, 1) }
        let m1 = homogeneous(quad.topLeft), m2 = homogeneous(quad.topRight)
        let m3 = homogeneous(quad.bottomLeft), m4 = homogeneous(quad.bottomRight)

        // Zhang & He, eq. (11)–(12): n2 and n3 are the images of the page's x and y axes.
        let m14 = m1.cross(m4)
        let d2 = m2.cross(m4).dot(m3), d3 = m3.cross(m4).dot(m2)
        guard abs(d2) > 1e-12, abs(d3) > 1e-12 else { return fallback }
        let k2 = m14.dot(m3) / d2, k3 = m14.dot(m2) / d3
        let n2 = m2 * k2 - m1, n3 = m3 * k3 - m1
        guard n2.isFinite, n3.isFinite else { return fallback }

        let planar2 = (n2.x * n2.x + n2.y * n2.y).squareRoot(), planar3 = (n3.x * n3.x + n3.y * n3.y).squareRoot()
        guard planar2 > 0, planar3 > 0 else { return fallback }
        var focal: Double?  // in diagonal units
        let leans = abs(n2.z) / planar2 >= minimumPerspective && abs(n3.z) / planar3 >= minimumPerspective
        if leans {
            let squared = -(n2.x * n3.x + n2.y * n3.y) / (n2.z * n3.z)
            if squared > 0, plausibleFocalLengthPerDiagonal.contains(squared.squareRoot()) {
                focal = squared.squareRoot()
            }
        }
        let method: Method = focal == nil ? .assumedFocalLength : .recoveredFocalLength
        let f = focal ?? (focalLengthHint.map { $0 * scale } ?? assumedFocalLengthPerDiagonal)
        guard f > 0, f.isFinite else { return fallback }
        // Zhang & He, eq. (20): (w/h)² = (n2ᵀ A⁻ᵀA⁻¹ n2) / (n3ᵀ A⁻ᵀA⁻¹ n3) with A = diag(f, f, 1).
        let numerator = (planar2 * planar2) / (f * f) + n2.z * n2.z
        let denominator = (planar3 * planar3) / (f * f) + n3.z * n3.z
        let ratio = (numerator / denominator).squareRoot()
        guard ratio.isFinite, ratio > 0 else { return fallback }
        return Estimate(aspectRatio: ratio, focalLength: f * diagonal, method: method)
    }

    /// The ratio of the mean horizontal to the mean vertical side length.
    private func sideLengthEstimate(_ quad: Quad) -> Estimate {
        let sides = quad.sideLengths
        let horizontal = (sides[0] + sides[2]) / 2, vertical = (sides[1] + sides[3]) / 2
        return Estimate(aspectRatio: vertical > 0 ? horizontal / vertical : 1, focalLength: nil, method: .sideLengths)
    }
}
