import ScanCore

/// An outline may stop short of its page at a side found on print (a line of text, a table's
/// rule) while the page's own edge beyond is too faint to make a line of its own: white paper on
/// a white table, where `includingPaper` finds no line to move the side to. The page's
/// neighbouring sides then run on past the side's corners as edges, up to the page's own corners,
/// since a page's side runs from corner to corner and stops. Such a side is moved out to the
/// farther of the two ends, parallel to itself on the page's plane (an edge may fade before its
/// corner, as one side of white paper on a white table often does all along). The paper past the
/// side may also lie in shade: a shadow cast on the page, or the far side of a fold.
extension PageEvidence {
    /// Shortest run-on (working pixels) that moves a side: shorter ones are a corner's blur or a
    /// side fitted a little short of its corner. (On the generator's sets, 3 places 20 pages
    /// better and 9 worse than 6, for the same mean within 0.0001; 12 places 8 better and 42
    /// worse.)
    static let runOnShortest = 6.0
    /// Largest colour difference (grey levels, largest over R, G and B) between the median just
    /// outside the side and the paper for the side to lie on the paper: paper on both sides, as
    /// alike as paper in shade is to the paper dimmed (`shadeTint`). Past a page's own side lies
    /// the desk; a pale cloth, wood or a grey desk whose texture runs on along a neighbouring
    /// side differ by more. (On the generator's sets, with lit paper alone: at 6, 49 pages placed
    /// better and 7 worse by more than 0.005 in JI; at 12, 88 and 11; at 18, 98 and 18; at 24,
    /// 113 and 25, for the same pooled mean within 0.0002 from 12 on. With no such check, 171 and
    /// 129: a page's side on pale cloth or wood moved out along a grain running on from its sides.)
    static let runOnPaperDifference = 12.0

    /// The outline (`x`, `y`, clockwise on screen) with each side on the paper that its
    /// neighbouring sides run on past moved out to where they end; the outline itself when no
    /// side is.
    func includingRunOn(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        guard let paper = marginColour(of: WorkingQuad(x: x, y: y, confidence: 0)) else { return (x, y) }
        return movingSides(x: x, y: y) { k, x, y in runOnSide(k, x: x, y: y, paper: paper) }
    }

    /// The corners of side `k` moved out to the farther end of the edges running on along its
    /// neighbouring sides (`runOn`), parallel to the side on the page's plane (through the
    /// vanishing point of the side and the side across from it), or nil: the margin just outside
    /// the side is the paper (colour `paper`, within `runOnPaperDifference`), or the paper in
    /// shade (`isShaded`: a shadow cast on the page, the far side of a fold) where both
    /// neighbouring sides run on, a neighbouring side runs on by at least `runOnShortest`, the
    /// moved corners lie in the frame at least `bandNarrowest` out, and the strip between is
    /// paper, lit or in shade.
    private func runOnSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>, paper: SIMD3<Float>) -> (p: Point, q: Point)? {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1)
        guard !isOnFrameBorder((p.x, p.y), (q.x, q.y)),
              let outside = median(colours(from: p, to: q, offset: ColorPlanes.marginOffset)) else { return nil }
        let lit = ColorPlanes.difference(outside, paper) <= Self.runOnPaperDifference
        guard lit || Self.isShaded(outside, paper) else { return nil }
        let side = q - p
        let away = Point(side.y, -side.x) / max(1e-9, side.length)
        let ends = [runOn(from: corner(k - 1), past: p), runOn(from: corner(k + 2), past: q)].compactMap { $0 }
        // Shade is taken for paper only where both sides run on (as `includingPaper` takes it).
        guard lit || ends.count == 2 else { return nil }
        guard let far = ends.max(by: { ($0 - p).dot(away) < ($1 - p).dot(away) }) else { return nil }
        let line = { (a: Point, b: Point) in HomogeneousVector(a).cross(HomogeneousVector(b)) }
        let closing: HomogeneousVector
        if let vanishing = line(p, q).cross(line(corner(k + 2), corner(k + 3))).point {
            closing = line(far, vanishing)
        } else {
            closing = line(far, far + side)
        }
        guard let np = closing.cross(line(corner(k - 1), p)).point,
              let nq = closing.cross(line(corner(k + 2), q)).point,
              isInFrame(np), isInFrame(nq) else { return nil }
        let outer = LineBeyond(p: np, q: nq, widths: ((np - p).dot(away), (nq - q).dot(away)))
        guard min(outer.widths.p, outer.widths.q) >= Self.bandNarrowest else { return nil }
        let strip = stripColours(from: (p, q), to: outer)
        guard Self.isPaper(strip, paper) || Self.isPaperInShade(strip, paper) else { return nil }
        return (np, nq)
    }

    /// Where the edge along the side from `start` to `corner` ends when followed on past the
    /// corner: the step at which its backed steps less its unbacked ones add up to most, as
    /// `DetectedLine.run(from:direction:)` finds a side's end; nil when that is under
    /// `runOnShortest` or within `borderTolerance` of the frame's border (a page the frame cuts
    /// runs on out of it).
    private func runOn(from start: Point, past corner: Point) -> Point? {
        let length = corner.distance(to: start)
        guard length >= 1 else { return nil }
        let u = (corner - start) / length
        var sum = 0, best = 0, bestSteps = 0, step = 0
        while isInFrame(corner + u * (Double(step) + 0.5)) {
            let backed = backedFraction(from: (corner.x, corner.y), direction: (u.x, u.y), start: Double(step),
                                        end: Double(step + 1)) > 0
            sum += backed ? 1 : -1
            step += 1
            if sum > best { (best, bestSteps) = (sum, step) }
        }
        let end = corner + u * Double(bestSteps)
        let width = Double(planes.width), height = Double(planes.height)
        guard Double(bestSteps) >= Self.runOnShortest, end.x >= Self.borderTolerance, end.y >= Self.borderTolerance,
              end.x <= width - Self.borderTolerance, end.y <= height - Self.borderTolerance else { return nil }
        return end
    }

    /// Whether `p` lies in the working frame.
    private func isInFrame(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < Double(planes.width) && p.y < Double(planes.height)
    }
}
