// hypdump IMG...: the pipeline's top eight hypotheses per photo, best first: confidence, rank
// score, line (L) or region (R), full-resolution corners, and the `PageEvidence` features of those
// measured.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let detector = DocumentDetector()
for path in CommandLine.arguments.dropFirst() {
    guard let decoded = try? ImageFile.read(path: path) else { continue }
    let (quads, factor) = detector.workingHypotheses(in: decoded.image)
    print("== \(path) (working scale 1/\(Int(factor)))")
    for q in quads.prefix(8) {
        let c = (0..<4).map { "(\(Int(q.x[$0] * factor)),\(Int(q.y[$0] * factor)))" }.joined(separator: " ")
        let f = q.features.map { String(format: "%.2f", $0) }.joined(separator: " ")
        print(String(format: "%.3f %.3f", q.confidence, q.rankScore), q.isRegion ? "R" : "L", c, "|", f)
    }
}
