#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A straight line found in the working image, `x·cos θ + y·sin θ = ρ` (working pixel
/// coordinates, corner origin), with a profile of the edge evidence along it.
///
/// Points on the line are `ρ·n + t·d` with normal `n = (cos θ, sin θ)` and direction
/// `d = (−sin θ, cos θ)`. The profile stores, for every unit step of `t` across the frame, whether
/// an edge pixel lies within one pixel of the line with its gradient along `+n` or `−n`, as prefix
/// sums so that the support of any segment costs O(1).
struct DetectedLine {
    let theta: Double
    let rho: Double
    /// Edge pixels of the segments the line was grouped from (0 for a frame border).
    let votes: Int
    /// True for the four pseudo-lines along the frame's edges, which close pages cut by the
    /// frame: they carry no edge evidence, and a side on one counts as half backed (neither
    /// evidence for the page nor against it).
    private(set) var isFrameBorder = false
    let nx: Double, ny: Double
    /// First and last `t` inside the frame; the profile covers `tMin ..< tMin + count`.
    let tMin: Double
    let tMax: Double
    /// `positive[k]`: edge steps with gradient along +n among the first k steps; likewise `negative`.
    private var positive: [Int32]
    private var negative: [Int32]
    /// `stretchBacked[m]`: the backed steps of the first m whole stretches of `polarityStretch`
    /// steps, each by its larger polarity, so that `backedSteps` adds up the whole stretches
    /// between two parameters in O(1).
    private var stretchBacked: [Int32]
    /// Length of the best-backed stretch of the line: the maximum over intervals of
    /// (backed steps − unbacked steps) for either polarity, so scattered texture pixels along a
    /// long line score low while one clean page border scores its length. Found while the
    /// profile is built.
    let bestSegmentScore: Int

    /// Steps over which a side keeps one polarity. A page's side is one polarity all along while
    /// the same two surfaces meet there, but it flips where the surface behind it changes: a navy
    /// card is darker than a lit wooden table and lighter than the table in its shadow, and the
    /// colour channel that changes most flips from the table's red to the card's blue. Texture
    /// beside a line flips from step to step. Higher: fewer flipping sides backed fully; lower:
    /// texture backs lines more.
    static let polarityStretch = 16

    var dx: Double { -ny }
    var dy: Double { nx }

    /// - Parameter profiling: false for a frame border, whose profile is then all zeros without
    ///   probing: probed with its tolerance of 2 it would be all zeros too (an edge pixel's
    ///   gradient is non-zero, and no gradient's component along a unit normal reaches twice its
    ///   magnitude), and `support` never reads it.
    init(theta: Double, rho: Double, votes: Int, edges: EdgeMap, gradient: GradientField, cosTolerance: Float,
         profiling: Bool = true) {
        self.theta = theta
        self.rho = rho
        self.votes = votes
        let nx = cos(theta), ny = sin(theta)
        self.nx = nx
        self.ny = ny
        let w = Double(edges.width), h = Double(edges.height)
        // Clip the line to the frame [0, w] × [0, h].
        var lo = -Double.infinity, hi = Double.infinity
        let px = rho * nx, py = rho * ny, ddx = -ny, ddy = nx
        for (p, d, limit) in [(px, ddx, w), (py, ddy, h)] {
            if abs(d) < 1e-12 {
                if p < 0 || p > limit { lo = 1; hi = 0 }
            } else {
                let a = (0 - p) / d, b = (limit - p) / d
                lo = max(lo, min(a, b))
                hi = min(hi, max(a, b))
            }
        }
        if !(lo < hi) { lo = 0; hi = 0 }
        tMin = lo
        tMax = hi
        let steps = max(0, Int(hi - lo))
        var pos: [Int32] = [], neg: [Int32] = [], best = 0
        pos = [Int32](unsafeUninitializedCapacity: steps + 1) { pp, posCount in
            neg = [Int32](unsafeUninitializedCapacity: steps + 1) { np, negCount in
                if profiling {
                    best = DetectedLine.profile(steps: steps, lo: lo, px: px, py: py, nx: nx, ny: ny, edges: edges,
                                                gradient: gradient, cosTolerance: cosTolerance,
                                                positive: pp.baseAddress!, negative: np.baseAddress!)
                } else {
                    pp.baseAddress!.initialize(repeating: 0, count: steps + 1)
                    np.baseAddress!.initialize(repeating: 0, count: steps + 1)
                }
                negCount = steps + 1
            }
            posCount = steps + 1
        }
        positive = pos
        negative = neg
        stretchBacked = Self.stretchSums(positive: pos, negative: neg)
        bestSegmentScore = best
    }

