#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// The evidence that one quad (working coordinates, clockwise on screen) is a sheet of paper,
/// as a fixed-length feature vector for `ConfidenceModel`. Each feature is a physical property
/// of paper photographed on a surface, measured the same way for line and region hypotheses:
///
/// 0. edge support: fraction of each observed side backed by edge pixels whose gradient is
///    across the side (a page's border is a continuous step);
/// 1. step consistency: fraction of probes where inside and outside differ the same way;
/// 2. paper: the margin is among the scene's lightest surfaces (1 for a coloured ID-1 card,
///    which may be any colour; see `CardShape`);
/// 3. margin chroma: paper is nearly grey; screens, book spines and tiles are often coloured
///    (0 for a card);
/// 4. overshoot: edges running on straight past the corners (tile joints, shelves, keyboards);
/// 5. interior structure: long straight edges inside the quad, parallel to none of the
///    page's text (grout lines, key rows, shelf boards);
/// 6. sides on the frame's border (a quad closed off by the frame is weaker evidence);
/// 7. area as a fraction of the frame (natural log); only the veto reads it (`readableArea`);
/// 8. agreement with the other kind of hypothesis (polygon IoU of a line hypothesis with the
///    light region, of the light region with the best line hypothesis; on the second look, of a
///    line hypothesis with the tint region where that is higher, `EvidenceMeasurer.agreeing`);
/// 9. interior paper: share of the interior as light as the margin (not a dark screen);
/// 10. inner outline: a second edge parallel to the sides just inside them (a bezel, a frame);
/// 11. border crossings: background lines running on through the sides (tile joints, grain);
/// 12. interior ink: share of the interior darker than the margin (text, figures);
/// 13. grid balance: the interior's edges split evenly between the two axes (keys, tiles);
/// 14. lattice: the interior repeats itself as isolated peaks along two directions (keys);
/// 15. squareness: how close the outline's true proportions (undone from the perspective) come
///    to a square, 1 for a square, 0 at A4's √2 and beyond; 0 for an outline cut by the frame,
///    whose proportions are the frame's doing. Paper sizes are not square, sticky notes are:
///    only the veto reads it, together with the margin's chroma (`ConfidenceModel`);
/// 16. seams: share of the outline that is a thin line between two alike surfaces rather than a
///    step to another one (`seamShare`); only the veto reads it.
/// 17. planks: seams crossing the interior from side to side the same way at distinct places, as
///    between a board's planks or rows of tiles (`interiorSeams`); only the veto reads it.
/// 18. balanced margin chroma: the margin's chroma under the scene's white (`ColorPlanes.whiteGains`),
///    so that white paper under a tinted lamp, or in a photo whose tones were darkened, is grey
///    (0 for a card). The decisions that ask whether a margin is coloured read it (the sticky-note
///    veto, `WorkingQuad.hasColouredMargin`); the rank model keeps feature 3, which it weighs only
///    against the other outlines of the same photo.
struct PageEvidence {
    let planes: ColorPlanes
    let edges: EdgeMap
    let gradient: GradientField
    let lines: [DetectedLine]
    let verifier: HypothesisVerifier
    /// How far (working pixels) across a side an edge pixel may lie and still back it.
    let reach = 1.5
    /// How far (working pixels) from the frame's border a side or corner may lie and still be
    /// on it, unobserved.
    static let borderTolerance = 1.5
    /// Cosine of the largest angle between an edge's gradient and a side's normal.
    let cosTolerance: Float
    /// Every edge pixel's centre and gradient, gathered once for the interior measurements of
    /// all hypotheses.
    let edgePoints: EdgePoints
    /// The gains that map the scene's white to grey, for feature 18.
    let whiteGains: SIMD3<Float>

    static let featureCount = 19

    init(planes: ColorPlanes, edges: EdgeMap, gradient: GradientField, lines: [DetectedLine], verifier: HypothesisVerifier,
         cosTolerance: Float) {
        self.planes = planes
        self.edges = edges
        self.gradient = gradient
        self.lines = lines
        self.verifier = verifier
        self.cosTolerance = cosTolerance
        edgePoints = EdgePoints(edges: edges, gradient: gradient)
        whiteGains = planes.whiteGains()
    }

