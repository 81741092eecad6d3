import ScanCore

/// A board, a tiled floor or a brick wall is crossed by seams from edge to edge, several the same
/// way at distinct places; a sheet of paper is not: print, rules and tables stop at the page's
/// margins, a fold or a shadow's edge is a step between two shades rather than a thin line, and a
/// pen or a cable lying across the page is one line (with its shadow, one place).
extension PageEvidence {
    /// Largest angle (degrees) between two seams running the same way, and between a line and a
    /// side it runs along.
    static let plankTurn = 6.0
    /// Least distance between two seams counted apart, and between a seam and a side it runs
    /// along, as a share of the outline's size across (a mean side, or the distance between
    /// those sides): nearer, the two are the edges of one printed band, a pen and its shadow, or
    /// the side itself.
    static let plankInset = 0.08
    /// Share of a seam's length at each end that must be backed by edges (half of it at least): a
    /// plank's seam runs on to the board's edge, where print stops at the page's margin.
    static let plankEnd = 0.06
    /// Least share of a seam's length backed by edges.
    static let plankBacking = 0.8
    /// Least share of the probes along a seam (`seamProbes`) that find a thin line between alike
    /// surfaces (`isSeam(atX:y:across:)`).
    static let plankSeamShare = 0.6

    /// The most seams crossing the outline's interior from side to side the same way (within
    /// `plankTurn`) at distinct places (at least `plankInset` of a mean side apart): detected
    /// lines backed by edges along their whole chord up to both ends (`plankBacking`,
    /// `plankEnd`), thin lines between alike surfaces (`plankSeamShare`), not along a side and
    /// near it.
    func interiorSeams(x: SIMD4<Double>, y: SIMD4<Double>) -> Int {
        var meanSide = 0.0
        for k in 0..<4 {
            let dx = x[(k + 1) % 4] - x[k], dy = y[(k + 1) % 4] - y[k]
            meanSide += (dx * dx + dy * dy).squareRoot() / 4
        }
        let seams = lines.filter { line in
            guard !line.isFrameBorder, !isNearASide(line, x: x, y: y),
                  let chord = chord(of: line, x: x, y: y, margin: 1) else { return false }
            return isSeam(line, over: chord)
        }
        return Self.mostSeamsApart(seams.map { ($0.theta, $0.rho) }, gap: Self.plankInset * meanSide)
    }

    /// The most of `seams` (lines as normal angle θ and distance ρ) running the same way, within
    /// `plankTurn`, at places at least `gap` apart.
    static func mostSeamsApart(_ seams: [(theta: Double, rho: Double)], gap: Double) -> Int {
        let tolerance = plankTurn * .pi / 180
        return seams.map { seam in
            // The others running the same way, each as the same line with θ within π/2 of this
            // one's (θ ± π, −ρ), by their ρ: where they lie.
            let places = seams.compactMap { other -> Double? in
                var (theta, rho) = other
                if theta - seam.theta > .pi / 2 { (theta, rho) = (theta - .pi, -rho) }
                if seam.theta - theta > .pi / 2 { (theta, rho) = (theta + .pi, -rho) }
                return abs(theta - seam.theta) <= tolerance ? rho : nil
            }.sorted()
            return 1 + zip(places, places.dropFirst()).filter { $1 - $0 >= gap }.count
        }.max() ?? 0
    }

    /// Whether the line runs along a pair of opposite sides (within `plankTurn` of either) less
    /// than `plankInset` of the distance between them from one: it is that side, or its shadow.
    private func isNearASide(_ line: DetectedLine, x: SIMD4<Double>, y: SIMD4<Double>) -> Bool {
        (0..<2).contains { pair in
            // Side `pair` and the opposite side, both from the corner `pair` is next to.
            let a = (p: Point(x[pair], y[pair]), q: Point(x[pair + 1], y[pair + 1]))
            let b = (p: Point(x[(pair + 3) % 4], y[(pair + 3) % 4]), q: Point(x[pair + 2], y[pair + 2]))
            guard Self.isAlong(line, a.q - a.p) || Self.isAlong(line, b.q - b.p) else { return false }
            let (middleA, middleB) = ((a.p + a.q) / 2, (b.p + b.q) / 2)
            let nearest = min(abs(Self.offset(of: line, from: middleA)), abs(Self.offset(of: line, from: middleB)))
            return nearest < Self.plankInset * middleA.distance(to: middleB)
        }
    }

    /// Whether the line is backed by edges along its chord (`plankBacking`) up to both ends
    /// (`plankEnd`) and is a thin line between alike surfaces at `plankSeamShare` of the probes
    /// spread over the chord's middle 80 %.
    private func isSeam(_ line: DetectedLine, over chord: ClosedRange<Double>) -> Bool {
        let length = chord.upperBound - chord.lowerBound
        guard length >= 8 else { return false }
        func backed(_ s: Double, _ e: Double) -> Double {
            let support = line.support(from: s, to: e)
            return support.inside > 0 ? Double(max(support.positive, support.negative)) / support.inside : 0
        }
        let end = Self.plankEnd * length
        guard backed(chord.lowerBound, chord.upperBound) >= Self.plankBacking,
              backed(chord.lowerBound, chord.lowerBound + end) >= 0.5,
              backed(chord.upperBound - end, chord.upperBound) >= 0.5 else { return false }
        var thin = 0
        for i in 0..<Self.seamProbes {
            let t = chord.lowerBound + length * (0.1 + 0.8 * Double(i) / Double(Self.seamProbes - 1))
            let point = line.point(at: t)
            if isSeam(atX: point.x, y: point.y, across: (line.nx, line.ny)) == true { thin += 1 }
        }
        return Double(thin) >= Self.plankSeamShare * Double(Self.seamProbes)
    }

    /// Whether the line runs within `plankTurn` of `direction`.
    private static func isAlong(_ line: DetectedLine, _ direction: Point) -> Bool {
        let length = direction.length
        return length > 0 && abs(line.dx * direction.x + line.dy * direction.y) / length >= cosDegrees(plankTurn)
    }

    /// Signed distance from `point` to the line.
    private static func offset(of line: DetectedLine, from point: Point) -> Double {
        point.x * line.nx + point.y * line.ny - line.rho
    }
}
