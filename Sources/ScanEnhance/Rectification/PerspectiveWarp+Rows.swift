// MARK: - Row kernels

extension PerspectiveWarp {
    /// Fractional bits of the fixed-point sample positions walked along a row: enough that the
    /// tiny per-sample acceleration keeps its precision over a span.
    static let positionBits = 32

    /// Output pixels `columns` of row `y`, one bilinear sample per pixel at its centre; `out`
    /// points at the row's first pixel, `span` is `spanLength(row:step:)` for the row.
    @inline(__always)
    func bilinearRow(
        _ y: Int, columns: Range<Int>, span: Int, _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        _ out: UnsafeMutablePointer<UInt8>, layout: (some ChannelLayout).Type
    ) {
        let channels = layout.channels(photo)
        let start = out + columns.lowerBound * channels
        walk(row: Double(y) + 0.5, first: Double(columns.lowerBound) + 0.5, step: 1, count: columns.count, span: span, photo) { x, u, v, inside in
            let o = start + x &* channels
            interpolate(u, v, inside: inside, source, photo, channels: channels) { k, value in
                o[k] = UInt8(truncatingIfNeeded: (value &+ PerspectiveWarp.half) >> (2 * PerspectiveWarp.fractionBits))
            }
        }
    }

    /// Output pixels `columns` of row `y`, each the mean of a `grid.x × grid.y` grid of bilinear
    /// samples; `out` points at the row's first pixel, `sums` holds `columns.count × channels`.
    @inline(__always)
    func supersampledRow(
        _ y: Int, columns: Range<Int>, grid: (x: Int, y: Int), _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        _ out: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<Int>, layout: (some ChannelLayout).Type
    ) {
        let channels = layout.channels(photo)
        let rowLength = columns.count * channels
        let out = out + columns.lowerBound * channels
        sums.initialize(repeating: 0, count: rowLength)
        let step = 1 / Double(grid.x)
        for j in 0..<grid.y {
            let yc = Double(y) + (Double(j) + 0.5) / Double(grid.y)
            let first = Double(columns.lowerBound) + 0.5 * step
            var pixel = sums, subsample = 0
            let span = spanLength(row: yc, step: step)
            walk(row: yc, first: first, step: step, count: columns.count * grid.x, span: span, photo) { _, u, v, inside in
                interpolate(u, v, inside: inside, source, photo, channels: channels) { k, value in
                    pixel[k] &+= value
                }
                subsample &+= 1
                if subsample == grid.x {
                    subsample = 0
                    pixel += channels
                }
            }
        }
        let denominator = grid.x * grid.y << (2 * PerspectiveWarp.fractionBits)
        let rounding = denominator / 2
        for i in 0..<rowLength {
            out[i] = UInt8(truncatingIfNeeded: (sums[i] &+ rounding) / denominator)
        }
    }

    /// Walks `count` samples along output row `yc`, at x = `first` + i·`step`, handing `body` each
    /// sample's index and photo position (pixel centres at integers) in fixed point with
    /// `positionBits` fractional bits, and whether the sample is safely inside the photo.
    ///
    /// A row of the output maps onto a straight line in the photo, walked at a varying pace. The
    /// exact position, pace and acceleration are computed at the start of spans of `span`
    /// samples (from `spanLength`), short enough that the quadratic they define strays less than
    /// `walkTolerance` pixels from the exact position; within a span the walk is forward differencing, four integer additions per
    /// sample and no division.
    @inline(__always)
    func walk(
        row yc: Double, first: Double, step: Double, count: Int, span: Int, _ photo: PhotoBytes,
        _ body: (_ index: Int, _ u: Int, _ v: Int, _ inside: Bool) -> Void
    ) {
        let one = Double(sign: .plus, exponent: PerspectiveWarp.positionBits, significand: 1)
        // The fast path reads pixel x0 + 1 and row y0 + 1; the margin covers the walk's error.
        let margin = 0.01
        let maxU = Double(photo.width - 1) - margin, maxV = Double(photo.height - 1) - margin
        let bx = m1 * yc + m2, by = m4 * yc + m5, bw = m7 * yc + m8
        var i = 0
        while i < count {
            let n = Swift.min(span, count - i)
            let x0 = first + Double(i) * step, x1 = first + Double(i + n - 1) * step
            let r0 = 1 / (m6 * x0 + bw), r1 = 1 / (m6 * x1 + bw)
            let u0 = (m0 * x0 + bx) * r0, v0 = (m3 * x0 + by) * r0
            let u1 = (m0 * x1 + bx) * r1 - 0.5, v1 = (m3 * x1 + by) * r1 - 0.5
            // Derivatives along x of u = N/W: u' = (m0 - u·m6)/W and u'' = -2·m6·u'/W, per sample.
            let du = (m0 - u0 * m6) * r0 * step, dv = (m3 - v0 * m6) * r0 * step
            let ddu = -2 * m6 * r0 * step * du, ddv = -2 * m6 * r0 * step * dv
            let inside = Swift.min(u0 - 0.5, u1) >= margin && Swift.min(v0 - 0.5, v1) >= margin
                && Swift.max(u0 - 0.5, u1) < maxU && Swift.max(v0 - 0.5, v1) < maxV
            var u = PerspectiveWarp.fixed(u0 - 0.5, one), v = PerspectiveWarp.fixed(v0 - 0.5, one)
            var pu = PerspectiveWarp.fixed(du + ddu / 2, one), pv = PerspectiveWarp.fixed(dv + ddv / 2, one)
            let au = PerspectiveWarp.fixed(ddu, one), av = PerspectiveWarp.fixed(ddv, one)
            // Two copies of the loop, so the inside one inlines without the border checks.
            if inside {
                for k in i..<i + n {
                    body(k, u, v, true)
                    u &+= pu
                    v &+= pv
                    pu &+= au
                    pv &+= av
                }
            } else {
                for k in i..<i + n {
                    body(k, u, v, false)
                    u &+= pu
                    v &+= pv
                    pu &+= au
                    pv &+= av
                }
            }
            i += n
        }
    }

