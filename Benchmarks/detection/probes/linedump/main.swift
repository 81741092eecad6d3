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
let stages = LineStages(image: decoded.image, options: options)
let planes = stages.planes
let lines = stages.lines(maximumLines: maxLines)
print(planes.factor, planes.width, planes.height)
for l in lines { print(l.theta, l.rho, l.votes, l.bestSegmentScore, l.isFrameBorder) }
