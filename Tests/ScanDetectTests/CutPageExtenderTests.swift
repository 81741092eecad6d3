import ScanCore
import Testing
@testable import ScanDetect

/// Completion of pages cut by the frame.
@Suite struct CutPageExtenderTests {
    /// A light page on a dark desk whose right part, from x = `pageRight`, lies beyond the frame.
    private func photo(pageRight: Int) -> Image<RGB8> {
        let width = 400, height = 300
        var pixels = [RGB8](repeating: RGB8(60, 50, 45), count: width * height)
        for y in 40..<260 where y % 17 != 0 {  // light rows with a few dark text-like lines
            for x in 150..<min(width, pageRight) {
                pixels[y * width + x] = RGB8(235, 232, 225)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }

    @Test func extendsAPageThatContinuesPastTheBorder() {
        let image = photo(pageRight: 10_000)
        let visible = [Point(150, 40), Point(400, 40), Point(400, 260), Point(150, 260)]
        let extended = CutPageExtender(aspectRatio: 1.41).extend(visible, in: image)
        // 250 visible exceeds the height (220), so the page is landscape: the first proportion
        // longer than what is seen is Letter's, 220 × 1.29.
        #expect(abs(extended[1].x - (150 + 220 * 1.29)) < 1)
        #expect(abs(extended[2].x - (150 + 220 * 1.29)) < 1)
        #expect(extended[0] == visible[0] && extended[3] == visible[3])
        #expect(abs(extended[1].y - 40) < 1e-9 && abs(extended[2].y - 260) < 1e-9)
    }

    @Test func keepsAPageWhoseSideIsInsideTheFrame() {
        // The detector closed the outline at the frame although the page ends at x = 300.
        let image = photo(pageRight: 300)
        let closed = [Point(150, 40), Point(400, 40), Point(400, 260), Point(150, 260)]
        #expect(CutPageExtender(aspectRatio: 1.41).extend(closed, in: image) == closed)
    }

    @Test func keepsAPageWhollyInTheFrame() {
        let image = photo(pageRight: 350)
        let inside = [Point(150, 40), Point(350, 40), Point(350, 260), Point(150, 260)]
        #expect(CutPageExtender(aspectRatio: 1.41).extend(inside, in: image) == inside)
    }

    @Test func rejectsAnAspectRatioBelowOne() {
        var options = DetectionOptions()
        options.cutPageAspectRatio = 0.5
        #expect(throws: DetectionError.invalidOption(name: "cutPageAspectRatio", value: 0.5)) {
            try DocumentDetector(options: options)
        }
    }
}
