import ScanCore

// MARK: - Row kernels

extension PerspectiveWarp {
    /// One output row, one bilinear sample per pixel at its centre.
    @inline(__always)
    func bilinearRow(
        _ y: Int, _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        _ out: UnsafeMutablePointer<UInt8>, layout: (some ChannelLayout).Type
    ) {
        let channels = layout.channels(photo)
        let yc = Double(y) + 0.5
        var px = m0 * 0.5 + m1 * yc + m2, py = m3 * 0.5 + m4 * yc + m5, pw = m6 * 0.5 + m7 * yc + m8
        for x in 0..<width {
            let r = 1 / pw
            let u = px * r - 0.5, v = py * r - 0.5
            px += m0
            py += m3
            pw += m6
            let o = out + x &* channels
            interpolate(u, v, source, photo, channels: channels) { k, value in
                o[k] = UInt8(truncatingIfNeeded: (value &+ PerspectiveWarp.half) >> (2 * PerspectiveWarp.fractionBits))
            }
        }
    }

    /// One output row averaged over a `grid.x × grid.y` grid of bilinear samples per pixel.
    @inline(__always)
    func supersampledRow(
        _ y: Int, grid: (x: Int, y: Int), _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        _ out: UnsafeMutablePointer<UInt8>, sums: UnsafeMutablePointer<Int>, layout: (some ChannelLayout).Type
    ) {
        let channels = layout.channels(photo)
        let rowLength = width * channels
        sums.initialize(repeating: 0, count: rowLength)
        let stepX = 1 / Double(grid.x)
        let dx = m0 * stepX, dy = m3 * stepX, dw = m6 * stepX
        for j in 0..<grid.y {
            let yc = Double(y) + (Double(j) + 0.5) / Double(grid.y)
            let xc = 0.5 * stepX
            var px = m0 * xc + m1 * yc + m2, py = m3 * xc + m4 * yc + m5, pw = m6 * xc + m7 * yc + m8
            for x in 0..<width {
                let s = sums + x &* channels
                for _ in 0..<grid.x {
                    let r = 1 / pw
                    let u = px * r - 0.5, v = py * r - 0.5
                    px += dx
                    py += dy
                    pw += dw
                    interpolate(u, v, source, photo, channels: channels) { k, value in
                        s[k] &+= value
                    }
                }
            }
        }
        let denominator = grid.x * grid.y << (2 * PerspectiveWarp.fractionBits)
        let rounding = denominator / 2
        for i in 0..<rowLength {
            out[i] = UInt8(truncatingIfNeeded: (sums[i] &+ rounding) / denominator)
        }
    }

    /// Rounding term for a value with `2 × fractionBits` fractional bits.
    static let half = 1 << (2 * fractionBits - 1)

    /// Bilinear interpolation at photo position (u, v) (pixel centres at integers), handing
    /// `emit` each channel's value scaled by 2^(2 × fractionBits), unrounded. Taps outside the
    /// photo read `fill`.
    @inline(__always)
    func interpolate(
        _ u: Double, _ v: Double, _ source: UnsafePointer<UInt8>, _ photo: PhotoBytes,
        channels: Int, emit: (Int, Int) -> Void
    ) {
        let one = PerspectiveWarp.one, scale = Double(one)
        let stride = photo.width &* channels
        if u >= 0, v >= 0, u < Double(photo.width - 1), v < Double(photo.height - 1) {
            // Inside: truncation is floor for non-negative values.
            let fu = Int(u * scale), fv = Int(v * scale)
            let ax = fu & (one - 1), ay = fv & (one - 1)
            let p = source + (fv >> PerspectiveWarp.fractionBits) &* stride + (fu >> PerspectiveWarp.fractionBits) &* channels
            for k in 0..<channels {
                let p00 = Int(p[k]), p10 = Int(p[k &+ channels])
                let p01 = Int(p[k &+ stride]), p11 = Int(p[k &+ stride &+ channels])
                let top = p00 &* one &+ (p10 &- p00) &* ax
                let bottom = p01 &* one &+ (p11 &- p01) &* ax
                emit(k, top &* one &+ (bottom &- top) &* ay)
            }
            return
        }
        // Near or beyond the border: clamp far-away positions (also NaN) to a ring just outside
        // the photo, where every tap reads the fill value.
        let cu = u > -2 ? (u < Double(photo.width) + 1 ? u : Double(photo.width) + 1) : -2
        let cv = v > -2 ? (v < Double(photo.height) + 1 ? v : Double(photo.height) + 1) : -2
        let fu = Int((cu + 2) * scale) - 2 * one, fv = Int((cv + 2) * scale) - 2 * one
        let ax = fu & (one - 1), ay = fv & (one - 1)
        let x0 = fu >> PerspectiveWarp.fractionBits, y0 = fv >> PerspectiveWarp.fractionBits
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
}
