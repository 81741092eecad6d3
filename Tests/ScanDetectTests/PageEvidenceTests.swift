import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The interior and crossing evidence of `PageEvidence`, measured on analytic scenes at known
/// quads, and the necessary conditions `ConfidenceModel.veto` enforces.
@Suite("Page evidence")
struct PageEvidenceTests {
    /// The detector's working-stage analysis of `image`, as `DocumentDetector` builds it.
    static func evidence(for image: Image<RGB8>) -> (evidence: PageEvidence, factor: Double) {
        let options = DetectionOptions()
        let stages = LineStages(image: image, options: options)
        let verifier = HypothesisVerifier(stages: stages, options: options)
        let evidence = PageEvidence(planes: stages.planes, edges: stages.edges, gradient: stages.gradient,
                                    lines: stages.lines(maximumLines: options.maximumLines), verifier: verifier,
                                    cosTolerance: stages.cosTolerance)
        return (evidence, Double(stages.planes.factor))
    }

    /// A quad's corners in working coordinates, clockwise on screen.
    static func working(_ quad: Quad, factor: Double) -> (x: SIMD4<Double>, y: SIMD4<Double>) {
        let c = quad.ordered().corners
        return (SIMD4(c[0].x, c[1].x, c[2].x, c[3].x) / factor, SIMD4(c[0].y, c[1].y, c[2].y, c[3].y) / factor)
    }

    static let outline = Quad(topLeft: Point(200, 100), topRight: Point(520, 110),
                              bottomRight: Point(510, 400), bottomLeft: Point(190, 390))

    /// A tablet: a white bezel with a dark screen inset 18 pixels, on a wooden desk.
    static var tablet: Scene {
        var scene = Scene(width: 720, height: 480, page: nil)
        scene.background = .stripes(RGB8(120, 85, 60), amplitude: 10, period: 15)
        let o = outline.corners
        let inset = [Point(o[0].x + 18, o[0].y + 18), Point(o[1].x - 18, o[1].y + 18),
                     Point(o[2].x - 18, o[2].y - 18), Point(o[3].x + 18, o[3].y - 18)]
        scene.patches = [.init(corners: inset, colour: RGB8(25, 28, 40), overPage: false),
                         .init(corners: o, colour: RGB8(235, 235, 232), overPage: false)]
        return scene
    }

    /// The outline of `keyboard`'s body.
    static let keyboardFrame = Quad(topLeft: Point(200, 100), topRight: Point(520, 100), bottomRight: Point(520, 400), bottomLeft: Point(200, 400))

    /// A keyboard: light keys in a grey frame, cut into a grid by 6-pixel gaps.
    static var keyboard: Scene {
        var scene = Scene(width: 720, height: 480, page: nil)
        scene.background = .flat(RGB8(90, 70, 95))
        var keys: [Scene.Patch] = []
        for row in 0..<6 {
            for column in 0..<9 {
                let x = 212.0 + Double(column) * 34, y = 112.0 + Double(row) * 46
                keys.append(.init(corners: [Point(x, y), Point(x + 28, y), Point(x + 28, y + 40), Point(x, y + 40)],
                                  colour: RGB8(240, 240, 238), overPage: false))
            }
        }
        scene.patches = keys + [.init(corners: keyboardFrame.corners, colour: RGB8(200, 200, 198), overPage: false)]
        return scene
    }

    @Test("a page's interior is paper with some ink; a dark screen in a bezel is not paper")
    func interiorTones() throws {
        var page = Scene(width: 720, height: 480, page: Self.outline)
        page.background = .stripes(RGB8(120, 85, 60), amplitude: 10, period: 15)
        let (pageEvidence, f1) = Self.evidence(for: page.render())
        let p = Self.working(Self.outline, factor: f1)
        let margin = 0.299 * 238 + 0.587 * 236 + 0.114 * 230
        let pageTones = pageEvidence.interiorTones(x: p.x, y: p.y, margin: margin)
        #expect(pageTones.paper >= 0.6, "page interior paper \(pageTones.paper)")
        #expect(pageTones.ink > 0.05, "page ink \(pageTones.ink)")

        let (tabletEvidence, f2) = Self.evidence(for: Self.tablet.render())
        let t = Self.working(Self.outline, factor: f2)
        let tabletTones = tabletEvidence.interiorTones(x: t.x, y: t.y, margin: 234)
        #expect(tabletTones.paper < 0.2, "screen interior paper \(tabletTones.paper)")
        let features = tabletEvidence.features(x: t.x, y: t.y, other: nil)
        #expect(ConfidenceModel.confidence(features) < DetectionOptions().confidenceThreshold)
    }

