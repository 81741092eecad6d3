/// Quad hypotheses from regions rather than lines: paper is usually the lightest large surface
/// in the scene, so the light side of an Otsu split of the luminance falls apart into connected
/// regions of which one is the page. Its convex hull spans the whole page even when the border
/// is bent (a curl, a fold) or broken (a cable, a finger), where straight lines fail; the
/// largest quad with corners on the hull is the page's corners. Where page and table are
/// equally light, a split of their tint (`colourRegions`) may still part them.
struct RegionCandidates {
    /// A page-shaped region: its corners (clockwise on screen, working pixels) and the evidence
    /// that the region is one solid, quad-shaped surface.
    struct Region {
        var x: SIMD4<Double>
        var y: SIMD4<Double>
        /// Region pixels over hull area (holes and notches lower it).
        var solidity: Double
        /// Quad area over hull area (a blob, a disc or an L-shape lowers it).
        var quadFill: Double
    }

    /// Smallest region, as a fraction of the frame's area.
    let minimumAreaFraction: Double
    /// How many of the largest light regions become hypotheses.
    let maximumRegions = 3
    /// The region grid is coarser than the working copy by this factor: a page is hundreds of
    /// working pixels across, and its corners are refined on the full-resolution image anyway.
    var gridStep = 2

    /// The largest light regions as quads, largest first.
    func regions(in planes: ColorPlanes) -> [Region] {
        let w = planes.width / gridStep, h = planes.height / gridStep
        guard w >= 8 && h >= 8 else { return [] }
        let (luminance, histogram) = Self.luminance(of: planes, step: gridStep)
        return regions(of: luminance, width: w, height: h, threshold: Float(Self.otsu(histogram)), above: true,
                       count: maximumRegions, frame: (planes.width, planes.height))
    }

    /// The largest region on each side of a yellow–blue split (blue minus the mean of red and
    /// green, at Otsu's threshold), bluer side first: a white sheet on a warm table, or a cream
    /// one on a grey desk, where the luminance split puts page and table on one side. `drawn` as
    /// the split leaves them; `bridged` joined across lines one or two grid cells wide
    /// (`bridged(_:width:height:regionAbove:)`): a cable or a pen across the sheet. Without
    /// `drawing`, `drawn` is left empty (a caller that needs only the bridged regions).
    func colourRegions(in planes: ColorPlanes, drawing: Bool = true) -> (drawn: [Region], bridged: [Region]) {
        let w = planes.width / gridStep, h = planes.height / gridStep
        guard w >= 8 && h >= 8 else { return ([], []) }
        let (tint, histogram) = Self.grid(of: planes, step: gridStep, mix: .yellowBlue)
        let threshold = Float(Self.otsu(histogram)) - Mix.yellowBlue.offset
        func split(bridging: Bool) -> [Region] {
            [true, false].flatMap { bluer in
                let values = bridging ? Self.bridged(tint, width: w, height: h, regionAbove: bluer) : tint
                return regions(of: values, width: w, height: h, threshold: threshold, above: bluer, count: 1,
                               frame: (planes.width, planes.height))
            }
        }
        return (drawing ? split(bridging: false) : [], split(bridging: true))
    }

    /// The `count` largest 4-connected regions of a `w × h` grid's values on one side of
    /// `threshold` (above it, or at or below it), as quads in a working frame of size `frame`.
    private func regions(of values: [Float], width w: Int, height h: Int, threshold: Float, above: Bool,
                         count: Int, frame: (width: Int, height: Int)) -> [Region] {
        let minimumSize = max(16, Int(minimumAreaFraction * Double(w * h)))
        return RunRegions(values: values, width: w, height: h, threshold: threshold, above: above)
            .largest(count, minimumSize: minimumSize)
            .compactMap { region($0, grid: (w, h), frame: frame) }
    }

    /// The region of `cells` of a `grid` (cells across and down) as a quad in working pixels.
    /// A grid cell spans `gridStep` working pixels, so the grid leaves out the frame's last column
    /// or row where its side is odd: a corner on the grid's far edge goes onto the frame's, where
    /// a page the frame cuts meets it.
    private func region(_ cells: RunRegions.Region, grid: (w: Int, h: Int),
                        frame: (width: Int, height: Int)) -> Region? {
        // Each row's leftmost and rightmost cell (as cell-corner points) bound the region.
        var points: [(Double, Double)] = []
        points.reserveCapacity(4 * cells.rows.count)
        for row in cells.rows {
            let y = Double(row.y), first = Double(row.start), last = Double(row.end)
            points += [(first, y), (first, y + 1), (last, y), (last, y + 1)]
        }
        let hull = Self.convexHull(points)
        guard hull.count >= 4 else { return nil }
        let hullArea = Self.area(hull)
        guard hullArea > 0, let quad = Self.largestQuad(in: hull) else { return nil }
        let quadArea = Self.area(quad)
        let scale = Double(gridStep)
        func working(_ v: Double, cells: Int, side: Int) -> Double { v == Double(cells) ? Double(side) : v * scale }
        let x = SIMD4((0..<4).map { working(quad[$0].0, cells: grid.w, side: frame.width) })
        let y = SIMD4((0..<4).map { working(quad[$0].1, cells: grid.h, side: frame.height) })
        return Region(x: x, y: y, solidity: Double(cells.size) / hullArea, quadFill: quadArea / hullArea)
    }

