#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Evidence from what lies inside a hypothesis and from what its sides cut through: a page's
/// interior is mostly paper as light as its margin (ink covers a small part of it), a page's
/// blank margin holds no second outline parallel to its border (a tablet's bezel or a keyboard's
/// frame does), and a page lying on a surface hides that surface's texture, so no line of the
/// background runs through its border (tile joints and wood grain do run through a quad that
/// is only drawn by them).
extension PageEvidence {
    /// Interior samples per quad side (the grid is `interiorGrid²` samples).
    static let interiorGrid = 20

    /// Over a grid on the middle 80 % of the quad's interior (bilinear quad coordinates): the
    /// fraction at least `paperShare` of the margin's luminance (1 for a page with a little ink,
    /// low for a dark screen inside a white bezel), and the fraction darker than `inkShare` of it
    /// (ink: text and figures; 0 for a blank coloured card or a sticky note).
    func interiorTones(x: SIMD4<Double>, y: SIMD4<Double>, margin: Double, paperShare: Double = 0.7,
                       inkShare: Double = 0.85) -> (paper: Double, ink: Double) {
        guard margin > 0 else { return (0, 0) }
        let n = Self.interiorGrid
        let w = planes.width, h = planes.height
        let floor = Float(paperShare * margin), inkCeiling = Float(inkShare * margin)
        var seen = 0, paper = 0, ink = 0
        for j in 0..<n {
            let v = 0.1 + 0.8 * (Double(j) + 0.5) / Double(n)
            for i in 0..<n {
                let u = 0.1 + 0.8 * (Double(i) + 0.5) / Double(n)
                // Bilinear between corners 0 (u 0, v 0), 1 (u 1, v 0), 2 (u 1, v 1), 3 (u 0, v 1).
                let px = (1 - v) * ((1 - u) * x[0] + u * x[1]) + v * (u * x[2] + (1 - u) * x[3])
                let py = (1 - v) * ((1 - u) * y[0] + u * y[1]) + v * (u * y[2] + (1 - u) * y[3])
                let ix = Int(px), iy = Int(py)
                if px < 0 || py < 0 || ix >= w || iy >= h { continue }
                let k = iy * w + ix
                seen += 1
                let l = 0.299 * planes.red[k] + 0.587 * planes.green[k] + 0.114 * planes.blue[k]
                if l >= floor { paper += 1 }
                if l < inkCeiling { ink += 1 }
            }
        }
        return seen > 0 ? (Double(paper) / Double(seen), Double(ink) / Double(seen)) : (0, 0)
    }

    /// How evenly the interior's edges split between the quad's two axes: edge pixels whose
    /// gradient runs along one pair of sides against those along the other, the smaller count
    /// over the larger. Text lines give mostly one direction; a keyboard's or a tiled floor's
    /// grid gives both equally.
    func interiorGridBalance(x: SIMD4<Double>, y: SIMD4<Double>) -> Double {
        let ux = (x[1] - x[0]) + (x[2] - x[3]), uy = (y[1] - y[0]) + (y[2] - y[3])
        let vx = (x[3] - x[0]) + (x[2] - x[1]), vy = (y[3] - y[0]) + (y[2] - y[1])
        let lu = (ux * ux + uy * uy).squareRoot(), lv = (vx * vx + vy * vy).squareRoot()
        guard lu > 0 && lv > 0 else { return 0 }
        let au = (Float(ux / lu), Float(uy / lu)), av = (Float(vx / lv), Float(vy / lv))
        // Inward normals and offsets of the four sides, with a 3-pixel margin kept clear of them.
        var nxs = SIMD4<Float>(), nys = SIMD4<Float>(), cs = SIMD4<Float>()
        for k in 0..<4 {
            let ex = x[(k + 1) % 4] - x[k], ey = y[(k + 1) % 4] - y[k]
            let l = max(1e-9, (ex * ex + ey * ey).squareRoot())
            nxs[k] = Float(-ey / l)
            nys[k] = Float(ex / l)
            cs[k] = Float(-(-ey / l * x[k] + ex / l * y[k]) - 3)
        }
        // A convex quad's half-planes meet inside it, 3 pixels in from its sides, so a pixel outside
        // its rows (a margin of a pixel, far beyond the rounding of the tests) cannot count.
        let px = SIMD4(x[3], x[0], x[1], x[2]), py = SIMD4(y[3], y[0], y[1], y[2])
        let qx = SIMD4(x[1], x[2], x[3], x[0]), qy = SIMD4(y[1], y[2], y[3], y[0])
        let isConvex = all((qx - x) * (py - y) - (qy - y) * (px - x) .> 0)
        let rows = isConvex ? Float(y.min() - 1)...Float(y.max() + 1) : nil
        let (along, across) = edgePoints.axisCounts(nxs: nxs, nys: nys, cs: cs, u: au, v: av, rows: rows)
        let most = max(along, across)
        return most >= 16 ? Double(min(along, across)) / Double(most) : 0
    }

