import ScanCore

/// Completes a page cut by the frame. A hypothesis closed by the frame has one side lying on the
/// frame's border; the page's real side is hidden beyond it. The two sides meeting that border
/// keep their directions and are lengthened, both by the same factor, until the page's extent
/// across the cut reaches the first plausible paper proportion, measured against the opposite
/// (visible) side, that exceeds what is already seen.
struct CutPageExtender {
    /// Long-to-short side ratio of the paper assumed for the hidden part (A4 is 1.41, Letter 1.29).
    let aspectRatio: Double
    /// Distance, in pixels, within which a corner counts as lying on the frame's border.
    let borderTolerance: Double = 1.5

    /// The extended corners (same cyclic order), or `corners` unchanged when exactly one side
    /// does not lie on the frame's border or no proportion is longer than the visible part.
    func extend(_ corners: [Point], width: Int, height: Int) -> [Point] {
        guard corners.count == 4 else { return corners }
        let edges = corners.map { borderEdges(of: $0, width: Double(width), height: Double(height)) }
        let cut = (0..<4).filter { !edges[$0].intersection(edges[($0 + 1) % 4]).isEmpty }
        guard cut.count == 1, let k = cut.first else { return corners }
        // The cut side runs a → b; pa and pb are their neighbours across the visible sides.
        let a = k, b = (k + 1) % 4, pa = (k + 3) % 4, pb = (k + 2) % 4
        let opposite = distance(corners[pa], corners[pb])
        let visible = (distance(corners[pa], corners[a]) + distance(corners[pb], corners[b])) / 2
        guard opposite > 0, visible > 0 else { return corners }
        let proportions = [1 / aspectRatio, 1 / shortAspect, shortAspect, aspectRatio].map { $0 * opposite }
        guard let extent = proportions.first(where: { $0 >= visible * 1.02 }) else { return corners }
        let factor = extent / visible
        var result = corners
        result[a] = corners[pa] + (corners[a] - corners[pa]) * factor
        result[b] = corners[pb] + (corners[b] - corners[pb]) * factor
        return result
    }

    /// The squarer of the two common paper proportions (Letter), never above `aspectRatio`.
    private var shortAspect: Double { min(1.29, aspectRatio) }

    private func borderEdges(of p: Point, width: Double, height: Double) -> Set<Int> {
        var edges = Set<Int>()
        if p.x < borderTolerance { edges.insert(0) }
        if p.y < borderTolerance { edges.insert(1) }
        if p.x > width - borderTolerance { edges.insert(2) }
        if p.y > height - borderTolerance { edges.insert(3) }
        return edges
    }

    private func distance(_ p: Point, _ q: Point) -> Double {
        let dx = p.x - q.x, dy = p.y - q.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
