#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Quad hypotheses from pairs of roughly opposite lines, ranked by the edge evidence along their
/// four sides (supported length minus unsupported length, so a hypothesis neither grows past the
/// page's real border nor shrinks to a part of it).
struct QuadSearch {
    let width: Double
    let height: Double
    let minimumArea: Double
    let outsideMargin: Double
    let minimumCornerCosine: Double
    /// Opposite sides of a page in perspective converge, but by less than this angle (radians).
    let maximumOppositeAngle: Double

    init(width: Int, height: Int, options: DetectionOptions) {
        self.width = Double(width)
        self.height = Double(height)
        minimumArea = options.minimumAreaFraction * Double(width * height)
        outsideMargin = options.cornerOutsideTolerance * Double(max(width, height))
        minimumCornerCosine = cos(options.minimumCornerAngleDegrees * .pi / 180)
        maximumOppositeAngle = (90 - options.minimumCornerAngleDegrees) * .pi / 180
    }

    /// The `count` best-ranked valid hypotheses, best first.
    func hypotheses(lines: [DetectedLine], count: Int) -> [ScoredQuad] {
        let n = lines.count
        guard n >= 4 else { return [] }
        // Orientation of each line in [0, π).
        let orientation = lines.map { l -> Double in
            var a = atan2(l.ny, l.nx)
            if a < 0 { a += .pi }
            if a >= .pi { a -= .pi }
            return a
        }
        func angleBetween(_ a: Double, _ b: Double) -> Double {
            let d = abs(a - b)
            return min(d, .pi - d)
        }
        var pairs: [(Int, Int)] = []
        for i in 0..<n {
            for j in (i + 1)..<n where angleBetween(orientation[i], orientation[j]) <= maximumOppositeAngle {
                pairs.append((i, j))
            }
        }
        // Crossing points of every pair; NaN for parallel lines, which then fail every test.
        var crossX = [Double](repeating: .nan, count: n * n), crossY = crossX
        for i in 0..<n {
            for j in 0..<n where i != j {
                if let p = lines[i].intersection(with: lines[j]) {
                    crossX[i * n + j] = p.x
                    crossY[i * n + j] = p.y
                }
            }
        }
        var best: [ScoredQuad] = []
        var worstKept = -Double.infinity
        for p in 0..<pairs.count {
            let (a, b) = pairs[p]
            for q in (p + 1)..<pairs.count {
                let (c, d) = pairs[q]
                if c == a || c == b || d == a || d == b { continue }
                // The two families must cross at a real angle.
                if angleBetween(orientation[a], orientation[c]) < .pi / 2 - maximumOppositeAngle { continue }
                let xs = SIMD4(crossX[a * n + c], crossX[c * n + b], crossX[b * n + d], crossX[d * n + a])
                let ys = SIMD4(crossY[a * n + c], crossY[c * n + b], crossY[b * n + d], crossY[d * n + a])
                if !(xs.min().isFinite && ys.min().isFinite) { continue }
                guard let quad = evaluate(x: xs, y: ys, sideLines: SIMD4(Int32(c), Int32(b), Int32(d), Int32(a)),
                                          lines: lines) else { continue }
                if best.count < count || quad.score > worstKept {
                    best.append(quad)
                    best.sort { $0.score > $1.score }
                    if best.count > count { best.removeLast() }
                    worstKept = best.last!.score
                }
            }
        }
        return best
    }

    /// Checks the geometry and gathers the edge evidence of one hypothesis; nil when it cannot be a
    /// page. Works on SIMD lanes so the inner loop of the search allocates nothing.
    func evaluate(x inputX: SIMD4<Double>, y inputY: SIMD4<Double>, sideLines inputLines: SIMD4<Int32>,
                  lines: [DetectedLine]) -> ScoredQuad? {
        var x = inputX, y = inputY, sides = inputLines
        if any(x .< -outsideMargin) || any(y .< -outsideMargin)
            || any(x .> width + outsideMargin) || any(y .> height + outsideMargin) { return nil }
        // Next corner of each corner.
        var nx = SIMD4(x[1], x[2], x[3], x[0]), ny = SIMD4(y[1], y[2], y[3], y[0])
        var area2 = (x * ny - nx * y).sum()
        if area2 < 0 {
            // Reverse to clockwise on screen (positive shoelace area with y down).
            x = SIMD4(x[0], x[3], x[2], x[1])
            y = SIMD4(y[0], y[3], y[2], y[1])
            sides = SIMD4(sides[3], sides[2], sides[1], sides[0])
            nx = SIMD4(x[1], x[2], x[3], x[0])
            ny = SIMD4(y[1], y[2], y[3], y[0])
            area2 = -area2
        }
        if area2 / 2 < minimumArea { return nil }
        // Convex with every interior angle within limits.
        let px = SIMD4(x[3], x[0], x[1], x[2]), py = SIMD4(y[3], y[0], y[1], y[2])
        let ux = px - x, uy = py - y, vx = nx - x, vy = ny - y
        let cross = vx * uy - vy * ux
        if any(cross .<= 0) { return nil }
        let dot = ux * vx + uy * vy
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        let cosine = dot / (lu * lv)
        if any(cosine .> minimumCornerCosine) || any(cosine .< -minimumCornerCosine) { return nil }
        var supported = SIMD4<Double>(), inside = SIMD4<Double>()
        for k in 0..<4 {
            let line = lines[Int(sides[k])]
            let s = line.support(from: line.parameter(x: x[k], y: y[k]), to: line.parameter(x: nx[k], y: ny[k]))
            supported[k] = Double(max(s.positive, s.negative))
            inside[k] = s.inside
        }
        let score = (2 * supported - inside).sum()
        return ScoredQuad(x: x, y: y, lines: sides, supported: supported, insideLength: inside, totalLength: lv,
                          score: score)
    }
}
