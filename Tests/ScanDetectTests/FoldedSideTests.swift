#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// `PageEvidence.foldedPanel` through `includingRunOn`: an outline stopping at a page's crease,
/// whose sides bend there, moves out to the far panel's side; it stays where the far side is
/// turned well away from the crease, as no page's side is; and a folded page in a generated photo
/// is outlined whole.
@Suite("Sides moved across a fold to the far panel")
struct FoldedSideTests {
    /// The printed near panel (the scene's page) on a grey desk, and beyond its top side, the
    /// crease, a far panel of the same paper in light shade, its sides turned 18° and 12° off the
    /// near panel's (two of `PageEvidence.foldTurns`), `rightLength` pixels long on the right.
    static func foldedPage(rightLength: Double = 120) -> (scene: Scene, far: (left: Point, right: Point)) {
        let near = Quad(topLeft: Point(200, 220), topRight: Point(520, 230),
                        bottomRight: Point(510, 400), bottomLeft: Point(190, 390))
        let c = near.corners
        func turned(_ u: Point, degrees: Double) -> Point {
            let a = degrees * .pi / 180
            return Point(u.x * cos(a) - u.y * sin(a), u.x * sin(a) + u.y * cos(a))
        }
        let left = c[0] + turned((c[0] - c[3]) / c[0].distance(to: c[3]), degrees: -18) * 125
        let right = c[1] + turned((c[1] - c[2]) / c[1].distance(to: c[2]), degrees: 12) * rightLength
        var scene = Scene(width: 720, height: 480, page: near)
        scene.background = .flat(RGB8(150, 140, 128))
        scene.patches = [.init(corners: [left, right, c[1], c[0]], colour: RGB8(221, 219, 214), overPage: false)]
        return (scene, (left, right))
    }

    @Test("an outline stopping at a crease moves out to the far panel's side")
    func movesAcrossTheFold() {
        let (scene, far) = Self.foldedPage()
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let near = scene.page!
        let start = PageEvidenceTests.working(near, factor: factor)
        let whole = Quad(topLeft: far.left, topRight: far.right,
                         bottomRight: near.corners[2], bottomLeft: near.corners[3])
        let truth = PageEvidenceTests.working(whole, factor: factor)
        let moved = evidence.includingRunOn(x: start.x, y: start.y)
        #expect(RegionSnapperTests.largestCornerError(moved.x, moved.y, truth) < 3, "\(moved)")
    }

    @Test("the outline stays where the far side would turn more than 10° from the crease")
    func keepsAFarSideAskew() {
        let (scene, far) = Self.foldedPage(rightLength: 40)
        let c = scene.page!.corners
        let crease = c[1] - c[0], farSide = far.right - far.left
        #expect(farSide.dot(crease) < PageEvidence.foldParallel * farSide.length * crease.length)
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        RunOnSideTests.expectKept(scene.page!, evidence: evidence, factor: factor)
    }

    /// A photo from the generator's seed 15 (folded_0026): a report folded across, on dark tiles.
    /// The outline chosen stopped at the crease (JI 0.60).
    @Test("a report folded across is outlined whole")
    func reportFoldedAcross() throws {
        let truth = Quad(topLeft: Point(657.903, 595.992), topRight: Point(1062.32, 663.227),
                         bottomRight: Point(1065.579, 1285.742), bottomLeft: Point(631.736, 1292.648))
        let photo = try fixturePhoto("folded/report-folded-on-dark-tiles.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.95)
    }
}
