import ScanCore

extension CutPageExtender {
    /// `corners` with one side moved out onto the frame's border, or nil when no side qualifies.
    ///
    /// A page cut by the frame often shows a straight line near the cut — a heading's rule, a
    /// table's top, a line of text — that the search takes for the page's side. Such a side stops
    /// short of the border, or crosses it at a slant, on a band of the page itself: the band
    /// looks like the page's interior and unlike the surface beyond the page's other sides, and
    /// the page's edge goes on along its two neighbouring sides to the border, where the page's
    /// visible part ends. A real side near
    /// the border has the background beyond it, or, with another sheet lying there, no edge
    /// going on past its corners. Steps count against the page's own step from the surface
    /// beside it (`isStep`), so a page on a light grey desk is judged too; a page on a surface of
    /// its own colour (white on white) is left alone, since the band cannot tell page from table
    /// there.
    func reachingBorder(_ corners: [Point], in image: Image<RGB8>) -> [Point]? {
        let width = Double(image.width), height = Double(image.height)
        var best: (corners: [Point], reach: Double)?
        for k in 0..<4 {
            let a = k, b = (k + 1) % 4, pa = (k + 3) % 4, pb = (k + 2) % 4
            for border in 0..<4 {
                // How far along their sides (as a multiple of pa → a and pb → b) the neighbours
                // meet the border: beyond the corners, or just short of one where the side
                // crosses the border.
                guard let ta = reach(from: corners[pa], through: corners[a], border: border, width: width, height: height),
                      let tb = reach(from: corners[pb], through: corners[b], border: border, width: width, height: height)
                else { continue }
                let moved = [corners[pa] + (corners[a] - corners[pa]) * ta, corners[pb] + (corners[b] - corners[pb]) * tb]
                // The moved side runs along the border, at least partly on the frame: an end may
                // lie beyond the frame's corner, where the page's corner is cut off by it too.
                let alongBorder = border % 2 == 0 ? moved.map(\.y) : moved.map(\.x)
                let extent = border % 2 == 0 ? height : width
                guard min(alongBorder[0], alongBorder[1]) <= extent + borderTolerance,
                      max(alongBorder[0], alongBorder[1]) >= -borderTolerance,
                      max(ta, tb) < best?.reach ?? .infinity,
                      isPageBand(corners, side: k, to: moved, in: image),
                      neighboursContinue(corners, side: k, to: moved, crossingBorder: min(ta, tb) < 1, in: image)
                else { continue }
                var result = corners
                result[a] = moved[0]
                result[b] = moved[1]
                best = (result, max(ta, tb))
            }
        }
        return best?.corners
    }

    /// The multiple t of `from` → `through` at which that line meets frame border `border`
    /// (0 left, 1 top, 2 right, 3 bottom), when t > 0.9: beyond the corner, however far (the
    /// band and the neighbouring sides decide whether the page goes on), or short of it by at
    /// most a tenth where the side crosses the border at a slant (its corner lies just beyond
    /// the frame, as a rule or a line of text running off the frame puts it).
    private func reach(from p: Point, through q: Point, border: Int, width: Double, height: Double) -> Double? {
        let d = q - p
        let t: Double
        switch border {
        case 0: t = -p.x / d.x
        case 1: t = -p.y / d.y
        case 2: t = (width - p.x) / d.x
        default: t = (height - p.y) / d.y
        }
        return t.isFinite && t > 0.9 ? t : nil
    }

    /// True when the band between side `k` of `corners` and the moved side `moved` (its two
    /// ends) looks like the page's interior (like one of two strips across it, a quarter and half
    /// way to the opposite side) and unlike every background strip measurable beyond the page's
    /// other sides (at least one). The band may be darker than the interior: a heading's coloured
    /// bar or a picture at the head of a page is, and unlike the surface beside the page it is no
    /// strip of it between the page's side and the frame. Only the band's part inside the frame
    /// is read, which must be at least a quarter of it: where a side crosses the border, the
    /// frame's edge beyond it is no sample of the band.
    func isPageBand(_ corners: [Point], side k: Int, to moved: [Point], in image: Image<RGB8>) -> Bool {
        let a = corners[k], b = corners[(k + 1) % 4]
        // The band's middle line, from halfway between a and its moved place to halfway between b
        // and its; where the side crosses the border, only its part inside the frame is read.
        let start = (a + moved[0]) / 2, end = (b + moved[1]) / 2
        guard let inside = insideInterval(from: start, to: end, in: image), inside.upperBound - inside.lowerBound >= 0.25
        else { return false }
        let band = stripMedian(in: image) { t in
            start + (end - start) * (inside.lowerBound + (inside.upperBound - inside.lowerBound) * t)
        }
        let interior = [0.25, 0.5].map { stripAcross(fromSide: k, of: corners, at: $0, in: image) }
        guard interior.contains(where: { colourDistance(band, $0) <= maximumStripDifference }) else { return false }
        let backgrounds = backgroundStrips(besideSide: k, of: corners, in: image)
        return !backgrounds.isEmpty && backgrounds.allSatisfy {
            isStep(colourDistance(band, $0), besidePageContrast: colourDistance(interior[0], $0))
        }
    }

