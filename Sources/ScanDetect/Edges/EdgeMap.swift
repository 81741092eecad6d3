/// Thin, connected edges of the working image: non-maximum suppression across the gradient
/// direction, then hysteresis with thresholds relative to the image's own gradient statistics.
struct EdgeMap {
    let width: Int
    let height: Int
    /// 1 where a pixel is an edge, 0 elsewhere; row-major.
    var isEdge: [UInt8]
    /// Indices (y * width + x) of the edge pixels.
    var pixels: [Int32]
    /// The high hysteresis threshold that was used, in Sobel units.
    let highThreshold: Float

    /// Pixel states during construction. `edge` is 2 so that halving a state yields `isEdge`.
    fileprivate static let notEdge: UInt8 = 0, candidate: UInt8 = 1, edge: UInt8 = 2

    init(gradient: GradientField, minimumContrast: Double, noiseMultiple: Double, lowRatio: Double) {
        let w = gradient.width, h = gradient.height, count = w * h
        width = w
        height = h
        // Typical gradient of the image (median), as the noise and texture floor.
        let median = EdgeMap.median(of: gradient.magnitude)
        let high = max(Float(4 * minimumContrast), Float(noiseMultiple) * median)
        let low = high * Float(lowRatio)
        highThreshold = high
        var state = [UInt8](repeating: EdgeMap.notEdge, count: count)
        // A pixel becomes an edge (and is pushed) at most once, so `count` bounds both lists.
        var stack = PixelStack(capacity: count), found = PixelStack(capacity: count)
        defer { stack.deallocate(); found.deallocate() }
        if w >= 3 && h >= 3 {
            gradient.gx.withUnsafeBufferPointer { gxp in
                gradient.gy.withUnsafeBufferPointer { gyp in
                    gradient.magnitude.withUnsafeBufferPointer { mp in
                        state.withUnsafeMutableBufferPointer { sp in
                            let m = mp.baseAddress!, gx = gxp.baseAddress!, gy = gyp.baseAddress!, s = sp.baseAddress!
                            for y in 1..<(h - 1) {
                                let rowEnd = y * w + w - 1
                                var i = y * w + 1
                                // Four pixels at a time while they fit, then one by one.
                                while i + Lanes.scalarCount <= rowEnd {
                                    suppressLanes(i, w, m, gx, gy, s, low: low, high: high, &stack)
                                    i += Lanes.scalarCount
                                }
                                while i < rowEnd {
                                    if !(m[i] < low) { suppress(i, w, m, gx, gy, s, high, &stack) }
                                    i += 1
                                }
                            }
                            grow(s, w, &stack, into: &found)
                            for i in 0..<count { s[i] = s[i] &>> 1 }
                        }
                    }
                }
            }
        }
        isEdge = state
        pixels = Array(found.elements)
    }

    /// Median of the non-negative values, from a 1-unit histogram (values above 1023 share the
    /// top bin, which only matters for images that are nearly all edges).
    static func median(of values: [Float]) -> Float {
        // Neighbouring pixels mostly fall in the same bin; counting in four interleaved
        // histograms keeps consecutive increments from waiting on each other.
        let bins = 1024, ways = 4
        var histogram = [Int32](repeating: 0, count: bins * ways)
        histogram.withUnsafeMutableBufferPointer { hp in
            values.withUnsafeBufferPointer { v in
                let hist = hp.baseAddress!
                func bin(_ m: Float) -> Int { Int(min(Float(bins - 1), m)) }
                let n = v.count, whole = n - n % ways
                var i = 0
                while i < whole {
                    let b = Self.bins(UnsafeRawPointer(v.baseAddress! + i).loadUnaligned(as: SIMD4<Float>.self),
                                      top: Float(bins - 1))
                    hist[Int(b[0])] &+= 1
                    hist[bins &+ Int(b[1])] &+= 1
                    hist[2 &* bins &+ Int(b[2])] &+= 1
                    hist[3 &* bins &+ Int(b[3])] &+= 1
                    i += ways
                }
                while i < n {
                    hist[bin(v[i])] &+= 1
                    i += 1
                }
            }
        }
        var seen = 0
        for bin in 0..<bins {
            seen += Int(histogram[bin]) + Int(histogram[bins + bin]) + Int(histogram[2 * bins + bin])
                + Int(histogram[3 * bins + bin])
            if seen * 2 >= values.count { return Float(bin) + 0.5 }
        }
        return 1023
    }
}

