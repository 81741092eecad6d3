import ScanCore

/// Whether an outline holds lines of print: what tells a sheet of paper from a blank surface of
/// the same shape (a table top, a mat, a dark screen, a stretch of floor). The outline is mapped
/// onto a small grid by the homography through its corners, so that rows of the grid are lines of
/// the page; a cell is ink where it is clearly darker than the paper around it (its median over
/// five cells along its row, then five along its column, so that letters, rules and figures are
/// ink and shading is not). Lines of text and the gaps between them make the grid's rows alternate
/// between rows with ink and blank rows; a blank surface shows no such rows. On a ground darker
/// than white paper, print may also be lighter than it (an ID card lettered in white, a caption
/// on a dark band). Read on the full-resolution photo, where body text is still sharp: on the
/// working copy small type blurs into the paper.
struct PrintedRows {
    /// Grid cells across the outline's width (its height gets as many per unit of length).
    let columns = 96
    /// Share of the grid left out along each side: the page's margin and a side's own edge.
    let inset = 0.06
    /// Share of the paper level under which a cell is ink.
    let inkShare: Float = 0.8
    /// Paper level (grey, 0…255) under which no cell counts as ink: a dark surface is no paper.
    let darkestPaper: Float = 60
    /// Paper level (grey) under which a cell lighter than it (above it divided by `inkShare`) is
    /// ink too: white lettering on a coloured card. On a lighter ground, white paper, nothing
    /// lighter is print, only glare and the light joints of tiles. (Read one way only, dark cards
    /// with white lettering kept half to three quarters of their confidence: on the generator's
    /// fresh sets 25 of 2,020 pages found read fewer than 4 changes, against 6 now. Read both
    /// ways on every ground, one more false positive, a tiled floor.)
    let lightPrintGround: Float = 150
    /// Share of a grid line's cells that are ink for it to count as a line with ink: a line of
    /// text inks far more, a few coins, a pen or a key's legend less. (At 0.03 rather than 0.04,
    /// seven more false positives on the generator's fresh sets; at 0.05, four fewer, and eight
    /// pages lost.)
    let inkedLine = 0.04
    /// Share of a grid line's cells under which it is blank; lines between the two shares leave
    /// the count unchanged.
    let blankLine = 0.01

    /// The number of changes between lines with ink and blank lines along the outline's height or
    /// its width, whichever has more (pages are printed both ways up): about twice the lines of
    /// print for a page of text, 0 for a blank surface. Counting stops at `enough` (the grid is
    /// read row by row, and a page printed along its rows shows that many long before its end).
    /// `corners` are in full-resolution pixels, in contract order (top-left, top-right,
    /// bottom-right, bottom-left); 0 when they give no homography.
    func transitions(in image: Image<RGB8>, corners: [Point], enough: Int = .max) -> Int {
        guard corners.count == 4, !image.isEmpty else { return 0 }
        let width = corners[0].distance(to: corners[1]) + corners[3].distance(to: corners[2])
        let height = corners[0].distance(to: corners[3]) + corners[1].distance(to: corners[2])
        guard width > 0, height > 0 else { return 0 }
        let rows = min(4 * columns, max(32, Int(Double(columns) * height / width)))
        let rectangle = [Point(0, 0), Point(Double(columns), 0), Point(Double(columns), Double(rows)), Point(0, Double(rows))]
        guard let toPhoto = Homography(from: rectangle, to: corners) else { return 0 }
        let (c0, r0) = (Int(Double(columns) * inset), Int(Double(rows) * inset))
        let (w, h) = (Int(Double(columns) * (1 - inset)) - c0, Int(Double(rows) * (1 - inset)) - r0)
        guard w >= 5, h >= 5 else { return 0 }
        // Grey levels, then their medians along each row, filled a row at a time; a row's paper
        // level (the median of five of those across rows) is known two rows later.
        var grey = [Float](repeating: 0, count: w * h), along = grey
        var columnInk = [Int](repeating: 0, count: w)
        var rowChanges = LineChanges(inked: inkedLine, blank: blankLine)
        let m = toPhoto.matrix
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let early: Bool = image.withUnsafeBufferPointer { pixels in
            grey.withUnsafeMutableBufferPointer { grey in
                along.withUnsafeMutableBufferPointer { along in
                    for r in 0..<(h + 2) {
                        if r < h {
                            let v = Double(r0 + r) + 0.5
                            // The homography's numerators and denominator are linear along a row.
                            let (bx, by, bw) = (m1 * v + m2, m4 * v + m5, m7 * v + m8)
                            for c in 0..<w {
                                let u = Double(c0 + c) + 0.5
                                let d = m6 * u + bw
                                let x = (m0 * u + bx) / d, y = (m3 * u + by) / d
                                grey[r * w + c] = x.isFinite && y.isFinite
                                    ? Self.luminance(pixels, width: image.width, height: image.height, x: x, y: y) : 0
                            }
                            Self.medianOfFive(grey, into: along, start: r * w, count: w, step: 1)
                        }
                        let q = r - 2
                        guard q >= 0 else { continue }
                        var ink = 0
                        let (a, b) = (max(0, q - 2) * w, max(0, q - 1) * w)
                        let (d, e) = (min(h - 1, q + 1) * w, min(h - 1, q + 2) * w)
                        for c in 0..<w {
                            let paper = Self.median(along[a + c], along[b + c], along[q * w + c], along[d + c], along[e + c])
                            if isInk(grey[q * w + c], paper: paper) {
                                ink += 1
                                columnInk[c] += 1
                            }
                        }
                        rowChanges.add(share: Double(ink) / Double(w))
                        if rowChanges.count >= enough { return true }
                    }
                    return false
                }
            }
        }
        if early { return rowChanges.count }
        var columnChanges = LineChanges(inked: inkedLine, blank: blankLine)
        for n in columnInk { columnChanges.add(share: Double(n) / Double(h)) }
        return min(enough, max(rowChanges.count, columnChanges.count))
    }

