/// Quad hypotheses from regions rather than lines: paper is usually the lightest large surface
/// in the scene, so the light side of an Otsu split of the luminance falls apart into connected
/// regions of which one is the page. Its convex hull spans the whole page even when the border
/// is bent (a curl, a fold) or broken (a cable, a finger), where straight lines fail; the
/// largest quad with corners on the hull is the page's corners.
struct RegionCandidates {
    /// A page-shaped region: its corners (clockwise on screen, working pixels) and the evidence
    /// that the region is one solid, quad-shaped surface.
    struct Region {
        var x: SIMD4<Double>
        var y: SIMD4<Double>
        /// Region pixels over hull area (holes and notches lower it).
        var solidity: Double
        /// Quad area over hull area (a blob, a disc or an L-shape lowers it).
        var quadFill: Double
        /// Fraction of the region's rows and columns that reach the frame's border.
        var borderContact: Double
        /// Mean luminance inside the region minus that of the surface just around it.
        var contrast: Double
    }

    /// Smallest region, as a fraction of the frame's area.
    let minimumAreaFraction: Double
    /// How many of the largest regions become hypotheses.
    let maximumRegions = 3
    /// The region grid is coarser than the working copy by this factor: a page is hundreds of
    /// working pixels across, and its corners are refined on the full-resolution image anyway.
    var gridStep = 2

    /// The largest light regions as quads, largest first.
    func regions(in planes: ColorPlanes) -> [Region] {
        let g = gridStep
        let w = planes.width / g, h = planes.height / g, count = w * h
        guard w >= 8 && h >= 8 else { return [] }
        let (luminance, histogram) = Self.luminance(of: planes, step: g)
        let threshold = Float(Self.otsu(histogram))
        var labels = [Int32](repeating: 0, count: count)
        var sizes: [Int] = [0]
        var boxes: [SIMD4<Int32>] = [.zero]  // minX, minY, maxX, maxY
        // Pixels waiting to be expanded. A plain buffer: a pixel is labelled as it is pushed, so
        // each is pushed at most once and `count` bounds the stack.
        let stack = UnsafeMutablePointer<Int32>.allocate(capacity: count)
        defer { stack.deallocate() }
        let minimumPixels = max(16, Int(minimumAreaFraction * Double(count)))
        luminance.withUnsafeBufferPointer { lum in
            labels.withUnsafeMutableBufferPointer { lab in
                for seed in 0..<count where lab[seed] == 0 && lum[seed] > threshold {
                    let label = Int32(sizes.count)
                    var size = 0
                    var box = SIMD4<Int32>(Int32(w), Int32(h), -1, -1)
                    lab[seed] = label
                    stack[0] = Int32(seed)
                    var depth = 1
                    @inline(__always) func push(_ j: Int) {
                        lab[j] = label
                        stack[depth] = Int32(truncatingIfNeeded: j)
                        depth &+= 1
                    }
                    while depth > 0 {
                        depth &-= 1
                        let i = Int(stack[depth])
                        size += 1
                        let y = i / w, x = i - y * w
                        box = SIMD4(min(box[0], Int32(x)), min(box[1], Int32(y)), max(box[2], Int32(x)), max(box[3], Int32(y)))
                        if x > 0 && lab[i - 1] == 0 && lum[i - 1] > threshold { push(i - 1) }
                        if x < w - 1 && lab[i + 1] == 0 && lum[i + 1] > threshold { push(i + 1) }
                        if i >= w && lab[i - w] == 0 && lum[i - w] > threshold { push(i - w) }
                        if i < count - w && lab[i + w] == 0 && lum[i + w] > threshold { push(i + w) }
                    }
                    sizes.append(size)
                    boxes.append(box)
                }
            }
        }
        let largest = sizes.indices.dropFirst().filter { sizes[$0] >= minimumPixels }
            .sorted { sizes[$0] > sizes[$1] }.prefix(maximumRegions)
        return largest.compactMap { region(label: Int32($0), size: sizes[$0], box: boxes[$0], labels: labels, luminance: luminance, w: w, h: h) }
    }

