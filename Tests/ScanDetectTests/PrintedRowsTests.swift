import ScanCore
import Testing
@testable import ScanDetect

/// `PrintedRows`, the lines-of-print cue, and what it does to the detector's confidence: a page
/// of text keeps its confidence, a blank outline keeps `DetectionOptions.blankOutlineFactor` of it
/// (`PrintedPageTests`: a doubted outline full of print counts the inverse of that share).
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