    @Test("a bezel's inner rim is an inner outline; a page's blank margin is not")
    func innerOutline() {
        let (tabletEvidence, f1) = Self.evidence(for: Self.tablet.render())
        let t = Self.working(Self.outline, factor: f1)
        #expect(tabletEvidence.innerOutline(x: t.x, y: t.y) > 0.6)
        var page = Scene(width: 720, height: 480, page: Self.outline)
        page.background = .flat(RGB8(90, 70, 60))
        let (pageEvidence, f2) = Self.evidence(for: page.render())
        let p = Self.working(Self.outline, factor: f2)
        #expect(pageEvidence.innerOutline(x: p.x, y: p.y) < 0.3)
    }

    /// A tiled floor's evidence with a quad drawn on four of its joints, and the same floor's with
    /// a page lying on it with the page's outline, each quad in working coordinates.
    static let tiledFloor: (drawn: (evidence: PageEvidence, x: SIMD4<Double>, y: SIMD4<Double>),
                            page: (evidence: PageEvidence, x: SIMD4<Double>, y: SIMD4<Double>)) = {
        var floor = Scene(width: 720, height: 480, page: nil)
        floor.background = .tiles(RGB8(200, 205, 200), joint: RGB8(90, 95, 100), size: 60)
        // Joints at x ≡ 60 − 0.37·60 (mod 60) and y ≡ 60 − 0.61·60 (mod 60): a quad on four joints.
        let x0 = 60 - 0.37 * 60 + 1.5 + 120, y0 = 60 - 0.61 * 60 + 1.5 + 60
        let tiles = Quad(topLeft: Point(x0, y0), topRight: Point(x0 + 300, y0),
                         bottomRight: Point(x0 + 300, y0 + 240), bottomLeft: Point(x0, y0 + 240))
        let (floorEvidence, f1) = evidence(for: floor.render())
        let t = working(tiles, factor: f1)
        var page = floor
        page.page = outline
        let (pageEvidence, f2) = evidence(for: page.render())
        let p = working(outline, factor: f2)
        return ((floorEvidence, t.x, t.y), (pageEvidence, p.x, p.y))
    }()

    @Test("tile joints run through a quad drawn by them, not through a page lying on the tiles")
    func borderCrossings() {
        let (drawn, page) = Self.tiledFloor
        #expect(drawn.evidence.borderCrossings(x: drawn.x, y: drawn.y) >= 2)
        #expect(page.evidence.borderCrossings(x: page.x, y: page.y) < 1)
    }

    /// A page on a plain desk with `cables` (their heights, 8 pixels wide) across it from border
    /// to border: each crosses the page's left and right sides.
    static func cableCrossings(_ cables: [Double]) -> Double {
        var scene = Scene(width: 720, height: 480, page: outline)
        scene.background = .flat(RGB8(90, 70, 60))
        scene.patches = cables.map { y in
            Scene.Patch(corners: [Point(0, y), Point(720, y + 20), Point(720, y + 28), Point(0, y + 8)],
                        colour: RGB8(25, 25, 28), overPage: true)
        }
        let (evidence, factor) = evidence(for: scene.render())
        let p = working(outline, factor: factor)
        return evidence.borderCrossings(x: p.x, y: p.y)
    }

    @Test("a cable's two edges across a side are one crossing; two cables far apart are two")
    func cableCrossings() {
        // Two of the four sides crossed, once each; then twice each.
        let one = Self.cableCrossings([200]), two = Self.cableCrossings([160, 300])
        #expect(one == 0.5)
        #expect(two == 1)
    }

    @Test("a quad drawn by tile joints has seams for sides; a page lying on the tiles has borders")
    func seams() {
        let (drawn, page) = Self.tiledFloor
        let seams = drawn.evidence.seamShare(x: drawn.x, y: drawn.y)
        #expect(seams >= ConfidenceModel.seamLimit.upperBound, "seam share \(seams)")
        let borders = page.evidence.seamShare(x: page.x, y: page.y)
        #expect(borders < ConfidenceModel.seamLimit.lowerBound, "seam share \(borders)")
    }

