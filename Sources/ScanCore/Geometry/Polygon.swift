/// Area and intersection of simple polygons given by their vertices in order.
public enum Polygon {
    /// Signed area by the shoelace formula: positive when the vertices run clockwise on screen
    /// (x right, y down).
    public static func signedArea(_ vertices: [Point]) -> Double {
        guard vertices.count >= 3 else { return 0 }
        var sum = 0.0
        var previous = vertices[vertices.count - 1]
        for vertex in vertices {
            sum += previous.cross(vertex)
            previous = vertex
        }
        return sum / 2
    }

    /// Area of a simple polygon, whichever way its vertices run.
    public static func area(_ vertices: [Point]) -> Double { abs(signedArea(vertices)) }

    /// True when the polygon turns the same way at every vertex (collinear vertices allowed).
    public static func isConvex(_ vertices: [Point]) -> Bool {
        let n = vertices.count
        guard n >= 3 else { return false }
        var sign = 0.0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let turn = (b - a).cross(c - b)
            if turn == 0 { continue }
            if sign == 0 {
                sign = turn
            } else if (sign > 0) != (turn > 0) {
                return false
            }
        }
        return sign != 0
    }

    /// The intersection of `subject` with the convex polygon `clip` (Sutherland–Hodgman).
    /// `subject` may be any simple polygon; `clip` must be convex. Returns an empty array when
    /// they do not overlap.
    public static func intersection(_ subject: [Point], convexClip clip: [Point]) -> [Point] {
        guard subject.count >= 3, clip.count >= 3 else { return [] }
        let orientation: Double = signedArea(clip) >= 0 ? 1 : -1
        var output = subject
        for i in 0..<clip.count {
            let a = clip[i], b = clip[(i + 1) % clip.count]
            let edge = b - a
            // Inside means on the same side of the edge as the clip polygon's interior.
            output = Self.clip(output, toward: Point(-edge.y, edge.x) * orientation, from: a)
            if output.isEmpty { break }
        }
        return output
    }

    /// The part of `subject` on the side of the line through `origin` that `normal` points to
    /// (normal · (p − origin) ≥ 0, the line itself included): one pass of Sutherland–Hodgman.
    /// Vertices keep their order; the part is empty when no vertex lies on that side.
    public static func clip(_ subject: [Point], toward normal: Point, from origin: Point) -> [Point] {
        guard let last = subject.last else { return [] }
        func side(_ p: Point) -> Double { normal.dot(p - origin) }
        var output: [Point] = []
        output.reserveCapacity(subject.count + 1)
        var previous = last
        var previousSide = side(previous)
        for current in subject {
            let currentSide = side(current)
            if currentSide >= 0 {
                if previousSide < 0 {
                    output.append(crossing(previous, current, previousSide, currentSide))
                }
                output.append(current)
            } else if previousSide >= 0 {
                output.append(crossing(previous, current, previousSide, currentSide))
            }
            previous = current
            previousSide = currentSide
        }
        return output
    }

    /// Intersection over union of two convex polygons, in [0, 1]; 0 when either has no area.
    public static func intersectionOverUnion(_ a: [Point], _ b: [Point]) -> Double {
        let areaA = area(a), areaB = area(b)
        guard areaA > 0, areaB > 0 else { return 0 }
        let overlap = area(intersection(a, convexClip: b))
        let union = areaA + areaB - overlap
        return union > 0 ? min(1, max(0, overlap / union)) : 0
    }

    private static func crossing(_ p: Point, _ q: Point, _ sideP: Double, _ sideQ: Double) -> Point {
        let t = sideP / (sideP - sideQ)
        return p + (q - p) * t
    }
}