    private func region(label: Int32, size: Int, box: SIMD4<Int32>, labels: [Int32], luminance: [Float], w: Int, h: Int) -> Region? {
        // Each row's leftmost and rightmost pixel (as pixel-corner points) bound the region.
        var points: [(Double, Double)] = []
        var contactRows = 0, contactColumns = 0, rows = 0
        var top = h, bottom = -1, left = w, right = -1
        var columnTouch = [Bool](repeating: false, count: w)
        for y in Int(box[1])...Int(box[3]) {
            var first = -1, last = -1
            let o = y * w
            for x in Int(box[0])...Int(box[2]) where labels[o + x] == label {
                if first < 0 { first = x }
                last = x
                if y == 0 || y == h - 1 { columnTouch[x] = true }
            }
            if first < 0 { continue }
            rows += 1
            if first == 0 || last == w - 1 { contactRows += 1 }
            top = min(top, y); bottom = max(bottom, y); left = min(left, first); right = max(right, last)
            points += [(Double(first), Double(y)), (Double(first), Double(y + 1)),
                       (Double(last + 1), Double(y)), (Double(last + 1), Double(y + 1))]
        }
        contactColumns = columnTouch.reduce(0) { $0 + ($1 ? 1 : 0) }
        let hull = Self.convexHull(points)
        guard hull.count >= 4 else { return nil }
        let hullArea = Self.area(hull)
        guard hullArea > 0, let quad = Self.largestQuad(in: hull) else { return nil }
        let quadArea = Self.area(quad)
        // Contrast: region pixels against non-region pixels in its bounding box grown by a margin.
        let margin = max(3, (right - left + bottom - top) / 20)
        var inside = 0.0, insideCount = 0, outside = 0.0, outsideCount = 0
        for y in max(0, top - margin)...min(h - 1, bottom + margin) {
            for x in max(0, left - margin)...min(w - 1, right + margin) {
                let i = y * w + x
                if labels[i] == label { inside += Double(luminance[i]); insideCount += 1 } else { outside += Double(luminance[i]); outsideCount += 1 }
            }
        }
        let contrast = outsideCount > 0 ? inside / Double(max(1, insideCount)) - outside / Double(outsideCount) : 0
        let scale = Double(gridStep)
        let x = SIMD4(quad[0].0, quad[1].0, quad[2].0, quad[3].0) * scale
        let y = SIMD4(quad[0].1, quad[1].1, quad[2].1, quad[3].1) * scale
        return Region(x: x, y: y, solidity: Double(size) / hullArea, quadFill: quadArea / hullArea,
                      borderContact: Double(contactRows + contactColumns) / Double(max(1, rows + (right - left + 1))),
                      contrast: contrast)
    }

    /// The luminance of `planes` (Rec. 601 weights) averaged over `step × step` blocks, row-major
    /// `(planes.width / step) × (planes.height / step)`, and its histogram of 256 unit bins.
    static func luminance(of planes: ColorPlanes, step g: Int) -> (values: [Float], histogram: [Int]) {
        let w = planes.width / g, h = planes.height / g, pw = planes.width, norm = 1 / Float(g * g)
        var histogram = [Int](repeating: 0, count: 256)
        let values = [Float](unsafeUninitializedCapacity: w * h) { lum, initialised in
            histogram.withUnsafeMutableBufferPointer { hist in
                planes.red.withUnsafeBufferPointer { r in
                    planes.green.withUnsafeBufferPointer { gr in
                        planes.blue.withUnsafeBufferPointer { b in
                            let planes = (r.baseAddress!, gr.baseAddress!, b.baseAddress!)
                            if g == 2 {
                                shrinkLuminanceByTwo(planes, pw, w, h, norm, lum.baseAddress!, hist.baseAddress!)
                            } else {
                                shrinkLuminance(planes, pw, w, h, g, norm, lum.baseAddress!, hist.baseAddress!)
                            }
                        }
                    }
                }
            }
            initialised = w * h
        }
        return (values, histogram)
    }