extension EdgeMap {
    /// `Int(min(top, m))` of four non-negative values at once, `top` a whole number below 2²²:
    /// adding 2²³ leaves the nearest whole number in a float's low mantissa bits, one less where
    /// that rounded up; exactly the truncation, without a checked conversion per value.
    @inline(__always)
    static func bins(_ m: SIMD4<Float>, top: Float) -> SIMD4<UInt32> {
        let shift: Float = 8_388_608  // 2²³
        // Written as `min` is: `m` where it is below `top`, else `top` (NaN too).
        let c = SIMD4(repeating: top).replacing(with: m, where: m .< top)
        let t = c + shift
        let nearest = unsafeBitCast(t, to: SIMD4<UInt32>.self) & 0x7F_FFFF
        return nearest &- SIMD4<UInt32>(repeating: 1).replacing(with: 0, where: .!(t - shift .> c))
    }
}

/// A fixed-capacity list of pixel indices, without the checks and reallocation of an array in
/// the per-pixel loops.
private struct PixelStack {
    private let base: UnsafeMutablePointer<Int32>
    private(set) var count = 0

    /// Room for `capacity` pixels, and one more slot that `push(_:if:)` may write without
    /// keeping.
    init(capacity: Int) { base = .allocate(capacity: max(1, capacity) + 1) }

    func deallocate() { base.deallocate() }

    var elements: UnsafeBufferPointer<Int32> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) mutating func push(_ i: Int) {
        base[count] = Int32(truncatingIfNeeded: i)
        count &+= 1
    }

    /// Pushes `i` when `condition` holds, without branching on it: the slot past the top is
    /// written either way and kept only then.
    @inline(__always) mutating func push(_ i: Int, if condition: Bool) {
        base[count] = Int32(truncatingIfNeeded: i)
        count &+= condition ? 1 : 0
    }

    @inline(__always) mutating func pop() -> Int? {
        if count == 0 { return nil }
        count &-= 1
        return Int(base[count])
    }
}

/// Hysteresis: grows the strong edges on `stack` into the candidates connected to them, marking
/// them edges, and lists every edge in `edges` in the order found. Neighbours are taken in a
/// fixed order so the list (and everything seeded from it) is stable.
private func grow(_ sp: UnsafeMutablePointer<UInt8>, _ w: Int, _ stack: inout PixelStack, into edges: inout PixelStack) {
    while let i = stack.pop() {
        edges.push(i)
        promote(i - w - 1, sp, &stack); promote(i - w, sp, &stack); promote(i - w + 1, sp, &stack)
        promote(i - 1, sp, &stack); promote(i + 1, sp, &stack)
        promote(i + w - 1, sp, &stack); promote(i + w, sp, &stack); promote(i + w + 1, sp, &stack)
    }
}

/// Marks pixel `j` an edge and pushes it on `stack` if it is a candidate.
@inline(__always)
private func promote(_ j: Int, _ sp: UnsafeMutablePointer<UInt8>, _ stack: inout PixelStack) {
    if sp[j] == EdgeMap.candidate {
        sp[j] = EdgeMap.edge
        stack.push(j)
    }
}

/// The pixels that non-maximum suppression handles at once.
private typealias Lanes = SIMD4<Float>

/// tan(22.5°) and tan(67.5°) split gradient directions into four sectors.
private let tan22: Float = 0.41421356, tan67: Float = 2.4142135

