import FuzzSupport
import ScanCore
import ScanDetect

// The document detector on arbitrary pixels. The first bytes pick a size (8…160 a side, so both
// sides of the 32-pixel minimum are reached) and a way to fill it — raw RGB, gray, two colours
// from a bit mask, or a coarse grid scaled up (large flat regions with straight borders, which
// is what reaches the line and quad stages); the rest are the pixels. Checks: every corner and
// confidence finite, confidence in 0…1, corners in contract order, each call under a second.

let detector = DocumentDetector()

/// Longest a single detection may take, in seconds.
let timeLimit = 1.0

func image(from reader: inout FuzzReader) -> Image<RGB8> {
    let width = reader.int(in: 8...160), height = reader.int(in: 8...160)
    let layout = reader.byte() % 4
    var pixels = reader.rest()
    if pixels.isEmpty { pixels = [0] }
    var values: [RGB8] = []
    values.reserveCapacity(width * height)
    switch layout {
    case 0:  // raw RGB, the bytes repeated
        for index in 0..<width * height {
            let base = 3 * index
            values.append(RGB8(pixels[base % pixels.count], pixels[(base + 1) % pixels.count],
                               pixels[(base + 2) % pixels.count]))
        }
    case 1:  // gray
        for index in 0..<width * height {
            let value = pixels[index % pixels.count]
            values.append(RGB8(value, value, value))
        }
    case 2:  // two colours chosen by the bits
        let dark = RGB8(pixels[0] / 4, pixels[0] / 4, pixels[0] / 4)
        let light = RGB8(255 - pixels[0] / 8, 250, 240)
        for index in 0..<width * height {
            let bit = pixels[(index / 8) % pixels.count] >> UInt8(index % 8) & 1
            values.append(bit == 1 ? light : dark)
        }
    default:  // a coarse grid of gray levels, scaled up
        let cells = max(2, Int(pixels[0] % 8) + 2)
        for y in 0..<height {
            for x in 0..<width {
                let cell = (y * cells / height) * cells + x * cells / width
                let value = pixels[(1 + cell) % pixels.count]
                values.append(RGB8(value, value, value &+ 10))
            }
        }
    }
    return Image(width: width, height: height, pixels: values)
}

func checkQuad(_ quad: Quad, confidence: Double, what: String) {
    fuzzCheck(quad.corners.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(what) has a non-finite corner: \(quad)")
    fuzzCheck(confidence.isFinite && (0...1).contains(confidence), "\(what) confidence \(confidence) outside 0…1")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var reader = FuzzReader(start, count)
    let picture = image(from: &reader)
    let began = fuzzSeconds()
    let detection = detector.detect(in: picture)
    let elapsed = fuzzSeconds() - began
    fuzzCheck(elapsed < timeLimit, "detection took \(elapsed) s on \(picture.width)×\(picture.height)")
    guard let detection else { return 0 }
    checkQuad(detection.quad, confidence: detection.confidence, what: "the detection")
    fuzzCheck(detection.quad.ordered() == detection.quad, "corners not in contract order: \(detection.quad)")
    fuzzCheck(detection.confidence >= detector.options.confidenceThreshold, "returned a detection below the threshold")
    for hypothesis in detection.rejected {
        checkQuad(hypothesis.quad, confidence: hypothesis.confidence, what: "a rejected hypothesis")
    }
    return 0
}

/// SwiftPM's entry point: libFuzzer's driver, calling `fuzz` for each input.
@main
enum Harness {
    static func main() { fuzzDriverMain(fuzz) }
}
