#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Line hypotheses around a region: each side of the region's quad is replaced by one of the
/// lines that run along it, and of all such combinations the one with the best edge evidence
/// (`QuadSearch.evaluate`) is the outline. A white sheet on a pale, cluttered desk (a cable and
/// pens across it, other sheets under it) has faint sides that rank too low among the scene's
/// strong edges for the open search to pair them, but its tint sets it apart from the desk: the
/// tint region says roughly where it is, and the lines say exactly.
struct RegionGuidedSearch {
    /// Largest angle between a line and the region's side it may replace.
    let maximumTurn = 12 * Double.pi / 180
    /// Largest distance of a line from the middle of the region's side, as a fraction of the
    /// side's length (and at least `minimumReach` working pixels): the region's quad is drawn on
    /// a coarse grid from its hull, and an object lying across the border bends it.
    let reachFraction = 0.15
    let minimumReach = 4.0
    /// Most lines tried per side, nearest first (6: the SmartDoc sample's cluttered desk needs
    /// that many; 4 lost one of its pages, 8 found nothing more).
    let maximumLinesPerSide = 6

    /// The best-evidenced outline whose sides lie on `lines` near the sides of the region
    /// (`x`, `y`, working pixels, clockwise on screen), or nil when a side has no line near it or
    /// no combination makes a valid hypothesis. Sides of the region on the frame's border keep
    /// to that border.
    func outline(x: SIMD4<Double>, y: SIMD4<Double>, lines: [DetectedLine], search: QuadSearch) -> ScoredQuad? {
        let cosTurn = cos(maximumTurn)
        var candidates: [[Int]] = []
        for k in 0..<4 {
            let ax = x[k], ay = y[k], bx = x[(k + 1) % 4], by = y[(k + 1) % 4]
            let length = ((bx - ax) * (bx - ax) + (by - ay) * (by - ay)).squareRoot()
            guard length > 0 else { return nil }
            let ux = (bx - ax) / length, uy = (by - ay) / length
            let mx = (ax + bx) / 2, my = (ay + by) / 2
            let reach = max(minimumReach, reachFraction * length)
            var near: [(line: Int, distance: Double)] = []
            for (i, line) in lines.enumerated() {
                guard abs(line.dx * ux + line.dy * uy) >= cosTurn else { continue }
                let distance = abs(line.nx * mx + line.ny * my - line.rho)
                // A frame border counts only where the region's side lies on it.
                if line.isFrameBorder ? distance <= RegionCandidates.borderTolerance : distance <= reach {
                    near.append((i, distance))
                }
            }
            // Where the region's side lies on the frame's border, the page runs out of the frame.
            if near.contains(where: { lines[$0.line].isFrameBorder }) {
                near = near.filter { lines[$0.line].isFrameBorder }
            }
            guard !near.isEmpty else { return nil }
            candidates.append(near.sorted { $0.distance < $1.distance }.prefix(maximumLinesPerSide).map(\.line))
        }
        var best: ScoredQuad?
        for a in candidates[0] {
            for b in candidates[1] {
                for c in candidates[2] {
                    for d in candidates[3] {
                        guard let quad = hypothesis(sides: SIMD4(a, b, c, d), lines: lines, search: search) else { continue }
                        if quad.score > best?.score ?? -.infinity { best = quad }
                    }
                }
            }
        }
        return best
    }

    /// The hypothesis whose side k lies on line `sides[k]` (corner k where sides k − 1 and k
    /// cross), as `QuadSearch.evaluate` scores it; nil when two neighbouring sides are parallel
    /// or it cannot be a page.
    private func hypothesis(sides: SIMD4<Int>, lines: [DetectedLine], search: QuadSearch) -> ScoredQuad? {
        var x = SIMD4<Double>(), y = SIMD4<Double>()
        for k in 0..<4 {
            guard let p = lines[sides[(k + 3) % 4]].intersection(with: lines[sides[k]]) else { return nil }
            (x[k], y[k]) = p
        }
        return search.evaluate(x: x, y: y, sideLines: SIMD4(truncatingIfNeeded: sides), lines: lines)
    }
}