    /// True when `strip`, read along side `k` of `corners` inside the page, is print rather
    /// than paper: a step from every background strip measurable beyond the page's other sides
    /// (at least one), and farther from each than the page's `interior` is. A heading, a picture
    /// or dense print running along a side cut by the frame is; the paper in shade there, or a
    /// strip of the surface between the page's real side and the frame, lies towards the surface.
    func isPrint(_ strip: SIMD3<Double>, besideSide k: Int, of corners: [Point], interior: SIMD3<Double>,
                 in image: Image<RGB8>) -> Bool {
        let backgrounds = backgroundStrips(besideSide: k, of: corners, in: image)
        return !backgrounds.isEmpty && backgrounds.allSatisfy { background in
            let apart = colourDistance(strip, background), page = colourDistance(interior, background)
            return isStep(apart, besidePageContrast: page) && apart > page
        }
    }

    /// The strips just beyond the page's sides other than side `k` (`backgroundStrip`), those
    /// inside the frame.
    private func backgroundStrips(besideSide k: Int, of corners: [Point], in image: Image<RGB8>) -> [SIMD3<Double>] {
        (1..<4).compactMap { backgroundStrip(beyond: (k + $0) % 4, of: corners, in: image) }
    }

    /// True when a colour difference `difference` between two strips is a step from one surface
    /// to another: above `maximumStripDifference`, or, where the page itself differs from the
    /// surface beside it by `contrast` (at least `minimumPageContrast`), at least half of that. A
    /// light page on a light desk steps less than one on wood, but as much along all its sides.
    private func isStep(_ difference: Double, besidePageContrast contrast: Double) -> Bool {
        difference > maximumStripDifference || (contrast >= Self.minimumPageContrast && difference >= contrast / 2)
    }

    /// The smallest colour difference (grey levels, Euclidean over R, G, B of strip medians)
    /// between a page and the surface beside it that `isStep` measures against: below it, on white
    /// on white, shading and noise make up as much of the difference as the page does. (On the
    /// generator's sets every value from 30 to 45 gives the same corners; at 20 one page on a
    /// white table is moved wrongly, at 15 three.)
    static let minimumPageContrast = 30.0

    /// True when the page's edge goes on along the sides next to side `k`, from its corners to
    /// `moved`: across each such stretch the colour still steps as it does across a page's side
    /// (every stretch measurable inside the frame stepping). Beyond a real corner the surface is
    /// the same on both sides of that stretch. At least one stretch must be measurable, unless
    /// the side itself crosses the border (`crossingBorder`: one corner already beyond it), as a
    /// line of text running off the frame at a slant does; when its other end leaves the frame
    /// too, the band decides alone. (A side across the whole frame, both ends beyond it but
    /// neither beyond the border, such as a book's gutter with the facing page beyond, has
    /// nothing to show for it.) A stretch running out of the frame past another border is measured
    /// over its part inside: where a real side's corner lies just beyond the frame, the stretch
    /// along the next side runs on over the desk, far out of the frame. When neither stretch is
    /// measurable so and the side does not cross the border, each is measured over the part of
    /// its strips inside the frame: a side just short of the border (a line of print at the head
    /// of a page taken too close) leaves stretches of a few pixels, whose strips, offset from a
    /// slanted side, end beyond the border.
    private func neighboursContinue(_ corners: [Point], side k: Int, to moved: [Point], crossingBorder: Bool,
                                    in image: Image<RGB8>) -> Bool {
        let centre = corners.reduce(Point.zero, +) / 4
        let stretches = [(corners[k], moved[0]), (corners[(k + 1) % 4], moved[1])].map { start, end in
            visiblePart(from: start, to: end, in: image) ?? (start, end)
        }
        // The sides leading to those corners, from the corners across from side k.
        let sides = [corners[k] - corners[(k + 3) % 4], corners[(k + 1) % 4] - corners[(k + 2) % 4]]
        func steps(clippedToFrame: Bool) -> [Bool] {
            zip(stretches, sides).compactMap { stretch, side -> Bool? in
                let (start, end) = stretch
                guard let step = stepAcross(from: start, to: end, awayFrom: centre, clippedToFrame: clippedToFrame,
                                            in: image) else { return nil }
                // The page's own step across as long a stretch of the side just before its corner.
                let length = side.length
                let back = start - side * (min((end - start).length, length) / max(length, 1e-9))
                let own = stepAcross(from: back, to: start, awayFrom: centre, clippedToFrame: clippedToFrame, in: image)
                return isStep(step, besidePageContrast: own ?? 0)
            }
        }
        var measured = steps(clippedToFrame: false)
        if measured.isEmpty && !crossingBorder { measured = steps(clippedToFrame: true) }
        return (!measured.isEmpty || crossingBorder) && measured.allSatisfy { $0 }
    }

