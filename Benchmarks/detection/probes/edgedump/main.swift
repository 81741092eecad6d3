// edgedump IMG OUT.pgm [CONTRAST NOISE]: the working edge map (white: edge) beside the gradient
// magnitude (scaled to a quarter of its maximum), optionally at other `minimumEdgeContrast` and
// `noiseMultiple`; prints the working size and scale factor.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

var options = DetectionOptions()
let args = CommandLine.arguments
if args.count > 4 { options.minimumEdgeContrast = Double(args[3])!; options.noiseMultiple = Double(args[4])! }
let decoded = try! ImageFile.read(path: args[1])
var planes = ColorPlanes(image: decoded.image, longSide: options.workingLongSide)
planes.smooth(passes: options.smoothingPasses)
let gradient = GradientField(planes: planes)
let edges = EdgeMap(gradient: gradient, minimumContrast: options.minimumEdgeContrast,
                    noiseMultiple: options.noiseMultiple, lowRatio: options.hysteresisRatio)
let w = planes.width, h = planes.height
var bytes = Array("P5\n\(2 * w) \(h)\n255\n".utf8)
let maxMag = gradient.magnitude.max() ?? 1
for y in 0..<h {
    for x in 0..<w { bytes.append(edges.isEdge[y * w + x] != 0 ? 255 : 0) }
    for x in 0..<w { bytes.append(UInt8(min(255, 255 * 4 * gradient.magnitude[y * w + x] / maxMag))) }
}
guard FileManager.default.createFile(atPath: args[2], contents: Data(bytes)) else {
    FileHandle.standardError.write(Data("edgedump: could not write \(args[2]); check that its folder exists and is writable\n".utf8))
    exit(1)
}
print(w, h, planes.factor)
