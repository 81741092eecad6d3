import ScanCore
import Testing
@testable import ScanDetect

/// The printed-page weighing (`DocumentDetector.printedPageWeighted`, `printedPageFirst`): an
/// outline the gate doubts that is full of print (`DetectionOptions.printedPageTransitions`)
/// counts the inverse of `DetectionOptions.blankOutlineFactor` of its confidence, on
/// `PrintedRowsTests`' scene of a page of text and on photographed pages.
@Suite("Printed pages")
struct PrintedPageTests {
    /// `PrintedRowsTests`' page, rendered with its 24 lines of text bars and blank.
    static let printed = PrintedRowsTests.scene(printed: true).render()
    static let blank = PrintedRowsTests.scene(printed: false).render()
    static let page = PrintedRowsTests.page

    @Test("an outline the gate doubts counts as a page when it is full of print, by the inverse of the blank factor")
    func printedPageWeighted() throws {
        let (printed, blank) = (Self.printed, Self.blank)
        /// The confidence `detector` gives the page outline measured at `confidence` in `image`.
        func weighed(_ confidence: Double, in image: Image<RGB8>,
                     by detector: DocumentDetector = DocumentDetector()) -> Double {
            detector.printedPageWeighted(Detection.Hypothesis(quad: Self.page, confidence: confidence), in: image)
        }
        // The threshold is 0.4 and the blank factor 0.5: print doubles from 0.2 on.
        #expect(weighed(0.3, in: printed) == 0.6)
        #expect(weighed(0.2, in: printed) == 0.4)
        #expect(weighed(0.19, in: printed) == 0.19)
        #expect(weighed(0.3, in: blank) == 0.3)
        // Off with no count of changes, or with a blank factor that weighs nothing.
        var off = DetectionOptions()
        off.printedPageTransitions = 0
        #expect(weighed(0.3, in: printed, by: try DocumentDetector(options: off)) == 0.3)
        for factor in [0.0, 1.0] {
            off = DetectionOptions()
            off.blankOutlineFactor = factor
            #expect(weighed(0.3, in: printed, by: try DocumentDetector(options: off)) == 0.3)
        }
        // The page's 24 lines change about 48 times: more than that is too many.
        off = DetectionOptions()
        off.printedPageTransitions = 60
        #expect(weighed(0.3, in: printed, by: try DocumentDetector(options: off)) == 0.3)
    }

    @Test("the search's doubted first outline is weighed by its print before it is fitted to the page")
    func printedPageFirst() {
        let (printed, blank) = (Self.printed, Self.blank)
        let c = Self.page.corners
        func outline(_ confidence: Double) -> WorkingQuad {
            WorkingQuad(x: SIMD4(c.map(\.x)), y: SIMD4(c.map(\.y)), confidence: confidence)
        }
        let detector = DocumentDetector()
        // The scene is at the working size: working and photo coordinates are the same.
        let doubted = [outline(0.3), outline(0.25)]
        #expect(detector.printedPageFirst(doubted, in: printed, factor: 1).map(\.confidence) == [0.6, 0.25])
        #expect(detector.printedPageFirst(doubted, in: blank, factor: 1).map(\.confidence) == [0.3, 0.25])
        // An accepted first outline is weighed later, and only over its first lines (`printWeighted`).
        #expect(detector.printedPageFirst([outline(0.5)], in: printed, factor: 1).map(\.confidence) == [0.5])
        #expect(detector.printedPageFirst([], in: printed, factor: 1).isEmpty)
    }

    @Test("an outline too small to read is not weighed by its print")
    func unreadablePrint() throws {
        // The page fills about 30 % of the 720 × 480 frame, and about 3 % of one three times as
        // wide and as high.
        let page = Self.printed
        var large = Image<RGB8>(width: 3 * page.width, height: 3 * page.height, repeating: RGB8(120, 110, 100))
        for y in 0..<page.height {
            for x in 0..<page.width { large[x, y] = page[x, y] }
        }
        let hypothesis = Detection.Hypothesis(quad: Self.page, confidence: 0.3)
        #expect(DocumentDetector().printedPageWeighted(hypothesis, in: page) == 0.6)
        #expect(DocumentDetector().printedPageWeighted(hypothesis, in: large) == 0.3)
    }

    /// Photos (at half size) of seed 18's `out_of_frame_0015` (a page run off the top of the frame)
    /// and seed 10's `folded_0029` (a folded page), made with `Tools/synth/generate.py --seed S
    /// --count 300 --negatives 100` (`--negatives 200` for seed 18): the gate doubts every outline
    /// the looks find, the page's among them, and the page's print makes it one.
    @Test("photographed pages the gate doubts are found by their print",
          arguments: [
              ("printed-page/out_of_frame_0015.jpg",
               Quad(topLeft: Point(14.085, -30.325), topRight: Point(800.395, -17.331),
                    bottomRight: Point(766.024, 540.108), bottomLeft: Point(57.433, 568.228)), 0.97),
              ("printed-page/folded_0029.jpg",
               Quad(topLeft: Point(248.309, 81.791), topRight: Point(548.192, 86.718),
                    bottomRight: Point(487.497, 590.542), bottomLeft: Point(214.137, 548.485)), 0.9),
          ])
    func photographedPrintedPages(path: String, truth: Quad, least: Double) throws {
        var off = DetectionOptions()
        off.printedPageTransitions = 0
        try expectFoundOnlyByDefault(in: try fixturePhoto(path), truth: truth, notWith: off, least: least)
    }
}
