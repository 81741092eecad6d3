import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Quality report")
struct QualityAnalyzerTests {
    static let sharp = BlockTextPage(width: 500, height: 640, seed: 31).render()

    /// A 5×5 box blur repeated: a defocused photo.
    static func blurred(_ image: Image<RGB8>, passes: Int) -> Image<RGB8> {
        var current = image
        for _ in 0..<passes {
            let w = current.width, h = current.height, src = current.bytes
            current = Image<RGB8>(width: w, height: h) { (out: UnsafeMutableBufferPointer<UInt8>) in
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<3 {
                            var sum = 0, n = 0
                            for yy in max(0, y - 2)...min(h - 1, y + 2) { for xx in max(0, x - 2)...min(w - 1, x + 2) { sum += Int(src[(yy * w + xx) * 3 + c]); n += 1 } }
                            out[(y * w + x) * 3 + c] = UInt8(sum / n)
                        }
                    }
                }
            }
        }
        return current
    }

    @Test("a crisp page is sharp and raises no warning; a defocused one is blurry")
    func sharpness() {
        let crisp = QualityAnalyzer().analyze(Self.sharp)
        #expect(crisp.sharpness >= 0.5)
        #expect(crisp.warnings.isEmpty)
        let soft = QualityAnalyzer().analyze(Self.blurred(Self.sharp, passes: 2))
        #expect(soft.sharpness < 0.3)
        #expect(soft.warnings == [.blurry])
    }

    @Test("a page with no edge at all is blank, not blurry", arguments: [UInt8(0), 128, 255])
    func blank(level: UInt8) {
        let empty = Image<RGB8>(width: 400, height: 500, repeating: RGB8(level, level, level))
        let report = QualityAnalyzer().analyze(empty)
        #expect(report.warnings == [.blank])
        #expect(report.sharpness == 0)
    }

    @Test("a blown-out reflection on gray paper is glare; bright white paper is not")
    func glare() {
        var photo = BlockTextPage(width: 500, height: 640, seed: 32).render(paper: RGB8(200, 200, 195))
        for y in 100..<200 { for x in 100..<300 { photo[x, y] = RGB8(255, 255, 255) } }
        let report = QualityAnalyzer().analyze(photo)
        #expect(abs(report.glare - 20_000.0 / 320_000.0) < 0.02)
        #expect(report.warnings.contains(.glare))
        #expect(QualityAnalyzer().analyze(Self.sharp).glare == 0)
    }

    @Test("the caller's coverage and resolution are reported and checked against the thresholds")
    func capture() {
        let poor = QualityAnalyzer().analyze(Self.sharp, capture: CaptureInfo(coverage: 0.1, effectiveDPI: 96))
        #expect(poor.coverage == 0.1 && poor.effectiveDPI == 96)
        #expect(poor.warnings == [.lowResolution, .smallInPhoto])
        let good = QualityAnalyzer().analyze(Self.sharp, capture: CaptureInfo(coverage: 0.5, effectiveDPI: 240))
        #expect(good.warnings.isEmpty)
        #expect(QualityWarning.lowResolution.description.hasPrefix("low resolution"))
    }
}
