import ScanCore

/// Completes a page cut by the frame. A hypothesis closed by the frame has one side lying on the
/// frame's border; the page's real side is hidden beyond it. The two sides meeting that border
/// keep their directions and are lengthened until the page's extent across the cut, measured on
/// the page's plane (`PageCompletion`), reaches the paper's proportion against the opposite,
/// visible side: its long side when the print runs along the cut (the cut is an upright page's
/// head or foot), its short side when the print runs across it, else whichever exceeds what is
/// already seen (`extent`, `printRunsAlongCut`). Where the sides give no plane, the same is done
/// with lengths in the photo. It extends only when the page continues past the border: the strip
/// just inside the cut side must look like the page's interior, or be print (`isPrint`), not like
/// a background strip between the page's real side and the frame. A side that stops just short
/// of the border on the page itself (a rule or a table's top taken for the side) is first moved
/// onto the border (`reachingBorder`). A page whose corner the frame cuts off, outlined with a
/// corner on the border and a chord across the page from it, has that corner completed where
/// its two sides meet beyond the frame (`completingCutCorner`).
struct CutPageExtender {
    /// Long-to-short side ratio of the paper assumed for the hidden part (A4 is 1.41, Letter 1.29).
    let aspectRatio: Double
    /// The camera's focal length in pixels where the photo states it (EXIF); nil assumes a phone's
    /// main camera (`PageCompletion`).
    var focalLength: Double? = nil
    /// Distance, in pixels, within which a corner counts as lying on the frame's border.
    let borderTolerance: Double = 1.5
    /// Largest colour difference (grey levels, Euclidean over R, G, B, of strip medians) between
    /// two strips of the same surface: for the page to continue past the border, the strip along
    /// the cut side and each of two strips across the page's interior (a quarter and half way to
    /// the opposite side) must differ by no more, unless the interior strip is the darker
    /// (`isPageInterior`); text and shading stay well below it, a different surface does not.
    let maximumStripDifference: Double = 80
    /// Distance, in pixels, of the border strip inside the cut side.
    let stripInset: Double = 3

    /// The extended corners (same cyclic order), or `corners` unchanged when not exactly one side
    /// lies on the frame's border (after `reachingBorder`) or no proportion is longer than the
    /// visible part; with no side on the border, a corner the frame cuts off completed
    /// (`completingCutCorner`).
    func extend(_ corners: [Point], in image: Image<RGB8>) -> [Point] {
        guard corners.count == 4 else { return corners }
        // A side stopping short of the border on the page itself is first moved onto it.
        let corners = sidesOnBorder(of: corners, in: image).isEmpty ? reachingBorder(corners, in: image) ?? corners : corners
        let cut = sidesOnBorder(of: corners, in: image)
        if cut.isEmpty, let completed = completingCutCorner(corners, in: image) { return completed }
        guard cut.count == 1, let k = cut.first else { return corners }
        // The cut side runs a → b; pa and pb are their neighbours across the visible sides.
        let a = k, b = (k + 1) % 4, pa = (k + 3) % 4, pb = (k + 2) % 4
        let opposite = corners[pa].distance(to: corners[pb])
        let visible = (corners[pa].distance(to: corners[a]) + corners[pb].distance(to: corners[b])) / 2
        guard opposite > 0, visible > 0 else { return corners }
        // Strips across the page at fraction s of the way from the cut side to the opposite one.
        let strip = { (s: Double) in self.stripAcross(fromSide: k, of: corners, at: s, in: image) }
        let border = strip(stripInset / visible)
        let interior = [strip(0.25), strip(0.5)]
        guard interior.allSatisfy({ isPageInterior($0, besideBorderStrip: border) })
                || isPrint(border, besideSide: k, of: corners, interior: interior[0], in: image) else { return corners }
        var result = corners
        // The print's direction is read once, and only when the length depends on it.
        var printAlongCut: Bool??
        let extent = { (width: Double, seen: Double) -> Double? in
            guard self.dependsOnPrint(width: width, seen: seen) else {
                return self.extent(width: width, seen: seen, printAlongCut: nil)
            }
            let direction = printAlongCut ?? self.printRunsAlongCut(a: corners[a], b: corners[b],
                                                                    pa: corners[pa], pb: corners[pb], in: image)
            printAlongCut = direction
            return self.extent(width: width, seen: seen, printAlongCut: direction)
        }
        let camera = PageCompletion(width: image.width, height: image.height, focalLength: focalLength)
        if let completed = camera.complete(a: corners[a], b: corners[b], pa: corners[pa], pb: corners[pb],
                                           extent: extent) {
            result[a] = completed.a
            result[b] = completed.b
            return result
        }
        // No usable plane (the sides do not recede as a flat page's do): lengthen in the photo.
        guard let length = extent(opposite, visible) else { return corners }
        result[a] = corners[pa] + (corners[a] - corners[pa]) * (length / visible)
        result[b] = corners[pb] + (corners[b] - corners[pb]) * (length / visible)
        return result
    }

