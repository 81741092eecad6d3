import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// `PageEvidence.includingRunOn` on rendered scenes and generated photos: an outline whose side
/// lies on the page's print, below a page edge too faint to be a line (paper on a table of its
/// own colour), moves out to where the page's neighbouring sides end, also in a shadow cast over
/// the page's top; a page's own outline stays, whether its sides end at its corners or joints
/// run on from them across a beige desk. An outline moves out as well where the page's sides run
/// on in the gradient alone, not as edges.
@Suite("Sides moved to where the neighbouring sides end")
struct RunOnSideTests {
    /// Share of the page's height above the outline's top side, in a gap between lines of print
    /// (`Scene` prints lines 9.9 mm apart from 30 mm down a 297 mm page), as is the margin just
    /// outside the side (4 working pixels, 8 mm, above it).
    static let printShare = 64.0 / 297

    /// The page on a darker desk, the desk above the page's top side the paper's own colour: that
    /// side is no edge, and the page's left and right sides end at its top corners.
    static func pageWithFaintTop(desk: RGB8 = RGB8(150, 140, 128)) -> Scene {
        let page = PageEvidenceTests.outline
        var scene = Scene(width: 720, height: 480, page: page)
        scene.background = .flat(desk)
        let c = page.corners
        let along = (c[1] - c[0]) / c[1].distance(to: c[0])
        let a = c[0] - along * 400, b = c[1] + along * 400
        scene.patches = [.init(corners: [a + Point(0, -300), b + Point(0, -300), b, a], colour: scene.paper,
                               overPage: false)]
        return scene
    }

    @Test("an outline stopping on print below a faint page edge moves out to where the page's sides end")
    func movesOutToTheSidesEnds() {
        let (evidence, factor) = PageEvidenceTests.evidence(for: Self.pageWithFaintTop().render())
        let start = PageEvidenceTests.working(PaperSideTests.below(Self.printShare), factor: factor)
        let truth = PageEvidenceTests.working(PageEvidenceTests.outline, factor: factor)
        #expect(RegionSnapperTests.largestCornerError(start.x, start.y, truth) > 20)
        // No detected line lies along the faint edge for `includingPaper` to move the side to.
        let paper = evidence.includingPaper(x: start.x, y: start.y)
        #expect(paper.x == start.x && paper.y == start.y)
        let moved = evidence.includingRunOn(x: start.x, y: start.y)
        #expect(RegionSnapperTests.largestCornerError(moved.x, moved.y, truth) < 2, "\(moved)")
    }

    @Test("an outline stopping on print in a shadow below a faint page edge moves out as well")
    func movesOutInShade() {
        // The shadow falls on the page above a quarter of its height and on the desk beyond its
        // top side, which stays as faint: the desk there is the paper in that shade.
        var scene = Self.pageWithFaintTop(desk: RGB8(90, 70, 55))
        scene.shade = PaperSideTests.shadeAbove(0.25, light: 0.6)
        scene.patches[0].colour = RGB8(143, 142, 138)
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let start = PageEvidenceTests.working(PaperSideTests.below(Self.printShare), factor: factor)
        let truth = PageEvidenceTests.working(PageEvidenceTests.outline, factor: factor)
        let moved = evidence.includingRunOn(x: start.x, y: start.y)
        #expect(RegionSnapperTests.largestCornerError(moved.x, moved.y, truth) < 2, "\(moved)")
    }

    @Test("the page's own outline stays where its sides end at its corners")
    func keepsThePageOutline() {
        let (evidence, factor) = PageEvidenceTests.evidence(for: Self.pageWithFaintTop().render())
        Self.expectKept(PageEvidenceTests.outline, evidence: evidence, factor: factor)
    }

    @Test("on a beige desk, joints running on from the page's sides do not take the desk in")
    func keepsThePageOnABeigeDesk() {
        let page = PageEvidenceTests.outline
        let c = page.corners
        var scene = Scene(width: 720, height: 480, page: page)
        // A beige desk: within `continuationDifference` of the paper, so its strip reads as
        // paper, but neither within `runOnPaperDifference` nor the paper's colour in shade.
        scene.background = .flat(RGB8(232, 216, 196))
        // Dark joints running on 48 pixels up from the page's top corners along its sides.
        let up = (c[0] - c[3]) / c[0].distance(to: c[3])
        scene.patches = [c[0], c[1]].map { BandTests.joint(from: $0, along: up, length: 48, colour: RGB8(60, 55, 50)) }
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        Self.expectKept(page, evidence: evidence, factor: factor)
    }

    /// A photo from the generator's seed 23 (white_table_0024): a letter on a white table whose
    /// left edge barely shows. The outline chosen stopped at a line of its print (JI 0.61).
    @Test("a letter on a white table is outlined up to its faint left edge")
    func letterOnAWhiteTable() throws {
        let truth = Quad(topLeft: Point(43.676, 113.447), topRight: Point(1436.3, 70.343),
                         bottomRight: Point(1353.165, 1040.74), bottomLeft: Point(146.421, 972.225))
        let photo = try fixturePhoto("run-on/letter-on-white-table.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.95)
    }

    /// A photo from the generator's seed 23 (clutter_0020): a receipt under two pencils on a pale
    /// desk. The outline chosen stopped at a line of its print below the pencils (JI 0.34); the
    /// receipt's sides run on past it only in the gradient, which moves it to the receipt's top.
    @Test("a receipt under pencils is outlined up to its top, where its sides run on in the gradient alone")
    func receiptUnderPencils() throws {
        let truth = Quad(topLeft: Point(182.989, 250.576), topRight: Point(621.545, 169.526),
                         bottomRight: Point(616.007, 1068.425), bottomLeft: Point(78.774, 1072.707))
        let photo = try fixturePhoto("run-on/receipt-under-pencils.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.9)
    }

    /// Expects `includingRunOn` to leave the outline `page` as it is.
    static func expectKept(_ page: Quad, evidence: PageEvidence, factor: Double,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let truth = PageEvidenceTests.working(page, factor: factor)
        let kept = evidence.includingRunOn(x: truth.x, y: truth.y)
        #expect(kept.x == truth.x && kept.y == truth.y, "\(kept)", sourceLocation: sourceLocation)
    }
}
