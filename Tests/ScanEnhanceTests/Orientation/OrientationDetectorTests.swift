import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Orientation and skew")
struct OrientationDetectorTests {
    static let text = BlockTextPage(width: 520, height: 700, seed: 21)

    /// The page tilted clockwise by `tilt` and then turned clockwise by `turn`.
    static func photographed(turn: Int, tilt: Double) -> Image<Gray8> {
        text.render(tiltDegrees: tilt).grayscale().rotated(quarterTurnsDegrees: turn)
    }

    @Test("finds the quarter turn and the tilt of a rendered page", arguments: [0, 90, 180, 270], [-3.2, 0, 1.7, 4.5])
    func detects(turn: Int, tilt: Double) {
        let found = OrientationDetector().detect(Self.photographed(turn: turn, tilt: tilt))
        #expect(found.rotation == (360 - turn) % 360)
        #expect(abs(found.skewDegrees - tilt) <= 0.15)
        #expect(found.lineConfidence > 0.3)
    }

    @Test("without quarter turns it only measures the tilt")
    func tiltOnly() {
        let found = OrientationDetector().detect(Self.photographed(turn: 180, tilt: 2), detectQuarterTurns: false)
        #expect(found.rotation == 0)
        #expect(abs(found.skewDegrees - 2) <= 0.15)
    }

    @Test("a blank page is left alone")
    func blank() {
        let found = OrientationDetector().detect(constantImage(width: 300, height: 400, value: 250))
        #expect(found == PageOrientation(rotation: 0, skewDegrees: 0, lineConfidence: 0, uprightConfidence: 0))
    }

    @Test("a page of blobs without text lines is neither turned nor deskewed")
    func noLines() {
        var generator = SeededGenerator(seed: 5)
        var page = Image<Gray8>(width: 400, height: 500, repeating: Gray8(250))
        for _ in 0..<60 {
            let cx = Int.random(in: 0..<400, using: &generator), cy = Int.random(in: 0..<500, using: &generator)
            let r = Int.random(in: 5...30, using: &generator)
            for y in max(0, cy - r)..<min(500, cy + r) {
                for x in max(0, cx - r)..<min(400, cx + r) where (x - cx) * (x - cx) + (y - cy) * (y - cy) < r * r { page[x, y] = Gray8(30) }
            }
        }
        let found = OrientationDetector().detect(page)
        #expect(found.rotation == 0 && found.skewDegrees == 0)
    }

    @Test("the enhancer turns a sideways, tilted page upright and straight", arguments: [90, 270])
    func enhancerStraightens(turn: Int) {
        let photo = Self.text.render(tiltDegrees: -2.5).rotated(quarterTurnsDegrees: turn)
        let page = PageEnhancer(options: .init(mode: .bw)).enhance(photo)
        #expect(page.rotation == (360 - turn) % 360)
        #expect(abs(page.skewDegrees + 2.5) <= 0.15)
        guard case .bilevel(let bw) = page.image else {
            Issue.record("bw mode must give a bilevel page")
            return
        }
        #expect(bw.width == Self.text.width && bw.height == Self.text.height)
        // Away from the corners the straightened glyphs sit where they were printed.
        var agree = 0, total = 0
        for y in 60..<(bw.height - 60) {
            for x in 60..<(bw.width - 60) {
                total += 1
                if (bw[x, y].value == 0) == Self.text.ink[y * bw.width + x] { agree += 1 }
            }
        }
        #expect(Double(agree) / Double(total) > 0.95)
    }

    @Test("rotation and deskew can be switched off")
    func switchedOff() {
        var options = PageEnhancer.Options(mode: .gray)
        options.autoRotate = false
        options.deskew = false
        let photo = Self.text.render(tiltDegrees: 3).rotated(quarterTurnsDegrees: 90)
        let page = PageEnhancer(options: options).enhance(photo)
        #expect(page.rotation == 0 && page.skewDegrees == 0)
        #expect(page.image.width == photo.width && page.image.height == photo.height)
    }
}
