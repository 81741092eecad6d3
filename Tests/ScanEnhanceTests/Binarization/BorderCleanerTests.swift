import ScanCore
import Testing
@testable import ScanEnhance

@Suite("Border cleaning")
struct BorderCleanerTests {
    @Test("slivers along the edges go; glyphs touching the edge and pictures reaching inside stay")
    func cleans() {
        var page = Image<Gray8>(width: 300, height: 400, repeating: Gray8(255))
        func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
            for y in y0..<y1 { for x in x0..<x1 { page[x, y] = Gray8(0) } }
        }
        // A wedge down the left edge, 0 to 8 px wide; a line along the bottom.
        for y in 0..<400 { for x in 0..<(y / 50) { page[x, y] = Gray8(0) } }
        fill(40, 396, 260, 400)
        // A broken one-pixel line down the right edge.
        for y in stride(from: 20, to: 380, by: 30) { fill(299, y, 300, y + 12) }
        // A small glyph cut by the top edge, text inside, a picture from the right edge inward.
        fill(100, 0, 106, 7)
        fill(120, 150, 126, 158)
        fill(220, 200, 300, 300)
        let cleaned = BorderCleaner().cleaned(page)
        #expect(cleaned[2, 390].value == 255 && cleaned[150, 398].value == 255)
        #expect(cleaned[102, 3].value == 0)
        let leftovers = (20..<380).filter { cleaned[299, $0].value == 0 && !(190..<310).contains($0) }  // dashes merged with the picture stay
        #expect(leftovers.isEmpty)
        #expect(cleaned[122, 152].value == 0)
        #expect(cleaned[260, 250].value == 0 && cleaned[299, 250].value == 0)
        #expect(page[2, 390].value == 0)
    }
}
