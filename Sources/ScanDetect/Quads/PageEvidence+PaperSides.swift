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
        return movingSides(x: x, y: y) { k, x, y in paperSide(k, x: x, y: y, paper: paper) }
    }

    /// The corners of side `k` moved out to the nearest detected line past which the paper
    /// (colour `paper`) ends, or nil: the strip between is paper, the line is backed by edges, the
    /// neighbouring sides run on across the strip, and beyond the line lies something else.
    private func paperSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>, paper: SIMD3<Float>) -> (p: Point, q: Point)? {
        let p = Point(x: x[k], y: y[k]), q = Point(x: x[(k + 1) % 4], y: y[(k + 1) % 4])
        let beyond = lines(beyondSide: k, x: x, y: y, turn: Self.paperSideTurn)
        guard !beyond.isEmpty, isPaper(colours(from: p, to: q, offset: ColorPlanes.marginOffset), paper) else {
            return nil
        }
        for c in beyond {
            guard backed(c.p, c.q, from: 0.1, to: 0.9) >= Self.bandBacking,
                  max(backedNearby(p, c.p), backedNearby(q, c.q)) >= Self.bandBacking else { continue }
            let strip = stripColours(from: (p, q), to: c)
            // A line farther out may still be the page's edge when this one is the far edge of a
            // printed rule (the strip is the rule) or more print.
            if isPaper(strip, paper) && !paperGoesOn(past: c, paper) { return (c.p, c.q) }
        }
        return nil
    }

    /// Whether there is paper beyond the line from `line.p` to `line.q` (outward to its left) at
    /// any of `beyondOffsets`: a line of print, however dark, is thin, and paper follows it.
    private func paperGoesOn(past line: LineBeyond, _ paper: SIMD3<Float>) -> Bool {
        Self.beyondOffsets.contains { isPaper(colours(from: line.p, to: line.q, offset: $0), paper) }
    }

    /// Whether at least `continuationShare` of `samples` (and at least one) have the paper colour.
    func isPaper(_ samples: [SIMD3<Float>], _ paper: SIMD3<Float>) -> Bool {
        let alike = samples.filter { ColorPlanes.difference($0, paper) <= Self.continuationDifference }.count
        return !samples.isEmpty && Double(alike) >= Self.continuationShare * Double(samples.count)
    }
}