    /// Index of the lattice cue, the costliest feature, which only a necessary condition reads.
    static let latticeFeature = 14
    /// Index of the margin chroma (the HSV saturation of the margin's median).
    static let marginChromaFeature = 3
    /// Index of the margin chroma under the scene's white.
    static let balancedChromaFeature = 18
    /// Index of the count of sides on the frame's border.
    static let borderFeature = 6
    /// Index of the outline's area as a share of the frame (natural log).
    static let areaFeature = 7
    /// Index of the agreement with the other kind of hypothesis.
    static let agreementFeature = 8
    /// Index of the count of seams crossing the interior (boards, tiles).
    static let plankFeature = 17
    /// Index of the interior ink share.
    static let inkFeature = 12
    /// Index of the interior edges' balance between the two axes.
    static let gridBalanceFeature = 13
    /// Index of the outline's squareness.
    static let squarenessFeature = 15
    /// Index of the seam share.
    static let seamFeature = 16

    /// The features of the quad (`x`, `y`), with `other` the outline of the other kind of
    /// hypothesis to agree with (nil when there is none); the lattice cue is left 0 unless
    /// `measuringLattice` (see `interiorLattice`). All 0 (no evidence, confidence 0) for an
    /// outline that shows none of its sides (each on the frame's border) or fewer than two of its
    /// corners (`showsTwoCorners`).
    func features(x: SIMD4<Double>, y: SIMD4<Double>, other region: (x: SIMD4<Double>, y: SIMD4<Double>)?,
                  measuringLattice: Bool = true) -> [Double] {
        guard showsTwoCorners(x: x, y: y) else { return [Double](repeating: 0, count: Self.featureCount) }
        let w = Double(planes.width), h = Double(planes.height)
        var supportSum = 0.0, stepSum = 0.0, overshootSum = 0.0, seen = 0.0, borders = 0.0
        var margins: [Double] = []
        var chroma: [Double] = [], balancedChroma: [Double] = []
        var perimeter = 0.0
        for k in 0..<4 {
            let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
            let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
            perimeter += length
            if isOnFrameBorder(p, q) || length < 4 {
                borders += 1
                continue
            }
            seen += 1
            let ux = (q.x - p.x) / length, uy = (q.y - p.y) / length
            supportSum += backedFraction(from: p, direction: (ux, uy), start: 0, end: length)
            let beyond = max(4, 0.2 * length)
            overshootSum += 0.5 * (backedFraction(from: p, direction: (ux, uy), start: -beyond, end: 0)
                + backedFraction(from: q, direction: (ux, uy), start: 0, end: beyond))
            stepSum += verifier.stepConsistency(from: p, to: q, insideLuminance: &margins)
            sampleChroma(from: p, direction: (ux, uy), length: length, into: &chroma, balanced: &balancedChroma)
        }
        guard seen > 0 else { return [Double](repeating: 0, count: Self.featureCount) }
        if !chroma.isEmpty {
            chroma.select(chroma.count / 2)
            balancedChroma.select(balancedChroma.count / 2)
        }
        let margin = margins.isEmpty ? 0 : HypothesisVerifier.median(ofMargins: margins)
        var paper = margins.isEmpty ? 0 : verifier.paperLikeness(ofMargin: margin)
        var marginChroma = chroma.isEmpty ? 0 : chroma[chroma.count / 2]
        var balancedMarginChroma = balancedChroma.isEmpty ? 0 : balancedChroma[balancedChroma.count / 2]
        // A card may be any colour: lightness and greyness are not evidence against one.
        if verifier.cardShape.matches(x: x, y: y) {
            paper = 1
            marginChroma = 0
            balancedMarginChroma = 0
        }
        let area = quadArea(x, y)
        let tones = interiorTones(x: x, y: y, margin: margin)
        let gridBalance = interiorGridBalance(x: x, y: y)
        let lattice = measuringLattice ? interiorLattice(x: x, y: y, gridBalance: gridBalance) : 0
        var agreement = 0.0
        if let region {
            let a = (0..<4).map { Point(region.x[$0], region.y[$0]) }
            let b = (0..<4).map { Point(x[$0], y[$0]) }
            agreement = Polygon.intersectionOverUnion(a, b)
        }
        return [supportSum / seen, stepSum / seen, paper, marginChroma,
                overshootSum / seen, interiorStructure(x: x, y: y, perimeter: perimeter), borders,
                log(max(1e-4, area / (w * h))), agreement,
                tones.paper, innerOutline(x: x, y: y), borderCrossings(x: x, y: y), tones.ink,
                gridBalance, lattice,
                borders > 0 ? 0 : squareness(x: x, y: y), seamShare(x: x, y: y), Double(interiorSeams(x: x, y: y)),
                balancedMarginChroma]
    }

