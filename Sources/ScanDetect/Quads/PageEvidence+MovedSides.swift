#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// What moving an outline's sides shares (outward: `includingPaper`, `includingBands`; inward:
/// `excludingTable`): the detected lines beyond a side or within it, and the outline with its
/// sides moved one after another.
extension PageEvidence {
    /// A detected line beyond a side (or within it): where it crosses the lines of the
    /// neighbouring sides (`p` on the side's first corner's, `q` on its second's) and how far
    /// outside the side (or inside it) each crossing lies (working pixels).
    struct LineBeyond {
        let p: Point
        let q: Point
        let widths: (p: Double, q: Double)
        var width: Double { (widths.p + widths.q) / 2 }
    }

    /// The outline (`x`, `y`, clockwise on screen) with each side `k`, in turn, given the corners
    /// `moved(k, x, y)` returns for it, where it returns any.
    func movingSides(x: SIMD4<Double>, y: SIMD4<Double>,
                     _ moved: (Int, SIMD4<Double>, SIMD4<Double>) -> (p: Point, q: Point)?)
        -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        var x = x, y = y
        for k in 0..<4 {
            if let corners = moved(k, x, y) {
                x[k] = corners.p.x
                y[k] = corners.p.y
                x[(k + 1) % 4] = corners.q.x
                y[(k + 1) % 4] = corners.q.y
            }
        }
        return (x, y)
    }

    /// The detected lines (frame borders left out) within `turn` degrees of side `k` of the
    /// outline that lie at least `bandNarrowest` outside it at both ends (inside it, when
    /// `inward`), nearest first; none for a side on the frame's border or shorter than 16 working
    /// pixels. `widths` are then measured inward.
    func lines(beyondSide k: Int, x: SIMD4<Double>, y: SIMD4<Double>, turn: Double,
               inward: Bool = false) -> [LineBeyond] {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1)
        let length = p.distance(to: q)
        guard !isOnFrameBorder((p.x, p.y), (q.x, q.y)), length >= 16 else { return [] }
        let u = (x: (q.x - p.x) / length, y: (q.y - p.y) / length)
        // The direction in which the widths are measured.
        let away = inward ? Point(-u.y, u.x) : Point(u.y, -u.x)
        let before = (corner(k - 1), p), after = (q, corner(k + 2))
        let sinTurn = sin(turn * .pi / 180)
        var beyond: [LineBeyond] = []
        for line in lines where !line.isFrameBorder && abs(line.nx * u.x + line.ny * u.y) <= sinTurn {
            guard let np = line.crossing(before.0, before.1), let nq = line.crossing(after.0, after.1) else { continue }
            let wp = (np - p).dot(away), wq = (nq - q).dot(away)
            if min(wp, wq) >= Self.bandNarrowest { beyond.append(LineBeyond(p: np, q: nq, widths: (wp, wq))) }
        }
        return beyond.sorted { $0.width < $1.width }
    }
}
