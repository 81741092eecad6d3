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

    /// How strongly the middle 80 % of the quad repeats itself as a lattice, in both halves of it
    /// (split across its longer axis): a keyboard's keys fill it, whereas a table or a bar chart
    /// on a page fills only part of it. In each half the autocorrelation of the gradient magnitude
    /// (averaged over cells) is searched for peaks that stand out both from the way back to zero
    /// shift (a repeat, not a smooth blob) and from the points half their length to either side
    /// of them (isolated, not a ridge such as the one text lines draw along their direction).
    /// Returns the smaller of the two halves' largest prominences, as a correlation (0 when
    /// nothing repeats or the quad is too small; keyboards give 0.25–0.8, pages below 0.2). When
    /// the first half already reads below `settledBelow`, the second is not measured and the first
    /// half's reading is returned: the smaller one is below it too, where no decision changes.
    func interiorLattice(x: SIMD4<Double>, y: SIMD4<Double>, settledBelow: Double = ConfidenceModel.latticeLimit.lowerBound) -> Double {
        let cx = x.sum() / 4, cy = y.sum() / 4
        let sx = cx + 0.8 * (x - cx), sy = cy + 0.8 * (y - cy)
        let cell = max(1, max(sx.max() - sx.min(), sy.max() - sy.min()) / Double(Self.latticeCells))
        // Midpoints of the sides 0→1, 1→2, 2→3, 3→0; split the longer pair of opposite sides.
        let mx = (sx + SIMD4(sx[1], sx[2], sx[3], sx[0])) / 2, my = (sy + SIMD4(sy[1], sy[2], sy[3], sy[0])) / 2
        let along = hypot(sx[1] - sx[0], sy[1] - sy[0]) + hypot(sx[2] - sx[3], sy[2] - sy[3])
        let across = hypot(sx[3] - sx[0], sy[3] - sy[0]) + hypot(sx[2] - sx[1], sy[2] - sy[1])
        let halves: [(SIMD4<Double>, SIMD4<Double>)] = along >= across
            ? [(SIMD4(sx[0], mx[0], mx[2], sx[3]), SIMD4(sy[0], my[0], my[2], sy[3])),
               (SIMD4(mx[0], sx[1], sx[2], mx[2]), SIMD4(my[0], sy[1], sy[2], my[2]))]
            : [(SIMD4(sx[0], sx[1], mx[1], mx[3]), SIMD4(sy[0], sy[1], my[1], my[3])),
               (SIMD4(mx[3], mx[1], sx[2], sx[3]), SIMD4(my[3], my[1], sy[2], sy[3]))]
        let first = latticeProminence(x: halves[0].0, y: halves[0].1, cell: cell)
        guard first >= settledBelow else { return first }
        return min(first, latticeProminence(x: halves[1].0, y: halves[1].1, cell: cell))
    }

    /// The largest lattice prominence inside the quad (`x`, `y`, clockwise on screen), its
    /// gradient magnitude averaged over square cells of side `cell` working pixels.
    private func latticeProminence(x: SIMD4<Double>, y: SIMD4<Double>, cell: Double) -> Double {
        let w = planes.width, h = planes.height
        let x0 = max(0, x.min()), y0 = max(0, y.min())
        let x1 = min(Double(w), x.max()), y1 = min(Double(h), y.max())
        let nx = x1 > x0 ? Int((x1 - x0) / cell) : 0, ny = y1 > y0 ? Int((y1 - y0) / cell) : 0
        guard nx >= 8 && ny >= 8 else { return 0 }
        let inside = insideTest(x: x, y: y)
        var signal = [Float](repeating: 0, count: nx * ny)
        // Each row's cells inside the quad, first and past-the-end (a convex quad's rows are runs).
        var first = [Int](repeating: nx, count: ny), end = [Int](repeating: 0, count: ny)
        var count = 0
        var sum: Float = 0
        gradient.magnitude.withUnsafeBufferPointer { magnitude in
            for j in 0..<ny {
                let ya = Int(y0 + Double(j) * cell), yb = max(ya + 1, min(h, Int(y0 + Double(j + 1) * cell)))
                for i in 0..<nx {
                    guard inside(x0 + (Double(i) + 0.5) * cell, y0 + (Double(j) + 0.5) * cell) else { continue }
                    let xa = Int(x0 + Double(i) * cell), xb = max(xa + 1, min(w, Int(x0 + Double(i + 1) * cell)))
                    var total: Float = 0
                    for py in ya..<yb {
                        for px in xa..<xb { total += magnitude[py * w + px] }
                    }
                    let mean = total / Float((yb - ya) * (xb - xa))
                    signal[j * nx + i] = mean
                    first[j] = min(first[j], i)
                    end[j] = i + 1
                    sum += mean
                    count += 1
                }
            }
        }
        guard count >= 64 else { return 0 }
        let mean = sum / Float(count)
        var energy: Float = 0
        for j in 0..<ny where first[j] < end[j] {
            for k in (j * nx + first[j])..<(j * nx + end[j]) {
                signal[k] -= mean
                energy += signal[k] * signal[k]
            }
        }
        guard energy > 0 else { return 0 }
        let correlation = Self.autocorrelation(signal, rows: (first, end), nx: nx, ny: ny, variance: energy / Float(count),
                                          minimumOverlap: Float(Self.latticeOverlap) * Float(count),
                                          measuring: Self.latticeShiftsRead)
        return Double(Self.prominence(correlation))
    }

    /// A point-in-quad test for a clockwise (on screen) quad.
    private func insideTest(x: SIMD4<Double>, y: SIMD4<Double>) -> (Double, Double) -> Bool {
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
    /// Each shift's sum runs in a fixed order (see `LatticeSum`); two shifts of one row of shifts
    /// are summed side by side, so that the additions of one fill the time the other's wait on
    /// their previous ones (a single shift's sum is a chain of dependent vector additions).
    /// - Parameter measuring: when given, only the shifts it marks (in the result's layout) are
    ///   summed; the others are left NaN.
    static func autocorrelation(_ signal: [Float], rows: (first: [Int], end: [Int]), nx: Int, ny: Int, variance: Float,
                                minimumOverlap: Float, measuring: [Bool]? = nil) -> [Float] {
        let reach = Self.latticeReach, span = 2 * reach + 1
        var result = [Float](repeating: .nan, count: (reach + 1) * span)
        signal.withUnsafeBufferPointer { s in
            rows.first.withUnsafeBufferPointer { first in
                rows.end.withUnsafeBufferPointer { end in
                    let signal = s.baseAddress!, first = first.baseAddress!, end = end.baseAddress!
                    func finish(_ sum: LatticeSum, _ dx: Int, _ dy: Int) {
                        if Float(sum.overlap) >= minimumOverlap {
                            result[dy * span + dx + reach] = sum.value / Float(sum.overlap) / variance
                        }
                    }
                    for dy in 0...reach where dy < ny {
                        // The shifts of this row that are measured, in increasing dx.
                        let shifts = (-reach...reach).filter {
                            abs($0) < nx && !(dy == 0 && $0 < 0) && measuring?[dy * span + $0 + reach] != false
                        }
                        var k = 0
                        while k + 1 < shifts.count {
                            let (a, b) = LatticeSum.pair(signal, first, end, nx: nx, ny: ny, dy: dy, shifts: (shifts[k], shifts[k + 1]))
                            finish(a, shifts[k], dy)
                            finish(b, shifts[k + 1], dy)
                            k += 2
                        }
                        if k < shifts.count {
                            let (a, _) = LatticeSum.pair(signal, first, end, nx: nx, ny: ny, dy: dy, shifts: (shifts[k], nil))
                            finish(a, shifts[k], dy)
                        }
                    }
                }
            }
        }
        return result
    }

    /// The largest prominence of an isolated repeat in `correlation`, laid out as `autocorrelation`
    /// returns it (see `interiorLattice`).
    static func prominence(_ correlation: [Float]) -> Float {
        let reach = latticeReach, span = 2 * reach + 1
        return prominence { x, y in correlation[y * span + x + reach] }
    }

    /// The shifts `prominence` can read, in `autocorrelation`'s layout: those it reads of a
    /// correlation that is 0 everywhere, where every test passes and so every read any correlation
    /// could lead to is made. About one in ten shifts, the longest diagonal ones, is never read,
    /// and is not summed.
    static let latticeShiftsRead: [Bool] = {
        let reach = latticeReach, span = 2 * reach + 1
        var read = [Bool](repeating: false, count: (reach + 1) * span)
        _ = prominence { x, y in
            read[y * span + x + reach] = true
            return 0
        }
        return read
    }()

    /// `prominence(_:)` with the correlation at shift (x, y), 0 ≤ y ≤ `latticeReach`,
    /// |x| ≤ `latticeReach` and x ≥ 0 where y = 0, read from `shift`.
    private static func prominence(_ shift: (_ x: Int, _ y: Int) -> Float) -> Float {
        let reach = latticeReach
        func value(_ dx: Int, _ dy: Int) -> Float {
            let (x, y) = dy < 0 || (dy == 0 && dx < 0) ? (-dx, -dy) : (dx, dy)
            guard abs(x) <= reach && y <= reach else { return .nan }
            return shift(x, y)
        }
        var best: Float = 0
        for dy in 0...reach {
            for dx in -reach...reach {
                if dy == 0 && dx < 0 { continue }
                let r = Double(dx * dx + dy * dy).squareRoot()
                guard r >= Double(latticeShortestStep) && r <= Double(reach - 1) else { continue }
                let v = value(dx, dy)
                guard !v.isNaN else { continue }
                var isPeak = true
                for ey in -1...1 {
                    for ex in -1...1 where ex != 0 || ey != 0 {
                        let n = value(dx + ex, dy + ey)
                        if !n.isNaN && n > v { isPeak = false }
                    }
                }
                guard isPeak else { continue }
                // Half the shift's length to either side, across it: low again for a lattice,
                // still high along a ridge. The best of the 3 × 3 shifts around each side point,
                // since a thin ridge (dense text lines) may pass between whole shifts.
                let px = -Double(dy) / r, py = Double(dx) / r, t = r / 2
                var side: Float = -.infinity
                for sign in [1.0, -1.0] {
                    let sx = Int((Double(dx) + sign * t * px).rounded()), sy = Int((Double(dy) + sign * t * py).rounded())
                    for ey in -1...1 {
                        for ex in -1...1 {
                            let n = value(sx + ex, sy + ey)
                            if !n.isNaN { side = max(side, n) }
                        }
                    }
                }
                guard side > -.infinity else { continue }
                // The dip on the way back to zero shift: low for a repeat, not for a smooth blob.
                var dip = Float.infinity
                for a in [0.3, 0.4, 0.5, 0.6, 0.7] {
                    let n = value(Int((Double(dx) * a).rounded()), Int((Double(dy) * a).rounded()))
                    if !n.isNaN { dip = min(dip, n) }
                }
                guard dip < .infinity else { continue }
                best = max(best, min(v - side, v - dip))
            }
        }
        return best
    }
}