    /// Distance (working pixels) within which a region's side counts as lying on the frame's
    /// border (`WorkingQuad.isOnFrameBorder`).
    static let borderTolerance = 1.0

    /// Otsu's threshold of a 256-bin histogram.
    static func otsu(_ histogram: [Int]) -> Int {
        let total = Double(histogram.reduce(0, +))
        var sum = 0.0
        for (level, n) in histogram.enumerated() { sum += Double(level * n) }
        var weightBelow = 0.0, sumBelow = 0.0, best = 0.0, threshold = 127
        for level in 0..<256 {
            weightBelow += Double(histogram[level])
            if weightBelow == 0 { continue }
            let weightAbove = total - weightBelow
            if weightAbove == 0 { break }
            sumBelow += Double(level * histogram[level])
            let meanBelow = sumBelow / weightBelow, meanAbove = (sum - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best { best = between; threshold = level }
        }
        return threshold
    }

    /// Convex hull (Andrew's monotone chain), clockwise on screen (y down).
    static func convexHull(_ input: [(Double, Double)]) -> [(Double, Double)] {
        let p = input.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        guard p.count >= 3 else { return p }
        func cross(_ o: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        }
        var hull: [(Double, Double)] = []
        for q in p {
            while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], q) <= 0 { hull.removeLast() }
            hull.append(q)
        }
        let lower = hull.count + 1
        for q in p.reversed().dropFirst() {
            while hull.count >= lower && cross(hull[hull.count - 2], hull[hull.count - 1], q) <= 0 { hull.removeLast() }
            hull.append(q)
        }
        hull.removeLast()
        return hull
    }

    /// Shoelace area (absolute).
    static func area(_ p: [(Double, Double)]) -> Double {
        var s = 0.0
        for k in 0..<p.count {
            let a = p[k], b = p[(k + 1) % p.count]
            s += a.0 * b.1 - b.0 * a.1
        }
        return abs(s) / 2
    }

    /// The largest-area quad whose corners are hull vertices, in hull order: for every diagonal
    /// (i, k), the farthest vertex on each side of it.
    static func largestQuad(in hull: [(Double, Double)]) -> [(Double, Double)]? {
        func twice(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Double {
            abs((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0))
        }
        // A raster region's hull has many nearly collinear vertices along each side: drop those
        // within half a pixel of the chord between their neighbours (corners stay), then thin
        // evenly if still too many.
        var v = hull
        var k = 0
        while v.count > 4 && k < v.count {
            let a = v[(k + v.count - 1) % v.count], b = v[k], c = v[(k + 1) % v.count]
            let chord = ((c.0 - a.0) * (c.0 - a.0) + (c.1 - a.1) * (c.1 - a.1)).squareRoot()
            if chord > 0 && twice(a, b, c) / chord < 0.5 { v.remove(at: k) } else { k += 1 }
        }
        while v.count > 48 {
            v = stride(from: 0, to: v.count, by: 2).map { v[$0] }
        }
        let n = v.count
        guard n >= 4 else { return nil }
        var best = 0.0
        var corners = (0, 1, 2, 3)
        for i in 0..<n {
            for k in stride(from: i + 2, to: n, by: 1) where k - i <= n - 2 {
                var bestJ = -1, bestJArea = 0.0
                for j in (i + 1)..<k {
                    let a = twice(v[i], v[j], v[k])
                    if a > bestJArea { bestJArea = a; bestJ = j }
                }
                var bestL = -1, bestLArea = 0.0
                for l in (k + 1)..<(n + i) {
                    let a = twice(v[i], v[k], v[l % n])
                    if a > bestLArea { bestLArea = a; bestL = l % n }
                }
                if bestJ >= 0 && bestL >= 0 && bestJArea + bestLArea > best {
                    best = bestJArea + bestLArea
                    corners = (i, bestJ, k, bestL)
                }
            }
        }
        guard best > 0 else { return nil }
        return [v[corners.0], v[corners.1], v[corners.2], v[corners.3]]
    }
}
