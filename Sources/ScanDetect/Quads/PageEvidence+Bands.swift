import ScanCore

/// A page printed to its edge with a dark band (an ID card's header, an invoice's footer) shows
/// its strongest edge where the band meets the paper, not where the band meets the table: the
/// outline found stops at the band. A side is moved out over such a band when a detected line
/// runs along it farther out and everything between reads as part of the sheet.
extension PageEvidence {
    /// Widest band, as a share of the sheet's extent across the side (band included): an ID-1
    /// card's header is a fifth of its height, and up to a quarter more under perspective.
    static let bandShare = 0.3
    /// Narrowest band (working pixels): thinner strips are the border's own blur.
    static let bandNarrowest = 3.0
    /// Largest angle (degrees) between the side and the line along the band's far edge: the two
    /// are parallel on the sheet, and a narrow band barely converges in perspective.
    static let bandTurn = 4.0
    /// Least colour difference (grey levels, largest over R, G, B) between the band and each
    /// surface it is told from: the paper inside it, the table beyond it, and the table outside
    /// the page's other sides.
    static let bandContrast = 24.0
    /// Least share of the band's samples within half `bandContrast` of its median colour: a band
    /// is one colour, with its lettering the exception.
    static let bandUniformity = 0.6
    /// Least backed share of the band's far edge, and of the neighbouring sides' continuation
    /// across the band (the better of the two, since a finger may cover one).
    static let bandBacking = 0.6
    /// Distance (working pixels) from a side at which the surfaces either side of it are read.
    static let bandProbe = 2.5
    /// Farthest (working pixels) the band's own end may lie to either side of the neighbouring
    /// side's line run on across it: a curled or folded sheet's side bows, and a side fitted a
    /// little off its edge misses the band's end by more than `reach`. With 2, on the generator's
    /// benchmark set six outlines take in their band (JI 0.66–0.98 → 0.68–0.999: three folded
    /// sheets, a curled one, a page on fabric, a receipt among clutter) and on seed 7 one; none
    /// is worse and no false positive is added (seeds 8 and 9, the SmartDoc sample: unchanged).
    /// 3 finds the same.
    static let bandSideShift = 2

    /// The outline (`x`, `y`, clockwise on screen) with each side that stops at the inner edge of
    /// a band printed to the sheet's edge moved out to the band's far edge; the outline itself
    /// when no side does.
    func includingBands(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        movingSides(x: x, y: y) { k, x, y in bandSide(k, x: x, y: y) }
    }

    /// The corners of side `k` moved to the far edge of a band along it, or nil.
    private func bandSide(_ k: Int, x: SIMD4<Double>, y: SIMD4<Double>) -> (p: Point, q: Point)? {
        let p = Point(x: x[k], y: y[k]), q = Point(x: x[(k + 1) % 4], y: y[(k + 1) % 4])
        guard let extent = extent(acrossSide: k, x: x, y: y), extent > 0 else { return nil }
        // The nearest line that passes: a farther one would take in table beyond the band.
        for c in lines(beyondSide: k, x: x, y: y, turn: Self.bandTurn) {
            // The band's share of the sheet's extent, band included.
            let widest = max(c.widths.p, c.widths.q)
            if widest <= Self.bandShare * (extent + widest) && isBand(from: (p, q), to: (c.p, c.q), side: k, x: x, y: y) {
                return (c.p, c.q)
            }
        }
        return nil
    }

