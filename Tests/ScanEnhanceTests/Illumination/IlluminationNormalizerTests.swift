import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Illumination normalisation")
struct IlluminationNormalizerTests {
    static let width = 420, height = 540

    /// Luma of an RGB pixel.
    static func luma(_ p: RGB8) -> Double { 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b) }

    /// Paper pixels of the page at least `margin` pixels from any glyph, and away from the shadow edge.
    static func paperPixels(_ page: BlockTextPage, margin: Int = 2) -> [(Int, Int)] {
        var result: [(Int, Int)] = []
        for y in stride(from: margin, to: page.height - margin, by: 1) {
            for x in stride(from: margin, to: page.width - margin, by: 1) where abs(x - page.width * 2 / 3) > 12 {
                var clear = true
                for dy in -margin...margin where clear {
                    for dx in -margin...margin where page.ink[(y + dy) * page.width + x + dx] { clear = false; break }
                }
                if clear { result.append((x, y)) }
            }
        }
        return result
    }

    @Test("shadows, gradients and a warm cast are removed: the paper turns white and the ink stays dark")
    func shadowedPage() {
        let text = BlockTextPage(width: Self.width, height: Self.height, seed: 1)
        let photo = text.render(light: BlockTextPage.harshLight(width: Self.width, height: Self.height))
        let flat = IlluminationNormalizer().normalized(photo)
        let paper = Self.paperPixels(text)
        let white = paper.filter { p in
            let v = flat[p.0, p.1]
            return min(v.r, v.g, v.b) >= 245
        }
        #expect(Double(white.count) >= 0.995 * Double(paper.count))
        // Before: the shadowed paper was far from white.
        #expect(Self.luma(photo[Self.width - 40, Self.height - 40]) < 140)
        // Ink: glyph stems (fully covered pixels) stay dark everywhere, shadow or not.
        var inkLumas: [Double] = []
        for y in 1..<(Self.height - 1) {
            for x in 1..<(Self.width - 1) where text.ink[y * Self.width + x] && text.ink[y * Self.width + x + 1] && text.ink[y * Self.width + x - 1]
                && text.ink[(y - 1) * Self.width + x] && text.ink[(y + 1) * Self.width + x] {
                inkLumas.append(Self.luma(flat[x, y]))
            }
        }
        #expect(!inkLumas.isEmpty)
        #expect(inkLumas.reduce(0, +) / Double(inkLumas.count) < 60)
    }

    @Test("colour graphics keep their hue and are not flattened into the paper")
    func coloursKept() {
        var photo = BlockTextPage(width: Self.width, height: Self.height, seed: 2)
            .render(light: BlockTextPage.harshLight(width: Self.width, height: Self.height))
        let light = BlockTextPage.harshLight(width: Self.width, height: Self.height)
        let boxes: [(x: Int, colour: RGB8)] = [(60, RGB8(200, 30, 30)), (200, RGB8(30, 70, 200))]
        for box in boxes {
            for y in 200..<250 {
                for x in box.x..<(box.x + 50) {
                    let (lr, lg, lb) = light(x, y)
                    photo[x, y] = RGB8(UInt8(Double(box.colour.r) * lr), UInt8(Double(box.colour.g) * lg), UInt8(Double(box.colour.b) * lb))
                }
            }
        }
        let flat = IlluminationNormalizer().normalized(photo)
        func mean(_ x0: Int) -> (Double, Double, Double) {
            var sum = (0.0, 0.0, 0.0)
            for y in 215..<235 { for x in (x0 + 15)..<(x0 + 35) { let p = flat[x, y]; sum.0 += Double(p.r); sum.1 += Double(p.g); sum.2 += Double(p.b) } }
            return (sum.0 / 400, sum.1 / 400, sum.2 / 400)
        }
        let red = mean(60), blue = mean(200)
        #expect(red.0 > 2 * red.1 && red.0 > 2 * red.2 && red.0 > 120)
        #expect(blue.2 > 2 * blue.0 && blue.2 > blue.1 + 60)
    }

    @Test("a large dark picture on the page is not washed out")
    func largePicture() {
        var photo = BlockTextPage(width: Self.width, height: Self.height, seed: 3)
            .render(light: BlockTextPage.harshLight(width: Self.width, height: Self.height))
        // Clear of the cast shadow: a picture touching it is taken for shade with it (documented limitation).
        for y in 150..<330 {
            for x in 40..<240 {
                let v = UInt8(40 + (x * 7 + y * 3) % 80)
                photo[x, y] = RGB8(v, v, v)
            }
        }
        let flat = IlluminationNormalizer().normalized(photo)
        var sum = 0.0
        for y in 170..<310 { for x in 60..<220 { sum += Self.luma(flat[x, y]) } }
        #expect(sum / Double(140 * 160) < 140)
    }

    @Test("coloured paper turns white by default, and keeps its hue with .keep", arguments: IlluminationNormalizer.PaperTone.allCases)
    func colouredPaper(tone: IlluminationNormalizer.PaperTone) {
        let text = BlockTextPage(width: Self.width, height: Self.height, seed: 4)
        let photo = text.render(paper: RGB8(250, 232, 160), light: BlockTextPage.harshLight(width: Self.width, height: Self.height))
        var options = IlluminationNormalizer.Options()
        options.paperTone = tone
        let flat = IlluminationNormalizer(options: options).normalized(photo)
        let paper = Self.paperPixels(text)
        var blue = 0.0, red = 0.0
        for (x, y) in paper { blue += Double(flat[x, y].b); red += Double(flat[x, y].r) }
        blue /= Double(paper.count)
        red /= Double(paper.count)
        switch tone {
        case .white:
            #expect(blue >= 245 && red >= 245)
        case .keep:
            #expect(red >= 245)
            #expect(blue < red - 60 && blue > 100)
        }
    }

    @Test("normalising in place leaves a shared copy untouched")
    func sharedCopy() {
        let original = BlockTextPage(width: 120, height: 160, seed: 5).render(light: BlockTextPage.harshLight(width: 120, height: 160))
        var page = original
        let shared = page
        IlluminationNormalizer().normalize(&page, saturation: 1.2)
        #expect(shared == original)
        #expect(page != original)
    }

    @Test("the gray path equals the luma of the colour path")
    func grayMatchesColour() {
        let photo = BlockTextPage(width: 200, height: 260, seed: 6).render(light: BlockTextPage.harshLight(width: 200, height: 260))
        let normalizer = IlluminationNormalizer()
        let gray = normalizer.normalizedGray(photo)
        let colour = normalizer.normalized(photo).grayscale()
        #expect(gray.maximumDifference(from: colour) <= 2)
    }
}
