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

    /// The outline's extent across side `k` (working pixels): its opposite corners' mean distance
    /// from the side's line; nil for a side of no length.
    func extent(acrossSide k: Int, x: SIMD4<Double>, y: SIMD4<Double>) -> Double? {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1)
        let length = p.distance(to: q)
        guard length > 0 else { return nil }
        let inward = Point(-(q.y - p.y) / length, (q.x - p.x) / length)
        return ((corner(k + 2) - p).dot(inward) + (corner(k + 3) - p).dot(inward)) / 2
    }

    /// The colours of the strip between side `inner` and the line `outer` beyond or within it,
    /// sampled along `stripRows` lines across its width (two alone may run along lines of text).
    func stripColours(from inner: (p: Point, q: Point), to outer: LineBeyond) -> [SIMD3<Float>] {
        (0..<Self.stripRows).flatMap { row in
            let s = (Double(row) + 0.5) / Double(Self.stripRows)
            return colours(from: inner.p + (outer.p - inner.p) * s, to: inner.q + (outer.q - inner.q) * s,
                           offset: 0, count: 16)
        }
    }

    /// The colours just outside each observed side of the outline but side `k`: the table around
    /// the page, one list a side.
    func tableColours(aroundSidesBut k: Int, x: SIMD4<Double>, y: SIMD4<Double>) -> [[SIMD3<Float>]] {
        observedSides(x: x, y: y).filter { $0.k != k }.map { side in
            colours(from: Point(x: side.p.x, y: side.p.y), to: Point(x: side.q.x, y: side.q.y), offset: Self.bandProbe)
        }
    }
}