    /// `value × one` rounded to an integer, clamped far outside any photo (and NaN to 0) so the
    /// conversion cannot trap.
    @inline(__always)
    static func fixed(_ value: Double, _ one: Double) -> Int {
        let limit = 1e8
        let clamped = value > -limit ? (value < limit ? value : limit) : (value == value ? -limit : 0)
        let scaled = clamped * one
        return Int(scaled + (scaled < 0 ? -0.5 : 0.5))
    }

    /// The longest span of samples, `step` output pixels apart on row `yc`, over which the
    /// quadratic walk errs by less than `walkTolerance` pixels.
    func spanLength(row yc: Double, step: Double) -> Int {
        // The third derivative 6·(m6/W)²·u' is largest at one end of the row; after L samples
        // the walk has strayed at most (L·step)³·|u‴|/6.
        func jerk(at x: Double) -> Double {
            let w = m6 * x + m7 * yc + m8
            let u = (m0 * x + m1 * yc + m2) / w, v = (m3 * x + m4 * yc + m5) / w
            let du = (m0 - u * m6) / w, dv = (m3 - v * m6) / w
            return 6 * (m6 / w) * (m6 / w) * Swift.max(abs(du), abs(dv))
        }
        let jerk = Swift.max(jerk(at: 0.5 * step), jerk(at: Double(width) - 0.5 * step))
        // The longest power-of-two span within tolerance: (L·step)³ ≤ 6·tolerance / jerk.
        let budget = 6 * PerspectiveWarp.walkTolerance / (jerk * step * step * step)
        var span = PerspectiveWarp.maximumSpan
        while span > 1, !(Double(span * span * span) <= budget) { span /= 2 }
        return span
    }

    /// Largest deviation of a walked position from the exact one, in photo pixels: a quarter of
    /// the 1/256 px interpolation step, so walking costs no visible accuracy.
    static let walkTolerance = 1.0 / 1024
    /// Longest span between exact positions, a power of two. Higher: fewer divisions, but the
    /// span cost is already small at 64.
    static let maximumSpan = 64

    /// Rounding term for a value with `2 × fractionBits` fractional bits.
    static let half = 1 << (2 * fractionBits - 1)

