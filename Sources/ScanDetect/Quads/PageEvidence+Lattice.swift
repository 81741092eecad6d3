#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Evidence from the arrangement of the interior's edges: a keyboard, a tiled tray or a
/// calculator is a lattice of many similar cells, so its edges repeat at a fixed step along two
/// directions and only at that step, while a page's ink is text lines (which repeat across the
/// lines but run on continuously along them), figures and pictures, none of which repeats as
/// isolated peaks in two directions.
extension PageEvidence {
    /// Cells across the longer side of the interior's bounding box: the edge strength is averaged
    /// over square cells first, so the cost does not grow with the quad. Higher: finer lattices
    /// (small keys far away) are seen, slower (the cost grows with the square).
    static let latticeCells = 96
    /// Cells across the longer side for a second, coarser reading: with shifts up to
    /// `latticeReach`, the first reading sees a lattice only from about six repeats across the
    /// quad (96 / 16), the second from four (64 / 16: a keyboard's large keys close to the
    /// camera). Lower: larger keys are seen, more pages' columns and tables read as a lattice.
    static let coarseLatticeCells = 64
    /// Largest shift (cells) at which the interior is compared with itself: a lattice needs at
    /// least a few cells across (`latticeCells` / `latticeReach` of them) to be recognised.
    /// Higher: coarser lattices are seen, slower.
    static let latticeReach = 16
    /// Shortest repeat (cells) that counts: text lines at a small pitch are ridges too thin for
    /// the whole-cell shifts to follow, so they could pass for isolated peaks. Lower: smaller
    /// keys are seen, more pages of small print are doubted.
    static let latticeShortestStep = 4
    /// Smallest overlap, as a share of the interior's cells, for a shift's correlation to count.
    static let latticeOverlap = 0.25
    /// Polygon IoU above which two outlines share one lattice reading: their interiors are
    /// nearly the same cells. Lower: fewer readings, coarser.
    static let latticeSharedOverlap = 0.9

    /// `interiorLattice` read as far as the quad's grid balance (`PageEvidence` feature 13) needs:
    /// settled below `ConfidenceModel.latticeSettled`, on coarse cells too where
    /// `ConfidenceModel.readsCoarseLattice`.
    func interiorLattice(x: SIMD4<Double>, y: SIMD4<Double>, gridBalance: Double) -> Double {
        interiorLattice(x: x, y: y, settledBelow: ConfidenceModel.latticeSettled(gridBalance: gridBalance),
                        coarse: ConfidenceModel.readsCoarseLattice(gridBalance: gridBalance))
    }

