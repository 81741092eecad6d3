import ScanCore
import ScanTestSupport
import Testing
@testable import ScanDetect

/// Seams crossing an outline from side to side (`PageEvidence.interiorSeams`): a board of planks
/// is not a page; a page with a pen and its shadow across it, a printed band, or a notebook's
/// rules is.
@Suite("Planks")
struct PlankTests {
    static let outline = PageEvidenceTests.outline

    /// A strip `width` pixels wide from `start` to `end`.
    static func strip(from start: Point, to end: Point, width: Double, colour: RGB8,
                      overPage: Bool = false) -> Scene.Patch {
        let d = end - start, normal = Point(-d.y, d.x) / d.length * (width / 2)
        return .init(corners: [start + normal, end + normal, end - normal, start - normal], colour: colour,
                     overPage: overPage)
    }

    /// A light board on a dark floor, its planks parted by `seams` dark seams running top to
    /// bottom at even distances.
    static func board(seams: Int) -> Scene {
        var scene = Scene(width: 720, height: 480, page: nil)
        scene.background = .flat(RGB8(60, 45, 40))
        let o = outline.corners
        var patches: [Scene.Patch] = []
        for k in 0..<seams {
            let s = Double(k + 1) / Double(seams + 1)
            patches.append(strip(from: o[0] + (o[1] - o[0]) * s, to: o[3] + (o[2] - o[3]) * s, width: 4,
                                 colour: RGB8(90, 62, 40)))
        }
        patches.append(.init(corners: o, colour: RGB8(205, 160, 110), overPage: false))
        scene.patches = patches
        return scene
    }

    static func seams(in scene: Scene, at quad: Quad) -> (count: Int, veto: Double) {
        seams(in: scene.render(), at: quad)
    }

    static func seams(in image: Image<RGB8>, at quad: Quad) -> (count: Int, veto: Double) {
        let (evidence, factor) = PageEvidenceTests.evidence(for: image)
        let (x, y) = PageEvidenceTests.working(quad, factor: factor)
        let features = evidence.features(x: x, y: y, other: nil)
        return (evidence.interiorSeams(x: x, y: y), ConfidenceModel.veto(features))
    }

    @Test("a board of planks reads its seams, and the veto leaves it no confidence")
    func boardIsNoPage() {
        let measured = Self.seams(in: Self.board(seams: 3), at: Self.outline)
        #expect(measured.count == 3)
        #expect(measured.veto == 0)
    }

    @Test("one seam across an outline is no evidence against it")
    func oneSeam() {
        let measured = Self.seams(in: Self.board(seams: 1), at: Self.outline)
        #expect(measured.count == 1)
        #expect(measured.veto > 0)
        #expect(Self.seams(in: Self.board(seams: 0), at: Self.outline).count == 0)
    }

    @Test("a pen and a printed band across a page leave it found")
    func penAndBandOnAPage() throws {
        var scene = Scene(width: 720, height: 480, page: Self.outline)
        scene.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
        let o = Self.outline.corners
        // A band printed from the left side to the right one, two fifths of the way down, and a
        // pen lying across the page.
        let band = Self.strip(from: o[0] + (o[3] - o[0]) * 0.4, to: o[1] + (o[2] - o[1]) * 0.4, width: 5,
                              colour: RGB8(40, 90, 160), overPage: true)
        let pen = Self.strip(from: o[3] + Point(40, -20), to: o[1] + Point(-30, 60), width: 4,
                             colour: RGB8(20, 30, 120), overPage: true)
        scene.patches = [band, pen]
        #expect(Self.seams(in: scene, at: Self.outline).count <= 1)
        let detection = try #require(DocumentDetector().detect(in: scene.render()))
        #expect(jaccardIndex(truth: Self.outline, predicted: detection.quad) >= 0.95)
    }

    /// A notebook page: grey rules `spacing` pixels apart running from its left side to its right
    /// one (and, on squared paper, from its top to its foot too), and a red margin line.
    static func notebookPage(spacing: Double, squared: Bool) -> Scene {
        var scene = Scene(width: 720, height: 480, page: outline)
        scene.background = .stripes(RGB8(150, 105, 70), amplitude: 18, period: 11)
        let o = outline.corners, ink = RGB8(130, 130, 140)
        var patches: [Scene.Patch] = []
        let height = (o[3] - o[0]).length, width = (o[1] - o[0]).length
        for t in stride(from: 30 / height, to: 0.97, by: spacing / height) {
            patches.append(strip(from: o[0] + (o[3] - o[0]) * t, to: o[1] + (o[2] - o[1]) * t, width: 1.5, colour: ink,
                                 overPage: true))
        }
        for t in stride(from: 10 / width, to: 0.97, by: spacing / width) where squared {
            patches.append(strip(from: o[0] + (o[1] - o[0]) * t, to: o[3] + (o[2] - o[3]) * t, width: 1.5, colour: ink,
                                 overPage: true))
        }
        patches.append(strip(from: o[0] + (o[1] - o[0]) * 0.12, to: o[3] + (o[2] - o[3]) * 0.12, width: 1.5,
                             colour: RGB8(220, 120, 120), overPage: true))
        scene.patches = patches
        return scene
    }

    @Test("ruled and squared notebook paper, its rules running to the page's edges, is a page",
          arguments: zip([8.0, 11.0], [true, false]))
    func notebookPaper(spacing: Double, squared: Bool) throws {
        let image = Self.notebookPage(spacing: spacing, squared: squared).render()
        #expect(Self.seams(in: image, at: Self.outline).veto == 1)
        let detection = try #require(DocumentDetector().detect(in: image))
        #expect(jaccardIndex(truth: Self.outline, predicted: detection.quad) >= 0.95)
        #expect(detection.confidence >= DetectionOptions().confidenceThreshold)
    }

    @Test("seams count the same way at distinct places, one line read twice (θ and θ + π) once")
    func seamsApart() {
        let degree = Double.pi / 180
        // Three planks' seams 60 pixels apart, one read with its normal turned round.
        let planks = [(theta: 10 * degree, rho: 100.0), (theta: 12 * degree, rho: 160.0),
                      (theta: (10 + 180) * degree, rho: -220.0)]
        #expect(PageEvidence.mostSeamsApart(planks, gap: 20) == 3)
        // The two edges of a printed band 5 pixels apart, as a page's band at its foot was read
        // (θ −112° and 68°), are one seam; a line the other way adds none.
        let band = [(theta: -112 * degree, rho: -202.0), (theta: 68 * degree, rho: 207.0),
                    (theta: 20 * degree, rho: 50.0)]
        #expect(PageEvidence.mostSeamsApart(band, gap: 20) == 1)
        #expect(PageEvidence.mostSeamsApart([], gap: 20) == 0)
    }
}
