// looktime IMG...: what each of the detector's looks costs on photos where the first finds no page
// (negatives): the mean over the photos of the median wall time (µs, 11 runs) of `detect`, with
// the looks switched off one after another: all; the first coarse look only; no coarse look; no
// last look either (`widerSearchVerified`, `secondLookThreeSided`); no second look either.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

func medianMicroseconds(_ work: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<11 {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1000)
    }
    return times.sorted()[5]
}

let all = DetectionOptions()
var firstCoarseOnly = all
firstCoarseOnly.secondCoarseLookLongSide = 0
var noCoarse = firstCoarseOnly
noCoarse.coarseLookLongSide = 0
var noLast = noCoarse
noLast.widerSearchVerified = 0
noLast.secondLookThreeSided = 0
var noSecond = noLast
noSecond.secondLookHypotheses = 0
let variants = [("all looks", all), ("first coarse look only", firstCoarseOnly), ("no coarse look", noCoarse),
                ("no last look", noLast), ("no second look", noSecond)]
let detectors = variants.map { try! DocumentDetector(options: $0.1) }
var totals = [Double](repeating: 0, count: variants.count)
let paths = CommandLine.arguments.dropFirst()
for path in paths {
    let image = try! ImageFile.read(path: path).image
    for (k, detector) in detectors.enumerated() {
        totals[k] += medianMicroseconds { _ = detector.detect(in: image) }
    }
}
for (k, variant) in variants.enumerated() {
    print(variant.0, String(format: "%.0f µs", totals[k] / Double(max(1, paths.count))))
}