    @Test("a keyboard's interior edges split evenly between both axes; text lines do not")
    func gridBalance() {
        let (keyboardEvidence, f1) = Self.evidence(for: Self.keyboard.render())
        let frame = Self.keyboardFrame
        let k = Self.working(frame, factor: f1)
        #expect(keyboardEvidence.interiorGridBalance(x: k.x, y: k.y) > 0.6)
        var page = Scene(width: 720, height: 480, page: frame)
        page.background = .flat(RGB8(90, 70, 95))
        let (pageEvidence, f2) = Self.evidence(for: page.render())
        let p = Self.working(frame, factor: f2)
        #expect(pageEvidence.interiorGridBalance(x: p.x, y: p.y) < 0.6)
    }

    /// The pages are the generator's (real fonts) rather than a scene's: the scene renderer's
    /// text is bars of ink at one pitch, whose lattice reading swings with how the bars fall on
    /// the cells (0.16–0.78 over six frames of one page, ranked or not).
    @Test("a keyboard's keys repeat as a lattice; a page's text lines and a blank card do not")
    func lattice() throws {
        let frame = Self.keyboardFrame
        let (keyboardEvidence, f1) = Self.evidence(for: Self.keyboard.render())
        let k = Self.working(frame, factor: f1)
        let keys = keyboardEvidence.interiorLattice(x: k.x, y: k.y)
        #expect(keys > ConfidenceModel.latticeLimit.upperBound, "keyboard lattice \(keys)")

        let pages = SyntheticFixtureTests.entries(in: ["finger", "shadow", "curled", "folded"])
        #expect(pages.count == 8)
        for entry in pages {
            let corners = try #require(entry.corners).map { Point($0[0], $0[1]) }
            let (pageEvidence, f2) = Self.evidence(for: try fixturePhoto("synth/" + entry.image))
            let p = Self.working(try Quad(corners: corners), factor: f2)
            let text = pageEvidence.interiorLattice(x: p.x, y: p.y)
            #expect(text < ConfidenceModel.latticeLimit.lowerBound, "\(entry.image): page lattice \(text)")
            #expect(pageEvidence.features(x: p.x, y: p.y, other: nil)[PageEvidence.latticeFeature] == text)
            #expect(pageEvidence.features(x: p.x, y: p.y, other: nil, measuringLattice: false)[PageEvidence.latticeFeature] == 0)
        }

        var card = Scene(width: 720, height: 480, page: nil)
        card.background = .flat(RGB8(90, 70, 95))
        card.patches = [.init(corners: frame.corners, colour: RGB8(240, 200, 120), overPage: false)]
        let (cardEvidence, f3) = Self.evidence(for: card.render())
        let c = Self.working(frame, factor: f3)
        let blank = cardEvidence.interiorLattice(x: c.x, y: c.y)
        #expect(blank < ConfidenceModel.latticeLimit.lowerBound, "blank card lattice \(blank)")
        // Too small to hold a lattice of cells: no measurement rather than noise.
        let tiny = Self.working(Quad(rectangleAt: Point(300, 200), size: Size(width: 12, height: 12)), factor: f1)
        #expect(keyboardEvidence.interiorLattice(x: tiny.x, y: tiny.y) == 0)
    }

    /// A white keyboard: white keys on a body a little darker (faint gaps between them), with a
    /// dark pen lying across its top left corner.
    static var whiteKeyboardWithPen: Scene {
        var scene = keyboard
        scene.background = .flat(RGB8(150, 110, 80))
        let body = scene.patches.count - 1
        scene.patches[body].colour = RGB8(226, 226, 223)
        let pen = [Point(205, 140), Point(211, 134), Point(280, 200), Point(274, 206)]
        scene.patches.insert(.init(corners: pen, colour: RGB8(20, 22, 30), overPage: false), at: 0)
        return scene
    }

    /// Read by the gradient's strength rather than its ranks, the pen held most of the variance of
    /// its half and the keyboard read 0 (0.63 without the pen); ranked, 0.45 (0.56).
    @Test("a white keyboard's faint key gaps read as a lattice though a dark pen lies across it")
    func latticeUnderAPen() {
        let frame = Self.keyboardFrame
        let (evidence, factor) = Self.evidence(for: Self.whiteKeyboardWithPen.render())
        let k = Self.working(frame, factor: factor)
        let keys = evidence.interiorLattice(x: k.x, y: k.y)
        #expect(keys > ConfidenceModel.latticeLimit.upperBound, "white keyboard lattice \(keys)")
    }

