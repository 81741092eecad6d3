#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A straight line found in the working image, `x·cos θ + y·sin θ = ρ` (working pixel
/// coordinates, corner origin), with a profile of the edge evidence along it.
///
/// Points on the line are `ρ·n + t·d` with normal `n = (cos θ, sin θ)` and direction
/// `d = (−sin θ, cos θ)`. The profile stores, for every unit step of `t` across the frame, whether
/// an edge pixel lies within one pixel of the line with its gradient along `+n` or `−n`, as prefix
/// sums so that the support of any segment costs O(1).
struct DetectedLine {
    let theta: Double
    let rho: Double
    /// Edge pixels of the segments the line was grouped from (0 for a frame border).
    let votes: Int
    /// True for the four pseudo-lines along the frame's edges, which close pages cut by the
    /// frame: they carry no edge evidence, and a side on one counts as half backed (neither
    /// evidence for the page nor against it).
    private(set) var isFrameBorder = false
    let nx: Double, ny: Double
    /// First and last `t` inside the frame; the profile covers `tMin ..< tMin + count`.
    let tMin: Double
    let tMax: Double
    /// `positive[k]`: edge steps with gradient along +n among the first k steps; likewise `negative`.
    private var positive: [Int32]
    private var negative: [Int32]

    var dx: Double { -ny }
    var dy: Double { nx }

    init(theta: Double, rho: Double, votes: Int, edges: EdgeMap, gradient: GradientField, cosTolerance: Float) {
        self.theta = theta
        self.rho = rho
        self.votes = votes
        let nx = cos(theta), ny = sin(theta)
        self.nx = nx
        self.ny = ny
        let w = Double(edges.width), h = Double(edges.height)
        // Clip the line to the frame [0, w] × [0, h].
        var lo = -Double.infinity, hi = Double.infinity
        let px = rho * nx, py = rho * ny, ddx = -ny, ddy = nx
        for (p, d, limit) in [(px, ddx, w), (py, ddy, h)] {
            if abs(d) < 1e-12 {
                if p < 0 || p > limit { lo = 1; hi = 0 }
            } else {
                let a = (0 - p) / d, b = (limit - p) / d
                lo = max(lo, min(a, b))
                hi = min(hi, max(a, b))
            }
        }
        if !(lo < hi) { lo = 0; hi = 0 }
        tMin = lo
        tMax = hi
        let steps = max(0, Int(hi - lo))
        var pos = [Int32](repeating: 0, count: steps + 1)
        var neg = [Int32](repeating: 0, count: steps + 1)
        let width = edges.width, height = edges.height
        let fnx = Float(nx), fny = Float(ny)
        edges.isEdge.withUnsafeBufferPointer { e in
            gradient.gx.withUnsafeBufferPointer { gxp in
                gradient.gy.withUnsafeBufferPointer { gyp in
                    gradient.magnitude.withUnsafeBufferPointer { mp in
                        var cp: Int32 = 0, cn: Int32 = 0
                        for k in 0..<steps {
                            let t = lo + Double(k) + 0.5
                            let qx = px + t * ddx, qy = py + t * ddy
                            var hitP = false, hitN = false
                            for o in -1...1 {
                                // Shifted by one before truncating so that −1 < q < 0 floors to −1.
                                let x = Int(qx + Double(o) * nx + 1) - 1
                                let y = Int(qy + Double(o) * ny + 1) - 1
                                if x < 0 || y < 0 || x >= width || y >= height { continue }
                                let i = y * width + x
                                if e[i] == 0 { continue }
                                let dot = gxp[i] * fnx + gyp[i] * fny
                                if dot >= cosTolerance * mp[i] { hitP = true } else if -dot >= cosTolerance * mp[i] { hitN = true }
                            }
                            if hitP { cp += 1 }
                            if hitN { cn += 1 }
                            pos[k + 1] = cp
                            neg[k + 1] = cn
                        }
                    }
                }
            }
        }
        positive = pos
        negative = neg
    }

    /// The pseudo-line along one edge of a `width × height` frame: 0 left, 1 top, 2 right, 3 bottom.
    static func frameBorder(_ side: Int, width: Int, height: Int, edges: EdgeMap, gradient: GradientField) -> DetectedLine {
        let (theta, rho): (Double, Double) = switch side {
        case 0: (0, 0)
        case 1: (.pi / 2, 0)
        case 2: (0, Double(width))
        default: (.pi / 2, Double(height))
        }
        var line = DetectedLine(theta: theta, rho: rho, votes: 0, edges: edges, gradient: gradient, cosTolerance: 2)
        line.isFrameBorder = true
        return line
    }

    /// The parameter `t` of a point (its position along the line).
    func parameter(x: Double, y: Double) -> Double { x * -ny + y * nx }

    /// Edge support between parameters `a` and `b`: steps backed by gradients along +n and along
    /// −n, and the length of the segment that lies inside the frame.
    func support(from a: Double, to b: Double) -> (positive: Int, negative: Int, inside: Double) {
        let s = max(min(a, b), tMin), e = min(max(a, b), tMax)
        if !(s < e) { return (0, 0, 0) }
        if isFrameBorder { return (Int((e - s) / 2), 0, e - s) }
        let count = positive.count - 1
        let i0 = max(0, min(count, Int(s - tMin))), i1 = max(0, min(count, Int(e - tMin)))
        return (Int(positive[i1] - positive[i0]), Int(negative[i1] - negative[i0]), e - s)
    }

    /// Length of the best-backed stretch of the line: the maximum over intervals of
    /// (backed steps − unbacked steps) for either polarity, so scattered texture pixels along a
    /// long line score low while one clean page border scores its length.
    var bestSegmentScore: Int {
        var best = 0
        for profile in [positive, negative] {
            var run = 0
            for k in 1..<max(1, profile.count) {
                run += profile[k] > profile[k - 1] ? 1 : -1
                if run < 0 { run = 0 }
                best = max(best, run)
            }
        }
        return best
    }

    /// The intersection with another line, or nil when they are (nearly) parallel.
    func intersection(with other: DetectedLine) -> (x: Double, y: Double)? {
        let det = nx * other.ny - ny * other.nx
        if abs(det) < 1e-9 { return nil }
        return ((rho * other.ny - ny * other.rho) / det, (nx * other.rho - rho * other.nx) / det)
    }
}
