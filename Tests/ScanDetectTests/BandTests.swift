import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// `PageEvidence.includingBands` on rendered scenes: an outline that stops at a dark band printed
/// to the page's edge moves out to the page's border; a dark strip beside the page, which the
/// page's sides do not run across, is left out.
@Suite("Bands printed to the page's edge")
struct BandTests {
    /// Share of the page's height the band covers (an ID card's header is about a fifth).
    static let bandShare = 0.18
    static let bandColour = RGB8(40, 70, 130)

    /// The point a share `t` of the way from `a` to `b`.
    static func between(_ a: Point, _ b: Point, _ t: Double) -> Point { a + (b - a) * t }

    /// A table's joint 4 pixels wide, `distance` pixels above the page's top side and parallel to
    /// it, across the whole frame.
    static func joint(above page: Quad, by distance: Double, colour: RGB8) -> Scene.Patch {
        let c = page.corners
        let direction = (c[1] - c[0]) / c[1].distance(to: c[0])
        let a = c[0] + Point(0, -distance) - direction * 400, b = c[1] + Point(0, -distance) + direction * 400
        return .init(corners: [a + Point(0, -4), b + Point(0, -4), b, a], colour: colour, overPage: false)
    }

    /// A table's joint 4 pixels wide running on from `start` for `length` pixels along the unit
    /// `direction` (up a page's side, past its corner).
    static func joint(from start: Point, along direction: Point, length: Double, colour: RGB8) -> Scene.Patch {
        let across = Point(-direction.y, direction.x) * 2, end = start + direction * length
        return .init(corners: [start - across, end - across, end + across, start + across], colour: colour,
                     overPage: false)
    }

    /// The page's outline with its top side moved down to the band's inner edge.
    static var insideTheBand: Quad {
        let c = PageEvidenceTests.outline.corners
        return Quad(topLeft: between(c[0], c[3], bandShare), topRight: between(c[1], c[2], bandShare),
                    bottomRight: c[2], bottomLeft: c[3])
    }

    /// The evidence of the page with a band along its top, and the working factor.
    static func bandedPage() -> (evidence: PageEvidence, factor: Double) {
        let page = PageEvidenceTests.outline
        var scene = Scene(width: 720, height: 480, page: page)
        let inner = insideTheBand.corners
        scene.patches = [.init(corners: [page.corners[0], page.corners[1], inner[1], inner[0]], colour: bandColour,
                               overPage: true)]
        return PageEvidenceTests.evidence(for: scene.render())
    }

    @Test("an outline that stops at a band along the top moves out to the page's top side")
    func takesInABand() throws {
        let page = PageEvidenceTests.outline
        let (evidence, factor) = Self.bandedPage()
        let cut = PageEvidenceTests.working(Self.insideTheBand, factor: factor)
        let truth = PageEvidenceTests.working(page, factor: factor)
        #expect(RegionSnapperTests.largestCornerError(cut.x, cut.y, truth) > 20)
        let extended = evidence.includingBands(x: cut.x, y: cut.y)
        #expect(RegionSnapperTests.largestCornerError(extended.x, extended.y, truth) < 1.5, "\(extended)")
    }

    @Test("an outline whose sides lie a little inside the page's still takes in the band")
    func takesInABandPastSidesFoundALittleOff() throws {
        let page = PageEvidenceTests.outline
        let (evidence, factor) = Self.bandedPage()
        let inner = Self.insideTheBand.corners
        // The left and right sides 6 pixels (3 working pixels) inside the page's, as a curled
        // sheet's are near its corners: run on across the band, they miss its ends.
        let inset = Point(6, 0)
        let off = Quad(topLeft: inner[0] + inset, topRight: inner[1] - inset, bottomRight: inner[2] - inset,
                       bottomLeft: inner[3] + inset)
        let cut = PageEvidenceTests.working(off, factor: factor)
        let truth = PageEvidenceTests.working(page, factor: factor)
        let extended = evidence.includingBands(x: cut.x, y: cut.y)
        // The top corners moved out onto the page's top side.
        let top = FittedLine(through: Point(truth.x[0], truth.y[0]), and: Point(truth.x[1], truth.y[1]))
        for k in 0..<2 {
            #expect(abs(top.distance(Point(cut.x[k], cut.y[k]))) > 20)
            #expect(abs(top.distance(Point(extended.x[k], extended.y[k]))) < 1.5, "\(extended)")
        }
    }

    /// An ID card with a black header on dark wood, a thumb over one corner: the generator's
    /// `finger_0010` at 640 px (`Tools/synth/generate.py --seed 2026 --count 35 --families
    /// finger,fabric --long-side 640`). Without the band the outline stops under the header
    /// (JI 0.80).
    @Test("a card whose header is as dark as the table is found whole (JI ≥ 0.95)")
    func findsACardWithADarkHeader() throws {
        let truth = Quad(topLeft: Point(54.573, 15.731), topRight: Point(614.542, 37.87),
                         bottomRight: Point(622.333, 379.123), bottomLeft: Point(48.194, 393.896))
        try expectDetected(in: fixturePhoto("bands/card-header.jpg"), truth: truth, least: 0.95)
    }

    @Test("a dark strip beside the page, longer than its side, stays outside the outline")
    func leavesOutAStripBesideThePage() throws {
        let page = PageEvidenceTests.outline
        var scene = Scene(width: 720, height: 480, page: page)
        let c = page.corners
        // A ruler along the top side, touching it and running on past both its ends.
        let along = (c[1] - c[0]) * 0.25, up = Point(0, -40)
        scene.patches = [.init(corners: [c[0] - along + up, c[1] + along + up, c[1] + along, c[0] - along],
                               colour: Self.bandColour, overPage: false)]
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let truth = PageEvidenceTests.working(page, factor: factor)
        let kept = evidence.includingBands(x: truth.x, y: truth.y)
        #expect(kept.x == truth.x && kept.y == truth.y, "\(kept)")
    }

    @Test("a table's own line beside the page does not make a band")
    func leavesOutTheTable() throws {
        let page = PageEvidenceTests.outline
        var scene = Scene(width: 720, height: 480, page: page)
        // A dark joint 16 pixels above the top side, across the whole frame: the strip between
        // is table, like the table outside the other sides.
        scene.patches = [Self.joint(above: page, by: 16, colour: RGB8(30, 25, 20))]
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let truth = PageEvidenceTests.working(page, factor: factor)
        let kept = evidence.includingBands(x: truth.x, y: truth.y)
        #expect(kept.x == truth.x && kept.y == truth.y, "\(kept)")
    }
}
