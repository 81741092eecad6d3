/// A planar projective transform: a 3×3 matrix acting on homogeneous points (x, y, 1).
public struct Homography: Sendable, Hashable, CustomStringConvertible {
    /// The matrix, row-major; `matrix[8]` is the bottom-right entry.
    public var matrix: [Double]

    /// Creates a homography from a row-major 3×3 matrix.
    public init(matrix: [Double]) {
        precondition(matrix.count == 9, "a homography needs 9 entries")
        self.matrix = matrix
    }

    /// The identity transform.
    public static let identity = Homography(matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The homography that maps each `source[i]` onto `destination[i]`, by the normalised direct
    /// linear transform (Hartley): both point sets are moved to their centroid and scaled to a mean
    /// distance of √2 before solving, which keeps the system well conditioned at pixel scales.
    ///
    /// Returns nil when the points are degenerate (three of either set collinear, or coincident).
    public init?(from source: [Point], to destination: [Point]) {
        precondition(source.count == 4 && destination.count == 4, "a homography from point pairs needs exactly 4 pairs")
        guard let (sourceNormalised, toSource) = Homography.normalise(source),
              let (destinationNormalised, toDestination) = Homography.normalise(destination),
              !Homography.hasThreeCollinear(sourceNormalised), !Homography.hasThreeCollinear(destinationNormalised)
        else { return nil }
        guard let core = Homography.solveFourPairs(sourceNormalised, destinationNormalised),
              let fromDestination = toDestination.inverted()
        else { return nil }
        // Undo the normalisation: H = T_dst⁻¹ · Ĥ · T_src.
        let h = fromDestination * core * toSource
        guard h.matrix.allSatisfy(\.isFinite), abs(h.matrix[8]) > 1e-300 else { return nil }
        self = h.scaled(1 / h.matrix[8])
    }

    /// The homography taking quad `source` to quad `destination`, corner by corner.
    public init?(mapping source: Quad, to destination: Quad) {
        self.init(from: source.corners, to: destination.corners)
    }

    /// Applies the transform to a point; the result is non-finite when the point maps to infinity.
    @inlinable
    public func apply(_ p: Point) -> Point {
        let m = matrix
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// The inverse transform, or nil when the matrix is singular.
    public func inverted() -> Homography? {
        let m = matrix
        let c00 = m[4] * m[8] - m[5] * m[7]
        let c01 = m[5] * m[6] - m[3] * m[8]
        let c02 = m[3] * m[7] - m[4] * m[6]
        let determinant = m[0] * c00 + m[1] * c01 + m[2] * c02
        let largest = m.map(abs).max() ?? 0
        guard determinant.isFinite, abs(determinant) > 1e-14 * largest * largest * largest else { return nil }
        let inverse = [
            c00, m[2] * m[7] - m[1] * m[8], m[1] * m[5] - m[2] * m[4],
            c01, m[0] * m[8] - m[2] * m[6], m[2] * m[3] - m[0] * m[5],
            c02, m[1] * m[6] - m[0] * m[7], m[0] * m[4] - m[1] * m[3],
        ].map { $0 / determinant }
        return Homography(matrix: inverse)
    }

    /// The composition `lhs ∘ rhs`: apply `rhs` first, then `lhs`.
    public static func * (lhs: Homography, rhs: Homography) -> Homography {
        let a = lhs.matrix, b = rhs.matrix
        var c = [Double](repeating: 0, count: 9)
        for row in 0..<3 {
            for column in 0..<3 {
                c[row * 3 + column] = a[row * 3] * b[column] + a[row * 3 + 1] * b[3 + column] + a[row * 3 + 2] * b[6 + column]
            }
        }
        return Homography(matrix: c)
    }

    /// The same transform with every entry multiplied by `factor`.
    public func scaled(_ factor: Double) -> Homography { Homography(matrix: matrix.map { $0 * factor }) }

    public var description: String { "Homography(\(matrix))" }

    // MARK: - Solving

    /// Moves points to their centroid and scales them to mean distance √2; returns the moved points
    /// and the similarity that did it, or nil when all points coincide.
    private static func normalise(_ points: [Point]) -> ([Point], Homography)? {
        guard points.allSatisfy(\.isFinite) else { return nil }
        let centre = points.reduce(Point.zero, +) / Double(points.count)
        let meanDistance = points.map { $0.distance(to: centre) }.reduce(0, +) / Double(points.count)
        guard meanDistance > 0 else { return nil }
        let s = 2.0.squareRoot() / meanDistance
        let transform = Homography(matrix: [s, 0, -s * centre.x, 0, s, -s * centre.y, 0, 0, 1])
        return (points.map { transform.apply($0) }, transform)
    }

    /// Smallest |cross product| of two sides of a triangle of normalised points (mean distance √2
    /// from their centroid) that still counts as a triangle; below it three points are collinear.
    private static let collinearityTolerance = 1e-9

    /// True when three of the four normalised points are collinear (or two coincide). The linear
    /// system alone does not always notice: with a degenerate destination it can still be solved,
    /// giving a singular matrix that squashes the plane onto a line.
    private static func hasThreeCollinear(_ points: [Point]) -> Bool {
        for skipped in 0..<4 {
            let triangle = (0..<4).filter { $0 != skipped }.map { points[$0] }
            let twiceArea = (triangle[1] - triangle[0]).cross(triangle[2] - triangle[0])
            if abs(twiceArea) <= collinearityTolerance { return true }
        }
        return false
    }

    /// Solves the 8×8 system for h with h₃₃ = 1 by Gaussian elimination with partial pivoting.
    private static func solveFourPairs(_ source: [Point], _ destination: [Point]) -> Homography? {
        var a = [Double](repeating: 0, count: 8 * 9)  // augmented 8×9
        for i in 0..<4 {
            let (x, y) = (source[i].x, source[i].y)
            let (u, v) = (destination[i].x, destination[i].y)
            let r1 = (2 * i) * 9, r2 = (2 * i + 1) * 9
            a.replaceSubrange(r1..<r1 + 9, with: [x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            a.replaceSubrange(r2..<r2 + 9, with: [0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for column in 0..<8 {
            var pivot = column
            for row in column + 1..<8 where abs(a[row * 9 + column]) > abs(a[pivot * 9 + column]) {
                pivot = row
            }
            guard abs(a[pivot * 9 + column]) > 1e-10 else { return nil }
            if pivot != column {
                for k in 0..<9 { a.swapAt(pivot * 9 + k, column * 9 + k) }
            }
            let diagonal = a[column * 9 + column]
            for row in 0..<8 where row != column {
                let factor = a[row * 9 + column] / diagonal
                if factor == 0 { continue }
                for k in column..<9 { a[row * 9 + k] -= factor * a[column * 9 + k] }
            }
        }
        var h = (0..<8).map { a[$0 * 9 + 8] / a[$0 * 9 + $0] }
        h.append(1)
        return Homography(matrix: h)
    }
}
