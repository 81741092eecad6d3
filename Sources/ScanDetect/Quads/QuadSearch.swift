#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Quad hypotheses from pairs of roughly opposite lines, ranked by the edge evidence along their
/// four sides (supported length minus unsupported length, so a hypothesis neither grows past the
/// page's real border nor shrinks to a part of it).
struct QuadSearch {
    let width: Double
    let height: Double
    let minimumArea: Double
    let outsideMargin: Double
    let minimumCornerCosine: Double
    /// How far beyond each corner a side's line is checked for edges that run on, as a fraction
    /// of the side's length, and at least this many working pixels.
    let overshootFraction = 0.2
    let minimumExtension = 6.0
    /// Smallest ratio between the lengths of opposite sides.
    let minimumOppositeRatio: Double
    /// Most times longer than wide an outline with no side on the frame's border may be
    /// (infinite: no limit).
    let maximumElongation: Double
    /// Shortest side (working pixels).
    let minimumSideLength: Double
    /// Smallest fraction of a side that edges must back for the side to count.
    let minimumSideSupport: Double
    /// Smallest fraction of a side that edges must back for the side to count as the one faint
    /// side of a hypothesis (below `minimumSideSupport`).
    let minimumWeakSideSupport: Double

    init(width: Int, height: Int, options: DetectionOptions) {
        self.width = Double(width)
        self.height = Double(height)
        minimumArea = options.minimumAreaFraction * Double(width * height)
        outsideMargin = options.cornerOutsideTolerance * Double(max(width, height))
        minimumCornerCosine = cos(options.minimumCornerAngleDegrees * .pi / 180)
        minimumSideLength = 0.25 * (minimumArea).squareRoot()
        minimumSideSupport = options.minimumSideSupport
        minimumWeakSideSupport = min(options.minimumWeakSideSupport, options.minimumSideSupport)
        minimumOppositeRatio = options.minimumOppositeSideRatio
        maximumElongation = options.maximumElongation > 0 ? options.maximumElongation : .infinity
    }

    /// Whether a quad with these side lengths (in order round it) is more than
    /// `maximumElongation` times longer than wide: no paper is as thin as a shelf's edge or a row
    /// of bricks.
    func isTooThin(sideLengths lv: SIMD4<Double>) -> Bool {
        let elongation = (lv[0] + lv[2]) / (lv[1] + lv[3])
        return max(elongation, 1 / elongation) > maximumElongation
    }

    /// Whether the outline (`x`, `y`, corners in order round it), none of whose sides lies on the
    /// frame's border, `isTooThin`: the check `evaluate` makes, for outlines put together
    /// elsewhere (`PanelUnion`, the light regions). A side on the border may cut the page short.
    func isTooThin(x: SIMD4<Double>, y: SIMD4<Double>) -> Bool {
        var lengths = SIMD4<Double>()
        for k in 0..<4 {
            let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
            if WorkingQuad.isOnFrameBorder(p, q, width: width, height: height, within: 2) { return false }
            lengths[k] = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        }
        return isTooThin(sideLengths: lengths)
    }

