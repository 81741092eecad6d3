import ScanCore

/// Moves a page's corners out to the tips of its paper. The sides of a curled or folded sheet
/// bend near their ends, and the corners where lines fitted to them cross (`EdgeRefiner`) fall
/// short of the sheet's real corners, which stick out past them. A corner of a sheet is the
/// paper's farthest point in the direction the corner faces (the outward bisector of its two
/// sides). Near each corner the paper is told from the surface beyond by colour, on a grid over a
/// window around the corner; the paper connected to the page (thin bridges to anything alike cut
/// first) is followed out, and the corner moves to its farthest point when that point ends the
/// paper within the window and lies on the way of one of the two sides.
///
/// A corner stays where it is when the paper is not clearly lighter than the surface, when the
/// paper runs on out of the window (another sheet beside or under the page), when its farthest
/// point lies inside the fitted corner (a card's rounded corner), when it leaves the way of both
/// sides (a fingernail over the corner), and when the window around it leaves the frame (a page
/// cut by the frame is `CutPageExtender`'s).
struct CornerTips {
    /// Half-size of the window searched around each corner, as a share of the page's diagonal. On
    /// the generator's curled pages found at JI 0.85–0.98 (seeds 10 and 12–18), the corners found
    /// before were 0.8 % of the diagonal off their tips (median; 2.3 % at the upper quartile),
    /// and 93 % of the true corners lay outside the found outline.
    let reach = 0.04
    /// Fewest pixels the window reaches, for small pages.
    let minimumReach = 8.0
    /// Most grid cells across the window's half-size: larger windows (large photos) are read on a
    /// coarser grid.
    let cellsPerReach = 40
    /// Where the paper's and the surface's colours are read: this share of the window's half-size
    /// inside and outside the corner along its bisector (the median of 5 × 5 pixels).
    let sampleDepth = 0.8
    /// Least colour difference (RGB, grey levels) between the paper and the surface: below it the
    /// two are not told apart reliably. At 40 (with a `paperTolerance` of 20) a page's corner on
    /// the generator's seed 21, against a shaded sheet beside it, moved 29 pixels along that
    /// sheet (JI 0.997, then 0.41 once completed as cut by the frame); at 60 and 30, on the
    /// benchmark set, seeds 10 and 12–22 and the SmartDoc sample and its 12 MP copies, 208 pages
    /// are placed better and 11 worse (by more than 0.005 in JI, at most by 0.025).
    let minimumContrast = 60.0
    /// Largest colour difference from the paper's colour of a cell that counts as paper (it must
    /// also be nearer the paper's colour than the surface's).
    let paperTolerance = 30.0
    /// Radius (cells, 4-connected steps) of the opening that cuts thin bridges from the paper to
    /// anything of its colour beyond it (a light grain of the table, a highlight) before the paper
    /// is followed out from the page.
    let openingRadius = 2
    /// Radius (cells) by which the followed paper grows back over paper cells, so that the
    /// opening does not blunt the tip it is looking for.
    let regrowthRadius = 3
    /// Least distance (pixels) past the fitted corner, along its bisector, for a tip to count.
    let minimumMove = 1.0
    /// Largest distance of the tip from the nearer side's line, as a share of its distance from
    /// the fitted corner: a curled sheet's tip lies on the way of one side (it bends away from
    /// the other), while a fingernail or a blob of paper colour stuck to the corner sits off both.
    /// (Measured in a prototype without it, with a contrast of 40, on the benchmark set and seeds
    /// 10, 12, 13, 17 and 18: of the tips that placed a page worse by more than 0.005 in JI, 8 of
    /// 12 lay farther off, mostly fingernails, against 17 of the 98 that placed one better.)
    let sideOffsetShare = 0.35

    /// `corners` (full-resolution pixels, a convex quad in cyclic order) with each moved out to
    /// its paper's tip where one is found; the others as they are.
    func tips(_ corners: [Point], in image: Image<RGB8>) -> [Point] {
        guard corners.count == 4, !image.isEmpty else { return corners }
        let diagonal = (corners[0].distance(to: corners[2]) + corners[1].distance(to: corners[3])) / 2
        let radius = max(minimumReach, reach * diagonal)
        return image.withUnsafeBufferPointer { pixels in
            (0..<4).map { k in
                tip(of: corners[k], between: corners[(k + 3) % 4], and: corners[(k + 1) % 4], radius: radius,
                    pixels: pixels, width: image.width, height: image.height) ?? corners[k]
            }
        }
    }

