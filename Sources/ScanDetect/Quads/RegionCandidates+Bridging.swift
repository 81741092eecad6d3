extension RegionCandidates {
    /// `values`, a `w × h` grid, with every line one or two cells wide that would split a region
    /// on one side of a threshold filled in from its neighbours: a grey closing (the largest
    /// value of each 3 × 3 block, then the smallest) for a region above the threshold, an
    /// opening for one at or below it. A cable or a pen across a sheet is a cell or two wide on
    /// the grid and would cut the sheet's region in two; a sheet's border, a step, stays where
    /// it is.
    static func bridged(_ values: [Float], width w: Int, height h: Int, regionAbove: Bool) -> [Float] {
        guard w >= 3 && h >= 3 && values.count == w * h else { return values }
        var scratch = values, result = values
        values.withUnsafeBufferPointer { source in
            scratch.withUnsafeMutableBufferPointer { middle in
                result.withUnsafeMutableBufferPointer { out in
                    let s = source.baseAddress!, m = middle.baseAddress!, o = out.baseAddress!
                    // Grow the region's side, then shrink it back.
                    if regionAbove {
                        blockExtremum(Largest.self, s, into: m, w, h)
                        blockExtremum(Smallest.self, m, into: o, w, h)
                    } else {
                        blockExtremum(Smallest.self, s, into: m, w, h)
                        blockExtremum(Largest.self, m, into: o, w, h)
                    }
                }
            }
        }
        return result
    }

    /// The largest or smallest value of each cell's 3 × 3 block (cells on the grid's edge take
    /// the part of the block inside it): three along each row, then three down each column.
    private static func blockExtremum<E: Extremum>(_: E.Type, _ source: UnsafePointer<Float>,
                                                   into out: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int) {
        let rows = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        defer { rows.deallocate() }
        for y in 0..<h {
            let row = source + y * w, to = rows + y * w
            to[0] = E.pick(row[0], row[1])
            for x in 1..<(w - 1) { to[x] = E.pick(E.pick(row[x - 1], row[x]), row[x + 1]) }
            to[w - 1] = E.pick(row[w - 2], row[w - 1])
        }
        for x in 0..<w { out[x] = E.pick(rows[x], rows[w + x]) }
        for y in 1..<(h - 1) {
            let above = rows + (y - 1) * w, here = rows + y * w, below = rows + (y + 1) * w, to = out + y * w
            for x in 0..<w { to[x] = E.pick(E.pick(above[x], here[x]), below[x]) }
        }
        let last = (h - 1) * w
        for x in 0..<w { out[last + x] = E.pick(rows[last - w + x], rows[last + x]) }
    }
}

/// Which of two values a block filter keeps, chosen at compile time so the loops stay plain.
private protocol Extremum {
    static func pick(_ a: Float, _ b: Float) -> Float
}

private enum Largest: Extremum {
    @inline(__always) static func pick(_ a: Float, _ b: Float) -> Float { max(a, b) }
}

private enum Smallest: Extremum {
    @inline(__always) static func pick(_ a: Float, _ b: Float) -> Float { min(a, b) }
}
