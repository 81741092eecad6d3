import ScanCore
import ScanTestSupport
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A page of "text" drawn with block glyphs, with the statistics of Latin script the orientation
/// detector relies on: an x-height body, ascenders above it more often than descenders below it,
/// words separated by gaps, lines by leading.
struct BlockTextPage {
    let width: Int
    let height: Int
    /// True where a glyph covers the upright, untilted page.
    let ink: [Bool]
    /// Rows of the x-height band of each line.
    let lines: [Range<Int>]

    /// Glyph geometry in pixels.
    static let xHeight = 7, ascender = 5, descender = 5, glyphWidth = 5, letterGap = 2, wordGap = 8, linePitch = 26

    init(width: Int, height: Int, margin: Int = 30, seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var ink = [Bool](repeating: false, count: width * height)
        var lines: [Range<Int>] = []
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            for y in max(0, y0)..<min(height, y1) {
                for x in max(0, x0)..<min(width, x1) { ink[y * width + x] = true }
            }
        }
        var top = margin + BlockTextPage.ascender
        while top + BlockTextPage.xHeight + BlockTextPage.descender < height - margin {
            lines.append(top..<(top + BlockTextPage.xHeight))
            var x = margin
            // Ragged right edge like real paragraphs.
            let end = width - margin - Int.random(in: 0...(width / 5), using: &generator)
            while x < end {
                let letters = Int.random(in: 2...8, using: &generator)
                for _ in 0..<letters where x + BlockTextPage.glyphWidth < end {
                    let kind = Int.random(in: 0..<100, using: &generator)
                    let y0 = kind < 28 ? top - BlockTextPage.ascender : top
                    let y1 = kind >= 88 ? top + BlockTextPage.xHeight + BlockTextPage.descender : top + BlockTextPage.xHeight
                    // A stem plus a bowl: glyphs are not solid blocks.
                    fill(x, y0, x + 2, y1)
                    fill(x, top, x + BlockTextPage.glyphWidth, top + 2)
                    fill(x, top + BlockTextPage.xHeight - 2, x + BlockTextPage.glyphWidth, top + BlockTextPage.xHeight)
                    fill(x + BlockTextPage.glyphWidth - 2, top, x + BlockTextPage.glyphWidth, top + BlockTextPage.xHeight)
                    x += BlockTextPage.glyphWidth + BlockTextPage.letterGap
                }
                x += BlockTextPage.wordGap
            }
            top += BlockTextPage.linePitch
        }
        self.width = width
        self.height = height
        self.ink = ink
        self.lines = lines
    }

    /// The page in colour: `paper` where there is no ink, `inkColor` on glyphs, turned clockwise by
    /// `tiltDegrees` about the centre (2×2 supersampled, paper outside), and lit by `light(x, y)` (0…1).
    func render(
        paper: RGB8 = RGB8(255, 255, 255), inkColor: RGB8 = RGB8(20, 20, 20), tiltDegrees: Double = 0,
        light: (Int, Int) -> (Double, Double, Double) = { _, _ in (1, 1, 1) }
    ) -> Image<RGB8> {
        let radians = tiltDegrees * .pi / 180
        let c = cos(radians), s = sin(radians)
        let cx = Double(width) / 2, cy = Double(height) / 2
        var pixels = [RGB8]()
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width {
                var coverage = 0.0
                for sub in 0..<4 {
                    let px = Double(x) + 0.25 + 0.5 * Double(sub % 2) - cx
                    let py = Double(y) + 0.25 + 0.5 * Double(sub / 2) - cy
                    // Inverse of a clockwise turn.
                    let ux = Int((px * c + py * s + cx).rounded(.down)), uy = Int((-px * s + py * c + cy).rounded(.down))
                    if ux >= 0, uy >= 0, ux < width, uy < height, ink[uy * width + ux] { coverage += 0.25 }
                }
                let (lr, lg, lb) = light(x, y)
                func channel(_ p: UInt8, _ i: UInt8, _ l: Double) -> UInt8 {
                    UInt8(max(0, min(255, ((1 - coverage) * Double(p) + coverage * Double(i)) * l)).rounded())
                }
                pixels.append(RGB8(channel(paper.r, inkColor.r, lr), channel(paper.g, inkColor.g, lg), channel(paper.b, inkColor.b, lb)))
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    /// Harsh phone lighting: a gradient from full light to 55 %, a cast shadow at 55 % over the right
    /// third whose penumbra spans 8 % of the width (a phone's shadow at arm's length), and a warm cast.
    static func harshLight(width: Int, height: Int) -> (Int, Int) -> (Double, Double, Double) {
        { x, y in
            var level = 1 - 0.45 * Double(x + y) / Double(width + height)
            let t = max(0, min(1, (Double(x) - Double(width) * 2 / 3) / (0.08 * Double(width)) + 0.5))
            level *= 1 - 0.45 * t * t * (3 - 2 * t)
            return (level, level * 0.93, level * 0.82)
        }
    }
}
