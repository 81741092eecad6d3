import ScanCore

extension PageEvidence {
    /// Least share of the samples beyond an outline that must have its paper colour for the sheet
    /// to go on there.
    static let continuationShare = 0.5
    /// Largest colour difference (grey levels, the largest over R, G and B) between a sample
    /// and the paper colour for the sample to count as more of the sheet. Print is thin at the
    /// working size and changes few samples; wood, cloth or a dark desk differ by far more.
    static let continuationDifference = 40.0
    /// Samples per row and column of the grid over the larger outline's bounding box.
    static let continuationGrid = 32
    /// Fewest samples beyond the seen outline from which the share is read.
    static let continuationMinimumSamples = 8

    /// Whether the paper inside `outline` (working coordinates, clockwise on screen) goes on past
    /// one of its sides: of the points `ColorPlanes.marginOffset` outside that side, at least
    /// `continuationShare` have the outline's paper colour (`marginColour(of:)`). Beyond a page's
    /// outline lies the desk; beyond a box printed on the page, or a side found on print, lies
    /// more paper. A cheap test, read before searching for a larger sheet around the outline.
    func paperGoesOn(pastASideOf outline: WorkingQuad) -> Bool {
        guard let paper = marginColour(of: outline) else { return false }
        for k in 0..<4 {
            var beyond = 0, alike = 0
            forEachSide(of: outline, from: k, offset: -ColorPlanes.marginOffset) { j in
                beyond += 1
                let colour = SIMD3(planes.red[j], planes.green[j], planes.blue[j])
                if ColorPlanes.difference(colour, paper) <= Self.continuationDifference { alike += 1 }
            }
            if beyond > 0 && Double(alike) >= Self.continuationShare * Double(beyond) { return true }
        }
        return false
    }

    /// Whether the sheet `seen` outlines (working coordinates, clockwise on screen) goes on over
    /// the part of the larger outline `larger` that lies beyond it, within the frame: of a grid of
    /// samples over that part, at least `continuationShare` have `seen`'s paper colour (within
    /// `continuationDifference`). An outline of part of the sheet (a box printed on it)
    /// has paper beyond it; a page's own outline, the desk. False when too little of `larger`
    /// lies beyond `seen` to tell.
    func pageContinues(beyond seen: WorkingQuad, into larger: WorkingQuad) -> Bool {
        guard let paper = marginColour(of: seen) else { return false }
        let inSeen = Self.insideTest(x: seen.x, y: seen.y), inLarger = Self.insideTest(x: larger.x, y: larger.y)
        let left = max(0, larger.x.min()), right = min(Double(planes.width - 1), larger.x.max())
        let top = max(0, larger.y.min()), bottom = min(Double(planes.height - 1), larger.y.max())
        guard left < right, top < bottom else { return false }
        let n = Self.continuationGrid
        var beyond = 0, alike = 0
        for j in 0..<n {
            let py = top + (bottom - top) * (Double(j) + 0.5) / Double(n)
            for i in 0..<n {
                let px = left + (right - left) * (Double(i) + 0.5) / Double(n)
                guard inLarger(px, py), !inSeen(px, py), let colour = planes.colour(atX: px, y: py) else { continue }
                beyond += 1
                if ColorPlanes.difference(colour, paper) <= Self.continuationDifference { alike += 1 }
            }
        }
        return beyond >= Self.continuationMinimumSamples && Double(alike) >= Self.continuationShare * Double(beyond)
    }

    /// How much of the outline of `larger` (working coordinates, clockwise on screen) that lies
    /// beyond `seen` edges back, in unit steps: `backed` of the `steps` along its observed sides
    /// (`observedSides`: not cut by the frame) that lie outside `seen` by more than `reach`
    /// (nearer, they are on `seen`'s own edge), in the frame and off its border.
    func backedOutline(of larger: WorkingQuad, beyond seen: WorkingQuad) -> (backed: Int, steps: Int) {
        let inSeen = Self.insideTest(x: seen.x, y: seen.y), seenCorners = seen.corners
        let border = Self.borderTolerance
        let right = Double(planes.width) - border, bottom = Double(planes.height) - border
        var backed = 0, steps = 0
        for side in observedSides(x: larger.x, y: larger.y) {
            let p = Point(side.p.x, side.p.y), q = Point(side.q.x, side.q.y)
            let length = p.distance(to: q)
            let u = (q - p) / length
            for s in 0..<Int(length) {
                let c = p + u * (Double(s) + 0.5)
                guard c.x >= border, c.y >= border, c.x <= right, c.y <= bottom, !inSeen(c.x, c.y),
                      FoldedPage.distance(from: c, to: seenCorners) > reach else { continue }
                steps += 1
                if backedFraction(from: (p.x, p.y), direction: (u.x, u.y), start: Double(s), end: Double(s + 1)) > 0 {
                    backed += 1
                }
            }
        }
        return (backed, steps)
    }

    /// The paper colour of the outline's margin (`ColorPlanes.forEachMarginPixel` along its four
    /// sides): each channel's upper quartile, since print only darkens paper and at the working
    /// size a box full of text reads grey at its median; nil when no side is long enough to read.
    func marginColour(of outline: WorkingQuad) -> SIMD3<Float>? {
        var margin: [SIMD3<Float>] = []
        for k in 0..<4 {
            forEachSide(of: outline, from: k, offset: ColorPlanes.marginOffset) { j in
                margin.append(SIMD3(planes.red[j], planes.green[j], planes.blue[j]))
            }
        }
        guard !margin.isEmpty else { return nil }
        func quartile(_ channel: Int) -> Float { margin.map { $0[channel] }.sorted()[margin.count * 3 / 4] }
        return SIMD3(quartile(0), quartile(1), quartile(2))
    }

    /// Calls `body` with the working pixels `offset` inside side `k` of `outline` (from corner
    /// `k` to the next; negative: outside), none for a side shorter than 4 pixels.
    private func forEachSide(of outline: WorkingQuad, from k: Int, offset: Double, _ body: (Int) -> Void) {
        let p = (x: outline.x[k], y: outline.y[k]), q = (x: outline.x[(k + 1) % 4], y: outline.y[(k + 1) % 4])
        let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
        guard length >= 4 else { return }
        planes.forEachMarginPixel(from: p, direction: ((q.x - p.x) / length, (q.y - p.y) / length), length: length,
                                  offset: offset, body)
    }
}
