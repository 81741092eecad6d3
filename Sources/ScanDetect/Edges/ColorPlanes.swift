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
    /// `longSide` (never enlarging), so the cost of the search is bounded whatever the photo.
    /// Trailing rows and columns that do not fill a whole block are dropped: they lie outside
    /// the working frame but inside the full frame, so a side on the working frame's far border
    /// lies on the photo's (`DocumentDetector.fullResolution`).
    init(image: Image<RGB8>, longSide: Int) {
        let long = max(image.width, image.height)
        let f = ColorPlanes.factor(longSide: long, target: longSide)
        let w = image.width / f, h = image.height / f
        factor = f
        width = w
        height = h
        let count = w * h
        let rowBytes = image.width * 3, usedBytes = w * f * 3
        let norm = 1 / Float(f * f)
        // Column sums of one block row.
        let sums = UnsafeMutablePointer<UInt16>.allocate(capacity: usedBytes)
        defer { sums.deallocate() }
        // Every element of the planes is written below, so they start uninitialised.
        var g: [Float] = [], b: [Float] = []
        let r = [Float](unsafeUninitializedCapacity: count) { rp, rCount in
            g = [Float](unsafeUninitializedCapacity: count) { gp, gCount in
                b = [Float](unsafeUninitializedCapacity: count) { bp, bCount in
                    image.withUnsafeBytes { bytes in
                        for y in 0..<h {
                            let rows = bytes.baseAddress! + (y * f) * rowBytes
                            let o = y * w
                            let out = (rp.baseAddress! + o, gp.baseAddress! + o, bp.baseAddress! + o)
                            /// This block row shrunk by `k`, inlined so that a literal `k` unrolls its loops.
                            @inline(__always) func shrinkRow(by k: Int) {
                                sumRows(rows, rowBytes, k, usedBytes, into: sums)
                                reduceBlocks(sums, w, k, norm, out)
                            }
                            // The usual factors as constants, so the inner loops unroll; larger
                            // ones (the coarse look's, photos over about 2400 pixels long) with
                            // the same vectors, up to the 16 whose block sums fit in 16 bits
                            // (on photos with no page, the coarse look's instructions −7 %;
                            // a 12-megapixel photo's shrink is bound by reading it either way).
                            switch f {
                            case 2: shrinkRow(by: 2)
                            case 3: shrinkRow(by: 3)
                            case 4: shrinkRow(by: 4)
                            case 5: shrinkRow(by: 5)
                            case ...16: shrinkRow(by: f)
                            default:
                                sumRows(rows, rowBytes, f, usedBytes, into: sums)
                                reduceBlocksOneByOne(sums, w, f, norm, out)
                            }
                        }
                    }
                    bCount = count
                }
                gCount = count
            }
            rCount = count
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
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 3 * w)
        defer { scratch.deallocate() }
        for _ in 0..<passes {
            red.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
            green.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
            blue.withUnsafeMutableBufferPointer { binomial($0.baseAddress!, scratch, w, h) }
        }
    }
}

/// Sums `f` image rows byte-wise into `sums` (the first `count` bytes of each), one row at a
/// time: plain loops the compiler vectorises. (Reading the `f` rows side by side in one loop,
/// or two rows per pass, measured slower: the rows stream from memory better one after another.)
@inline(__always)
private func sumRows(_ first: UnsafeRawPointer, _ rowBytes: Int, _ f: Int, _ count: Int,
                     into sums: UnsafeMutablePointer<UInt16>) {
    let r0 = first.assumingMemoryBound(to: UInt8.self)
    for i in 0..<count { sums[i] = UInt16(r0[i]) }
    for dy in 1..<max(1, f) {
        let row = r0 + dy * rowBytes
        for i in 0..<count { sums[i] &+= UInt16(row[i]) }
    }
}

