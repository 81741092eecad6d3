#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Moves a region's outline onto the edges it approximates. A region's quad is drawn on a grid
/// coarser than the working image and from the region's hull, so its sides lie a few pixels off
/// the page's border and slightly turned: measured there, a real border reads as unbacked. Each
/// side seen (not on the frame's border) is shifted and turned to where the most edge pixels
/// along it have a gradient across it, and the corners become the snapped sides' crossings.
struct RegionSnapper {
    let edges: EdgeMap
    let gradient: GradientField
    /// Least |cos| between an edge pixel's gradient and the side's normal for it to count.
    let cosTolerance: Float
    /// Largest shift across a side, in half working pixels: a region grid cell and a little more.
    static let reachSteps = 10
    /// Largest turn of a side about its middle, in steps of `turnStep`.
    static let turnSteps = 3
    /// One turn step (radians).
    static let turnStep = Double.pi / 180
    /// Distance (working pixels) between the probes along a side.
    static let sampleStep = 4.0

    /// The snapped corners (same order), or the region's own when neighbouring snapped sides
    /// would cross farther than three reaches (15 working pixels) from the corner they replace.
    func snapped(x: SIMD4<Double>, y: SIMD4<Double>) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        let w = Double(edges.width), h = Double(edges.height)
        // Each side as a point and a direction; sides on the frame's border stay.
        var lines: [(px: Double, py: Double, dx: Double, dy: Double)] = []
        for k in 0..<4 {
            let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
            lines.append(WorkingQuad.isOnFrameBorder(p, q, width: w, height: h, within: RegionCandidates.borderTolerance)
                ? (p.x, p.y, q.x - p.x, q.y - p.y) : best(from: p, to: q))
        }
        var sx = x, sy = y
        let far = 3 * Double(Self.reachSteps) / 2
        for k in 0..<4 {
            let a = lines[(k + 3) % 4], b = lines[k]
            let det = a.dx * b.dy - a.dy * b.dx
            guard abs(det) > 1e-9 else { return (x, y) }
            let t = ((b.px - a.px) * b.dy - (b.py - a.py) * b.dx) / det
            let cx = a.px + t * a.dx, cy = a.py + t * a.dy
            guard abs(cx - x[k]) <= far, abs(cy - y[k]) <= far else { return (x, y) }
            sx[k] = cx
            sy[k] = cy
        }
        return (sx, sy)
    }

    /// The shift and turn of the side p → q with the most backed edge pixels along its middle
    /// 80 %, as a point and a direction (the side itself when no placement has a backed probe
    /// for every fifth of its length). Every turn at whole-pixel shifts is tried, nearer the
    /// side's own placement first so that a tie keeps the nearer, then the half pixels either
    /// side of the best.
    private func best(from p: (x: Double, y: Double), to q: (x: Double, y: Double))
        -> (px: Double, py: Double, dx: Double, dy: Double) {
        let dx = q.x - p.x, dy = q.y - p.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 8 else { return (p.x, p.y, dx, dy) }
        let mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2
        let direction = atan2(dy, dx)
        var bestCount = max(1, Int(0.2 * length / Self.sampleStep))
        var result = (px: p.x, py: p.y, dx: dx, dy: dy)
        var best: (Int, Int)?
        let width = edges.width
        let limitX = Double(width), limitY = Double(edges.height)
        return edges.isEdge.withUnsafeBufferPointer { e in
            gradient.gx.withUnsafeBufferPointer { gx in
                gradient.gy.withUnsafeBufferPointer { gy in
                    gradient.magnitude.withUnsafeBufferPointer { m in
                        /// Backed probes of the side turned by `a` steps and shifted by `s`
                        /// half pixels; the best so far is replaced when there are more.
                        func place(_ a: Int, _ s: Int) {
                            let angle = direction + Self.turnStep * Double(a)
                            let ux = cos(angle), uy = sin(angle), nx = -uy, ny = ux
                            let fnx = Float(nx), fny = Float(ny)
                            let ox = mx + nx * Double(s) / 2, oy = my + ny * Double(s) / 2
                            var count = 0
                            var t = -0.4 * length
                            while t <= 0.4 * length {
                                // Checked in floating point, so that only in-frame probes convert.
                                let fx = ox + ux * t, fy = oy + uy * t
                                if fx >= 0, fy >= 0, fx < limitX, fy < limitY {
                                    let i = Int(fy) &* width &+ Int(fx)
                                    if e[i] != 0 && abs(gx[i] * fnx + gy[i] * fny) >= cosTolerance * m[i] { count += 1 }
                                }
                                t += Self.sampleStep
                            }
                            if count > bestCount {
                                bestCount = count
                                result = (ox, oy, ux, uy)
                                best = (a, s)
                            }
                        }
                        // Whole-pixel shifts first, then the half pixels either side of the best.
                        for (a, s) in Self.placements where s % 2 == 0 { place(a, s) }
                        if let (a, s) = best {
                            place(a, s + 1)
                            place(a, s - 1)
                        }
                        return result
                    }
                }
            }
        }
    }

    /// Every (turn, shift) step pair within `turnSteps` and `reachSteps`, nearest the side's own
    /// placement first (a turn step counting as two shift steps).
    private static let placements: [(turn: Int, shift: Int)] = {
        var all: [(turn: Int, shift: Int)] = []
        for a in -turnSteps...turnSteps {
            for s in -reachSteps...reachSteps { all.append((a, s)) }
        }
        return all.sorted { abs($0.turn) * 2 + abs($0.shift) < abs($1.turn) * 2 + abs($1.shift) }
    }()
}
