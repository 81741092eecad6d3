import ScanCore

/// True when `a` and `b` differ by at most `tolerance`.
public func isClose(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// True when the two points are at most `tolerance` apart.
public func isClose(_ a: Point, _ b: Point, tolerance: Double) -> Bool {
    a.distance(to: b) <= tolerance
}

/// True when corresponding corners of the two quads are at most `tolerance` apart.
public func isClose(_ a: Quad, _ b: Quad, tolerance: Double) -> Bool {
    zip(a.corners, b.corners).allSatisfy { isClose($0, $1, tolerance: tolerance) }
}

/// True when the two homographies are equal up to scale: both are scaled so their largest entry
/// is 1 (sign included) and then compared entry by entry.
public func isClose(_ a: Homography, _ b: Homography, tolerance: Double) -> Bool {
    func normalised(_ h: Homography) -> [Double] {
        let largest = h.matrix.max { abs($0) < abs($1) } ?? 1
        return h.matrix.map { $0 / largest }
    }
    return zip(normalised(a), normalised(b)).allSatisfy { abs($0 - $1) <= tolerance }
}