/// Sums each run of `f` RGB pixels of a row of column sums `s` into one working pixel per plane.
///
/// Each working pixel's `f` triples are added as four-lane vectors (R, G, B and the next
/// pixel's R, which is dropped), and four working pixels' sums are converted and scaled as
/// vectors, then transposed into the planes: cheaper than summing every offset of the row and
/// gathering each block's strided sums (the planes of 30 seed-10 photos took 230–245 µs rather
/// than 285–290 µs, built for the host processor).
/// Requires f ≤ 16, so that the block sums (at most 255·f²) fit in 16 bits; they are exact
/// integers, so the result equals `reduceBlocksOneByOne`'s.
@inline(__always)
private func reduceBlocks(_ s: UnsafePointer<UInt16>, _ w: Int, _ f: Int, _ norm: Float,
                          _ out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)) {
    /// Working pixel x: the sums of its block's red, green and blue, and a lane to drop.
    @inline(__always) func pixel(_ x: Int) -> SIMD4<Float> {
        let block = UnsafeRawPointer(s + 3 &* f &* x)
        var sum = SIMD4<UInt16>()
        for k in 0..<f { sum &+= block.loadUnaligned(fromByteOffset: 6 &* k, as: SIMD4<UInt16>.self) }
        return SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: sum)) * norm
    }
    // The fourth lane of the row's last pixel lies past the row: that pixel is left to the loop
    // one by one.
    var x = 0
    while x &+ 4 < w {
        let p0 = pixel(x), p1 = pixel(x &+ 1), p2 = pixel(x &+ 2), p3 = pixel(x &+ 3)
        UnsafeMutableRawPointer(out.0 + x).storeBytes(of: SIMD4(p0.x, p1.x, p2.x, p3.x), as: SIMD4<Float>.self)
        UnsafeMutableRawPointer(out.1 + x).storeBytes(of: SIMD4(p0.y, p1.y, p2.y, p3.y), as: SIMD4<Float>.self)
        UnsafeMutableRawPointer(out.2 + x).storeBytes(of: SIMD4(p0.z, p1.z, p2.z, p3.z), as: SIMD4<Float>.self)
        x &+= 4
    }
    reduceBlocksOneByOne(s + 3 * f * x, w - x, f, norm, (out.0 + x, out.1 + x, out.2 + x))
}

/// `reduceBlocks` for any factor: each block's sums gathered pixel by pixel in 32 bits.
private func reduceBlocksOneByOne(_ s: UnsafePointer<UInt16>, _ w: Int, _ f: Int, _ norm: Float,
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

/// One [1 2 1]/4 pass horizontally, then vertically, in place; border pixels keep the
/// horizontal pass only. The horizontal pass runs one row ahead into `ring` (three rows), so each
/// plane is read and written once rather than going through a whole-plane scratch copy.
private func binomial(_ v: UnsafeMutablePointer<Float>, _ ring: UnsafeMutablePointer<Float>, _ w: Int, _ h: Int) {
    /// The row of `ring` that holds the horizontal pass of image row `y`.
    func smoothed(_ y: Int) -> UnsafeMutablePointer<Float> { ring + (y % 3) * w }
    func smoothHorizontally(_ y: Int) {
        let src = v + y * w, dst = smoothed(y)
        dst[0] = src[0]
        dst[w - 1] = src[w - 1]
        for x in 1..<(w - 1) {
            dst[x] = 0.25 * (src[x - 1] + 2 * src[x] + src[x + 1])
        }
    }
    smoothHorizontally(0)
    smoothHorizontally(1)
    v.update(from: smoothed(0), count: w)
    for y in 1..<(h - 1) {
        // Row y + 1 is still unsmoothed here: only rows up to y have been written back.
        smoothHorizontally(y + 1)
        let up = smoothed(y - 1), mid = smoothed(y), down = smoothed(y + 1), dst = v + y * w
        for x in 0..<w {
            dst[x] = 0.25 * (up[x] + 2 * mid[x] + down[x])
        }
    }
    (v + (h - 1) * w).update(from: smoothed(h - 1), count: w)
}
