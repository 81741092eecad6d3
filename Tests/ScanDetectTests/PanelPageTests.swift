import ScanCore
import Testing
@testable import ScanDetect

/// A photo printed on an ID card, or a page's header band, can outrank the card or page around
/// it; the gate's surer outline around it is the page (`WorkingQuad.enclosingPageFirst`).
@Suite("Page around a panel")
struct PanelPageTests {
    static func outline(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double,
                        confidence: Double, rank: Double) -> WorkingQuad {
        OutlineChoiceTests.measured(OutlineChoiceTests.quad(x0, y0, x1, y1, confidence: confidence, rank: rank))
    }

    static func chosen(_ ranked: [WorkingQuad]) -> WorkingQuad? {
        let options = DetectionOptions()
        return WorkingQuad.enclosingPageFirst(ranked, threshold: options.confidenceThreshold,
                                              enclosedShare: options.enclosedShare).first
    }

    /// A 60 × 80 photo box (a sixth of the card) on a 200 × 120 card.
    static let photo = outline(120, 110, 180, 190, confidence: 0.6, rank: 0.9)
    static let card = outline(100, 90, 300, 210, confidence: 0.85, rank: 0.5)

    @Test("a surer outline around an accepted panel goes first")
    func cardAroundPhoto() {
        #expect(Self.chosen([Self.photo, Self.card])?.x == Self.card.x)
        // Of two, the surest.
        let surer = Self.outline(98, 88, 302, 212, confidence: 0.9, rank: 0.3)
        #expect(Self.chosen([Self.photo, Self.card, surer])?.x == surer.x)
        #expect(Self.chosen([Self.photo, surer, Self.card])?.x == surer.x)
    }

    @Test("a less sure or implausible outline around the panel leaves it first")
    func onlySurerPlausibleOutlines() {
        var lessSure = Self.card
        lessSure.confidence = 0.55
        #expect(Self.chosen([Self.photo, lessSure])?.x == Self.photo.x)
        var doubtedAsPage = Self.card
        doubtedAsPage.rankScore = WorkingQuad.enclosingMinimumRank - 0.01
        #expect(Self.chosen([Self.photo, doubtedAsPage])?.x == Self.photo.x)
    }

    @Test("an outline the first choice fills much of, or only overlaps, leaves it first")
    func onlyEnclosingOutlinesOfPanels() {
        // The photo fills half of this one: a folded page's panel, FoldedPage's to weigh.
        let halfFilled = Self.outline(120, 110, 240, 190, confidence: 0.9, rank: 0.5)
        #expect(Self.chosen([Self.photo, halfFilled])?.x == Self.photo.x)
        // This one leaves a third of the photo out.
        let overlapping = Self.outline(140, 100, 340, 220, confidence: 0.9, rank: 0.5)
        #expect(Self.chosen([Self.photo, overlapping])?.x == Self.photo.x)
    }

    @Test("a doubted first choice is left to the rules for doubted outlines")
    func doubtedFirstChoiceUnchanged() {
        var doubted = Self.photo
        doubted.confidence = 0.3
        #expect(Self.chosen([doubted, Self.card])?.x == doubted.x)
    }
}

/// A blank outline the gate accepts fails it once weighed by its print (a photo on a card);
/// an accepted outline around it with print is then the page (`printedChoice`).
@Suite("Printed page around a blank panel")
struct PrintedChoiceTests {
    static let page = Quad(topLeft: Point(200, 60), topRight: Point(520, 70),
                           bottomRight: Point(510, 420), bottomLeft: Point(190, 410))
    /// A blank grey-blue box printed over the page's text.
    static let box = [Point(260, 120), Point(360, 120), Point(360, 230), Point(260, 230)]

    static let image: Image<RGB8> = {
        var scene = Scene(width: 720, height: 480, page: page)
        scene.patches = [.init(corners: box, colour: RGB8(150, 165, 190), overPage: true)]
        return scene.render()
    }()

    static func hypothesis(_ corners: [Point], _ confidence: Double) throws -> Detection.Hypothesis {
        Detection.Hypothesis(quad: try Quad(corners: corners).ordered(), confidence: confidence)
    }

    static func choice(_ ranked: [Detection.Hypothesis]) -> (index: Int, confidence: Double)? {
        DocumentDetector().printedChoice(among: ranked, in: image)
    }

    @Test("a blank first choice failing the gate once weighed gives way to the printed page around it")
    func pageAroundBlankBox() throws {
        let blank = try Self.hypothesis(Self.box, 0.6)
        let page = try Self.hypothesis(Self.page.corners, 0.7)
        let choice = try #require(Self.choice([blank, page]))
        #expect(choice.index == 1)
        #expect(abs(choice.confidence - 0.7) < 1e-9)
        // A blank outline sure enough to pass weighed by its print gives way to the printed page
        // around it too, but keeps its place before a blank outline around it.
        let sureBlank = try Self.hypothesis(Self.box, 0.9)
        #expect(Self.choice([sureBlank, page])?.index == 1)
        let blankAround = try Self.hypothesis([Point(255, 115), Point(365, 115), Point(365, 235), Point(255, 235)], 0.9)
        #expect(Self.choice([sureBlank, blankAround])?.index == 0)
    }

    /// A photo from the generator's seed 10 (shadow_0023): a green member card on a checked cloth.
    /// The photo printed on it was the first choice (confidence 0.99), and weighed as blank
    /// (0.49) still passed the gate, so it was chosen over the card around it.
    @Test("the photo on a card the gate accepts gives way to the printed card around it")
    func photoOnCard() throws {
        let truth = Quad(topLeft: Point(459.593, 205.273), topRight: Point(1334.703, 279.135),
                         bottomRight: Point(1431.364, 819.202), bottomLeft: Point(473.12, 884.95))
        try expectDetected(in: fixturePhoto("printed-page/member-card.jpg"), truth: truth, least: 0.95)
    }

    @Test("without an accepted printed outline around the blank one there is no page")
    func noPageAroundBlankBox() throws {
        let blank = try Self.hypothesis(Self.box, 0.6)
        #expect(Self.choice([blank]) == nil)
        let doubtedPage = try Self.hypothesis(Self.page.corners, 0.35)
        #expect(Self.choice([blank, doubtedPage]) == nil)
        // An accepted outline beside the box, not around it, is not its page.
        let beside = try Self.hypothesis([Point(370, 120), Point(500, 120), Point(500, 400), Point(370, 400)], 0.9)
        #expect(Self.choice([blank, beside]) == nil)
        // A doubted first choice is no page, whatever follows.
        let doubtedBlank = try Self.hypothesis(Self.box, 0.3)
        #expect(Self.choice([doubtedBlank, try Self.hypothesis(Self.page.corners, 0.7)]) == nil)
    }
}
