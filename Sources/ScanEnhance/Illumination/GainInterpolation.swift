/// Bilinear upsampling of small per-channel maps to full-resolution rows, one row at a time, so the
/// full-size background is never stored.
struct GainInterpolation: Sendable {
    let gridWidth: Int
    let gridHeight: Int
    let pageHeight: Int
    /// For each page column: the left grid cell and the weight of the right one.
    let left: [Int]
    let fraction: [Float]

    init(gridWidth: Int, gridHeight: Int, pageWidth: Int, pageHeight: Int) {
        self.gridWidth = gridWidth
        self.gridHeight = gridHeight
        self.pageHeight = pageHeight
        var left = [Int](repeating: 0, count: pageWidth), fraction = [Float](repeating: 0, count: pageWidth)
        for x in 0..<pageWidth {
            let (index, weight) = GainInterpolation.position(x, page: pageWidth, grid: gridWidth)
            left[x] = index
            fraction[x] = weight
        }
        self.left = left
        self.fraction = fraction
    }

    /// Grid cell and weight of the next cell for page coordinate `i` (pixel centres aligned).
    static func position(_ i: Int, page: Int, grid: Int) -> (Int, Float) {
        let g = (Double(i) + 0.5) * Double(grid) / Double(page) - 0.5
        if g <= 0 { return (0, 0) }
        if g >= Double(grid - 1) { return (max(0, grid - 1), 0) }
        let index = Int(g)
        return (index, Float(g - Double(index)))
    }

    /// Writes `maps[c]` interpolated at page row `y` into `row` as interleaved triples.
    func interpolateRow(_ y: Int, _ maps: [Plane], into row: UnsafeMutableBufferPointer<Float>) {
        let (top, ay) = GainInterpolation.position(y, page: pageHeight, grid: gridHeight)
        let bottom = min(top + 1, gridHeight - 1)
        let channels = maps.count
        for c in 0..<channels {
            maps[c].values.withUnsafeBufferPointer { grid in
                left.withUnsafeBufferPointer { left in
                    fraction.withUnsafeBufferPointer { fraction in
                        let upper = grid.baseAddress! + top * gridWidth, lower = grid.baseAddress! + bottom * gridWidth
                        for x in 0..<left.count {
                            let i = left[x], j = min(i + 1, gridWidth - 1), ax = fraction[x]
                            let a = upper[i] + (upper[j] - upper[i]) * ax
                            let b = lower[i] + (lower[j] - lower[i]) * ax
                            row[x * channels + c] = a + (b - a) * ay
                        }
                    }
                }
            }
        }
    }
}
