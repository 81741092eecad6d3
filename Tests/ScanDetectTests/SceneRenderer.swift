import ScanCore
import ScanTestSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Analytic test scenes for the detector: a page with text bars seen through a perspective quad
/// on a background, with optional clutter rectangles and round occluders (a fingertip) drawn on
/// top. Pixels near any boundary are supersampled 4 × 4, the rest sampled once at the centre.
struct Scene {
    enum Background {
        /// One flat colour.
        case flat(RGB8)
        /// Wood-like stripes: a base colour modulated along a direction.
        case stripes(RGB8, amplitude: Double, period: Double)
        /// A seeded value-noise texture around a base colour.
        case noise(RGB8, amplitude: Double, seed: UInt64)
        /// Square tiles with dark joints.
        case tiles(RGB8, joint: RGB8, size: Double)
    }

    /// A filled convex polygon drawn over the page (clutter) or under it.
    struct Patch {
        var corners: [Point]
        var colour: RGB8
        var overPage: Bool
    }

    var width: Int
    var height: Int
    /// The page's corners in contract order; nil for a scene without a page.
    var page: Quad?
    var paper = RGB8(238, 236, 230)
    var ink = RGB8(35, 35, 45)
    var background: Background = .flat(RGB8(90, 70, 55))
    var patches: [Patch] = []
    /// Discs (centre, radius, colour) drawn over everything.
    var discs: [(centre: Point, radius: Double, colour: RGB8)] = []
    /// A shade over the page beyond a straight line across it, as a fold or a cast shadow's edge
    /// draws: page pixels where `normal · (p − origin) > 0` have their red, green and blue
    /// scaled by `factor` (a tint when they differ).
    var shade: (origin: Point, normal: Point, factor: SIMD3<Double>)?
    /// Gaussian-like sensor noise amplitude (grey levels).
    var noise: Double = 2
    var seed: UInt64 = 1

    func render() -> Image<RGB8> {
        let toPage = page.flatMap { Homography(mapping: $0, to: Quad(rectangleAt: .zero, size: Size(width: 210, height: 297))) }
        var noiseState = SeededGenerator(seed: seed)
        var pixels = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let centre = Point(Double(x) + 0.5, Double(y) + 0.5)
                let n = nearBoundary(centre) ? 4 : 1
                var sum = (0.0, 0.0, 0.0)
                for sy in 0..<n {
                    for sx in 0..<n {
                        let p = n == 1 ? centre : Point(Double(x) + (Double(sx) + 0.5) / 4, Double(y) + (Double(sy) + 0.5) / 4)
                        let c = colour(at: p, toPage: toPage)
                        sum.0 += c.0; sum.1 += c.1; sum.2 += c.2
                    }
                }
                let k = Double(n * n)
                let e = noise * (Double(noiseState.next() % 1000) / 500 - 1)
                pixels[y * width + x] = RGB8(clamp(sum.0 / k + e), clamp(sum.1 / k + e), clamp(sum.2 / k + e))
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    private func clamp(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }

    private func nearBoundary(_ p: Point) -> Bool {
        var polygons = patches.map(\.corners)
        if let page { polygons.append(page.corners) }
        if let shade, abs(shade.normal.dot(p - shade.origin)) / shade.normal.length < 1.5 { return true }
        for poly in polygons {
            for k in 0..<poly.count where distanceToSegment(p, poly[k], poly[(k + 1) % poly.count]) < 1.5 { return true }
        }
        for d in discs where abs(p.distance(to: d.centre) - d.radius) < 1.5 { return true }
        return false
    }

    private func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a, l2 = ab.dot(ab)
        let t = l2 > 0 ? max(0, min(1, (p - a).dot(ab) / l2)) : 0
        return p.distance(to: a + ab * t)
    }