    /// A keyboard of large keys, as close to the camera: six by six in `keyboardFrame`, 26 and 24
    /// working pixels apart, 18–20 cells of the first lattice reading and 12–13 of the coarse one.
    static var largeKeyKeyboard: Scene {
        var scene = keyboard
        let body = scene.patches.removeLast()
        scene.patches = (0..<36).map { k in
            let x = 208.0 + Double(k % 6) * 52, y = 108.0 + Double(k / 6) * 48
            return .init(corners: [Point(x, y), Point(x + 44, y), Point(x + 44, y + 40), Point(x, y + 40)],
                         colour: RGB8(240, 240, 238), overPage: false)
        } + [body]
        return scene
    }

    /// Past `latticeReach` cells of the first reading, only the coarse one sees the keys: without
    /// it, this keyboard reads 0.10.
    @Test("a keyboard of large keys reads as a lattice on the coarse cells")
    func latticeOfLargeKeys() {
        let (evidence, factor) = Self.evidence(for: Self.largeKeyKeyboard.render())
        let k = Self.working(Self.keyboardFrame, factor: factor)
        let keys = evidence.interiorLattice(x: k.x, y: k.y)
        #expect(keys >= ConfidenceModel.latticeLimit.upperBound, "large-key lattice \(keys)")
    }

    /// A photo from the generator's seed 12 (negative_0091): a white keyboard of large keys cut by
    /// the frame, a cable and a pen across it, which the detector took for a page (confidence
    /// 0.55) while the lattice was read on the first cells only: its outline reads 0 there and
    /// 0.78 on the coarse ones.
    @Test("a photographed keyboard of large keys is not a document")
    func largeKeyKeyboardPhoto() throws {
        #expect(DocumentDetector().detect(in: try fixturePhoto("lattice/white-keyboard-large-keys.jpg")) == nil)
    }

    /// A photo from the generator's seed 14 (negative_0153): a white keyboard with a pen across
    /// its corner on a wooden floor, which the detector took for a page (confidence 0.83) while
    /// the lattice read the gradient's strength rather than its ranks.
    @Test("a photographed white keyboard under a pen is not a document")
    func whiteKeyboardPhoto() throws {
        #expect(DocumentDetector().detect(in: try fixturePhoto("lattice/white-keyboard-pen.jpg")) == nil)
    }

    /// A photo from the generator's seed 10 (negative_0047): a white keyboard on white tiles, whose
    /// lattice reads below `latticeLimit` (0.17) but whose edges split evenly between its axes
    /// (0.96), which the detector took for a page (confidence 0.69) before `keyGrid`.
    @Test("a photographed white keyboard of faint lattice but balanced grid is not a document")
    func whiteKeyboardOnTiles() throws {
        #expect(DocumentDetector().detect(in: try fixturePhoto("lattice/white-keyboard-tiles.jpg")) == nil)
    }

    @Test("a faint lattice vetoes an outline only when its interior's edges split evenly between its axes")
    func keyGrid() {
        let page = Self.paperLikeFeatures
        func veto(balance: Double, lattice: Double) -> Double {
            var f = page
            f[PageEvidence.gridBalanceFeature] = balance
            f[PageEvidence.latticeFeature] = lattice
            return ConfidenceModel.veto(f)
        }
        let faint = ConfidenceModel.keyGridLattice.upperBound
        #expect(faint <= ConfidenceModel.latticeLimit.lowerBound)
        // Balanced and repeating: keys.
        #expect(veto(balance: ConfidenceModel.keyGridBalance.upperBound, lattice: faint) == 0)
        // Balanced but not repeating (a table, a form), or repeating faintly along one axis's edges.
        #expect(veto(balance: 1, lattice: ConfidenceModel.keyGridLattice.lowerBound) == 1)
        #expect(veto(balance: ConfidenceModel.keyGridBalance.lowerBound, lattice: faint) == 1)
        // Halfway up both ramps, a quarter of the confidence goes.
        let balance = (ConfidenceModel.keyGridBalance.lowerBound + ConfidenceModel.keyGridBalance.upperBound) / 2
        let lattice = (ConfidenceModel.keyGridLattice.lowerBound + ConfidenceModel.keyGridLattice.upperBound) / 2
        #expect(abs(veto(balance: balance, lattice: lattice) - 0.75) < 1e-9)
        // The lattice reading settles lower where the grid is balanced.
        #expect(ConfidenceModel.latticeSettled(gridBalance: 0.9) == ConfidenceModel.keyGridLattice.lowerBound)
        #expect(ConfidenceModel.latticeSettled(gridBalance: 0.5) == ConfidenceModel.latticeLimit.lowerBound)
    }