    /// The prefix sums over the profile's whole stretches of their larger polarity's steps
    /// (`stretchBacked`).
    private static func stretchSums(positive: [Int32], negative: [Int32]) -> [Int32] {
        let stretches = (positive.count - 1) / polarityStretch
        return positive.withUnsafeBufferPointer { p in
            negative.withUnsafeBufferPointer { q in
                [Int32](unsafeUninitializedCapacity: stretches + 1) { sums, written in
                    var sum: Int32 = 0
                    sums[0] = 0
                    for m in 0..<stretches {
                        let a = m &* polarityStretch, b = a &+ polarityStretch
                        sum &+= max(p[b] &- p[a], q[b] &- q[a])
                        sums[m &+ 1] = sum
                    }
                    written = stretches + 1
                }
            }
        }
    }

    /// Fills the prefix sums `positive[0...steps]` and `negative[0...steps]`: step k is centred
    /// at `t = lo + k + 0.5` and probes the pixels under the line and one pixel to either side
    /// along the normal. Returns the best segment score (see `bestSegmentScore`): the longest
    /// run of either polarity, by Kadane's maximum subarray over ±1 per step.
    ///
    /// Hot: run for every candidate line, and almost every probe lands off the edges. The probes'
    /// pixels are placed eight steps at a time in vector lanes: each position range-checked in
    /// floating point (equivalent to checking the truncated coordinate), its pixel index formed
    /// as a whole-number double and read from the mantissa, without a checked conversion.
    private static func profile(steps: Int, lo: Double, px: Double, py: Double, nx: Double, ny: Double,
                                edges: EdgeMap, gradient: GradientField, cosTolerance: Float,
                                positive: UnsafeMutablePointer<Int32>, negative: UnsafeMutablePointer<Int32>) -> Int {
        let width = edges.width
        // Coordinates are probed shifted by one (so that −1 < q < 0 floors to −1): a shifted
        // coordinate v lands in the frame exactly when 1 ≤ v < size + 1.
        let xLimit = Double(width + 1), yLimit = Double(edges.height + 1)
        let fnx = Float(nx), fny = Float(ny), ddx = -ny, ddy = nx
        positive[0] = 0
        negative[0] = 0
        return edges.isEdge.withUnsafeBufferPointer { e in
            gradient.gx.withUnsafeBufferPointer { gxp in
                gradient.gy.withUnsafeBufferPointer { gyp in
                    gradient.magnitude.withUnsafeBufferPointer { mp in
                        var hitP = false, hitN = false
                        /// Records the polarity of edge pixel `i`'s gradient, if it is across the line.
                        @inline(__always) func probe(_ i: Int) {
                            if e[i] == 0 { return }
                            let dot = gxp[i] * fnx + gyp[i] * fny
                            if dot >= cosTolerance * mp[i] { hitP = true } else if -dot >= cosTolerance * mp[i] { hitN = true }
                        }
                        var cp: Int32 = 0, cn: Int32 = 0
                        var runP = 0, runN = 0, best = 0
                        // The probes' pixels for `Block.scalarCount` steps at a time (the same
                        // arithmetic per lane as one step at a time), then the steps one by one.
                        let xl = Block(repeating: xLimit), yl = Block(repeating: yLimit), one = Block(repeating: 1)
                        let w = Block(repeating: Double(width))
                        /// Pixel indices of probes at shifted coordinates (vx, vy); 0 off the frame.
                        @inline(__always) func pixels(_ vx: Block, _ vy: Block) -> SIMD8<Int64> {
                            let inFrame = (vx .>= one) .& (vx .< xl) .& (vy .>= one) .& (vy .< yl)
                            // Whole numbers below 2⁵², so exact in a double, read from its low mantissa bits.
                            let index = ((whole(vy) - one) * w + (whole(vx) - one)).replacing(with: 0, where: .!inFrame)
                            let bits = unsafeBitCast(index + Block(repeating: 4_503_599_627_370_496), to: SIMD8<Int64>.self)
                            return bits & 0xF_FFFF_FFFF_FFFF
                        }
                        var k0 = 0
                        while k0 < steps {
                            let t = (Block(repeating: lo) + (Block(repeating: Double(k0)) + Self.laneOffsets)) + Block(repeating: 0.5)
                            let qx = Block(repeating: px) + t * Block(repeating: ddx), qy = Block(repeating: py) + t * Block(repeating: ddy)
                            // Offsets −1, 0, +1 along the normal: q + o·n is exact as q − n, q, q + n.
                            let n = (Block(repeating: nx), Block(repeating: ny))
                            let i0s = pixels((qx - n.0) + one, (qy - n.1) + one), i1s = pixels(qx + one, qy + one)
                            let i2s = pixels((qx + n.0) + one, (qy + n.1) + one)
                            // Counts and indices wrap rather than being checked: they stay below
                            // the number of steps.
                            for lane in 0..<min(Block.scalarCount, steps &- k0) {
                                let i0 = Int(i0s[lane]), i1 = Int(i1s[lane]), i2 = Int(i2s[lane])
                                hitP = false
                                hitN = false
                                // Most steps meet no edge pixel at all: one test for the three.
                                if e[i0] | e[i1] | e[i2] != 0 {
                                    probe(i0)
                                    probe(i1)
                                    probe(i2)
                                }
                                if hitP { cp &+= 1 }
                                if hitN { cn &+= 1 }
                                let k = k0 &+ lane
                                positive[k &+ 1] = cp
                                negative[k &+ 1] = cn
                                runP = hitP ? runP &+ 1 : max(0, runP &- 1)
                                runN = hitN ? runN &+ 1 : max(0, runN &- 1)
                                best = max(best, runP, runN)
                            }
                            k0 &+= Block.scalarCount
                        }
                        return best
                    }
                }
            }
        }
    }

