// pdetect [KEY=VALUE...] IMG...: `flatbed detect --json` lines with options changed, for trying a
// setting on a whole set (detect_ms includes nothing but detection). Keys: long (workingLongSide),
// passes (smoothingPasses), contrast, noise, lines (maximumLines), slines (secondLookLines),
// thr (confidenceThreshold), verified (verifiedHypotheses), reranked (rerankedHypotheses),
// second (secondLookHypotheses), sverified (secondLookVerified), three (secondLookThreeSided),
// threearea (threeSidedMinimumArea), elong (maximumElongation), tint (tintAgreementOverlap),
// blank (blankOutlineFactor), wverified (widerSearchVerified), wmeasured (widerSearchMeasured),
// outside (cornerOutsideTolerance), coarse (coarseLookLongSide), coarse2 (secondCoarseLookLongSide),
// refine, tips, extend, print and widen (refinesCorners, findsCornerTips, extendsCutPages, extendsOverPrint,
// widensToSheet: 0 or 1).
import Foundation
import ScanCore
import ScanCodecs
@testable import ScanDetect

var options = DetectionOptions()
var paths: [String] = []
for a in CommandLine.arguments.dropFirst() {
    let kv = a.split(separator: "=", maxSplits: 1).map(String.init)
    if kv.count == 2 && !a.hasPrefix("/") {
        let v = Double(kv[1])!
        switch kv[0] {
        case "long": options.workingLongSide = Int(v)
        case "passes": options.smoothingPasses = Int(v)
        case "contrast": options.minimumEdgeContrast = v
        case "noise": options.noiseMultiple = v
        case "lines": options.maximumLines = Int(v)
        case "slines": options.secondLookLines = Int(v)
        case "thr": options.confidenceThreshold = v
        case "elong": options.maximumElongation = v
        case "verified": options.verifiedHypotheses = Int(v)
        case "reranked": options.rerankedHypotheses = Int(v)
        case "second": options.secondLookHypotheses = Int(v)
        case "below": options.secondLookBelow = v
        case "sverified": options.secondLookVerified = Int(v)
        case "three": options.secondLookThreeSided = Int(v)
        case "threearea": options.threeSidedMinimumArea = v
        case "tint": options.tintAgreementOverlap = v
        case "blank": options.blankOutlineFactor = v
        case "wverified": options.widerSearchVerified = Int(v)
        case "wmeasured": options.widerSearchMeasured = Int(v)
        case "outside": options.cornerOutsideTolerance = v
        case "coarse": options.coarseLookLongSide = Int(v)
        case "coarse2": options.secondCoarseLookLongSide = Int(v)
        case "refine": options.refinesCorners = v != 0
        case "tips": options.findsCornerTips = v != 0
        case "extend": options.extendsCutPages = v != 0
        case "print": options.extendsOverPrint = v != 0
        case "widen": options.widensToSheet = v != 0
        default: fatalError("unknown key \(kv[0])")
        }
    } else { paths.append(a) }
}
let detector = try! DocumentDetector(options: options)
for path in paths {
    guard let decoded = try? ImageFile.read(path: path) else { print("{\"image\":\"\(path)\",\"corners\":null}"); continue }
    let t0 = DispatchTime.now().uptimeNanoseconds
    let d = detector.detect(in: decoded.image)
    let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
    if let d {
        let c = d.quad.corners.map { "[\($0.x),\($0.y)]" }.joined(separator: ",")
        print("{\"image\":\"\(path)\",\"corners\":[\(c)],\"confidence\":\(d.confidence),\"detect_ms\":\(ms)}")
    } else {
        print("{\"image\":\"\(path)\",\"corners\":null,\"detect_ms\":\(ms)}")
    }
}
