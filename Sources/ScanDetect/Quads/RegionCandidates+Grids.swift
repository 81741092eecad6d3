extension RegionCandidates {
    /// A grid value as a weighted sum of the colour planes, and where its histogram starts.
    struct Mix {
        let red: Float
        let green: Float
        let blue: Float
        /// The value that falls in bin 0 of the histogram, negated.
        let offset: Float

        /// Luminance (Rec. 601 weights), 0…255.
        static let luminance = Mix(red: 0.299, green: 0.587, blue: 0.114, offset: 0)
        /// The yellow–blue tint, blue minus the mean of red and green, −255…255; page and table
        /// tints lie well within ±128, the histogram's range.
        static let yellowBlue = Mix(red: -0.5, green: -0.5, blue: 1, offset: 128)
    }

    /// The luminance of `planes` averaged over `step × step` blocks (see `grid`).
    static func luminance(of planes: ColorPlanes, step: Int) -> (values: [Float], histogram: [Int]) {
        grid(of: planes, step: step, mix: .luminance)
    }

    /// `mix` of `planes` averaged over `step × step` blocks, row-major
    /// `(planes.width / step) × (planes.height / step)`, and its histogram of 256 unit bins from
    /// `−mix.offset` (values beyond either end in the end bins).
    static func grid(of planes: ColorPlanes, step g: Int, mix: Mix) -> (values: [Float], histogram: [Int]) {
        let w = planes.width / g, h = planes.height / g, pw = planes.width, norm = 1 / Float(g * g)
        var histogram = [Int](repeating: 0, count: 256)
        guard w > 0 && h > 0 else { return ([], histogram) }
        let values = [Float](unsafeUninitializedCapacity: w * h) { out, initialised in
            planes.red.withUnsafeBufferPointer { r in
                planes.green.withUnsafeBufferPointer { gr in
                    planes.blue.withUnsafeBufferPointer { b in
                        let planes = (r.baseAddress!, gr.baseAddress!, b.baseAddress!)
                        if g == 2 {
                            shrinkByTwo(planes, mix, pw, w, h, norm, out.baseAddress!)
                        } else {
                            shrink(planes, mix, pw, w, h, g, norm, out.baseAddress!)
                        }
                    }
                }
            }
            count(out.baseAddress!, w * h, offset: mix.offset, into: &histogram)
            initialised = w * h
        }
        return (values, histogram)
    }

    /// Shrinks the colour planes (row stride `pw`) by `g` into a `w × h` grid of block means of `mix`.
    private static func shrink(_ planes: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>), _ mix: Mix,
                               _ pw: Int, _ w: Int, _ h: Int, _ g: Int, _ norm: Float, _ out: UnsafeMutablePointer<Float>) {
        let (r, gr, b) = planes
        for y in 0..<h {
            for x in 0..<w {
                var v: Float = 0
                for dy in 0..<g {
                    let row = (y * g + dy) * pw + x * g
                    for dx in 0..<g {
                        v += mix.red * r[row + dx] + mix.green * gr[row + dx] + mix.blue * b[row + dx]
                    }
                }
                out[y * w + x] = v * norm
            }
        }
    }

    /// `shrink` for the default step of 2, in passes the compiler vectorises: each
    /// full-resolution row's mix, then the 2 × 2 block sums (added in `shrink`'s order, so the
    /// values are the same).
    private static func shrinkByTwo(_ planes: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>), _ mix: Mix,
                                    _ pw: Int, _ w: Int, _ h: Int, _ norm: Float, _ out: UnsafeMutablePointer<Float>) {
        let (r, gr, b) = planes
        let used = 2 * w
        let rows = UnsafeMutablePointer<Float>.allocate(capacity: 2 * max(1, used))
        defer { rows.deallocate() }
        let top = rows, bottom = rows + used
        typealias Lanes = SIMD8<Float>
        func load(_ p: UnsafePointer<Float>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }
        func store(_ v: some SIMD<Float>, _ p: UnsafeMutablePointer<Float>) {
            UnsafeMutableRawPointer(p).storeBytes(of: v, as: type(of: v))
        }
        for y in 0..<h {
            for dy in 0..<2 {
                let o = (2 * y + dy) * pw, row = dy == 0 ? top : bottom
                var x = 0
                while x + Lanes.scalarCount <= used {
                    store(mix.red * load(r + o + x) + mix.green * load(gr + o + x) + mix.blue * load(b + o + x), row + x)
                    x += Lanes.scalarCount
                }
                while x < used {
                    row[x] = mix.red * r[o + x] + mix.green * gr[o + x] + mix.blue * b[o + x]
                    x += 1
                }
            }
            let line = out + y * w
            var x = 0
            while 2 * x + Lanes.scalarCount <= used {
                let t = load(top + 2 * x), u = load(bottom + 2 * x)
                store((t.evenHalf + t.oddHalf + u.evenHalf + u.oddHalf) * norm, line + x)
                x += Lanes.scalarCount / 2
            }
            while x < w {
                line[x] = (top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1]) * norm
                x += 1
            }
        }
    }

    /// Adds the `n` values' unit bins from `−offset` to `histogram` (256 bins), counted in four
    /// interleaved copies so that neighbouring cells, which mostly share a bin, do not wait on
    /// each other's increment.
    private static func count(_ values: UnsafePointer<Float>, _ n: Int, offset: Float, into histogram: inout [Int]) {
        let ways = 4, bins = 256
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: ways * bins)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: ways * bins)
        // Clamped before converting, so the conversion cannot trap (same bin as clamping after).
        func bin(_ v: Float) -> Int { Int(min(255, max(0, v + offset))) }
        let whole = n - n % ways
        var i = 0
        while i < whole {
            counts[bin(values[i])] &+= 1
            counts[bins + bin(values[i + 1])] &+= 1
            counts[2 * bins + bin(values[i + 2])] &+= 1
            counts[3 * bins + bin(values[i + 3])] &+= 1
            i += ways
        }
        while i < n {
            counts[bin(values[i])] &+= 1
            i += 1
        }
        for k in 0..<bins {
            histogram[k] += Int(counts[k]) + Int(counts[bins + k]) + Int(counts[2 * bins + k]) + Int(counts[3 * bins + k])
        }
    }
}
