import ScanCore

/// The working copy of a photo for detection: three `Float` colour planes (R, G, B in 0…255)
/// shrunk by an integer factor with area averaging.
///
/// Working pixel (x, y) covers full-resolution pixels [x·f, (x+1)·f) × [y·f, (y+1)·f), so with
/// corner-origin coordinates a point maps exactly by `full = working × factor`.
struct ColorPlanes {
    /// Working width and height in pixels.
    let width: Int
    let height: Int
    /// The integer shrink factor (≥ 1).
    let factor: Int
    /// Row-major planes, `width * height` each.
    var red: [Float]
    var green: [Float]
    var blue: [Float]

    /// Shrinks `image` by the smallest integer factor that brings its long side to at most
    /// `longSide` (never enlarging), so the cost of the search is bounded whatever the photo. Trailing rows and columns that do not fill a whole block are dropped;
    /// they lie outside the working frame but inside the full frame, which is harmless.
    init(image: Image<RGB8>, longSide: Int) {
        let long = max(image.width, image.height)
        let f = ColorPlanes.factor(longSide: long, target: longSide)
        let w = image.width / f, h = image.height / f
        factor = f
        width = w
        height = h
        let count = w * h
        var r = [Float](repeating: 0, count: count)
        var g = [Float](repeating: 0, count: count)
        var b = [Float](repeating: 0, count: count)
        let rowBytes = image.width * 3, usedBytes = w * f * 3
        let norm = 1 / Float(f * f)
        image.withUnsafeBytes { bytes in
            r.withUnsafeMutableBufferPointer { rp in
                g.withUnsafeMutableBufferPointer { gp in
                    b.withUnsafeMutableBufferPointer { bp in
                        // Sum f rows byte-wise first (a plain loop the compiler vectorises), then
                        // f neighbouring pixels of the summed row.
                        var sums = [UInt16](repeating: 0, count: usedBytes)
                        sums.withUnsafeMutableBufferPointer { s in
                            for y in 0..<h {
                                let first = bytes.baseAddress! + (y * f) * rowBytes
                                for i in 0..<usedBytes { s[i] = UInt16(first[i]) }
                                for dy in 1..<max(1, f) {
                                    let row = first + dy * rowBytes
                                    for i in 0..<usedBytes { s[i] &+= UInt16(row[i]) }
                                }
                                let o = y * w
                                let sums = UnsafePointer(s.baseAddress!)
                                let out = (rp.baseAddress! + o, gp.baseAddress! + o, bp.baseAddress! + o)
                                // The usual factors as constants, so the inner loop unrolls.
                                switch f {
                                case 2: reduceBlocks(sums, w, 2, norm, out)
                                case 3: reduceBlocks(sums, w, 3, norm, out)
                                case 4: reduceBlocks(sums, w, 4, norm, out)
                                case 5: reduceBlocks(sums, w, 5, norm, out)
                                default: reduceBlocks(sums, w, f, norm, out)
                                }
                            }
                        }
                    }
                }
            }
        }
        red = r
        green = g
        blue = b
    }

    /// The shrink factor for an image whose long side is `long` pixels: ⌈long / target⌉, capped
    /// at 256 so that a column of `factor` bytes sums without overflow in 16 bits.
    static func factor(longSide long: Int, target: Int) -> Int {
        min(256, max(1, (long + max(1, target) - 1) / max(1, target)))
    }

    /// Smooths every plane in place with the separable binomial kernel [1 2 1]/4 applied
    /// `passes` times (σ ≈ 0.7 px per pass), which removes sensor and compression noise that
    /// would otherwise scatter edge pixels over a plain desk. Border pixels are left as they are.
    mutating func smooth(passes: Int) {
        guard width >= 3 && height >= 3 && passes > 0 else { return }
        let w = width, h = height
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: w * h)
        defer { scratch.deallocate() }
        for _ in 0..<passes {
            red.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
            green.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
            blue.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
        }
    }
}

/// Sums each run of `f` RGB pixels of a row of column sums into one working pixel per plane.
@inline(__always)
private func reduceBlocks(_ s: UnsafePointer<UInt16>, _ w: Int, _ f: Int, _ norm: Float,
                          _ out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)) {
    var src = 0
    for x in 0..<w {
        var sr: UInt32 = 0, sg: UInt32 = 0, sb: UInt32 = 0
        for _ in 0..<f {
            sr &+= UInt32(s[src])
            sg &+= UInt32(s[src + 1])
            sb &+= UInt32(s[src + 2])
            src += 3
        }
        out.0[x] = Float(sr) * norm
        out.1[x] = Float(sg) * norm
        out.2[x] = Float(sb) * norm
    }
}

/// One [1 2 1]/4 pass horizontally into `tmp`, then vertically back into `v`; borders copied.
private func binomial(_ v: UnsafeMutablePointer<Float>, _ tmp: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int) {
    for y in 0..<h {
        let src = v + y * w, dst = tmp + y * w
        dst[0] = src[0]
        dst[w - 1] = src[w - 1]
        for x in 1..<(w - 1) {
            dst[x] = 0.25 * (src[x - 1] + 2 * src[x] + src[x + 1])
        }
    }
    for x in 0..<w {
        v[x] = tmp[x]
        v[(h - 1) * w + x] = tmp[(h - 1) * w + x]
    }
    for y in 1..<(h - 1) {
        let up = tmp + (y - 1) * w, mid = tmp + y * w, down = tmp + (y + 1) * w, dst = v + y * w
        for x in 0..<w {
            dst[x] = 0.25 * (up[x] + 2 * mid[x] + down[x])
        }
    }
}
