import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// The optimised evidence and search kernels against plain versions of the code they replaced,
/// compared exactly on seeded random inputs and rendered scenes (the lattice sums, added in
/// another order, up to rounding).
@Suite("Evidence kernels match their plain versions exactly")
struct EvidenceKernelReferenceTests {
    /// Scenes with many interior edges in both directions (tiles, a keyboard) and few (a page on
    /// a plain desk), at quads inside, across and partly outside the frame.
    @Test("interior grid balance over all edge pixels", arguments: [0, 1, 2])
    func gridBalance(kind: Int) {
        let image: Image<RGB8>
        switch kind {
        case 0: image = PageEvidenceTests.keyboard.render()
        case 1:
            var scene = Scene(width: 720, height: 480, page: PageEvidenceTests.outline)
            scene.background = .tiles(RGB8(200, 205, 200), joint: RGB8(90, 95, 100), size: 60)
            image = scene.render()
        default:
            var scene = Scene(width: 723, height: 481, page: PageEvidenceTests.outline)
            scene.background = .noise(RGB8(120, 90, 70), amplitude: 40, seed: 7)
            image = scene.render()
        }
        let (evidence, _) = PageEvidenceTests.evidence(for: image)
        let edges = evidence.edges, gradient = evidence.gradient
        // The edge pixels as the plain version listed them (in hysteresis order).
        let points = edges.pixels.map { p in
            let i = Int(p)
            return SIMD4(Float(i % edges.width) + 0.5, Float(i / edges.width) + 0.5, gradient.gx[i], gradient.gy[i])
        }
        let listed = (0..<evidence.edgePoints.count).map {
            SIMD4(evidence.edgePoints.x[$0], evidence.edgePoints.y[$0], evidence.edgePoints.gx[$0], evidence.edgePoints.gy[$0])
        }
        #expect(Set(listed.map { $0.description }) == Set(points.map { $0.description }))
        #expect(listed.count == points.count)
        var generator = SeededGenerator(seed: UInt64(kind + 11))
        let w = Double(edges.width), h = Double(edges.height)
        var mismatches = 0, measured = 0
        for _ in 0..<30 {
            // A random convex quad, clockwise on screen: corners jittered around a box.
            let cx = Double.random(in: 0...w, using: &generator), cy = Double.random(in: 0...h, using: &generator)
            let rx = Double.random(in: 5...(w / 2), using: &generator), ry = Double.random(in: 5...(h / 2), using: &generator)
            func jitter() -> Double { Double.random(in: -0.2...0.2, using: &generator) }
            let x = SIMD4(cx - rx * (1 + jitter()), cx + rx * (1 + jitter()), cx + rx * (1 + jitter()), cx - rx * (1 + jitter()))
            let y = SIMD4(cy - ry * (1 + jitter()), cy - ry * (1 + jitter()), cy + ry * (1 + jitter()), cy + ry * (1 + jitter()))
            let expected = Self.gridBalance(x: x, y: y, points: points)
            if evidence.interiorGridBalance(x: x, y: y) != expected { mismatches += 1 }
            if expected > 0 { measured += 1 }
        }
        #expect(mismatches == 0)
        #expect(measured > 0)
    }

    /// Row runs of every kind: empty rows, runs touching either end, runs shorter than one vector
    /// step, and grids narrower than the largest shift.
    @Test("lattice autocorrelation", arguments: [(40, 30, UInt64(1)), (96, 48, 2), (17, 60, 3), (10, 12, 4), (70, 70, 5)])
    func autocorrelation(nx: Int, ny: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var first = [Int](repeating: nx, count: ny), end = [Int](repeating: 0, count: ny)
        var signal = [Float](repeating: 0, count: nx * ny)
        var count = 0
        for j in 0..<ny where Int.random(in: 0..<10, using: &generator) > 0 {
            let a = Int.random(in: 0..<nx, using: &generator), b = Int.random(in: a...nx, using: &generator)
            guard b > a else { continue }
            first[j] = a
            end[j] = b
            for i in a..<b { signal[j * nx + i] = Float.random(in: -1...1, using: &generator) }
            count += b - a
        }
        let overlap = 0.25 * Float(count)
        let found = PageEvidence.autocorrelation(signal, rows: (first, end), nx: nx, ny: ny, variance: 0.3,
                                                 minimumOverlap: overlap)
        let expected = Self.autocorrelation(signal, rows: (first, end), nx: nx, ny: ny, variance: 0.3, minimumOverlap: overlap)
        // Summed in another order than the reference, so equal up to rounding; measured exactly where it is.
        #expect(found.count == expected.count)
        #expect(zip(found, expected).allSatisfy { $0.isNaN == $1.isNaN })
        #expect(zip(found, expected).allSatisfy { $0.isNaN || abs($0 - $1) <= 1e-4 * max(1, abs($1)) })
        #expect(found.contains { !$0.isNaN })
    }

