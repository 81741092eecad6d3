// truthfeat TRUTH ROOT: every labelled outline (photos with a page), measured as the detector
// measures its hypotheses: the veto, the confidence alone and with a region that agrees exactly,
// and the PageEvidence features, one JSON line a photo; "lattice" is the lattice cue read in both
// halves (the feature stops after the first when it reads below the veto).
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
    let lines = stages.lines(maximumLines: options.maximumLines)
    let verifier = HypothesisVerifier(stages: stages, options: options)
    let q = WorkingQuad(x: SIMD4(truth.map(\.x)), y: SIMD4(truth.map(\.y)), confidence: 0)
    let evidence = PageEvidence(planes: planes, edges: edges, gradient: gradient, lines: lines, verifier: verifier,
                                cosTolerance: cosTolerance)
    var measurer = EvidenceMeasurer(evidence: evidence, lineOutline: nil, regionOutline: nil, threshold: 0)
    let m = measurer.measure([q])[0]
    var agreeing = EvidenceMeasurer(evidence: evidence, lineOutline: (x: q.x, y: q.y), regionOutline: (x: q.x, y: q.y), threshold: 0)
    let r = agreeing.measure([q])[0]
    let feats = m.features.map { String(format: "%.4f", $0) }.joined(separator: ",")
    let lattice = evidence.interiorLattice(x: q.x, y: q.y, settledBelow: 0)
    print("{\"image\":\"\(name)\",\"lattice\":\(lattice),\"veto\":\(ConfidenceModel.veto(m.features)),\"conf\":\(m.confidence),\"confRegion\":\(r.confidence),\"f\":[\(feats)]}")
}
