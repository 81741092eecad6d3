// rankdump IMG x0 y0 x1 y1 x2 y2 x3 y3 [LINES]: where the true outline (full-resolution corners)
// stands at each stage of the line search: the detected lines nearest each true side, the rank of
// the first search hypothesis within IoU 0.9 of the truth (of 2000), its rank after verification,
// and the gate's confidence in the true outline itself, with no region to agree with it and with a
// region that agrees exactly (what the gate would make of a perfect search), split into the gate
// model's probability and the veto of the necessary conditions, and its features. A page cut by the
// frame is looked for as the search can find it: its part inside the frame, closed by the border,
// cut down to four corners where the frame leaves it five or six (the share of its area kept is
// printed).
// Environment: NOISE and CONTRAST replace noiseMultiple and minimumEdgeContrast.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let a = CommandLine.arguments
let decoded = try ImageFile.read(path: a[1])
let v = a[2...9].map { Double($0)! }
let maximumLines = a.count > 10 ? Int(a[10])! : DetectionOptions().maximumLines
var options = DetectionOptions()
if let v = ProcessInfo.processInfo.environment["NOISE"].flatMap(Double.init) { options.noiseMultiple = v }
if let v = ProcessInfo.processInfo.environment["CONTRAST"].flatMap(Double.init) { options.minimumEdgeContrast = v }
let stages = LineStages(image: decoded.image, options: options)
let (planes, gradient, edges, cosTolerance) = (stages.planes, stages.gradient, stages.edges, stages.cosTolerance)
let f = Double(planes.factor)
let labelled = (0..<4).map { Point(v[2 * $0] / f, v[2 * $0 + 1] / f) }

/// The part of `corners` inside a `width × height` frame, without repeated or collinear vertices;
/// nil when every corner lies in the frame.
func visiblePart(of corners: [Point], width: Double, height: Double) -> [Point]? {
    guard corners.contains(where: { $0.x < 0 || $0.y < 0 || $0.x > width || $0.y > height }) else { return nil }
    let frame = [Point(0, 0), Point(width, 0), Point(width, height), Point(0, height)]
    var part: [Point] = []
    for p in Polygon.intersection(corners, convexClip: frame) where part.last.map({ $0.distance(to: p) > 0.5 }) ?? true {
        part.append(p)
    }
    if part.count > 1, part[0].distance(to: part[part.count - 1]) <= 0.5 { part.removeLast() }
    // A vertex where the outline runs straight on (a side meeting the border along it) is none.
    return part.indices.filter { i in
        let p = part[(i + part.count - 1) % part.count], q = part[i], r = part[(i + 1) % part.count]
        let u = q - p, w = r - q
        return abs(u.x * w.y - u.y * w.x) > 1e-6 * max(1, u.length * w.length)
    }.map { part[$0] }
}

/// `polygon` cut down to four corners, dropping each time the corner whose triangle with its
/// neighbours is smallest (the least area lost). Where the frame cuts a small corner off a page,
/// that leaves nearly the quad the search can find: the page's long sides and the border.
func quad(of polygon: [Point]) -> [Point] {
    var corners = polygon
    while corners.count > 4 {
        let n = corners.count
        let smallest = (0..<n).min { i, j in
            let area = { (k: Int) in Polygon.area([corners[(k + n - 1) % n], corners[k], corners[(k + 1) % n]]) }
            return area(i) < area(j)
        }!
        corners.remove(at: smallest)
    }
    return corners
}

let visible = visiblePart(of: labelled, width: Double(planes.width), height: Double(planes.height))
let visibleQuad = visible.map(quad)
if let visible, let visibleQuad {
    print("cut by the frame: its visible part has", visible.count, "corners; looked for as a quad holding",
          String(format: "%.1f %%", 100 * Polygon.area(visibleQuad) / Polygon.area(visible)), "of it")
}
let truth = visibleQuad ?? labelled
let lines = stages.lines(maximumLines: maximumLines)
print("lines", lines.count)
for k in 0..<4 {
    let p = truth[k], q = truth[(k + 1) % 4]
    let mx = (p.x + q.x) / 2, my = (p.y + q.y) / 2
    let angle = atan2(q.y - p.y, q.x - p.x)
    var best: (Int, Double, Double) = (-1, .infinity, 0)
    for (i, l) in lines.enumerated() {
        let d = abs(mx * l.nx + my * l.ny - l.rho)
        let turn = abs(sin(atan2(l.dy, l.dx) - angle))
        if turn < 0.1, d < best.1 { best = (i, d, turn) }
    }
    print("side", k, "nearest line", best.0, String(format: "offset %.1f", best.1))
}
let search = QuadSearch(width: planes.width, height: planes.height, options: options)
let candidates = search.hypotheses(lines: lines, count: 2000)
func iou(_ q: ScoredQuad) -> Double {
    Polygon.intersectionOverUnion((0..<4).map { Point(q.x[$0], q.y[$0]) }, truth)
}
let searchRank = candidates.firstIndex { iou($0) >= 0.9 }
print("candidates", candidates.count, "first IoU≥0.9 at search rank", searchRank.map(String.init) ?? "none",
      "best IoU", String(format: "%.3f", candidates.map(iou).max() ?? 0))
let verifier = HypothesisVerifier(stages: stages, options: options)
let verified = verifier.verify(Array(candidates.prefix(max(options.verifiedHypotheses, (searchRank ?? 0) + 1))), lines: lines)
    .sorted { max(0, $0.score) * $0.confidence > max(0, $1.score) * $1.confidence }
if let r = verified.firstIndex(where: { iou($0) >= 0.9 }) {
    let q = verified[r]
    print("after verification rank", r, String(format: "score %.1f conf %.3f support %.2f step %.2f paper %.2f", q.score, q.confidence, q.support, q.step, q.paper))
    let top = verified[0]
    print(String(format: "top: score %.1f conf %.3f IoU %.2f", top.score, top.confidence, iou(top)))
}
// The labelled outline itself, measured, its agreement feature read against no region and
// against the outline itself.
let truthQuad = WorkingQuad(x: SIMD4(truth.map(\.x)), y: SIMD4(truth.map(\.y)), confidence: 0)
let evidence = PageEvidence(planes: planes, edges: edges, gradient: gradient, lines: lines, verifier: verifier,
                            cosTolerance: cosTolerance)
for other in [nil, (x: truthQuad.x, y: truthQuad.y)] {
    var measurer = EvidenceMeasurer(evidence: evidence, lineOutline: other, regionOutline: other,
                                    threshold: options.confidenceThreshold)
    let m = measurer.measure([truthQuad])[0]
    print(String(format: "truth measured (%@): confidence %.3f gate %.3f veto %.3f", other == nil ? "no region" : "region agrees",
                 m.confidence, ConfidenceModel.gate.probability(ConfidenceModel.gateInputs(m.features)),
                 ConfidenceModel.veto(m.features)))
    print("  features", m.features.map { String(format: "%.3f", $0) }.joined(separator: " "))
}