    /// The tip of the paper at `corner`, whose sides run to `previous` and `next`, or nil.
    private func tip(of corner: Point, between previous: Point, and next: Point, radius: Double,
                     pixels: UnsafeBufferPointer<RGB8>, width: Int, height: Int) -> Point? {
        let toPrevious = previous - corner, toNext = next - corner
        guard toPrevious.length > 0, toNext.length > 0 else { return nil }
        let sum = -(toPrevious / toPrevious.length) - toNext / toNext.length
        guard sum.length > 1e-6 else { return nil }
        let outward = sum / sum.length
        // The window, in whole pixels around the corner, must lie inside the frame.
        let cells = min(cellsPerReach, Int(radius))
        let step = radius / Double(cells)
        let cx = Int(corner.x.rounded(.down)), cy = Int(corner.y.rounded(.down))
        let span = Int((Double(cells) * step).rounded())
        guard cx - span >= 1, cy - span >= 1, cx + span < width - 1, cy + span < height - 1 else { return nil }
        let colour = { (p: Point) -> SIMD3<Int>? in
            Self.medianColour(around: p, pixels: pixels, width: width, height: height)
        }
        guard let paper = colour(corner - outward * (sampleDepth * radius)),
              let surface = colour(corner + outward * (sampleDepth * radius)),
              Double(Self.squaredDistance(paper, surface)) >= minimumContrast * minimumContrast,
              Self.luminance(paper) >= Self.luminance(surface) else { return nil }
        // The grid: cell (i, j) is pixel (columns[i], rows[j]), at `along` past the corner along
        // the bisector.
        let side = 2 * cells + 1
        let offsets = (0..<side).map { Int((Double($0 - cells) * step).rounded()) }
        let columns = offsets.map { cx + $0 }, rows = offsets.map { cy + $0 }
        let alongX = columns.map { (Double($0) + 0.5 - corner.x) * outward.x }
        let alongY = rows.map { (Double($0) + 0.5 - corner.y) * outward.y }
        let tolerance = Int(paperTolerance * paperTolerance)
        var isPaper = [Bool](repeating: false, count: side * side)
        /// Classifies the cells past the corner by more than `minimumMove` (`beyond`), or the
        /// others; true when any of them is paper.
        func classify(beyond: Bool) -> Bool {
            var any = false
            for j in 0..<side {
                let row = rows[j] * width
                for i in 0..<side where (alongX[i] + alongY[j] > minimumMove) == beyond {
                    let pixel = pixels[row + columns[i]]
                    let v = SIMD3(Int(pixel.r), Int(pixel.g), Int(pixel.b))
                    let toPaper = Self.squaredDistance(v, paper)
                    if toPaper < tolerance && toPaper < Self.squaredDistance(v, surface) {
                        isPaper[j * side + i] = true
                        any = true
                    }
                }
            }
            return any
        }
        // Most corners end their paper: nothing of its colour lies past them, and the rest of the
        // window is not read.
        guard classify(beyond: true) else { return nil }
        _ = classify(beyond: false)
        var grid = CellGrid(side: side, cells: isPaper)
        grid.open(radius: openingRadius)
        let seedOffset = corner - outward * (sampleDepth * radius) - Point(Double(cx), Double(cy))
        let seed = (i: cells + Int((seedOffset.x / step).rounded()), j: cells + Int((seedOffset.y / step).rounded()))
        guard var followed = grid.component(from: seed) else { return nil }
        followed.grow(radius: regrowthRadius, within: isPaper)
        // The cell farthest out along the bisector; none beyond the corner may touch the window's
        // border (the paper runs on).
        var best: (i: Int, j: Int, reach: Double)?
        for j in 0..<side {
            for i in 0..<side where followed.cells[j * side + i] {
                let along = alongX[i] + alongY[j]
                if along > 0 && (i == 0 || j == 0 || i == side - 1 || j == side - 1) { return nil }
                if along > best?.reach ?? -.infinity { best = (i, j, along) }
            }
        }
        guard let best, best.reach > minimumMove else { return nil }
        let tip = Point(Double(columns[best.i]) + 0.5, Double(rows[best.j]) + 0.5)
        let offSides = min(Self.distance(of: tip, fromLineThrough: corner, previous),
                           Self.distance(of: tip, fromLineThrough: corner, next))
        return offSides <= sideOffsetShare * tip.distance(to: corner) ? tip : nil
    }

