// linedump IMG [N]: the working scale factor and size, then the first N lines the detector finds
// (default `maximumLines`), one a line: θ, ρ (working pixels), votes, best segment score, frame border.
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

let options = DetectionOptions()
let path = CommandLine.arguments[1]
let maxLines = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2])! : options.maximumLines
let decoded = try! ImageFile.read(path: path)
var planes = ColorPlanes(image: decoded.image, longSide: options.workingLongSide)
planes.smooth(passes: options.smoothingPasses)
let gradient = GradientField(planes: planes)
let edges = EdgeMap(gradient: gradient, minimumContrast: options.minimumEdgeContrast,
                    noiseMultiple: options.noiseMultiple, lowRatio: options.hysteresisRatio)
let cosTolerance = Float(cos(options.directionToleranceDegrees * .pi / 180))
let minimumSide = (options.minimumAreaFraction * Double(planes.width * planes.height)).squareRoot() * 0.5
let segmentFinder = SegmentDetector(angleTolerance: 22.5 * .pi / 180, minimumLength: options.minimumSegmentLength,
                                    maximumWidth: options.maximumSegmentWidth, maximumBend: options.maximumSegmentBend)
let segments = segmentFinder.segments(edges: edges, gradient: gradient)
let grouper = LineGrouper(angleTolerance: 3 * .pi / 180, distanceTolerance: 1.5)
let lines = grouper.lines(from: segments, edges: edges, gradient: gradient, cosTolerance: cosTolerance,
                          minimumSupport: max(8, Int(minimumSide * 0.5)), maximumLines: maxLines)
print(planes.factor, planes.width, planes.height)
for l in lines { print(l.theta, l.rho, l.votes, l.bestSegmentScore, l.isFrameBorder) }