    /// Whether two corners of the quad lie inside the frame, each more than `borderTolerance`
    /// from its border. A corner on the border or beyond it is only where a line meets the
    /// border; an outline with one corner inside, or none, leaves where the object ends along
    /// its sides to the frame, and any two or four lines across the frame make one (boards,
    /// tiles, shelves, the edges of a table, a stripe between the frame's sides). A page is framed
    /// to be scanned: the frame cuts off one or two of its corners, not three. (On the generator's
    /// seeds 10 and 12–24, two corners rather than one turn 13 false positives of 2,600 into "no
    /// document" and make 2, and place 21 pages better and 12 worse. Its pages keep two or three
    /// corners in the frame, so they cannot show what this costs a page photographed closer.)
    func showsTwoCorners(x: SIMD4<Double>, y: SIMD4<Double>) -> Bool {
        let w = Double(planes.width), h = Double(planes.height), tolerance = Self.borderTolerance
        let inside = (0..<4).filter { k in
            x[k] > tolerance && y[k] > tolerance && x[k] < w - tolerance && y[k] < h - tolerance
        }
        return inside.count >= 2
    }

    /// 1 − |ln r| / ln √2, clamped to 0…1, for the outline's estimated true aspect ratio r.
    func squareness(x: SIMD4<Double>, y: SIMD4<Double>) -> Double {
        guard let quad = try? Quad(corners: (0..<4).map { Point(x[$0], y[$0]) }) else { return 0 }
        let size = Size(width: Double(planes.width), height: Double(planes.height))
        let ratio = AspectRatioEstimator().estimate(quad.ordered(), imageSize: size).aspectRatio
        guard ratio > 0, ratio.isFinite else { return 0 }
        return max(0, 1 - abs(log(ratio)) / log(2.0.squareRoot()))
    }

    /// Fraction of unit steps from `start` to `end` along the ray that have an edge pixel within
    /// `reach` across it whose gradient is across the ray; 0 for parts outside the frame.
    func backedFraction(from p: (x: Double, y: Double), direction u: (Double, Double), start: Double, end: Double) -> Double {
        let steps = Int(end - start)
        guard steps > 0 else { return 0 }
        let direction = Point(u.0, u.1), nx = Float(-u.1), ny = Float(u.0)
        var backed = 0, inside = 0
        // `forEachPixel` only passes pixels inside the frame, so the reads go unchecked.
        edges.isEdge.withUnsafeBufferPointer { isEdge in
            gradient.gx.withUnsafeBufferPointer { gx in
                gradient.gy.withUnsafeBufferPointer { gy in
                    gradient.magnitude.withUnsafeBufferPointer { magnitude in
                        for s in 0..<steps {
                            let t = start + Double(s) + 0.5
                            let c = Point(p.x + u.0 * t, p.y + u.1 * t)
                            guard isInFrame(c) else { continue }
                            inside += 1
                            let isBacked = forEachPixel(across: c, direction: direction) { i in
                                isEdge[i] != 0 && abs(gx[i] * nx + gy[i] * ny) >= cosTolerance * magnitude[i]
                            }
                            if isBacked { backed += 1 }
                        }
                    }
                }
            }
        }
        return inside > 0 ? Double(backed) / Double(inside) : 0
    }

