import Testing
import ScanCore
import ScanTestSupport

@Suite("Colour conversion")
struct ColorConversionTests {
    /// Rec. 601 luma, exact.
    private func luma(_ p: RGB8) -> Double {
        0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
    }

    @Test("grayscale of known colours is Rec. 601 luma rounded", arguments: [
        (RGB8(0, 0, 0), UInt8(0)),
        (RGB8(255, 255, 255), UInt8(255)),
        (RGB8(255, 0, 0), UInt8(76)),
        (RGB8(0, 255, 0), UInt8(150)),
        (RGB8(0, 0, 255), UInt8(29)),
        (RGB8(128, 128, 128), UInt8(128)),
        (RGB8(255, 255, 0), UInt8(226)),
    ])
    func knownColours(colour: RGB8, expected: UInt8) {
        let image = Image(width: 3, height: 2, repeating: colour)
        let gray = image.grayscale()
        #expect(gray.width == 3 && gray.height == 2)
        #expect(gray.pixels.allSatisfy { $0.value == expected }, "\(colour): \(gray[0, 0].value)")
    }

    @Test("grayscale is within rounding of exact Rec. 601 luma on random colours")
    func randomColours() {
        // Tall enough for several threads.
        let image = randomImage(width: 61, height: 257, seed: 21, as: RGB8.self)
        let gray = image.grayscale()
        var worst = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width {
                worst = max(worst, abs(Double(gray[x, y].value) - luma(image[x, y])))
            }
        }
        // Rounding leaves at most 0.5; a little more for the fixed-point weights.
        #expect(worst <= 0.51, "worst error \(worst)")
    }

    @Test("gray → RGB → gray is the identity for every level")
    func grayRoundTrip() {
        let levels = Image(width: 16, height: 16, pixels: (0...255).map { Gray8(UInt8($0)) })
        let rgb = levels.rgb()
        #expect(rgb.pixels.enumerated().allSatisfy { $1 == RGB8(UInt8($0), UInt8($0), UInt8($0)) })
        #expect(rgb.grayscale() == levels)
    }

    @Test("RGBA over white: opaque keeps the colour, transparent is white")
    func overWhiteExtremes() {
        let image = Image(width: 2, height: 1, pixels: [RGBA8(10, 20, 30, 255), RGBA8(10, 20, 30, 0)])
        #expect(image.rgb().pixels == [RGB8(10, 20, 30), RGB8(255, 255, 255)])
    }

    @Test("RGBA over a background blends by alpha, rounded", arguments: [RGB8(255, 255, 255), RGB8(0, 0, 0), RGB8(12, 200, 99)])
    func overBackground(background: RGB8) {
        let image = randomImage(width: 32, height: 16, seed: 22, as: RGBA8.self)
        let flat = image.rgb(over: background)
        for (p, q) in zip(image.pixels, flat.pixels) {
            let alpha = Double(p.a) / 255
            for (channel, back, result) in [(p.r, background.r, q.r), (p.g, background.g, q.g), (p.b, background.b, q.b)] {
                let exact = Double(channel) * alpha + Double(back) * (1 - alpha)
                #expect(abs(Double(result) - exact) <= 0.5 + 1e-9, "\(p) over \(background) gave \(q)")
            }
        }
    }

    @Test("half-transparent black over white is mid-gray")
    func halfTransparent() {
        let pixel = Image(width: 1, height: 1, pixels: [RGBA8(0, 0, 0, 128)]).rgb()[0, 0]
        #expect(pixel == RGB8(127, 127, 127))
    }
}