    /// Scores with many ties, so the place among equals matters.
    @Test("the quad search's ranked list", arguments: [UInt64(1), 2, 3])
    func rankedInsertion(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var best: [ScoredQuad] = [], expected: [ScoredQuad] = []
        let count = 12
        for k in 0..<400 {
            var quad = ScoredQuad(x: SIMD4(repeating: Double(k)), y: .zero, lines: .zero, supported: .zero, insideLength: .zero,
                                  totalLength: .zero, overshoot: .zero, score: Double(Int.random(in: 0..<40, using: &generator)))
            if k == 200 { quad.score = .nan }
            if best.count < count || quad.score > best.last!.score { QuadSearch.insert(quad, into: &best, keeping: count) }
            if expected.count < count || quad.score > expected.last!.score {
                expected.append(quad)
                expected.sort { $0.score > $1.score }
                if expected.count > count { expected.removeLast() }
            }
            #expect(best.map(\.x) == expected.map(\.x))
        }
    }

    /// Tiles make many hypotheses that share their sides' lines, a page few; the pairs are
    /// joined in both orders, so a filter that dropped a pair meeting from either side would show.
    @Test("panel unions of every pair of hypotheses", arguments: [0, 1])
    func panelUnions(kind: Int) {
        let (evidence, found) = Self.searched(kind: kind, count: 64)
        let quads = found + found.reversed()
        var expected: [ScoredQuad] = []
        for i in 0..<quads.count {
            for j in (i + 1)..<quads.count {
                if let u = PanelUnion.union(quads[i], quads[j], lines: evidence.lines) { expected.append(u) }
            }
        }
        let unions = PanelUnion.unions(of: quads, lines: evidence.lines)
        #expect(unions.map(\.x) == expected.map(\.x))
        #expect(unions.map(\.y) == expected.map(\.y))
        #expect(unions.map(\.score) == expected.map(\.score))
        if kind == 0 { #expect(!unions.isEmpty) }
    }

    /// The batch reuses the measurements of sides met before; every field must come out as when
    /// each hypothesis is verified on its own, repeated hypotheses and shared sides included.
    @Test("verifying hypotheses together", arguments: [0, 1])
    func batchVerification(kind: Int) {
        let (evidence, found) = Self.searched(kind: kind, count: 32)
        let quads = found + PanelUnion.unions(of: found, lines: evidence.lines) + found.prefix(3)
        let batch = evidence.verifier.verify(quads, lines: evidence.lines)
        let single = quads.map { evidence.verifier.verify($0, lines: evidence.lines) }
        #expect(batch.count == single.count)
        for (a, b) in zip(batch, single) {
            #expect(a.confidence.bitPattern == b.confidence.bitPattern && a.support.bitPattern == b.support.bitPattern
                    && a.step.bitPattern == b.step.bitPattern && a.paper.bitPattern == b.paper.bitPattern)
        }
        #expect(single.contains { $0.confidence > 0 })
    }

