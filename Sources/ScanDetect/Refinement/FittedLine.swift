#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore

/// A line `n · p = c` with unit normal `n`, fitted to points.
struct FittedLine {
    var nx: Double
    var ny: Double
    var c: Double

    /// The line through two distinct points.
    init(through a: Point, and b: Point) {
        let d = b - a, l = max(d.length, 1e-12)
        nx = -d.y / l
        ny = d.x / l
        c = nx * a.x + ny * a.y
    }

    init(nx: Double, ny: Double, c: Double) {
        self.nx = nx
        self.ny = ny
        self.c = c
    }

    /// Signed distance of a point from the line.
    func distance(_ p: Point) -> Double { nx * p.x + ny * p.y - c }

    /// Crossing point with another line; nil when parallel.
    func intersection(with o: FittedLine) -> Point? {
        let det = nx * o.ny - ny * o.nx
        if abs(det) < 1e-12 { return nil }
        return Point((c * o.ny - ny * o.c) / det, (nx * o.c - c * o.nx) / det)
    }

    /// Weighted total-least-squares line; nil when the weights vanish.
    static func fit(_ points: [Point], weights: [Double]) -> FittedLine? {
        var sw = 0.0, sx = 0.0, sy = 0.0
        for (p, w) in zip(points, weights) { sw += w; sx += w * p.x; sy += w * p.y }
        guard sw > 1e-9 else { return nil }
        let mx = sx / sw, my = sy / sw
        var cxx = 0.0, cyy = 0.0, cxy = 0.0
        for (p, w) in zip(points, weights) {
            let dx = p.x - mx, dy = p.y - my
            cxx += w * dx * dx; cyy += w * dy * dy; cxy += w * dx * dy
        }
        let angle = 0.5 * atan2(2 * cxy, cxx - cyy)
        let nx = -sin(angle), ny = cos(angle)
        return FittedLine(nx: nx, ny: ny, c: nx * mx + ny * my)
    }

    /// Iteratively reweighted fit with Tukey's biweight, so points on a finger, a fold or a
    /// neighbouring edge stop pulling the line after the first pass.
    static func robustFit(_ points: [Point], iterations: Int = 6) -> FittedLine? {
        var weights = [Double](repeating: 1, count: points.count)
        guard var line = fit(points, weights: weights) else { return nil }
        for _ in 0..<iterations {
            let residuals = points.map { abs(line.distance($0)) }
            // The median by selection rather than a whole sort: the same value.
            var ordered = residuals
            ordered.select(ordered.count / 2)
            let mad = ordered[ordered.count / 2]
            // 4.685 σ with σ ≈ 1.4826 MAD; never tighter than a pixel so clean edges keep every point.
            let cutoff = max(1.0, 4.685 * 1.4826 * mad)
            for i in 0..<points.count {
                let r = residuals[i] / cutoff
                weights[i] = r < 1 ? (1 - r * r) * (1 - r * r) : 0
            }
            guard let next = fit(points, weights: weights) else { break }
            line = next
        }
        return line
    }
}
