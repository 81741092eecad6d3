import ScanCore

/// An outline may run past its page at a side found on the table: a grain line or a tile joint
/// parallel to the page's edge. The outline then takes in a strip of table, across which the
/// neighbouring sides run on where the page's own sides have stopped at its corners: they are not
/// backed there. Such a side is moved in to the page's edge, the detected line where the
/// neighbouring sides' edges end.
extension PageEvidence {
    /// Widest strip, as a share of the outline's extent across the side (strip included).
    static let tableStripShare = 0.4
    /// Most backed share of the neighbouring sides across the strip: the page's sides end at the
    /// strip, and the table's grain or joints cross the sides' lines there rather than run along.
    static let tableStripBacking = 0.25

    /// The outline (`x`, `y`, clockwise on screen) with each side that runs past the page's edge
    /// moved in to that edge; the outline itself when no side does.
    func excludingTable(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        // The margin's colour, read only for a side whose strip the edges leave open.
        lazy var paper = marginColour(of: WorkingQuad(x: x, y: y, confidence: 0))
        return movingSides(x: x, y: y) { k, x, y in pageEdge(withinSide: k, x: x, y: y, paper: { paper }) }
    }

    /// The corners of side `k` moved in to the farthest detected line inside it that is backed,
    /// across which the neighbouring sides are backed inside and not outside, and outside which
    /// the strip is not paper (colour `paper`: the outline's margin) but has the colour of the
    /// table outside the other sides (within `bandContrast`), or nil. (Where the table is as
    /// light as the paper, the strip's colour cannot tell a grain line from a line of print, and
    /// no side is moved; nor is one over a band printed to the sheet's edge, a shaded strip of
    /// it or a pen lying along it, none of which has the table's colour.)
    private func pageEdge(withinSide k: Int, x: SIMD4<Double>, y: SIMD4<Double>,
                          paper: () -> SIMD3<Float>?) -> (p: Point, q: Point)? {
        let p = Point(x: x[k], y: y[k]), q = Point(x: x[(k + 1) % 4], y: y[(k + 1) % 4])
        guard let extent = extent(acrossSide: k, x: x, y: y), extent > 0 else { return nil }
        // The table outside the other observed sides, which a strip of table continues; read only
        // once a strip qualifies.
        lazy var table = median(tableColours(aroundSidesBut: k, x: x, y: y).flatMap { $0 })
        // The farthest line that passes: a grain line just outside the page's edge passes too.
        var edge: (p: Point, q: Point)?
        for c in lines(beyondSide: k, x: x, y: y, turn: Self.bandTurn, inward: true) {
            guard max(c.widths.p, c.widths.q) <= Self.tableStripShare * extent else { break }
            // Each neighbouring side across the strip (a line of print inside the page fails here,
            // the page's sides running on past it), and inside the line over as long again.
            guard !isBackedNearby(c.p, p, above: Self.tableStripBacking),
                  !isBackedNearby(q, c.q, above: Self.tableStripBacking),
                  max(backedNearby(c.p + (c.p - p), c.p), backedNearby(c.q, c.q + (c.q - q))) >= Self.bandBacking,
                  backed(c.p, c.q, from: 0.1, to: 0.9) >= Self.bandBacking else { continue }
            let strip = stripColours(from: (p, q), to: c)
            if let paper = paper(), !Self.isPaper(strip, paper), let table, let colour = median(strip),
               ColorPlanes.difference(colour, table) <= Self.bandContrast {
                edge = (c.p, c.q)
            }
        }
        return edge
    }
}