    /// Bilinear interpolation at photo position (u, v) (pixel centres at integers, fixed point
    /// with `positionBits` fractional bits), handing `emit` each channel's value scaled by
    /// 2^(2 × fractionBits), unrounded. `inside` promises all four taps lie in the photo; otherwise
    /// taps outside read `fill`. Inside the photo, three- and four-channel pixels take
    /// `interpolateVector`, with the same result.
    @inline(__always)
    func interpolate(
        _ u: Int, _ v: Int, inside: Bool, _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        channels: Int, emit: (Int, Int) -> Void
    ) {
        let one = PerspectiveWarp.one
        let drop = PerspectiveWarp.positionBits - PerspectiveWarp.fractionBits
        let x0 = u >> PerspectiveWarp.positionBits, y0 = v >> PerspectiveWarp.positionBits
        let ax = (u >> drop) & (one - 1), ay = (v >> drop) & (one - 1)
        let stride = photo.width &* channels
        if inside {
            let offset = y0 &* stride &+ x0 &* channels
            // `channels` is a constant in the specialised kernels, so this test folds away.
            if PerspectiveWarp.isVectorised(channels: channels) && offset < PerspectiveWarp.vectorLimit(photo) {
                let value = interpolateVector(ax: ax, ay: ay, source + offset, photo, channels: channels)
                for k in 0..<channels { emit(k, Int(value[k])) }
                return
            }
            // Separable, three products per channel: (1 - ay)·top + ay·bottom, with top and
            // bottom interpolated along x, is the four-weight sum exactly.
            let bits = PerspectiveWarp.fractionBits
            let p = source + (y0 &* stride &+ x0 &* channels), q = p + stride
            for k in 0..<channels {
                let top = Int(p[k]) &<< bits &+ (Int(p[k &+ channels]) &- Int(p[k])) &* ax
                let bottom = Int(q[k]) &<< bits &+ (Int(q[k &+ channels]) &- Int(q[k])) &* ax
                emit(k, top &<< bits &+ (bottom &- top) &* ay)
            }
            return
        }
        let inX0 = x0 >= 0 && x0 < photo.width, inX1 = x0 + 1 >= 0 && x0 + 1 < photo.width
        let inY0 = y0 >= 0 && y0 < photo.height, inY1 = y0 + 1 >= 0 && y0 + 1 < photo.height
        let filler = Int(fill)
        for k in 0..<channels {
            func tap(_ inside: Bool, _ x: Int, _ y: Int) -> Int {
                inside ? Int(source[y * stride + x * channels + k]) : filler
            }
            let p00 = tap(inX0 && inY0, x0, y0), p10 = tap(inX1 && inY0, x0 + 1, y0)
            let p01 = tap(inX0 && inY1, x0, y0 + 1), p11 = tap(inX1 && inY1, x0 + 1, y0 + 1)
            let top = p00 * one + (p10 - p00) * ax
            let bottom = p01 * one + (p11 - p01) * ax
            emit(k, top * one + (bottom - top) * ay)
        }
    }

    // MARK: - Vector kernel

    /// Whether `interpolateVector` handles pixels of `channels` bytes: one pixel's channels fit
    /// four lanes, and its two taps in a row one 8-byte load.
    @inline(__always)
    static func isVectorised(channels: Int) -> Bool { channels == 3 || channels == 4 }

    /// Top-left tap offsets below which `interpolateVector` reads only bytes of the photo. It
    /// reads eight bytes from each tap row, up to two past the second tap for three channels, so
    /// only samples whose bottom taps are among the photo's last pixels fall outside (and take
    /// the scalar path).
    @inline(__always)
    static func vectorLimit(_ photo: PhotoBytes) -> Int {
        photo.height &* photo.stride &- photo.stride &- 8 &+ 1
    }

    /// The inside case of `interpolate` with every channel in a SIMD lane: weights `ax`, `ay` in
    /// 1/256 px, `taps` pointing at the top-left tap (below `vectorLimit`). Returns each
    /// channel's value scaled by 2^(2 × fractionBits), unrounded, in lanes `0..<channels`.
    ///
    /// The scalar kernel's exact integer sum in another order, so the same result: the vertical
    /// pass fits 16 bits (at most 255 × 256), so eight lanes interpolate both columns of taps at
    /// once; the horizontal pass widens to 32 bits (at most 255 × 2^16).
    @inline(__always)
    func interpolateVector(ax: Int, ay: Int, _ taps: UnsafePointer<UInt8>, _ photo: PhotoBytes, channels: Int) -> SIMD4<UInt32> {
        /// Taps x0 and x0 + 1 of a row, one per half; lanes past `channels` hold whatever follows
        /// and are dropped by the caller. One 8-byte load: assembling the halves from two 4-byte
        /// loads compiles to a long chain of byte inserts.
        func row(_ p: UnsafePointer<UInt8>) -> SIMD8<UInt16> {
            let word = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            let pair = word & 0xFFFF_FFFF | (word >> (8 &* UInt64(channels))) << 32
            return SIMD8<UInt16>(truncatingIfNeeded: unsafeBitCast(pair.littleEndian, to: SIMD8<UInt8>.self))
        }
        let bits = UInt16(PerspectiveWarp.fractionBits)
        let ax = UInt16(truncatingIfNeeded: ax), ay = UInt16(truncatingIfNeeded: ay)
        let top = row(taps), bottom = row(taps + photo.stride)
        // top·(256 − ay) + bottom·ay in one product; wrapping is exact as the result fits.
        let columns = top &<< bits &+ (bottom &- top) &* ay
        // 256 − ax for the left column, ax for the right, as (ax ^ 255) + 1 = 256 − ax.
        let flip = SIMD8<UInt16>(255, 255, 255, 255, 0, 0, 0, 0), carry = SIMD8<UInt16>(1, 1, 1, 1, 0, 0, 0, 0)
        let weights = (SIMD8(repeating: ax) ^ flip) &+ carry
        let products = SIMD8<UInt32>(truncatingIfNeeded: columns) &* SIMD8<UInt32>(truncatingIfNeeded: weights)
        return products.lowHalf &+ products.highHalf
    }
}
