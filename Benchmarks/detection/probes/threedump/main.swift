// threedump IMG...: the second look's three-sided outlines (`ThreeSidedSearch`) per photo, best
// first: full-resolution corners, each side's backed share and overshoot (side 1 is the closed
// one), the verifier's confidence, and the gate's confidence and features when measured.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let options = DetectionOptions()
for path in CommandLine.arguments.dropFirst() {
    guard let decoded = try? ImageFile.read(path: path) else { continue }
    let stages = LineStages(image: decoded.image, options: options)
    let planes = stages.planes, f = Double(planes.factor)
    let lines = stages.lines(maximumLines: options.maximumLines)
    let search = QuadSearch(width: planes.width, height: planes.height, options: options)
    let open = ThreeSidedSearch(search: search, minimumAreaFraction: options.threeSidedMinimumArea).hypotheses(lines: lines, stages: stages, count: options.secondLookThreeSided)
    let verifier = HypothesisVerifier(stages: stages, options: options)
    var measurer = EvidenceMeasurer(
        evidence: PageEvidence(planes: planes, edges: stages.edges, gradient: stages.gradient, lines: lines,
                               verifier: verifier, cosTolerance: stages.cosTolerance),
        lineOutline: nil, regionOutline: nil, threshold: options.confidenceThreshold)
    print("== \(path)")
    for quad in verifier.verify(open.quads, lines: open.lines) {
        let measured = measurer.measure([WorkingQuad(x: quad.x, y: quad.y, confidence: quad.confidence)])[0]
        let c = (0..<4).map { "(\(Int(quad.x[$0] * f)),\(Int(quad.y[$0] * f)))" }.joined(separator: " ")
        let sides = (0..<4).map { k in
            String(format: "%@%.2f/%.2f", Int(quad.lines[k]) >= lines.count ? "*" : "",
                   quad.supported[k] / max(1, quad.insideLength[k]), quad.overshoot[k])
        }.joined(separator: " ")
        let feats = measured.features.map { String(format: "%.2f", $0) }.joined(separator: " ")
        print(String(format: "v%.2f g%.2f", quad.confidence, measured.confidence), c, "|", sides, "|", feats)
    }
}
