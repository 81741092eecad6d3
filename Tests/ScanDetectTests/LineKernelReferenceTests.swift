import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The optimised line and quad stages (segment growing, line profiles, the quad search) against
/// plain versions of the same arithmetic, compared exactly on rendered scenes.
@Suite("Line kernels match their plain versions exactly")
struct LineKernelReferenceTests {
    /// The stages' inputs for one of `EdgeKernelReferenceTests.planes`' scenes.
    struct Stages {
        let gradient: GradientField
        let edges: EdgeMap
        init(kind: Int) {
            gradient = GradientField(planes: EdgeKernelReferenceTests.planes(kind))
            edges = EdgeMap(gradient: gradient, minimumContrast: 3, noiseMultiple: 3, lowRatio: 0.5)
        }
    }

    static let cosTolerance = Float(cos(15 * Double.pi / 180))

    @Test("segment growing", arguments: [0, 3, 4, 5])
    func segments(kind: Int) {
        let stages = Stages(kind: kind)
        let detector = SegmentDetector(angleTolerance: 22.5 * .pi / 180, minimumLength: 8, maximumWidth: 2.5, maximumBend: 0.03)
        let segments = detector.segments(edges: stages.edges, gradient: stages.gradient)
        let expected = Self.segments(detector, stages.edges, stages.gradient)
        #expect(segments.count == expected.count)
        for (s, e) in zip(segments, expected) {
            #expect([s.cx, s.cy, s.nx, s.ny, s.length, s.width, s.count, s.sx, s.sy, s.sxx, s.syy, s.sxy]
                    == [e.cx, e.cy, e.nx, e.ny, e.length, e.width, e.count, e.sx, e.sy, e.sxx, e.syy, e.sxy])
        }
    }

    /// Lines at every angle through, along and outside the frame, and the frame's borders.
    @Test("edge profile along a line and its best segment", arguments: [3, 4, 5])
    func profiles(kind: Int) {
        let stages = Stages(kind: kind)
        let w = Double(stages.edges.width), h = Double(stages.edges.height)
        var lines: [DetectedLine] = (0..<4).map {
            DetectedLine.frameBorder($0, width: stages.edges.width, height: stages.edges.height,
                                     edges: stages.edges, gradient: stages.gradient)
        }
        for k in 0..<90 {
            let theta = Double(k) * .pi / 45 - .pi
            for rho in [-1.0, 0, 0.5, 37.25, w / 2, h - 0.5, w, w + 3] {
                lines.append(DetectedLine(theta: theta, rho: rho, votes: 1, edges: stages.edges,
                                          gradient: stages.gradient, cosTolerance: Self.cosTolerance))
            }
        }
        var mismatches = 0, backed = 0
        for line in lines {
            let cos = line.isFrameBorder ? 2 : Self.cosTolerance
            let (positive, negative) = Self.profile(line, stages.edges, stages.gradient, cosTolerance: cos)
            if line.bestSegmentScore != Self.bestSegmentScore(positive, negative) { mismatches += 1 }
            guard !line.isFrameBorder else { continue }
            for k in positive.indices {
                let s = line.support(from: line.tMin, to: line.tMin + Double(k) + 0.5)
                if s.positive != Int(positive[k]) || s.negative != Int(negative[k]) { mismatches += 1 }
            }
            backed += Int(positive.last ?? 0)
        }
        #expect(mismatches == 0)
        #expect(backed > 0)
    }

    /// Every third start on lines at every angle, walking both ways (`DetectedLine.SideRuns`).
    @Test("a side's run from any start, looked up as it is walked", arguments: [3, 4, 5])
    func sideRuns(kind: Int) {
        let stages = Stages(kind: kind)
        let w = Double(stages.edges.width), h = Double(stages.edges.height)
        var mismatches = 0, runs = 0
        for k in 0..<45 {
            for rho in [0.5, 37.25, w / 2, h - 0.5] {
                let line = DetectedLine(theta: Double(k) * .pi / 45, rho: rho, votes: 1, edges: stages.edges,
                                        gradient: stages.gradient, cosTolerance: Self.cosTolerance)
                let (positive, negative) = Self.profile(line, stages.edges, stages.gradient, cosTolerance: Self.cosTolerance)
                for step in stride(from: 0, to: positive.count - 1, by: 3) {
                    for direction in [1.0, -1.0] {
                        let found = line.run(from: line.tMin + Double(step) + 0.5, direction: direction)
                        let walked = Self.run(positive, negative, tMin: line.tMin, from: step, direction: direction)
                        if found?.end != walked?.end || found?.backed != walked?.backed || found?.steps != walked?.steps {
                            mismatches += 1
                        }
                        if walked != nil { runs += 1 }
                    }
                }
            }
        }
        #expect(mismatches == 0)
        #expect(runs > 100)
    }

    /// Whole numbers, halves (which round to even), and the doubles either side of them.
    @Test("whole parts of probe coordinates", arguments: [UInt64(1), 2])
    func wholeParts(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var values: [Double] = [1, 1.5, 2, 2.5, 3.5, 479.999, 480, Double(1 << 40) + 0.5]
        for _ in 0..<2000 {
            let n = Double(Int.random(in: 1...5000, using: &generator))
            values += [n, n + 0.5, n.nextUp, n.nextDown, (n + 0.5).nextUp, (n + 0.5).nextDown,
                       Double.random(in: 1..<5000, using: &generator)]
        }
        values = values.filter { $0 >= 1 }
        var mismatches = 0
        for start in stride(from: 0, to: values.count - 8, by: 8) {
            let lanes = DetectedLine.Block((0..<8).map { values[start + $0] })
            let whole = DetectedLine.whole(lanes)
            for k in 0..<8 where whole[k] != values[start + k].rounded(.towardZero) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// 40 lines fit one 64-bit set of crossing lines per line; 80 need two.
    @Test("quad search over pairs of crossing lines", arguments: [(3, 40), (4, 40), (5, 80), (4, 80)])
    func quadSearch(kind: Int, maximumLines: Int) {
        let stages = Stages(kind: kind)
        let segments = SegmentDetector(angleTolerance: 22.5 * .pi / 180, minimumLength: 8, maximumWidth: 2.5)
            .segments(edges: stages.edges, gradient: stages.gradient)
        let lines = LineGrouper(angleTolerance: 3 * .pi / 180, distanceTolerance: 1.5)
            .lines(from: segments, edges: stages.edges, gradient: stages.gradient, cosTolerance: Self.cosTolerance,
                   minimumSupport: 8, maximumLines: maximumLines)
        if maximumLines > 64 { #expect(lines.count > 64) }  // more lines than one word holds
        let search = QuadSearch(width: stages.edges.width, height: stages.edges.height, options: DetectionOptions())
        // Short lists skip most quads on their sides' scores, long ones few.
        for count in [3, 12, 32] {
            let found = search.hypotheses(lines: lines, count: count)
            let expected = Self.hypotheses(search, lines: lines, count: count)
            #expect(found.count == min(count, expected.count))
            #expect(found.map(\.x) == expected.map(\.x))
            #expect(found.map(\.y) == expected.map(\.y))
            #expect(found.map(\.lines) == expected.map(\.lines))
            #expect(found.map(\.score) == expected.map(\.score))
        }
        let found = search.hypotheses(lines: lines, count: 12)
        #expect(!found.isEmpty)
        for quad in found {
            let evidence = Self.evidence(quad, search: search, lines: lines)
            #expect(quad.supported == evidence.supported && quad.insideLength == evidence.inside
                    && quad.overshoot == evidence.overshoot)
            // A floor just below the quad's score must not drop it, nor change its evidence.
            let again = search.evaluate(x: quad.x, y: quad.y, sideLines: quad.lines, lines: lines, above: quad.score.nextDown)
            #expect(again?.score == quad.score && again?.overshoot == quad.overshoot)
        }
    }

    // MARK: - Plain versions

    /// Grows regions from every edge pixel in turn, checking each of the eight neighbours.
    static func segments(_ d: SegmentDetector, _ edges: EdgeMap, _ g: GradientField) -> [LineSegment] {
        let w = edges.width, h = edges.height, cosTolerance = cos(d.angleTolerance)
        var used = [Bool](repeating: false, count: w * h)
        var result: [LineSegment] = []
        for seed in edges.pixels.map(Int.init) where !used[seed] {
            used[seed] = true
            var region = [seed], head = 0
            var meanX = Double(g.gx[seed] / g.magnitude[seed]), meanY = Double(g.gy[seed] / g.magnitude[seed])
            var dirX = meanX, dirY = meanY
            while head < region.count {
                let i = region[head]
                head += 1
                for dy in -1...1 {
                    for dx in -1...1 {
                        let x = i % w + dx, y = i / w + dy
                        guard x >= 0, y >= 0, x < w, y < h else { continue }
                        let j = y * w + x
                        if used[j] || edges.isEdge[j] == 0 { continue }
                        let m = Double(g.magnitude[j])
                        let ux = Double(g.gx[j]) / m, uy = Double(g.gy[j]) / m
                        if ux * dirX + uy * dirY < cosTolerance { continue }
                        used[j] = true
                        region.append(j)
                        meanX += ux
                        meanY += uy
                        let l = (meanX * meanX + meanY * meanY).squareRoot()
                        dirX = meanX / l
                        dirY = meanY / l
                    }
                }
            }
            if Double(region.count) < d.minimumLength { continue }
            var sx = 0.0, sy = 0.0, sxx = 0.0, syy = 0.0, sxy = 0.0
            for i in region {
                let x = Double(i % w) + 0.5, y = Double(i / w) + 0.5
                sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y
            }
            var segment = LineSegment(cx: 0, cy: 0, nx: dirX, ny: dirY, length: 0, width: 0, count: Double(region.count),
                                      sx: sx, sy: sy, sxx: sxx, syy: syy, sxy: sxy)
            segment.fitMoments()
            if segment.length >= d.minimumLength && segment.width <= max(d.maximumWidth, d.maximumBend * segment.length) {
                result.append(segment)
            }
        }
        return result
    }

    /// The prefix sums of backed steps along `line`, probing three pixels across it per step.
    static func profile(_ line: DetectedLine, _ edges: EdgeMap, _ g: GradientField,
                        cosTolerance: Float) -> (positive: [Int32], negative: [Int32]) {
        let steps = max(0, Int(line.tMax - line.tMin))
        let px = line.rho * line.nx, py = line.rho * line.ny
        var positive: [Int32] = [0], negative: [Int32] = [0]
        for k in 0..<steps {
            let t = line.tMin + Double(k) + 0.5
            let qx = px + t * -line.ny, qy = py + t * line.nx
            var hitP = false, hitN = false
            for o in -1...1 {
                let x = Int(qx + Double(o) * line.nx + 1) - 1, y = Int(qy + Double(o) * line.ny + 1) - 1
                guard x >= 0, y >= 0, x < edges.width, y < edges.height else { continue }
                let i = y * edges.width + x
                guard edges.isEdge[i] != 0 else { continue }
                let dot = g.gx[i] * Float(line.nx) + g.gy[i] * Float(line.ny)
                if dot >= cosTolerance * g.magnitude[i] { hitP = true } else if -dot >= cosTolerance * g.magnitude[i] { hitN = true }
            }
            positive.append(positive[k] + (hitP ? 1 : 0))
            negative.append(negative[k] + (hitN ? 1 : 0))
        }
        return (positive, negative)
    }

    /// The best prefix of ±1 a step (backed, unbacked) from step `first` walking `direction`, of
    /// either polarity, the positive one and the nearest end winning ties.
    static func run(_ positive: [Int32], _ negative: [Int32], tMin: Double, from first: Int, direction: Double)
        -> (end: Double, backed: Int, steps: Int)? {
        var best = (score: 0, steps: 0, backed: 0)
        for profile in [positive, negative] {
            var score = 0, backed = 0, steps = 0, i = first
            while i >= 0 && i < profile.count - 1 {
                let hit = profile[i + 1] > profile[i]
                score += hit ? 1 : -1
                backed += hit ? 1 : 0
                steps += 1
                if score > best.score { best = (score, steps, backed) }
                i += direction >= 0 ? 1 : -1
            }
        }
        guard best.score > 0 else { return nil }
        let end = direction >= 0 ? tMin + Double(first + best.steps) : tMin + Double(first - best.steps + 1)
        return (end, best.backed, best.steps)
    }

    /// The maximum over intervals of backed minus unbacked steps, for either polarity.
    static func bestSegmentScore(_ positive: [Int32], _ negative: [Int32]) -> Int {
        var best = 0
        for profile in [positive, negative] {
            var run = 0
            for k in 1..<max(1, profile.count) {
                run = max(0, run + (profile[k] > profile[k - 1] ? 1 : -1))
                best = max(best, run)
            }
        }
        return best
    }

    /// Steps between `a` and `b` backed by each stretch's stronger polarity (as
    /// `DetectedLine.backedSteps` counts them), read through `support` stretch by stretch.
    static func backedSteps(_ line: DetectedLine, from a: Double, to b: Double) -> Int {
        let whole = line.support(from: a, to: b)
        if line.isFrameBorder { return max(whole.positive, whole.negative) }
        let lo = max(min(a, b), line.tMin), hi = min(max(a, b), line.tMax)
        guard lo < hi else { return 0 }
        let stretch = DetectedLine.polarityStretch
        var total = 0, start = Int(lo - line.tMin)
        let end = Int(hi - line.tMin)
        while start < end {
            let next = min(end, (start / stretch + 1) * stretch)
            // A quarter step in, so that the parameter truncates to the step's index.
            let s = line.support(from: line.tMin + Double(start) + 0.25, to: line.tMin + Double(next) + 0.25)
            total += max(s.positive, s.negative)
            start = next
        }
        return total
    }

    /// A hypothesis's edge evidence, side by side into vector lanes.
    static func evidence(_ quad: ScoredQuad, search: QuadSearch, lines: [DetectedLine])
        -> (supported: SIMD4<Double>, inside: SIMD4<Double>, overshoot: SIMD4<Double>) {
        let x = quad.x, y = quad.y
        let nx = SIMD4(x[1], x[2], x[3], x[0]), ny = SIMD4(y[1], y[2], y[3], y[0])
        var supported = SIMD4<Double>(), inside = SIMD4<Double>(), overshoot = SIMD4<Double>()
        for k in 0..<4 {
            let line = lines[Int(quad.lines[k])]
            let ta = line.parameter(x: x[k], y: y[k]), tb = line.parameter(x: nx[k], y: ny[k])
            let s = line.support(from: ta, to: tb)
            supported[k] = Double(backedSteps(line, from: ta, to: tb))
            inside[k] = s.inside
            if line.isFrameBorder { continue }
            let direction = tb >= ta ? 1.0 : -1.0
            let reach = max(search.minimumExtension, search.overshootFraction * abs(tb - ta))
            let before = line.support(from: ta - direction * reach, to: ta)
            let after = line.support(from: tb, to: tb + direction * reach)
            let seen = before.inside + after.inside
            if seen > 0.25 * reach {
                overshoot[k] = Double(max(before.positive, before.negative) + max(after.positive, after.negative)) / seen
            }
        }
        return (supported, inside, overshoot)
    }

    /// The quad search trying every line as a side between each pair of crossing lines.
    static func hypotheses(_ search: QuadSearch, lines: [DetectedLine], count: Int) -> [ScoredQuad] {
        let n = lines.count
        var t = [Double](repeating: .nan, count: n * n)
        for i in 0..<n {
            for j in (i + 1)..<n {
                if abs(lines[i].nx * lines[j].nx + lines[i].ny * lines[j].ny) > search.minimumCornerCosine { continue }
                guard let p = lines[i].intersection(with: lines[j]) else { continue }
                let m = search.outsideMargin
                if p.x < -m || p.y < -m || p.x > search.width + m || p.y > search.height + m { continue }
                t[i * n + j] = lines[i].parameter(x: p.x, y: p.y)
                t[j * n + i] = lines[j].parameter(x: p.x, y: p.y)
            }
        }
        /// 2 when line is backed between j and k fully, 1 when only weakly, 0 when not.
        func backed(_ line: Int, _ j: Int, _ k: Int) -> Int {
            let a = t[line * n + j], b = t[line * n + k]
            guard a.isFinite && b.isFinite && abs(b - a) >= search.minimumSideLength else { return 0 }
            let s = lines[line].support(from: a, to: b)
            let share = Double(backedSteps(lines[line], from: a, to: b)) / max(s.inside, 0.5 * abs(b - a))
            guard share > 0 else { return 0 }
            return share >= search.minimumSideSupport ? 2 : share >= search.minimumWeakSideSupport ? 1 : 0
        }
        func cross(_ i: Int, _ j: Int) -> (x: Double, y: Double) { lines[i].intersection(with: lines[j]) ?? (.nan, .nan) }
        var best: [ScoredQuad] = []
        for c in 0..<n {
            for d in (c + 1)..<n {
                let sides = (0..<n).filter { $0 != c && $0 != d && backed($0, c, d) > 0 }
                for (i, a) in sides.enumerated() where a >= c {
                    for b in sides[(i + 1)...] where backed(c, a, b) > 0 && backed(d, a, b) > 0 {
                        let levels = [backed(a, c, d), backed(b, c, d), backed(c, a, b), backed(d, a, b)]
                        if levels.filter({ $0 < 2 }).count > 1 { continue }
                        let xs = SIMD4(cross(a, c).x, cross(c, b).x, cross(b, d).x, cross(d, a).x)
                        let ys = SIMD4(cross(a, c).y, cross(c, b).y, cross(b, d).y, cross(d, a).y)
                        guard let quad = search.evaluate(x: xs, y: ys, sideLines: SIMD4(Int32(c), Int32(b), Int32(d), Int32(a)),
                                                         lines: lines) else { continue }
                        if best.count < count || quad.score > best.last!.score {
                            best.append(quad)
                            best.sort { $0.score > $1.score }
                            if best.count > count { best.removeLast() }
                        }
                    }
                }
            }
        }
        return best
    }
}
