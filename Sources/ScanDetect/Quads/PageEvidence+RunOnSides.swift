import ScanCore

/// An outline may stop short of its page at a side found on print (a line of text, a table's
/// rule) while the page's own edge beyond is too faint to make a line of its own: white paper on
/// a white table, where `includingPaper` finds no line to move the side to. The page's
/// neighbouring sides then run on past the side's corners as edges, up to the page's own corners,
/// since a page's side runs from corner to corner and stops. Such a side is moved out to the
/// farther of the two ends, parallel to itself on the page's plane (an edge may fade before its
/// corner, as one side of white paper on a white table often does all along). The paper past the
/// side may also lie in shade: a shadow cast on the page, or the far side of a fold.
///
/// Where the edges show no run-on to move the side by, the gradient itself is read
/// (`RunOnReading.gradient`): non-maximum suppression and hysteresis drop a faint edge that meets
/// no strong one, or leave it a pixel or two off the side's line. Read so, a side moves only where
/// both neighbouring sides run on. Where they do not run on straight, the page may be folded
/// along the side, its sides bending there (`foldedPanel`).
extension PageEvidence {
    /// What a neighbouring side's run-on past a corner is read from.
    enum RunOnReading {
        /// The edge map's pixels whose gradient is across the side's line (`backedFraction`).
        case edges
        /// The gradient itself: a step runs on where, within `reach` across the line, the
        /// gradient crosses it with the side's own polarity (as along the side, from bright to
        /// dark or the other way) and at least as strongly as an edge seeds the edge map
        /// (`EdgeMap.highThreshold`), whether or not an edge pixel lies there. On the generator's
        /// sets and the SmartDoc sample this moved sides of 5 pages out (JI 0.34–0.92 to
        /// 0.57–0.98) and placed no page worse or false positive differently. With the two ends
        /// also required to lie within a fifth of each other, any strength from 0.6 to 1 of the
        /// seeding one moved the same 4 sides out (0.7 one more) and none worse, and half of it
        /// placed 4 pages worse (sides moved onto a cloth's stripes and a floor's boards); one
        /// neighbouring side running on rather than both (as a lit margin allows with `edges`)
        /// places 9 pages worse and 17 better.
        case gradient
    }

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
        return movingSides(x: x, y: y) { k, x, y in
            runOnSide(k, x: x, y: y, paper: paper, reading: .edges)
                ?? runOnSide(k, x: x, y: y, paper: paper, reading: .gradient)
        }
    }

    /// The corners of side `k` moved out to the farther end of the run-ons, read as `reading` says,
    /// along its neighbouring sides (`runOn`), parallel to the side on the page's plane (through the
    /// vanishing point of the side and the side across from it), or nil: the margin just outside the
    /// side is the paper (colour `paper`, within `runOnPaperDifference`), or the paper in shade
    /// (`isShaded`: a shadow cast on the page, the far side of a fold) where both neighbouring sides
    /// run on, a neighbouring side runs on by at least `runOnShortest`, the moved corners lie in the
    /// frame at least `bandNarrowest` out, and the strip between is paper, lit or in shade. Read from
    /// the gradient, both neighbouring sides must run on. Where not both run on straight in the
    /// edge map, the far panel of a page folded along the side (`foldedPanel`) is taken when the
    /// strip up to it is paper so.
    private func runOnSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>, paper: SIMD3<Float>,
                           reading: RunOnReading) -> (p: Point, q: Point)? {
        let corner = { (i: Int) in Point(x: x[(i + 4) % 4], y: y[(i + 4) % 4]) }
        let p = corner(k), q = corner(k + 1)
        guard !isOnFrameBorder((p.x, p.y), (q.x, q.y)),
              let outside = median(colours(from: p, to: q, offset: ColorPlanes.marginOffset)) else { return nil }
        let lit = ColorPlanes.difference(outside, paper) <= Self.runOnPaperDifference
        guard lit || Self.isShaded(outside, paper) else { return nil }
        let side = q - p
        let away = Point(side.y, -side.x) / max(1e-9, side.length)
        let ends = [runOn(from: corner(k - 1), past: p, reading: reading),
                    runOn(from: corner(k + 2), past: q, reading: reading)].compactMap { $0 }
        // With no straight run-on at both ends, the page may fold along the side.
        if ends.count < 2, reading == .edges, let fold = foldedPanel(beyondSide: k, x: x, y: y),
           let moved = movedOverPaper(p, q, to: fold, away: away, paper: paper) {
            return moved
        }
        // Shade is taken for paper only where both sides run on (as `includingPaper` takes it).
        guard ends.count == 2 || lit && reading == .edges else { return nil }
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
        return movedOverPaper(p, q, to: (np, nq), away: away, paper: paper)
    }

    /// The side `p`–`q` moved to `moved`, or nil unless the strip between is at least
    /// `bandNarrowest` wide at both ends (outward, along the unit normal `away`) and is paper
    /// (colour `paper`), lit or in shade.
    private func movedOverPaper(_ p: Point, _ q: Point, to moved: (p: Point, q: Point), away: Point,
                                paper: SIMD3<Float>) -> (p: Point, q: Point)? {
        let outer = LineBeyond(p: moved.p, q: moved.q, widths: ((moved.p - p).dot(away), (moved.q - q).dot(away)))
        guard min(outer.widths.p, outer.widths.q) >= Self.bandNarrowest else { return nil }
        let strip = stripColours(from: (p, q), to: outer)
        guard Self.isPaper(strip, paper) || Self.isPaperInShade(strip, paper) else { return nil }
        return moved
    }

    /// Where the edge along the side from `start` to `corner` ends when followed on past the
    /// corner, read as `reading` says: the step at which its backed steps less its unbacked ones
    /// add up to most, as `DetectedLine.run(from:direction:)` finds a side's end; nil when that
    /// is under `runOnShortest` or within `borderTolerance` of the frame's border (a page the
    /// frame cuts runs on out of it).
    func runOn(from start: Point, past corner: Point, reading: RunOnReading) -> Point? {
        let length = corner.distance(to: start)
        guard length >= 1 else { return nil }
        let u = (corner - start) / length
        // The side's polarity: the sign of the gradient across its line along the side itself.
        let polarity: Float = reading == .gradient && crossing(from: start, direction: u, length: length) < 0 ? -1 : 1
        var sum = 0, best = 0, bestSteps = 0, step = 0
        while isInFrame(corner + u * (Double(step) + 0.5)) {
            let backed = switch reading {
            case .edges:
                backedFraction(from: (corner.x, corner.y), direction: (u.x, u.y), start: Double(step),
                               end: Double(step + 1)) > 0
            case .gradient:
                crossesStrongly(at: corner + u * (Double(step) + 0.5), direction: u, polarity: polarity)
            }
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

    // MARK: - Reading the gradient

    /// The gradient across the line from `start` along `u` (towards its left on screen), summed
    /// over `length` unit steps, at each the strongest either way within `reach` across it.
    private func crossing(from start: Point, direction u: Point, length: Double) -> Double {
        var sum = 0.0
        for step in 0..<Int(length) {
            var strongest: Float = 0
            _ = forEachPixel(across: start + u * (Double(step) + 0.5), direction: u) { i in
                let across = gradient.gx[i] * Float(-u.y) + gradient.gy[i] * Float(u.x)
                if abs(across) > abs(strongest) { strongest = across }
                return false
            }
            sum += Double(strongest)
        }
        return sum
    }

    /// Whether, within `reach` across the line through `p` along `u`, the gradient crosses the
    /// line with `polarity` (its sign towards the line's left on screen), turned from the
    /// line's normal by no more than an edge backing it may be, and at least
    /// `EdgeMap.highThreshold` across it.
    private func crossesStrongly(at p: Point, direction u: Point, polarity: Float) -> Bool {
        let floor = edges.highThreshold
        return forEachPixel(across: p, direction: u) { i in
            let across = (gradient.gx[i] * Float(-u.y) + gradient.gy[i] * Float(u.x)) * polarity
            return across >= floor && across >= cosTolerance * gradient.magnitude[i]
        }
    }
}
