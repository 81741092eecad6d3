import ScanCore

/// A photo of a page made analytically: a light page with dark "text" bars, seen through a
/// perspective quad, on a darker table, anti-aliased by 4×4 supersampling.
public struct SyntheticPhoto: Sendable {
    /// The photo.
    public let image: Image<RGB8>
    /// Where the page's corners are, in contract order.
    public let quad: Quad

    /// Renders a `width × height` photo with the page at `quad`; the page itself is
    /// `pageWidth × pageHeight` units, with text bars every `pageHeight / 24`.
    public init(width: Int, height: Int, quad: Quad, pageWidth: Double = 210, pageHeight: Double = 297,
                paper: RGB8 = RGB8(235, 232, 225), table: RGB8 = RGB8(70, 52, 40)) {
        self.quad = quad
        let pageRectangle = Quad(rectangleAt: .zero, size: Size(width: pageWidth, height: pageHeight))
        guard let photoToPage = Homography(mapping: quad, to: pageRectangle) else {
            preconditionFailure("synthetic photo quad \(quad) is degenerate")
        }
        let samples = 4
        var pixels = [RGB8](repeating: table, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                var sum = (0.0, 0.0, 0.0)
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        let p = Point(Double(x) + (Double(sx) + 0.5) / Double(samples), Double(y) + (Double(sy) + 0.5) / Double(samples))
                        let colour = SyntheticPhoto.colour(at: photoToPage.apply(p), pageWidth: pageWidth, pageHeight: pageHeight, paper: paper, table: table)
                        sum.0 += colour.0
                        sum.1 += colour.1
                        sum.2 += colour.2
                    }
                }
                let n = Double(samples * samples)
                pixels[y * width + x] = RGB8(UInt8(sum.0 / n + 0.5), UInt8(sum.1 / n + 0.5), UInt8(sum.2 / n + 0.5))
            }
        }
        image = Image(width: width, height: height, pixels: pixels)
    }

    private static func colour(at p: Point, pageWidth: Double, pageHeight: Double, paper: RGB8, table: RGB8) -> (Double, Double, Double) {
        guard p.x >= 0, p.y >= 0, p.x <= pageWidth, p.y <= pageHeight else {
            return (Double(table.r), Double(table.g), Double(table.b))
        }
        let margin = pageWidth * 0.12
        let line = pageHeight / 24
        let inText = p.x > margin && p.x < pageWidth - margin && p.y > 2 * line && p.y < pageHeight - 2 * line
        if inText, p.y.truncatingRemainder(dividingBy: line) < line * 0.35 {
            return (40, 40, 50)
        }
        return (Double(paper.r), Double(paper.g), Double(paper.b))
    }
}