    private func colour(at p: Point, toPage: Homography?) -> (Double, Double, Double) {
        func rgb(_ c: RGB8) -> (Double, Double, Double) { (Double(c.r), Double(c.g), Double(c.b)) }
        for d in discs where p.distance(to: d.centre) <= d.radius { return rgb(d.colour) }
        for patch in patches where patch.overPage && polygonContains(patch.corners, p) { return rgb(patch.colour) }
        if let page, let toPage, polygonContains(page.corners, p) {
            let q = toPage.apply(p)
            let line = 297.0 / 30
            if q.x > 25 && q.x < 185 && q.y > 30 && q.y < 270 && q.y.truncatingRemainder(dividingBy: line) < line * 0.3
                && !isSpace(at: q.x, line: Int(q.y / line)) {
                return shaded(rgb(ink), at: p)
            }
            return shaded(rgb(paper), at: p)
        }
        for patch in patches where !patch.overPage && polygonContains(patch.corners, p) { return rgb(patch.colour) }
        switch background {
        case let .flat(c):
            return rgb(c)
        case let .stripes(c, amplitude, period):
            let v = amplitude * sin(2 * .pi * (p.x * 0.94 + p.y * 0.34) / period + 0.8 * sin(p.y / 37))
            return (Double(c.r) + v, Double(c.g) + 0.8 * v, Double(c.b) + 0.6 * v)
        case let .noise(c, amplitude, seed):
            let v = amplitude * valueNoise(p.x / 9, p.y / 9, seed: seed)
            return (Double(c.r) + v, Double(c.g) + v, Double(c.b) + v)
        case let .tiles(c, joint, size):
            // Joints offset from the frame's edges, as on a real floor.
            let fx = (p.x + 0.37 * size).truncatingRemainder(dividingBy: size), fy = (p.y + 0.61 * size).truncatingRemainder(dividingBy: size)
            return fx < 3 || fy < 3 ? rgb(joint) : rgb(c)
        }
    }

    private func shaded(_ c: (Double, Double, Double), at p: Point) -> (Double, Double, Double) {
        guard let shade, shade.normal.dot(p - shade.origin) > 0 else { return c }
        return (c.0 * shade.factor.x, c.1 * shade.factor.y, c.2 * shade.factor.z)
    }

    /// Whether `x` (page units, from the text's left edge at 25) on text line `line` falls
    /// between two words: words of hashed lengths (4–16 units) and spaces of 2–3.5, different on
    /// every line, so nothing repeats along a line or lines up across lines, as in real text
    /// (regularly spaced words would form a lattice, which the detector doubts).
    private func isSpace(at x: Double, line: Int) -> Bool {
        func hash(_ k: Int) -> Double {
            let h = sin(Double(k) * 12.9898 + Double(line) * 78.233) * 43758.5453
            return h - h.rounded(.down)
        }
        var start = 25.0, k = 0
        while true {
            let end = start + 4 + 12 * hash(2 * k)
            if x < end { return false }
            start = end + 2 + 1.5 * hash(2 * k + 1)
            if x < start { return true }
            k += 1
        }
    }

    private func valueNoise(_ x: Double, _ y: Double, seed: UInt64) -> Double {
        func lattice(_ i: Int, _ j: Int) -> Double {
            var g = SeededGenerator(seed: seed &+ UInt64(bitPattern: Int64(i &* 73_856_093 ^ j &* 19_349_663)))
            return Double(g.next() % 2001) / 1000 - 1
        }
        let i = Int(x.rounded(.down)), j = Int(y.rounded(.down))
        let fx = x - Double(i), fy = y - Double(j)
        let sx = fx * fx * (3 - 2 * fx), sy = fy * fy * (3 - 2 * fy)
        let top = lattice(i, j) * (1 - sx) + lattice(i + 1, j) * sx
        let bottom = lattice(i, j + 1) * (1 - sx) + lattice(i + 1, j + 1) * sx
        return top * (1 - sy) + bottom * sy
    }
}

/// The SmartDoc Jaccard index: both quads mapped by the homography that takes the truth onto a
/// 2100 × 2970 rectangle, then polygon IoU there (for assertions only; official figures come
/// from score_quads.py).
func jaccardIndex(truth: Quad, predicted: Quad) -> Double {
    let rect = Quad(rectangleAt: .zero, size: Size(width: 2100, height: 2970))
    guard let h = Homography(mapping: truth, to: rect) else { return 0 }
    let mapped = predicted.mapped { h.apply($0) }
    return Polygon.intersectionOverUnion(mapped.ordered().corners, rect.corners)
}