/// Non-maximum suppression for the `Lanes.scalarCount` pixels from `i` on (all inside the frame's
/// one-pixel border), exactly as `suppress` one by one: each pixel of magnitude at least `low`
/// that is a maximum across its gradient direction becomes a candidate, or an edge (pushed on
/// `stack`, in raster order) when it also reaches `high`.
@inline(__always)
private func suppressLanes(_ i: Int, _ w: Int, _ mp: UnsafePointer<Float>, _ gxp: UnsafePointer<Float>,
                           _ gyp: UnsafePointer<Float>, _ sp: UnsafeMutablePointer<UInt8>,
                           low: Float, high: Float, _ stack: inout PixelStack) {
    func lanes(_ p: UnsafePointer<Float>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }
    let m = lanes(mp + i)
    let weak = m .< Lanes(repeating: low)
    // Most of a photo is flat: four weak pixels are rejected with one comparison.
    if all(weak) { return }
    let gx = lanes(gxp + i), gy = lanes(gyp + i)
    let ax = gx.replacing(with: -gx, where: gx .< 0), ay = gy.replacing(with: -gy, where: gy .< 0)
    // The neighbours across the gradient, chosen with the same precedence as in `suppress`:
    // horizontal over vertical over the two diagonals.
    let sameSign = .!((gx .> 0) .^ (gy .> 0))
    var n1 = lanes(mp + i - w + 1).replacing(with: lanes(mp + i - w - 1), where: sameSign)
    var n2 = lanes(mp + i + w - 1).replacing(with: lanes(mp + i + w + 1), where: sameSign)
    let vertical = ay .>= tan67 * ax, horizontal = ay .<= tan22 * ax
    n1.replace(with: lanes(mp + i - w), where: vertical)
    n2.replace(with: lanes(mp + i + w), where: vertical)
    n1.replace(with: lanes(mp + i - 1), where: horizontal)
    n2.replace(with: lanes(mp + i + 1), where: horizontal)
    // Ties broken one way so plateaus keep one pixel.
    let isMaximum = .!weak .& (m .> n1) .& (m .>= n2)
    if !any(isMaximum) { return }
    let strong = isMaximum .& (m .>= Lanes(repeating: high))
    // The four states at once, without branching on each lane (which mispredicted often): a
    // maximum is a candidate (1), a strong one an edge (2), the rest stay not edges (0), as no
    // other pixel writes these. Strong maxima are pushed in raster order.
    let one = SIMD4<Int32>(repeating: 1)
    let state = SIMD4<Int32>().replacing(with: one, where: isMaximum) &+ SIMD4<Int32>().replacing(with: one, where: strong)
    let packed = UInt32(truncatingIfNeeded: state[0]) | UInt32(truncatingIfNeeded: state[1]) &<< 8
        | UInt32(truncatingIfNeeded: state[2]) &<< 16 | UInt32(truncatingIfNeeded: state[3]) &<< 24
    UnsafeMutableRawPointer(sp + i).storeBytes(of: packed.littleEndian, as: UInt32.self)
    for k in 0..<Lanes.scalarCount { stack.push(i + k, if: strong[k]) }
}

/// Non-maximum suppression at one pixel of magnitude at least the low threshold: marks it a
/// candidate, or an edge (pushed on `stack`) when it also reaches `high`, if it is a maximum
/// across its gradient direction.
@inline(__always)
private func suppress(_ i: Int, _ w: Int, _ mp: UnsafePointer<Float>, _ gxp: UnsafePointer<Float>,
                      _ gyp: UnsafePointer<Float>, _ sp: UnsafeMutablePointer<UInt8>, _ high: Float,
                      _ stack: inout PixelStack) {
    let m = mp[i]
    let ax = abs(gxp[i]), ay = abs(gyp[i])
    let n1: Float, n2: Float
    if ay <= tan22 * ax {
        n1 = mp[i - 1]; n2 = mp[i + 1]
    } else if ay >= tan67 * ax {
        n1 = mp[i - w]; n2 = mp[i + w]
    } else if (gxp[i] > 0) == (gyp[i] > 0) {
        n1 = mp[i - w - 1]; n2 = mp[i + w + 1]
    } else {
        n1 = mp[i - w + 1]; n2 = mp[i + w - 1]
    }
    // Ties broken one way so plateaus keep one pixel.
    if m > n1 && m >= n2 {
        if m >= high {
            sp[i] = EdgeMap.edge
            stack.push(i)
        } else {
            sp[i] = EdgeMap.candidate
        }
    }
}
