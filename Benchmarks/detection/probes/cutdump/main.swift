// cutdump IMG...: for each photo, four JSON lines, one per `variant` of its corners: the
// detector's before CutPageExtender ("none"), after it ("extended"), and completed with A4's long
// or short side forced across the cut ("long", "short"); `stage` says how many sides lie on the
// border (after `reachingBorder`, "+reached" when that moved one) and which way the print runs.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

var options = DetectionOptions()
options.extendsCutPages = false
let detector = try! DocumentDetector(options: options)
func json(_ path: String, _ variant: String, _ c: [Point]?, _ stage: String) {
    let corners = c.map { "[" + $0.map { "[\($0.x),\($0.y)]" }.joined(separator: ",") + "]" } ?? "null"
    print("{\"image\":\"\(path)\",\"variant\":\"\(variant)\",\"stage\":\"\(stage)\",\"corners\":\(corners)}")
}
for path in CommandLine.arguments.dropFirst() {
    guard let decoded = try? ImageFile.read(path: path), let d = detector.detect(in: decoded.image) else {
        for v in ["none", "extended", "long", "short"] { json(path, v, nil, "nodetect") }
        continue
    }
    let image = decoded.image
    let base = d.quad.corners
    let ext = CutPageExtender(aspectRatio: 1.41)
    let onBorder = ext.sidesOnBorder(of: base, in: image)
    let corners = onBorder.isEmpty ? ext.reachingBorder(base, in: image) ?? base : base
    let cut = ext.sidesOnBorder(of: corners, in: image)
    var stage = "cut\(cut.count)" + (onBorder.isEmpty && corners != base ? "+reached" : "")
    json(path, "none", base, stage)
    json(path, "extended", ext.extend(base, in: image), stage)
    guard cut.count == 1, let k = cut.first else {
        json(path, "long", base, stage); json(path, "short", base, stage); continue
    }
    let a = k, b = (k + 1) % 4, pa = (k + 3) % 4, pb = (k + 2) % 4
    let direction = ext.printRunsAlongCut(a: corners[a], b: corners[b], pa: corners[pa], pb: corners[pb], in: image)
    stage += direction.map { $0 ? "+along" : "+across" } ?? "+unclear"
    for (variant, ratio) in [("long", 1.41), ("short", 1 / 1.41)] {
        var result = corners
        let camera = PageCompletion(width: image.width, height: image.height)
        if let c = camera.complete(a: corners[a], b: corners[b], pa: corners[pa], pb: corners[pb],
                                   extent: { w, seen in max(w * ratio, seen * 1.02) }) {
            result[a] = c.a; result[b] = c.b
        } else { stage += "+noplane" }
        json(path, variant, result, stage)
    }
}