    /// How strongly the middle 80 % of the quad repeats itself as a lattice, in both halves of it
    /// (split across its longer axis): a keyboard's keys fill it, whereas a table or a bar chart
    /// on a page fills only part of it. In each half the autocorrelation of the gradient magnitude
    /// (averaged over cells, then ranked: see `rankCells`) is searched for peaks that stand out
    /// both from the way back to zero shift (a repeat, not a smooth blob) and from the points half
    /// their length to either side of them (isolated, not a ridge such as the one text lines draw
    /// along their direction).
    /// Returns the smaller of the two halves' largest prominences, as a correlation (0 when
    /// nothing repeats or the quad is too small; keyboards give 0.25–0.8, pages mostly below 0.2:
    /// see `ConfidenceModel.latticeLimit`). When the first half already reads below
    /// `settledBelow`, the second is not measured and the first half's reading is returned: the
    /// smaller one is below it too, where no decision changes.
    ///
    /// With `coarse`, below the veto's upper bound, the interior is read again on
    /// `coarseLatticeCells`, and that reading is returned where it reaches the bound: it counts
    /// only as an outright lattice, since on coarse cells a page's columns and tables repeat too
    /// (see `ConfidenceModel.coarseLatticeBalance`).
    func interiorLattice(x: SIMD4<Double>, y: SIMD4<Double>,
                         settledBelow: Double = ConfidenceModel.latticeLimit.lowerBound,
                         coarse: Bool = true) -> Double {
        let cx = x.sum() / 4, cy = y.sum() / 4
        let sx = cx + 0.8 * (x - cx), sy = cy + 0.8 * (y - cy)
        let extent = max(sx.max() - sx.min(), sy.max() - sy.min())
        // Midpoints of the sides 0→1, 1→2, 2→3, 3→0; split the longer pair of opposite sides.
        let mx = (sx + SIMD4(sx[1], sx[2], sx[3], sx[0])) / 2, my = (sy + SIMD4(sy[1], sy[2], sy[3], sy[0])) / 2
        let along = hypot(sx[1] - sx[0], sy[1] - sy[0]) + hypot(sx[2] - sx[3], sy[2] - sy[3])
        let across = hypot(sx[3] - sx[0], sy[3] - sy[0]) + hypot(sx[2] - sx[1], sy[2] - sy[1])
        let halves: [(SIMD4<Double>, SIMD4<Double>)] = along >= across
            ? [(SIMD4(sx[0], mx[0], mx[2], sx[3]), SIMD4(sy[0], my[0], my[2], sy[3])),
               (SIMD4(mx[0], sx[1], sx[2], mx[2]), SIMD4(my[0], sy[1], sy[2], my[2]))]
            : [(SIMD4(sx[0], sx[1], mx[1], mx[3]), SIMD4(sy[0], sy[1], my[1], my[3])),
               (SIMD4(mx[3], mx[1], sx[2], sx[3]), SIMD4(my[3], my[1], sy[2], sy[3]))]
        /// The halves' smaller prominence on `cells` across, or the first's below `floor`.
        func reading(cells: Int, floor: Double) -> Double {
            let cell = max(1, extent / Double(cells))
            let first = latticeProminence(x: halves[0].0, y: halves[0].1, cell: cell)
            guard first >= floor else { return first }
            return min(first, latticeProminence(x: halves[1].0, y: halves[1].1, cell: cell))
        }
        let fine = reading(cells: Self.latticeCells, floor: settledBelow)
        let outright = ConfidenceModel.latticeLimit.upperBound
        guard coarse, fine < outright else { return fine }
        let coarseReading = reading(cells: Self.coarseLatticeCells, floor: outright)
        return coarseReading >= outright ? coarseReading : fine
    }

    /// The largest lattice prominence inside the quad (`x`, `y`, clockwise on screen), its
    /// gradient magnitude averaged over square cells of side `cell` working pixels.
    private func latticeProminence(x: SIMD4<Double>, y: SIMD4<Double>, cell: Double) -> Double {
        let w = planes.width, h = planes.height
        let x0 = max(0, x.min()), y0 = max(0, y.min())
        let x1 = min(Double(w), x.max()), y1 = min(Double(h), y.max())
        let nx = x1 > x0 ? Int((x1 - x0) / cell) : 0, ny = y1 > y0 ? Int((y1 - y0) / cell) : 0
        guard nx >= 8 && ny >= 8 else { return 0 }
        let inside = Self.insideTest(x: x, y: y)
        // The cells' columns, the same in every row.
        let columns = (0..<nx).map { i in
            let xa = Int(x0 + Double(i) * cell)
            return (xa, max(xa + 1, min(w, Int(x0 + Double(i + 1) * cell))), x0 + (Double(i) + 0.5) * cell)
        }
        var signal = [Float](repeating: 0, count: nx * ny)
        // Each row's cells inside the quad, first and past-the-end (a convex quad's rows are runs).
        var first = [Int](repeating: nx, count: ny), end = [Int](repeating: 0, count: ny)
        var count = 0
        gradient.magnitude.withUnsafeBufferPointer { magnitude in
            signal.withUnsafeMutableBufferPointer { signal in
                for j in 0..<ny {
                    let ya = Int(y0 + Double(j) * cell), yb = max(ya + 1, min(h, Int(y0 + Double(j + 1) * cell)))
                    let cy = y0 + (Double(j) + 0.5) * cell
                    for (i, (xa, xb, cx)) in columns.enumerated() where inside(cx, cy) {
                        // Cells are a few pixels across: the sums' indices wrap rather than
                        // being checked (all lie in the plane).
                        var total: Float = 0
                        for py in ya..<yb {
                            let row = magnitude.baseAddress! + py &* w
                            for px in xa..<xb { total += row[px] }
                        }
                        signal[j &* nx &+ i] = total / Float((yb - ya) * (xb - xa))
                        first[j] = min(first[j], i)
                        end[j] = i + 1
                        count += 1
                    }
                }
            }
        }
        guard count >= 64 else { return 0 }
        // The ranks 0…n − 1 (ties sharing their mean) average (n − 1) / 2.
        let mean = Float(Self.rankCells(&signal, rows: (first, end), nx: nx) - 1) / 2
        var energy: Float = 0
        for j in 0..<ny where first[j] < end[j] {
            for k in (j * nx + first[j])..<(j * nx + end[j]) {
                signal[k] -= mean
                energy += signal[k] * signal[k]
            }
        }
        guard energy > 0 else { return 0 }
        let correlation = Self.autocorrelation(signal, rows: (first, end), nx: nx, ny: ny, variance: energy / Float(count),
                                          minimumOverlap: Float(Self.latticeOverlap) * Float(count))
        return Double(Self.prominence(correlation))
    }

