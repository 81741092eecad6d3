#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// An outline may stop short of its page at a side found on print: a ruled line, the edge of a
/// table or a block of text, a fold. The paper then goes on past that side up to the page's own
/// edge, beyond which the desk begins, and the neighbouring sides run on across the strip. Such a
/// side is moved out to that edge.
extension PageEvidence {
    /// Largest angle (degrees) between the side and the page's edge beyond it: the two are
    /// parallel on the page, and converge in perspective the more the wider the strip.
    static let paperSideTurn = 8.0
    /// Lines along which the strip between the side and the page's edge is sampled.
    static let stripRows = 8
    /// Distances (working pixels) beyond the page's edge at which no paper may lie: the desk
    /// there, not the gap after a line of text, which print at the working size (a line every 4–8
    /// working pixels) would show at one of them.
    static let beyondOffsets = [Self.bandProbe, 4, 8, 12]

    /// The outline (`x`, `y`, clockwise on screen) with each side found on print moved out to the
    /// page's edge beyond it; the outline itself when no side is.
    func includingPaper(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        guard let paper = marginColour(of: WorkingQuad(x: x, y: y, confidence: 0)) else { return (x, y) }
        var x = x, y = y
        for k in 0..<4 {
            if let moved = paperSide(k, x: x, y: y, paper: paper) {
                x[k] = moved.p.x
                y[k] = moved.p.y
                x[(k + 1) % 4] = moved.q.x
                y[(k + 1) % 4] = moved.q.y
            }
        }
        return (x, y)
    }

    /// The corners of side `k` moved out to the nearest detected line past which the paper
    /// (colour `paper`) ends, or nil: the strip between is paper, the line is backed by edges, the
    /// neighbouring sides run on across the strip, and beyond the line lies something else.
    private func paperSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>, paper: SIMD3<Float>) -> (p: Point, q: Point)? {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1)
        guard !isOnFrameBorder((p.x, p.y), (q.x, q.y)), p.distance(to: q) >= 16 else { return nil }
        guard isPaper(colours(from: p, to: q, offset: ColorPlanes.marginOffset), paper) else { return nil }
        let length = p.distance(to: q)
        let u = (x: (q.x - p.x) / length, y: (q.y - p.y) / length)
        let outward = Point(u.y, -u.x)
        let before = (corner(k - 1), p), after = (q, corner(k + 2))
        let sinTurn = sin(Self.paperSideTurn * .pi / 180)
        var candidates: [(width: Double, p: Point, q: Point)] = []
        for line in lines where !line.isFrameBorder && abs(line.nx * u.x + line.ny * u.y) <= sinTurn {
            guard let np = line.crossing(before.0, before.1), let nq = line.crossing(after.0, after.1) else { continue }
            let wp = (np - p).dot(outward), wq = (nq - q).dot(outward)
            guard min(wp, wq) >= Self.bandNarrowest else { continue }
            candidates.append(((wp + wq) / 2, np, nq))
        }
        for c in candidates.sorted(by: { $0.width < $1.width }) {
            guard backed(c.p, c.q, from: 0.1, to: 0.9) >= Self.bandBacking,
                  max(backedNearby(p, c.p), backedNearby(q, c.q)) >= Self.bandBacking else { continue }
            // The strip, sampled along `stripRows` lines across its width: two lines alone may
            // run along lines of text.
            var strip: [SIMD3<Float>] = []
            for row in 0..<Self.stripRows {
                let s = (Double(row) + 0.5) / Double(Self.stripRows)
                strip += colours(from: p + (c.p - p) * s, to: q + (c.q - q) * s, offset: 0, count: 16)
            }
            // A line farther out may still be the page's edge when this one is the far edge of a
            // printed rule (the strip is the rule) or more print.
            if isPaper(strip, paper) && !paperGoesOn(past: c, paper) { return (c.p, c.q) }
        }
        return nil
    }

    /// Whether there is paper beyond the line from `line.p` to `line.q` (outward to its left) at
    /// any of `beyondOffsets`: a line of print, however dark, is thin, and paper follows it.
    private func paperGoesOn(past line: (width: Double, p: Point, q: Point), _ paper: SIMD3<Float>) -> Bool {
        Self.beyondOffsets.contains { isPaper(colours(from: line.p, to: line.q, offset: $0), paper) }
    }

    /// Whether at least `continuationShare` of `samples` (and at least one) have the paper colour.
    private func isPaper(_ samples: [SIMD3<Float>], _ paper: SIMD3<Float>) -> Bool {
        let alike = samples.filter { ColorPlanes.difference($0, paper) <= Self.continuationDifference }.count
        return !samples.isEmpty && Double(alike) >= Self.continuationShare * Double(samples.count)
    }
}
