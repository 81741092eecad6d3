import ScanCore
import Testing
@testable import ScanDetect

/// Of two accepted pages apart on a desk, the one the photo was framed on comes first.
@Suite("Framed page")
struct FramedPageTests {
    static func sheet(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, confidence: Double) -> WorkingQuad {
        OutlineChoiceTests.measured(OutlineChoiceTests.quad(x0, y0, x1, y1, confidence: confidence, rank: 0.5))
    }

    static func framed(_ ranked: [WorkingQuad]) -> [WorkingQuad] {
        WorkingQuad.framedPageFirst(ranked, threshold: DetectionOptions().confidenceThreshold, width: 480, height: 360)
    }

    /// In a 480 × 360 frame: a sheet in the top-left corner and one around the centre.
    static let cornerSheet = sheet(10, 10, 170, 130, confidence: 0.95)
    static let centralSheet = sheet(180, 110, 320, 260, confidence: 0.6)

    @Test("an accepted page nearer the frame's centre goes before an accepted one apart from it")
    func centralPageFirst() {
        let chosen = Self.framed([Self.cornerSheet, Self.centralSheet])
        #expect(chosen.first?.x == Self.centralSheet.x && chosen.first?.y == Self.centralSheet.y)
        #expect(chosen.count == 2)
        // Already first, it stays.
        #expect(Self.framed([Self.centralSheet, Self.cornerSheet]).first?.x == Self.centralSheet.x)
    }

    @Test("a doubted outline, an unmeasured one, or an overlapping one does not displace the first choice")
    func onlySeparateAcceptedPages() {
        var doubted = Self.centralSheet
        doubted.confidence = 0.3
        #expect(Self.framed([Self.cornerSheet, doubted]).first?.x == Self.cornerSheet.x)
        let unmeasured = OutlineChoiceTests.quad(180, 110, 320, 260, confidence: 0.6, rank: 0.5)
        #expect(Self.framed([Self.cornerSheet, unmeasured]).first?.x == Self.cornerSheet.x)
        // Sharing 20 × 30 of the corner sheet's 160 × 120 (3.1 %) is still apart; 40 × 30 (6.3 %) is not.
        let touching = Self.sheet(150, 100, 290, 250, confidence: 0.6)
        #expect(Self.framed([Self.cornerSheet, touching]).first?.x == touching.x)
        let overlapping = Self.sheet(130, 100, 270, 250, confidence: 0.6)
        #expect(Self.framed([Self.cornerSheet, overlapping]).first?.x == Self.cornerSheet.x)
    }

    @Test("a doubted first choice is left to the rules for doubted outlines")
    func doubtedFirstChoiceUnchanged() {
        var doubted = Self.cornerSheet
        doubted.confidence = 0.3
        #expect(Self.framed([doubted, Self.centralSheet]).first?.x == doubted.x)
    }

    @Test("the offset from the centre is read in shares of the frame's sides")
    func offCentreInShares() {
        let quad = Self.sheet(0, 0, 240, 360, confidence: 0.9)
        #expect(abs(quad.offCentre(inFrameOf: 480, 360) - 0.25) < 1e-12)
    }
}

/// The same on a rendered desk: a page framed at the centre, another sheet lying in a corner.
@Suite("Framed page on a desk")
struct FramedPageSceneTests {
    @Test("of two sheets apart on a desk, the one at the frame's centre is the page")
    func pageAtTheCentre() throws {
        let page = Quad(topLeft: Point(300, 150), topRight: Point(440, 160),
                        bottomRight: Point(430, 350), bottomLeft: Point(290, 340))
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
        // A blank sheet of the page's size in the top-left corner, apart from it.
        let other = [Point(40, 30), Point(190, 40), Point(180, 230), Point(35, 220)]
        scene.patches = [.init(corners: other, colour: RGB8(236, 234, 228), overPage: false)]
        // Without the rule the blank sheet is chosen: the gate is surer of it (0.98) than of the page (0.82).
        let detection = try #require(DocumentDetector().detect(in: scene.render()))
        #expect(jaccardIndex(truth: page, predicted: detection.quad) >= 0.95)
    }
}
