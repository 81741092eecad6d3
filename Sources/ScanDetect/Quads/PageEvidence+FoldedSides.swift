#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// A page folded across lies as two panels that meet at the crease, each tilted its own way:
/// its sides bend there, and the outline may stop at the crease, a long straight step with
/// paper (lit or in shade) on both sides. Where no neighbouring side runs straight on past the
/// side's corners (`includingRunOn`), each is followed on in the edge map turned by up to
/// `foldTurns`' largest angle; the side moves out to where both bent run-ons end when the far
/// panel shows itself as the same page:
/// - each bent run-on is at least `foldedRunOnShare` of its side long, and the colour steps
///   across it at least `foldStepShare` as much as across the side itself (the page's edge
///   against the surface, where a grain, a stripe or a tile joint followed on has the same
///   surface on both sides);
/// - the side's own step is at least `foldSideContrast` (on white paper on a white table the
///   steps are noise);
/// - the far side joining the two ends lies within `foldParallel` of the crease (a page's side
///   is parallel to the fold), and the outline stays convex.
///
/// On the generator's sets this moved the crease of 3 folded pages out to the far panel's side
/// (JI 0.60, 0.53, 0.47 to 0.98, 0.93, 0.78) and placed no page worse or false positive
/// differently (15 sets, seed 12's negatives, the SmartDoc sample at both sizes). With none of
/// these tests, bent run-ons placed 24 pages better and 86 worse (moved onto wood, cloth,
/// tiles). A step share of 0.5 adds a folded page (0.46 to 0.94) and places a page on cloth worse
/// (1.00 to 0.79); run-ons 0.15 of their side long place a page on tiles worse (0.95 to 0.77);
/// with a step share of 0.5, no contrast floor placed a page on a white table worse (0.96 to
/// 0.58) and 15° rather than 10° a receipt on tiles (0.74 to 0.42). Run-ons read from the
/// gradient as well (`RunOnReading.gradient`) moved no other side, for 1.4 % more instructions
/// on seed 10's first 40 photos (the edge map's alone, 0.4 %).
extension PageEvidence {
    /// Turns (cosine, sine) a neighbouring side is followed on by past a crease: ±6° to ±24°.
    static let foldTurns: [(cos: Double, sin: Double)] = [-24.0, -18, -12, -6, 6, 12, 18, 24].map {
        (cos($0 * .pi / 180), sin($0 * .pi / 180))
    }
    /// Shortest bent run-on, as a share of the side it runs on from: a fold lies well within
    /// the page, and short turns off a corner are the surface's texture.
    static let foldedRunOnShare = 0.2
    /// Least colour step across a bent run-on, as a share of the step across its side.
    static let foldStepShare = 0.7
    /// Least colour step (grey levels, largest over R, G and B) across the side a run-on
    /// bends from for the step along the run-on to be weighed.
    static let foldSideContrast = 12.0
    /// Least cosine between the far side and the crease (10°).
    static let foldParallel = 0.985

    /// The corners of the folded page's far panel beyond side `k` of the outline (`x`, `y`,
    /// clockwise on screen), where its two neighbouring sides end when followed on past the side
    /// bent at the crease (`bentRunOn`), or nil when they do not show the far panel of the same
    /// page (see above).
    func foldedPanel(beyondSide k: Int, x: SIMD4<Double>, y: SIMD4<Double>) -> (p: Point, q: Point)? {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1), before = corner(k - 1), after = corner(k + 2)
        guard let farP = bentRunOn(from: before, past: p), isInFrame(farP),
              farP.distance(to: p) >= Self.foldedRunOnShare * p.distance(to: before),
              stepsLikeItsSide(from: p, to: farP, side: (before, p)),
              let farQ = bentRunOn(from: after, past: q), isInFrame(farQ),
              farQ.distance(to: q) >= Self.foldedRunOnShare * q.distance(to: after),
              stepsLikeItsSide(from: farQ, to: q, side: (q, after))
        else { return nil }
        let crease = q - p, farSide = farQ - farP
        guard farSide.dot(crease) >= Self.foldParallel * farSide.length * crease.length else { return nil }
        let outline = (0..<4).map(corner)
        var folded = outline
        folded[k] = farP
        folded[(k + 1) % 4] = farQ
        guard Polygon.isConvex(folded), Polygon.signedArea(folded) * Polygon.signedArea(outline) > 0 else { return nil }
        return (farP, farQ)
    }

    /// Where the edge along the side from `start` to `corner` ends when followed on past the
    /// corner turned by each of `foldTurns` (`runOn`, in the edge map): the end farthest from the
    /// corner, nil when no turn runs on.
    private func bentRunOn(from start: Point, past corner: Point) -> Point? {
        let side = corner - start
        var farthest: Point?, length = 0.0
        for turn in Self.foldTurns {
            let turned = Point(side.x * turn.cos - side.y * turn.sin, side.x * turn.sin + side.y * turn.cos)
            guard let end = runOn(from: corner - turned, past: corner, reading: .edges),
                  end.distance(to: corner) > length else { continue }
            (farthest, length) = (end, end.distance(to: corner))
        }
        return farthest
    }

    /// Whether the colour steps across `a` → `b` (travelling clockwise round the outline, the
    /// outside on its left on screen) at least `foldStepShare` as much as across `side` (the same
    /// way round), whose own step is at least `foldSideContrast`: medians of the margins
    /// `ColorPlanes.marginOffset` either side.
    private func stepsLikeItsSide(from a: Point, to b: Point, side: (Point, Point)) -> Bool {
        let offset = ColorPlanes.marginOffset
        func step(_ p: Point, _ q: Point) -> Double? {
            guard let outside = median(colours(from: p, to: q, offset: offset)),
                  let inside = median(colours(from: p, to: q, offset: -offset)) else { return nil }
            return ColorPlanes.difference(outside, inside)
        }
        guard let own = step(side.0, side.1), own >= Self.foldSideContrast, let along = step(a, b) else { return false }
        return along >= Self.foldStepShare * own
    }
}