    /// Mean over the observed sides of how much of the side a detected line parallel to it, a
    /// little inside it (between `minimumInset` working pixels and `maximumInsetFraction` of the
    /// quad's extent across the side), backs with edges: a bezel's inner rim or a keyboard's
    /// first row of keys; a page's blank margin gives 0.
    func innerOutline(x: SIMD4<Double>, y: SIMD4<Double>, minimumInset: Double = 2.5, maximumInsetFraction: Double = 0.1) -> Double {
        let cosParallel = cos(4 * Double.pi / 180)
        let sides = observedSides(x: x, y: y)
        var total = 0.0
        for (k, p, q, inX, inY) in sides {
            // The quad's extent inward from this side: the farthest of the other two corners.
            let far = max((x[(k + 2) % 4] - p.x) * inX + (y[(k + 2) % 4] - p.y) * inY,
                          (x[(k + 3) % 4] - p.x) * inX + (y[(k + 3) % 4] - p.y) * inY)
            let maximumInset = maximumInsetFraction * far
            guard maximumInset > minimumInset else { continue }
            var best = 0.0
            for line in lines where !line.isFrameBorder {
                guard abs(line.nx * inX + line.ny * inY) >= cosParallel else { continue }
                // Inset of the line where it passes the side's midpoint.
                let mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2
                let offset = (line.rho - (mx * line.nx + my * line.ny)) * (line.nx * inX + line.ny * inY >= 0 ? 1 : -1)
                guard offset >= minimumInset && offset <= maximumInset else { continue }
                let a = line.parameter(x: p.x + inX * offset, y: p.y + inY * offset)
                let b = line.parameter(x: q.x + inX * offset, y: q.y + inY * offset)
                let s = line.support(from: a, to: b)
                guard s.inside > 0 else { continue }
                best = max(best, Double(max(s.positive, s.negative)) / s.inside)
            }
            total += best
        }
        return sides.isEmpty ? 0 : total / Double(sides.count)
    }

    /// Detected lines that run straight through a side, backed by edges both just inside and
    /// just outside it (over `reach` working pixels each way), per observed side. Lines that
    /// cross a side within `reach` of each other count once: a cable, a pen or a marker lying
    /// across the page has two edges, one object over the page rather than two lines of the
    /// background drawn through an outline (on SmartDoc's cluttered desk a tax form with a cable
    /// and pens across it read 1.75 crossings a side, and the gate doubted it).
    func borderCrossings(x: SIMD4<Double>, y: SIMD4<Double>, reach: Double = 10, gap: Double = 2) -> Double {
        let cosSteep = cos(30 * Double.pi / 180)
        let sides = observedSides(x: x, y: y)
        var crossings = 0
        for (_, p, q, inX, inY) in sides {
            let dx = q.x - p.x, dy = q.y - p.y
            let sideLength = (dx * dx + dy * dy).squareRoot()
            // Where each crossing line meets the side, working pixels from p.
            var places: [Double] = []
            let needed = 0.6 * (reach - gap)
            for line in lines where !line.isFrameBorder {
                // Steep to the side: the line's direction is close to the side's normal.
                let along = -line.ny * inX + line.nx * inY
                guard abs(along) >= cosSteep else { continue }
                // Where the line meets the side, as a fraction of the side's length.
                let denominator = line.nx * dx + line.ny * dy
                guard abs(denominator) > 1e-9 else { continue }
                let s = (line.rho - line.nx * p.x - line.ny * p.y) / denominator
                guard s > 0.1 && s < 0.9 else { continue }
                let t = line.parameter(x: p.x + s * dx, y: p.y + s * dy)
                let inward = along > 0 ? 1.0 : -1.0
                let inside = line.support(from: t + inward * gap, to: t + inward * reach)
                let outside = line.support(from: t - inward * reach, to: t - inward * gap)
                if Double(max(inside.positive, inside.negative)) >= needed
                    && Double(max(outside.positive, outside.negative)) >= needed {
                    places.append(s * sideLength)
                }
            }
            // One crossing per cluster of places, each within `reach` of the cluster's first.
            places.sort()
            var last = -Double.infinity
            for place in places where place - last > reach {
                crossings += 1
                last = place
            }
        }
        return sides.isEmpty ? 0 : Double(crossings) / Double(sides.count)
    }

    /// The sides `k` (corner k to corner k + 1) the photo shows, at least 4 working pixels long
    /// and not along the frame's border, with their ends and inward unit normal.
    func observedSides(x: SIMD4<Double>, y: SIMD4<Double>)
        -> [(k: Int, p: (x: Double, y: Double), q: (x: Double, y: Double), inX: Double, inY: Double)] {
        (0..<4).compactMap { k in
            let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
            guard !isOnFrameBorder(p, q) else { return nil }
            let dx = q.x - p.x, dy = q.y - p.y
            let length = (dx * dx + dy * dy).squareRoot()
            guard length >= 4 else { return nil }
            return (k, p, q, -dy / length, dx / length)
        }
    }

    /// Whether the side from `p` to `q` lies along the frame's border (unobserved), within
    /// `borderTolerance`.
    func isOnFrameBorder(_ p: (x: Double, y: Double), _ q: (x: Double, y: Double)) -> Bool {
        WorkingQuad.isOnFrameBorder(p, q, width: Double(planes.width), height: Double(planes.height),
                                    within: Self.borderTolerance)
    }
}