    /// Replaces each cell of the rows' runs by its rank among them (0 for the weakest edges; equal
    /// values share their mean rank) and returns how many there are, so that the correlation
    /// reads how the edges are arranged, not how strong they are (a rank correlation). On gradient
    /// means, a pen, a cable, a mug's rim or the keyboard's own border across a half would hold
    /// most of the variance and drown the faint, regular gaps between white keys: five of the
    /// white keyboards taken for pages on the fresh synthetic seeds 14 and 15 read 0.05–0.14
    /// there, under the veto, and 0.39–0.53 ranked, while the labelled pages of the benchmark set
    /// and seeds 10, 14 and 15 read at most 0.23 either way.
    static func rankCells(_ signal: inout [Float], rows: (first: [Int], end: [Int]), nx: Int) -> Int {
        // Each cell as one integer, its value's bits above its index: the values are means of
        // magnitudes, never negative, whose bit patterns order as the values do, so an integer
        // radix sort ranks them.
        var keys: [UInt64] = []
        keys.reserveCapacity(rows.first.indices.reduce(0) { $0 + max(0, rows.end[$1] - rows.first[$1]) })
        for j in rows.first.indices where rows.first[j] < rows.end[j] {
            for k in (j * nx + rows.first[j])..<(j * nx + rows.end[j]) {
                keys.append(UInt64(max(0, signal[k]).bitPattern) << 32 | UInt64(k))
            }
        }
        keys.sortByUpperHalf()
        var start = 0
        while start < keys.count {
            var stop = start + 1
            while stop < keys.count && keys[stop] >> 32 == keys[start] >> 32 { stop += 1 }
            let rank = Float(start + stop - 1) / 2
            for c in start..<stop { signal[Int(keys[c] & 0xFFFF_FFFF)] = rank }
            start = stop
        }
        return keys.count
    }

    /// A point-in-quad test for a clockwise (on screen) quad.
    @inline(__always)
    static func insideTest(x: SIMD4<Double>, y: SIMD4<Double>) -> (Double, Double) -> Bool {
        var nxs = SIMD4<Double>(), nys = SIMD4<Double>(), cs = SIMD4<Double>()
        for k in 0..<4 {
            let ex = x[(k + 1) % 4] - x[k], ey = y[(k + 1) % 4] - y[k]
            nxs[k] = -ey
            nys[k] = ex
            cs[k] = ey * x[k] - ex * y[k]
        }
        return { px, py in !any(nxs * px + nys * py + cs .< 0) }
    }

    /// Normalised autocorrelation for shifts (dx, dy) with 0 ≤ dy ≤ reach, |dx| ≤ reach (the
    /// other half is its mirror), row-major from dy 0, dx −reach; NaN where the overlap is small.
    /// `signal` is zero outside each row's run `rows.first[j]..<rows.end[j]`.
    ///
    /// For each pair of rows (j, j + dy), every shift dx is summed at once: each cell of row j,
    /// spread over the lanes, times the cells of row j + dy from dx = −reach on, read as vectors
    /// (`ShiftedRows`). Cells outside the runs are zero and add nothing, so only the overlap
    /// (the cells where both partners are inside) is counted apart.
    static func autocorrelation(_ signal: [Float], rows: (first: [Int], end: [Int]), nx: Int, ny: Int, variance: Float,
                                minimumOverlap: Float) -> [Float] {
        let reach = Self.latticeReach, span = 2 * reach + 1
        var result = [Float](repeating: .nan, count: (reach + 1) * span)
        let shifted = ShiftedRows(signal, rows: rows, nx: nx, ny: ny)
        for dy in 0...reach where dy < ny {
            let sum = shifted.sum(dy: dy)
            for dx in -reach...reach where abs(dx) < nx && !(dy == 0 && dx < 0) {
                let (value, overlap) = sum[dx]
                if Float(overlap) >= minimumOverlap {
                    result[dy * span + dx + reach] = value / Float(overlap) / variance
                }
            }
        }
        return result
    }

