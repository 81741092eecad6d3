import ScanCore

extension CutPageExtender {
    /// Whether the lines of print on the visible part of a cut page run along the cut side
    /// (true), across it (false), or neither clearly (nil: little or no text, or a grid).
    ///
    /// The visible part is the quad from the cut side `a`–`b` to the opposite side `pb`–`pa`,
    /// one of its sides `pa`–`a` and `pb`–`b` trimmed so that the side replacing the cut, which
    /// the frame may cross at a slant, is parallel to the opposite side on the page's plane
    /// (`visibleRectangle`): the quad is then a rectangle on the page. Mapped onto a unit square
    /// by the homography through its corners, lines of the square parallel to a side are lines
    /// of the page, so its brightness is averaged along each family into a profile across it.
    /// Lines of text and the gaps between them make the profile across them alternate; along
    /// them, words and letters average out. The family whose profile alternates more by
    /// `printRatio` is the print's direction.
    func printRunsAlongCut(a: Point, b: Point, pa: Point, pb: Point, in image: Image<RGB8>) -> Bool? {
        guard a.distance(to: pa) > 0, b.distance(to: pb) > 0 else { return nil }
        let (a, b) = visibleRectangle(a: a, b: b, pa: pa, pb: pb, width: image.width, height: image.height)
        let square = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        guard let toPhoto = Homography(from: square, to: [a, b, pb, pa]) else { return nil }
        let alongCut = (a.distance(to: b) + pa.distance(to: pb)) / 2
        let acrossCut = (a.distance(to: pa) + b.distance(to: pb)) / 2
        // Rows parallel to the cut side, profiled across them (v from the cut to the opposite side).
        let rows = alternation(profileLength: acrossCut, in: image) { v, u in toPhoto.apply(Point(u, v)) }
        let columns = alternation(profileLength: alongCut, in: image) { u, v in toPhoto.apply(Point(u, v)) }
        guard rows + columns > 0 else { return nil }
        if rows >= Self.printRatio * columns { return true }
        if columns >= Self.printRatio * rows { return false }
        return nil
    }

    /// The corners replacing `a` and `b` that close the visible part of a cut page as a rectangle
    /// on its plane: one of them stays, the other moves towards the opposite side along its side
    /// until the line through both is parallel on the page to the opposite side `pa`–`pb`, that
    /// is, passes through that side's vanishing point (`PageCompletion`'s camera, for a
    /// `width × height` photo and `focalLength`). Where the camera gives no such point within the
    /// visible sides, both sides are trimmed to the same length in the photo, which is nearly that
    /// for a page seen from above.
    func visibleRectangle(a: Point, b: Point, pa: Point, pb: Point, width: Int, height: Int) -> (a: Point, b: Point) {
        let sideA = HomogeneousVector(pa).cross(HomogeneousVector(a))
        let sideB = HomogeneousVector(pb).cross(HomogeneousVector(b))
        let opposite = HomogeneousVector(pa).cross(HomogeneousVector(pb))
        let camera = PageCompletion(width: width, height: height, focalLength: focalLength)
        let across = camera.perpendicularVanishingPoint(to: sideA.cross(sideB), onSide: opposite)
        // The point where the line from `corner` through the vanishing point meets `side`, as a
        // share of the way from `start` to `end` (that side's visible part).
        func share(from corner: Point, toSide side: HomogeneousVector, start: Point, end: Point) -> Double? {
            guard let p = HomogeneousVector(corner).cross(across).cross(side).point else { return nil }
            let d = end - start
            return (p - start).dot(d) / d.dot(d)
        }
        if let t = share(from: a, toSide: sideB, start: pb, end: b), t > 0, t <= 1 {
            return (a, pb + (b - pb) * t)
        }
        if let t = share(from: b, toSide: sideA, start: pa, end: a), t > 0, t <= 1 {
            return (pa + (a - pa) * t, b)
        }
        let seenA = a.distance(to: pa), seenB = b.distance(to: pb), seen = min(seenA, seenB)
        return (pa + (a - pa) * (seen / seenA), pb + (b - pb) * (seen / seenB))
    }

    /// How much the brightness profile across a family of lines alternates: the mean squared
    /// change, in grey levels, between samples about `profileStep` pixels apart. `point(s, t)` is
    /// the photo point at position s (0…1) across the family, `profileLength` pixels long, and t
    /// (0…1) along its line; each profile sample is the mean luminance along a line's middle 80 %
    /// (evenly in the photo), and the profile's middle 90 % is read.
    private func alternation(profileLength: Double, in image: Image<RGB8>,
                             _ point: (Double, Double) -> Point) -> Double {
        let count = min(Self.maximumProfileSamples, max(16, Int(profileLength / Self.profileSpacing)))
        let perLine = Self.samplesPerLine
        var profile = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let s = 0.05 + 0.9 * Double(i) / Double(count - 1)
            // The homography maps the line to a straight one: sampled evenly between its ends in
            // the photo (a point mapped to infinity, by an outline that is no convex quad, leaves
            // the sample at 0).
            let start = point(s, 0.1), end = point(s, 0.9)
            guard start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { continue }
            var sum = 0
            for j in 0..<perLine {
                let p = start + (end - start) * (Double(j) / Double(perLine - 1))
                let x = min(image.width - 1, max(0, Int(p.x))), y = min(image.height - 1, max(0, Int(p.y)))
                let pixel = image[x, y]
                sum += 2 * Int(pixel.r) + 5 * Int(pixel.g) + Int(pixel.b)
            }
            profile[i] = Double(sum) / Double(8 * perLine)
        }
        let spacing = 0.9 * profileLength / Double(count - 1)
        let lag = max(1, Int((Self.profileStep / spacing).rounded()))
        guard count > lag else { return 0 }
        var energy = 0.0
        for i in lag..<count {
            let d = profile[i] - profile[i - lag]
            energy += d * d
        }
        return energy / Double(count - lag)
    }

    /// How many times more one profile must alternate than the other for the print's direction
    /// to count as known.
    static let printRatio = 2.0
    /// Spacing, in photo pixels, of a profile's samples: well under a line of small type.
    static let profileSpacing = 2.0
    /// Distance, in photo pixels, over which a profile's change is measured: about half a line
    /// of small type, from ink to gap.
    static let profileStep = 4.0
    /// Most samples in a profile (a page across a 12-megapixel photo is sampled more sparsely).
    static let maximumProfileSamples = 400
    /// Samples averaged along each line of a profile.
    static let samplesPerLine = 48
}