    /// Whether the strip between side `inner` (of the outline, index `k`) and `outer` is a band of
    /// the sheet: its far edge backed, the neighbouring sides running on across it, one colour
    /// that differs from the paper inside, from the table beyond and from the table outside the
    /// other sides.
    private func isBand(from inner: (Point, Point), to outer: (Point, Point), side k: Int,
                        x: SIMD4<Double>, y: SIMD4<Double>) -> Bool {
        let outerLength = outer.0.distance(to: outer.1)
        guard backed(outer.0, outer.1, from: 0.1, to: 0.9) >= Self.bandBacking else { return false }
        // The better of the neighbouring sides' continuations, each counted where it lies in the
        // frame, and where it runs best within `bandSideShift` of the side's line.
        let continuation = max(backedNearby(inner.0, outer.0), backedNearby(inner.1, outer.1))
        guard continuation >= Self.bandBacking else { return false }
        // The band's colour, sampled along lines at a third and two thirds of its width.
        var band: [SIMD3<Float>] = []
        for s in [1.0 / 3, 2.0 / 3] {
            let a = inner.0 + (outer.0 - inner.0) * s, b = inner.1 + (outer.1 - inner.1) * s
            band += colours(from: a, to: b, offset: 0, count: Int(outerLength))
        }
        guard band.count >= 8, let bandColour = median(band) else { return false }
        let alike = band.filter { ColorPlanes.difference($0, bandColour) <= Self.bandContrast / 2 }.count
        guard Double(alike) >= Self.bandUniformity * Double(band.count) else { return false }
        // Paper inside the side, table beyond the far edge and outside the other observed sides.
        let surfaces = [colours(from: inner.0, to: inner.1, offset: -Self.bandProbe),
                        colours(from: outer.0, to: outer.1, offset: Self.bandProbe)]
            + tableColours(aroundSidesBut: k, x: x, y: y)
        return surfaces.allSatisfy { samples in
            guard let colour = median(samples) else { return true }
            return ColorPlanes.difference(colour, bandColour) >= Self.bandContrast
        }
    }

    /// The best backed share of the segment a → b and of its parallels up to `bandSideShift`
    /// working pixels to either side, a pixel apart.
    func backedNearby(_ a: Point, _ b: Point) -> Double {
        parallels(a, b).lazy.map { self.backed($0.0, $0.1, from: 0, to: 1) }.max() ?? 0
    }

    /// Whether `backedNearby(a, b) > share`, stopping at the first parallel that is.
    func isBackedNearby(_ a: Point, _ b: Point, above share: Double) -> Bool {
        parallels(a, b).contains { backed($0.0, $0.1, from: 0, to: 1) > share }
    }

    /// The segment a → b and its parallels up to `bandSideShift` working pixels to either side, a
    /// pixel apart; none for a segment shorter than a pixel.
    private func parallels(_ a: Point, _ b: Point) -> [(Point, Point)] {
        let length = a.distance(to: b)
        guard length >= 1 else { return [] }
        let across = Point((b.y - a.y) / length, -(b.x - a.x) / length)
        return (-Self.bandSideShift...Self.bandSideShift).map { shift in
            let offset = across * Double(shift)
            return (a + offset, b + offset)
        }
    }

    /// Backed share of the segment a → b between fractions `from` and `to` of its length.
    func backed(_ a: Point, _ b: Point, from start: Double, to end: Double) -> Double {
        let length = a.distance(to: b)
        guard length >= 1 else { return 0 }
        return backedFraction(from: (a.x, a.y), direction: ((b.x - a.x) / length, (b.y - a.y) / length),
                              start: start * length, end: end * length)
    }

    /// Colours of the working pixels along a → b over its middle 80 %, moved `offset` working
    /// pixels outward (to the left of travel, the outside of a clockwise outline); `count`
    /// samples (32 unless given), those off the frame left out.
    func colours(from a: Point, to b: Point, offset: Double, count: Int = 32) -> [SIMD3<Float>] {
        let length = a.distance(to: b)
        guard length > 0, count > 0 else { return [] }
        let ox = (b.y - a.y) / length * offset, oy = -(b.x - a.x) / length * offset
        return (0..<count).compactMap { i in
            let t = 0.1 + 0.8 * (Double(i) + 0.5) / Double(count)
            return planes.colour(atX: a.x + (b.x - a.x) * t + ox, y: a.y + (b.y - a.y) * t + oy)
        }
    }

    /// The channel-wise median of `samples`, nil when there are none.
    func median(_ samples: [SIMD3<Float>]) -> SIMD3<Float>? {
        guard !samples.isEmpty else { return nil }
        func middle(_ channel: Int) -> Float { samples.map { $0[channel] }.sorted()[samples.count / 2] }
        return SIMD3(middle(0), middle(1), middle(2))
    }
}

extension DetectedLine {
    /// Where this line crosses the line through `a` and `b`, nil when they are parallel.
    func crossing(_ a: Point, _ b: Point) -> Point? {
        let dx = b.x - a.x, dy = b.y - a.y
        let denominator = nx * dx + ny * dy
        guard abs(denominator) > 1e-9 else { return nil }
        let t = (rho - nx * a.x - ny * a.y) / denominator
        return Point(x: a.x + dx * t, y: a.y + dy * t)
    }
}