    /// The colour difference between the strips on either side of the segment from `p` to `q`
    /// (`offsetStrip` outward and inward), or nil when either leaves the frame; `clippedToFrame`,
    /// each read over its part inside the frame, nil when less than a quarter of either is.
    func stepAcross(from p: Point, to q: Point, awayFrom centre: Point, clippedToFrame: Bool = false,
                    in image: Image<RGB8>) -> Double? {
        guard let outer = offsetStrip(from: p, to: q, awayFrom: centre, clippedToFrame: clippedToFrame, in: image),
              let inner = offsetStrip(from: p, to: q, awayFrom: centre, inward: true, clippedToFrame: clippedToFrame,
                                      in: image)
        else { return nil }
        return colourDistance(outer, inner)
    }

    /// The offset from the line through `p` and `q` to its side away from `centre`, 1 % of the
    /// photo's long side (at least 4 pixels) long; nil when p and q coincide.
    private func outwardOffset(of p: Point, _ q: Point, from centre: Point, in image: Image<RGB8>) -> Point? {
        let direction = q - p, length = direction.length
        guard length > 0 else { return nil }
        var normal = Point(-direction.y, direction.x) / length
        if normal.dot((p + q) / 2 - centre) < 0 { normal = -normal }
        return normal * max(4, 0.01 * Double(max(image.width, image.height)))
    }

    /// The interval of t in 0…1 over which `p + (q − p) · t` lies at least a pixel inside the
    /// frame, or nil when it nowhere does (Liang–Barsky clipping).
    private func insideInterval(from p: Point, to q: Point, in image: Image<RGB8>) -> ClosedRange<Double>? {
        let d = q - p
        var low = 0.0, high = 1.0
        // Each frame border as: offset of p inside it, and the rate d moves towards it.
        let limits = [(p.x - 1, -d.x), (Double(image.width) - 1 - p.x, d.x),
                      (p.y - 1, -d.y), (Double(image.height) - 1 - p.y, d.y)]
        for (room, rate) in limits {
            if rate == 0 {
                if room < 0 { return nil }
            } else if rate > 0 {
                high = min(high, room / rate)
            } else {
                low = max(low, room / rate)
            }
        }
        return low <= high ? low...high : nil
    }

    /// The part inside the frame of the segment from `p` to `q` when `q` lies beyond the frame
    /// (more than `borderTolerance` out); nil when `q` is in the frame, or no part is.
    private func visiblePart(from p: Point, to q: Point, in image: Image<RGB8>) -> (Point, Point)? {
        let w = Double(image.width), h = Double(image.height), t = borderTolerance
        guard q.x < -t || q.y < -t || q.x > w + t || q.y > h + t,
              let inside = insideInterval(from: p, to: q, in: image) else { return nil }
        return (p + (q - p) * inside.lowerBound, p + (q - p) * inside.upperBound)
    }

    private func isInside(_ point: Point, _ image: Image<RGB8>) -> Bool {
        point.x >= 0 && point.y >= 0 && point.x < Double(image.width) && point.y < Double(image.height)
    }

    /// Strip medians just beyond side `k` of `corners` (1 % of the photo's long side out from
    /// it), or nil when that strip leaves the frame.
    private func backgroundStrip(beyond k: Int, of corners: [Point], in image: Image<RGB8>) -> SIMD3<Double>? {
        offsetStrip(from: corners[k], to: corners[(k + 1) % 4], awayFrom: corners.reduce(Point.zero, +) / 4, in: image)
    }

    /// Strip medians along the segment from `p` to `q` moved by `outwardOffset` away from `centre`
    /// (towards it when `inward`), or nil when p and q coincide or the strip leaves the frame;
    /// `clippedToFrame`, over the strip's part inside the frame, nil when that is less than a
    /// quarter of it.
    private func offsetStrip(from p: Point, to q: Point, awayFrom centre: Point, inward: Bool = false,
                             clippedToFrame: Bool = false, in image: Image<RGB8>) -> SIMD3<Double>? {
        guard var offset = outwardOffset(of: p, q, from: centre, in: image) else { return nil }
        if inward { offset = -offset }
        if clippedToFrame {
            let start = p + offset, along = q - p
            guard let inside = insideInterval(from: start, to: q + offset, in: image),
                  inside.upperBound - inside.lowerBound >= 0.25 else { return nil }
            return stripMedian(in: image) { t in
                start + along * (inside.lowerBound + (inside.upperBound - inside.lowerBound) * t)
            }
        }
        let direction = q - p
        guard isInside(p + direction * 0.1 + offset, image), isInside(p + direction * 0.9 + offset, image) else { return nil }
        return stripMedian(in: image) { t in p + direction * t + offset }
    }
}
