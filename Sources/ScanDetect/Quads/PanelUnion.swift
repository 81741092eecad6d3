/// Hypotheses for folded pages: a crease is a long, straight, high-contrast line, so each panel
/// of a folded page looks like a page of its own. Two hypotheses that share a side line and lie
/// on opposite sides of it are joined into one quad made of their outer corners, with the
/// evidence of their outer sides.
enum PanelUnion {
    /// Unions of pairs in `quads` that meet along a shared line, geometrically valid ones only.
    static func unions(of quads: [ScoredQuad], lines: [DetectedLine]) -> [ScoredQuad] {
        var result: [ScoredQuad] = []
        quads.withUnsafeBufferPointer { q in
            for i in 0..<q.count {
                for j in (i + 1)..<q.count where sharesLine(q[i].lines, q[j].lines, lines: lines) {
                    if let u = union(q[i], q[j], lines: lines) { result.append(u) }
                }
            }
        }
        return result
    }

    /// Whether two quads' sides lie on one line that is not a frame border: a necessary condition
    /// for `union`, checked on the line indices alone so that the pairs that cannot meet (nearly
    /// all) cost no copy of their quads (two whole `ScoredQuad`s, about 250 bytes each, per pair).
    private static func sharesLine(_ a: SIMD4<Int32>, _ b: SIMD4<Int32>, lines: [DetectedLine]) -> Bool {
        for k in 0..<4 where any(b .== a[k]) && !lines[Int(a[k])].isFrameBorder { return true }
        return false
    }

    static func union(_ a: ScoredQuad, _ b: ScoredQuad, lines: [DetectedLine]) -> ScoredQuad? {
        for k in 0..<4 {
            let line = Int(a.lines[k])
            if lines[line].isFrameBorder { continue }
            for m in 0..<4 where Int(b.lines[m]) == line {
                // The shared side runs A[k] → A[k+1] and, clockwise in B, B[m] → B[m+1] the
                // other way: B[m] meets A[k+1] and B[m+1] meets A[k].
                let a0 = (a.x[k], a.y[k]), a1 = (a.x[(k + 1) % 4], a.y[(k + 1) % 4])
                let b0 = (b.x[m], b.y[m]), b1 = (b.x[(m + 1) % 4], b.y[(m + 1) % 4])
                let length = distance(a0, a1)
                let tolerance = 0.2 * length
                guard distance(b0, a1) < tolerance, distance(b1, a0) < tolerance else { continue }
                let corners = [(a.x[(k + 2) % 4], a.y[(k + 2) % 4]), (a.x[(k + 3) % 4], a.y[(k + 3) % 4]),
                               (b.x[(m + 2) % 4], b.y[(m + 2) % 4]), (b.x[(m + 3) % 4], b.y[(m + 3) % 4])]
                guard isConvexClockwise(corners) else { continue }
                let x = SIMD4(corners[0].0, corners[1].0, corners[2].0, corners[3].0)
                let y = SIMD4(corners[0].1, corners[1].1, corners[2].1, corners[3].1)
                let ka = (k + 2) % 4, kb = (k + 3) % 4, kc = (k + 1) % 4
                let mb = (m + 1) % 4, mc = (m + 2) % 4, md = (m + 3) % 4
                let supported = SIMD4(a.supported[ka], a.supported[kb] + b.supported[mb],
                                      b.supported[mc], b.supported[md] + a.supported[kc])
                let inside = SIMD4(a.insideLength[ka], a.insideLength[kb] + b.insideLength[mb],
                                   b.insideLength[mc], b.insideLength[md] + a.insideLength[kc])
                let overshoot = SIMD4(a.overshoot[ka], min(a.overshoot[kb], b.overshoot[mb]),
                                      b.overshoot[mc], min(b.overshoot[md], a.overshoot[kc]))
                var total = SIMD4<Double>()
                for s in 0..<4 { total[s] = distance(corners[s], corners[(s + 1) % 4]) }
                let sideLines = SIMD4(a.lines[ka], a.lines[kb], b.lines[mc], b.lines[md])
                let score = (2 * supported - inside).sum() - (overshoot * total).sum()
                return ScoredQuad(x: x, y: y, lines: sideLines, supported: supported, insideLength: inside,
                                  totalLength: total, overshoot: overshoot, score: score)
            }
        }
        return nil
    }

    private static func distance(_ p: (Double, Double), _ q: (Double, Double)) -> Double {
        ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1)).squareRoot()
    }

    private static func isConvexClockwise(_ c: [(Double, Double)]) -> Bool {
        for k in 0..<4 {
            let p = c[(k + 3) % 4], q = c[k], r = c[(k + 1) % 4]
            let cross = (r.0 - q.0) * (p.1 - q.1) - (r.1 - q.1) * (p.0 - q.0)
            if cross <= 0 { return false }
        }
        return true
    }
}