    /// Whether `p` lies in the working frame.
    func isInFrame(_ p: Point) -> Bool {
        p.x >= 0 && p.y >= 0 && p.x < Double(planes.width) && p.y < Double(planes.height)
    }

    /// Calls `body` with the index of each working pixel within `reach` across the line through
    /// `p` along `u`, inside the frame, until it returns true; whether it did.
    @inline(__always)
    func forEachPixel(across p: Point, direction u: Point, _ body: (Int) -> Bool) -> Bool {
        let width = planes.width, height = planes.height
        var o = -reach
        while o <= reach {
            let x = Int(p.x - o * u.y), y = Int(p.y + o * u.x)
            o += 1
            if x < 0 || y < 0 || x >= width || y >= height { continue }
            if body(y * width + x) { return true }
        }
        return false
    }

    /// Chroma, (max − min) / max over R, G, B, of the side's margin pixels, as taken (`values`) and
    /// under the scene's white (`balanced`, `whiteGains`).
    private func sampleChroma(from p: (x: Double, y: Double), direction u: (Double, Double), length: Double,
                              into values: inout [Double], balanced: inout [Double]) {
        planes.forEachMarginPixel(from: p, direction: u, length: length) { j in
            let c = SIMD3(planes.red[j], planes.green[j], planes.blue[j])
            values.append(Self.saturation(c))
            balanced.append(Self.saturation(c * whiteGains))
        }
    }

    /// HSV saturation of a colour.
    private static func saturation(_ c: SIMD3<Float>) -> Double {
        let hi = c.max(), lo = c.min()
        return Double((hi - lo) / max(hi, 1))
    }

    /// Edge-backed length of detected lines crossing the quad's interior (kept 3 working
    /// pixels away from its sides), over half its perimeter. Only stretches longer than a
    /// quarter of the mean side count, so text and noise add nothing.
    private func interiorStructure(x: SIMD4<Double>, y: SIMD4<Double>, perimeter: Double) -> Double {
        let minimumRun = 0.25 * perimeter / 4
        var total = 0.0
        for line in lines where !line.isFrameBorder {
            guard let chord = chord(of: line, x: x, y: y, margin: 3),
                  chord.upperBound - chord.lowerBound >= minimumRun else { continue }
            let s = line.support(from: chord.lowerBound, to: chord.upperBound)
            let backed = Double(max(s.positive, s.negative))
            if backed >= minimumRun { total += backed }
        }
        return total / max(1, perimeter / 2)
    }

    /// The interval of the line's parameter t over which it lies inside the quad shrunk by
    /// `margin` working pixels (inside all four half-planes), or nil when it misses it.
    func chord(of line: DetectedLine, x: SIMD4<Double>, y: SIMD4<Double>, margin: Double) -> ClosedRange<Double>? {
        var lo = -Double.infinity, hi = Double.infinity
        let px = line.rho * line.nx, py = line.rho * line.ny
        for k in 0..<4 {
            let ax = x[k], ay = y[k], ex = x[(k + 1) % 4] - ax, ey = y[(k + 1) % 4] - ay
            let l = (ex * ex + ey * ey).squareRoot()
            guard l > 0 else { continue }
            // Inward normal of a clockwise (on screen) polygon.
            let inx = -ey / l, iny = ex / l
            // Signed inward distance at t: (p + t·d − a)·in − margin ≥ 0.
            let base = (px - ax) * inx + (py - ay) * iny - margin
            let slope = line.dx * inx + line.dy * iny
            if abs(slope) < 1e-12 {
                if base < 0 { return nil }
            } else if slope > 0 {
                lo = max(lo, -base / slope)
            } else {
                hi = min(hi, -base / slope)
            }
        }
        return lo < hi ? lo...hi : nil
    }

    private func quadArea(_ x: SIMD4<Double>, _ y: SIMD4<Double>) -> Double {
        let nx = SIMD4(x[1], x[2], x[3], x[0]), ny = SIMD4(y[1], y[2], y[3], y[0])
        return abs((x * ny - nx * y).sum()) / 2
    }
}
