#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The ink pixels of a small binarised page, as coordinates, with projection-profile measures
/// over candidate line angles.
struct InkPoints: Sendable {
    var xs: [Float]
    var ys: [Float]
    /// Size of the frame the points live in.
    var width: Int
    var height: Int

    var count: Int { xs.count }

    /// The same points in the frame of the page turned 90° clockwise: (x, y) → (h − 1 − y, x).
    func turnedClockwise() -> InkPoints {
        InkPoints(xs: ys.map { Float(height - 1) - $0 }, ys: xs, width: height, height: width)
    }

    /// The row profile along lines tilted clockwise by `degrees`: ink count per 1-pixel band of
    /// `y·cos θ − x·sin θ`, and the band index of the first entry.
    func profile(degrees: Double) -> (bins: [Int], origin: Int) {
        let radians = degrees * .pi / 180
        let c = Float(cos(radians)), s = Float(sin(radians))
        let margin = Int((Double(width) * abs(sin(radians))).rounded(.up)) + 2
        let origin = -margin
        // Offset so the rounded coordinate is never negative and truncation rounds.
        let shift = Float(margin) + 0.5
        var bins = [Int](repeating: 0, count: height + 2 * margin + 2)
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                bins.withUnsafeMutableBufferPointer { bins in
                    for i in 0..<xs.count {
                        let u = Int(ys[i] * c - xs[i] * s + shift)
                        if u < bins.count { bins[u] += 1 }
                    }
                }
            }
        }
        return (bins, origin)
    }

    /// Squared coefficient of variation of the profile over its inked extent: high when the ink
    /// gathers in narrow bands (text lines seen along their direction), low across them.
    static func sharpness(_ bins: [Int]) -> Double {
        guard let first = bins.firstIndex(where: { $0 > 0 }), let last = bins.lastIndex(where: { $0 > 0 }) else { return 0 }
        var sum = 0.0, squares = 0.0
        for i in first...last {
            let v = Double(bins[i])
            sum += v
            squares += v * v
        }
        let n = Double(last - first + 1)
        return n * squares / (sum * sum) - 1
    }

    /// The tilt in `-limit…limit` degrees whose profile is sharpest, found on a coarse grid and refined.
    func bestAngle(limit: Double, coarseStep: Double, fineStep: Double) -> (degrees: Double, sharpness: Double) {
        var best = (degrees: 0.0, sharpness: InkPoints.sharpness(profile(degrees: 0).bins))
        var angle = -limit
        while angle <= limit + 1e-9 {
            let score = InkPoints.sharpness(profile(degrees: angle).bins)
            if score > best.sharpness { best = (angle, score) }
            angle += coarseStep
        }
        let centre = best.degrees
        angle = centre - coarseStep
        while angle <= centre + coarseStep + 1e-9 {
            if abs(angle) <= limit {
                let score = InkPoints.sharpness(profile(degrees: angle).bins)
                if score > best.sharpness { best = (angle, score) }
            }
            angle += fineStep
        }
        return best
    }
}
