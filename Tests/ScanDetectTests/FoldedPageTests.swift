import ScanCore
import Testing
@testable import ScanDetect

/// The whole page over one of its panels: the geometry of the pieces a page adds beyond a panel,
/// the choice among ranked hypotheses, and the same-sheet test on analytic scenes.
@Suite("Folded page")
struct FoldedPageTests {
    static let square = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]

    static func quad(_ corners: [Point], confidence: Double) -> WorkingQuad {
        WorkingQuad(x: SIMD4(corners.map(\.x)), y: SIMD4(corners.map(\.y)), confidence: confidence)
    }

    @Test("a panel across the outline leaves one piece, the rest of the outline")
    func onePiece() throws {
        let panel = [Point(0, 0), Point(100, 0), Point(100, 50), Point(0, 50)]
        let pieces = try #require(FoldedPage.pieces(of: Self.square, beyond: panel, reach: 1))
        #expect(pieces.count == 1)
        #expect(abs(Polygon.area(pieces[0]) - 5000) < 1e-6)
        #expect(pieces[0].allSatisfy { $0.y >= 50 })
        #expect(Polygon.signedArea(pieces[0]) > 0, "clockwise on screen, like the outline")
    }

    @Test("a middle panel leaves a piece on each side")
    func twoPieces() throws {
        let panel = [Point(0, 30), Point(100, 30), Point(100, 60), Point(0, 60)]
        let pieces = try #require(FoldedPage.pieces(of: Self.square, beyond: panel, reach: 1))
        #expect(pieces.map { Polygon.area($0).rounded() }.sorted() == [3000, 4000])
    }

    @Test("a box printed inside the outline, or the outline itself, is no panel")
    func noPanel() {
        let box = [Point(20, 20), Point(80, 20), Point(80, 50), Point(20, 50)]
        #expect(FoldedPage.pieces(of: Self.square, beyond: box, reach: 5) == nil)
        #expect(FoldedPage.pieces(of: Self.square, beyond: Self.square, reach: 5) == nil)
    }

    @Test("a fold's bend is allowed within the reach, not beyond it")
    func bentFold() {
        let panel = [Point(0, 0), Point(100, 0), Point(96, 50), Point(0, 50)]
        #expect(FoldedPage.pieces(of: Self.square, beyond: panel, reach: 5) != nil)
        #expect(FoldedPage.pieces(of: Self.square, beyond: panel, reach: 3) == nil)
    }

    static let panel = quad([Point(0, 0), Point(100, 0), Point(100, 50), Point(0, 50)], confidence: 0.8)
    static let page = quad(square, confidence: 0.6)
    static let elsewhere = quad([Point(200, 0), Point(260, 0), Point(260, 40), Point(200, 40)], confidence: 0.9)

    /// `ranked` in the order `wholePageFirst` gives it, each outline 50 pixels inside a
    /// `frame × frame` frame.
    static func choose(_ ranked: [WorkingQuad], sameSheet: Bool, frame: Double = 400) -> [WorkingQuad] {
        let options = DetectionOptions()
        let shifted = ranked.map { quad($0.corners.map { $0 + Point(50, 50) }, confidence: $0.confidence) }
        return FoldedPage.wholePageFirst(shifted, threshold: options.confidenceThreshold,
                                         enclosedShare: options.enclosedShare, width: frame, height: frame) { _ in
            sameSheet
        }.map { quad($0.corners.map { $0 - Point(50, 50) }, confidence: $0.confidence) }
    }

    @Test("the page a panel belongs to goes first when its piece is the same sheet")
    func pageFirst() {
        let chosen = Self.choose([Self.panel, Self.elsewhere, Self.page], sameSheet: true)
        #expect(chosen.first?.x == Self.page.x && chosen.first?.y == Self.page.y)
        #expect(chosen.count == 3)
    }

    @Test("the panel stays first when the piece is not the same sheet, or the page is doubted")
    func panelStays() {
        #expect(Self.choose([Self.panel, Self.page], sameSheet: false).first?.y == Self.panel.y)
        var doubted = Self.page
        doubted.confidence = 0.2
        #expect(Self.choose([Self.panel, doubted], sameSheet: true).first?.y == Self.panel.y)
        #expect(Self.choose([Self.panel, Self.elsewhere], sameSheet: true).first?.y == Self.panel.y)
    }

    @Test("the panel stays first when the page's outline runs on past the frame")
    func pagePastTheFrame() {
        // The page's far corners (at 150) 8 pixels past the frame's border, on it, and
        // `WorkingQuad.frameMargin` (3 pixels) inside it, where they count as seen.
        #expect(Self.choose([Self.panel, Self.page], sameSheet: true, frame: 142).first?.y == Self.panel.y)
        #expect(Self.choose([Self.panel, Self.page], sameSheet: true, frame: 150).first?.y == Self.panel.y)
        #expect(Self.choose([Self.panel, Self.page], sameSheet: true, frame: 153).first?.y == Self.page.y)
    }

    /// A report on a white table of boards from the generator's seed 23 (white_table_0011): the
    /// outline of the report and the boards above it, run on past the frame's top, passed the
    /// gate and was taken for the report's whole page (JI 0.41).
    @Test("a page is not replaced by an outline past the frame around it (JI ≥ 0.95)")
    func pageBelowBoards() throws {
        let photo = try fixturePhoto("whole-page/report-on-white-boards.jpg")
        let truth = Quad(topLeft: Point(133.242, 720.957), topRight: Point(1002.768, 793.712),
                         bottomRight: Point(915.213, 1242.358), bottomLeft: Point(92.369, 1319.101))
        try expectDetected(in: photo, truth: truth, least: 0.95)
    }

    // MARK: - Whole outlines ranked low

    static func wholeOutlines(_ outlines: [WorkingQuad], limit: Int = 4) -> [(outline: WorkingQuad, pieces: [[Point]])] {
        // The square and its panel 50 pixels inside a 200 × 200 frame.
        let shift = { (outline: WorkingQuad) in quad(outline.corners.map { $0 + Point(50, 50) }, confidence: outline.confidence) }
        return FoldedPage.wholeOutlines(around: shift(panel), among: ArraySlice(outlines.map(shift)), limit: limit,
                                        enclosedShare: DetectionOptions().enclosedShare, width: 200, height: 200)
    }

    @Test("an outline through a panel's corners holding it may be its whole page; a box, the panel, one past the frame may not")
    func wholeOutlinesAroundAPanel() {
        let box = Self.quad([Point(20, 10), Point(80, 10), Point(80, 40), Point(20, 40)], confidence: 0.9)
        // The page run on 60 pixels past its lower side, out of the frame.
        let pastTheFrame = Self.quad([Point(0, 0), Point(100, 0), Point(100, 160), Point(0, 160)], confidence: 0.9)
        let found = Self.wholeOutlines([box, Self.panel, pastTheFrame, Self.page])
        #expect(found.map { $0.outline.y } == [Self.page.y + 50])
        #expect(Self.wholeOutlines([Self.page, Self.page, Self.page], limit: 2).count == 2)
    }

    /// Whether `DocumentDetector.wholePage` puts the outline `whole` before an accepted `panel`
    /// (full-resolution corners) in `scene`, `whole` ranked below the measured hypotheses.
    static func wholePageChosen(_ scene: Scene, panel: [Point], whole: [Point]) -> Bool {
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let working = { (corners: [Point]) in quad(corners.map { $0 / factor }, confidence: 0.9) }
        var measurer = EvidenceMeasurer(evidence: evidence, lineOutline: nil, regionOutline: nil,
                                        threshold: DetectionOptions().confidenceThreshold)
        // The panel measured, as `decide` leaves it, and accepted.
        var accepted = measurer.measure([working(panel)])
        accepted[0].confidence = 0.9
        let chosen = DocumentDetector().wholePage(of: accepted, among: [working(whole)], measurer: &measurer)
        return chosen.first?.corners == working(whole).corners
    }

    @Test("a printed page's whole outline ranked low replaces its accepted upper panel; a desk beyond the panel does not")
    func wholePageRankedLow() throws {
        let (upper, _) = Self.split(at: 0.5)
        let whole = Self.tilted.ordered().corners
        #expect(Self.wholePageChosen(Self.pageShaded(by: SIMD3(repeating: 0.6)), panel: upper, whole: whole))
        let desk = try Self.pageAbove { $0.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11) }
        #expect(!Self.wholePageChosen(desk, panel: upper, whole: whole))
    }

    // MARK: - The same-sheet test on scenes

    static let tilted = DocumentDetectorTests.tilted

    /// The page's outline cut at `fraction` of the way down its left and right sides: the upper
    /// panel and the lower piece, in full-resolution pixels, clockwise on screen.
    static func split(at fraction: Double) -> (upper: [Point], lower: [Point]) {
        let c = tilted.ordered().corners
        let left = c[0] + (c[3] - c[0]) * fraction, right = c[1] + (c[2] - c[1]) * fraction
        return ([c[0], c[1], right, left], [left, right, c[2], c[3]])
    }

    static func sameSheet(_ scene: Scene, panel: [Point], piece: [Point]) -> Bool {
        let (evidence, factor) = PageEvidenceTests.evidence(for: scene.render())
        let working = { (corners: [Point]) in corners.map { $0 / factor } }
        var measured = quad(working(panel), confidence: 1)
        measured.features = evidence.features(x: measured.x, y: measured.y, other: nil)
        return FoldedPage.isSameSheet(working(piece), as: measured, evidence: evidence)
    }

    /// The whole page, its lower half (below `split(at: 0.5)`) scaled channel by channel by `factor`.
    static func pageShaded(by factor: SIMD3<Double>) -> Scene {
        let upper = split(at: 0.5).upper
        var scene = Scene(width: 720, height: 480, page: tilted)
        scene.background = .stripes(RGB8(90, 70, 60), amplitude: 10, period: 17)
        let fold = upper[2] - upper[3]
        scene.shade = (upper[3], Point(-fold.y, fold.x), factor)
        return scene
    }

    @Test("the shaded half of a printed page beyond a fold is the same sheet")
    func shadedHalf() {
        let (upper, lower) = Self.split(at: 0.5)
        #expect(Self.sameSheet(Self.pageShaded(by: SIMD3(repeating: 0.6)), panel: upper, piece: lower))
    }

    /// The page is the upper panel alone; the scene below it is drawn by `surface`.
    static func pageAbove(surface: (inout Scene) -> Void) throws -> Scene {
        var scene = Scene(width: 720, height: 480, page: try Quad(corners: Self.split(at: 0.5).upper))
        scene.background = .stripes(RGB8(90, 70, 60), amplitude: 10, period: 17)
        surface(&scene)
        return scene
    }

    @Test("a printed sheet of another colour beyond the page's side is not the same sheet")
    func colouredSheet() {
        let (upper, lower) = Self.split(at: 0.5)
        #expect(!Self.sameSheet(Self.pageShaded(by: SIMD3(1, 0.78, 0.8)), panel: upper, piece: lower))
    }

    @Test("a blank sheet beyond the page's side is not the same sheet")
    func blankSheet() throws {
        let (upper, lower) = Self.split(at: 0.5)
        let scene = try Self.pageAbove { $0.patches = [.init(corners: lower, colour: RGB8(238, 236, 230), overPage: false)] }
        #expect(!Self.sameSheet(scene, panel: upper, piece: lower))
    }

    @Test("a grey, mottled surface beyond the page's side is not the same sheet")
    func greySurface() throws {
        let (upper, lower) = Self.split(at: 0.5)
        let scene = try Self.pageAbove { $0.background = .noise(RGB8(110, 110, 112), amplitude: 40, seed: 5) }
        #expect(!Self.sameSheet(scene, panel: upper, piece: lower))
    }

    @Test("the wooden desk beyond the page's side is not the same sheet")
    func woodenDesk() throws {
        let (upper, lower) = Self.split(at: 0.5)
        let scene = try Self.pageAbove { $0.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11) }
        #expect(!Self.sameSheet(scene, panel: upper, piece: lower))
    }
}