    @Test("cells are replaced by their ranks, ties sharing their mean rank, cells outside the runs untouched")
    func rankedCells() {
        // Two rows of four cells; row 0 runs over cells 1..<4, row 1 over 4..<6 (cells 0, 6, 7 outside).
        var signal: [Float] = [9, 5, 0.5, 5, 2, 7, -1, -1]
        let ranked = PageEvidence.rankCells(&signal, rows: (first: [1, 0], end: [4, 2]), nx: 4)
        #expect(ranked == 5)
        // Values 5, 0.5, 5, 2, 7 rank 2.5, 0, 2.5, 1, 4.
        #expect(signal == [9, 2.5, 0, 2.5, 1, 4, -1, -1])
    }

    @Test("squareness is 1 for a square, 0 for A4 and for an outline cut by the frame")
    func squareness() throws {
        var scene = Scene(width: 720, height: 480, page: nil)
        scene.background = .flat(RGB8(90, 90, 95))
        let square = Quad(rectangleAt: Point(260, 140), size: Size(width: 200, height: 200))
        let a4 = Quad(rectangleAt: Point(260, 100), size: Size(width: 200, height: 283))
        let cut = Quad(rectangleAt: Point(0, 140), size: Size(width: 200, height: 200))
        scene.patches = [.init(corners: square.corners, colour: RGB8(250, 222, 95), overPage: false)]
        let (evidence, factor) = Self.evidence(for: scene.render())
        let s = Self.working(square, factor: factor), a = Self.working(a4, factor: factor)
        #expect(evidence.squareness(x: s.x, y: s.y) > 0.95)
        #expect(evidence.squareness(x: a.x, y: a.y) == 0)
        let c = Self.working(cut, factor: factor)
        let features = evidence.features(x: c.x, y: c.y, other: nil)
        #expect(features[6] > 0, "the outline should lie on the frame's border")
        #expect(features[15] == 0)
    }

    @Test("an outline with two corners inside the frame is measured; one with fewer is not")
    func twoCornersSeen() {
        let (evidence, factor) = Self.evidence(for: Self.tablet.render())
        let w = Double(evidence.planes.width), h = Double(evidence.planes.height)
        let whole = Self.working(Self.outline, factor: factor)
        #expect(evidence.showsTwoCorners(x: whole.x, y: whole.y))
        // A page the frame cuts along its top: two corners beyond the border, two inside.
        let cut = (x: SIMD4(-40, w * 0.6, w * 0.7, 20), y: SIMD4(-30, -20, h * 0.8, h * 0.9))
        #expect(evidence.showsTwoCorners(x: cut.x, y: cut.y))
        // Two lines crossing near the frame's bottom-right corner: one corner inside.
        let oneCorner = (x: SIMD4(-40, w * 0.6, w + 30, -20), y: SIMD4(-30, h * 0.5, h + 40, h + 20))
        #expect(!evidence.showsTwoCorners(x: oneCorner.x, y: oneCorner.y))
        #expect(evidence.features(x: oneCorner.x, y: oneCorner.y, other: nil).allSatisfy { $0 == 0 })
        // A band across the frame from its left border to its right one, as two lines across it
        // make; with its left corners a pixel inside the border they are still on it, three
        // pixels inside they are seen.
        let band = (x: SIMD4<Double>(0, w, w, 0), y: SIMD4<Double>(40, 60, 140, 120))
        #expect(!evidence.showsTwoCorners(x: band.x, y: band.y))
        #expect(evidence.features(x: band.x, y: band.y, other: nil).allSatisfy { $0 == 0 })
        let nearBorder = (x: SIMD4(1, w, w, 1), y: band.y)
        #expect(!evidence.showsTwoCorners(x: nearBorder.x, y: nearBorder.y))
        let inside = (x: SIMD4(3, w, w, 3), y: band.y)
        #expect(evidence.showsTwoCorners(x: inside.x, y: inside.y))
        #expect(evidence.features(x: inside.x, y: inside.y, other: nil).contains { $0 != 0 })
    }

    /// A photo from the generator's seed 20 (negative_0015): a wooden floor, a mug on it. Two
    /// joints between its boards, running past the frame's corner, made an outline with one corner
    /// inside the frame, which the detector took for a page (confidence 0.43).
    @Test("boards past the frame's corner, an outline with one corner inside it, are not a document")
    func boardsPastFrame() throws {
        #expect(DocumentDetector().detect(in: try fixturePhoto("corners-seen/boards-past-frame.jpg")) == nil)
    }

