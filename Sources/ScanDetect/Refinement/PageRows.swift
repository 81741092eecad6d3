import ScanCore

/// Rows of a page's plane parallel to its sides, read in the photo for `PrintBeyondSides`. The
/// page's outline (contract order) is mapped onto a unit square by the homography through its
/// corners; the row `s` past side k (a share of the page's extent across the side; inward where
/// negative) is read at `samples` points from 4 % to 96 % of the side's length.
struct PageRows {
    /// Points read along a row.
    static let samples = 96
    /// Spacing of the rows read, in photo pixels.
    static let spacing = 1.5

    /// A row's levels: grey, 0…255.
    struct Row {
        /// The median of its points.
        let level: Float
        /// The median of its points that are not ink: the paper's level along it.
        let paper: Float
        /// Share of its points that are ink: darker than `PrintedRows.inkShare` of its level.
        let inkShare: Double
    }

    /// The unit square's points to the photo's.
    let toPhoto: Homography
    /// `toPhoto`'s matrix, row-major, read without an array in the loops.
    private let m: (Double, Double, Double, Double, Double, Double, Double, Double, Double)
    private let image: Image<RGB8>
    /// Share of a row's median level under which a point is ink.
    private let inkShare = PrintedRows().inkShare
    /// The last row read: its points' grey levels, the same partly ordered, and which are ink.
    private var grey: [Float], ordered: [Float], ink: [Bool]

    /// The rows of the page outlined by `corners` (contract order) in `image`; nil when the
    /// corners give no homography.
    init?(corners: [Point], image: Image<RGB8>) {
        let square = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        guard corners.count == 4, !image.isEmpty,
              let toPhoto = Homography(from: square, to: corners) else { return nil }
        self.toPhoto = toPhoto
        let h = toPhoto.matrix
        m = (h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
        self.image = image
        grey = [Float](repeating: 0, count: Self.samples)
        ordered = grey
        ink = [Bool](repeating: false, count: Self.samples)
    }

    /// The point of the unit square at `t` along side `k` (clockwise, from its first corner) and
    /// `s` past it.
    @inline(__always)
    static func squarePoint(side k: Int, along t: Double, past s: Double) -> Point {
        switch k {
        case 0: Point(t, -s)
        case 1: Point(1 + s, t)
        case 2: Point(1 - t, 1 + s)
        default: Point(-s, 1 - t)
        }
    }

    /// `toPhoto` applied to the unit square's point `p`.
    @inline(__always)
    private func photoPoint(_ p: Point) -> Point {
        let d = m.6 * p.x + m.7 * p.y + m.8
        return Point((m.0 * p.x + m.1 * p.y + m.2) / d, (m.3 * p.x + m.4 * p.y + m.5) / d)
    }

    /// The row `s` past side `k`, or nil when a point of it lies outside the photo.
    mutating func read(side k: Int, at s: Double) -> Row? {
        let n = Self.samples, width = image.width, height = image.height
        let inFrame: Bool = image.withUnsafeBufferPointer { pixels in
            for i in 0..<n {
                let t = 0.04 + 0.92 * Double(i) / Double(n - 1)
                let p = photoPoint(Self.squarePoint(side: k, along: t, past: s))
                guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { return false }
                grey[i] = PrintedRows.luminance(pixels, width: width, height: height, x: p.x, y: p.y)
            }
            return true
        }
        guard inFrame else { return nil }
        for i in 0..<n { ordered[i] = grey[i] }
        ordered.select(n / 2 - 1)
        let lower = ordered[n / 2 - 1], upper = ordered[(n / 2)...].min()!
        let level = (lower + upper) / 2
        var inked = 0
        for i in 0..<n {
            ink[i] = grey[i] < inkShare * level
            if ink[i] { inked += 1 }
        }
        // The points that are not ink are the lightest ones: their median.
        let middle = inked + (n - 1 - inked) / 2
        ordered.select(middle)
        return Row(level: level, paper: ordered[middle], inkShare: Double(inked) / Double(n))
    }

    /// Adds 1 to `counts` (one per point of a row) where the last row read has ink.
    func addInk(into counts: inout [Int]) {
        for i in 0..<Self.samples where ink[i] { counts[i] += 1 }
    }

    /// The share of rows with ink at each point along side `k`, over the rows from `from` to
    /// `to` past it, `step` apart; nil when one lies outside the photo or there are none.
    mutating func inkProfile(side k: Int, from: Double, to: Double, step: Double) -> [Float]? {
        var counts = [Int](repeating: 0, count: Self.samples), rows = 0
        var s = from
        while s < to {
            guard read(side: k, at: s) != nil else { return nil }
            addInk(into: &counts)
            rows += 1
            s += step
        }
        guard rows > 0 else { return nil }
        return counts.map { Float($0) / Float(rows) }
    }

    /// How far inside side `k` (share of the extent, rows `step` apart) the first row with ink
    /// (`PrintedRows.inkedLine`) lies, within `within`; nil when none does.
    mutating func firstInk(inside k: Int, step: Double, within: Double) -> Double? {
        let inked = PrintedRows().inkedLine
        var s = 0.01
        while s < within {
            if let row = read(side: k, at: -s), row.inkShare > inked { return s }
            s += step
        }
        return nil
    }

    /// The page's paper level: the upper quartile of the grey levels on a 16 × 16 grid over the
    /// middle 80 % of the page (its paper, not its print); nil when the grid lies outside the
    /// photo.
    func paperLevel() -> Float? {
        let n = 16, width = image.width, height = image.height
        var levels: [Float] = []
        levels.reserveCapacity(n * n)
        image.withUnsafeBufferPointer { pixels in
            for j in 0..<n {
                for i in 0..<n {
                    let square = Point(0.1 + 0.8 * Double(i) / Double(n - 1), 0.1 + 0.8 * Double(j) / Double(n - 1))
                    let p = photoPoint(square)
                    guard p.x >= 0, p.y >= 0, p.x < Double(width), p.y < Double(height) else { continue }
                    levels.append(PrintedRows.luminance(pixels, width: width, height: height, x: p.x, y: p.y))
                }
            }
        }
        guard !levels.isEmpty else { return nil }
        levels.select(3 * (levels.count - 1) / 4)
        return levels[3 * (levels.count - 1) / 4]
    }
}
