// Feature dump for fit_confidence.py. Not a target of Package.swift (it needs
// `@testable import ScanDetect`): Benchmarks/detection/probes.sh builds it with the other probes;
// then run `featdump LIST > features.jsonl` (LIST: one image path a line).
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

// usage: featdump LIST -> per image: JSON with top hypotheses (full-res corners) and features
let list = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8).split(separator: "\n").map(String.init)
// Threshold 0: every hypothesis gets every feature (the detector measures the lattice cue only
// above its confidence threshold, where it can still change the decision).
var options = DetectionOptions()
options.confidenceThreshold = 0
let detector = try! DocumentDetector(options: options)
for path in list where !path.isEmpty {
    guard let decoded = try? ImageFile.read(path: path) else { continue }
    let (quads, factor) = detector.workingHypotheses(in: decoded.image)
    let items = quads.prefix(6).filter { !$0.features.isEmpty }.map { q in
        let c = (0..<4).map { "[\(q.x[$0] * factor),\(q.y[$0] * factor)]" }.joined(separator: ",")
        return "{\"c\":[\(c)],\"conf\":\(q.confidence),\"f\":[\(q.features.map { String($0) }.joined(separator: ","))]}"
    }
    print("{\"image\":\"\(path)\",\"hyps\":[\(items.joined(separator: ","))]}")
}