    /// A photo from the generator's seed 20 (white_table_0017): a page on white boards. An outline
    /// of the boards' joints with one corner inside the frame came before the page.
    @Test("a page on white boards is found past an outline of their joints")
    func pageOnWhiteBoards() throws {
        let truth = Quad(topLeft: Point(212.57, 522.145), topRight: Point(739.383, 485.436),
                         bottomRight: Point(817.009, 1518.575), bottomLeft: Point(127.634, 1482.168))
        let photo = try fixturePhoto("corners-seen/page-on-white-boards.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.95)
    }

    /// A photo from the generator's seed 21 (fabric_0026): a page on a striped cloth. A white
    /// stripe between the frame's sides, every corner on its border, came first, and no page was
    /// found.
    @Test("a page on stripes running across the frame is found")
    func pageOnStripes() throws {
        let truth = Quad(topLeft: Point(253.037, 46.919), topRight: Point(739.453, 109.231),
                         bottomRight: Point(574.452, 833.026), bottomLeft: Point(190.363, 709.432))
        let photo = try fixturePhoto("corners-seen/page-on-striped-fabric.jpg")
        try expectDetected(in: photo, truth: truth, least: 0.95)
    }

    /// Features meeting every necessary condition of paper: edges back the outline, every side
    /// steps, the margin and interior are paper-light, nothing crosses the sides.
    static var paperLikeFeatures: [Double] {
        var page = [Double](repeating: 0, count: PageEvidence.featureCount)
        page[0] = 0.95; page[1] = 1; page[2] = 1; page[9] = 0.95; page[11] = 0
        return page
    }

    @Test("a coloured square is vetoed as a sticky note; a grey square, one grey under the scene's white and a coloured page are not")
    func stickyNote() {
        let page = Self.paperLikeFeatures
        var note = page
        note[15] = 1; note[3] = 0.4; note[PageEvidence.balancedChromaFeature] = 0.4
        #expect(ConfidenceModel.veto(note) == 0)
        var greySquare = note
        greySquare[3] = 0.05; greySquare[PageEvidence.balancedChromaFeature] = 0.05
        #expect(ConfidenceModel.veto(greySquare) == 1)
        // White paper under a warm lamp: coloured as taken, grey under the scene's white.
        var lampLit = note
        lampLit[PageEvidence.balancedChromaFeature] = 0.05
        #expect(ConfidenceModel.veto(lampLit) == 1)
        var colouredPage = note
        colouredPage[15] = 0
        #expect(ConfidenceModel.veto(colouredPage) == 1)
    }

    @Test("the veto rises with the outline's share of the frame from the readable area's lower bound to its upper")
    func readableArea() {
        let page = Self.paperLikeFeatures
        let range = ConfidenceModel.readableArea
        let veto = { (share: Double) -> Double in
            var f = page
            f[PageEvidence.areaFeature] = log(share)
            return ConfidenceModel.veto(f)
        }
        #expect(veto(range.lowerBound / 2) == 0)
        #expect(abs(veto((range.lowerBound + range.upperBound) / 2) - 0.5) < 1e-9)
        #expect(veto(range.upperBound) == 1)
        #expect(veto(0.3) == 1)
        // A piece of a page (beyond a fold) is not doubted for its size.
        var piece = page
        piece[PageEvidence.areaFeature] = log(range.lowerBound / 2)
        #expect(ConfidenceModel.veto(piece, asWholePage: false) == 1)
    }

    @Test("the veto is 1 for paper-like evidence and falls to 0 when a necessary condition fails",
          arguments: [(9, 0.0), (0, 0.0), (2, 0.0), (11, 3.0), (PageEvidence.latticeFeature, 0.45),
                      (PageEvidence.seamFeature, ConfidenceModel.seamLimit.upperBound),
                      (PageEvidence.areaFeature, log(ConfidenceModel.readableArea.lowerBound))])
    func veto(feature: Int, value: Double) {
        let page = Self.paperLikeFeatures
        #expect(ConfidenceModel.veto(page) == 1)
        var failed = page
        failed[feature] = value
        #expect(ConfidenceModel.veto(failed) == 0)
        #expect(ConfidenceModel.confidence(failed) == 0)
    }
}