    /// Steps of a profile whose probes are placed at once.
    typealias Block = SIMD8<Double>
    /// 0, 1, …: each lane's step within a block.
    private static let laneOffsets = Block(0, 1, 2, 3, 4, 5, 6, 7)

    /// The whole parts of in-frame probe coordinates (at least 1, below 2⁵¹).
    ///
    /// `scripts/build-release.sh` builds for the host processor with `FLATBED_VECTOR_ROUNDING`
    /// set: there a vector `rounded` is one instruction (AVX, NEON). For any x86-64 (SSE2 has
    /// none, and each lane would call the C library), adding and taking away 2⁵² rounds to the
    /// nearest whole number, one less where that rounded up: the same values, in plain vector
    /// arithmetic, which measured 3–4 % slower than the instruction on the host build.
    @inline(__always)
    static func whole(_ v: Block) -> Block {
        #if FLATBED_VECTOR_ROUNDING
        return v.rounded(.towardZero)
        #else
        let shift = Block(repeating: 4_503_599_627_370_496)  // 2⁵²
        let nearest = (v + shift) - shift
        return nearest - Block(repeating: 1).replacing(with: 0, where: .!(nearest .> v))
        #endif
    }

    /// The pseudo-line along one edge of a `width × height` frame: 0 left, 1 top, 2 right, 3 bottom.
    static func frameBorder(_ side: Int, width: Int, height: Int, edges: EdgeMap, gradient: GradientField) -> DetectedLine {
        let (theta, rho): (Double, Double) = switch side {
        case 0: (0, 0)
        case 1: (.pi / 2, 0)
        case 2: (0, Double(width))
        default: (.pi / 2, Double(height))
        }
        var line = DetectedLine(theta: theta, rho: rho, votes: 0, edges: edges, gradient: gradient, cosTolerance: 2,
                                profiling: false)
        line.isFrameBorder = true
        return line
    }

    /// The parameter `t` of a point (its position along the line).
    func parameter(x: Double, y: Double) -> Double { x * -ny + y * nx }

    /// The segment between parameters `a` and `b` clipped to the frame, `s` to `e`, and the
    /// profile's steps at its ends, clamped into the profile; nil when none of it is inside.
    @inline(__always)
    private func clipped(_ a: Double, _ b: Double) -> (s: Double, e: Double, i0: Int, i1: Int)? {
        let s = max(min(a, b), tMin), e = min(max(a, b), tMax)
        if !(s < e) { return nil }
        let count = positive.count - 1
        return (s, e, max(0, min(count, Int(s - tMin))), max(0, min(count, Int(e - tMin))))
    }

    /// Edge support between parameters `a` and `b`: steps backed by gradients along +n and along
    /// −n, and the length of the segment that lies inside the frame.
    func support(from a: Double, to b: Double) -> (positive: Int, negative: Int, inside: Double) {
        guard let (s, e, i0, i1) = clipped(a, b) else { return (0, 0, 0) }
        if isFrameBorder { return (Int((e - s) / 2), 0, e - s) }
        // Indices clamped into the profile; called for every side of every quad tried, so the
        // reads go unchecked. Prefix sums never decrease, so the differences cannot overflow.
        return positive.withUnsafeBufferPointer { p in
            negative.withUnsafeBufferPointer { q in
                (Int(p[i1] &- p[i0]), Int(q[i1] &- q[i0]), e - s)
            }
        }
    }

