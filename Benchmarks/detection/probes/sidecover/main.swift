// sidecover TRUTH ROOT: for each labelled side inside the frame, the rank of the first detected
// line (of 300) matching it (offset ≤ 1.5 working px at both ends), and the side's edge steps
// by polarity.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let a = CommandLine.arguments
let data = try Data(contentsOf: URL(fileURLWithPath: a[1]))
let truthList = try JSONSerialization.jsonObject(with: data) as! [[String: Any]]
let options = DetectionOptions()
for t in truthList {
    guard let corners = t["corners"] as? [[Double]], let name = t["image"] as? String else { continue }
    guard let decoded = try? ImageFile.read(path: a[2] + "/" + name) else { continue }
    let stages = LineStages(image: decoded.image, options: options)
    let (planes, gradient, edges, cosTolerance) = (stages.planes, stages.gradient, stages.edges, stages.cosTolerance)
    let f = Double(planes.factor)
    let truth = corners.map { Point($0[0] / f, $0[1] / f) }
    let lines = stages.lines(maximumLines: 300)
    let W = Double(planes.width), H = Double(planes.height)
    var out: [String] = []
    for k in 0..<4 {
        var p = truth[k], q = truth[(k + 1) % 4]
        // Clip the side to the frame (shrunk by 2 px); skip sides mostly outside.
        let len = hypot(q.x - p.x, q.y - p.y)
        var lo = 0.0, hi = 1.0
        for (s, d, lim) in [(p.x, q.x - p.x, W), (p.y, q.y - p.y, H)] {
            if abs(d) < 1e-9 { if s < 2 || s > lim - 2 { lo = 1; hi = 0 }; continue }
            let u = (2 - s) / d, v = (lim - 2 - s) / d
            lo = max(lo, min(u, v)); hi = min(hi, max(u, v))
        }
        if hi - lo < 0.3 || (hi - lo) * len < 20 { continue }
        let p0 = Point(p.x + (q.x - p.x) * lo, p.y + (q.y - p.y) * lo)
        let q0 = Point(p.x + (q.x - p.x) * hi, p.y + (q.y - p.y) * hi)
        p = p0; q = q0
        var rank = -1
        for (i, l) in lines.enumerated() where !l.isFrameBorder {
            let d0 = abs(p.x * l.nx + p.y * l.ny - l.rho), d1 = abs(q.x * l.nx + q.y * l.ny - l.rho)
            if max(d0, d1) <= 1.5 { rank = i; break }
        }
        // Polarity profile along the true side: steps with + / − / both / none.
        let nx = -(q.y - p.y) / hypot(q.x - p.x, q.y - p.y), ny = (q.x - p.x) / hypot(q.x - p.x, q.y - p.y)
        let theta = atan2(ny, nx), rho = p.x * nx + p.y * ny
        let tl = DetectedLine(theta: theta, rho: rho, votes: 0, edges: edges, gradient: gradient, cosTolerance: cosTolerance)
        let s = tl.support(from: tl.parameter(x: p.x, y: p.y), to: tl.parameter(x: q.x, y: q.y))
        out.append("{\"side\":\(k),\"rank\":\(rank),\"len\":\(Int(s.inside)),\"pos\":\(s.positive),\"neg\":\(s.negative),\"best\":\(tl.bestSegmentScore)}")
    }
    print("{\"image\":\"\(name)\",\"sides\":[\(out.joined(separator: ","))]}")
}