    /// The page's length across the cut for a visible opposite side `width` and a visible length
    /// `seen`: the first of the lengths below that exceeds what is seen, nil when none does.
    /// Documents are mostly upright pages, their lines of print along the short side: with the
    /// print along the cut (`printAlongCut`, `printRunsAlongCut`), the cut is the page's top or
    /// bottom and the length its long side (`aspectRatio`'s, else US Legal's); with the print
    /// across the cut, the cut is a side and the length the short side (`aspectRatio`'s, else US
    /// Letter's, which is wider), then the lengths of a page on its side. Without a direction:
    /// the paper's short or long side for that width, whichever first exceeds what is seen, or
    /// else the long side of `longestPaperRatio`.
    func extent(width: Double, seen: Double, printAlongCut: Bool?) -> Double? {
        let lengths: [Double]
        switch printAlongCut {
        case true?: lengths = [width * aspectRatio, width * Self.longestPaperRatio]
        case false?:
            lengths = [width / aspectRatio, width / Self.letterRatio,
                       width * aspectRatio, width * Self.longestPaperRatio]
        case nil: lengths = [width / aspectRatio, width * aspectRatio, width * Self.longestPaperRatio]
        }
        return lengths.first { $0 >= seen * 1.02 }
    }

    /// Whether `extent` depends on the print's direction: only while what is seen could still be
    /// the short side of an upright page, `aspectRatio`'s or US Letter's (beyond, every direction
    /// gives the same length).
    func dependsOnPrint(width: Double, seen: Double) -> Bool {
        seen * 1.02 <= width / min(aspectRatio, Self.letterRatio)
    }

    /// Long-to-short side ratio of US Letter (11 × 8.5 in).
    static let letterRatio = 11 / 8.5

    /// Whether an interior strip fits a page that goes on to the border strip: alike
    /// (`maximumStripDifference`), or darker, as print on the paper is; a strip much lighter than
    /// the border's means the border strip is not paper but a darker surface beyond the page.
    func isPageInterior(_ interior: SIMD3<Double>, besideBorderStrip border: SIMD3<Double>) -> Bool {
        colourDistance(border, interior) <= maximumStripDifference || interior.sum() < border.sum()
    }

    /// Long-to-short side ratio of the longest common paper, US Legal (14 × 8.5 in): a page seen
    /// longer than `aspectRatio` allows that still runs on past the border is taken to be one.
    static let longestPaperRatio = 14 / 8.5

    /// Strip medians along the line a share `s` of the way from side `k` of `corners` (corner k
    /// to corner k + 1) to the side across from it, each point joining a point of the side to the
    /// point as far along the side across.
    func stripAcross(fromSide k: Int, of corners: [Point], at s: Double, in image: Image<RGB8>) -> SIMD3<Double> {
        let a = corners[k], b = corners[(k + 1) % 4], pa = corners[(k + 3) % 4], pb = corners[(k + 2) % 4]
        return stripMedian(in: image) { t in
            let onSide = a + (b - a) * t, onOpposite = pa + (pb - pa) * t
            return onSide + (onOpposite - onSide) * s
        }
    }

    /// Per-channel medians of the pixels at `point(t)` for t evenly spread over 0.1…0.9.
    func stripMedian(in image: Image<RGB8>, _ point: (Double) -> Point) -> SIMD3<Double> {
        let count = 33
        var r = [UInt8](), g = [UInt8](), b = [UInt8]()
        r.reserveCapacity(count)
        g.reserveCapacity(count)
        b.reserveCapacity(count)
        for i in 0..<count {
            let p = point(0.1 + 0.8 * Double(i) / Double(count - 1))
            let x = min(image.width - 1, max(0, Int(p.x))), y = min(image.height - 1, max(0, Int(p.y)))
            let pixel = image[x, y]
            r.append(pixel.r)
            g.append(pixel.g)
            b.append(pixel.b)
        }
        let median = { (v: [UInt8]) -> Double in Double(v.sorted()[count / 2]) }
        return SIMD3(median(r), median(g), median(b))
    }

    func colourDistance(_ p: SIMD3<Double>, _ q: SIMD3<Double>) -> Double {
        let d = p - q
        return (d * d).sum().squareRoot()
    }

    /// Indices k of the sides (corner k to corner k + 1) lying on the frame's border.
    func sidesOnBorder(of corners: [Point], in image: Image<RGB8>) -> [Int] {
        let edges = corners.map { borderEdges(of: $0, width: Double(image.width), height: Double(image.height)) }
        return (0..<4).filter { !edges[$0].intersection(edges[($0 + 1) % 4]).isEmpty }
    }

    private func borderEdges(of p: Point, width: Double, height: Double) -> Set<Int> {
        var edges = Set<Int>()
        if p.x < borderTolerance { edges.insert(0) }
        if p.y < borderTolerance { edges.insert(1) }
        if p.x > width - borderTolerance { edges.insert(2) }
        if p.y > height - borderTolerance { edges.insert(3) }
        return edges
    }
}