    /// Per-channel medians of the 5 × 5 pixels around `p`, or nil when `p` lies outside the frame.
    private static func medianColour(around p: Point, pixels: UnsafeBufferPointer<RGB8>, width: Int,
                                     height: Int) -> SIMD3<Int>? {
        let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        var r: [UInt8] = [], g: [UInt8] = [], b: [UInt8] = []
        for py in max(0, y - 2)...min(height - 1, y + 2) {
            for px in max(0, x - 2)...min(width - 1, x + 2) {
                let pixel = pixels[py * width + px]
                r.append(pixel.r)
                g.append(pixel.g)
                b.append(pixel.b)
            }
        }
        let median = { (v: [UInt8]) -> Int in Int(v.sorted()[v.count / 2]) }
        return SIMD3(median(r), median(g), median(b))
    }

    private static func squaredDistance(_ a: SIMD3<Int>, _ b: SIMD3<Int>) -> Int {
        let d = a &- b
        return (d &* d).wrappedSum()
    }

    private static func luminance(_ v: SIMD3<Int>) -> Double {
        0.299 * Double(v.x) + 0.587 * Double(v.y) + 0.114 * Double(v.z)
    }

    private static func distance(of p: Point, fromLineThrough a: Point, _ b: Point) -> Double {
        let d = b - a
        return abs((p - a).cross(d)) / d.length
    }
}

/// A square grid of cells, each set or not, with the 4-connected morphology `CornerTips` needs.
private struct CellGrid {
    let side: Int
    var cells: [Bool]

    /// Erodes then dilates by `radius` steps (a diamond): set regions narrower than the diamond
    /// vanish, the rest keep their shape. Cells beyond the grid count as unset.
    mutating func open(radius: Int) {
        for _ in 0..<radius { cells = stepped(keepingAll: true) }
        for _ in 0..<radius { cells = stepped(keepingAll: false) }
    }

    /// The set cells 4-connected to `seed`, or nil when the seed is outside the grid or unset.
    func component(from seed: (i: Int, j: Int)) -> CellGrid? {
        guard seed.i >= 0, seed.j >= 0, seed.i < side, seed.j < side, cells[seed.j * side + seed.i] else { return nil }
        var reached = [Bool](repeating: false, count: cells.count)
        var stack = [seed.j * side + seed.i]
        reached[stack[0]] = true
        func visit(_ m: Int) {
            if cells[m] && !reached[m] {
                reached[m] = true
                stack.append(m)
            }
        }
        while let n = stack.popLast() {
            let i = n % side, j = n / side
            if i > 0 { visit(n - 1) }
            if i < side - 1 { visit(n + 1) }
            if j > 0 { visit(n - side) }
            if j < side - 1 { visit(n + side) }
        }
        return CellGrid(side: side, cells: reached)
    }

    /// Grows the set cells by `radius` steps, onto cells set in `allowed` only.
    mutating func grow(radius: Int, within allowed: [Bool]) {
        for _ in 0..<radius { cells = stepped(keepingAll: false, within: allowed) }
    }

    /// One step of erosion (`keepingAll`: a cell stays set only with its four neighbours set) or
    /// of dilation (a cell becomes set with any of them set, where `allowed` when given).
    private func stepped(keepingAll: Bool, within allowed: [Bool]? = nil) -> [Bool] {
        var next = [Bool](repeating: false, count: cells.count)
        let side = side
        cells.withUnsafeBufferPointer { c in
            next.withUnsafeMutableBufferPointer { out in
                for j in 0..<side {
                    let hasUp = j > 0, hasDown = j < side - 1
                    for i in 0..<side {
                        let n = j * side + i
                        let left = i > 0 && c[n - 1], right = i < side - 1 && c[n + 1]
                        let up = hasUp && c[n - side], down = hasDown && c[n + side]
                        out[n] = keepingAll ? c[n] && left && right && up && down : c[n] || left || right || up || down
                    }
                }
                if let allowed {
                    for n in 0..<out.count where !allowed[n] { out[n] = false }
                }
            }
        }
        return next
    }
}
