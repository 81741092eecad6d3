import ScanCore
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A random convex quad in contract order, well conditioned: every corner turns by a clear angle
/// (sine above `minimumSine`) and no side is short, so homographies from it are accurate.
/// - Parameters:
///   - bounds: the corners lie inside [0, width] × [0, height].
///   - minimumSine: smallest sine of the angle between adjacent sides.
///   - generator: the source of randomness.
public func randomConvexQuad<G: RandomNumberGenerator>(
    in bounds: Size, minimumSine: Double = 0.2, using generator: inout G
) -> Quad {
    while true {
        let centre = Point(
            Double.random(in: 0.3...0.7, using: &generator) * bounds.width,
            Double.random(in: 0.3...0.7, using: &generator) * bounds.height)
        let radius = 0.3 * min(bounds.width, bounds.height)
        let start = Double.random(in: 0..<(2 * Double.pi), using: &generator)
        // Angles growing clockwise on screen (y down), one corner per quarter turn.
        let corners = (0..<4).map { k -> Point in
            let angle = start + Double(k) * .pi / 2 + Double.random(in: -0.5...0.5, using: &generator)
            let r = radius * Double.random(in: 0.5...1, using: &generator)
            return Point(centre.x + r * cos(angle), centre.y + r * sin(angle))
        }
        let quad = Quad(topLeft: corners[0], topRight: corners[1], bottomRight: corners[2], bottomLeft: corners[3]).ordered()
        if isWellConditioned(quad, minimumSine: minimumSine) { return quad }
    }
}

/// True when the quad is convex, clockwise on screen and every corner's sides meet at an angle
/// whose sine exceeds `minimumSine`.
public func isWellConditioned(_ quad: Quad, minimumSine: Double) -> Bool {
    let c = quad.corners
    for i in 0..<4 {
        let incoming = c[i] - c[(i + 3) % 4], outgoing = c[(i + 1) % 4] - c[i]
        let lengths = incoming.length * outgoing.length
        guard lengths > 0, incoming.cross(outgoing) / lengths > minimumSine else { return false }
    }
    return true
}

/// True when `p` lies inside the simple polygon `vertices` (even–odd rule).
public func polygonContains(_ vertices: [Point], _ p: Point) -> Bool {
    var inside = false
    var j = vertices.count - 1
    for i in vertices.indices {
        let a = vertices[i], b = vertices[j]
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            if p.x < x { inside.toggle() }
        }
        j = i
    }
    return inside
}

/// Intersection over union (Jaccard index) of two simple polygons, by brute force: both are
/// sampled on a `samples × samples` grid over their joint bounding box and the points inside
/// each are counted. A reference for `Polygon.intersectionOverUnion`, accurate to about
/// perimeter / `samples` of the bounding box.
public func rasterisedIntersectionOverUnion(_ a: [Point], _ b: [Point], samples: Int = 400) -> Double {
    let all = a + b
    guard let minX = all.map(\.x).min(), let maxX = all.map(\.x).max(),
          let minY = all.map(\.y).min(), let maxY = all.map(\.y).max()
    else { return 0 }
    let stepX = (maxX - minX) / Double(samples), stepY = (maxY - minY) / Double(samples)
    var intersection = 0, union = 0
    for row in 0..<samples {
        let y = minY + (Double(row) + 0.5) * stepY
        for column in 0..<samples {
            let p = Point(minX + (Double(column) + 0.5) * stepX, y)
            let inA = polygonContains(a, p), inB = polygonContains(b, p)
            if inA && inB { intersection += 1 }
            if inA || inB { union += 1 }
        }
    }
    return union == 0 ? 0 : Double(intersection) / Double(union)
}