    /// The `count` best-ranked valid hypotheses, best first.
    ///
    /// Rather than trying every two pairs of lines (N⁴), the search first finds, for every pair
    /// of crossing lines {c, d}, the lines whose stretch between c and d is backed by edges; two
    /// such lines a, b make a hypothesis only if c and d are in turn backed between a and b. At
    /// most one of the four sides may be backed only weakly (`minimumWeakSideSupport`).
    func hypotheses(lines: [DetectedLine], count: Int) -> [ScoredQuad] {
        let n = lines.count
        guard n >= 4 else { return [] }
        // The tables live in unsafe buffers and are indexed with wrapping arithmetic: the loops
        // below visit every pair of lines, and checked subscripts and index arithmetic took about a
        // quarter of the search's instructions (callgrind). Every index is within its table by
        // construction.
        /// A table of `size` elements, each `value` (each is freed when the search returns).
        func table<T>(_ size: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
            let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: max(1, size))
            buffer.initialize(repeating: value)
            return buffer
        }
        // t[i * n + j]: position along line i where line j crosses it; NaN when they meet at too
        // shallow an angle or too far outside the frame.
        let t = table(n &* n, Double.nan)
        defer { t.deallocate() }
        for i in 0..<n {
            for j in (i &+ 1)..<n {
                let cosine = abs(lines[i].nx * lines[j].nx + lines[i].ny * lines[j].ny)
                if cosine > minimumCornerCosine { continue }
                guard let p = lines[i].intersection(with: lines[j]) else { continue }
                if p.x < -outsideMargin || p.y < -outsideMargin || p.x > width + outsideMargin || p.y > height + outsideMargin { continue }
                t[i &* n &+ j] = lines[i].parameter(x: p.x, y: p.y)
                t[j &* n &+ i] = lines[j].parameter(x: p.x, y: p.y)
            }
        }
        // For each line c, the set of lines a that cross it at a usable position (t[a * n + c]
        // finite), as bits: a side between c and d can only lie on a line in both sets, so the
        // search below visits just those instead of testing every line.
        let words = (n + 63) / 64
        let crossers = table(n &* words, UInt64(0))
        defer { crossers.deallocate() }
        for a in 0..<n {
            for c in 0..<n where t[a &* n &+ c].isFinite {
                crossers[c &* words &+ a / 64] |= 1 << UInt64(a % 64)
            }
        }
        /// The share of line's stretch between lines j and k that edges back (0 when the stretch
        /// is missing or too short), and the stretch's backed score as `evaluate` counts it.
        func backing(_ line: Int, _ j: Int, _ k: Int) -> (share: Double, score: Double) {
            let a = t[line &* n &+ j], b = t[line &* n &+ k]
            if !(a.isFinite && b.isFinite) { return (0, 0) }
            let length = abs(b - a)
            if length < minimumSideLength { return (0, 0) }
            let s = lines[line].backedSteps(from: a, to: b)
            let backed = Double(s.backed)
            return (backed / max(s.inside, 0.5 * length), 2 * backed - s.inside)
        }
        // For every pair c < d, the sets of lines backed between them (a ∉ {c, d}), at least
        // weakly and fully, as bits: found once for all pairs, so that the test that c and d are
        // in turn backed between a and b is a look-up of bits c and d in the sets of the pair
        // {a, b}. (Line c is a candidate of those sets exactly when it can be backed between a
        // and b: it crosses both.)
        func pair(_ c: Int, _ d: Int) -> Int { (c &* (2 &* n &- c &- 1)) / 2 &+ (d &- c &- 1) }
        let pairs = n &* (n &- 1) / 2
        let backedSets = table(pairs &* words, UInt64(0)), fullyBackedSets = table(pairs &* words, UInt64(0))
        defer { backedSets.deallocate(); fullyBackedSets.deallocate() }
        // sideScores[pair(c, d) * n + a]: the backed score of line a between c and d, where backed.
        let sideScores = table(pairs &* n, Float(0))
        defer { sideScores.deallocate() }
        for c in 0..<n {
            for d in (c &+ 1)..<n {
                let set = pair(c, d) &* words, scores = pair(c, d) &* n
                for word in 0..<words {
                    var candidates = crossers[c &* words &+ word] & crossers[d &* words &+ word]
                    while candidates != 0 {
                        let a = word &* 64 &+ candidates.trailingZeroBitCount
                        candidates &= candidates &- 1
                        guard a != c && a != d else { continue }
                        let (share, score) = backing(a, c, d)
                        guard share > 0 else { continue }
                        let bit: UInt64 = 1 << UInt64(a % 64)
                        if share >= minimumWeakSideSupport { backedSets[set &+ word] |= bit }
                        if share >= minimumSideSupport { fullyBackedSets[set &+ word] |= bit }
                        sideScores[scores &+ a] = Float(score)
                    }
                }
            }
        }
        func isBacked(_ line: Int, between a: Int, _ b: Int) -> Bool {
            backedSets[pair(a, b) &* words &+ line / 64] & (1 << UInt64(line % 64)) != 0
        }
        /// 1 when line is backed between a and b only weakly, else 0.
        func weakness(_ line: Int, between a: Int, _ b: Int) -> Int {
            fullyBackedSets[pair(a, b) &* words &+ line / 64] & (1 << UInt64(line % 64)) != 0 ? 0 : 1
        }
        var best: [ScoredQuad] = []
        var worstKept = -Double.infinity
        // The lines backed between the pair in hand, in increasing order.
        let sides = table(n, 0)
        defer { sides.deallocate() }
        for c in 0..<n {
            for d in (c &+ 1)..<n {
                var sideCount = 0
                let set = pair(c, d) &* words
                for word in 0..<words {
                    // In increasing order of a, as a plain loop over all lines would find them.
                    var members = backedSets[set &+ word]
                    while members != 0 {
                        sides[sideCount] = word &* 64 &+ members.trailingZeroBitCount
                        sideCount &+= 1
                        members &= members &- 1
                    }
                }
                if sideCount < 2 { continue }
                for i in 0..<sideCount {
                    let a = sides[i]
                    // Each quad is met twice (as {c, d} and as {a, b}); keep the one with c smallest.
                    if a < c { continue }
                    for j in (i &+ 1)..<sideCount {
                        let b = sides[j]
                        // a < b, and c, d are neither.
                        if !isBacked(c, between: a, b) || !isBacked(d, between: a, b) { continue }
                        if weakness(a, between: c, d) &+ weakness(b, between: c, d)
                            &+ weakness(c, between: a, b) &+ weakness(d, between: a, b) > 1 { continue }
                        // Once the list is full, a quad whose four sides' backed scores cannot beat
                        // its last is skipped before its corners are even found. `evaluate` reads
                        // the same stretches from corners computed anew, so each side may differ
                        // by a step at either end (4 in score): the margin keeps the skip exact.
                        if best.count >= count {
                            let cd = pair(c, d) &* n, ab = pair(a, b) &* n
                            let bound = sideScores[cd &+ a] + sideScores[cd &+ b] + sideScores[ab &+ c] + sideScores[ab &+ d]
                            if Double(bound) + Self.sideScoreMargin <= worstKept { continue }
                        }
                        // Each corner once (the calls are not inlined, so each of x and y made its own).
                        let p0 = cross(a, c, lines), p1 = cross(c, b, lines), p2 = cross(b, d, lines), p3 = cross(d, a, lines)
                        let xs = SIMD4(p0.x, p1.x, p2.x, p3.x), ys = SIMD4(p0.y, p1.y, p2.y, p3.y)
                        // Once the list is full, a quad has to beat its last to enter it.
                        guard let quad = evaluate(x: xs, y: ys, sideLines: SIMD4(Int32(c), Int32(b), Int32(d), Int32(a)),
                                                  lines: lines, above: best.count < count ? nil : worstKept) else { continue }
                        if best.count < count || quad.score > worstKept {
                            Self.insert(quad, into: &best, keeping: count)
                            worstKept = best.last!.score
                        }
                    }
                }
            }
        }
        return best
    }

    /// How far `evaluate`'s backed score of a quad may lie above the sum of its sides' scores
    /// found during the search: a step at either end of each of four sides, each counting twice.
    static let sideScoreMargin = 16.0 + 1

    /// Inserts `quad` into `best` (sorted by descending score) where appending it and sorting
    /// stably would put it, after every quad scoring at least as high, and drops the last when
    /// there are more than `count`. Cheaper than re-sorting the list for every quad kept. A NaN
    /// score, which orders against nothing, takes the sort as before.
    static func insert(_ quad: ScoredQuad, into best: inout [ScoredQuad], keeping count: Int) {
        if quad.score.isNaN || best.contains(where: { $0.score.isNaN }) {
            best.append(quad)
            best.sort { $0.score > $1.score }
        } else {
            // The list is sorted, so the quads scoring at least as high form a prefix.
            var lo = 0, hi = best.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if best[mid].score >= quad.score { lo = mid + 1 } else { hi = mid }
            }
            best.insert(quad, at: lo)
        }
        if best.count > count { best.removeLast() }
    }

    private func cross(_ i: Int, _ j: Int, _ lines: [DetectedLine]) -> (x: Double, y: Double) {
        lines[i].intersection(with: lines[j]) ?? (.nan, .nan)
    }

    /// Checks the geometry and gathers the edge evidence of one hypothesis; nil when it cannot be a
    /// page, or when its score cannot exceed `floor` (when one is given). Works on SIMD lanes so the
    /// inner loop of the search allocates nothing.
    func evaluate(x inputX: SIMD4<Double>, y inputY: SIMD4<Double>, sideLines inputLines: SIMD4<Int32>,
                  lines: [DetectedLine], above floor: Double? = nil) -> ScoredQuad? {
        var x = inputX, y = inputY, sides = inputLines
        if any(x .< -outsideMargin) || any(y .< -outsideMargin)
            || any(x .> width + outsideMargin) || any(y .> height + outsideMargin) { return nil }
        // Next corner of each corner.
        var nx = SIMD4(x[1], x[2], x[3], x[0]), ny = SIMD4(y[1], y[2], y[3], y[0])
        var area2 = (x * ny - nx * y).sum()
        if area2 < 0 {
            // Reverse to clockwise on screen (positive shoelace area with y down).
            x = SIMD4(x[0], x[3], x[2], x[1])
            y = SIMD4(y[0], y[3], y[2], y[1])
            sides = SIMD4(sides[3], sides[2], sides[1], sides[0])
            nx = SIMD4(x[1], x[2], x[3], x[0])
            ny = SIMD4(y[1], y[2], y[3], y[0])
            area2 = -area2
        }
        if area2 / 2 < minimumArea { return nil }
        // Convex with every interior angle within limits.
        let px = SIMD4(x[3], x[0], x[1], x[2]), py = SIMD4(y[3], y[0], y[1], y[2])
        let ux = px - x, uy = py - y, vx = nx - x, vy = ny - y
        let cross = vx * uy - vy * ux
        if any(cross .<= 0) { return nil }
        let dot = ux * vx + uy * vy
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        let cosine = dot / (lu * lv)
        if any(cosine .> minimumCornerCosine) || any(cosine .< -minimumCornerCosine) { return nil }
        var borders = 0
        for k in 0..<4 where lines[Int(sides[k])].isFrameBorder { borders += 1 }
        // A page cut by the frame shows at least two of its own sides.
        if borders > 2 { return nil }
        // Opposite sides of a flat page shrink with distance, but a camera that sees the whole page
        // cannot shrink one to a small fraction of the other.
        if borders == 0 {
            let ratio02 = min(lv[0], lv[2]) / max(lv[0], lv[2]), ratio13 = min(lv[1], lv[3]) / max(lv[1], lv[3])
            if ratio02 < minimumOppositeRatio || ratio13 < minimumOppositeRatio { return nil }
            if isTooThin(sideLengths: lv) { return nil }
        }
        /// Edge evidence along side k: its backed steps and its length inside the frame.
        func evidence(_ k: Int) -> (supported: Double, inside: Double) {
            let line = lines[Int(sides[k])]
            let s = line.backedSteps(from: line.parameter(x: x[k], y: y[k]), to: line.parameter(x: nx[k], y: ny[k]))
            return (Double(s.backed), s.inside)
        }
        /// The support per step on side k's line just beyond its corners (0 for a frame border).
        func overshoot(_ k: Int) -> Double {
            let line = lines[Int(sides[k])]
            if line.isFrameBorder { return 0 }
            // A page's side stops at its corners; a tile joint, a shelf or a fold runs on. Edge
            // support on the line just beyond each corner is evidence against the corner.
            let ta = line.parameter(x: x[k], y: y[k]), tb = line.parameter(x: nx[k], y: ny[k])
            let direction = tb >= ta ? 1.0 : -1.0
            let reach = max(minimumExtension, overshootFraction * abs(tb - ta))
            let before = line.support(from: ta - direction * reach, to: ta)
            let after = line.support(from: tb, to: tb + direction * reach)
            let seen = before.inside + after.inside
            guard seen > 0.25 * reach else { return 0 }
            return Double(max(before.positive, before.negative) + max(after.positive, after.negative)) / seen
        }
        // Gathered side by side and packed once: writing vector lanes one at a time in a loop
        // measured slower.
        let e0 = evidence(0), e1 = evidence(1), e2 = evidence(2), e3 = evidence(3)
        let supported = SIMD4(e0.supported, e1.supported, e2.supported, e3.supported)
        let inside = SIMD4(e0.inside, e1.inside, e2.inside, e3.inside)
        let backedScore = (2 * supported - inside).sum()
        // The overshoot only lowers the score (it subtracts a sum of non-negative terms, and a
        // rounded difference never exceeds its minuend), so a quad whose score could not beat
        // `floor` even without it is dropped before its costlier evidence is gathered.
        if let floor, backedScore <= floor { return nil }
        let overshoot = SIMD4(overshoot(0), overshoot(1), overshoot(2), overshoot(3))
        let score = backedScore - (overshoot * lv).sum()
        return ScoredQuad(x: x, y: y, lines: sides, supported: supported, insideLength: inside, totalLength: lv,
                          overshoot: overshoot, score: score)
    }
}