    /// Whether a cell of grey level `level` is ink on paper of level `paper` (its median around
    /// it): clearly darker than it, or clearly lighter on a ground darker than white paper.
    @inline(__always)
    func isInk(_ level: Float, paper: Float) -> Bool {
        paper > darkestPaper && (level < inkShare * paper || (paper < lightPrintGround && level * inkShare > paper))
    }

    /// Changes between lines with ink and blank lines, read line after line: a line is inked above
    /// `inked` of its cells, blank under `blank`, and a line in between leaves the count unchanged.
    struct LineChanges {
        let inked: Double, blank: Double
        private(set) var count = 0
        private var last: Bool?

        init(inked: Double, blank: Double) {
            self.inked = inked
            self.blank = blank
        }

        mutating func add(share: Double) {
            let state: Bool? = share > inked ? true : share < blank ? false : nil
            guard let state else { return }
            if let last, last != state { count += 1 }
            last = state
        }
    }

    /// The medians of five of `count` values of `v` from `start`, `step` apart, each centred on
    /// its value (the line's end values repeated beyond it), written to the same places of `out`.
    @inline(__always)
    private static func medianOfFive(_ v: UnsafeMutableBufferPointer<Float>, into out: UnsafeMutableBufferPointer<Float>,
                                     start: Int, count: Int, step: Int) {
        for i in 0..<count {
            let (a, b) = (start + max(0, i - 2) * step, start + max(0, i - 1) * step)
            let (d, e) = (start + min(count - 1, i + 1) * step, start + min(count - 1, i + 2) * step)
            out[start + i * step] = median(v[a], v[b], v[start + i * step], v[d], v[e])
        }
    }

    /// The median of five values: of the larger of the two pairs' minima and the smaller of their
    /// maxima (neither the lowest nor the highest of the four) and the fifth, the middle one.
    @inline(__always)
    private static func median(_ a: Float, _ b: Float, _ c: Float, _ d: Float, _ e: Float) -> Float {
        let low = max(min(a, b), min(c, d)), high = min(max(a, b), max(c, d))
        return max(min(low, high), min(max(low, high), e))
    }

    /// Luminance (Rec. 601 weights) at photo point (x, y), bilinear between pixel centres, the
    /// frame's edge pixels repeated beyond it.
    @inline(__always)
    static func luminance(_ pixels: UnsafeBufferPointer<RGB8>, width: Int, height: Int, x: Double, y: Double) -> Float {
        let x = min(Double(width - 1), max(0, x - 0.5)), y = min(Double(height - 1), max(0, y - 0.5))
        let x0 = Int(x), y0 = Int(y)
        let x1 = min(width - 1, x0 + 1), y1 = min(height - 1, y0 + 1)
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        func grey(_ px: Int, _ py: Int) -> Float {
            let pixel = pixels[py * width + px]
            return 0.299 * Float(pixel.r) + 0.587 * Float(pixel.g) + 0.114 * Float(pixel.b)
        }
        let top = grey(x0, y0) * (1 - fx) + grey(x1, y0) * fx
        let bottom = grey(x0, y1) * (1 - fx) + grey(x1, y1) * fx
        return top * (1 - fy) + bottom * fy
    }
}