    /// Steps between parameters `a` and `b` backed by edges, each stretch of `polarityStretch`
    /// steps (counted from the profile's start) by its stronger polarity, and the length of the
    /// segment inside the frame: `support`'s larger polarity where the side is one polarity all
    /// along, as it is but where the surface behind it changes.
    func backedSteps(from a: Double, to b: Double) -> (backed: Int, inside: Double) {
        guard let (s, e, i0, i1) = clipped(a, b) else { return (0, 0) }
        if isFrameBorder { return (Int((e - s) / 2), e - s) }
        // Called for every stretch of every pair of lines the quad search tries: the indices are
        // clamped into the profile, so the reads go unchecked, and prefix sums never decrease, so
        // the differences cannot overflow.
        return positive.withUnsafeBufferPointer { p in
            negative.withUnsafeBufferPointer { q in
                /// The larger polarity's steps from index i to j.
                @inline(__always) func larger(_ i: Int, _ j: Int) -> Int { Int(max(p[j] &- p[i], q[j] &- q[i])) }
                // Up to the first stretch boundary past i0; on one polarity all along, or within
                // one stretch, that is all.
                let first = (i0 / Self.polarityStretch + 1) * Self.polarityStretch
                if i1 <= first || p[i1] &- p[i0] == 0 || q[i1] &- q[i0] == 0 { return (larger(i0, i1), e - s) }
                // Then the whole stretches, and the part of the last one up to i1.
                let last = i1 / Self.polarityStretch * Self.polarityStretch
                let whole = stretchBacked.withUnsafeBufferPointer { sums in
                    Int(sums[last / Self.polarityStretch] &- sums[first / Self.polarityStretch])
                }
                return (larger(i0, first) + whole + larger(last, i1), e - s)
            }
        }
    }

    /// Where a side that starts at parameter `start` ends, walking the line in `direction` (+1
    /// or −1): the step at which its backed steps of one polarity, less its unbacked steps, add up
    /// to most (the best prefix of ±1 a step, as `bestSegmentScore` scores a stretch). A page's
    /// side runs on to the next corner and stops, so a gap counts against it only until the side
    /// resumes. Nil when no step of either polarity is backed, or the start is outside the frame.
    /// For many starts on one line, `sideRuns()` answers each in constant time.
    /// - Returns: the end's parameter, and the backed steps and all steps from `start` to it.
    func run(from start: Double, direction: Double) -> (end: Double, backed: Int, steps: Int)? {
        sideRuns()?.run(from: start, direction: direction)
    }

    /// The table that answers `run(from:direction:)` for any start; nil for a frame border or a
    /// line with no step in the frame.
    func sideRuns() -> SideRuns? {
        let count = positive.count - 1
        guard !isFrameBorder, count > 0 else { return nil }
        return positive.withUnsafeBufferPointer { p in
            negative.withUnsafeBufferPointer { q in
                SideRuns(tMin: tMin, tMax: tMax, count: count, polarities: [p, q].map { SideRuns.Polarity(steps: $0, count: count) })
            }
        }
    }

    /// The line through `p` and `q`, profiled on `edges` as a detected line is; nil when the
    /// points (nearly) coincide.
    static func through(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double), edges: EdgeMap,
                        gradient: GradientField, cosTolerance: Float) -> DetectedLine? {
        let ux = q.x - p.x, uy = q.y - p.y
        let length = (ux * ux + uy * uy).squareRoot()
        guard length > 1e-6 else { return nil }
        // The direction (−sin θ, cos θ) is (ux, uy) / length.
        let theta = atan2(-ux, uy)
        return DetectedLine(theta: theta, rho: p.x * cos(theta) + p.y * sin(theta), votes: 0, edges: edges,
                            gradient: gradient, cosTolerance: cosTolerance)
    }

    /// The point at parameter `t`.
    func point(at t: Double) -> (x: Double, y: Double) {
        (rho * nx + t * dx, rho * ny + t * dy)
    }

    /// The intersection with another line, or nil when they are (nearly) parallel.
    func intersection(with other: DetectedLine) -> (x: Double, y: Double)? {
        let det = nx * other.ny - ny * other.nx
        if abs(det) < 1e-9 { return nil }
        return ((rho * other.ny - ny * other.rho) / det, (nx * other.rho - rho * other.nx) / det)
    }
}
