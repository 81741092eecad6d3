import ScanCore
import ScanTestSupport
import Testing
@testable import ScanEnhance

@Suite("Page enhancer")
struct PageEnhancerTests {
    static let width = 240, height = 320

    /// A small shadowed page of block text with a red heading bar: the golden-image input.
    static let shadowedPage: Image<RGB8> = {
        var page = BlockTextPage(width: width, height: height, seed: 41)
            .render(tiltDegrees: 1.5, light: BlockTextPage.harshLight(width: width, height: height))
        let light = BlockTextPage.harshLight(width: width, height: height)
        for y in 12..<22 {
            for x in 30..<150 {
                let (r, g, b) = light(x, y)
                page[x, y] = RGB8(UInt8(210 * r), UInt8(40 * g), UInt8(40 * b))
            }
        }
        return page
    }()

    /// Interleaved bytes and channel count of a finished page.
    static func bytes(_ image: PageImage) -> (channels: Int, bytes: [UInt8]) {
        switch image {
        case .color(let colour): (3, colour.bytes)
        case .gray(let gray), .bilevel(let gray): (1, gray.bytes)
        }
    }

    @Test("each mode matches its golden image within a tolerance", arguments: [EnhanceMode.color, .gray, .bw, .photo])
    func golden(mode: EnhanceMode) throws {
        let page = PageEnhancer(options: .init(mode: mode)).enhance(Self.shadowedPage)
        #expect(page.mode == mode)
        let (channels, bytes) = Self.bytes(page.image)
        let name = "enhance-golden-\(mode).\(channels == 3 ? "ppm" : "pgm")"
        if PNMFixture.isRecording {
            try PNMFixture.write(name: name, width: page.image.width, height: page.image.height, channels: channels, bytes: bytes)
        }
        guard let golden = PNMFixture.read(name: name) else {
            Issue.record("missing golden \(name); record it with FLATBED_RECORD_GOLDENS=1")
            return
        }
        #expect(golden.width == page.image.width && golden.height == page.image.height && golden.channels == channels)
        guard golden.bytes.count == bytes.count else { return }
        let differences = zip(bytes, golden.bytes).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        let large = differences.filter { $0 > 32 }.count
        #expect(mean <= 1.5)
        #expect(Double(large) <= 0.01 * Double(differences.count))
    }

    @Test("modes give the promised kind of page")
    func kinds() {
        for mode in EnhanceMode.allCases {
            let page = PageEnhancer(options: .init(mode: mode)).enhance(Self.shadowedPage)
            switch (mode, page.image) {
            case (.color, .color), (.photo, .color), (.gray, .gray), (.bw, .bilevel), (.auto, .color): break
            default: Issue.record("mode \(mode) gave \(page.image)")
            }
            #expect(page.mode != .auto)
        }
    }

    @Test("photo mode keeps the pixels and only straightens them")
    func photoKeepsPixels() {
        var options = PageEnhancer.Options(mode: .photo)
        options.deskew = false
        let page = PageEnhancer(options: options).enhance(Self.shadowedPage)
        #expect(page.image == .color(Self.shadowedPage))
    }

    @Test("color mode boosts saturation: the red bar is more saturated than without the boost")
    func saturationBoost() {
        var plain = PageEnhancer.Options(mode: .color)
        plain.colorSaturation = 1
        plain.deskew = false
        var boosted = plain
        boosted.colorSaturation = 1.3
        func redness(_ options: PageEnhancer.Options) -> Int {
            guard case .color(let image) = PageEnhancer(options: options).enhance(Self.shadowedPage).image else { return 0 }
            let p = image[90, 17]
            return Int(p.r) - Int(p.g)
        }
        #expect(redness(boosted) > redness(plain))
        #expect(redness(plain) > 120)
    }

    @Test("auto picks colour for colour content, gray for pictures, bw for plain text")
    func auto() {
        let text = BlockTextPage(width: 300, height: 400, seed: 42)
        let plain = text.render(light: BlockTextPage.harshLight(width: 300, height: 400))
        #expect(PageEnhancer().enhance(plain).mode == .bw)
        #expect(PageEnhancer().enhance(Self.shadowedPage).mode == .color)
        var picture = plain
        for y in 100..<250 { for x in 50..<250 { let v = UInt8(30 + (x + 2 * y) % 90); picture[x, y] = RGB8(v, v, v) } }
        #expect(PageEnhancer().enhance(picture).mode == .gray)
    }

    @Test("the bw bias moves ink coverage")
    func bwBias() {
        func ink(_ bias: Double) -> Int {
            var options = PageEnhancer.Options(mode: .bw)
            options.bwBias = bias
            guard case .bilevel(let image) = PageEnhancer(options: options).enhance(Self.shadowedPage).image else { return -1 }
            return image.pixels.filter { $0.value == 0 }.count
        }
        #expect(ink(-1) < ink(0) && ink(0) < ink(1))
    }

    @Test("an empty page comes back empty")
    func empty() {
        let page = PageEnhancer().enhance(Image<RGB8>(width: 0, height: 0, pixels: []))
        #expect(page.image.width == 0 && page.rotation == 0 && page.quality.sharpness == 0)
    }
}