    /// The largest prominence of an isolated repeat in `correlation`, laid out as `autocorrelation`
    /// returns it (see `interiorLattice`).
    ///
    /// Every shift from `latticeShortestStep` to `latticeReach` − 1 long is a candidate peak if
    /// none of its eight neighbours is higher. The points half its length to either side
    /// of it, across it, must be low again (a lattice), not still high (along a ridge): the best
    /// of the 3 × 3 shifts around each side point counts, since a thin ridge (dense text lines)
    /// may pass between whole shifts. So must the way back to zero shift (a repeat, not a smooth
    /// blob). A peak's prominence is its height over the higher of the two.
    static func prominence(_ correlation: [Float]) -> Float {
        correlation.withUnsafeBufferPointer { c in
            peakProbes.withUnsafeBufferPointer { probes in
                /// The correlation at probe k; NaN for a shift out of reach or not measured.
                func value(_ k: Int) -> Float {
                    let i = Int(probes[k])
                    return i < 0 ? .nan : c[i]
                }
                var best: Float = 0
                for base in stride(from: 0, to: probes.count, by: PeakProbe.count) {
                    let v = value(base)
                    guard !v.isNaN else { continue }
                    var isPeak = true
                    for k in PeakProbe.neighbours {
                        let n = value(base + k)
                        if !n.isNaN && n > v { isPeak = false }
                    }
                    guard isPeak else { continue }
                    var side: Float = -.infinity
                    for k in PeakProbe.sides {
                        let n = value(base + k)
                        if !n.isNaN { side = max(side, n) }
                    }
                    guard side > -.infinity else { continue }
                    var dip = Float.infinity
                    for k in PeakProbe.dips {
                        let n = value(base + k)
                        if !n.isNaN { dip = min(dip, n) }
                    }
                    guard dip < .infinity else { continue }
                    best = max(best, min(v - side, v - dip))
                }
                return best
            }
        }
    }

    /// Where `prominence` reads the correlation for each candidate peak, `PeakProbe.count` indices
    /// into `autocorrelation`'s layout per candidate (−1 for a shift out of reach): the same
    /// shifts for every correlation, so they are worked out once.
    private static let peakProbes: [Int32] = {
        let reach = latticeReach, span = 2 * reach + 1
        /// Shift (dx, dy) as stored: the half with dy > 0, or dy = 0 and dx ≥ 0, holds it or its mirror.
        func index(_ dx: Int, _ dy: Int) -> Int32 {
            let (x, y) = dy < 0 || (dy == 0 && dx < 0) ? (-dx, -dy) : (dx, dy)
            guard abs(x) <= reach && y <= reach else { return -1 }
            return Int32(y * span + x + reach)
        }
        var probes: [Int32] = []
        for dy in 0...reach {
            for dx in -reach...reach {
                if dy == 0 && dx < 0 { continue }
                let r = Double(dx * dx + dy * dy).squareRoot()
                guard r >= Double(latticeShortestStep) && r <= Double(reach - 1) else { continue }
                probes.append(index(dx, dy))
                for ey in -1...1 {
                    for ex in -1...1 where ex != 0 || ey != 0 { probes.append(index(dx + ex, dy + ey)) }
                }
                // Half the shift's length to either side, across it.
                let px = -Double(dy) / r, py = Double(dx) / r, t = r / 2
                for sign in [1.0, -1.0] {
                    let sx = Int((Double(dx) + sign * t * px).rounded()), sy = Int((Double(dy) + sign * t * py).rounded())
                    for ey in -1...1 {
                        for ex in -1...1 { probes.append(index(sx + ex, sy + ey)) }
                    }
                }
                // On the way back to zero shift.
                for a in [0.3, 0.4, 0.5, 0.6, 0.7] {
                    probes.append(index(Int((Double(dx) * a).rounded()), Int((Double(dy) * a).rounded())))
                }
            }
        }
        return probes
    }()

    /// The layout of one candidate's probes in `peakProbes`: the peak, then its neighbours, the
    /// side points' 3 × 3 shifts and the points on the way back.
    private enum PeakProbe {
        static let neighbours = 1..<9
        static let sides = 9..<27
        static let dips = 27..<32
        static let count = 32
    }
}
