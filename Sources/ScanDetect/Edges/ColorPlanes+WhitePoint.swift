extension ColorPlanes {
    /// Share of the candidate pixels, the brightest, that make the white patch.
    static let whitePatchShare = 0.05
    /// Largest HSV saturation of a pixel that may be part of the white patch: more is an object's
    /// own colour, not the light's (sticky notes read 0.25–0.6; the SmartDoc sample's bluish
    /// white 0.10–0.14, and 0.16–0.21 with its tones darkened by γ 1.5).
    static let whitePatchPixelChroma: Float = 0.25
    /// Lowest mean level of the white patch: a scene whose lightest plain surfaces are darker has
    /// no white to balance by (a blue cloth's lighter checks would otherwise pass for it, and a
    /// light blue sticky note on it for grey paper).
    static let whitePatchLevel: Float = 150
    /// Rows and columns between the pixels read for the white patch: a statistic of thousands of
    /// pixels needs no more.
    static let whitePatchStep = 4

    /// Per-channel gains that map the scene's white to grey (von Kries adaptation), so that a
    /// colour can be judged against the light it was taken in: white paper under a tinted lamp,
    /// or in a photo whose tones were darkened (which raises every colour's saturation), is grey
    /// under them. The white is the mean colour of the brightest `whitePatchShare` of the pixels
    /// neither clipped nor coloured (`whitePatchPixelChroma`), read on every fourth row and column;
    /// (1, 1, 1) when there is no such patch or it is too dark (`whitePatchLevel`).
    func whiteGains() -> SIMD3<Float> {
        // Candidate pixels by level (the mean of R, G and B), with their colour sums per level.
        var counts = [Int32](repeating: 0, count: 256)
        var sums = [SIMD4<Float>](repeating: .zero, count: 256)
        var candidates = 0
        red.withUnsafeBufferPointer { r in
            green.withUnsafeBufferPointer { g in
                blue.withUnsafeBufferPointer { b in
                    counts.withUnsafeMutableBufferPointer { counts in
                        sums.withUnsafeMutableBufferPointer { sums in
                            for y in stride(from: 0, to: height, by: Self.whitePatchStep) {
                                var i = y &* width
                                let end = i &+ width
                                while i < end {
                                    let c = SIMD4(r[i], g[i], b[i], 0)
                                    i &+= Self.whitePatchStep
                                    let hi = max(c.x, c.y, c.z), lo = min(c.x, c.y, c.z)
                                    guard hi < 250, hi - lo <= Self.whitePatchPixelChroma * hi else { continue }
                                    // Levels lie in 0…250: the planes are means of bytes.
                                    let level = Int(((c.x + c.y + c.z) * (1 / 3)).rounded())
                                    counts[level] &+= 1
                                    sums[level] += c
                                    candidates &+= 1
                                }
                            }
                        }
                    }
                }
            }
        }
        // The brightest levels holding the patch's share (whole levels, so at least that share).
        let wanted = max(1, Int(Self.whitePatchShare * Double(candidates)))
        var patch = 0, sum = SIMD4<Float>()
        var level = 255
        while level >= 0 && patch < wanted {
            patch += Int(counts[level])
            sum += sums[level]
            level -= 1
        }
        guard patch >= 16 else { return SIMD3(1, 1, 1) }
        let white = SIMD3(sum.x, sum.y, sum.z) / Float(patch)
        let grey = (white.x + white.y + white.z) / 3
        guard grey >= Self.whitePatchLevel else { return SIMD3(1, 1, 1) }
        return SIMD3(repeating: grey) / white
    }
}
