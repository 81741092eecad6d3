import Foundation
import ScanCodecs
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanPipeline

/// The focal length a photo's EXIF states, from the file to the detector.
@Suite("stated focal length")
struct StatedFocalLengthTests {
    /// A `width × height` photo of an A4 page (210 × 297 units) at `quad` on a blue-grey desk:
    /// lines of words of varying length, as print, sampled 2 × 2 per pixel.
    static func photo(of quad: Quad, width: Int, height: Int) -> Image<RGB8> {
        let page = Quad(rectangleAt: .zero, size: Size(width: 210, height: 297))
        guard let toPage = Homography(mapping: quad, to: page) else { preconditionFailure("degenerate quad \(quad)") }
        // Words: per line of print (every 8.5 units from 20), runs of ink and gaps whose lengths
        // come from a fixed linear congruential sequence.
        var state: UInt32 = 12345
        func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 1_103_515_245 &+ 12345
            return range.lowerBound + (range.upperBound - range.lowerBound) * Double(state >> 16 & 0x7FFF) / 32767
        }
        var words: [[ClosedRange<Double>]] = []
        for row in 0..<30 {
            // Paragraphs of five lines, the last one short, then a blank line.
            var line: [ClosedRange<Double>] = [], x = 20.0
            let lineEnd = row % 6 == 5 ? 0 : row % 6 == 4 ? next(60...150) : 190
            while x < lineEnd - 10 {
                let end = min(lineEnd, x + next(8...40))
                line.append(x...end)
                x = end + next(3...8)
            }
            words.append(line)
        }
        func ink(_ p: Point) -> Double {  // 0 desk, 1 paper, 2 print
            guard p.x >= 0, p.y >= 0, p.x <= 210, p.y <= 297 else { return 0 }
            let row = Int(((p.y - 20) / 8.5).rounded(.down))
            guard row >= 0, row < words.count, (p.y - 20) - Double(row) * 8.5 < 3 else { return 1 }
            return words[row].contains { $0.contains(p.x) } ? 2 : 1
        }
        let colours: [SIMD3<Double>] = [SIMD3(60, 70, 90), SIMD3(240, 238, 232), SIMD3(40, 40, 45)]
        var pixels = [RGB8](repeating: RGB8(0, 0, 0), count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = SIMD3<Double>()
                for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                    sum += colours[Int(ink(toPage.apply(Point(Double(x) + dx, Double(y) + dy))))]
                }
                let c = sum / 4
                pixels[y * width + x] = RGB8(UInt8(c.x.rounded()), UInt8(c.y.rounded()), UInt8(c.z.rounded()))
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// An A4 page shot through a 2× telephoto lens (52 mm-equivalent) in an 800 × 600 photo,
    /// tipped back 35°, its far end beyond the frame's top. `flatbed detect` reads the lens from
    /// the file and completes the hidden corners in its perspective; the same photo without the
    /// tag is completed with a phone's main camera, too long.
    @Test func aCutPageIsCompletedWithTheLensThePhotoStates() throws {
        let focal = 1000 * 52 / PhoneCamera.filmDiagonal  // the photo's diagonal is 1000 px
        let page = PinholePage(focalLength: focal, centre: Point(400, 300), tiltDegrees: 35, turnDegrees: 6,
                               origin: SIMD3(-100, 30, 520))
        // The page's head (v = 297) is its top side, beyond the frame.
        let quad = Quad(topLeft: page.farLeft, topRight: page.farRight, bottomRight: page.nearRight, bottomLeft: page.nearLeft)
        try #require(quad.topLeft.y < 0 && quad.topRight.y < 0 && quad.bottomLeft.y < 600 && quad.bottomRight.y < 600)
        let jpeg = try ImageCodec.encodeJPEG(Self.photo(of: quad, width: 800, height: 600), quality: 92)
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (stated, plain) = (folder + "/stated.jpg", folder + "/plain.jpg")
        try Data(ExifBytes.jpeg(jpeg, withExif: ExifBytes.tiff(focalLength: 52, bigEndian: false)))
            .write(to: URL(fileURLWithPath: stated))
        try Data(jpeg).write(to: URL(fileURLWithPath: plain))

        let withLens = try #require(PageFinder().find(in: stated).quad)
        #expect(withLens.topLeft.distance(to: quad.topLeft) < 3 && withLens.topRight.distance(to: quad.topRight) < 3,
                "\(withLens) vs \(quad)")
        let assumed = try #require(PageFinder().find(in: plain).quad)
        #expect(assumed.topLeft.distance(to: quad.topLeft) > 15 || assumed.topRight.distance(to: quad.topRight) > 15,
                "\(assumed) vs \(quad)")
    }
}
