/// The lattice signal with each row set in zeros, so that it can be read shifted by up to
/// `PageEvidence.latticeReach` cells either way, and the sums of products of its rows with the
/// rows `dy` below them at every shift dx at once.
struct ShiftedRows {
    /// The shifts summed at once are −16…16: two sixteen-lane vectors and one more lane.
    static let reach = 16
    let ny: Int
    let first: [Int], end: [Int]
    /// Row j's cell i at `j * stride + reach + i`; zeros before and after it.
    private let cells: [Float]
    private let stride: Int

    init(_ signal: [Float], rows: (first: [Int], end: [Int]), nx: Int, ny: Int) {
        precondition(PageEvidence.latticeReach == Self.reach, "the lanes are laid out for a reach of 16")
        self.ny = ny
        first = rows.first
        end = rows.end
        stride = nx + 2 * Self.reach
        var cells = [Float](repeating: 0, count: stride * ny)
        for j in 0..<ny where rows.first[j] < rows.end[j] {
            for i in rows.first[j]..<rows.end[j] { cells[j * stride + Self.reach + i] = signal[j * nx + i] }
        }
        self.cells = cells
    }

    /// The sums of the products of cell i of row j with cell i + dx of row j + dy over all rows
    /// and cells, and their overlaps (how many pairs have both cells inside the runs), read by dx.
    ///
    /// Each row's products go into two sets of lanes, even and odd cells apart so that one set's
    /// additions overlap the other's, and are then added to the total row by row: a fixed order.
    func sum(dy: Int) -> Sums {
        let reach = Self.reach
        var low = SIMD16<Float>(), high = SIMD16<Float>(), last: Float = 0
        var lowOverlap = SIMD16<Int32>(), highOverlap = SIMD16<Int32>(), lastOverlap: Int32 = 0
        let lowShifts = SIMD16<Int32>(-16, -15, -14, -13, -12, -11, -10, -9, -8, -7, -6, -5, -4, -3, -2, -1)
        let highShifts = lowShifts &+ 16
        cells.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            for j in 0..<(ny - dy) {
                let f0 = first[j], e0 = end[j], f1 = first[j + dy], e1 = end[j + dy]
                guard f0 < e0 && f1 < e1 else { continue }
                // Overlap of row j's run with row j + dy's run moved by −dx, per lane.
                func overlap(_ dx: SIMD16<Int32>) -> SIMD16<Int32> {
                    let lo = pointwiseMax(SIMD16(repeating: Int32(f0)), Int32(f1) &- dx)
                    let hi = pointwiseMin(SIMD16(repeating: Int32(e0)), Int32(e1) &- dx)
                    return pointwiseMax(hi &- lo, .zero)
                }
                lowOverlap &+= overlap(lowShifts)
                highOverlap &+= overlap(highShifts)
                lastOverlap &+= Int32(max(0, min(e0, e1 - reach) - max(f0, f1 - reach)))
                // Cells of row j with a partner inside row j + dy at some shift.
                let lo = max(f0, f1 - reach), hi = min(e0, e1 + reach)
                guard lo < hi else { continue }
                let a = base + j * stride + reach
                // Cell i's partner at shift dx sits at b[i + reach + dx]: lanes from dx = −reach.
                let b = base + (j + dy) * stride
                var lowEven = SIMD16<Float>(), highEven = SIMD16<Float>(), lastEven: Float = 0
                var lowOdd = SIMD16<Float>(), highOdd = SIMD16<Float>(), lastOdd: Float = 0
                // Wrapping index arithmetic: i stays below the row's length, and the overflow checks
                // took over half of this loop's instructions (callgrind).
                var i = lo
                while i &+ 2 <= hi {
                    let v = a[i], w = a[i &+ 1], bi = b + i
                    lowEven += v * load16(bi)
                    highEven += v * load16(bi + 16)
                    lastEven += v * bi[32]
                    lowOdd += w * load16(bi + 1)
                    highOdd += w * load16(bi + 17)
                    lastOdd += w * bi[33]
                    i &+= 2
                }
                if i < hi {
                    let v = a[i], bi = b + i
                    lowEven += v * load16(bi)
                    highEven += v * load16(bi + 16)
                    lastEven += v * bi[32]
                }
                low += lowEven + lowOdd
                high += highEven + highOdd
                last += lastEven + lastOdd
            }
        }
        return Sums(low: low, high: high, last: last, lowOverlap: lowOverlap, highOverlap: highOverlap, lastOverlap: lastOverlap)
    }

    @inline(__always)
    private func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
    }

    /// The sums of one dy, for dx = −16…−1 (`low`), 0…15 (`high`) and 16 (`last`).
    struct Sums {
        let low: SIMD16<Float>, high: SIMD16<Float>, last: Float
        let lowOverlap: SIMD16<Int32>, highOverlap: SIMD16<Int32>, lastOverlap: Int32

        /// The sum of products and the overlap at shift dx (−16…16).
        subscript(dx: Int) -> (value: Float, overlap: Int) {
            switch dx {
            case ..<0: (low[dx + 16], Int(lowOverlap[dx + 16]))
            case ..<16: (high[dx], Int(highOverlap[dx]))
            default: (last, Int(lastOverlap))
            }
        }
    }
}
