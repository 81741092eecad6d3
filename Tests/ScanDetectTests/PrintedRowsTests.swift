import ScanCore
import Testing
@testable import ScanDetect

/// `PrintedRows`, the lines-of-print cue, and what it does to the detector's confidence: a page
/// of text keeps its confidence, a blank outline keeps `DetectionOptions.blankOutlineFactor` of it,
/// and an outline the gate doubts that is full of print counts the inverse of that share of it.
@Suite("Lines of print")
struct PrintedRowsTests {
    /// A page seen in slight perspective on a mottled desk.
    static let page = Quad(topLeft: Point(200, 60), topRight: Point(500, 75),
                           bottomRight: Point(520, 430), bottomLeft: Point(190, 420))

    /// The page with the test scenes' 24 lines of text bars, or blank (`printed` false).
    static func scene(printed: Bool) -> Scene {
        var scene = QuadSearchTests.onADesk(page)
        if !printed { scene.ink = scene.paper }
        return scene
    }

    @Test("a page of text changes from ink to blank about twice per line; a blank page never does")
    func printedAndBlank() {
        let rows = PrintedRows()
        #expect(rows.transitions(in: Self.scene(printed: true).render(), corners: Self.page.corners) >= 40)
        #expect(rows.transitions(in: Self.scene(printed: false).render(), corners: Self.page.corners) == 0)
    }

    @Test("a page seen sideways is read along its columns")
    func sideways() {
        let c = Self.page.corners
        let turned = [c[1], c[2], c[3], c[0]]
        #expect(PrintedRows().transitions(in: Self.scene(printed: true).render(), corners: turned) >= 40)
    }

    @Test("white lettering on a dark card is print")
    func lightPrint() {
        // Thin white lines, as lettering is, so that the card's colour stays the paper level.
        var card = Self.scene(printed: false)
        card.paper = RGB8(60, 80, 170)  // grey level 84: a navy card
        card.ink = card.paper
        card.patches = (0..<12).map { i in
            let y = 100 + 25 * Double(i)
            return Scene.Patch(corners: [Point(240, y), Point(440, y), Point(440, y + 3), Point(240, y + 3)],
                               colour: RGB8(240, 240, 240), overPage: true)
        }
        #expect(PrintedRows().transitions(in: card.render(), corners: Self.page.corners) >= 20)
    }

    @Test("a cell is ink clearly darker than its paper, or clearly lighter on a ground darker than white paper")
    func inkRule() {
        let rows = PrintedRows()
        #expect(rows.isInk(30, paper: 200))
        #expect(!rows.isInk(190, paper: 200))
        #expect(rows.isInk(240, paper: 84))
        #expect(!rows.isInk(95, paper: 84))
        // On a ground as light as paper in the shade, a lighter line is glare or a tile's joint.
        #expect(!rows.isInk(250, paper: 180))
        // On a ground too dark for paper nothing is ink.
        #expect(!rows.isInk(10, paper: 50))
        #expect(!rows.isInk(200, paper: 50))
    }

    @Test("a shadow across a blank page is no print")
    func shadowIsNoPrint() {
        var scene = Self.scene(printed: false)
        scene.shade = (origin: Point(350, 240), normal: Point(0.3, 1), factor: SIMD3(0.55, 0.55, 0.6))
        #expect(PrintedRows().transitions(in: scene.render(), corners: Self.page.corners) == 0)
    }

    @Test("counting stops at enough")
    func stopsAtEnough() {
        #expect(PrintedRows().transitions(in: Self.scene(printed: true).render(), corners: Self.page.corners, enough: 4) == 4)
    }

    @Test("the share of confidence kept rises from the blank factor to all of it over the first lines")
    func printFactor() {
        #expect(ConfidenceModel.printFactor(transitions: 0, blankFactor: 0.5) == 0.5)
        #expect(ConfidenceModel.printFactor(transitions: 2, blankFactor: 0.5) == 0.75)
        #expect(ConfidenceModel.printFactor(transitions: 4, blankFactor: 0.5) == 1)
        #expect(ConfidenceModel.printFactor(transitions: 40, blankFactor: 0.2) == 1)
    }

    @Test("a blank page keeps half its confidence, a printed one all of it; at 1 the cue is off")
    func detectorConfidence() throws {
        var off = DetectionOptions()
        off.blankOutlineFactor = 1
        let blank = Self.scene(printed: false).render(), printed = Self.scene(printed: true).render()
        let blankWithout = try #require(try DocumentDetector(options: off).detect(in: blank))
        let blankWith = try #require(DocumentDetector().detect(in: blank))
        #expect(abs(blankWith.confidence - 0.5 * blankWithout.confidence) < 1e-9)
        #expect(blankWith.quad == blankWithout.quad)
        let printedWithout = try #require(try DocumentDetector(options: off).detect(in: printed))
        let printedWith = try #require(DocumentDetector().detect(in: printed))
        #expect(printedWith.confidence == printedWithout.confidence)
        // A stricter threshold keeps the printed page and turns the blank one into "no document".
        var strict = DetectionOptions()
        strict.confidenceThreshold = 0.6
        #expect(try DocumentDetector(options: strict).detect(in: blank) == nil)
        #expect(try DocumentDetector(options: strict).detect(in: printed) != nil)
    }

    @Test("an outline the gate doubts counts as a page when it is full of print, by the inverse of the blank factor")
    func printedPageWeighted() throws {
        let printed = Self.scene(printed: true).render(), blank = Self.scene(printed: false).render()
        /// The confidence `detector` gives the page outline measured at `confidence` in `image`.
        func weighed(_ confidence: Double, in image: Image<RGB8>, by detector: DocumentDetector = DocumentDetector()) -> Double {
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
        let printed = Self.scene(printed: true).render(), blank = Self.scene(printed: false).render()
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
        let page = Self.scene(printed: true).render()
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

    @Test("the blank factor is a share")
    func validation() {
        var options = DetectionOptions()
        options.blankOutlineFactor = 1.5
        #expect(throws: DetectionError.self) { try options.validate() }
        options.blankOutlineFactor = -0.1
        #expect(throws: DetectionError.self) { try options.validate() }
        options.blankOutlineFactor = 0
        #expect(throws: Never.self) { try options.validate() }
    }
}
