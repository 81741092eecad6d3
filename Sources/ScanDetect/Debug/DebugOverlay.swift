import ScanCore

/// Draws a detection over its photo for `flatbed detect --debug`: the chosen quad in green with
/// its corners marked, and the strongest rejected hypotheses in red, thinner.
public enum DebugOverlay {
    /// A copy of `image` with the detection drawn on it.
    /// - Parameters:
    ///   - image: the photo the detection was made on (full resolution).
    ///   - detection: the result; nil draws only `hypotheses` (a "no document" answer).
    ///   - hypotheses: extra hypotheses to draw in red; by default the detection's rejected ones.
    /// - Returns: the annotated image, same size as `image`.
    public static func render(image: Image<RGB8>, detection: Detection?,
                              hypotheses: [Detection.Hypothesis]? = nil) -> Image<RGB8> {
        var canvas = image
        let thickness = max(1, max(image.width, image.height) / 500)
        for h in (hypotheses ?? detection?.rejected ?? []).reversed() {
            draw(h.quad, on: &canvas, colour: RGB8(230, 40, 40), thickness: thickness)
        }
        if let d = detection {
            draw(d.quad, on: &canvas, colour: RGB8(40, 230, 60), thickness: 2 * thickness)
            for c in d.quad.corners {
                fillDisc(at: c, radius: Double(4 * thickness), on: &canvas, colour: RGB8(255, 220, 0))
            }
        }
        return canvas
    }

    private static func draw(_ quad: Quad, on canvas: inout Image<RGB8>, colour: RGB8, thickness: Int) {
        for k in 0..<4 {
            drawSegment(quad[k], quad[(k + 1) % 4], on: &canvas, colour: colour, thickness: thickness)
        }
    }

    private static func drawSegment(_ a: Point, _ b: Point, on canvas: inout Image<RGB8>, colour: RGB8, thickness: Int) {
        let steps = Int(max(abs(b.x - a.x), abs(b.y - a.y)).rounded(.up)) + 1
        let radius = Double(thickness) / 2
        for i in 0...steps {
            let t = Double(i) / Double(steps)
            fillDisc(at: a + (b - a) * t, radius: radius, on: &canvas, colour: colour)
        }
    }

    private static func fillDisc(at centre: Point, radius: Double, on canvas: inout Image<RGB8>, colour: RGB8) {
        let w = canvas.width, h = canvas.height
        let r = Int(radius.rounded(.up))
        let cx = Int(centre.x.rounded(.down)), cy = Int(centre.y.rounded(.down))
        let x0 = max(0, cx - r), x1 = min(w - 1, cx + r), y0 = max(0, cy - r), y1 = min(h - 1, cy + r)
        guard x0 <= x1, y0 <= y1 else { return }
        canvas.withUnsafeMutableBufferPointer { pixels in
            for y in y0...y1 {
                for x in x0...x1 {
                    let dx = Double(x) + 0.5 - centre.x, dy = Double(y) + 0.5 - centre.y
                    if dx * dx + dy * dy <= max(radius * radius, 0.5) { pixels[y * w + x] = colour }
                }
            }
        }
    }
}
