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

    /// Shrinks `image` by the integer factor that brings its long side closest to `longSide`
    /// (never enlarging). Trailing rows and columns that do not fill a whole block are dropped;
    /// they lie outside the working frame but inside the full frame, which is harmless.
    init(image: Image<RGB8>, longSide: Int) {
        let long = max(image.width, image.height)
        let f = max(1, Int((Double(long) / Double(max(1, longSide))).rounded()))
        let w = image.width / f, h = image.height / f
        factor = f
        width = w
        height = h
        let count = w * h
        var r = [Float](repeating: 0, count: count)
        var g = [Float](repeating: 0, count: count)
        var b = [Float](repeating: 0, count: count)
        let fullWidth = image.width
        let norm = 1 / Float(f * f)
        image.withUnsafeBytes { bytes in
            r.withUnsafeMutableBufferPointer { rp in
                g.withUnsafeMutableBufferPointer { gp in
                    b.withUnsafeMutableBufferPointer { bp in
                        // Accumulate f rows into integer sums per working column, then normalise.
                        var sums = [UInt32](repeating: 0, count: w * 3)
                        sums.withUnsafeMutableBufferPointer { s in
                            for y in 0..<h {
                                for i in 0..<(w * 3) { s[i] = 0 }
                                for dy in 0..<f {
                                    let row = bytes.baseAddress! + ((y * f + dy) * fullWidth) * 3
                                    var src = 0
                                    for x in 0..<w {
                                        var sr: UInt32 = 0, sg: UInt32 = 0, sb: UInt32 = 0
                                        for _ in 0..<f {
                                            sr &+= UInt32(row[src])
                                            sg &+= UInt32(row[src + 1])
                                            sb &+= UInt32(row[src + 2])
                                            src += 3
                                        }
                                        s[3 * x] &+= sr
                                        s[3 * x + 1] &+= sg
                                        s[3 * x + 2] &+= sb
                                    }
                                }
                                let o = y * w
                                for x in 0..<w {
                                    rp[o + x] = Float(s[3 * x]) * norm
                                    gp[o + x] = Float(s[3 * x + 1]) * norm
                                    bp[o + x] = Float(s[3 * x + 2]) * norm
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

    /// Smooths every plane in place with the separable binomial kernel [1 2 1]/4 applied
    /// `passes` times (σ ≈ 0.7 px per pass), which removes sensor and compression noise that
    /// would otherwise scatter edge pixels over a plain desk. Border pixels are left as they are.
    mutating func smooth(passes: Int) {
        guard width >= 3 && height >= 3 else { return }
        let w = width, h = height
        var scratch = [Float](repeating: 0, count: w * h)
        for _ in 0..<passes {
            for plane in 0..<3 {
                scratch.withUnsafeMutableBufferPointer { tmp in
                    func run(_ p: inout [Float]) {
                        p.withUnsafeMutableBufferPointer { v in
                            // Horizontal into tmp, vertical back into v.
                            for y in 0..<h {
                                let o = y * w
                                tmp[o] = v[o]
                                tmp[o + w - 1] = v[o + w - 1]
                                for x in 1..<(w - 1) {
                                    tmp[o + x] = 0.25 * (v[o + x - 1] + 2 * v[o + x] + v[o + x + 1])
                                }
                            }
                            for x in 0..<w {
                                v[x] = tmp[x]
                                v[(h - 1) * w + x] = tmp[(h - 1) * w + x]
                            }
                            for y in 1..<(h - 1) {
                                let o = y * w
                                for x in 0..<w {
                                    v[o + x] = 0.25 * (tmp[o + x - w] + 2 * tmp[o + x] + tmp[o + x + w])
                                }
                            }
                        }
                    }
                    switch plane {
                    case 0: run(&red)
                    case 1: run(&green)
                    default: run(&blue)
                    }
                }
            }
        }
    }
}