    /// Shrinks the colour planes (row stride `pw`) by `g` into a `w × h` luminance grid (Rec. 601
    /// weights, block mean) and counts each value's unit bin in the 256-bin `histogram`.
    @inline(__always)
    private static func shrinkLuminance(_ planes: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>),
                                        _ pw: Int, _ w: Int, _ h: Int, _ g: Int, _ norm: Float,
                                        _ lum: UnsafeMutablePointer<Float>, _ histogram: UnsafeMutablePointer<Int>) {
        let (r, gr, b) = planes
        for y in 0..<h {
            for x in 0..<w {
                var l: Float = 0
                for dy in 0..<g {
                    let row = (y * g + dy) * pw + x * g
                    for dx in 0..<g {
                        l += 0.299 * r[row + dx] + 0.587 * gr[row + dx] + 0.114 * b[row + dx]
                    }
                }
                l *= norm
                lum[y * w + x] = l
                // Clamped before converting, so the conversion cannot trap (same bin as clamping after).
                histogram[Int(min(255, max(0, l)))] += 1
            }
        }
    }

    /// `shrinkLuminance` for the default step of 2, in passes the compiler vectorises: each
    /// full-resolution row's luminance, then the 2 × 2 block sums (added in `shrinkLuminance`'s
    /// order, so the values are the same), then the histogram, counted in four interleaved copies
    /// so that neighbouring blocks, which mostly share a bin, do not wait on each other's increment.
    private static func shrinkLuminanceByTwo(_ planes: (UnsafePointer<Float>, UnsafePointer<Float>, UnsafePointer<Float>),
                                             _ pw: Int, _ w: Int, _ h: Int, _ norm: Float,
                                             _ lum: UnsafeMutablePointer<Float>, _ histogram: UnsafeMutablePointer<Int>) {
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
                    store(0.299 * load(r + o + x) + 0.587 * load(gr + o + x) + 0.114 * load(b + o + x), row + x)
                    x += Lanes.scalarCount
                }
                while x < used {
                    row[x] = 0.299 * r[o + x] + 0.587 * gr[o + x] + 0.114 * b[o + x]
                    x += 1
                }
            }
            let out = lum + y * w
            var x = 0
            while 2 * x + Lanes.scalarCount <= used {
                let t = load(top + 2 * x), u = load(bottom + 2 * x)
                store((t.evenHalf + t.oddHalf + u.evenHalf + u.oddHalf) * norm, out + x)
                x += Lanes.scalarCount / 2
            }
            while x < w {
                out[x] = (top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1]) * norm
                x += 1
            }
        }
        let ways = 4, bins = 256
        let counts = UnsafeMutablePointer<Int32>.allocate(capacity: ways * bins)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0, count: ways * bins)
        // Clamped before converting, so the conversion cannot trap (same bin as clamping after).
        func bin(_ l: Float) -> Int { Int(min(255, max(0, l))) }
        let n = w * h, whole = n - n % ways
        var i = 0
        while i < whole {
            counts[bin(lum[i])] &+= 1
            counts[bins + bin(lum[i + 1])] &+= 1
            counts[2 * bins + bin(lum[i + 2])] &+= 1
            counts[3 * bins + bin(lum[i + 3])] &+= 1
            i += ways
        }
        while i < n {
            counts[bin(lum[i])] &+= 1
            i += 1
        }
        for k in 0..<bins {
            histogram[k] += Int(counts[k]) + Int(counts[bins + k]) + Int(counts[2 * bins + k]) + Int(counts[3 * bins + k])
        }
    }

    /// Otsu's threshold of a 256-bin histogram.
    static func otsu(_ histogram: [Int]) -> Int {
        let total = Double(histogram.reduce(0, +))
        var sum = 0.0
        for (level, n) in histogram.enumerated() { sum += Double(level * n) }
        var weightBelow = 0.0, sumBelow = 0.0, best = 0.0, threshold = 127
        for level in 0..<256 {
            weightBelow += Double(histogram[level])
            if weightBelow == 0 { continue }
            let weightAbove = total - weightBelow
            if weightAbove == 0 { break }
            sumBelow += Double(level * histogram[level])
            let meanBelow = sumBelow / weightBelow, meanAbove = (sum - sumBelow) / weightAbove
            let between = weightBelow * weightAbove * (meanBelow - meanAbove) * (meanBelow - meanAbove)
            if between > best { best = between; threshold = level }
        }
        return threshold
    }

    /// Convex hull (Andrew's monotone chain), clockwise on screen (y down).
    static func convexHull(_ input: [(Double, Double)]) -> [(Double, Double)] {
        let p = input.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        guard p.count >= 3 else { return p }
        func cross(_ o: (Double, Double), _ a: (Double, Double), _ b: (Double, Double)) -> Double {
            (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0)
        }
        var hull: [(Double, Double)] = []
        for q in p {
            while hull.count >= 2 && cross(hull[hull.count - 2], hull[hull.count - 1], q) <= 0 { hull.removeLast() }
            hull.append(q)
        }
        let lower = hull.count + 1
        for q in p.reversed().dropFirst() {
            while hull.count >= lower && cross(hull[hull.count - 2], hull[hull.count - 1], q) <= 0 { hull.removeLast() }
            hull.append(q)
        }
        hull.removeLast()
        return hull
    }

    /// Shoelace area (absolute).
    static func area(_ p: [(Double, Double)]) -> Double {
        var s = 0.0
        for k in 0..<p.count {
            let a = p[k], b = p[(k + 1) % p.count]
            s += a.0 * b.1 - b.0 * a.1
        }
        return abs(s) / 2
    }

    /// The largest-area quad whose corners are hull vertices, in hull order: for every diagonal
    /// (i, k), the farthest vertex on each side of it.
    static func largestQuad(in hull: [(Double, Double)]) -> [(Double, Double)]? {
        func twice(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double)) -> Double {
            abs((b.0 - a.0) * (c.1 - a.1) - (b.1 - a.1) * (c.0 - a.0))
        }
        // A raster region's hull has many nearly collinear vertices along each side: drop those
        // within half a pixel of the chord between their neighbours (corners stay), then thin
        // evenly if still too many.
        var v = hull
        var k = 0
        while v.count > 4 && k < v.count {
            let a = v[(k + v.count - 1) % v.count], b = v[k], c = v[(k + 1) % v.count]
            let chord = ((c.0 - a.0) * (c.0 - a.0) + (c.1 - a.1) * (c.1 - a.1)).squareRoot()
            if chord > 0 && twice(a, b, c) / chord < 0.5 { v.remove(at: k) } else { k += 1 }
        }
        while v.count > 48 {
            v = stride(from: 0, to: v.count, by: 2).map { v[$0] }
        }
        let n = v.count
        guard n >= 4 else { return nil }
        var best = 0.0
        var corners = (0, 1, 2, 3)
        for i in 0..<n {
            for k in stride(from: i + 2, to: n, by: 1) where k - i <= n - 2 {
                var bestJ = -1, bestJArea = 0.0
                for j in (i + 1)..<k {
                    let a = twice(v[i], v[j], v[k])
                    if a > bestJArea { bestJArea = a; bestJ = j }
                }
                var bestL = -1, bestLArea = 0.0
                for l in (k + 1)..<(n + i) {
                    let a = twice(v[i], v[k], v[l % n])
                    if a > bestLArea { bestLArea = a; bestL = l % n }
                }
                if bestJ >= 0 && bestL >= 0 && bestJArea + bestLArea > best {
                    best = bestJArea + bestLArea
                    corners = (i, bestJ, k, bestL)
                }
            }
        }
        guard best > 0 else { return nil }
        return [v[corners.0], v[corners.1], v[corners.2], v[corners.3]]
    }
}