    /// Lattices of several pitches and noise, and random correlations with shifts left
    /// unmeasured (NaN): the prominence read through the table of probes must be the one read
    /// shift by shift.
    @Test("lattice prominence", arguments: [(5, 7, UInt64(1)), (9, 4, 2), (13, 11, 3), (0, 0, 4)])
    func latticeProminence(pitchX: Int, pitchY: Int, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let nx = 96, ny = 60
        var signal = [Float](repeating: 0, count: nx * ny)
        for j in 0..<ny {
            for i in 0..<nx {
                let key: Float = pitchX > 0 && i % pitchX < 2 && j % pitchY < 2 ? 1 : 0
                signal[j * nx + i] = key + Float.random(in: -0.3...0.3, using: &generator)
            }
        }
        let rows = ([Int](repeating: 0, count: ny), [Int](repeating: nx, count: ny))
        let lattice = PageEvidence.autocorrelation(signal, rows: rows, nx: nx, ny: ny, variance: 0.3, minimumOverlap: 100)
        #expect(PageEvidence.prominence(lattice).bitPattern == Self.prominence(lattice).bitPattern)
        if pitchX > 0 { #expect(PageEvidence.prominence(lattice) > 0) }
        for _ in 0..<20 {
            let random = lattice.map { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? Float.nan : Float.random(in: -1...1, using: &generator)
            }
            #expect(PageEvidence.prominence(random).bitPattern == Self.prominence(random).bitPattern)
        }
    }

    @Test("histogram bins of the gradient magnitudes", arguments: [UInt64(1), 2])
    func magnitudeBins(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var values: [Float] = [0, 0.5, 1, 1.5, 2.5, 3.5, 1022.5, 1023, 1023.5, 1024, 4000, .infinity, .nan,
                               Float(1).nextDown, Float(2).nextDown, Float(1023).nextDown, Float(0.5).nextDown, .leastNonzeroMagnitude]
        for _ in 0..<4000 { values.append(Float.random(in: 0...1100, using: &generator)) }
        for _ in 0..<1000 { values.append(Float(Int.random(in: 0...1030, using: &generator)) + [0, 0.5, -0.5][Int.random(in: 0..<3, using: &generator)]) }
        values = values.filter { !($0 < 0) }
        while values.count % 4 != 0 { values.append(7) }
        var mismatches = 0
        for i in stride(from: 0, to: values.count, by: 4) {
            let bins = EdgeMap.bins(SIMD4(values[i], values[i + 1], values[i + 2], values[i + 3]), top: 1023)
            for k in 0..<4 where Int(bins[k]) != Int(min(Float(1023), values[i + k])) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    /// The evidence of a page on tiles (`kind` 0, many hypotheses sharing their sides' lines) or on
    /// a plain desk (any other kind), and the search's best `count` hypotheses there.
    static func searched(kind: Int, count: Int) -> (evidence: PageEvidence, found: [ScoredQuad]) {
        var scene = Scene(width: 720, height: 480, page: PageEvidenceTests.outline)
        if kind == 0 { scene.background = .tiles(RGB8(200, 205, 200), joint: RGB8(90, 95, 100), size: 60) }
        let (evidence, _) = PageEvidenceTests.evidence(for: scene.render())
        let search = QuadSearch(width: evidence.planes.width, height: evidence.planes.height, options: DetectionOptions())
        return (evidence, search.hypotheses(lines: evidence.lines, count: count))
    }

    // MARK: - Plain versions

    /// The grid balance as it was: every edge pixel tested against the quad's sides one by one.
    static func gridBalance(x: SIMD4<Double>, y: SIMD4<Double>, points: [SIMD4<Float>]) -> Double {
        let ux = (x[1] - x[0]) + (x[2] - x[3]), uy = (y[1] - y[0]) + (y[2] - y[3])
        let vx = (x[3] - x[0]) + (x[2] - x[1]), vy = (y[3] - y[0]) + (y[2] - y[1])
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        guard lu > 0 && lv > 0 else { return 0 }
        let au = (Float(ux / lu), Float(uy / lu)), av = (Float(vx / lv), Float(vy / lv))
        var nxs = SIMD4<Float>(), nys = SIMD4<Float>(), cs = SIMD4<Float>()
        for k in 0..<4 {
            let ex = x[(k + 1) % 4] - x[k], ey = y[(k + 1) % 4] - y[k]
            let l = max(1e-9, (ex * ex + ey * ey).squareRoot())
            nxs[k] = Float(-ey / l)
            nys[k] = Float(ex / l)
            cs[k] = Float(-(-ey / l * x[k] + ex / l * y[k]) - 3)
        }
        var along = 0, across = 0
        for p in points {
            if any(nxs * p.x + nys * p.y + cs .< 0) { continue }
            if abs(p.z * au.0 + p.w * au.1) >= abs(p.z * av.0 + p.w * av.1) { along += 1 } else { across += 1 }
        }
        let most = max(along, across)
        return most >= 16 ? Double(min(along, across)) / Double(most) : 0
    }

    /// The lattice prominence as it was: each candidate peak's neighbours, side points and dips
    /// found shift by shift.
    static func prominence(_ correlation: [Float]) -> Float {
        let reach = PageEvidence.latticeReach, span = 2 * reach + 1
        func value(_ dx: Int, _ dy: Int) -> Float {
            let (x, y) = dy < 0 || (dy == 0 && dx < 0) ? (-dx, -dy) : (dx, dy)
            guard abs(x) <= reach && y <= reach else { return .nan }
            return correlation[y * span + x + reach]
        }
        var best: Float = 0
        for dy in 0...reach {
            for dx in -reach...reach {
                if dy == 0 && dx < 0 { continue }
                let r = Double(dx * dx + dy * dy).squareRoot()
                guard r >= Double(PageEvidence.latticeShortestStep) && r <= Double(reach - 1) else { continue }
                let v = value(dx, dy)
                guard !v.isNaN else { continue }
                var isPeak = true
                for ey in -1...1 {
                    for ex in -1...1 where ex != 0 || ey != 0 {
                        let n = value(dx + ex, dy + ey)
                        if !n.isNaN && n > v { isPeak = false }
                    }
                }
                guard isPeak else { continue }
                let px = -Double(dy) / r, py = Double(dx) / r, t = r / 2
                var side: Float = -.infinity
                for sign in [1.0, -1.0] {
                    let sx = Int((Double(dx) + sign * t * px).rounded()), sy = Int((Double(dy) + sign * t * py).rounded())
                    for ey in -1...1 {
                        for ex in -1...1 {
                            let n = value(sx + ex, sy + ey)
                            if !n.isNaN { side = max(side, n) }
                        }
                    }
                }
                guard side > -.infinity else { continue }
                var dip = Float.infinity
                for a in [0.3, 0.4, 0.5, 0.6, 0.7] {
                    let n = value(Int((Double(dx) * a).rounded()), Int((Double(dy) * a).rounded()))
                    if !n.isNaN { dip = min(dip, n) }
                }
                guard dip < .infinity else { continue }
                best = max(best, min(v - side, v - dip))
            }
        }
        return best
    }

    /// The autocorrelation as it was: one shift at a time.
    static func autocorrelation(_ signal: [Float], rows: (first: [Int], end: [Int]), nx: Int, ny: Int, variance: Float,
                                minimumOverlap: Float) -> [Float] {
        let reach = PageEvidence.latticeReach, span = 2 * reach + 1
        var result = [Float](repeating: .nan, count: (reach + 1) * span)
        signal.withUnsafeBufferPointer { s in
            let raw = UnsafeRawPointer(s.baseAddress!)
            func load16(_ i: Int) -> SIMD16<Float> {
                raw.loadUnaligned(fromByteOffset: i * MemoryLayout<Float>.stride, as: SIMD16<Float>.self)
            }
            func load4(_ i: Int) -> SIMD4<Float> {
                raw.loadUnaligned(fromByteOffset: i * MemoryLayout<Float>.stride, as: SIMD4<Float>.self)
            }
            for dy in 0...reach where dy < ny {
                for dx in -reach...reach where abs(dx) < nx {
                    if dy == 0 && dx < 0 { continue }
                    var products = SIMD16<Float>(), quads = SIMD4<Float>()
                    var product: Float = 0
                    var overlap = 0
                    for j in 0..<(ny - dy) {
                        let lo = max(rows.first[j], rows.first[j + dy] - dx), hi = min(rows.end[j], rows.end[j + dy] - dx)
                        guard hi > lo else { continue }
                        overlap += hi - lo
                        let a = j * nx, b = (j + dy) * nx + dx
                        var i = lo
                        while i + 16 <= hi {
                            products += load16(a + i) * load16(b + i)
                            i += 16
                        }
                        while i + 4 <= hi {
                            quads += load4(a + i) * load4(b + i)
                            i += 4
                        }
                        while i < hi {
                            product += s[a + i] * s[b + i]
                            i += 1
                        }
                    }
                    if Float(overlap) >= minimumOverlap {
                        result[dy * span + dx + reach] = (product + products.sum() + quads.sum()) / Float(overlap) / variance
                    }
                }
            }
        }
        return result
    }
}
