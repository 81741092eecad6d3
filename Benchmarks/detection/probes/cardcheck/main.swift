// cardcheck IMG x0 y0 x1 y1 x2 y2 x3 y3: for a full-resolution quad (clockwise from the top-left),
// the ID-1 card test's estimated true proportions, its margin colourfulness, whether it matches,
// and each side's median colourfulness.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let a = CommandLine.arguments
let decoded = try ImageFile.read(path: a[1])
let v = a[2...9].map { Double($0)! }
let planes = ColorPlanes(image: decoded.image, longSide: DetectionOptions().workingLongSide)
let f = Double(planes.factor)
let x = SIMD4(v[0], v[2], v[4], v[6]) / f, y = SIMD4(v[1], v[3], v[5], v[7]) / f
let card = CardShape(planes: planes)
let quad = try Quad(corners: (0..<4).map { Point(x[$0], y[$0]) })
let r = card.estimator.estimate(quad.ordered(), imageSize: Size(width: Double(planes.width), height: Double(planes.height))).aspectRatio
print("ratio", max(r, 1 / r), "vs", CardShape.ratio, "colourfulness", card.marginColourfulness(x: x, y: y),
      "matches", card.matches(x: x, y: y))
var sides: [Float] = []
for k in 0..<4 {
    let p = (x: x[k], y: y[k]), q = (x: x[(k + 1) % 4], y: y[(k + 1) % 4])
    let length = ((q.x - p.x) * (q.x - p.x) + (q.y - p.y) * (q.y - p.y)).squareRoot()
    var values: [Float] = []
    planes.forEachMarginPixel(from: p, direction: ((q.x - p.x) / length, (q.y - p.y) / length), length: length) { j in
        let r = planes.red[j], g = planes.green[j], b = planes.blue[j]
        values.append(max(r, g, b) - min(r, g, b))
    }
    values.sort()
    sides.append(values.isEmpty ? 0 : values[values.count / 2])
}
print("sides", sides)