/// The sum of products of one shift of the lattice signal, accumulated in a fixed order: row by
/// row, each row's run sixteen cells at a time into sixteen lanes, then four at a time into four
/// lanes, then one by one, the lanes added up at the end. The result depends on that order, so
/// it is the same however the rows of two shifts are interleaved.
struct LatticeSum {
    var products = SIMD16<Float>(), quads = SIMD4<Float>()
    var product: Float = 0
    /// Cells in the shift's overlap.
    var overlap = 0

    var value: Float { product + products.sum() + quads.sum() }

    /// The sums of two shifts (dx₀, dy) and (dx₁, dy) of `signal` (`nx × ny`, zero outside each row's
    /// run `first[j]..<end[j]`), the second nil when there is only one. Index arithmetic wraps
    /// (every index is inside the signal), so the loops carry no overflow checks.
    @inline(__always)
    static func pair(_ s: UnsafePointer<Float>, _ first: UnsafePointer<Int>, _ end: UnsafePointer<Int>,
                     nx: Int, ny: Int, dy: Int, shifts: (Int, Int?)) -> (LatticeSum, LatticeSum) {
        var sumA = LatticeSum(), sumB = LatticeSum()
        let dxA = shifts.0, dxB = shifts.1 ?? shifts.0, both = shifts.1 != nil
        // The sixteen-lane sums in locals of their own, so they stay in registers.
        var productsA = SIMD16<Float>(), productsB = SIMD16<Float>()
        for j in 0..<(ny - dy) {
            // Cells i inside in row j whose partner i + dx is inside in row j + dy.
            let loA = max(first[j], first[j &+ dy] &- dxA), hiA = min(end[j], end[j &+ dy] &- dxA)
            let loB = max(first[j], first[j &+ dy] &- dxB), hiB = both ? min(end[j], end[j &+ dy] &- dxB) : loB
            let row = s + j &* nx, partner = s + (j &+ dy) &* nx
            let a = row, bA = partner + dxA, bB = partner + dxB
            var iA = loA, iB = loB
            // Sixteen-cell steps of both shifts side by side while both have them.
            while iA &+ 16 <= hiA && iB &+ 16 <= hiB {
                productsA += load16(a + iA) * load16(bA + iA)
                productsB += load16(a + iB) * load16(bB + iB)
                iA &+= 16
                iB &+= 16
            }
            while iA &+ 16 <= hiA {
                productsA += load16(a + iA) * load16(bA + iA)
                iA &+= 16
            }
            while iB &+ 16 <= hiB {
                productsB += load16(a + iB) * load16(bB + iB)
                iB &+= 16
            }
            if hiA > loA { sumA.addTail(a, bA, from: iA, started: loA, to: hiA) }
            if hiB > loB { sumB.addTail(a, bB, from: iB, started: loB, to: hiB) }
        }
        sumA.products = productsA
        sumB.products = productsB
        return (sumA, sumB)
    }

    @inline(__always)
    private static func load16(_ p: UnsafePointer<Float>) -> SIMD16<Float> {
        UnsafeRawPointer(p).loadUnaligned(as: SIMD16<Float>.self)
    }

    /// Adds the rest of one row's run after its sixteen-cell steps, from cell `i` to `hi`, of the
    /// products `a[i] · b[i]`; `lo` is where the run started.
    @inline(__always)
    private mutating func addTail(_ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, from start: Int, started lo: Int,
                                  to hi: Int) {
        var i = start
        while i &+ 4 <= hi {
            quads += UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<Float>.self)
                * UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<Float>.self)
            i &+= 4
        }
        while i < hi {
            product += a[i] * b[i]
            i &+= 1
        }
        overlap &+= hi &- lo
    }
}
