/// Every edge pixel of the working image as parallel arrays of pixel centre and gradient, for the
/// interior measurements that test all edges against each hypothesis.
///
/// Structure of arrays rather than one vector per pixel, so `axisCounts` tests eight pixels
/// against a quad's four sides at once. The pixels are listed in raster order, found by scanning
/// `EdgeMap.isEdge` a word at a time (cheaper than dividing each index of `EdgeMap.pixels` by the
/// width, and the gradients are read in order); the counts they feed do not depend on the order.
struct EdgePoints {
    /// Pixel centres (working pixels, corner origin) and gradients of the edge pixels.
    let x: [Float], y: [Float], gx: [Float], gy: [Float]

    /// The pixels tested at once.
    typealias Lanes = SIMD8<Float>

    var count: Int { x.count }

    init(edges: EdgeMap, gradient: GradientField) {
        // `pixels` lists exactly the pixels `isEdge` marks, so its count sizes the arrays.
        let n = edges.pixels.count, w = edges.width, h = edges.height
        var ys: [Float] = [], gxs: [Float] = [], gys: [Float] = []
        x = [Float](unsafeUninitializedCapacity: n) { xo, xCount in
            ys = [Float](unsafeUninitializedCapacity: n) { yo, yCount in
                gxs = [Float](unsafeUninitializedCapacity: n) { gxo, gxCount in
                    gys = [Float](unsafeUninitializedCapacity: n) { gyo, gyCount in
                        let found = Self.scan(edges.isEdge, w, h, gradient, n, (xo.baseAddress!, yo.baseAddress!, gxo.baseAddress!, gyo.baseAddress!))
                        gyCount = found
                    }
                    gxCount = gys.count
                }
                yCount = gys.count
            }
            xCount = gys.count
        }
        y = ys
        gx = gxs
        gy = gys
    }

    /// Writes the centre and gradient of each edge pixel of `isEdge` (`w × h`, row-major) in
    /// raster order, at most `capacity` of them; returns how many.
    private static func scan(_ isEdge: [UInt8], _ w: Int, _ h: Int, _ gradient: GradientField, _ capacity: Int,
                             _ out: (UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>,
                                     UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>)) -> Int {
        var found = 0
        isEdge.withUnsafeBufferPointer { e in
            gradient.gx.withUnsafeBufferPointer { gxp in
                gradient.gy.withUnsafeBufferPointer { gyp in
                    @inline(__always) func add(_ col: Int, _ row: Int) {
                        guard found < capacity else { return }
                        let i = row * w + col
                        out.0[found] = Float(col) + 0.5
                        out.1[found] = Float(row) + 0.5
                        out.2[found] = gxp[i]
                        out.3[found] = gyp[i]
                        found += 1
                    }
                    for row in 0..<h {
                        let o = row * w
                        var col = 0
                        // Eight pixels at a time: `isEdge` bytes are 0 or 1, so each edge is one
                        // set bit of the word, found without testing the pixels one by one.
                        while col + 8 <= w {
                            var word = UnsafeRawPointer(e.baseAddress! + o + col).loadUnaligned(as: UInt64.self)
                            word = UInt64(littleEndian: word)
                            while word != 0 {
                                add(col + word.trailingZeroBitCount / 8, row)
                                word &= word &- 1
                            }
                            col += 8
                        }
                        while col < w {
                            if e[o + col] != 0 { add(col, row) }
                            col += 1
                        }
                    }
                }
            }
        }
        return found
    }

    /// Among the edge pixels inside all four half-planes `nxs[k]·x + nys[k]·y + cs[k] ≥ 0`, how many
    /// have a gradient closer to the axis `u` than to `v` (|g·u| ≥ |g·v|, `along`) and how many not
    /// (`across`). Each pixel's arithmetic is the plain per-pixel test's, lane by lane.
    /// - Parameter rows: when given, only pixels whose centre's y lies in it are tested: the caller
    ///   vouches that no pixel outside it is inside the half-planes.
    func axisCounts(nxs: SIMD4<Float>, nys: SIMD4<Float>, cs: SIMD4<Float>, u: (Float, Float), v: (Float, Float),
                    rows: ClosedRange<Float>? = nil) -> (along: Int, across: Int) {
        // The pixels are in raster order, so those of the given rows are one run of them.
        let first = rows.map { r in firstIndex { $0 >= r.lowerBound } } ?? 0
        let n = rows.map { r in firstIndex { $0 > r.upperBound } } ?? count
        let (a, all) = x.withUnsafeBufferPointer { xp in
            y.withUnsafeBufferPointer { yp in
                gx.withUnsafeBufferPointer { gxp in
                    gy.withUnsafeBufferPointer { gyp in
                        // Counters local to the closure: captured from outside, each access was
                        // checked for exclusivity at run time.
                        var along = SIMD8<Int32>(), inside = SIMD8<Int32>()
                        @inline(__always) func lanes(_ p: UnsafeBufferPointer<Float>, _ i: Int) -> Lanes {
                            UnsafeRawPointer(p.baseAddress! + i).loadUnaligned(as: Lanes.self)
                        }
                        /// Adds the pixels `i ..< i + 8` whose lanes are set in `valid`. (Inlined, with
                        /// the loop's index arithmetic wrapping: called as a function and checked, the
                        /// grid balance took a quarter more instructions, callgrind.)
                        @inline(__always) func test(_ px: Lanes, _ py: Lanes, _ pgx: Lanes, _ pgy: Lanes, _ valid: SIMDMask<SIMD8<Int32>>,
                                  _ along: inout SIMD8<Int32>, _ inside: inout SIMD8<Int32>) {
                            var keep = valid
                            for k in 0..<4 {
                                let d = Lanes(repeating: nxs[k]) * px + Lanes(repeating: nys[k]) * py + Lanes(repeating: cs[k])
                                keep .&= .!(d .< 0)
                            }
                            var a = pgx * u.0 + pgy * u.1, b = pgx * v.0 + pgy * v.1
                            a.replace(with: -a, where: a .< 0)
                            b.replace(with: -b, where: b .< 0)
                            inside &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: keep)
                            along &+= SIMD8<Int32>(repeating: 0).replacing(with: 1, where: keep .& (a .>= b))
                        }
                        var i = first
                        while i &+ Lanes.scalarCount <= n {
                            test(lanes(xp, i), lanes(yp, i), lanes(gxp, i), lanes(gyp, i), SIMDMask(repeating: true), &along, &inside)
                            i &+= Lanes.scalarCount
                        }
                        if i < n {
                            // The last few pixels in lanes of their own, the rest masked off.
                            var px = Lanes(), py = Lanes(), pgx = Lanes(), pgy = Lanes()
                            var valid = SIMDMask<SIMD8<Int32>>(repeating: false)
                            for k in 0..<(n - i) {
                                px[k] = xp[i + k]; py[k] = yp[i + k]; pgx[k] = gxp[i + k]; pgy[k] = gyp[i + k]
                                valid[k] = true
                            }
                            test(px, py, pgx, pgy, valid, &along, &inside)
                        }
                        return (Int(along.wrappedSum()), Int(inside.wrappedSum()))
                    }
                }
            }
        }
        return (a, all - a)
    }

    /// The first pixel whose centre's y satisfies `test`, which holds from some pixel on (y never
    /// decreases along the list); `count` when none does.
    private func firstIndex(where test: (Float) -> Bool) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if test(y[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }
}
