// tiptime: reads lines "IMG x0 y0 x1 y1 x2 y2 x3 y3" (full-resolution corners, as `flatbed detect
// --json` gives them) on stdin and prints the mean over the photos of the median time (µs, 11
// runs) of `CornerTips` on those corners, beside the `EdgeRefiner` pass the detector runs before it.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let options = DetectionOptions()
func median(_ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<11 {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    return times.sorted()[5]
}
var tips = 0.0, refine = 0.0, photos = 0
while let line = readLine() {
    let fields = line.split(separator: " ").map(String.init)
    guard fields.count == 9, let image = try? ImageFile.read(path: fields[0]).image else { continue }
    let v = fields[1...8].compactMap(Double.init)
    guard v.count == 8 else { continue }
    let corners = (0..<4).map { Point(v[2 * $0], v[2 * $0 + 1]) }
    let factor = Double(ColorPlanes.factor(longSide: max(image.width, image.height), target: options.workingLongSide))
    let refiner = EdgeRefiner(band: factor + options.refinementBand, spacing: max(4, 2 * factor))
    tips += median { _ = CornerTips().tips(corners, in: image) }
    refine += median { _ = refiner.refine(corners, in: image) }
    photos += 1
}
print("photos", photos, "CornerTips µs", (tips / Double(max(1, photos))).rounded(), "EdgeRefiner µs", (refine / Double(max(1, photos))).rounded())
